//! The bundled puzzle pack: `puzzles/pack.toml` and its files, embedded in the binary.

use include_dir::{Dir, include_dir};
use serde::Deserialize;

use crate::deduce::Tier;
use crate::game::{GameKind, ParseError};
use crate::games::AnyGame;

/// The `puzzles/` folder, embedded at build time.
static PUZZLES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/puzzles");

/// Where a pack puzzle came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// One of the course's default games.
    Course,
    /// Made by `gridpuzzles generate` with the recorded seed and options.
    Generator,
}

/// One entry of `pack.toml`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Stable name, `<game>/<id>`.
    pub name: String,
    /// Title shown in the browser.
    pub title: String,
    /// The game, as on the command line.
    pub game: String,
    /// Path of the puzzle file under `puzzles/`.
    pub file: String,
    /// Difficulty as graded: `easy`, `tricky` or `hard`.
    pub difficulty: String,
    /// Course default or generated.
    pub source: Source,
    /// Generator seed.
    pub seed: Option<u64>,
    /// Generator size, `RxC`.
    pub size: Option<String>,
    /// Generated with `--wrapping`.
    #[serde(default)]
    pub wrapping: bool,
    /// Generated with `--diagadj`.
    #[serde(default)]
    pub diagadj: bool,
    /// Generated with `--neighbourhood`.
    pub neighbourhood: Option<String>,
    /// Generated with `--symmetric` (Light Up).
    #[serde(default)]
    pub symmetric: bool,
}

impl Entry {
    /// The game this entry holds.
    pub fn kind(&self) -> Option<GameKind> {
        GameKind::from_id(&self.game)
    }

    /// The graded difficulty.
    pub fn tier(&self) -> Option<Tier> {
        Tier::from_id(&self.difficulty)
    }

    /// The puzzle file's text.
    pub fn text(&self) -> Option<&'static str> {
        PUZZLES.get_file(&self.file)?.contents_utf8()
    }

    /// The puzzle, read from its embedded file.
    pub fn load(&self) -> Result<AnyGame, String> {
        let text = self
            .text()
            .ok_or_else(|| format!("pack file {} is missing", self.file))?;
        AnyGame::parse(text, self.kind())
            .map_err(|e: ParseError| format!("pack file {}: {e}", self.file))
    }

    /// The `generate` command that makes this puzzle again, for generated entries.
    pub fn generate_command(&self) -> Option<String> {
        let seed = self.seed?;
        let mut cmd = format!(
            "gridpuzzles generate {} --size {} --difficulty {} --seed {seed}",
            self.game,
            self.size.as_deref()?,
            self.difficulty
        );
        if self.wrapping {
            cmd += " --wrapping";
        }
        if self.diagadj {
            cmd += " --diagadj";
        }
        if let Some(n) = &self.neighbourhood {
            cmd += &format!(" --neighbourhood {n}");
        }
        if self.symmetric {
            cmd += " --symmetric";
        }
        Some(cmd)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    puzzle: Vec<Entry>,
}

/// The pack's entries, in browser order.
pub fn entries() -> Vec<Entry> {
    parse_manifest(manifest_text()).expect("puzzles/pack.toml is checked by the pack tests")
}

/// The embedded `pack.toml`.
pub fn manifest_text() -> &'static str {
    PUZZLES
        .get_file("pack.toml")
        .and_then(|f| f.contents_utf8())
        .unwrap_or("")
}

/// Parses a `pack.toml` text.
pub fn parse_manifest(text: &str) -> Result<Vec<Entry>, String> {
    toml::from_str::<Manifest>(text)
        .map(|m| m.puzzle)
        .map_err(|e| format!("puzzles/pack.toml: {e}"))
}

/// Every embedded puzzle file path (relative to `puzzles/`), for consistency checks.
pub fn files() -> Vec<String> {
    fn walk(dir: &Dir<'static>, out: &mut Vec<String>) {
        for f in dir.files() {
            out.push(f.path().to_string_lossy().into_owned());
        }
        for d in dir.dirs() {
            walk(d, out);
        }
    }
    let mut out = Vec::new();
    walk(&PUZZLES, &mut out);
    out.retain(|p| p != "pack.toml");
    out.sort();
    out
}

/// Finds a pack entry by name; `<game>/default` names the game's first course default.
pub fn find(name: &str) -> Option<Entry> {
    let all = entries();
    if let Some(e) = all.iter().find(|e| e.name == name) {
        return Some(e.clone());
    }
    let game = name.strip_suffix("/default")?;
    all.into_iter()
        .find(|e| e.game == game && e.source == Source::Course)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_found_by_short_name() {
        assert_eq!(find("tents/default").unwrap().name, "tents/default-2020");
        assert_eq!(find("lightup/default").unwrap().name, "lightup/default");
        assert!(find("tents/nope").is_none());
    }

    #[test]
    fn manifest_errors_are_reported() {
        assert!(parse_manifest("[[puzzle]]\nname = 3\n").is_err());
        assert!(parse_manifest("[[puzzle]]\nbogus = 1\n").is_err());
    }
}
