//! `count PUZZLE [OUTPUT] [--limit N]`: the number of solutions.

use super::args::CountArgs;
use super::{Outcome, emit, load::load};
use crate::game::Game;

/// Runs `count`.
pub fn run(args: &CountArgs) -> Outcome {
    let target = &args.target;
    let game = load(&target.puzzle.puzzle, &target.puzzle.options)?;
    let count = crate::with_game!(&game, g => g.count(args.limit));
    emit(target.output.as_deref(), &format!("{count}\n"))
}
