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
//!
//! The changes between two kept ones form a stretch (`epoch`), which two threads can assess
//! at once without changing which change is kept.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand_chacha::ChaCha8Rng;

use crate::deduce::Tier;

use super::super::deduce::{Estimator, Geometry, Layout};
use super::epoch::{Epoch, Footing, Winner};
use super::helper::Helper;
use super::moves::{Change, Pace, judge};
use super::plant::Plant;

/// Climbs from a planting towards a puzzle the rules solve at exactly `target`, at `pace`; the
/// planting when found. With two lanes a helper thread assesses changes too (see `epoch`);
/// the planting found is the same.
///
/// (Judging two candidates at once on a new thread per pair cost more than it saved; the
/// helper lives as long as the climb.)
pub(super) fn climb(
    geo: &Arc<Geometry>,
    plant: Plant,
    target: Tier,
    pace: Pace,
    rng: &mut ChaCha8Rng,
) -> Option<Plant> {
    let layout = plant.layout(geo);
    if pace.lanes < 2 {
        return Climber::new(plant, layout, target, pace).run(rng, None);
    }
    std::thread::scope(|s| {
        let helper = Helper::spawn(s, layout.clone());
        Climber::new(plant, layout, target, pace).run(rng, helper.as_ref())
    })
}

/// A climb under way: the planting, its layout and its verdict.
struct Climber {
    /// The planting, its verdict and how long moves have not helped.
    now: Footing,
    layout: Layout,
    /// Buffers for the local estimates of this thread's lane.
    est: Estimator,
    target: Tier,
    pace: Pace,
}

impl Climber {
    fn new(plant: Plant, layout: Layout, target: Tier, pace: Pace) -> Self {
        let mut est = Estimator::default();
        let current = judge(&layout, target, None, &mut est);
        let now = Footing {
            plant: Arc::new(plant),
            undecided: current.undecided(&layout).into(),
            current: Arc::new(current),
            stalled: 0,
        };
        Climber {
            now,
            layout,
            est,
            target,
            pace,
        }
    }

    fn run(mut self, rng: &mut ChaCha8Rng, helper: Option<&Helper>) -> Option<Plant> {
        let no_helper = AtomicBool::new(false);
        let helper_gone = helper.map_or(&no_helper, |h| &*h.gone);
        let mut left = self.pace.budget;
        while left > 0 {
            if self.now.current.score == 0 {
                break;
            }
            let from = self.now.clone();
            let epoch = Arc::new(Epoch::new(from, self.target, self.pace, left, rng.clone()));
            if let Some(h) = helper {
                h.work(&epoch);
            }
            epoch.work(&mut self.layout, &mut self.est);
            let ending = epoch.finish(helper_gone);
            *rng = ending.rng;
            left -= ending.tried;
            let Some(winner) = ending.winner else {
                break; // the budget is spent
            };
            let Winner {
                change,
                judged,
                stalled,
                ..
            } = *winner;
            let plant = match change {
                Change::Move(c) => {
                    self.layout.flip(&c.flips);
                    if let Some(h) = helper {
                        h.flip(&c.flips);
                    }
                    c.plant_from(&self.now.plant)
                }
                Change::Replant(r) => {
                    self.layout = r.layout;
                    if let Some(h) = helper {
                        h.replace(&self.layout);
                    }
                    r.plant
                }
            };
            self.now = Footing {
                plant: Arc::new(plant),
                undecided: judged.undecided(&self.layout).into(),
                current: Arc::new(judged),
                stalled,
            };
        }
        (self.now.current.score == 0).then(|| Arc::unwrap_or_clone(self.now.plant))
    }
}
