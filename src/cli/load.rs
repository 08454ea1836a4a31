//! Turns a PUZZLE argument (file path, Tatham game ID or pack name) into a game.

use std::io::Read;
use std::path::Path;

use super::Failure;
use super::args::GameOptions;
use crate::game::GameKind;
use crate::games::AnyGame;
use crate::games::game_id::looks_like_tatham_id;

/// Loads PUZZLE and applies the command line's option overrides.
pub fn load(puzzle: &str, options: &GameOptions) -> Result<AnyGame, Failure> {
    let game = load_plain(puzzle, options)?;
    game.with_overrides(&options.overrides())
        .map_err(Failure::input)
}

fn load_plain(puzzle: &str, options: &GameOptions) -> Result<AnyGame, Failure> {
    let path = Path::new(puzzle);
    // Any readable non-directory path: regular files, /dev/stdin, named pipes.
    if path.exists() && !path.is_dir() {
        let bytes =
            read_capped(path).map_err(|e| Failure::input(format!("{puzzle}: cannot read: {e}")))?;
        return parse_file(puzzle, &bytes, options.kind());
    }
    if looks_like_tatham_id(puzzle) {
        return AnyGame::from_tatham_id(puzzle, options.kind())
            .map_err(|e| Failure::input(format!("game ID {puzzle}: {e}")));
    }
    if path.is_dir() {
        return Err(Failure::input(format!(
            "{puzzle}: is a folder, not a puzzle file"
        )));
    }
    if let Some(entry) = crate::pack::find(puzzle) {
        return entry.load().map_err(Failure::input);
    }
    Err(Failure::input(format!(
        "{puzzle}: no such file, Tatham game ID (WxH:DESC) or pack puzzle (see `gridpuzzles list`)"
    )))
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
pub fn parse_file(name: &str, bytes: &[u8], kind: Option<GameKind>) -> Result<AnyGame, Failure> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let (line, col) = line_col(&bytes[..e.valid_up_to()]);
        Failure::input(format!(
            "{name}: line {line}, column {col}: expected UTF-8 text"
        ))
    })?;
    AnyGame::parse(text, kind).map_err(|e| Failure::input(format!("{name}: {e}")))
}

/// 1-based line and column just after `valid` bytes.
fn line_col(valid: &[u8]) -> (usize, usize) {
    let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
    let last = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let col = String::from_utf8_lossy(&valid[last..]).chars().count() + 1;
    (line, col)
}
