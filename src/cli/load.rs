//! Turns a PUZZLE argument (file path, Tatham game ID or pack name) into a game.

use std::path::Path;

use super::Failure;
use super::args::GameOptions;
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
        let bytes = std::fs::read(path)
            .map_err(|e| Failure::input(format!("{puzzle}: cannot read: {e}")))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let (line, col) = line_col(&e.as_bytes()[..e.utf8_error().valid_up_to()]);
            Failure::input(format!(
                "{puzzle}: line {line}, column {col}: expected UTF-8 text"
            ))
        })?;
        return AnyGame::parse(&text, options.kind())
            .map_err(|e| Failure::input(format!("{puzzle}: {e}")));
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

/// 1-based line and column just after `valid` bytes.
fn line_col(valid: &[u8]) -> (usize, usize) {
    let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
    let last = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let col = String::from_utf8_lossy(&valid[last..]).chars().count() + 1;
    (line, col)
}
