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

use crate::deduce::{GenError, Generate, Tier};
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
}

/// Trees per square of every generated puzzle, at least (SPEC §10: about one per five).
pub const MIN_TREE_DENSITY: f64 = 0.18;

/// Largest side at which the solution of a puzzle whose tents may touch diagonally is planted
/// with tents touching diagonally too.
const DIAGADJ_TOUCHING_SIDE: f64 = 25.0;
/// Above that side, tents per square that the first planting may still place touching
/// diagonally.
const DIAGADJ_TOUCHING_SHARE: f64 = 0.01;
/// Smallest side from which the climb towards a tricky planted-apart diagadj puzzle takes a
/// second look at a candidate (see `Knobs::for_options`).
const SECOND_LOOK_SIDE: f64 = 60.0;
/// Half-width of the zone of that second look.
const SECOND_LOOK: usize = 10;
/// The usual `Knobs::stall_limit`.
const STALL_LIMIT: usize = 60;
/// `Knobs::stall_limit` of planted-apart diagadj puzzles (see `Knobs::for_options`).
const APART_STALL_LIMIT: usize = 15;
/// `Knobs::replant_band` of tricky planted-apart diagadj puzzles (see `Knobs::for_options`):
/// a new planting changes the counts of the rows and columns within 2 of its centre, and over
/// those alone the estimate was sometimes worse than the judgement (100x100 seed 0 made another
/// puzzle); 4 made the same puzzle in 21.1 s against 20.1 s.
const REPLANT_BAND: usize = 3;
/// Smallest side from which the climb towards a tricky planted-apart diagadj puzzle judges
/// only candidates its local estimate finds better by two squares or more while many are
/// open (see `Knobs::for_options`).
const MARGIN_SIDE: f64 = 70.0;
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
    /// Tents that may touch diagonally (`diagadj`, not in Tatham's game): above 25x25 the
    /// first planting keeps its tents apart diagonally save one tent per 100 squares, and the
    /// climb's replantings keep apart. The puzzle still lets tents touch, and the rules, the
    /// hints and the solver reason so; its solution keeps some touching pairs (25–50 at
    /// 50x50), so that a player cannot rule diagonal pairs out. Diagonal pairs are where other
    /// solutions swap in: planted touching as they fall, a 40x40 still had over 100 000
    /// solutions when the rules left 150 squares open, and with 300 candidates per square the
    /// climb took 3–4 s at 40x40 tricky, 12–31 s at 50x50 and 67 s at 60x60, with no 50x50
    /// easy at all. With few pairs, every tier: 40x40 in 0.5–8 s, 50x50 in 1.6–6.7 s, 60x60
    /// in 2.4–15 s, 75x75 tricky in 23–41 s, 100x100 in one to four minutes (before the
    /// second look below), at 0.2 trees per square. Kept wholly apart, fills ran out of room
    /// at 0.19 and 100x100 tricky took 89 s against 73 s (seed 0); one tent per 50 squares
    /// touching made 50x50 tricky take up to 24 s.
    ///
    /// From 60x60 on, most candidates the climb's local estimate likes late in the climb fail
    /// when judged from scratch; a second estimate over a 21x21 zone first cut 100x100 tricky
    /// from 76, 198 and 158 s to 57, 95 and 62 s (seeds 0–2) and 60x60 from 8.3, 4.1 and
    /// 15.8 s to 7.9, 3.5 and 7.0 s, but slowed 50x50 (2.5–5.4 s to 1.7–26 s). It is for
    /// tricky puzzles only: with it, 100x100 easy (seed 0) gave up after three attempts, where
    /// it took 43 s without.
    ///
    /// Planted-apart puzzles replant after 15 candidates in a row that improve nothing, not 60
    /// (measured; why replanting sooner pays there and not on the usual puzzles is not known).
    /// 50x50 tricky (seeds 0–4) took 0.8–1.5 s with 10, 0.6–2.0 s with 15, 0.8–2.7 s with 20,
    /// 0.7–1.4 s with 30, 1.2–3.9 s with 45 and 1.3–4.8 s with 60; with 15 against 60 (seeds
    /// 0–2), 50x50 easy took 0.8–1.0 s against 1.6–2.7 s, 50x50 hard 1.0–2.2 s against 2.2–6.7 s
    /// and 100x100 tricky 28 and 45 s against 56 and 102 s (seeds 0 and 1, one after the
    /// other; with 60, most candidates the local estimate liked failed when judged from
    /// scratch: 3912 of 4594 on 50x50 seed 0, against 260 of 1079 with 15). 100x100 hard
    /// varies most: 38, 1230 and 86 s (seeds 0–2) with 15, against 184 and 219 s (seeds 1 and
    /// 2) with 60; going back to 60 once case analysis is in play did not tame it (155 and 234 s
    /// on seeds 0 and 1, over 14 minutes on seed 2). The usual puzzles keep 60 (50x50 tricky:
    /// 0.13–0.23 s with 15, 0.15–0.21 s with 60).
    ///
    /// Tricky planted-apart puzzles estimate a new planting over the rows and columns within 3
    /// of it (the lines whose counts changed) before judging it from scratch, and drop it when
    /// even the estimate is worse than a new planting may be. The puzzles are the same, made
    /// sooner: 100x100 (seeds 0–2) in 21.8, 32.8 and 35.1 s against 24.5, 39.6 and 44.1 s;
    /// 50x50 (seeds 0–4) in 0.52–1.79 s, median 0.92 s, against 0.62–1.84 s, median 1.04 s.
    /// Not for the other tiers: the easy rules' estimate is sometimes worse than the judgement,
    /// and 50x50 easy gave up; 50x50 hard was 3% faster and made the same puzzles, but its
    /// estimate was worse than the judgement once on 4 seeds and 100x100 hard was not measured.
    /// Nor for the usual puzzles, which replant rarely: 100x100 tricky took 4.1, 9.4 and 7.9 s
    /// with it against 4.1, 8.1 and 6.9 s without.
    ///
    /// From 60x60 on, a helper thread assesses the climb's changes too, when the machine has
    /// two cores; the puzzles are the same. Measured on two cores, alone against with the
    /// helper (seeds 0 and 1 unless said): 100x100 tricky diagadj, seed 0, 13.0 s against
    /// 10.6 s; 75x75 tricky diagadj, seed 0, 4.2 s against 3.7 s; 60x60 tricky diagadj 1.67 and
    /// 1.16 s against 1.57 and 1.11 s; 100x100 hard 5.3 and 5.5 s against 4.3 and 4.7 s;
    /// 100x100 tricky 2.6 and 4.8 s against 2.4 and 4.3 s; but 50x50 easy (seeds 0 to 2) 0.37,
    /// 0.29 and 0.24 s against 0.45, 0.35 and 0.27 s, where stretches are short and the two
    /// threads spend their time waking each other. (Waiting awake for 100 µs before sleeping
    /// helped 50x50 but made 100x100 tricky diagadj take 14.5 s.) Times on this shared machine
    /// vary by up to a third from run to run with two threads.
    ///
    /// From 70x70 on, the climb towards a tricky planted-apart diagadj puzzle judges from
    /// scratch only candidates its local estimate finds better by two squares or more, until
    /// 20 squares are left open: a climb from 5200 open squares otherwise keeps one change per
    /// square, each judged from scratch (6559 judgements, 179 000 estimates on 100x100 seed 0).
    /// Measured on one thread, seeds 0–5 of 100x100: 8.9, 15.7, 12.8, 12.9, 17.5 and 14.5 s
    /// against 12.5, 17.9, 20.2, 15.6, 20.3 and 412 s; 75x75 (seeds 0–2) 3.7, 3.4 and 3.5 s
    /// against 4.2, 5.4 and 3.1 s; but 60x60 1.4, 1.5 and 2.4 s against 1.7, 1.1 and 1.0 s.
    /// A margin of two was no better at 100x100 (8.5, 17.0 and 13.3 s), nor a margin on the
    /// second look too. Not for the usual puzzles (100x100 tricky 4.7, 5.5 and 3.4 s against
    /// 2.3, 4.3 and 3.8 s; hard 7.6, 7.6 and 5.6 s against 4.8, 4.9 and 6.4 s) nor for hard
    /// diagadj (100x100 seed 0: 47 s against 21 s). Easy diagadj was mixed and is left as it
    /// was (100x100, seeds 0–2: 17.9, 37.3 and 21.1 s against 28.9, 20.0 and 24.8 s).
    pub fn for_options(options: &GenOptions) -> Self {
        let cells = (options.rows * options.cols).max(1);
        let side = (cells as f64).sqrt();
        let attempts = (5000 / cells).clamp(3, 400) as u32;
        // The easy rules need a chain of deductions from a line to every square: on a large
        // grid the climb makes slow progress until such chains join up, then fast (100x100,
        // seed 0: 5200 undecided squares, 1600 after 300 000 candidates; with 30 per square
        // all three attempts gave up, with 100 the first attempt succeeds on seeds 0 to 2).
        // Puzzles planted apart for `diagadj` need more candidates still. With 100 per square,
        // all three attempts gave up on 60x60 easy (seed 1), 100x100 easy (seed 0) and 100x100
        // tricky (seeds 1 and 2); with 300 they took 6.7 s, 43 s, 271 s and 216 s (the last
        // two with other work on both cores).
        let apart = options.params.diagadj && side > DIAGADJ_TOUCHING_SIDE;
        let touching = apart.then_some(DIAGADJ_TOUCHING_SHARE);
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
            second_look: (apart && side >= SECOND_LOOK_SIDE && options.difficulty == Tier::Tricky)
                .then_some(SECOND_LOOK),
            stall_limit: if apart {
                APART_STALL_LIMIT
            } else {
                STALL_LIMIT
            },
            replant_band: (apart && options.difficulty == Tier::Tricky).then_some(REPLANT_BAND),
            lanes: if cells >= LANES_MIN_CELLS {
                cores().min(2)
            } else {
                1
            },
            screen_margin: usize::from(
                apart && side >= MARGIN_SIDE && options.difficulty == Tier::Tricky,
            ),
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
    };
    let pace = moves::Pace {
        budget,
        stall_limit: knobs.stall_limit,
        second_look: knobs.second_look,
        replant_band: knobs.replant_band,
        lanes: knobs.lanes,
        margin: knobs.screen_margin,
    };
    for attempt in 0..knobs.attempts {
        let mut rng = ChaCha8Rng::seed_from_u64(derive(seed, u64::from(attempt)));
        let plant = plant::plant_weighted(topology, diagadj, touching, target, spread, &mut rng);
        if !plant.looks_usual(knobs.min_trees) {
            continue;
        }
        // The rules are sound, so a puzzle they solve has one solution; the solver confirms.
        if let Some(p) = climb::climb(&geo, plant, options.difficulty, pace, &mut rng)
            && p.looks_usual(knobs.min_trees)
        {
            let g = p.puzzle();
            if g.count(Some(2)) == Count::from(1u32) {
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

    fn generate(options: &GenOptions, seed: u64) -> Result<Self, GenError> {
        generate_with(options, seed, Knobs::for_options(options))
    }
}
