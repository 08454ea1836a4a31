//! One step of the climb (see `climb`): the candidates it proposes around an undecided square
//! (trees moved, or tents planted again), how each is estimated and judged, and the pace that
//! bounds the climb.

use rand_chacha::ChaCha8Rng;

use crate::deduce::Tier;

use super::super::Square;
use super::super::deduce::{Closure, Estimator, Layout, Outcome, Snapshot};
use super::plant::{Edit, Plant, below};

/// Largest half-width of the square whose trees move around an undecided cell.
const RADIUS: usize = 2;
/// Half-width of the square where deductions are forgotten and redone after a change.
const ZONE: usize = RADIUS + 2;
/// Undecided squares from which a late climb also moves single trees (see [`propose`]).
const FEW_OPEN: usize = 20;
/// How much worse a new planting of tents may leave the puzzle and still be kept (to leave a
/// dead end).
const REPLANT_SLACK: usize = 4;
/// Hard target: undecided squares left by the tricky rules beyond which case analysis is not
/// even tried (too slow, and hopeless: most of them are ambiguous).
pub(super) const HARD_LIMIT: usize = 40;
/// [`HARD_LIMIT`] for the judgement of a change made where the tricky rules solve everything
/// (score 1), in a late climb (see [`Pace::cases`]): a change that makes them stop there mostly
/// stops them far and wide, and case analysis on up to 200 squares finds many more hard
/// puzzles for the same judgements (figures in `docs/tents-solver.md`).
const PLATEAU_LIMIT: usize = 200;
/// Score (about the squares left open) down to which a candidate must pass the screen by
/// the pace's margin. Below it every improvement is judged: at a score of one or two no
/// estimate could pass by a margin. (5 or 100 instead of 20 took about as long at 100x100.)
const MARGIN_UNTIL: usize = 20;

/// How a candidate puzzle fares: 0 is the target met; lower is better.
pub(super) struct Judged {
    pub score: usize,
    state: Snapshot,
    /// For the hard target, the squares case analysis left undecided, when it ran.
    focus: Option<Vec<u32>>,
}

impl Judged {
    /// Whether this verdict is better than `other`.
    pub(super) fn beats(&self, other: &Judged) -> bool {
        self.score < other.score
    }

    /// The candidate squares left undecided by the rules up to the tricky tier, or with `late`
    /// (see [`Pace::late`]) by case analysis when it ran and left some: the climb changes the
    /// planting around them.
    pub(super) fn undecided(&self, layout: &Layout, late: bool) -> Vec<u32> {
        match &self.focus {
            Some(f) if late && !f.is_empty() => f.clone(),
            _ => self.state.undecided(layout).collect(),
        }
    }
}

/// Where to re-run the rules from: a closure's state, the zone to forget, the cells whose
/// tree status changed.
type Start<'s> = (&'s Snapshot, &'s [u32], &'s [u32]);

/// Asked during a judgement from scratch: once it says true, the verdict is no longer needed
/// and the judgement stops early (its verdict is then meaningless).
pub(super) type Stop<'s> = Option<&'s dyn Fn() -> bool>;

/// The rules' verdict on a puzzle for a target tier, from scratch, with case analysis on up
/// to `cases` squares (see [`score`]); `stop` may end it early.
pub(super) fn judge(
    layout: &Layout,
    target: Tier,
    cases: usize,
    stop: Stop,
    est: &mut Estimator,
) -> Judged {
    let c = est.close(layout, target.min(Tier::Tricky), stop);
    let mut focus = None;
    Judged {
        score: score(layout, target, cases, &c, stop, est, Some(&mut focus)),
        state: c.state,
        focus,
    }
}

/// The verdict's score re-run near a zone only, from `start`, in the buffers of `est`: the
/// local estimate.
fn estimate(layout: &Layout, target: Tier, start: Start, est: &mut Estimator) -> usize {
    let (state, zone, flips) = start;
    let c = est.reclose(layout, state, zone, flips, target.min(Tier::Tricky));
    let score = score(layout, target, HARD_LIMIT, &c, None, est, None);
    est.keep(c);
    score
}

/// The score of a run of the rules up to the tricky tier, `c`, for a target tier: 0 when
/// solved at exactly that tier, 1 when solved at an easier one, `1 + undecided` when stuck
/// (for the hard target, `1 + undecided after case analysis` when the tricky rules leave at
/// most `cases` squares, else `1 + cases + undecided by the tricky rules`). Case analysis
/// runs in the buffers of `est`; the squares it leaves undecided go to `focus`.
fn score(
    layout: &Layout,
    target: Tier,
    cases: usize,
    c: &Closure,
    stop: Stop,
    est: &mut Estimator,
    focus: Option<&mut Option<Vec<u32>>>,
) -> usize {
    match (c.outcome, target) {
        (Outcome::Solved(t), _) => usize::from(t != target),
        (Outcome::Stuck, Tier::Hard) => {
            let undecided = c.undecided_count(layout);
            if undecided > cases {
                return 1 + cases + undecided;
            }
            if stop.is_some_and(|f| f()) {
                return usize::MAX;
            }
            let h = est.reclose(layout, &c.state, &[], &[], Tier::Hard);
            let score = match h.outcome {
                Outcome::Solved(_) => 0,
                _ => 1 + h.undecided_count(layout),
            };
            if let Some(f) = focus {
                *f = Some(h.state.undecided(layout).collect());
            }
            est.keep(h);
            score
        }
        (Outcome::Stuck, _) => 1 + c.undecided_count(layout),
        // Sound rules never contradict a planted solution; reject the candidate if they do.
        (Outcome::Contradiction, _) => usize::MAX,
    }
}

/// The cells near `centre` whose tree status differs between a planting and its change, which
/// says whether a cell holds a tree now.
fn flips_around(before: &Plant, centre: usize, now_tree: impl Fn(usize) -> bool) -> Vec<u32> {
    before
        .region(centre, RADIUS + 1)
        .into_iter()
        .filter(|&c| (before.cells[c] == Square::Tree) != now_tree(c))
        .map(|c| c as u32)
        .collect()
}

/// A change to try: the squares of the planting it sets, and what the local estimate needs
/// (the flips also edit the layout in place, and undo the edit when the change is dropped).
pub(super) struct Candidate {
    /// The squares set, in order, on the planting the change was proposed from.
    edits: Vec<Edit>,
    zone: Vec<u32>,
    pub flips: Vec<u32>,
    centre: usize,
}

/// Squares of the planting as the rules' cell indices.
fn cells(squares: Vec<usize>) -> Vec<u32> {
    squares.into_iter().map(|c| c as u32).collect()
}

/// A random square to change around: an undecided one when there is any, else any square,
/// or with `late` (see [`Pace::late`]) a tent: the rules then solve the puzzle at an easier
/// tier than the target, and a change that makes them work harder is one that moves trees,
/// which a change around a square of grass seldom does.
fn pick_centre(plant: &Plant, undecided: &[u32], late: bool, rng: &mut ChaCha8Rng) -> usize {
    if !undecided.is_empty() {
        return undecided[below(rng, undecided.len())] as usize;
    }
    let mut c = below(rng, plant.cells.len());
    if late {
        // A tent stands on about one square in five: a few draws find one.
        for _ in 0..64 {
            if plant.cells[c] == Square::Tent {
                break;
            }
            c = below(rng, plant.cells.len());
        }
    }
    c
}

/// Moves the trees around an undecided square (mostly the few next to it: one tent's tree
/// moved breaks a local ambiguity without disturbing what the rules deduced around it): the
/// squares it sets, and its centre. Draws from `rng`, which two lanes share, so it does only
/// that: `scratch` is a copy of `plant`, edited and restored (cloning a 100x100 planting for
/// each proposal made the proposals a bottleneck), and [`Candidate::new`] does the rest.
/// `late`: see [`Pace::late`].
pub(super) fn propose(
    plant: &Plant,
    scratch: &mut Plant,
    undecided: &[u32],
    late: bool,
    rng: &mut ChaCha8Rng,
) -> (Vec<Edit>, usize) {
    let centre = pick_centre(plant, undecided, late, rng);
    let radius = if below(rng, 2) == 0 { 1 } else { RADIUS };
    // Late, near the end, half the moves move one tree: fewer squares disturbed where few are
    // left to settle (the figures, `docs/tents-solver.md`, favour it only a little).
    let most = if late && undecided.len() <= FEW_OPEN && below(rng, 2) == 0 {
        1
    } else {
        usize::MAX
    };
    let mut log = Vec::new();
    scratch.retree(centre, radius, most, rng, &mut log);
    let edits = log
        .iter()
        .map(|&(i, _, _)| (i, scratch.cells[i], scratch.partner[i]))
        .collect();
    scratch.undo(&log);
    (edits, centre)
}

impl Candidate {
    /// The move that sets `edits` (from [`propose`]) on `plant`, around `centre`.
    pub(super) fn new(plant: &Plant, edits: Vec<Edit>, centre: usize) -> Self {
        let flips = flips_around(plant, centre, |c| {
            let last = edits.iter().rev().find(|e| e.0 == c);
            last.map_or(plant.cells[c], |e| e.1) == Square::Tree
        });
        let zone = cells(plant.region(centre, ZONE));
        Candidate {
            edits,
            zone,
            flips,
            centre,
        }
    }

    /// The planting after the move, from the one it was proposed from.
    pub(super) fn plant_from(&self, base: &Plant) -> Plant {
        let mut next = base.clone();
        next.apply(&self.edits);
        next
    }
}

/// Whether a candidate is worth judging from scratch: the local estimate goes first; it is
/// optimistic, so a candidate it finds no better is (almost always) worse, and judging those
/// from scratch too doubled the time for nothing (save where the rules solve everything, see
/// [`Pace::bar`]). While more than [`MARGIN_UNTIL`] squares are open, the estimate must find
/// it better by more than the pace's margin. With the pace's second look, a candidate the
/// local estimate likes is estimated again over that half-width. `layout` is the candidate's,
/// `plant` the planting it was proposed from.
pub(super) fn screen(
    c: &Candidate,
    plant: &Plant,
    layout: &Layout,
    current: &Judged,
    target: Tier,
    pace: &Pace,
    est: &mut Estimator,
) -> bool {
    let first = estimate(layout, target, (&current.state, &c.zone, &c.flips), est);
    let margin = if current.score > MARGIN_UNTIL {
        pace.margin
    } else {
        0
    };
    if first + margin >= pace.bar(current) {
        return false;
    }
    let Some(radius) = pace.second_look else {
        return true;
    };
    let zone = cells(plant.region(c.centre, radius));
    estimate(layout, target, (&current.state, &zone, &c.flips), est) <= current.score
}

/// The exact verdict on a candidate that passed [`screen`], when it is no worse than
/// `current` (`None` too when stopped). `layout` is the candidate's.
pub(super) fn verdict(
    layout: &Layout,
    current: &Judged,
    target: Tier,
    cases: usize,
    stop: Stop,
    est: &mut Estimator,
) -> Option<Judged> {
    judged_within(layout, target, current.score, cases, stop, est)
}

/// The verdict from scratch, with case analysis on up to `cases` squares, when its score is
/// at most `limit` and it was not stopped.
fn judged_within(
    layout: &Layout,
    target: Tier,
    limit: usize,
    cases: usize,
    stop: Stop,
    est: &mut Estimator,
) -> Option<Judged> {
    let judged = judge(layout, target, cases, stop, est);
    (judged.score <= limit && !stop.is_some_and(|f| f())).then_some(judged)
}

/// How long a climb goes on, and how it weighs candidates.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pace {
    /// Candidate changes in all.
    pub budget: usize,
    /// Candidates in a row that improve nothing before tents are planted again.
    pub stall_limit: usize,
    /// Half-width of a second estimate of a candidate the local estimate likes (see [`screen`]).
    pub second_look: Option<usize>,
    /// Half-width of the band of rows and columns whose deductions are redone to estimate a new
    /// planting of tents before it is judged from scratch (see [`replant_estimate_fails`]).
    pub replant_band: Option<usize>,
    /// Threads that assess candidates: 1, or 2 with a helper (see `epoch`).
    pub lanes: usize,
    /// Squares the local estimate must find a candidate better by, beyond one, to judge it
    /// (see [`screen`]).
    pub margin: usize,
    /// The end of the climb as on large grids: with nothing open, changes around tents; for
    /// the hard target, around what case analysis left; near the end, half the moves move a
    /// single tree; and a climb stuck a few squares short gives up (see `climb`). Off on small
    /// grids, whose puzzles stay as they were.
    pub late: bool,
}

impl Pace {
    /// A pace of one candidate on one lane, with no second look, band or margin (for tests).
    #[cfg(test)]
    pub(super) fn one_lane(late: bool) -> Self {
        Pace {
            budget: 1,
            stall_limit: 1,
            second_look: None,
            replant_band: None,
            lanes: 1,
            margin: 0,
            late,
        }
    }

    /// Whether the climb is late and at `current` the rules solve everything below the target
    /// (score 1): where a change must make them stop just where the target tier's rules go on.
    pub(super) fn on_plateau(&self, current: &Judged) -> bool {
        self.late && current.score == 1
    }

    /// The local estimate a move from `current` must come under to be judged: its score, but
    /// 2 on the plateau (see [`Pace::on_plateau`]). There a change that makes a puzzle of the
    /// target tier stops the rules far from the move, which an estimate that trusts the rest
    /// of the grid cannot see (it says 1, solved below the target), while the moves it says 0
    /// for break the puzzle (figures in `docs/tents-solver.md`).
    pub(super) fn bar(&self, current: &Judged) -> usize {
        if self.on_plateau(current) {
            2
        } else {
            current.score
        }
    }

    /// The squares left by the tricky rules up to which the judgement of a change made from
    /// `current` tries case analysis (hard target): [`PLATEAU_LIMIT`] on the plateau (see
    /// [`Pace::on_plateau`]), else [`HARD_LIMIT`].
    pub(super) fn cases(&self, current: &Judged) -> usize {
        if self.on_plateau(current) {
            PLATEAU_LIMIT
        } else {
            HARD_LIMIT
        }
    }
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
    est: &mut Estimator,
) -> bool {
    let score = estimate(layout, target, (&current.state, band, flips), est);
    // A contradiction of trusted deductions with the new counts says nothing either way.
    score != usize::MAX && score > current.score.saturating_add(REPLANT_SLACK)
}

/// A new planting of the tents around an undecided square, with its layout.
pub(super) struct Replanting {
    pub plant: Plant,
    pub layout: Layout,
    flips: Vec<u32>,
    centre: usize,
}

/// The tents around an undecided square lifted and planted again, or `None` when as many no
/// longer fit (the planting would be thinner). Draws from `rng` only; [`Replanting::new`]
/// makes its layout.
pub(super) fn propose_replant(
    plant: &Plant,
    undecided: &[u32],
    late: bool,
    rng: &mut ChaCha8Rng,
) -> Option<(Plant, usize)> {
    let centre = pick_centre(plant, undecided, late, rng);
    let mut next = plant.clone();
    next.replant(centre, RADIUS, 0, rng)
        .then_some((next, centre))
}

impl Replanting {
    /// The new planting `next` (planted again around `centre`) of `plant`, whose layout is
    /// `layout`.
    pub(super) fn new(plant: &Plant, layout: &Layout, next: Plant, centre: usize) -> Self {
        let (rows, cols) = next.counts();
        let flips = flips_around(plant, centre, |c| next.cells[c] == Square::Tree);
        let layout = layout.edited(&flips, Some((&rows, &cols)));
        Replanting {
            plant: next,
            layout,
            flips,
            centre,
        }
    }

    /// Whether the new planting is worth judging from scratch: when estimated over the band
    /// of that half-width (if given), it is not already too much worse than `current`.
    pub(super) fn screen(
        &self,
        current: &Judged,
        target: Tier,
        band: Option<usize>,
        est: &mut Estimator,
    ) -> bool {
        band.is_none_or(|half| {
            let band = cells(self.plant.band(self.centre, half));
            !replant_estimate_fails(&self.layout, current, target, &band, &self.flips, est)
        })
    }

    /// The exact verdict on the new planting when it is not much worse than `current` (see
    /// [`REPLANT_SLACK`]; `None` too when stopped).
    pub(super) fn verdict(
        &self,
        current: &Judged,
        target: Tier,
        cases: usize,
        stop: Stop,
        est: &mut Estimator,
    ) -> Option<Judged> {
        let slack = current.score.saturating_add(REPLANT_SLACK);
        judged_within(&self.layout, target, slack, cases, stop, est)
    }
}

/// A change kept by the climb.
pub(super) enum Change {
    /// Trees moved: the tents, hence the counts, stay.
    Move(Candidate),
    /// Tents planted again: the counts changed (boxed: it holds a whole layout).
    Replant(Box<Replanting>),
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::super::plant::{Spread, plant_weighted};
    use super::*;
    use crate::grid::Topology;

    #[test]
    fn with_nothing_undecided_a_late_climb_changes_around_tents() {
        let t = Topology::new(30, 30, false);
        let spread = Spread::usual(0.0);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let p = plant_weighted(t, false, None, 180, spread, &mut rng);
        for _ in 0..200 {
            assert_eq!(p.cells[pick_centre(&p, &[], true, &mut rng)], Square::Tent);
        }
        // Else an undecided square.
        let undecided = [3u32, 77, 401];
        for _ in 0..50 {
            let c = pick_centre(&p, &undecided, true, &mut rng) as u32;
            assert!(undecided.contains(&c));
        }
    }

    #[test]
    fn only_late_and_at_score_one_case_analysis_reaches_further_and_more_moves_are_judged() {
        let t = Topology::new(12, 12, false);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let p = plant_weighted(t, false, None, 28, Spread::usual(0.0), &mut rng);
        let geo = std::sync::Arc::new(super::super::super::deduce::Geometry::new(t, false));
        let mut j = judge(
            &p.layout(&geo),
            Tier::Hard,
            HARD_LIMIT,
            None,
            &mut Estimator::default(),
        );
        let pace = Pace::one_lane;
        // (score, late, squares for case analysis, estimate a move must come under)
        for (score, late, cases, bar) in [
            (1, true, PLATEAU_LIMIT, 2),
            (1, false, HARD_LIMIT, 1),
            (2, true, HARD_LIMIT, 2),
            (50, true, HARD_LIMIT, 50),
        ] {
            j.score = score;
            assert_eq!(pace(late).cases(&j), cases, "score {score}, late {late}");
            assert_eq!(pace(late).bar(&j), bar, "score {score}, late {late}");
        }
    }
}
