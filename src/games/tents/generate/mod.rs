//! The Tents generator: plant a random solution, derive the counts, and repair the planting
//! until the rules solve its puzzle at exactly the requested tier (which proves the solution
//! unique; the solver's count confirms it).

mod climb;
mod epoch;
mod helper;
mod moves;
mod plant;

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::deduce::{
    GenCtl, GenError, Generate, Missing, Phase, Tier, listed_missing, no_puzzle_sentence,
};
use crate::game::{Count, Game};
use crate::grid::Topology;

use super::Tents;
use super::deduce::Geometry;
use super::gen_params::GenParams;

/// What the Tents generator is asked for.
pub type GenOptions = crate::deduce::GenOptions<GenParams>;

/// Smallest side the generator accepts.
pub const MIN_SIDE: usize = 4;
/// Largest side the generator accepts.
pub const MAX_SIDE: usize = 100;

/// A seed for attempt `i` of seed `seed` (SplitMix64 of both).
fn derive(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Tunable knobs of the generator.
#[derive(Clone, Copy, Debug)]
pub struct Knobs {
    /// Tents (and trees) per square aimed at by the first planting.
    pub density: f64,
    /// How uneven the first planting is across rows and columns (0 = uniform).
    pub spread: f64,
    /// The least weight of a line in an uneven planting (see `plant::Spread`).
    pub floor: f64,
    /// Trees per square a puzzle must keep, at least.
    pub min_trees: f64,
    /// Candidate changes per attempt, per square of the grid.
    pub budget_per_cell: f64,
    /// Attempts (fresh plantings) before giving up.
    pub attempts: u32,
    /// Where the puzzle lets tents touch diagonally: `None` plants them touching as they fall;
    /// `Some(d)` plants them apart save `d` tents per square of the first planting.
    pub touching: Option<f64>,
    /// Half-width of a second, wider estimate of a candidate the climb's local estimate likes,
    /// before it is judged from scratch (`None`: straight to the judgement).
    pub second_look: Option<usize>,
    /// Candidates in a row that improve nothing before the climb plants tents again.
    pub stall_limit: usize,
    /// Half-width of the band of rows and columns re-deduced to estimate a new planting of
    /// tents before it is judged from scratch (`None`: straight to the judgement).
    pub replant_band: Option<usize>,
    /// Threads that assess the climb's candidates, at most (the puzzle is the same with any).
    pub lanes: usize,
    /// Squares beyond one by which the climb's local estimate must find a candidate better
    /// before it is judged from scratch, while many squares are open.
    pub screen_margin: usize,
    /// Share of the rows, and of the columns, planted without tents (count 0).
    pub zero_share: f64,
    /// The end of the climb as on large grids (see `moves::Pace::late`).
    pub late_end: bool,
}

/// Trees per square of every generated puzzle, at least (docs/rules.md#solver-generator-and-hints:
/// about one per five).
pub const MIN_TREE_DENSITY: f64 = 0.18;

/// Largest side at which the solution of a puzzle whose tents may touch diagonally is planted
/// with tents touching diagonally too.
const DIAGADJ_TOUCHING_SIDE: f64 = 25.0;
/// Above that side, tents per square that the first planting may still place touching
/// diagonally.
const DIAGADJ_TOUCHING_SHARE: f64 = 0.01;
/// Smallest side from which the climb towards a tricky or hard planted-apart diagadj puzzle
/// takes a second look at a candidate (see `Knobs::for_options`).
const SECOND_LOOK_SIDE: f64 = 60.0;
/// Half-width of the zone of that second look.
const SECOND_LOOK: usize = 10;
/// The usual `Knobs::stall_limit`.
const STALL_LIMIT: usize = 60;
/// `Knobs::stall_limit` of planted-apart diagadj puzzles (see `Knobs::for_options`).
const APART_STALL_LIMIT: usize = 15;
/// `Knobs::replant_band` of tricky and hard planted-apart diagadj puzzles (see
/// `Knobs::for_options`): a new planting changes the counts of the rows and columns within 2 of
/// its centre, and over those alone the estimate was sometimes worse than the judgement.
const REPLANT_BAND: usize = 3;
/// Smallest side from which the climb towards a tricky or hard planted-apart diagadj puzzle
/// judges only candidates its local estimate finds better by two squares or more while many
/// are open (see `Knobs::for_options`).
const MARGIN_SIDE: f64 = 70.0;
/// Smallest side from which a share of the lines is planted without tents (see
/// `Knobs::for_options`).
const ZERO_LINES_SIDE: f64 = 60.0;
/// That share, of the rows and of the columns: the most a puzzle players know has (one line
/// in twenty, `Plant::looks_usual`).
const ZERO_LINES_SHARE: f64 = 0.05;
/// Squares from which the climb assesses candidates on two threads (see `Knobs::lanes`):
/// below 60x60 the helper costs more than it saves.
const LANES_MIN_CELLS: usize = 3600;

impl Knobs {
    /// The knobs used for a size and target tier.
    ///
    /// Every size is planted at Tatham's density, one tent per five squares (aiming a little
    /// higher, as the random fill runs out of room before its target on some plantings). Small grids plant
    /// uniformly: their random plantings are often unique already. From about 15x15 on, the
    /// rules rarely get started on uniform counts, so the planting is uneven across lines
    /// (rows and columns with very few or very many tents are where human solvers start, too),
    /// with a floor so that lines with no tent stay rare.
    ///
    /// Why each of the other knobs is as it is (the measurements, and what was tried, are in
    /// `docs/tents-solver.md`):
    /// - `diagadj` above 25x25: the first planting keeps its tents apart diagonally save one
    ///   tent per 100 squares, and replantings keep apart; the puzzle still lets tents touch,
    ///   and its solution keeps some touching pairs so that a player cannot rule them out.
    ///   Diagonal pairs are where other solutions swap in: planted as they fall, the climb
    ///   was far slower.
    /// - From 60x60 on, tricky and hard planted-apart puzzles get a second estimate over a
    ///   wider zone before a judgement from scratch: most candidates the local estimate likes
    ///   late in the climb fail there.
    /// - Planted-apart puzzles replant after 15 candidates in a row that improve nothing, not
    ///   60 (measured faster; why it pays there and not on the usual puzzles is not known).
    /// - Tricky and hard planted-apart puzzles estimate a new planting over the lines whose
    ///   counts it changed before judging it: the same puzzles, sooner.
    /// - From 60x60 on, a helper thread assesses the climb's changes too, on two cores; the
    ///   puzzles are the same.
    /// - From 70x70 on, the climb towards a tricky or hard planted-apart diagadj puzzle judges
    ///   only candidates its estimate finds better by two squares or more while over 20 are
    ///   open: otherwise it keeps one change per square, each judged from scratch.
    /// - From 70x70 on, the climb towards an easy puzzle takes that margin too: it is sooner
    ///   there, and not for tricky and hard ones (figures in `docs/log/generate-giant.md`).
    /// - From 60x60 on, one row in twenty and one column in twenty are planted without tents
    ///   (the most `Plant::looks_usual` allows): each is a line of grass the rules start from,
    ///   as from the edges, and the climb towards a 100x100 puzzle was 2 to 4 times shorter.
    ///   The end of the climb changes too (`moves::Pace::late`): the hard climbs spent most of
    ///   their time there. Smaller puzzles, the bundled pack's among them, stay as they were
    ///   (they take a second or less).
    /// - Hard puzzles take the tricky knobs above, as their climb is the tricky one until the
    ///   tricky rules leave few squares open (on a torus too: at 100x100 with diagadj, that
    ///   part of the climb was sooner on six seeds of seven, `docs/log/generate-giant.md`).
    pub fn for_options(options: &GenOptions) -> Self {
        let cells = (options.rows * options.cols).max(1);
        let side = (cells as f64).sqrt();
        let attempts = (5000 / cells).clamp(3, 400) as u32;
        // The easy rules need a chain of deductions from a line to every square: on a large
        // grid the climb makes slow progress until such chains join up, then fast. Puzzles
        // planted apart for `diagadj` need more candidates still.
        let apart = options.params.diagadj && side > DIAGADJ_TOUCHING_SIDE;
        let touching = apart.then_some(DIAGADJ_TOUCHING_SHARE);
        // The hard tier's climb is the tricky one's until the tricky rules leave few squares
        // open (see `moves::score`), so it takes the same knobs.
        let beyond_easy = options.difficulty != Tier::Easy;
        let budget_per_cell = match (options.difficulty, apart) {
            (_, true) => 300.0,
            (Tier::Easy, false) => 100.0,
            _ => 30.0,
        };
        Knobs {
            density: 0.205,
            spread: if side <= 12.0 { 0.0 } else { 2.0 },
            floor: 0.1,
            min_trees: MIN_TREE_DENSITY,
            budget_per_cell,
            attempts,
            touching,
            second_look: (apart && side >= SECOND_LOOK_SIDE && beyond_easy).then_some(SECOND_LOOK),
            stall_limit: if apart {
                APART_STALL_LIMIT
            } else {
                STALL_LIMIT
            },
            replant_band: (apart && beyond_easy).then_some(REPLANT_BAND),
            lanes: if cells >= LANES_MIN_CELLS {
                cores().min(2)
            } else {
                1
            },
            screen_margin: usize::from(
                side >= MARGIN_SIDE && (options.difficulty == Tier::Easy || (apart && beyond_easy)),
            ),
            zero_share: if side >= ZERO_LINES_SIDE {
                ZERO_LINES_SHARE
            } else {
                0.0
            },
            late_end: side >= ZERO_LINES_SIDE,
        }
    }
}

/// Cores this process may use (1 when unknown).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// How a puzzle is planted, as a player sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// Trees per square.
    pub trees_per_square: f64,
    /// Rows and columns whose count is 0.
    pub zero_lines: usize,
    /// Pairs of tents of the (first) solution that touch diagonally; 0 without a solution.
    pub touching_pairs: usize,
}

/// The shape of a puzzle (for the benches, examples and tests that report on the generator;
/// it solves the puzzle).
pub fn shape(g: &Tents) -> Shape {
    let trees = g
        .grid()
        .cells()
        .iter()
        .filter(|&&s| s == super::Square::Tree)
        .count();
    let zero_lines = g
        .row_counts()
        .iter()
        .chain(g.col_counts())
        .filter(|&&n| n == 0)
        .count();
    let t = g.topology();
    let tents = super::solve::first_solution(&g.puzzle()).unwrap_or_default();
    Shape {
        trees_per_square: trees as f64 / t.len() as f64,
        zero_lines,
        touching_pairs: plant::diagonal_pairs(t, |c| tents.get(c).copied().unwrap_or(false)),
    }
}

/// Generates with explicit knobs.
pub fn generate_with(options: &GenOptions, seed: u64, knobs: Knobs) -> Result<Tents, GenError> {
    generate_with_ctl(options, seed, knobs, &GenCtl::new())
}

/// Generates with explicit knobs, reporting to `ctl` and stopping when it is cancelled.
pub fn generate_with_ctl(
    options: &GenOptions,
    seed: u64,
    knobs: Knobs,
    ctl: &GenCtl,
) -> Result<Tents, GenError> {
    let (rows, cols) = (options.rows, options.cols);
    if !(MIN_SIDE..=MAX_SIDE).contains(&rows) || !(MIN_SIDE..=MAX_SIDE).contains(&cols) {
        return Err(GenError::Unsupported(format!(
            "Tents sizes run from {MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE}, not {rows}x{cols}"
        )));
    }
    let topology = Topology::new(rows, cols, options.wrapping);
    let diagadj = options.params.diagadj;
    let geo = Arc::new(Geometry::new(topology, diagadj));
    let budget = 50 + (knobs.budget_per_cell * topology.len() as f64) as usize;
    let target = ((topology.len() as f64) * knobs.density).round() as usize;
    let touching = knobs
        .touching
        .map(|d| ((topology.len() as f64) * d).round() as usize);
    let spread = plant::Spread {
        power: knobs.spread,
        floor: knobs.floor,
        zero_share: knobs.zero_share,
    };
    let pace = moves::Pace {
        budget,
        stall_limit: knobs.stall_limit,
        second_look: knobs.second_look,
        replant_band: knobs.replant_band,
        lanes: knobs.lanes,
        margin: knobs.screen_margin,
        late: knobs.late_end,
    };
    for attempt in 0..knobs.attempts {
        ctl.check()?;
        ctl.report_attempt(attempt);
        ctl.report(Phase::Planting, 0.0);
        let mut rng = ChaCha8Rng::seed_from_u64(derive(seed, u64::from(attempt)));
        let plant = plant::plant_weighted(topology, diagadj, touching, target, spread, &mut rng);
        if !plant.looks_usual(knobs.min_trees) {
            continue;
        }
        // The rules are sound, so a puzzle they solve has one solution; the solver confirms.
        let climbed = climb::climb(&geo, plant, options.difficulty, pace, &mut rng, ctl)?;
        if let Some(p) = climbed
            && p.looks_usual(knobs.min_trees)
        {
            ctl.report(Phase::Checking, 1.0);
            let g = p.puzzle();
            let count = g
                .count_within(2, &ctl.budget())
                .map_err(|_| GenError::Cancelled)?;
            if count == Count::from(1u32) {
                return Ok(g);
            }
        }
    }
    Err(GenError::GaveUp {
        difficulty: options.difficulty,
        attempts: knobs.attempts,
    })
}

impl Generate for Tents {
    type Params = GenParams;
    const DEFAULT_SIZE: (usize, usize) = (8, 8);
    const SIDES: (usize, usize) = (MIN_SIDE, MAX_SIDE);

    fn generate_ctl(options: &GenOptions, seed: u64, ctl: &GenCtl) -> Result<Self, GenError> {
        generate_with_ctl(options, seed, Knobs::for_options(options), ctl)
    }

    /// Among the puzzles this generator keeps (planted as players know them, see
    /// `Plant::looks_usual`), the sizes [`NO_PUZZLE`] lists.
    fn no_puzzle(options: &GenOptions) -> Option<String> {
        let diagadj = options.params.diagadj;
        if !listed_missing(NO_PUZZLE, options, diagadj) {
            return None;
        }
        let mut flags = Vec::new();
        if options.wrapping {
            flags.push("--wrapping".to_string());
        }
        if diagadj {
            flags.push("--diagadj".to_string());
        }
        let kept = " the generator keeps (at least 18% trees, few empty lines)";
        Some(no_puzzle_sentence("Tents", options, &flags, kept))
    }
}

/// Sizes and variants where no Tents puzzle of some difficulty exists among those the
/// generator keeps; `diagadj` is the variant. On a torus four squares round, tents kept off
/// their diagonals leave no planting the generator keeps with exactly one solution (searched
/// up to 4x7; listed up to 4x6, which the test searches again); at 4x4 nothing needs case
/// analysis, nor at 4x5 once planted as the generator plants.
pub const NO_PUZZLE: &[Missing<bool>] = &[
    Missing::new(4, 4, false, false, &[Tier::Hard]),
    Missing::new(4, 4, true, false, &Tier::ALL),
    Missing::new(4, 5, false, false, &[Tier::Hard]),
    Missing::new(4, 5, true, false, &Tier::ALL),
    Missing::new(4, 6, true, false, &Tier::ALL),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduce::gen_ctl::assert_cancels_promptly;

    #[test]
    fn a_cancel_returns_within_a_few_checks_at_any_point_of_the_job() {
        for (side, difficulty, diagadj) in [(20, Tier::Tricky, false), (14, Tier::Hard, true)] {
            let options = GenOptions {
                rows: side,
                cols: side,
                difficulty,
                wrapping: false,
                params: GenParams { diagadj },
            };
            assert_cancels_promptly(|ctl| Tents::generate_ctl(&options, 5, ctl), 20);
        }
    }
}
