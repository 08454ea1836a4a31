//! `convert PUZZLE --to file|id [OUTPUT]`: between the file format and a Tatham game ID.

use super::args::{ConvertArgs, ConvertTo};
use super::{Outcome, emit, load::load};
use crate::game::Game;

/// Runs `convert`.
pub fn run(args: &ConvertArgs) -> Outcome {
    let target = &args.target;
    let game = load(&target.puzzle.puzzle, &target.puzzle.options)?;
    let text = match args.to {
        ConvertTo::File => game.format(),
        ConvertTo::Id => crate::with_game!(&game, g => format!("{}\n", g.to_tatham_id())),
    };
    emit(target.output.as_deref(), &text)
}
