//! Proofs after LEGUP (docs/rules.md#proof-mode): each step names a rule of the game's catalogue
//! and is checked square by square against the position before it; case rules split a position into
//! branches, contradiction rules close them, and a merge carries the one open branch back.
//!
//! [`ProofRules`] is what a game gives: every rule's check applied once to a position (LEGUP's
//! default application), where each contradiction rule holds, and the cases of each case rule.
//! The rest — the proof tree and its judgement ([`tree`]), the text format ([`text`]) and the
//! program's own proofs ([`prove`]) — is written once for every game.

pub mod about;
pub mod checked;
pub mod derived;
pub mod memo;
pub mod prove;
pub mod session;
pub mod text;
pub mod tree;

use std::fmt;

use crate::deduce::{Deduce, Rule, RuleKind};
use crate::game::{MoveKind, Target};
use crate::grid::Pos;

pub use prove::{ProveError, prove};
pub use tree::{Branch, Invalid, Located, Proof, Report, Step, judge};

/// A square a rule forces, with the value and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forced<P> {
    /// The square.
    pub pos: Pos,
    /// The value the rule gives it.
    pub piece: P,
    /// One sentence: why the rule forces it.
    pub reason: String,
}

/// Where a contradiction rule holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The squares and clues involved; naming any of them names this contradiction.
    pub at: Vec<Target>,
    /// What is wrong, e.g. "row 3 holds 3 tents but needs only 2".
    pub text: String,
}

/// What a case rule splits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Element {
    /// A square (an open square, a tree, a numbered wall, a clue).
    Square,
    /// A row or a column.
    Line,
}

/// A rule that splits a position into cases that cover every solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CaseRule {
    /// Stable identifier, e.g. `tent-or-grass`.
    pub id: &'static str,
    /// Name shown to players.
    pub name: &'static str,
    /// What it splits on.
    pub element: Element,
    /// One line: what the cases are.
    pub about: &'static str,
    /// The id of the same case rule in LEGUP's rule set for the game, when LEGUP has it.
    pub legup: Option<&'static str>,
}

/// A tent linked to the tree it belongs to (Tents under the matching rule, LEGUP's lines): the
/// two squares are orthogonal neighbours, and each is in at most one link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Link {
    /// The tent's square.
    pub tent: Pos,
    /// The tree's square.
    pub tree: Pos,
}

impl fmt::Display for Link {
    /// As the proof format writes it: `(TENT)-(TREE)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.tent, self.tree)
    }
}

/// A link a rule forces, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForcedLink {
    /// The link.
    pub link: Link,
    /// One sentence: why the rule forces it.
    pub reason: String,
}

/// One case of a case rule: the squares it sets and the links it makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case<P> {
    /// The squares set, in order.
    pub sets: Vec<(Pos, P)>,
    /// The links made (Tents only).
    pub links: Vec<Link>,
}

impl<P> From<Vec<(Pos, P)>> for Case<P> {
    /// A case that sets squares and makes no link.
    fn from(sets: Vec<(Pos, P)>) -> Self {
        Case {
            sets,
            links: Vec::new(),
        }
    }
}

/// The cases of a case rule, in the rule's order.
pub type Cases<P> = Vec<Case<P>>;

/// A rule whose check is not written yet: steps naming it are refused with this.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotCheckable(pub Rule);

impl fmt::Display for NotCheckable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}) is not checkable yet in proofs; split into cases instead",
            self.0.name, self.0.id
        )
    }
}

/// A game's rules as a proof checker sees them. Every check is sound: it never forces a value
/// that a solution extending the position does not have, and a contradiction it reports holds
/// in every extension of the position (so none is a solution).
pub trait ProofRules: Deduce {
    /// The case rules, beside the catalogue's rules.
    fn case_rules() -> &'static [CaseRule];

    /// Every square `rule` (a direct rule) forces when applied once everywhere on this
    /// position, each with why; empty when it applies nowhere. Only open squares are forced.
    fn forced(&self, rule: &Rule) -> Result<Vec<Forced<Self::Piece>>, NotCheckable>;

    /// Every place where `rule` (a contradiction rule) holds on this position.
    fn contradictions(&self, rule: &Rule) -> Result<Vec<Found>, NotCheckable>;

    /// What `rule` (a direct rule) forces on the squares `at` only: [`ProofRules::forced`] kept
    /// to them. A game overrides it where a rule costs much more applied everywhere than at a
    /// few squares (case analysis), so judging a step costs what its squares cost.
    fn forced_at(&self, rule: &Rule, at: &[Pos]) -> Result<Vec<Forced<Self::Piece>>, NotCheckable> {
        Ok(kept_to(self.forced(rule)?, at))
    }

    /// Where `rule` (a contradiction rule) holds among the places naming `at`:
    /// [`ProofRules::contradictions`] kept to them; a game overrides it where a rule is costly
    /// to look for everywhere.
    fn contradictions_at(&self, rule: &Rule, at: Target) -> Result<Vec<Found>, NotCheckable> {
        Ok(self
            .contradictions(rule)?
            .into_iter()
            .filter(|f| f.at.contains(&at))
            .collect())
    }

    /// The cases of `rule` at `at`, in a fixed order: each case is the squares it sets. Together
    /// they cover every solution extending the position. An error says why the rule does not
    /// apply there.
    fn cases(&self, rule: &CaseRule, at: Target) -> Result<Cases<Self::Piece>, String>;

    /// Why `rule` does not force `pos` on this position (the square is open and the rule
    /// forces nothing there), e.g. "Finish with grass: row 3 still needs 1 tent".
    fn why_not(&self, rule: &Rule, pos: Pos) -> String {
        format!("{} does not decide {pos} here", rule.name)
    }

    /// Whether the game has links (Tents): the proof format reads `link` only then.
    const LINKS: bool = false;

    /// The links of this position, in order (none in a game without links).
    fn links(&self) -> Vec<Link> {
        Vec::new()
    }

    /// This position with `link` made, or why it cannot be: the squares are not a tent and a
    /// tree side by side, one of them is linked already, or the game has no links.
    fn linked(&self, link: Link) -> Result<Self, String> {
        let _ = link;
        Err(format!("{} has no links", Self::KIND.title()))
    }

    /// Every link `rule` (a direct rule) forces when applied once everywhere on this position,
    /// each with why; empty for a rule that makes no link.
    fn forced_links(&self, rule: &Rule) -> Result<Vec<ForcedLink>, NotCheckable> {
        let _ = rule;
        Ok(Vec::new())
    }

    /// Why `rule` does not force `link` on this position.
    fn why_not_link(&self, rule: &Rule, link: Link) -> String {
        format!("{} does not link {link} here", rule.name)
    }

    /// Whether a proof must still decide `pos`: empty, and a piece can go there.
    fn is_open(&self, pos: Pos) -> bool {
        self.piece(pos) == Self::EMPTY && self.check_move(pos, Self::PRIMARY) != MoveKind::Illegal
    }
}

/// The forced squares among `at`, in their order.
pub fn kept_to<P>(forced: Vec<Forced<P>>, at: &[Pos]) -> Vec<Forced<P>> {
    let wanted: std::collections::HashSet<Pos> = at.iter().copied().collect();
    forced
        .into_iter()
        .filter(|f| wanted.contains(&f.pos))
        .collect()
}

/// The catalogue rule named `id`.
pub fn rule_named<G: ProofRules>(id: &str) -> Option<Rule> {
    G::rules().iter().copied().find(|r| r.id == id)
}

/// The case rule named `id`.
pub fn case_rule_named<G: ProofRules>(id: &str) -> Option<CaseRule> {
    G::case_rules().iter().copied().find(|r| r.id == id)
}

/// The catalogue's rules of one kind, in catalogue order.
pub fn rules_of_kind<G: ProofRules>(kind: RuleKind) -> impl Iterator<Item = Rule> {
    G::rules().iter().copied().filter(move |r| r.kind == kind)
}

/// The generic square case: each of the two values a proof can give an open square.
pub fn square_cases<G: ProofRules>(g: &G, at: Target) -> Result<Cases<G::Piece>, String> {
    let Target::Square(pos) = at else {
        return Err(format!("{at} is not a square"));
    };
    if !g.is_open(pos) {
        return Err(format!("{pos} is already decided"));
    }
    Ok(vec![
        vec![(pos, G::PRIMARY)].into(),
        vec![(pos, G::SECONDARY)].into(),
    ])
}

/// `items` chosen `k` at a time, each choice in increasing order of index, lexicographically;
/// `None` when there are more than `limit` (a case rule refuses to list that many).
pub fn choose<T: Copy>(items: &[T], k: usize, limit: usize) -> Option<Vec<Vec<T>>> {
    let mut out = Vec::new();
    let mut pick = Vec::with_capacity(k);
    fn go<T: Copy>(
        items: &[T],
        from: usize,
        k: usize,
        pick: &mut Vec<T>,
        out: &mut Vec<Vec<T>>,
        limit: usize,
    ) -> bool {
        if pick.len() == k {
            out.push(pick.clone());
            return out.len() <= limit;
        }
        for i in from..items.len() {
            if items.len() - i < k - pick.len() {
                break;
            }
            pick.push(items[i]);
            let ok = go(items, i + 1, k, pick, out, limit);
            pick.pop();
            if !ok {
                return false;
            }
        }
        true
    }
    go(items, 0, k, &mut pick, &mut out, limit).then_some(out)
}

/// Most cases a case rule lists: a split wider than this is refused (split smaller first).
pub const MAX_CASES: usize = 64;
