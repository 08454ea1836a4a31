//! What every game's generator shares: the request (size, difficulty, wrapping and the game's
//! own parameters), why it can fail, and the [`Generate`] trait.

use super::gen_ctl::GenCtl;
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
    /// No puzzle of the requested difficulty exists at that size and variant: known before
    /// trying ([`Generate::no_puzzle`] says why).
    #[error("{0}")]
    NoPuzzle(String),
    /// No puzzle of the requested difficulty turned up within the attempt budget.
    #[error("no {difficulty} puzzle found in {attempts} attempts")]
    GaveUp {
        /// The difficulty asked for.
        difficulty: Tier,
        /// How many planted solutions were tried.
        attempts: u32,
    },
    /// The caller cancelled the job ([`GenCtl::cancel`]).
    #[error("cancelled")]
    Cancelled,
}

impl From<super::gen_ctl::Cancelled> for GenError {
    fn from(_: super::gen_ctl::Cancelled) -> Self {
        GenError::Cancelled
    }
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
    fn generate(options: &GenOptions<Self::Params>, seed: u64) -> Result<Self, GenError> {
        Self::generate_ctl(options, seed, &GenCtl::new())
    }

    /// [`Generate::generate`], reporting its progress to `ctl` and returning
    /// [`GenError::Cancelled`] soon after `ctl` is cancelled. The puzzle does not depend on
    /// `ctl`.
    fn generate_ctl(
        options: &GenOptions<Self::Params>,
        seed: u64,
        ctl: &GenCtl,
    ) -> Result<Self, GenError>;

    /// Why no puzzle of `options`' difficulty exists at its size and variant, when that is
    /// known without trying (from exhaustive searches, `tests/engine/generate_tiers.rs`); `None` when
    /// one may exist. [`Generate::generate`] gives up on such options, after trying.
    fn no_puzzle(options: &GenOptions<Self::Params>) -> Option<String> {
        let _ = options;
        None
    }
}

/// One line of a game's table of the sizes where some difficulties have no puzzle at all, as
/// exhaustive searches over every puzzle of that size found (`tests/engine/generate_tiers.rs` repeats
/// each search and checks the table against it, line by line).
#[derive(Clone, Copy, Debug)]
pub struct Missing<V> {
    /// Rows and columns, the fewer first: a grid and its transpose have the same puzzles,
    /// turned, so the table holds one of the two.
    pub size: (usize, usize),
    /// Toric grid.
    pub wrapping: bool,
    /// The game's own variant (Tents: diagonal touching; Light Up: symmetric walls; Mosaic:
    /// the neighbourhood).
    pub variant: V,
    /// The difficulties no puzzle of this size and variant has.
    pub tiers: &'static [Tier],
}

impl<V> Missing<V> {
    /// The line for `rows` x `cols` (`rows` <= `cols`).
    pub const fn new(
        rows: usize,
        cols: usize,
        wrapping: bool,
        variant: V,
        tiers: &'static [Tier],
    ) -> Missing<V> {
        Missing {
            size: (rows, cols),
            wrapping,
            variant,
            tiers,
        }
    }
}

/// Whether `table` lists `options`' difficulty as having no puzzle at its size, wrapping and
/// `variant`. Sizes the table does not list claim nothing.
pub fn listed_missing<V: PartialEq, P>(
    table: &[Missing<V>],
    options: &GenOptions<P>,
    variant: V,
) -> bool {
    let size = (
        options.rows.min(options.cols),
        options.rows.max(options.cols),
    );
    table.iter().any(|m| {
        m.size == size
            && m.wrapping == options.wrapping
            && m.variant == variant
            && m.tiers.contains(&options.difficulty)
    })
}

/// The sentence [`Generate::no_puzzle`] gives: `no hard Tents puzzle exists at 4x4 with
/// --wrapping: …`, `flags` being the options as typed on the command line (may be empty).
pub fn no_puzzle_sentence<P>(
    game: &str,
    options: &GenOptions<P>,
    flags: &[String],
    kept: &str,
) -> String {
    let with = match flags {
        [] => String::new(),
        flags => format!(" with {}", flags.join(" ")),
    };
    format!(
        "no {} {game} puzzle{kept} exists at {}x{}{with}: a search of every one finds none",
        options.difficulty, options.rows, options.cols
    )
}
