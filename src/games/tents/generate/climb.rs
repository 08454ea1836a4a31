//! One generation attempt: plant a solution, then repair it where the rules get stuck.
//!
//! Random plantings at the usual density (one tree per five squares) are almost never solvable
//! by rules alone beyond about 15x15: ambiguous corners (tents that can swap without changing
//! any count) appear everywhere, and the counts are too loose for deductions to start. So the
//! attempt climbs: it picks a square the rules leave undecided (every square where a second
//! solution differs is one) and moves the trees of the tents around it to other free neighbours
//! of their tents (the tents, hence the counts, stay), and keeps the change unless more squares
//! end up undecided. When moving trees stops helping, it plants the tents there again.
//!
//! Each candidate is first estimated by re-running the rules only near the change, trusting what
//! was deduced elsewhere (fast but optimistic, since those deductions may have leant on the
//! trees just moved); only a candidate the estimate finds better is judged from scratch, and the
//! exact verdict decides.

use std::sync::Arc;

use rand_chacha::ChaCha8Rng;

use crate::deduce::Tier;

use super::super::Square;
use super::super::deduce::{Closure, Geometry, Layout, Outcome, Snapshot, close, reclose};
use super::plant::{Plant, below};

/// Largest half-width of the square whose trees move around an undecided cell.
const RADIUS: usize = 2;
/// Half-width of the square where deductions are forgotten and redone after a change.
const ZONE: usize = RADIUS + 2;
/// How much worse a new planting of tents may leave the puzzle and still be kept (to leave a
/// dead end).
const REPLANT_SLACK: usize = 4;
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
        self.state.undecided(layout).collect()
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
            let undecided = c.undecided_count(layout);
            if undecided > HARD_LIMIT {
                return Judged {
                    score: 1 + HARD_LIMIT + undecided,
                    state: c.state,
                };
            }
            let h = reclose(layout, &c.state, &[], &[], Tier::Hard);
            let score = match h.outcome {
                Outcome::Solved(_) => 0,
                _ => 1 + h.undecided_count(layout),
            };
            Judged {
                score,
                state: c.state,
            }
        }
        (Outcome::Stuck, _) => Judged {
            score: 1 + c.undecided_count(layout),
            state: c.state,
        },
        // Sound rules never contradict a planted solution; reject the candidate if they do.
        (Outcome::Contradiction, _) => Judged {
            score: usize::MAX,
            state: c.state,
        },
    }
}

/// The cells near `centre` whose tree status differs between two plantings.
fn flips_between(before: &Plant, after: &Plant, centre: usize) -> Vec<u32> {
    after
        .region(centre, RADIUS + 1)
        .into_iter()
        .filter(|&c| (before.cells[c] == Square::Tree) != (after.cells[c] == Square::Tree))
        .map(|c| c as u32)
        .collect()
}

/// A change to try: the planting after it, and what the local estimate needs (the flips also
/// edit the layout in place, and undo the edit when the change is dropped).
struct Candidate {
    plant: Plant,
    zone: Vec<u32>,
    flips: Vec<u32>,
    centre: usize,
}

/// Squares of the planting as the rules' cell indices.
fn cells(squares: Vec<usize>) -> Vec<u32> {
    squares.into_iter().map(|c| c as u32).collect()
}

/// A random square to change around: an undecided one when there is any.
fn pick_centre(plant: &Plant, undecided: &[u32], rng: &mut ChaCha8Rng) -> usize {
    if undecided.is_empty() {
        below(rng, plant.cells.len())
    } else {
        undecided[below(rng, undecided.len())] as usize
    }
}

/// Moves the trees around an undecided square (mostly the few next to it: one tent's tree
/// moved breaks a local ambiguity without disturbing what the rules deduced around it).
fn propose(plant: &Plant, undecided: &[u32], rng: &mut ChaCha8Rng) -> Candidate {
    let centre = pick_centre(plant, undecided, rng);
    let radius = if below(rng, 2) == 0 { 1 } else { RADIUS };
    let mut next = plant.clone();
    next.retree(centre, radius, rng);
    let flips = flips_between(plant, &next, centre);
    let zone = cells(next.region(centre, ZONE));
    Candidate {
        plant: next,
        zone,
        flips,
        centre,
    }
}

/// The exact verdict on a candidate when it is no worse than `current`. The local estimate
/// goes first; it is optimistic, so a candidate it finds no better is (almost always) worse,
/// and judging those from scratch too doubled the time for nothing. With `wide`, a candidate
/// the local estimate likes is estimated again over that half-width before it is judged from
/// scratch. `layout` is the candidate's.
fn assess(
    c: &Candidate,
    layout: &Layout,
    current: &Judged,
    target: Tier,
    wide: Option<usize>,
) -> Option<Judged> {
    let estimate = judge(layout, target, Some((&current.state, &c.zone, &c.flips)));
    if estimate.score >= current.score {
        return None;
    }
    if let Some(radius) = wide {
        let zone = cells(c.plant.region(c.centre, radius));
        let estimate = judge(layout, target, Some((&current.state, &zone, &c.flips)));
        if estimate.score > current.score {
            return None;
        }
    }
    let judged = judge(layout, target, None);
    (judged.score <= current.score).then_some(judged)
}

/// How long a climb goes on, and how it weighs candidates.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pace {
    /// Candidate changes in all.
    pub budget: usize,
    /// Candidates in a row that improve nothing before tents are planted again.
    pub stall_limit: usize,
    /// Half-width of a second estimate of a candidate the local estimate likes (see [`assess`]).
    pub second_look: Option<usize>,
    /// Half-width of the band of rows and columns whose deductions are redone to estimate a new
    /// planting of tents before it is judged from scratch (see [`replant_estimate_fails`]).
    pub replant_band: Option<usize>,
}

/// Whether the rules, re-run over `band` (the rows and columns whose counts a new planting
/// changed, from `Plant::band`) and trusted elsewhere, leave the new planting worse than a
/// new planting may be: then it is dropped without the judgement from scratch. For the tricky
/// rules this estimate, over rows and columns within 3 of the centre, was never worse than
/// the judgement (compared on every replanting of 50x50 seeds 0–3 and 60x60 seed 0; 100x100
/// seeds 0 and 1 made the same puzzles with it as without); for the easy rules it sometimes
/// is, by 1 to 28 squares, which made 50x50 easy puzzles give up. `layout` is the new
/// planting's.
fn replant_estimate_fails(
    layout: &Layout,
    current: &Judged,
    target: Tier,
    band: &[u32],
    flips: &[u32],
) -> bool {
    let estimate = judge(layout, target, Some((&current.state, band, flips)));
    // A contradiction of trusted deductions with the new counts says nothing either way.
    estimate.score != usize::MAX && estimate.score > current.score.saturating_add(REPLANT_SLACK)
}

/// Climbs from a planting towards a puzzle the rules solve at exactly `target`, at `pace`; the
/// planting when found.
///
/// (Judging two candidates at once on two threads was tried: a thread per pair cost more than
/// it saved, 2.0 s against 1.1 s for five 50x50 puzzles.)
pub(super) fn climb(
    geo: &Arc<Geometry>,
    mut plant: Plant,
    target: Tier,
    pace: Pace,
    rng: &mut ChaCha8Rng,
) -> Option<Plant> {
    let mut layout = plant.layout(geo);
    let mut current = judge(&layout, target, None);
    let mut undecided = current.undecided(&layout);
    let mut stalled = 0usize;
    for _ in 0..pace.budget {
        if current.score == 0 {
            return Some(plant);
        }
        if stalled > pace.stall_limit {
            // Moving trees has not helped for a while: the tents there are ambiguous among
            // themselves. Plant them again (the counts change, so judge from scratch).
            stalled = 0;
            let centre = pick_centre(&plant, &undecided, rng);
            let mut next = plant.clone();
            if !next.replant(centre, RADIUS, rng) {
                continue; // keep the density
            }
            let (rows, cols) = next.counts();
            let flips = flips_between(&plant, &next, centre);
            let next_layout = layout.edited(&flips, Some((&rows, &cols)));
            if let Some(half) = pace.replant_band {
                let band = cells(next.band(centre, half));
                if replant_estimate_fails(&next_layout, &current, target, &band, &flips) {
                    continue;
                }
            }
            let judged = judge(&next_layout, target, None);
            if judged.score <= current.score.saturating_add(REPLANT_SLACK) {
                plant = next;
                layout = next_layout;
                current = judged;
                undecided = current.undecided(&layout);
            }
            continue;
        }
        let candidate = propose(&plant, &undecided, rng);
        if candidate.flips.is_empty() {
            // No tree moved (about one candidate in twelve): the same puzzle, judged as now.
            stalled += 1;
            continue;
        }
        layout.flip(&candidate.flips);
        let Some(judged) = assess(&candidate, &layout, &current, target, pace.second_look) else {
            layout.flip(&candidate.flips);
            stalled += 1;
            continue;
        };
        stalled = if judged.score < current.score {
            0
        } else {
            stalled + 1
        };
        plant = candidate.plant;
        current = judged;
        undecided = current.undecided(&layout);
    }
    (current.score == 0).then_some(plant)
}
