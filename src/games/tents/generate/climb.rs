//! One generation attempt: plant a solution, then repair it where the rules get stuck.
//!
//! Random plantings bigger than about 15x15 are almost never solvable by rules alone: the
//! counts are too loose for deductions to start, and ambiguous corners (tents that can swap
//! without changing any count) appear everywhere. So the attempt climbs: it picks a square
//! the rules leave undecided and moves the trees of the tents around it to other free
//! neighbours of their tents (the tents, hence the counts, stay), and keeps the change unless
//! more squares end up undecided. Each candidate is judged by re-running the rules only near
//! the change, trusting what was deduced elsewhere (fast, but optimistic: the deductions kept
//! may have leant on the trees just moved); a full run from scratch checks every candidate
//! that looks finished, and every few dozen accepted changes.

use std::sync::Arc;

use rand_chacha::ChaCha8Rng;

use crate::deduce::Tier;

use super::super::Square;
use super::super::Tents;
use super::super::deduce::{Closure, EMPTY, Geometry, Layout, Outcome, Snapshot, close, reclose};
use super::plant::{Plant, below};

/// Half-width of the square cleared and planted again around an undecided cell.
const RADIUS: usize = 2;
/// Half-width of the square where deductions are forgotten and redone after a change.
const ZONE: usize = RADIUS + 2;
/// Accepted changes between two full runs of the rules.
const RESYNC: usize = 48;
/// Candidates that looked finished but were not, before the attempt gives up.
const MAX_FALSE_CLAIMS: usize = 40;
/// Hard target: undecided squares left by the tricky rules beyond which case analysis is not
/// even tried (too slow, and hopeless: most of them are ambiguous).
const HARD_LIMIT: usize = 40;

/// How a candidate puzzle fares: 0 is the target met; lower is better.
struct Judged {
    score: usize,
    state: Snapshot,
}

impl Judged {
    /// The candidate squares left undecided.
    fn undecided(&self, layout: &Layout) -> Vec<u32> {
        (0..layout.len() as u32)
            .filter(|&c| self.state.val[c as usize] == EMPTY && layout.is_candidate(c))
            .collect()
    }
}

/// Where to re-run the rules from: a closure's state, the zone to forget, the cells whose
/// tree status changed.
type Start<'s> = Option<(&'s Snapshot, &'s [u32], &'s [u32])>;

/// The rules' verdict on a puzzle for a target tier: 0 when solved at exactly that tier, 1 when
/// solved at an easier one, `1 + undecided` when stuck (for the hard target, `1 + undecided
/// after case analysis` when the tricky rules leave at most [`HARD_LIMIT`] squares, else
/// `1 + HARD_LIMIT + undecided by the tricky rules`). `start` re-runs near a zone only.
fn judge(layout: &Layout, target: Tier, start: Start) -> Judged {
    let run = |max: Tier, from: Start| -> Closure {
        match from {
            Some((state, zone, flips)) => reclose(layout, state, zone, flips, max),
            None => close(layout, max),
        }
    };
    let climb_tier = target.min(Tier::Tricky);
    let c = run(climb_tier, start);
    match (c.outcome, target) {
        (Outcome::Solved(t), _) => Judged {
            score: if t == target { 0 } else { 1 },
            state: c.state,
        },
        (Outcome::Stuck, Tier::Hard) => {
            let undecided = c.undecided(layout).len();
            if undecided > HARD_LIMIT {
                return Judged {
                    score: 1 + HARD_LIMIT + undecided,
                    state: c.state,
                };
            }
            let h = reclose(layout, &c.state, &[], &[], Tier::Hard);
            let score = match h.outcome {
                Outcome::Solved(_) => 0,
                _ => 1 + h.undecided(layout).len(),
            };
            Judged {
                score,
                state: c.state,
            }
        }
        (Outcome::Stuck, _) => Judged {
            score: 1 + c.undecided(layout).len(),
            state: c.state,
        },
        // Sound rules never contradict a planted solution; reject the candidate if they do.
        (Outcome::Contradiction, _) => Judged {
            score: usize::MAX,
            state: c.state,
        },
    }
}

/// Climbs from a planting towards a puzzle the rules solve at exactly `target`, within
/// `budget` candidate changes; the puzzle when found.
pub(super) fn climb(
    geo: &Arc<Geometry>,
    mut plant: Plant,
    target: Tier,
    budget: usize,
    rng: &mut ChaCha8Rng,
) -> Option<Tents> {
    let mut layout = plant.layout(geo);
    let mut current = judge(&layout, target, None);
    let mut undecided = current.undecided(&layout);
    let mut accepted = 0usize;
    let mut false_claims = 0;
    for _ in 0..budget {
        if current.score == 0 {
            return Some(plant.puzzle());
        }
        let centre = if undecided.is_empty() {
            below(rng, plant.cells.len())
        } else {
            undecided[below(rng, undecided.len())] as usize
        };
        let mut next = plant.clone();
        next.retree(centre, RADIUS, rng);
        let flips: Vec<u32> = next
            .region(centre, RADIUS + 1)
            .into_iter()
            .filter(|&c| (plant.cells[c] == Square::Tree) != (next.cells[c] == Square::Tree))
            .map(|c| c as u32)
            .collect();
        let next_layout = layout.edited(&flips, None);
        let zone: Vec<u32> = next
            .region(centre, ZONE)
            .into_iter()
            .map(|c| c as u32)
            .collect();
        let mut judged = judge(&next_layout, target, Some((&current.state, &zone, &flips)));
        if judged.score > current.score {
            continue;
        }
        accepted += 1;
        // The estimate trusts old deductions: check it from scratch when it claims success
        // (or, for the tricky target, a success at the easy tier, which may be tricky after
        // all), and every few dozen changes so that its optimism does not pile up.
        let claims = judged.score == 0 || (target == Tier::Tricky && judged.score == 1);
        if claims || accepted.is_multiple_of(RESYNC) {
            let exact = judge(&next_layout, target, None);
            if claims && exact.score > current.score {
                false_claims += 1;
                if false_claims >= MAX_FALSE_CLAIMS {
                    // The estimates keep promising what the puzzle does not give: this
                    // planting is not worth more time.
                    break;
                }
                continue;
            }
            judged = exact;
        }
        plant = next;
        layout = next_layout;
        current = judged;
        undecided = current.undecided(&layout);
    }
    (current.score == 0).then(|| plant.puzzle())
}
