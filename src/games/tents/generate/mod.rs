//! The Tents generator: plant a random solution, derive the counts, and repair the planting
//! until the rules solve its puzzle at exactly the requested tier (which proves the solution
//! unique; the solver's count confirms it).

mod climb;
mod plant;

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::deduce::{GenError, GenOptions, Generate, Tier};
use crate::game::{Count, Game};
use crate::grid::Topology;

use super::Tents;
use super::deduce::Geometry;

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
    /// Tents per square aimed at by the first planting.
    pub density: f64,
    /// How uneven the first planting is across rows and columns (0 = uniform).
    pub spread: f64,
    /// Candidate changes per attempt, per square of the grid.
    pub budget_per_cell: f64,
    /// Attempts (fresh plantings) before giving up.
    pub attempts: u32,
}

impl Knobs {
    /// The knobs used for a size and target tier.
    ///
    /// Small grids plant uniformly: their random plantings are often unique already. From
    /// about 15x15 on, rules alone rarely get started on uniform counts, so the planting gets
    /// more uneven with the size (rows and columns with very few or very many tents are where
    /// human solvers start, too).
    pub fn for_options(options: &GenOptions) -> Self {
        let cells = (options.rows * options.cols).max(1);
        let side = (cells as f64).sqrt();
        let spread = if side <= 12.0 {
            0.0
        } else if side <= 50.0 {
            4.0 * (side - 12.0) / 38.0
        } else {
            4.0 + (side - 50.0) / 50.0
        };
        // Tents that may touch diagonally pack closer and leave more placements open: such
        // puzzles get a sparser, more uneven planting.
        let spread = spread
            + match (options.difficulty, options.diagadj) {
                (Tier::Easy, false) => 1.0,
                (Tier::Easy, true) => 2.0,
                (Tier::Tricky, false) => 0.0,
                (Tier::Tricky, true) => 1.0,
                (Tier::Hard, false) => 0.5,
                (Tier::Hard, true) => 2.0,
            };
        let (small, at50, at100) = if options.diagadj {
            (0.2, 0.10, 0.07)
        } else {
            (0.2, 0.13, 0.11)
        };
        let density = if side <= 12.0 {
            small
        } else if side <= 50.0 {
            small + (at50 - small) * (side - 12.0) / 38.0
        } else {
            at50 + (at100 - at50) * ((side - 50.0) / 50.0).min(1.0)
        };
        Knobs {
            density,
            spread,
            budget_per_cell: 1.0,
            attempts: (5000 / cells).clamp(24, 400) as u32,
        }
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
    let geo = Arc::new(Geometry::new(topology, options.diagadj));
    let budget = 50 + (knobs.budget_per_cell * topology.len() as f64) as usize;
    let target = ((topology.len() as f64) * knobs.density).round() as usize;
    for attempt in 0..knobs.attempts {
        let mut rng = ChaCha8Rng::seed_from_u64(derive(seed, u64::from(attempt)));
        let plant =
            plant::plant_weighted(topology, options.diagadj, target, knobs.spread, &mut rng);
        // The rules are sound, so a puzzle they solve has one solution; the solver confirms.
        if let Some(g) = climb::climb(&geo, plant, options.difficulty, budget, &mut rng)
            && g.count(Some(2)) == Count::from(1u32)
        {
            return Ok(g);
        }
    }
    Err(GenError::GaveUp {
        difficulty: options.difficulty,
        attempts: knobs.attempts,
    })
}

impl Generate for Tents {
    fn generate(options: &GenOptions, seed: u64) -> Result<Self, GenError> {
        generate_with(options, seed, Knobs::for_options(options))
    }
}
