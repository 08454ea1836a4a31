//! Tents hints and grading from a named rule catalogue (docs/rules.md#rule-catalogues, after
//! LEGUP's Tree Tent rules). Every rule is a logical consequence of the rules of the game and the
//! position — none assumes the puzzle has a single solution — and each is sound under both rule-4
//! variants, with wrapping and with `diagadj`; the matching-only rules fire only under Tatham's
//! rule 4.
//!
//! `hint()` looks for the first rule that applies, easiest tier first (contradictions first in
//! each tier); `grade()` runs the same rules with work lists from the cleared puzzle.

mod board;
pub mod catalogue;
mod easy;
mod engine;
mod explain;
mod lines;
mod links;
mod order;
mod pairing;
pub mod proof;
mod shared;
mod step;
#[cfg(test)]
mod tests;
mod trials;

use crate::deduce::{Deduce, Hint, HintOutcome, Rule, Tier};
use crate::game::{ErrorMark, Game};

pub(in crate::games::tents) use super::geometry::Geometry;
use super::{Square, Tents};
use board::{Board, GRASS, TENT, piece};
pub(in crate::games::tents) use board::{Layout, Snapshot};
use catalogue::RULES;
pub(in crate::games::tents) use engine::Outcome;
use engine::{Engine, Spare};
use lines::{LineOutcome, LineScratch};
use pairing::PairingOutcome;
use step::{Contradiction, Step};

impl Deduce for Tents {
    fn rules() -> &'static [Rule] {
        RULES
    }

    fn next_deduction(&self, solution: Option<&Tents>) -> HintOutcome<Square> {
        next_deduction(self, solution)
    }

    fn grade(&self) -> Option<Tier> {
        solve_by_rules(&self.cleared())
    }
}

/// The next deduction from a position the shared prelude found not won and without error marks
/// (and extending to `solution`, when given).
fn next_deduction(g: &Tents, solution: Option<&Tents>) -> HintOutcome<Square> {
    let layout = Layout::of(g);
    let b = Board::of(&layout, g);
    if let Some(c) = first_contradiction(&b) {
        return HintOutcome::Error(error_marks(&c));
    }
    let known = solution.map(|s| {
        (0..layout.len() as u32)
            .map(|c| {
                if s.piece(layout.pos(c)) == Square::Tent {
                    TENT
                } else {
                    GRASS
                }
            })
            .collect()
    });
    match first_step(&b, known) {
        Ok(Some(step)) => {
            let (premises, explanation) = step.explain(&b);
            HintOutcome::Hint(Hint {
                rule: *step.rule,
                sets: step
                    .sets
                    .iter()
                    .map(|&(c, v)| (layout.pos(c), piece(v)))
                    .collect(),
                premises,
                explanation,
            })
        }
        Ok(None) => HintOutcome::Stuck,
        Err(c) => HintOutcome::Error(error_marks(&c)),
    }
}

/// A contradiction as error marks, one per square or clue involved.
fn error_marks(c: &Contradiction) -> Vec<ErrorMark> {
    let mut marks: Vec<ErrorMark> =
        c.at.iter()
            .map(|&target| ErrorMark {
                target,
                reason: c.text.clone(),
            })
            .collect();
    marks.sort();
    marks.dedup();
    marks
}

/// A contradiction some easy or tricky rule sees in the position as it stands.
fn first_contradiction(b: &Board) -> Option<Contradiction> {
    let lay = b.layout;
    order::first_easy_contradiction(b)
        .or_else(|| (0..lay.line_count()).find_map(|l| lines::no_placement(b, l)))
        .or_else(|| match pairing::pairing(b) {
            PairingOutcome::Contradiction(c) => Some(c),
            _ => None,
        })
}

/// The first rule application, in catalogue order; an error when case analysis finds that
/// both values of a square fail.
fn first_step(b: &Board, known: Option<Vec<u8>>) -> Result<Option<Step>, Contradiction> {
    let lay = b.layout;
    let lines = || 0..lay.line_count();
    let trees = || lay.trees.iter().copied();
    let easy = order::first_easy_step(b);
    if easy.is_some() {
        return Ok(easy);
    }
    let mut scratch = LineScratch::default();
    let tricky = trees()
        .find_map(|t| shared::shared_neighbour(b, t))
        .or_else(|| {
            lines().find_map(|l| match lines::enumerate(b, l, &mut scratch) {
                LineOutcome::Step(s) => Some(s),
                _ => None,
            })
        })
        .or_else(|| match pairing::pairing(b) {
            PairingOutcome::Step(s) => Some(s),
            _ => None,
        });
    if tricky.is_some() {
        return Ok(tricky);
    }
    let mut engine = Engine::new(b.clone());
    if let Some(values) = known {
        engine.know_solution(values);
    }
    // The position is closed under the easy and tricky rules (nothing above applied), so the
    // engine's first pass finds nothing and case analysis starts from this very position.
    if engine.closure(Tier::Tricky).is_err() || engine.b.val != b.val {
        return Ok(None);
    }
    engine.case_step()
}

/// Runs every rule on a position (case analysis included): the hardest tier used when the
/// rules reach a won position.
fn solve_by_rules(g: &Tents) -> Option<Tier> {
    let layout = Layout::of(g);
    let mut engine = Engine::new(Board::of(&layout, g));
    let Outcome::Solved(tier) = engine.run(Tier::Hard) else {
        return None;
    };
    let grid = crate::grid::Grid::from_cells(g.topology(), engine.b.squares())
        .expect("one square per cell");
    // Sound rules that fill every line reach the only candidate left; it may still break
    // rule 4, in which case the puzzle has no solution at all.
    g.with_grid(grid).is_won().then_some(tier)
}

/// The generator's view of a run of the rules: how it ended and the values reached.
pub(in crate::games::tents) struct Closure {
    /// How the run ended (`Solved` when every line has its tents).
    pub outcome: Outcome,
    /// The values and counters reached.
    pub state: Snapshot,
    /// For a run from a snapshot ([`Estimator::reclose`]): that snapshot's number and the
    /// squares where `state` may differ from it.
    changed: Option<Changed>,
}

/// The squares where a closure's state may differ from the snapshot it started from.
struct Changed {
    /// The snapshot's number.
    from: u64,
    /// The squares (repeats allowed).
    cells: Vec<u32>,
}

impl Closure {
    /// How many candidate squares are still undecided.
    pub(in crate::games::tents) fn undecided_count(&self, layout: &Layout) -> usize {
        if self.outcome != Outcome::Stuck {
            return self.state.undecided(layout).count();
        }
        // Closed under the easy rules: every empty square is a candidate.
        let n = self.state.empty_count(layout);
        debug_assert_eq!(n, self.state.undecided(layout).count());
        n
    }
}

/// Buffers for repeated estimates ([`Estimator::reclose`]): values, counters and an engine's
/// work lists, reused instead of allocated for each (the generator makes some 160 000
/// estimates for a 100x100 puzzle).
#[derive(Default)]
pub(in crate::games::tents) struct Estimator {
    state: Option<Snapshot>,
    /// Where `state` differs from the snapshot it was last started from, if known: the next
    /// estimate from that same snapshot puts back those squares only.
    changed: Option<Changed>,
    spare: Spare,
    /// Room for a board's trail.
    trail: Vec<u32>,
}

impl Estimator {
    /// Runs the rules up to `max` from a closure of a similar puzzle: its values are kept
    /// outside `zone` and forgotten inside it, the cells of `flips` changed between tree and
    /// not tree (`layout` has the new trees), and the rules look again only near `zone` and
    /// `flips`. A quick estimate of [`Estimator::close`] for the generator: it trusts the values
    /// kept, which the new puzzle may no longer force. The closure's buffers come back with
    /// [`Estimator::keep`].
    pub(in crate::games::tents) fn reclose(
        &mut self,
        layout: &Layout,
        from: &Snapshot,
        zone: &[u32],
        flips: &[u32],
        max: Tier,
    ) -> Closure {
        let changed = self.changed.take();
        let state = match self.state.take() {
            Some(mut state) => {
                match changed {
                    Some(ch) if ch.from == from.id() => state.restore(from, &ch.cells, layout),
                    _ => state.copy_from(from),
                }
                state
            }
            None => from.clone(),
        };
        let board = Board::from_snapshot_in(layout, state, std::mem::take(&mut self.trail));
        let mut engine = Engine::seeded_in(board, &[], std::mem::take(&mut self.spare));
        for &c in zone {
            engine.b.reset(c);
        }
        for &c in flips {
            engine.b.retree(c);
        }
        engine.seed(zone);
        engine.seed(flips);
        let mut closure = self.run(engine, max);
        let mut cells = std::mem::take(&mut self.trail);
        cells.extend_from_slice(zone);
        cells.extend_from_slice(flips);
        closure.changed = Some(Changed {
            from: from.id(),
            cells,
        });
        closure
    }

    /// Runs the rules up to `max` on a puzzle from scratch, in these buffers (the closure's
    /// values are its own); with `stop`, stops early once it says true, and the closure is then
    /// meaningless (for the generator, which asks verdicts it may no longer need).
    pub(in crate::games::tents) fn close(
        &mut self,
        layout: &Layout,
        max: Tier,
        stop: Option<&dyn Fn() -> bool>,
    ) -> Closure {
        // Squares with no tree next to them are grass before any rule runs (the blank board):
        // the empty-field rule (easy, so the tier found is the same) would find each in turn.
        let spare = std::mem::take(&mut self.spare);
        let mut engine = Engine::on_blank_in(layout, spare);
        if let Some(stop) = stop {
            engine.stop_when(stop);
        }
        self.run(engine, max)
    }

    /// Runs `engine` (made in these buffers) up to `max`, and takes its buffers back.
    /// The board's trail stays in `self.trail`.
    fn run(&mut self, mut engine: Engine, max: Tier) -> Closure {
        let outcome = engine.run(max);
        let (board, spare) = engine.into_parts();
        self.spare = spare;
        let (state, trail) = board.snapshot_and_trail();
        self.trail = trail;
        Closure {
            outcome,
            state,
            changed: None,
        }
    }

    /// Takes back the buffers of a closure no longer needed.
    pub(in crate::games::tents) fn keep(&mut self, c: Closure) {
        if let Some(old) = self.changed.take() {
            self.trail = old.cells;
        }
        self.state = Some(c.state);
        self.changed = c.changed;
    }
}
