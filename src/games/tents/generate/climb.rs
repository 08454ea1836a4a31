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

use crate::deduce::{Cancelled, GenCtl, Phase, Tier};

use super::super::deduce::{Estimator, Geometry, Layout};
use super::epoch::{Epoch, Footing, Winner};
use super::helper::Helper;
use super::moves::{Change, Pace, judge};
use super::plant::Plant;

/// Candidates per square of the grid after which a climb whose lowest score is a few open
/// squares, not 1, gives up without getting lower (see `Climber::run`): two solutions that
/// differ on a few squares far apart (tents swapping across two rows and two columns) are
/// out of reach of the moves around each square.
const STUCK_PER_SQUARE: usize = 2;
/// The lowest score up to which a late climb may give up so (see `STUCK_PER_SQUARE`).
const STUCK_SCORE: usize = 20;

/// Climbs from a planting towards a puzzle the rules solve at exactly `target`, at `pace`; the
/// planting when found. With two lanes a helper thread assesses changes too (see `epoch`);
/// the planting found is the same. Reports to `ctl` how far the score came down, and stops
/// with `Cancelled` soon after `ctl` is cancelled.
///
/// (Judging two candidates at once on a new thread per pair cost more than it saved; the
/// helper lives as long as the climb.)
pub(super) fn climb(
    geo: &Arc<Geometry>,
    plant: Plant,
    target: Tier,
    pace: Pace,
    rng: &mut ChaCha8Rng,
    ctl: &GenCtl,
) -> Result<Option<Plant>, Cancelled> {
    let layout = plant.layout(geo);
    if pace.lanes < 2 {
        return Climber::new(plant, layout, target, pace, ctl)?.run(rng, None);
    }
    std::thread::scope(|s| {
        let helper = Helper::spawn(s, layout.clone());
        Climber::new(plant, layout, target, pace, ctl)?.run(rng, helper.as_ref())
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
    ctl: GenCtl,
    /// The score of the first planting, against which progress is told.
    first_score: usize,
}

impl Climber {
    fn new(
        plant: Plant,
        layout: Layout,
        target: Tier,
        pace: Pace,
        ctl: &GenCtl,
    ) -> Result<Self, Cancelled> {
        let mut est = Estimator::default();
        let stop = || ctl.cancelled();
        let current = judge(&layout, target, Some(&stop), &mut est);
        ctl.check()?;
        ctl.report(Phase::Repairing, 0.0);
        let first_score = current.score;
        let now = Footing {
            plant: Arc::new(plant),
            undecided: current.undecided(&layout, pace.late).into(),
            current: Arc::new(current),
            stalled: 0,
        };
        Ok(Climber {
            now,
            layout,
            est,
            target,
            pace,
            ctl: ctl.clone(),
            first_score,
        })
    }

    /// Tells `ctl` how far the score has come down from the first planting's (the bar never
    /// goes back: a new planting may raise the score a little for a while).
    fn report(&self, shown: &mut f64) {
        let score = self.now.current.score.min(self.first_score) as f64;
        let done = 1.0 - score / self.first_score.max(1) as f64;
        *shown = shown.max(done);
        self.ctl.report(Phase::Repairing, *shown);
    }

    fn run(
        mut self,
        rng: &mut ChaCha8Rng,
        helper: Option<&Helper>,
    ) -> Result<Option<Plant>, Cancelled> {
        let mut shown = 0.0;
        let no_helper = AtomicBool::new(false);
        let helper_gone = helper.map_or(&no_helper, |h| &*h.gone);
        let mut left = self.pace.budget;
        // The lowest score yet, and the budget left when it was reached.
        let mut lowest = (self.now.current.score, left);
        let stuck_after = STUCK_PER_SQUARE * self.layout.len();
        while left > 0 {
            let score = self.now.current.score;
            if score == 0 {
                break;
            }
            if score < lowest.0 {
                lowest = (score, left);
            }
            let stuck = (2..=STUCK_SCORE).contains(&lowest.0) && lowest.1 - left > stuck_after;
            if self.pace.late && stuck {
                break; // an ambiguity the moves do not reach: a new attempt is sooner
            }
            let from = self.now.clone();
            let epoch = Arc::new(Epoch::new(
                from,
                self.target,
                self.pace,
                left,
                rng.clone(),
                self.ctl.clone(),
            ));
            if let Some(h) = helper {
                h.work(&epoch);
            }
            epoch.work(&mut self.layout, &mut self.est);
            let ending = epoch.finish(helper_gone)?;
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
                    let r = *r;
                    self.layout = r.layout;
                    if let Some(h) = helper {
                        h.replace(&self.layout);
                    }
                    r.plant
                }
            };
            self.now = Footing {
                plant: Arc::new(plant),
                undecided: judged.undecided(&self.layout, self.pace.late).into(),
                current: Arc::new(judged),
                stalled,
            };
            self.report(&mut shown);
        }
        Ok((self.now.current.score == 0).then(|| Arc::unwrap_or_clone(self.now.plant)))
    }
}
