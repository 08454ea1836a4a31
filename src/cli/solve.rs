//! `solve PUZZLE [OUTPUT]`: the first solution in the puzzle's file format.

use super::args::OutputArgs;
use super::{Failure, Outcome, emit, load::load};
use crate::game::Game;

/// Runs `solve`.
pub fn run(args: &OutputArgs) -> Outcome {
    let game = load(&args.puzzle.puzzle, &args.puzzle.options)?;
    let solved = crate::with_game!(&game, g => g.solve().map(|s| s.format()));
    match solved {
        Some(text) => emit(args.output.as_deref(), &text),
        None => Err(Failure::negative("no solution")),
    }
}
