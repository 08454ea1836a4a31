//! Proof mode on the play screen (docs/rules.md#proof-mode): the player's proof of any game, the
//! game kept aside meanwhile, and the rule picker. Pure: the update turns keys into these calls.
//!
//! While proving, the play screen's session is the proof's board (the position where the
//! player stands, with the squares set since the last step), so the board, the cursor, the
//! mouse and the error marks work as in play; the squares the player sets there become the
//! proof's pending squares.

use crate::deduce::{Rule, RuleKind};
use crate::game::{Game, GameKind, Target};
use crate::games::{Listed, OfGame, PerGame};
use crate::grid::Pos;
use crate::play::Play;
use crate::proof::session::{Cursor, LineState, ProofSession, SquareMark, TreeLine};
use crate::proof::tree::target_text;
use crate::proof::{CaseRule, Element, ProofRules, Step, about, text};
use crate::tui::session::{Playable, Session};
use crate::tui::text_field::TextField;

/// The [`PerGame`] marker of [`ProofState`]: a proof being written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Proving;

impl PerGame for Proving {
    type Of<G: Game> = ProofSession<G>;
}

/// A proof being written, of any game of the collection.
pub type ProofState = OfGame<Proving>;

/// Runs `$body` with `$s` bound to the `ProofSession<G>` inside a [`ProofState`].
macro_rules! with_proof {
    ($value:expr, $s:ident => $body:expr) => {
        crate::with_game!($value, $s => $body)
    };
}

/// Proof mode on a play screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofMode {
    /// The proof.
    pub proof: ProofState,
    /// The game as played before proof mode: it comes back when proof mode is left, and it is
    /// what is saved as the puzzle's play.
    pub aside: Session,
    /// The rule picker, while it is open.
    pub picker: Option<Picker>,
    /// The next step last shown as a hint (the hint key again takes it).
    pub hinted: Option<String>,
}

/// The rule picker: what was typed, and which of the matching choices is selected.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picker {
    /// The filter typed.
    pub field: TextField,
    /// The selected line among the choices the filter keeps.
    pub selected: usize,
}

/// What a picker line does when chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A direct rule: justifies the squares pending (or applies everywhere).
    Direct(Rule),
    /// A contradiction rule, at the cursor's square, row or column.
    Contradiction(Rule),
    /// A case rule at an element.
    Case(CaseRule, Target),
}

/// One line of the rule picker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What choosing it does.
    pub action: Action,
    /// The rule's id.
    pub id: &'static str,
    /// The rule's name (with the element for a case rule).
    pub name: String,
    /// Direct, contradiction or case.
    pub kind: &'static str,
    /// What the rule says.
    pub about: &'static str,
    /// A derived rule not earned yet (earned rules on): it cannot be named.
    pub locked: bool,
    /// LEGUP's id of the rule, where LEGUP has it.
    pub legup: Option<&'static str>,
}

/// What a locked rule's line says instead of the rule.
pub const LOCKED: &str = "locked: reach one of its conclusions with a case split whose other branches all close by contradiction";

/// Whether `rule` of game `kind` is locked: earned rules on, a derived rule (a direct rule
/// above the easy tier), not earned yet.
pub fn is_locked(kind: GameKind, rule: &Rule, settings: &crate::progress::Settings) -> bool {
    settings.earn_rules
        && rule.kind == RuleKind::Direct
        && rule.tier != crate::deduce::Tier::Easy
        && !settings.earned.contains(&earned_key(kind, rule))
}

/// How settings name an earned rule: `tents/shared-neighbour`.
pub fn earned_key(kind: GameKind, rule: &Rule) -> String {
    format!("{}/{}", kind.id(), rule.id)
}

impl Choice {
    /// Whether the line matches the filter `typed` (every word found in its id, name or kind).
    pub fn matches(&self, typed: &str) -> bool {
        let legup = self.legup.unwrap_or("");
        let hay = format!("{} {} {} {legup}", self.id, self.name, self.kind).to_lowercase();
        typed
            .to_lowercase()
            .split_whitespace()
            .all(|w| hay.contains(w))
    }

    /// How well the line matches `typed`: 0 when its name starts with it, 1 when its name
    /// holds it as typed, 2 otherwise.
    fn rank(&self, typed: &str) -> u8 {
        let (name, typed) = (self.name.to_lowercase(), typed.trim().to_lowercase());
        if name.starts_with(&typed) {
            0
        } else if name.contains(&typed) {
            1
        } else {
            2
        }
    }
}

/// The picker's lines that match `typed`, best matches first (else in catalogue order).
pub fn shown_choices(
    kind: GameKind,
    cursor: Pos,
    typed: &str,
    settings: &crate::progress::Settings,
) -> Vec<Choice> {
    let mut shown: Vec<Choice> = choices(kind, cursor, settings)
        .into_iter()
        .filter(|c| c.matches(typed))
        .collect();
    shown.sort_by_key(|c| c.rank(typed));
    shown
}

/// The picker's lines for a game, the case rules placed at `cursor` (a line rule twice: its
/// row and its column), the derived rules locked as `settings` say.
pub fn choices(kind: GameKind, cursor: Pos, settings: &crate::progress::Settings) -> Vec<Choice> {
    crate::with_kind!(kind, G => choices_of::<G>(cursor, settings))
}

fn choices_of<G: ProofRules>(cursor: Pos, settings: &crate::progress::Settings) -> Vec<Choice> {
    let mut out = Vec::new();
    for rule in G::rules() {
        let (action, kind) = match rule.kind {
            RuleKind::Direct => (Action::Direct(*rule), "direct"),
            RuleKind::Contradiction => (Action::Contradiction(*rule), "contradiction"),
            // Case analysis justifies a square whose other value the easy and tricky rules
            // refute (proof::derived): named like a direct rule.
            RuleKind::Case => (Action::Direct(*rule), "derived"),
        };
        let locked = is_locked(G::KIND, rule, settings);
        out.push(Choice {
            action,
            id: rule.id,
            name: rule.name.to_string(),
            kind,
            about: if locked {
                LOCKED
            } else {
                about::about(G::KIND, rule.id)
            },
            locked,
            legup: rule.legup,
        });
    }
    for rule in G::case_rules() {
        let targets = match rule.element {
            Element::Square => vec![Target::Square(cursor)],
            Element::Line => vec![Target::Row(cursor.row), Target::Col(cursor.col)],
        };
        for at in targets {
            out.push(Choice {
                action: Action::Case(*rule, at),
                id: rule.id,
                name: format!("{} at {}", rule.name, target_text(at)),
                kind: "case",
                about: rule.about,
                locked: false,
                legup: rule.legup,
            });
        }
    }
    out
}

impl ProofMode {
    /// Proof mode on the game in play: `kept` is a proof written earlier, else a new one.
    pub fn enter(aside: Session, kept: Option<ProofState>) -> ProofMode {
        let proof = kept.unwrap_or_else(|| crate::with_game!(&aside, p => new_proof(p)));
        ProofMode {
            proof,
            aside,
            picker: None,
            hinted: None,
        }
    }

    /// The board the play screen shows: where the player stands, with the squares pending.
    pub fn board(&self) -> Session {
        with_proof!(&self.proof, s => board_of(s))
    }

    /// The proof after the board became `board` through a move: its squares that differ from
    /// the position become the pending squares. `None` when nothing changed; an error when a
    /// decided square was changed.
    pub fn moved(&self, board: &Session) -> Result<Option<ProofState>, String> {
        with_proof!(&self.proof, s => moved_on(s, board))
    }

    /// The link key at `cursor` (see [`ProofSession::cycle_link`]).
    pub fn link(&self, cursor: Pos) -> Result<(ProofState, String), String> {
        with_proof!(&self.proof, s => s.cycle_link(cursor).map(|(s, text)| (wrap(s), text)))
    }

    /// The tree's lines and the player's line.
    pub fn lines(&self) -> (Vec<TreeLine>, usize) {
        with_proof!(&self.proof, s => s.lines())
    }

    /// The board's proof marks.
    pub fn marks(&self) -> Vec<(Pos, SquareMark)> {
        with_proof!(&self.proof, s => s.marks())
    }

    /// Undo / redo inside the proof.
    pub fn undo(&self) -> Option<ProofState> {
        with_proof!(&self.proof, s => s.undo().map(wrap))
    }

    /// See [`Self::undo`].
    pub fn redo(&self) -> Option<ProofState> {
        with_proof!(&self.proof, s => s.redo().map(wrap))
    }

    /// The proof started again.
    pub fn restart(&self) -> Option<ProofState> {
        with_proof!(&self.proof, s => s.restart().map(wrap))
    }

    /// Goes to the tree line `delta` lines away from the player's.
    pub fn step_in_tree(&self, delta: isize) -> Result<Option<ProofState>, String> {
        let (lines, current) = self.lines();
        let target = current.saturating_add_signed(delta).min(lines.len() - 1);
        if target == current {
            return Ok(None);
        }
        let cursor: Cursor = lines[target].cursor.clone();
        with_proof!(&self.proof, s => s.go(cursor).map(|s| Some(wrap(s))))
    }

    /// Takes a picker choice at the board's `cursor`.
    pub fn choose(&self, action: Action, cursor: Pos) -> Result<(ProofState, String), String> {
        with_proof!(&self.proof, s => choose_in(s, action, cursor))
    }

    /// The next step as a hint: what to tell the player, and its squares.
    pub fn hint(&self) -> Option<(String, Vec<Pos>)> {
        with_proof!(&self.proof, s => hint_of(s))
    }

    /// Takes the hinted next step.
    pub fn take_hint(&self) -> Result<(ProofState, String), String> {
        with_proof!(&self.proof, s => {
            let step = s.next_step().ok_or("no step left here")?;
            s.take(&step).map(|(s, text)| (wrap(s), text))
        })
    }

    /// What the status line says of the proof: complete or not, and the counts.
    pub fn summary(&self) -> Summary {
        with_proof!(&self.proof, s => summary_of(s))
    }

    /// The derived rules the merge just before the player concludes (see
    /// [`ProofSession::earned_by_merge`]).
    pub fn earned_by_merge(&self) -> Vec<Rule> {
        with_proof!(&self.proof, s => s.earned_by_merge())
    }

    /// The proof as text, for saving with the puzzle's progress.
    pub fn text(&self) -> String {
        proof_text(&self.proof)
    }
}

/// A proof as text (docs/proof-format.md).
pub fn proof_text(proof: &ProofState) -> String {
    with_proof!(proof, s => text::write(&s.to_proof()))
}

/// The squares and links a proof has waiting for a rule, as saved text (empty when none).
pub fn pending_text(proof: &ProofState) -> String {
    with_proof!(proof, s => s.pending_line())
}

/// The proof with the squares and links of saved `pending` text waiting again; those that no
/// longer fit the position are dropped.
pub fn with_pending(proof: &ProofState, pending: &str) -> ProofState {
    with_proof!(proof, s => match text::read_pending(s.position(), pending) {
        Ok((sets, links)) => wrap(s.restored_pending(sets, links)),
        Err(_) => wrap(s.clone()),
    })
}

/// A proof read back from saved text for the game of `aside`; `None` when it does not read or
/// is of another puzzle.
pub fn read_proof(aside: &Session, saved: &str) -> Option<ProofState> {
    crate::with_game!(aside, p => read_for(p, saved))
}

fn read_for<G: Playable + ProofRules>(play: &Play<G>, saved: &str) -> Option<ProofState> {
    let proof = text::read::<G>(saved).ok()?;
    (proof.puzzle.cleared() == play.state().cleared())
        .then(|| wrap(ProofSession::from_proof(&proof)))
}

/// The proof's state for the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Every leaf solved or closed and every step valid.
    pub complete: bool,
    /// Steps, case splits, invalid steps, open leaves.
    pub steps: usize,
    /// See `steps`.
    pub splits: usize,
    /// See `steps`.
    pub invalid: usize,
    /// See `steps`.
    pub open: usize,
    /// The rules used, in order of first use.
    pub rules: Vec<String>,
}

impl Summary {
    /// The sentence the board shows once the proof is complete.
    pub fn complete_text(&self) -> String {
        format!(
            "proof complete: {} steps, {} case split{}, rules used: {}",
            self.steps,
            self.splits,
            if self.splits == 1 { "" } else { "s" },
            self.rules.join(", ")
        )
    }
}

fn wrap<G: Listed>(s: ProofSession<G>) -> ProofState {
    G::wrap::<Proving>(s)
}

fn new_proof<G: Playable + ProofRules>(play: &Play<G>) -> ProofState {
    wrap(ProofSession::new(play.state()))
}

fn board_of<G: Playable + ProofRules>(s: &ProofSession<G>) -> Session {
    G::session(Play::new(s.board()))
}

fn moved_on<G: Playable + ProofRules>(
    s: &ProofSession<G>,
    board: &Session,
) -> Result<Option<ProofState>, String> {
    let Some(play) = G::inside::<crate::tui::session::InPlay>(board) else {
        return Ok(None);
    };
    let now = play.state();
    let position = s.position();
    // The pending squares keep their order; new ones follow.
    let differs = |p: Pos| now.piece(p) != position.piece(p);
    let mut pending: Vec<(Pos, G::Piece)> = s
        .pending()
        .iter()
        .filter(|(p, _)| differs(*p))
        .map(|&(p, _)| (p, now.piece(p)))
        .collect();
    for p in now.topology().positions() {
        if differs(p) && !pending.iter().any(|(q, _)| *q == p) {
            pending.push((p, now.piece(p)));
        }
    }
    pending.retain(|&(_, piece)| piece != G::EMPTY);
    let emptied = now
        .topology()
        .positions()
        .find(|&p| differs(p) && now.piece(p) == G::EMPTY);
    if let Some(p) = emptied {
        return Err(format!(
            "{p} is decided ({}) by an earlier step: go back in the proof tree to change it",
            G::piece_name(position.piece(p))
        ));
    }
    s.set_pending(pending).map(|next| next.map(wrap))
}

fn choose_in<G: Playable + ProofRules>(
    s: &ProofSession<G>,
    action: Action,
    cursor: Pos,
) -> Result<(ProofState, String), String> {
    let (next, text) = match action {
        Action::Direct(rule) => s.direct(rule)?,
        Action::Case(rule, at) => s.case(rule, at)?,
        Action::Contradiction(rule) => {
            let at = contradiction_target(s.position(), &rule, cursor);
            s.contradiction(rule, at)?
        }
    };
    Ok((wrap(next), text))
}

/// Where a contradiction named at `cursor` is meant: the square, else its row, else its
/// column, as far as the rule holds at one of them; the square when it holds at none.
fn contradiction_target<G: ProofRules>(position: &G, rule: &Rule, cursor: Pos) -> Target {
    let found = position.contradictions(rule).unwrap_or_default();
    [
        Target::Square(cursor),
        Target::Row(cursor.row),
        Target::Col(cursor.col),
    ]
    .into_iter()
    .find(|t| found.iter().any(|f| f.at.contains(t)))
    .unwrap_or(Target::Square(cursor))
}

fn hint_of<G: Playable + ProofRules>(s: &ProofSession<G>) -> Option<(String, Vec<Pos>)> {
    let pending: Vec<Pos> = s.pending().iter().map(|&(p, _)| p).collect();
    let step = match s.next_step() {
        Some(step) => step,
        None if !pending.is_empty() => {
            let text = format!(
                "proof hint: no rule justifies the {} square(s) you set here: empty them (e) or undo (z)",
                pending.len()
            );
            return Some((text, pending));
        }
        None => return None,
    };
    if let (false, Step::Direct { rule, .. }) = (pending.is_empty(), &step) {
        let text = format!(
            "proof hint: {} justifies the squares you set; n again names it",
            rule.name
        );
        return Some((text, pending));
    }
    let (text, squares) = match &step {
        Step::Direct {
            rule, sets, links, ..
        } => (
            format!(
                "{} sets {}",
                rule.name,
                crate::proof::text::step_line::<G>(&step)
                    .trim_end_matches(&format!(" by {}", rule.id))
            ),
            sets.iter()
                .map(|&(p, _)| p)
                .chain(links.iter().map(|l| l.tent))
                .collect(),
        ),
        Step::Contradiction { rule, at } => (
            format!("contradiction {} at {}", rule.name, target_text(*at)),
            square_of(*at),
        ),
        Step::Case { rule, at, branches } => (
            format!(
                "split: {} at {} ({} branches)",
                rule.name,
                target_text(*at),
                branches.len()
            ),
            square_of(*at),
        ),
        Step::Merge => return None,
    };
    Some((format!("proof hint: {text}; n again takes it"), squares))
}

fn square_of(at: Target) -> Vec<Pos> {
    match at {
        Target::Square(p) => vec![p],
        Target::Row(_) | Target::Col(_) => Vec::new(),
    }
}

fn summary_of<G: ProofRules>(s: &ProofSession<G>) -> Summary {
    let report = s.report();
    Summary {
        complete: report.complete(),
        steps: report.steps,
        splits: report.splits,
        invalid: report.invalid.len(),
        open: report.open,
        rules: report.rules_used.clone(),
    }
}

/// The text a tree line shows after its number, with its state.
pub fn line_text(line: &TreeLine) -> String {
    match &line.state {
        LineState::Start | LineState::Valid => line.text.clone(),
        LineState::Closes => format!("{}: closes the branch", line.text),
        LineState::ClosedBranch => format!("{} (closed)", line.text),
        LineState::Invalid(reason) => format!("{} (invalid: {reason})", line.text),
    }
}
