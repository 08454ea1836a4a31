//! A proof being written by a player (docs/rules.md#proof-mode): the checked tree, where the player
//! stands in it, the squares set since the last step (not yet justified), and undo/redo over all of
//! it. Pure: every action returns what to tell the player, and a step added at the end of a branch
//! is checked alone.

use std::sync::Arc;

use crate::deduce::Rule;
use crate::game::{Game, Target};
use crate::grid::Pos;

use super::checked::{
    Checked, End, Kind, Seq, apply_case, check_sequence, check_step, end_of, located_steps,
    position_after, recheck_from, report,
};
use super::tree::{Branch, Invalid, Located, Proof, Report, Step, target_text};
use super::{Case, CaseRule, Link, ProofRules};

/// Where the player stands: the branches taken from the top level (the index of a case step
/// in its sequence, and the branch), then how many steps of that sequence are behind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cursor {
    /// (case step index, branch index) from the top level down.
    pub path: Vec<(usize, usize)>,
    /// Steps of the innermost sequence before the position shown.
    pub at: usize,
}

/// What the player's proof looks like at one moment: the undo history keeps these.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot<G: Game> {
    root: Seq<G>,
    cursor: Cursor,
    pending: Vec<(Pos, G::Piece)>,
    pending_links: Vec<Link>,
    next_id: usize,
}

/// A proof being written on one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofSession<G: Game> {
    start: Arc<G>,
    now: Snapshot<G>,
    undo: Vec<Snapshot<G>>,
    redo: Vec<Snapshot<G>>,
}

/// One line of the proof tree as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeLine {
    /// Nesting: 0 at the top level, one more inside each branch.
    pub depth: usize,
    /// The step's number (0 for the start and for a branch's first line).
    pub number: usize,
    /// What the line says.
    pub text: String,
    /// Where going to this line puts the player.
    pub cursor: Cursor,
    /// Its state.
    pub state: LineState,
}

/// The state of a line of the proof tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineState {
    /// The puzzle's start, or a branch's first position.
    Start,
    /// A valid step.
    Valid,
    /// An invalid step, with its first reason.
    Invalid(String),
    /// A valid contradiction: its branch is closed.
    Closes,
    /// A branch every leaf of which is closed.
    ClosedBranch,
}

/// What a board square says in proof mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareMark {
    /// Set by the step just before the position shown, and justified by its rule.
    Valid,
    /// Set by that step, and not justified: why.
    Invalid(String),
    /// Set since that step, waiting for a rule.
    Pending,
}

/// A change to one sequence: its new steps from its start and its steps.
type Change<'a, G> = Box<dyn FnOnce(&Arc<G>, &Seq<G>) -> Seq<G> + 'a>;

/// Why an action was refused, for the player.
pub type Refused = String;

impl<G: ProofRules> ProofSession<G> {
    /// An empty proof of `puzzle`, from its cleared position.
    pub fn new(puzzle: &G) -> Self {
        ProofSession {
            start: Arc::new(puzzle.cleared()),
            now: Snapshot {
                root: Vec::new(),
                cursor: Cursor::default(),
                pending: Vec::new(),
                pending_links: Vec::new(),
                next_id: 1,
            },
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// A proof read back (from a file or saved progress), its steps numbered in reading order
    /// and checked; the player stands at the end of its first open branch.
    pub fn from_proof(proof: &Proof<G>) -> Self {
        let mut next_id = 1;
        let steps = renumbered(&proof.steps, &mut next_id);
        let start = Arc::new(proof.puzzle.cleared());
        let root = check_sequence(&start, &steps);
        let mut session = ProofSession {
            start,
            now: Snapshot {
                root,
                cursor: Cursor::default(),
                pending: Vec::new(),
                pending_links: Vec::new(),
                next_id,
            },
            undo: Vec::new(),
            redo: Vec::new(),
        };
        session.now.cursor = session.first_open_end(Vec::new());
        session
    }

    /// The proof as written, for the text format and for saving.
    pub fn to_proof(&self) -> Proof<G> {
        Proof {
            puzzle: self.start.as_ref().clone(),
            steps: located_steps(&self.now.root),
        }
    }

    /// The judgement of the whole proof.
    pub fn report(&self) -> Report<G> {
        report(self.start.as_ref(), &self.now.root)
    }

    /// Where the player stands.
    pub fn cursor(&self) -> &Cursor {
        &self.now.cursor
    }

    /// The squares set since the last step, waiting for a rule.
    pub fn pending(&self) -> &[(Pos, G::Piece)] {
        &self.now.pending
    }

    /// The links made since the last step, waiting for a rule.
    pub fn pending_links(&self) -> &[Link] {
        &self.now.pending_links
    }

    /// The squares and links pending as a saved proof keeps them ([`super::text::read_pending`]
    /// reads it back).
    pub fn pending_line(&self) -> String {
        super::text::pending_line::<G>(&self.now.pending, &self.now.pending_links)
    }

    /// The position where the player stands, before the squares pending.
    pub fn position(&self) -> &G {
        let (start, seq) = self.sequence(&self.now.cursor.path);
        position_after(start, seq, self.now.cursor.at)
    }

    /// The board shown: the position with the squares pending set and the links pending made.
    pub fn board(&self) -> G {
        apply_case(self.position(), &self.now.pending, &self.now.pending_links)
    }

    /// Whether there is anything to undo / redo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// See [`Self::can_undo`].
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last action (a square set, a step, a move in the tree).
    pub fn undo(&self) -> Option<Self> {
        let mut next = self.clone();
        let back = next.undo.pop()?;
        next.redo.push(std::mem::replace(&mut next.now, back));
        Some(next)
    }

    /// Does again the last action taken back.
    pub fn redo(&self) -> Option<Self> {
        let mut next = self.clone();
        let again = next.redo.pop()?;
        next.undo.push(std::mem::replace(&mut next.now, again));
        Some(next)
    }

    /// The session with `now` as the current state, the one before kept for undo.
    fn with(&self, now: Snapshot<G>) -> Self {
        let mut next = self.clone();
        next.undo.push(std::mem::replace(&mut next.now, now));
        next.redo.clear();
        next
    }

    /// The squares pending become `pending` (each an open square of the position, set to a
    /// piece); `None` when nothing changes.
    pub fn set_pending(&self, pending: Vec<(Pos, G::Piece)>) -> Result<Option<Self>, Refused> {
        let position = self.position();
        if let Some(&(pos, _)) = pending.iter().find(|(p, _)| !position.is_open(*p)) {
            return Err(self.decided_why(pos));
        }
        if pending == self.now.pending {
            return Ok(None);
        }
        self.write_guard()?;
        let mut now = self.now.clone();
        now.pending = pending;
        // A link pending whose tent is no longer there goes with it.
        let board = super::checked::apply_all(position, &now.pending);
        now.pending_links = possible_links(board, std::mem::take(&mut now.pending_links));
        Ok(Some(self.with(now)))
    }

    /// Makes `link` pending, or takes it back when it is pending already: a tent (set before or
    /// pending) and a tree beside it, neither linked yet.
    pub fn toggle_link(&self, link: Link) -> Result<Self, Refused> {
        self.write_guard()?;
        let mut now = self.now.clone();
        if let Some(i) = now.pending_links.iter().position(|&l| l == link) {
            now.pending_links.remove(i);
        } else {
            let board = apply_case(self.position(), &now.pending, &now.pending_links);
            board.linked(link)?;
            now.pending_links.push(link);
        }
        Ok(self.with(now))
    }

    /// The link key at `pos` (a tent or a tree): links it to the first square beside it it can
    /// be linked to; pressed again, to the next one, and after the last, no link. Each press is
    /// one undo step. Refused where `pos` is linked by an earlier step or nothing can be linked.
    pub fn cycle_link(&self, pos: Pos) -> Result<(Self, String), Refused> {
        if !G::LINKS {
            return Err(format!(
                "{} has no links: they pair Tents' tents with trees",
                G::KIND.title()
            ));
        }
        self.write_guard()?;
        let mut now = self.now.clone();
        let held = now
            .pending_links
            .iter()
            .position(|l| l.tent == pos || l.tree == pos)
            .map(|i| now.pending_links.remove(i));
        let board = apply_case(self.position(), &now.pending, &now.pending_links);
        if held.is_none()
            && let Some(l) = board
                .links()
                .into_iter()
                .find(|l| l.tent == pos || l.tree == pos)
        {
            return Err(format!(
                "{pos} is linked by an earlier step ({l}): go back in the proof tree to change it"
            ));
        }
        let topology = board.topology();
        let mut why = None;
        let mut candidates = Vec::new();
        for q in topology.orthogonal(pos) {
            for link in [Link { tent: pos, tree: q }, Link { tent: q, tree: pos }] {
                match board.linked(link) {
                    Ok(_) if !candidates.contains(&link) => candidates.push(link),
                    Ok(_) => {}
                    // "holds no tent/tree" says little: the other reasons say more.
                    Err(e) if !e.contains("holds no") => why = why.or(Some(e)),
                    Err(_) => {}
                }
            }
        }
        let next = match held {
            None => candidates.first(),
            Some(old) => candidates
                .iter()
                .position(|&c| c == old)
                .and_then(|i| candidates.get(i + 1)),
        };
        let text = match (next, held) {
            (Some(&link), _) => {
                now.pending_links.push(link);
                let more = if candidates.len() > 1 {
                    "; L again: the next one"
                } else {
                    ""
                };
                format!("link {link} waits for a rule (tree-for-tent, tent-for-tree){more}")
            }
            (None, Some(old)) => format!("link {old} taken back"),
            (None, None) => {
                return Err(why.unwrap_or_else(|| {
                    format!("nothing to link at {pos}: a link joins a tent and an unlinked tree beside it")
                }));
            }
        };
        Ok((self.with(now), text))
    }

    /// Whether anything waits for a rule: squares or links.
    fn has_pending(&self) -> bool {
        !self.now.pending.is_empty() || !self.now.pending_links.is_empty()
    }

    /// The session with `sets` and `links` waiting for a rule, as a saved proof kept them (no
    /// undo step): the squares not open and the links not possible here are dropped.
    pub fn restored_pending(&self, sets: Vec<(Pos, G::Piece)>, links: Vec<Link>) -> Self {
        let position = self.position();
        let mut next = self.clone();
        next.now.pending = sets
            .into_iter()
            .filter(|&(p, v)| position.is_open(p) && v != G::EMPTY)
            .collect();
        let board = super::checked::apply_all(position, &next.now.pending);
        next.now.pending_links = possible_links(board, links);
        next
    }

    /// Why `pos` cannot be set here.
    fn decided_why(&self, pos: Pos) -> String {
        let position = self.position();
        if position.piece(pos) == G::EMPTY {
            format!("{pos} never changes")
        } else {
            format!(
                "{pos} is decided ({}) by an earlier step: go back in the proof tree to change it",
                G::piece_name(position.piece(pos))
            )
        }
    }

    /// Why nothing can be added where the player stands, if so: a closed branch, or a split
    /// whose branches are not merged.
    fn write_guard(&self) -> Result<(), Refused> {
        let (_, seq) = self.sequence(&self.now.cursor.path);
        let before = &seq[..self.now.cursor.at];
        if let Some(closer) = before.iter().find(|s| s.closes) {
            return Err(format!(
                "this branch is closed by the contradiction of step {}",
                closer.id
            ));
        }
        if let Some(case) = before.last()
            && matches!(case.kind, Kind::Case { .. })
        {
            return Err(format!(
                "the split of step {} comes first: work in its branches ([ and ] move in the proof tree)",
                case.id
            ));
        }
        Ok(())
    }

    /// A direct step: `rule` justifies the squares and links pending, or (none pending) is
    /// applied everywhere it forces. The step is kept valid or not; the message says which.
    pub fn direct(&self, rule: Rule) -> Result<(Self, String), Refused> {
        self.write_guard()?;
        let mut sets = self.now.pending.clone();
        let mut links = self.now.pending_links.clone();
        if sets.is_empty() && links.is_empty() {
            let position = self.position();
            for f in position.forced(&rule).map_err(|e| e.to_string())? {
                if !sets.iter().any(|(p, _)| *p == f.pos) {
                    sets.push((f.pos, f.piece));
                }
            }
            for f in position.forced_links(&rule).map_err(|e| e.to_string())? {
                if !links.contains(&f.link) {
                    links.push(f.link);
                }
            }
            if sets.is_empty() && links.is_empty() {
                return Err(format!("{} applies nowhere here", rule.name));
            }
        }
        let what = what_set(sets.len(), links.len());
        let (next, checked, dropped) = self.append(Step::Direct { rule, sets, links });
        let verdict = match checked.invalid.first() {
            None => format!("valid: {} {what}", rule.name),
            Some(first) => invalid_text(&checked.invalid, first),
        };
        Ok((next, with_dropped(verdict, dropped)))
    }

    /// A case step: `rule` at `at` opens one branch per case; the player goes into the first.
    pub fn case(&self, rule: CaseRule, at: Target) -> Result<(Self, String), Refused> {
        self.no_pending()?;
        self.write_guard()?;
        let cases = self.position().cases(&rule, at)?;
        let branches = cases
            .iter()
            .map(|_| Branch {
                line: 0,
                steps: Vec::new(),
            })
            .collect();
        let (mut next, _, dropped) = self.append(Step::Case { rule, at, branches });
        let index = next.now.cursor.at - 1;
        next.now.cursor.path.push((index, 0));
        next.now.cursor.at = 0;
        let text = format!(
            "{} at {}: {} branches; in branch 1: {}",
            rule.name,
            target_text(at),
            cases.len(),
            whole_case_text::<G>(&cases[0])
        );
        Ok((next, with_dropped(text, dropped)))
    }

    /// A contradiction step: `rule` holds at `at`. Valid, it closes the branch, and the player
    /// goes on to the next open branch, or past the merge when one branch is left open.
    pub fn contradiction(&self, rule: Rule, at: Target) -> Result<(Self, String), Refused> {
        self.no_pending()?;
        self.write_guard()?;
        let (mut next, checked, dropped) = self.append(Step::Contradiction { rule, at });
        if let Some(first) = checked.invalid.first() {
            return Ok((
                next,
                with_dropped(invalid_text(&checked.invalid, first), dropped),
            ));
        }
        let moved = next.after_close();
        let text = format!(
            "valid: {} at {}: branch closed{moved}",
            rule.name,
            target_text(at)
        );
        Ok((next, with_dropped(text, dropped)))
    }

    /// Refuses a step that is not direct while squares or links are pending.
    fn no_pending(&self) -> Result<(), Refused> {
        match (self.now.pending.len(), self.now.pending_links.len()) {
            (0, 0) => Ok(()),
            (n, 0) => Err(format!(
                "{} wait for a direct rule: name one, or empty them",
                what_pending(n, 0)
            )),
            (_, l) => Err(format!(
                "{} wait for a direct rule: name one, or take them back",
                what_pending(self.now.pending.len(), l)
            )),
        }
    }

    /// Adds `step` where the player stands (the rest of that sequence is dropped), checks it,
    /// and checks again what depends on its branch; the player stands after it. Also the
    /// checked step and how many steps were dropped.
    fn append(&self, step: Step<G::Piece>) -> (Self, Arc<Checked<G>>, usize) {
        let cursor = self.now.cursor.clone();
        let id = self.now.next_id;
        let (_, seq) = self.sequence(&cursor.path);
        let dropped = seq.len() - cursor.at;
        let mut added = None;
        let root = self.rebuilt(&cursor.path, |start, seq| {
            let mut out: Seq<G> = seq[..cursor.at].to_vec();
            let checked = Arc::new(check_step(start, &out, id, &step));
            added = Some(checked.clone());
            out.push(checked);
            out
        });
        let mut now = self.now.clone();
        now.root = root;
        now.cursor.at += 1;
        now.pending.clear();
        now.pending_links.clear();
        now.next_id += 1;
        let checked = added.expect("the sequence was rebuilt");
        (self.with(now), checked, dropped)
    }

    /// The top level with the sequence at `path` replaced by `change(start, seq)`, and what
    /// depends on it (the steps after each enclosing split: a merge) checked again.
    fn rebuilt(
        &self,
        path: &[(usize, usize)],
        change: impl FnOnce(&Arc<G>, &Seq<G>) -> Seq<G>,
    ) -> Seq<G> {
        fn go<G: ProofRules>(
            start: &Arc<G>,
            seq: &Seq<G>,
            path: &[(usize, usize)],
            change: Change<'_, G>,
        ) -> Seq<G> {
            let Some((&(index, branch), rest)) = path.split_first() else {
                return change(start, seq);
            };
            let case = &seq[index];
            let Kind::Case { rule, at, branches } = &case.kind else {
                unreachable!("a path goes through case steps");
            };
            let mut branches = branches.clone();
            let inner = &branches[branch];
            branches[branch].steps = go(&inner.start.clone(), &inner.steps.clone(), rest, change);
            let mut out: Seq<G> = seq[..index].to_vec();
            out.push(Arc::new(Checked {
                kind: Kind::Case {
                    rule: *rule,
                    at: *at,
                    branches,
                },
                ..case.as_ref().clone()
            }));
            out.extend(seq[index + 1..].iter().cloned());
            recheck_from(start, &out, index + 1)
        }
        go(&self.start, &self.now.root, path, Box::new(change))
    }

    /// The start and steps of the sequence at `path`.
    fn sequence(&self, path: &[(usize, usize)]) -> (&Arc<G>, &Seq<G>) {
        let mut start = &self.start;
        let mut seq = &self.now.root;
        for &(index, branch) in path {
            let Kind::Case { branches, .. } = &seq[index].kind else {
                unreachable!("a path goes through case steps");
            };
            start = &branches[branch].start;
            seq = &branches[branch].steps;
        }
        (start, seq)
    }

    /// After a contradiction closed the player's branch: merges the split when one branch is
    /// left open (the player then stands after the merge), else goes to the next open branch;
    /// a split all of whose branches close closes the branch around it in turn. What happened,
    /// for the message.
    fn after_close(&mut self) -> String {
        let mut path = self.now.cursor.path.clone();
        while let Some((index, _)) = path.pop() {
            let (_, seq) = self.sequence(&path);
            let Kind::Case { branches, .. } = &seq[index].kind else {
                unreachable!("a path goes through case steps");
            };
            let ends: Vec<End<G>> = branches
                .iter()
                .map(|b| end_of(b.start.as_ref(), &b.steps))
                .collect();
            let open: Vec<usize> = (0..ends.len()).filter(|&k| !ends[k].all_closed()).collect();
            let followed = seq.len() > index + 1;
            match open[..] {
                [] => {
                    // Every case closes: the position before the split has no solution.
                    if path.is_empty() {
                        self.now.cursor = Cursor {
                            path,
                            at: index + 1,
                        };
                        return "; every branch is closed: the puzzle has no solution".into();
                    }
                    continue;
                }
                [k] if !followed && matches!(ends[k], End::At(_)) => {
                    let id = self.now.next_id;
                    self.now.next_id += 1;
                    self.now.root = self.rebuilt(&path, |start, seq| {
                        let mut out = seq.clone();
                        out.push(Arc::new(check_step(start, &out, id, &Step::Merge)));
                        out
                    });
                    self.now.cursor = Cursor {
                        path,
                        at: index + 2,
                    };
                    return format!("; branch {} is left and carries back (merge)", k + 1);
                }
                _ => {
                    let k = open[0];
                    let mut inner = path.clone();
                    inner.push((index, k));
                    self.now.cursor = self.first_open_end(inner);
                    return format!("; on to branch {}", k + 1);
                }
            }
        }
        String::new()
    }

    /// The end of the first open branch under the sequence at `path` (itself when it ends on
    /// a position).
    fn first_open_end(&self, path: Vec<(usize, usize)>) -> Cursor {
        let (_, seq) = self.sequence(&path);
        if let Some(last) = seq.last()
            && let Kind::Case { branches, .. } = &last.kind
            && !last.skipped
            && !seq.iter().any(|s| s.closes)
        {
            let index = seq.len() - 1;
            if let Some(k) = branches
                .iter()
                .position(|b| !end_of(b.start.as_ref(), &b.steps).all_closed())
            {
                let mut inner = path;
                inner.push((index, k));
                return self.first_open_end(inner);
            }
        }
        Cursor {
            at: seq.len(),
            path,
        }
    }

    /// Goes to `cursor` in the tree (a line of [`Self::lines`]); refused while squares are
    /// pending. Kept in the undo history.
    pub fn go(&self, cursor: Cursor) -> Result<Self, Refused> {
        if cursor == self.now.cursor {
            return Ok(self.clone());
        }
        if self.has_pending() {
            return Err(format!(
                "{} wait for a rule: name one, or take them back, before moving in the proof tree",
                what_pending(self.now.pending.len(), self.now.pending_links.len())
            ));
        }
        let mut now = self.now.clone();
        now.cursor = cursor;
        Ok(self.with(now))
    }

    /// Starts the proof again (one step to undo).
    pub fn restart(&self) -> Option<Self> {
        if self.now.root.is_empty() && !self.has_pending() {
            return None;
        }
        let mut now = self.now.clone();
        now.root = Vec::new();
        now.cursor = Cursor::default();
        now.pending.clear();
        now.pending_links.clear();
        now.next_id = 1;
        Some(self.with(now))
    }

    /// The tree as the panel shows it, in reading order; also the index of the player's line.
    pub fn lines(&self) -> (Vec<TreeLine>, usize) {
        let mut lines = vec![TreeLine {
            depth: 0,
            number: 0,
            text: "start".into(),
            cursor: Cursor::default(),
            state: LineState::Start,
        }];
        tree_lines(&self.now.root, &mut Vec::new(), 0, &mut lines);
        let current = lines
            .iter()
            .position(|l| l.cursor == self.now.cursor)
            .unwrap_or(0);
        (lines, current)
    }

    /// The marks of the board shown: the squares the step just before set (valid or not, and
    /// why), and the squares pending.
    pub fn marks(&self) -> Vec<(Pos, SquareMark)> {
        let mut marks = Vec::new();
        let (_, seq) = self.sequence(&self.now.cursor.path);
        if let Some(step) = self.now.cursor.at.checked_sub(1).and_then(|i| seq.get(i))
            && let Kind::Direct { sets, links, .. } = &step.kind
        {
            for pos in sets
                .iter()
                .map(|&(p, _)| p)
                .chain(links.iter().map(|l| l.tent))
            {
                let fault = step
                    .invalid
                    .iter()
                    .find(|i| i.at == Some(Target::Square(pos)) || i.at.is_none());
                marks.push((
                    pos,
                    match fault {
                        Some(i) => SquareMark::Invalid(i.reason.clone()),
                        None => SquareMark::Valid,
                    },
                ));
            }
        }
        marks.extend(
            self.now
                .pending
                .iter()
                .map(|&(p, _)| (p, SquareMark::Pending))
                .chain(
                    self.now
                        .pending_links
                        .iter()
                        .map(|l| (l.tent, SquareMark::Pending)),
                ),
        );
        marks
    }

    /// The derived rules (direct rules above the easy tier) that conclude what the merge just
    /// before the player carried back: each forces, on the position before that split, one of
    /// the squares the surviving case set. Empty when the step just before is no merge.
    pub fn earned_by_merge(&self) -> Vec<Rule> {
        let cursor = &self.now.cursor;
        let (start, seq) = self.sequence(&cursor.path);
        let Some(merge_index) = cursor.at.checked_sub(1) else {
            return Vec::new();
        };
        let (Some(merge), Some(case_index)) = (seq.get(merge_index), merge_index.checked_sub(1))
        else {
            return Vec::new();
        };
        let Kind::Case {
            rule, at, branches, ..
        } = &seq[case_index].kind
        else {
            return Vec::new();
        };
        if !matches!(merge.kind, Kind::Merge) || !merge.invalid.is_empty() {
            return Vec::new();
        }
        let before = position_after(start, seq, case_index);
        let Some(k) = branches
            .iter()
            .position(|b| !end_of(b.start.as_ref(), &b.steps).all_closed())
        else {
            return Vec::new();
        };
        let Some(case) = before.cases(rule, *at).ok().and_then(|c| c.get(k).cloned()) else {
            return Vec::new();
        };
        super::rules_of_kind::<G>(crate::deduce::RuleKind::Direct)
            .filter(|r| r.tier != crate::deduce::Tier::Easy)
            .filter(|r| {
                before.forced(r).is_ok_and(|forced| {
                    forced
                        .iter()
                        .any(|f| case.sets.iter().any(|&(p, v)| f.pos == p && f.piece == v))
                })
            })
            .collect()
    }

    /// The next step the program would take where the player stands (a hint); with squares
    /// pending, the first direct rule that justifies them all, as a step setting them.
    pub fn next_step(&self) -> Option<Step<G::Piece>> {
        if !self.has_pending() {
            return super::prove::next_step(self.position());
        }
        let position = self.position();
        super::rules_of_kind::<G>(crate::deduce::RuleKind::Direct).find_map(|rule| {
            let forced = position.forced(&rule).ok()?;
            let forced_links = position.forced_links(&rule).ok()?;
            let squares = self
                .now
                .pending
                .iter()
                .all(|&(p, v)| forced.iter().any(|f| f.pos == p && f.piece == v));
            let links = self
                .now
                .pending_links
                .iter()
                .all(|l| forced_links.iter().any(|f| f.link == *l));
            (squares && links).then(|| Step::Direct {
                rule,
                sets: self.now.pending.clone(),
                links: self.now.pending_links.clone(),
            })
        })
    }

    /// Takes `step` (as [`Self::next_step`] gives it) as the player's own.
    pub fn take(&self, step: &Step<G::Piece>) -> Result<(Self, String), Refused> {
        match step {
            Step::Direct { rule, sets, links }
                if *sets == self.now.pending && *links == self.now.pending_links =>
            {
                self.direct(*rule)
            }
            Step::Direct { rule, sets, links } => {
                self.no_pending()?;
                let mut staged = self.clone();
                staged.now.pending = sets.clone();
                staged.now.pending_links = links.clone();
                let (mut next, text) = staged.direct(*rule)?;
                // Setting the squares and naming the rule are one action.
                if let Some(before) = next.undo.last_mut() {
                    *before = self.now.clone();
                }
                Ok((next, text))
            }
            Step::Case { rule, at, .. } => self.case(*rule, *at),
            Step::Contradiction { rule, at } => self.contradiction(*rule, *at),
            Step::Merge => Err("a merge is made when a branch closes".into()),
        }
    }
}

/// The ones of `links` that can be made on `board`, each after those before it.
fn possible_links<G: ProofRules>(mut board: G, links: Vec<Link>) -> Vec<Link> {
    links
        .into_iter()
        .filter(|&l| match board.linked(l) {
            Ok(next) => {
                board = next;
                true
            }
            Err(_) => false,
        })
        .collect()
}

/// The steps with lines numbered in reading order from `next`.
fn renumbered<P: Clone>(steps: &[Located<Step<P>>], next: &mut usize) -> Vec<Located<Step<P>>> {
    steps
        .iter()
        .map(|located| {
            let line = *next;
            *next += 1;
            let step = match &located.step {
                Step::Case { rule, at, branches } => Step::Case {
                    rule: *rule,
                    at: *at,
                    branches: branches
                        .iter()
                        .map(|b| Branch {
                            line: 0,
                            steps: renumbered(&b.steps, next),
                        })
                        .collect(),
                },
                other => other.clone(),
            };
            Located { line, step }
        })
        .collect()
}

/// The lines of a sequence (at `path`, `depth`) and its branches, in reading order.
fn tree_lines<G: Game>(
    seq: &[Arc<Checked<G>>],
    path: &mut Vec<(usize, usize)>,
    depth: usize,
    out: &mut Vec<TreeLine>,
) {
    for (index, step) in seq.iter().enumerate() {
        let state = match step.invalid.first() {
            Some(i) => LineState::Invalid(i.reason.clone()),
            None if step.closes => LineState::Closes,
            None => LineState::Valid,
        };
        out.push(TreeLine {
            depth,
            number: step.id,
            text: step_text(step),
            cursor: Cursor {
                path: path.clone(),
                at: index + 1,
            },
            state,
        });
        if let Kind::Case { branches, .. } = &step.kind {
            let n = branches.len();
            for (k, branch) in branches.iter().enumerate() {
                path.push((index, k));
                let closed = end_of(branch.start.as_ref(), &branch.steps).all_closed();
                out.push(TreeLine {
                    depth: depth + 1,
                    number: 0,
                    text: format!("branch {}/{n}", k + 1),
                    cursor: Cursor {
                        path: path.clone(),
                        at: 0,
                    },
                    state: if closed {
                        LineState::ClosedBranch
                    } else {
                        LineState::Start
                    },
                });
                tree_lines(&branch.steps, path, depth + 1, out);
                path.pop();
            }
        }
    }
}

/// A step as the tree panel says it: the rule's name, then the squares or element.
fn step_text<G: Game>(step: &Checked<G>) -> String {
    match &step.kind {
        Kind::Direct { rule, sets, links } if sets.is_empty() && links.is_empty() => {
            format!("{} everywhere", rule.name)
        }
        Kind::Direct { rule, sets, links } => {
            format!("{}: {}", rule.name, sets_text::<G>(sets, links))
        }
        Kind::Case { rule, at, .. } => format!("case {} at {}", rule.name, target_text(*at)),
        Kind::Contradiction { rule, at } => {
            format!("contradiction {} at {}", rule.name, target_text(*at))
        }
        Kind::Merge => "merge".into(),
    }
}

/// Squares and links as the proof format writes them: `tent (0,4) grass (0,3) link (0,4)-(1,4)`.
fn sets_text<G: Game>(sets: &[(Pos, G::Piece)], links: &[Link]) -> String {
    super::text::pending_line::<G>(sets, links)
}

/// A case as a message says it.
fn whole_case_text<G: Game>(case: &Case<G::Piece>) -> String {
    sets_text::<G>(&case.sets, &case.links)
}

/// `n` things, `what` in the plural unless one: `1 square`, `3 links`.
fn counted(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// What a step set: `3 squares`, `1 link`, `2 squares and 1 link`.
fn what_set(squares: usize, links: usize) -> String {
    match (squares, links) {
        (n, 0) => format!("sets {}", counted(n, "square")),
        (0, l) => format!("makes {}", counted(l, "link")),
        (n, l) => format!(
            "sets {} and makes {}",
            counted(n, "square"),
            counted(l, "link")
        ),
    }
}

/// What waits for a rule: `2 squares set`, `1 link`, `2 squares set and 1 link`.
fn what_pending(squares: usize, links: usize) -> String {
    match (squares, links) {
        (n, 0) => format!("{} set", counted(n, "square")),
        (0, l) => counted(l, "link"),
        (n, l) => format!("{} set and {}", counted(n, "square"), counted(l, "link")),
    }
}

/// An invalid step's message: its first reason, and how many more.
fn invalid_text(all: &[Invalid], first: &Invalid) -> String {
    match all.len() {
        1 => format!("invalid: {}", first.reason),
        n => format!("invalid: {} (and {} more)", first.reason, n - 1),
    }
}

/// A message, and how many later steps an insertion took back.
fn with_dropped(text: String, dropped: usize) -> String {
    match dropped {
        0 => text,
        n => format!("{text}; {n} later step(s) taken back (z brings them back)"),
    }
}
