//! Turns a PUZZLE argument (file path, Tatham game ID, puzzle made here or pack name) into a
//! game, with the command line's option overrides.

use super::Failure;
use super::args::GameOptions;
use crate::game::GameKind;
use crate::games::AnyGame;
use crate::puzzle_arg::{self, ReadPuzzle};

pub use crate::puzzle_arg::MAX_FILE_BYTES;

/// Loads PUZZLE and applies the command line's option overrides.
pub fn load(puzzle: &str, options: &GameOptions) -> Result<AnyGame, Failure> {
    Ok(load_with_origin(puzzle, options)?.game)
}

/// [`load`], keeping how the puzzle was made when the new-puzzle form made it (and the
/// options did not change it).
pub fn load_with_origin(puzzle: &str, options: &GameOptions) -> Result<ReadPuzzle, Failure> {
    let read = puzzle_arg::read(puzzle, options.kind()).map_err(Failure::input)?;
    let game = options.apply(&read.game).map_err(Failure::input)?;
    let made = read.made.filter(|_| game == read.game);
    Ok(ReadPuzzle { game, made })
}

/// Reads the puzzle in a file's bytes, recognising its game unless `kind` forces it; errors
/// name the file (`name`), the line and the column.
pub fn parse_file(name: &str, bytes: &[u8], kind: Option<GameKind>) -> Result<AnyGame, Failure> {
    puzzle_arg::parse_file(name, bytes, kind).map_err(Failure::input)
}
