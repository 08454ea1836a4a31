//! A PUZZLE argument, as `play`, the other commands and the player's open prompt take it: a
//! file path, a Tatham game ID, a puzzle made here (`random/…`) or a pack name, read into a
//! game. Errors name the argument, and for files and IDs the line and column.

use std::io::Read;
use std::path::Path;

use crate::game::GameKind;
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

/// Reads PUZZLE (forcing its game to `kind` when given).
pub fn read(puzzle: &str, kind: Option<GameKind>) -> Result<ReadPuzzle, String> {
    if crate::kept::is_kept(puzzle) && !Path::new(puzzle).exists() {
        let store = Store::open_default().map_err(|e| format!("{puzzle}: {e}"))?;
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
    match std::fs::metadata(path) {
        // Any readable non-directory path: regular files, /dev/stdin, named pipes.
        Ok(meta) if !meta.is_dir() => {
            let bytes = read_capped(path).map_err(|e| format!("{puzzle}: cannot read: {e}"))?;
            return parse_file(puzzle, &bytes, kind);
        }
        Ok(_) => {}
        // A path that is there but cannot be followed (a symlink loop, a folder that may not
        // be searched) is reported in the system's words, unless it is plainly an ID.
        Err(e) if e.kind() != std::io::ErrorKind::NotFound && !looks_like_tatham_id(puzzle) => {
            return Err(format!("{puzzle}: {e}"));
        }
        Err(_) => {}
    }
    if looks_like_tatham_id(puzzle) {
        return AnyGame::from_tatham_id(puzzle, kind)
            .map_err(|e| format!("game ID {}: {e}", shown_id(puzzle)));
    }
    if path.is_dir() {
        return Err(format!("{puzzle}: is a folder, not a puzzle file"));
    }
    if let Some(entry) = crate::pack::find(puzzle) {
        return entry.load();
    }
    Err(format!(
        "{puzzle}: no such file, Tatham game ID (WxH:DESC), puzzle made here or pack puzzle \
         (see `gridpuzzles list`)"
    ))
}

/// The most characters of a game ID an error repeats.
const SHOWN_ID_CHARS: usize = 48;

/// A game ID as an error repeats it: whole when short, else its start and an ellipsis (the
/// error's column says where the trouble is).
fn shown_id(id: &str) -> String {
    if id.chars().count() <= SHOWN_ID_CHARS {
        id.to_string()
    } else {
        let start: String = id.chars().take(SHOWN_ID_CHARS - 1).collect();
        format!("{start}…")
    }
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
/// name the file (`name`), the line and the column.
pub fn parse_file(name: &str, bytes: &[u8], kind: Option<GameKind>) -> Result<AnyGame, String> {
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
