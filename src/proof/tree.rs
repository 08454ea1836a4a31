//! The proof tree (pure, immutable) and its judgement: each step against the position before
//! it, each square of a direct step on its own, and whether every leaf is solved or closed.

use std::collections::{HashMap, HashSet};

use crate::deduce::Rule;
use crate::game::{Game, MoveKind, Target};
use crate::grid::Pos;

use super::{CaseRule, Forced, Link, NotCheckable, ProofRules};

/// One step of a proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<P> {
    /// Sets squares and makes links by a direct rule; no square and no link applies the rule
    /// everywhere it forces.
    Direct {
        /// The rule.
        rule: Rule,
        /// The squares set, in order (empty with no link: apply everywhere).
        sets: Vec<(Pos, P)>,
        /// The links made, in order (Tents only).
        links: Vec<Link>,
    },
    /// Splits the position: one branch per case of the rule at the element, in the rule's order.
    Case {
        /// The case rule.
        rule: CaseRule,
        /// The square or line split on.
        at: Target,
        /// One branch per case.
        branches: Vec<Branch<P>>,
    },
    /// Names a contradiction that closes the branch.
    Contradiction {
        /// The contradiction rule.
        rule: Rule,
        /// Where it holds.
        at: Target,
    },
    /// Carries the one open branch of the case step just before back to its position.
    Merge,
}

/// A step and the line it was read from.
#[derive(Clone, Debug, Eq)]
pub struct Located<S> {
    /// 1-based line in the proof file (0 for a step the program made); equality ignores it.
    pub line: usize,
    /// The step.
    pub step: S,
}

impl<S: PartialEq> PartialEq for Located<S> {
    fn eq(&self, other: &Self) -> bool {
        self.step == other.step
    }
}

impl<S> Located<S> {
    /// A step made by the program (no line).
    pub fn made(step: S) -> Self {
        Located { line: 0, step }
    }
}

/// One branch of a case step: its steps after the case's squares.
#[derive(Clone, Debug, Eq)]
pub struct Branch<P> {
    /// The line of its `branch` marker (0 for one the program made); equality ignores it.
    pub line: usize,
    /// Its steps.
    pub steps: Vec<Located<Step<P>>>,
}

impl<P: PartialEq> PartialEq for Branch<P> {
    fn eq(&self, other: &Self) -> bool {
        self.steps == other.steps
    }
}

/// A whole proof: the puzzle (from its cleared position) and its steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof<G: Game> {
    /// The puzzle proved.
    pub puzzle: G,
    /// The top-level steps.
    pub steps: Vec<Located<Step<G::Piece>>>,
}

/// An invalid step: where, which rule, which square or element, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The step's line (0 for a step the program made).
    pub line: usize,
    /// The rule named (`merge` for a merge).
    pub rule: String,
    /// The square or element judged invalid, when the fault is at one.
    pub at: Option<Target>,
    /// Why.
    pub reason: String,
}

/// The judgement of a whole proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<G> {
    /// Every invalid step (each square of a direct step on its own), in the order of the file.
    pub invalid: Vec<Invalid>,
    /// Leaves neither solved nor closed.
    pub open: usize,
    /// Leaves closed by a contradiction.
    pub closed: usize,
    /// The solved boards at leaves, in order.
    pub solved: Vec<G>,
    /// How many steps (every line that is a step: direct, case, contradiction, merge).
    pub steps: usize,
    /// How many case steps.
    pub splits: usize,
    /// The rules used, in order of first use.
    pub rules_used: Vec<String>,
}

impl<G> Report<G> {
    /// Complete and valid: no invalid step and every leaf solved or closed.
    pub fn complete(&self) -> bool {
        self.invalid.is_empty() && self.open == 0
    }
}

/// A square of a direct step and its verdict: valid, or why not.
pub type Verdict = (Pos, Result<(), String>);

/// Each square of a direct step judged on its own against `position`, as the judge does (and
/// the player's proof mode as each step is made): the rule checked at the step's squares only,
/// then per square, in order, valid or why not (a square set twice is refused the second time).
pub fn direct_verdicts<G: ProofRules>(
    position: &G,
    rule: &Rule,
    sets: &[(Pos, G::Piece)],
) -> Result<Vec<Verdict>, NotCheckable> {
    let squares: Vec<Pos> = sets.iter().map(|&(p, _)| p).collect();
    // What the rule forces, square by square: a step may set thousands of squares.
    let mut at_square: HashMap<Pos, Vec<Forced<G::Piece>>> = HashMap::new();
    for f in position.forced_at(rule, &squares)? {
        at_square.entry(f.pos).or_default().push(f);
    }
    let mut seen: HashSet<Pos> = HashSet::new();
    Ok(sets
        .iter()
        .map(|&(pos, piece)| {
            let verdict = if seen.insert(pos) {
                let here = at_square.get(&pos).map_or(&[][..], Vec::as_slice);
                square_verdict(position, rule, here, pos, piece)
            } else {
                Err(format!("{pos} is set twice in one step"))
            };
            (pos, verdict)
        })
        .collect())
}

/// A link of a direct step and its verdict: valid, or why not.
pub type LinkVerdict = (Link, Result<(), String>);

/// Each link of a direct step judged on its own against `position`: valid when the rule forces
/// it there, else why not (a link made twice is refused the second time).
pub fn link_verdicts<G: ProofRules>(
    position: &G,
    rule: &Rule,
    links: &[Link],
) -> Result<Vec<LinkVerdict>, NotCheckable> {
    if links.is_empty() {
        return Ok(Vec::new());
    }
    let forced: HashSet<Link> = position
        .forced_links(rule)?
        .into_iter()
        .map(|f| f.link)
        .collect();
    let mut seen: HashSet<Link> = HashSet::new();
    Ok(links
        .iter()
        .map(|&link| {
            let verdict = if !seen.insert(link) {
                Err(format!("{link} is linked twice in one step"))
            } else if forced.contains(&link) {
                Ok(())
            } else {
                match position.linked(link) {
                    Err(why) => Err(format!("{}: {why}", rule.name)),
                    Ok(_) => Err(position.why_not_link(rule, link)),
                }
            };
            (link, verdict)
        })
        .collect())
}

/// Whether `rule` forces `piece` on `pos` of `position` (`forced` is its application there);
/// the reason when not.
pub fn square_verdict<G: ProofRules>(
    position: &G,
    rule: &Rule,
    forced: &[super::Forced<G::Piece>],
    pos: Pos,
    piece: G::Piece,
) -> Result<(), String> {
    if forced.iter().any(|f| f.pos == pos && f.piece == piece) {
        return Ok(());
    }
    if position.check_move(pos, piece) == MoveKind::Illegal || !position.is_open(pos) {
        let now = position.piece(pos);
        return Err(format!(
            "{}: {pos} is not open (it holds {})",
            rule.name,
            G::piece_name(now)
        ));
    }
    if let Some(f) = forced.iter().find(|f| f.pos == pos) {
        return Err(format!(
            "{} makes {pos} {}, not {}",
            rule.name,
            G::piece_name(f.piece),
            G::piece_name(piece)
        ));
    }
    Err(position.why_not(rule, pos))
}

/// Whether contradiction `rule` holds at `at` on `position`; the reason when not.
pub fn contradiction_holds<G: ProofRules>(
    position: &G,
    rule: &Rule,
    at: Target,
) -> Result<(), String> {
    if !position
        .contradictions_at(rule, at)
        .map_err(|e| e.to_string())?
        .is_empty()
    {
        return Ok(());
    }
    let found = position.contradictions(rule).map_err(|e| e.to_string())?;
    match found.first() {
        None => Err(format!("{} does not hold here", rule.name)),
        Some(f) => Err(format!(
            "{} does not hold at {} (it holds at {}: {})",
            rule.name,
            target_text(at),
            target_text(f.at[0]),
            f.text
        )),
    }
}

/// A square or line as the proof format writes it: `(2,3)`, `row 4`, `column 1`.
pub fn target_text(at: Target) -> String {
    match at {
        Target::Square(p) => p.to_string(),
        Target::Row(r) => format!("row {r}"),
        Target::Col(c) => format!("column {c}"),
    }
}

/// Judges a whole proof from the puzzle's cleared position.
pub fn judge<G: ProofRules>(proof: &Proof<G>) -> Report<G> {
    let (start, root) = super::checked::check_proof(proof);
    super::checked::report(&start, &root)
}
