//! `check PUZZLE`: exit 0 if the position is won, else 1 with one line per error mark.

use super::args::PuzzleArgs;
use super::{Outcome, emit, load::load};
use crate::game::Game;

/// Runs `check`.
pub fn run(args: &PuzzleArgs) -> Outcome {
    let game = load(&args.puzzle, &args.options)?;
    let (won, marks) = crate::with_game!(&game, g => (g.is_won(), g.error_marks()));
    if won {
        emit(None, "won\n")?;
        return Ok(0);
    }
    let text: String = marks.iter().map(|m| format!("error: {m}\n")).collect();
    emit(None, &text)?;
    if marks.is_empty() {
        eprintln!("not won yet: no errors, but the puzzle is not finished");
    }
    Ok(1)
}
