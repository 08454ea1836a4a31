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
use super::moves::{Change, HARD_LIMIT, Judged, Pace, judge};
use super::plant::Plant;

/// Candidates per square of the grid after which a late climb whose lowest score is a few
/// open squares, not 1, is stuck (see [`Watch`]): two solutions that differ on a few squares
/// far apart (tents swapping across two rows and two columns) are out of reach of the moves
/// around each square. (2 took longer once a stuck climb kicks: `docs/log/generate-giant.md`.)
const STUCK_PER_SQUARE: usize = 1;
/// The lowest score up to which a late climb may be stuck so (see `STUCK_PER_SQUARE`).
const STUCK_SCORE: usize = 20;
/// Times a stuck climb that never reached score 1 plants the tents around its undecided
/// squares again (see `Climber::kick`) before it gives up and a new attempt starts.
const KICKS: usize = 2;
/// Half-width of the square around each undecided square whose tents a kick plants again.
const KICK_RADIUS: usize = 2;
/// Tents fewer than before that a kick may plant around one square: the undecided squares of
/// a stuck climb sit where tents are packed, and around them as many seldom fit again (the
/// density the puzzle must keep is checked at the end, as always).
const KICK_FEWER: usize = 2;

/// Watches a late climb for a stuck stretch: its lowest score a few open squares, and no
/// lower for [`STUCK_PER_SQUARE`] candidates per square. Since the climb last left score 1
/// (a puzzle solved below the hard target), only the scores after it count: a new planting
/// kept from there can land on two solutions nothing settles.
struct Watch {
    /// The lowest score counted, and the candidates left when it was reached.
    mark: (usize, usize),
    /// Candidates without a lower score after which the climb is stuck.
    after: usize,
}

impl Watch {
    fn new(score: usize, left: usize, squares: usize) -> Self {
        Watch {
            mark: (score, left),
            after: STUCK_PER_SQUARE * squares,
        }
    }

    /// Notes the score with `left` candidates left; whether the climb is stuck.
    fn stuck(&mut self, score: usize, left: usize) -> bool {
        if score < self.mark.0 || (self.mark.0 <= 1 && score > 1) {
            self.mark = (score, left);
        }
        (2..=STUCK_SCORE).contains(&self.mark.0) && self.mark.1 - left > self.after
    }
}

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
        let now = afresh(plant, &layout, target, pace, &mut est, ctl)?;
        ctl.report(Phase::Repairing, 0.0);
        let first_score = now.current.score;
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
        let mut watch = Watch::new(self.now.current.score, left, self.layout.len());
        // The last planting at score 1 before the climb left it, and its layout.
        let mut plateau: Option<(Footing, Layout)> = None;
        let mut kicks = 0;
        while left > 0 {
            let score = self.now.current.score;
            if score == 0 {
                break;
            }
            if self.pace.late && watch.stuck(score, left) {
                // An ambiguity the moves do not reach: back to score 1 when the climb was
                // there, else a kick, and a new attempt once kicks do not help.
                let Some((footing, layout)) = plateau.take() else {
                    if kicks < KICKS && self.kick(rng, helper)? {
                        kicks += 1;
                        watch = Watch::new(self.now.current.score, left, self.layout.len());
                        continue;
                    }
                    break;
                };
                self.now = footing;
                self.replace_layout(layout, helper);
                continue;
            }
            let from = self.now.clone();
            // A late stretch ends in time for the watch to see it stuck, whether or not it
            // keeps a change.
            let room = if self.pace.late {
                left.min(watch.after)
            } else {
                left
            };
            let epoch = Arc::new(Epoch::new(
                from,
                self.target,
                self.pace,
                room,
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
                continue; // nothing kept within the room: the watch, or the budget, decides
            };
            if self.pace.on_plateau(&self.now.current) && winner.judged.score > 1 {
                plateau = Some((self.now.clone(), self.layout.clone()));
            }
            self.keep(*winner, helper);
            self.report(&mut shown);
        }
        Ok((self.now.current.score == 0).then(|| Arc::unwrap_or_clone(self.now.plant)))
    }

    /// Plants the tents around every undecided square again at once (within [`KICK_RADIUS`],
    /// up to [`KICK_FEWER`] fewer around each) and goes on from there, whatever its verdict:
    /// the squares of a stuck climb are the corners of tents that swap across two rows and two
    /// columns, and new tents there undo the swap; the climb then comes down again from about
    /// a thousand open squares, sooner than a new attempt from scratch. Whether any tents were
    /// planted again (none: the planting is as it was).
    fn kick(&mut self, rng: &mut ChaCha8Rng, helper: Option<&Helper>) -> Result<bool, Cancelled> {
        let mut plant = Plant::clone(&self.now.plant);
        let mut kicked = false;
        for &c in self.now.undecided.iter() {
            let mut next = plant.clone();
            if next.replant(c as usize, KICK_RADIUS, KICK_FEWER, rng) {
                plant = next;
                kicked = true;
            }
        }
        if !kicked {
            return Ok(false);
        }
        let layout = plant.layout(&self.layout.geo);
        let (target, pace) = (self.target, self.pace);
        self.now = afresh(plant, &layout, target, pace, &mut self.est, &self.ctl)?;
        self.replace_layout(layout, helper);
        Ok(true)
    }

    /// Takes `layout` as the climb's, on this lane and the helper's.
    fn replace_layout(&mut self, layout: Layout, helper: Option<&Helper>) {
        self.layout = layout;
        if let Some(h) = helper {
            h.replace(&self.layout);
        }
    }

    /// Goes on from the change kept, on this lane's layout and the helper's.
    fn keep(&mut self, winner: Winner, helper: Option<&Helper>) {
        let Winner {
            change,
            judged,
            stalled,
            ..
        } = winner;
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
                self.replace_layout(r.layout, helper);
                r.plant
            }
        };
        self.now = footing(plant, judged, &self.layout, self.pace, stalled);
    }
}

/// Where the climb stands with `plant` (whose layout is `layout`) and its verdict `judged`,
/// after `stalled` moves in a row that improved nothing.
fn footing(plant: Plant, judged: Judged, layout: &Layout, pace: Pace, stalled: usize) -> Footing {
    Footing {
        plant: Arc::new(plant),
        undecided: judged.undecided(layout, pace.late).into(),
        current: Arc::new(judged),
        stalled,
    }
}

/// Where the climb stands with `plant` judged from scratch (the first planting, or one after a
/// kick); `Cancelled` once `ctl` is.
fn afresh(
    plant: Plant,
    layout: &Layout,
    target: Tier,
    pace: Pace,
    est: &mut Estimator,
    ctl: &GenCtl,
) -> Result<Footing, Cancelled> {
    let stop = || ctl.cancelled();
    let judged = judge(layout, target, HARD_LIMIT, Some(&stop), est);
    ctl.check()?;
    Ok(footing(plant, judged, layout, pace, 0))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::super::super::Square;
    use super::super::plant::{Spread, plant_weighted};
    use super::*;
    use crate::grid::Topology;

    #[test]
    fn a_kick_plants_again_around_the_undecided_squares_and_judges_the_new_planting() {
        let t = Topology::new(16, 16, false);
        let geo = Arc::new(super::super::super::deduce::Geometry::new(t, false));
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let plant = plant_weighted(t, false, None, 52, Spread::usual(0.0), &mut rng);
        let pace = Pace::one_lane(true);
        let layout = plant.layout(&geo);
        let ctl = GenCtl::new();
        let mut climber = Climber::new(plant.clone(), layout, Tier::Easy, pace, &ctl).unwrap();
        // Two corners of the grid, as if the climb were stuck there.
        climber.now.undecided = vec![17, 16 * 14 + 14].into();
        assert!(climber.kick(&mut rng, None).unwrap());
        let kicked = Plant::clone(&climber.now.plant);
        assert_ne!(kicked, plant, "the kick changed nothing");
        // Tents moved only near those squares (their trees one square further), each with its
        // tree, and at most `KICK_FEWER` fewer per square.
        let tents = |p: &Plant| p.cells.iter().filter(|&&s| s == Square::Tent).count();
        assert!(tents(&kicked) + 2 * KICK_FEWER >= tents(&plant));
        for c in 0..t.len() {
            let reach = KICK_RADIUS + 1;
            let near = [17, 16 * 14 + 14].iter().any(|&u: &usize| {
                let (a, b) = (t.pos(c), t.pos(u));
                a.row.abs_diff(b.row) <= reach && a.col.abs_diff(b.col) <= reach
            });
            if !near {
                assert_eq!(kicked.cells[c], plant.cells[c], "square {c} changed");
            }
            if kicked.cells[c] == Square::Tent {
                assert_eq!(kicked.cells[kicked.partner[c]], Square::Tree, "tent {c}");
            }
        }
        // The climb goes on from the new planting: its layout and its verdict.
        let fresh = kicked.layout(&geo);
        assert_eq!(climber.layout.counts, fresh.counts);
        assert_eq!(climber.layout.is_tree, fresh.is_tree);
        let judged = judge(
            &fresh,
            Tier::Easy,
            HARD_LIMIT,
            None,
            &mut Estimator::default(),
        );
        assert_eq!(climber.now.current.score, judged.score);
        assert_eq!(climber.now.stalled, 0);
    }

    /// The scores of a climb, one per candidate, from `STUCK_PER_SQUARE` candidates per square
    /// of a 10-square grid: where the watch first says stuck.
    fn first_stuck(scores: &[usize]) -> Option<usize> {
        let mut left = 1000;
        let mut watch = Watch::new(scores[0], left, 10);
        scores.iter().position(|&s| {
            left -= 1;
            watch.stuck(s, left)
        })
    }

    #[test]
    fn a_climb_is_stuck_when_its_lowest_few_open_squares_last() {
        let after = STUCK_PER_SQUARE * 10;
        // Coming down to 5 and staying (or going back up a little): stuck once that lasts.
        let mut scores = vec![40, 30, 5];
        scores.extend([5, 7, 6].iter().cycle().take(after + 5));
        assert_eq!(first_stuck(&scores), Some(2 + after + 1));
        // Still coming down, or above the few squares, or at score 1: never.
        let falling: Vec<usize> = (0..after + 20).rev().collect();
        assert_eq!(first_stuck(&falling[..falling.len() - 2]), None);
        assert_eq!(first_stuck(&vec![STUCK_SCORE + 1; after + 10]), None);
        assert_eq!(first_stuck(&vec![1; after + 10]), None);
    }

    #[test]
    fn after_score_one_only_the_scores_since_it_count() {
        let after = STUCK_PER_SQUARE * 10;
        // Down to 1, then a new planting leaves 5 open for good: stuck, though 1 was lower.
        let mut scores = vec![30, 1, 1, 5];
        scores.extend(std::iter::repeat_n(5, after + 5));
        assert_eq!(first_stuck(&scores), Some(3 + after + 1));
        // Back to 1 in time: not stuck.
        let mut back = vec![30, 1, 5];
        back.extend(std::iter::repeat_n(5, after - 2));
        back.extend(std::iter::repeat_n(1, after + 5));
        assert_eq!(first_stuck(&back), None);
    }
}
