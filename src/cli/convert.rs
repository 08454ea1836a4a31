//! `convert PUZZLE --to file|id [OUTPUT]`: between the file format and a Tatham game ID (with
//! gridpuzzles' prefix naming the options such an ID cannot carry, and a warning for each).

use super::args::{ConvertArgs, ConvertTo};
use super::{Outcome, emit, load::load};
use crate::games::game_id;

/// Runs `convert`.
pub fn run(args: &ConvertArgs) -> Outcome {
    let target = &args.target;
    let game = load(&target.puzzle.puzzle, &target.puzzle.options)?;
    let text = match args.to {
        ConvertTo::File => game.format(),
        ConvertTo::Id => {
            let written = game_id::write(&game);
            // Said before the ID is written, so a reader of both streams sees it first.
            for warning in written.warnings() {
                eprintln!("gridpuzzles: {warning}");
            }
            format!("{}\n", written.id)
        }
    };
    emit(target.output.as_deref(), &text)
}
