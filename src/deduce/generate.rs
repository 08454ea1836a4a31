//! What every game's generator shares: the request (size, difficulty, wrapping and the game's
//! own parameters), why it can fail, and the [`Generate`] trait.

use super::{Deduce, GenParams, Tier};

/// What to generate: what every game has, and the game's own parameters `P`
/// ([`Generate::Params`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenOptions<P> {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Target difficulty: the grade must equal it.
    pub difficulty: Tier,
    /// Toric grid.
    pub wrapping: bool,
    /// The game's own parameters.
    pub params: P,
}

impl<P> GenOptions<P> {
    /// The same size, difficulty and wrapping with other parameters.
    pub fn with_params<Q>(&self, params: Q) -> GenOptions<Q> {
        GenOptions {
            rows: self.rows,
            cols: self.cols,
            difficulty: self.difficulty,
            wrapping: self.wrapping,
            params,
        }
    }
}

/// Why a puzzle could not be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenError {
    /// The size or options are outside what the generator supports.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// No puzzle of the requested difficulty turned up within the attempt budget.
    #[error("no {difficulty} puzzle found in {attempts} attempts")]
    GaveUp {
        /// The difficulty asked for.
        difficulty: Tier,
        /// How many planted solutions were tried.
        attempts: u32,
    },
}

/// A game that can make new puzzles with exactly one solution.
pub trait Generate: Deduce {
    /// The game's own generation parameters (Tents: diagonal touching; Light Up: symmetric
    /// walls; Mosaic: the neighbourhood and how many clues to keep).
    type Params: GenParams;

    /// Rows and columns `gridpuzzles generate` makes when no size is given.
    const DEFAULT_SIZE: (usize, usize);

    /// The fewest and the most rows (and columns) the generator makes.
    const SIDES: (usize, usize);

    /// A puzzle with exactly one solution and grade `options.difficulty`, determined entirely by
    /// `options` and `seed` (same inputs, same puzzle, on every platform).
    fn generate(options: &GenOptions<Self::Params>, seed: u64) -> Result<Self, GenError>;
}
