//! The Light Up generator: plant walls (about 20%, optionally symmetric) and bulbs lighting
//! everything, number every wall, add walls where even the fully numbered puzzle leaves squares
//! open, then remove numbers until the puzzle is as bare as the target difficulty allows. Same
//! options and seed, same puzzle, on every platform.

mod plant;
mod reduce;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::deduce::{
    Cancelled, Deduce, GenCtl, GenError, Generate, Missing, Phase, Tier, listed_missing,
    no_puzzle_sentence,
};
use crate::game::Game;
use crate::grid::Topology;

use super::LightUp;
use super::deduce::solve_up_to;
use super::gen_params::GenParams;
use plant::Plant;

/// What the Light Up generator is asked for.
pub type GenOptions = crate::deduce::GenOptions<GenParams>;

/// The smallest side a generated grid may have.
pub const MIN_SIDE: usize = 2;
/// The largest side a generated grid may have.
pub const MAX_SIDE: usize = 100;
/// Planted puzzles tried before giving up, at least (see [`attempts`]).
pub const MAX_ATTEMPTS: u32 = 60;
/// Squares of all the attempts of a small grid together: a small grid gets more attempts, as
/// they are cheap and hard puzzles are rare there.
const ATTEMPT_SQUARES: usize = 20_000;
/// Wall density, in percent.
const WALL_PERCENT: usize = 20;
/// Rounds of adding walls to a planted puzzle the rules cannot solve.
const MAX_REPAIRS: u32 = 40;
/// One wall is added per this many squares left open by a round.
const OPEN_PER_WALL: usize = 12;

/// Sizes and variants where no Light Up puzzle of some difficulty exists; `symmetric` is the
/// variant.
pub const NO_PUZZLE: &[Missing<bool>] = &[
    Missing::new(2, 2, false, false, &[Tier::Tricky, Tier::Hard]),
    Missing::new(2, 2, false, true, &[Tier::Tricky, Tier::Hard]),
    Missing::new(2, 2, true, false, &[Tier::Tricky, Tier::Hard]),
    Missing::new(2, 2, true, true, &[Tier::Tricky, Tier::Hard]),
    Missing::new(2, 3, false, false, &[Tier::Hard]),
    Missing::new(2, 3, true, false, &[Tier::Tricky, Tier::Hard]),
    Missing::new(2, 3, false, true, &[Tier::Hard]),
    Missing::new(2, 3, true, true, &[Tier::Tricky, Tier::Hard]),
    Missing::new(2, 4, false, false, &[Tier::Hard]),
    Missing::new(2, 4, false, true, &[Tier::Hard]),
    Missing::new(2, 4, true, false, &[Tier::Hard]),
    Missing::new(2, 4, true, true, &[Tier::Hard]),
    Missing::new(3, 3, false, true, &[Tier::Hard]),
    Missing::new(2, 5, false, true, &[Tier::Hard]),
    Missing::new(3, 3, true, true, &[Tier::Hard]),
    Missing::new(2, 5, true, true, &[Tier::Hard]),
    Missing::new(2, 6, true, true, &[Tier::Hard]),
];

/// The seed of attempt `k` for a user seed: a SplitMix64 step, so attempts differ widely.
fn derive(seed: u64, k: u32) -> u64 {
    let mut z = seed
        .wrapping_add(u64::from(k).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x632B_E59B_D9B4_E019);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Checks the sizes Light Up supports.
fn check(options: &GenOptions) -> Result<(), GenError> {
    for (side, name) in [(options.rows, "rows"), (options.cols, "columns")] {
        if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(GenError::Unsupported(format!(
                "Light Up grids need {MIN_SIDE} to {MAX_SIDE} {name}, not {side}"
            )));
        }
    }
    Ok(())
}

/// Share of the progress bar the planting fills; removing numbers fills the rest up to
/// [`CHECKING_FROM`].
const PLANTED_AT: f64 = 0.1;
/// Where the progress bar stands when the final grade and count start.
const CHECKING_FROM: f64 = 0.95;

/// A fully numbered puzzle the rules up to `level` solve: walls are added where they get stuck.
fn solvable_plant(
    options: &GenOptions,
    level: Tier,
    rng: &mut ChaCha8Rng,
    ctl: &GenCtl,
) -> Result<Option<LightUp>, Cancelled> {
    let topology = Topology::new(options.rows, options.cols, options.wrapping);
    let mut plant = Plant::new(topology, WALL_PERCENT, options.params.symmetric, rng);
    for round in 0..MAX_REPAIRS {
        ctl.check()?;
        ctl.report(
            Phase::Planting,
            PLANTED_AT * f64::from(round) / f64::from(MAX_REPAIRS),
        );
        let puzzle = plant.puzzle();
        let solved = solve_up_to(&puzzle, level);
        if solved.tier.is_some() {
            return Ok(Some(puzzle));
        }
        let open = solved.undecided;
        plant.wall_in(&open, open.len().div_ceil(OPEN_PER_WALL), rng);
    }
    Ok(None)
}

/// One planted puzzle, reduced to the target difficulty if it can be.
fn attempt(
    options: &GenOptions,
    seed: u64,
    k: u32,
    ctl: &GenCtl,
) -> Result<Option<LightUp>, Cancelled> {
    ctl.report_attempt(k);
    let mut rng = ChaCha8Rng::seed_from_u64(derive(seed, k));
    let level = options.difficulty.min(Tier::Tricky);
    let Some(full) = solvable_plant(options, level, &mut rng, ctl)? else {
        return Ok(None);
    };
    let Some(puzzle) = reduce::reduce(full, options.difficulty, &mut rng, ctl)? else {
        return Ok(None);
    };
    ctl.report(Phase::Checking, CHECKING_FROM);
    let unique = puzzle.count(Some(2)) == 1u32.into();
    ctl.check()?;
    Ok((unique && puzzle.grade() == Some(options.difficulty)).then_some(puzzle))
}

/// Planted puzzles tried before giving up on a grid of `cells` squares. With 60 at every size,
/// about one seed in 150 gave up on hard puzzles from 6x6 to 8x7 (1 to 3 of 300 seeds per size);
/// the seeds that succeed within 60 attempts make the same puzzles as before.
fn attempts(cells: usize) -> u32 {
    let small = ATTEMPT_SQUARES / cells.max(1);
    MAX_ATTEMPTS.max(u32::try_from(small).unwrap_or(u32::MAX))
}

impl Generate for LightUp {
    type Params = GenParams;
    const DEFAULT_SIZE: (usize, usize) = (7, 7);
    const SIDES: (usize, usize) = (MIN_SIDE, MAX_SIDE);

    /// The sizes [`NO_PUZZLE`] lists.
    fn no_puzzle(options: &GenOptions) -> Option<String> {
        let symmetric = options.params.symmetric;
        if !listed_missing(NO_PUZZLE, options, symmetric) {
            return None;
        }
        let mut flags = Vec::new();
        if options.wrapping {
            flags.push("--wrapping".to_string());
        }
        if symmetric {
            flags.push("--symmetric".to_string());
        }
        Some(no_puzzle_sentence("Light Up", options, &flags, ""))
    }

    fn generate_ctl(options: &GenOptions, seed: u64, ctl: &GenCtl) -> Result<Self, GenError> {
        check(options)?;
        let attempts = attempts(options.rows * options.cols);
        for k in 0..attempts {
            if let Some(puzzle) = attempt(options, seed, k, ctl)? {
                return Ok(puzzle);
            }
        }
        Err(GenError::GaveUp {
            difficulty: options.difficulty,
            attempts,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduce::gen_ctl::assert_cancels_promptly;

    #[test]
    fn a_cancel_returns_within_a_few_checks_at_any_point_of_the_job() {
        for (difficulty, symmetric) in [(Tier::Tricky, false), (Tier::Hard, true)] {
            let options = GenOptions {
                rows: 14,
                cols: 14,
                difficulty,
                wrapping: false,
                params: GenParams { symmetric },
            };
            assert_cancels_promptly(|ctl| LightUp::generate_ctl(&options, 5, ctl), 20);
        }
    }
}
