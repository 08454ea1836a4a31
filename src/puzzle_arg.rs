//! A PUZZLE argument, as `play`, the other commands and the player's open prompt take it: a
//! file path, a Tatham game ID, a puzzle made here (`random/…`) or a pack name, read into a
//! game. Errors name the argument, and for files and IDs the line and column.

use std::io::Read;
use std::path::Path;

use crate::game::{GameKind, ellipsized};
use crate::games::AnyGame;
use crate::games::game_id::looks_like_tatham_id;
use crate::progress::{Made, Store};

/// A puzzle read from an argument, with how it was made when the new-puzzle form made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadPuzzle {
    /// The puzzle.
    pub game: AnyGame,
    /// How it was made, for a puzzle made here.
    pub made: Option<Made>,
}

/// Reads PUZZLE (forcing its game to `kind` when given). No error repeats more than
/// [`SHOWN_CHARS`] characters of it.
pub fn read(puzzle: &str, kind: Option<GameKind>) -> Result<ReadPuzzle, String> {
    if crate::kept::is_kept(puzzle) && !(could_be_path(puzzle) && Path::new(puzzle).exists()) {
        let store = Store::open_default().map_err(|e| format!("{}: {e}", shown(puzzle)))?;
        let (game, made) = crate::kept::load(&store, puzzle)?;
        return Ok(ReadPuzzle {
            game,
            made: Some(made),
        });
    }
    read_plain(puzzle, kind).map(|game| ReadPuzzle { game, made: None })
}

fn read_plain(puzzle: &str, kind: Option<GameKind>) -> Result<AnyGame, String> {
    let path = Path::new(puzzle);
    let named = shown(puzzle);
    // A file first, even one whose name looks like an ID; an argument no file can be named
    // is not asked for.
    let on_disk = could_be_path(puzzle);
    match on_disk.then(|| std::fs::metadata(path)) {
        // Any readable non-directory path: regular files, /dev/stdin, named pipes.
        Some(Ok(meta)) if !meta.is_dir() => {
            let bytes = read_capped(path).map_err(|e| format!("{named}: cannot read: {e}"))?;
            return parse_file(puzzle, &bytes, kind);
        }
        // A path that is there but cannot be followed (a symlink loop, a folder that may not
        // be searched) is reported in the system's words, unless it is plainly an ID.
        Some(Err(e))
            if e.kind() != std::io::ErrorKind::NotFound && !looks_like_tatham_id(puzzle) =>
        {
            return Err(format!("{named}: {e}"));
        }
        _ => {}
    }
    if looks_like_tatham_id(puzzle) {
        return AnyGame::from_tatham_id(puzzle, kind).map_err(|e| format!("game ID {named}: {e}"));
    }
    if on_disk && path.is_dir() {
        return Err(format!("{named}: is a folder, not a puzzle file"));
    }
    if let Some(entry) = crate::pack::find(puzzle) {
        return entry.load();
    }
    let file = if on_disk {
        "no such file,"
    } else {
        "too long for a file name, and no"
    };
    Err(format!(
        "{named}: {file} Tatham game ID (WxH:DESC), puzzle made here or pack puzzle \
         (see `gridpuzzles list`)"
    ))
}

/// The most characters of the argument an error repeats: longer ones are cut, with an ellipsis
/// (an ID's error says by its column where the trouble is).
pub const SHOWN_CHARS: usize = 48;

/// The argument as an error repeats it: at most [`SHOWN_CHARS`] characters, the ellipsis
/// included.
pub fn shown(argument: &str) -> String {
    ellipsized(argument, SHOWN_CHARS)
}

/// The longest file name (one path component) and the longest path, in bytes, that the file
/// system takes (Linux's `NAME_MAX`, and `PATH_MAX` less its final NUL).
const NAME_MAX: usize = 255;
const PATH_MAX: usize = 4095;

/// Whether `argument` could name a file: at most [`PATH_MAX`] bytes, no component over
/// [`NAME_MAX`], no NUL. Another is never handed to the file system, which would only refuse
/// it.
pub fn could_be_path(argument: &str) -> bool {
    argument.len() <= PATH_MAX
        && !argument.contains('\0')
        && argument
            .split(std::path::is_separator)
            .all(|part| part.len() <= NAME_MAX)
}

/// The largest puzzle file read, in bytes: enough for the largest grid any reader accepts
/// ([`crate::game::MAX_SQUARES`] squares of a Mosaic file, two characters each, is 32 MiB and
/// a little), and a bound on memory whatever the path is (`/dev/zero` included).
pub const MAX_FILE_BYTES: u64 = 40 * 1024 * 1024;

/// Reads at most [`MAX_FILE_BYTES`] of `path`; a longer file is an error, not a partial read.
fn read_capped(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(std::io::Error::other(format!(
            "larger than {} MiB, the most a puzzle file may hold",
            MAX_FILE_BYTES / (1024 * 1024)
        )));
    }
    Ok(bytes)
}

/// Reads the puzzle in a file's bytes, recognising its game unless `kind` forces it; errors
/// name the file (`name`, cut as [`shown`] cuts it), the line and the column.
pub fn parse_file(name: &str, bytes: &[u8], kind: Option<GameKind>) -> Result<AnyGame, String> {
    let name = shown(name);
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let (line, col) = line_col(&bytes[..e.valid_up_to()]);
        format!("{name}: line {line}, column {col}: expected UTF-8 text")
    })?;
    match kind {
        Some(kind) => AnyGame::parse(text, Some(kind)).map_err(|e| format!("{name}: {e}")),
        None => {
            // Say which game the file was read as: an error in one game's terms is puzzling
            // for a file of another.
            let read_as = crate::games::any::detect_file(text);
            AnyGame::parse(text, Some(read_as))
                .map_err(|e| format!("{name}: read as {}: {e}", read_as.title()))
        }
    }
}

/// 1-based line and column just after `valid` bytes.
fn line_col(valid: &[u8]) -> (usize, usize) {
    let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
    let last = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let col = String::from_utf8_lossy(&valid[last..]).chars().count() + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_could_name_a_file_is_asked_of_the_file_system() {
        assert!(could_be_path("puzzles/tents/a.txt"));
        assert!(could_be_path(&format!("dir/{}", "n".repeat(NAME_MAX))));
        assert!(!could_be_path(&"n".repeat(NAME_MAX + 1)));
        assert!(!could_be_path(&"dir/".repeat(1024)));
        assert!(could_be_path(&"dir/".repeat(1023)));
        assert!(!could_be_path("a\0b"));
    }

    #[test]
    fn long_arguments_are_repeated_cut_on_a_character_boundary() {
        let long = "é".repeat(60);
        let cut = shown(&long);
        assert_eq!(cut.chars().count(), SHOWN_CHARS);
        assert!(cut.ends_with('…'));
        assert_eq!(shown(&"é".repeat(SHOWN_CHARS)), "é".repeat(SHOWN_CHARS));
        let err = read(&"n".repeat(100_000), None).unwrap_err();
        assert!(err.contains("too long for a file name"), "{err}");
        assert!(err.chars().count() < 200, "{err}");
    }
}
