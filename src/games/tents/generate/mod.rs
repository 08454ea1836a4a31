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
    /// The knobs used for a target tier.
    pub fn for_tier(tier: Tier) -> Self {
        match tier {
            Tier::Easy => Knobs {
                density: 0.12,
                spread: 6.0,
                budget_per_cell: 1.0,
                attempts: 20,
            },
            Tier::Tricky => Knobs {
                density: 0.14,
                spread: 4.0,
                budget_per_cell: 1.0,
                attempts: 20,
            },
            Tier::Hard => Knobs {
                density: 0.16,
                spread: 2.0,
                budget_per_cell: 1.0,
                attempts: 20,
            },
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
        generate_with(options, seed, Knobs::for_tier(options.difficulty))
    }
}
