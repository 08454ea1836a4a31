//! The saved records — a puzzle's progress and the player's settings — and their file text.
//!
//! Pure: no file system, no clock. Times are given by the caller.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};

use crate::history::History;

/// The version of the puzzle-progress file format this program reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// The first line of every progress file, for a person who opens one.
const PROGRESS_HEADER: &str =
    "# gridpuzzles saved progress (written by the program; a file it cannot read is set aside)\n";

/// A moment as milliseconds since 1970-01-01 00:00 UTC.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Timestamp(pub u64);

impl Timestamp {
    /// The timestamp of `time` (times before 1970 become 0).
    pub fn from_system_time(time: SystemTime) -> Timestamp {
        let ms = time
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        Timestamp(ms)
    }

    /// Milliseconds since the Unix epoch.
    pub fn millis(self) -> u64 {
        self.0
    }
}

/// Everything needed to resume one puzzle: position, undo/redo history, time and records.
///
/// `P` is the game's square type, as stored in its [`History`]; it must be something TOML can
/// hold (numbers, strings, enums, structs — not a bare `None` inside a list).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleProgress<P> {
    /// The current position in the game's canonical text format (made by the caller).
    pub position: String,
    /// The undo and redo stacks.
    pub history: History<P>,
    /// Time spent playing so far, in milliseconds.
    pub elapsed_ms: u64,
    /// Whether the puzzle has been solved at least once (kept after a restart).
    pub solved: bool,
    /// The fastest solve, in milliseconds.
    #[serde(default)]
    pub best_ms: Option<u64>,
    /// When the caller saved this record.
    pub saved_at: Timestamp,
}

impl<P> PuzzleProgress<P> {
    /// A puzzle just opened: `position`, no history, no time, not solved.
    pub fn fresh(position: String, saved_at: Timestamp) -> Self {
        PuzzleProgress {
            position,
            history: History::default(),
            elapsed_ms: 0,
            solved: false,
            best_ms: None,
            saved_at,
        }
    }
}

/// The player's settings. Every field has a default, so files from older versions keep loading.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The chosen theme's name (`None`: the default theme).
    pub theme: Option<String>,
    /// Whether to force the ASCII glyph set.
    pub ascii: bool,
}

/// What the puzzle browser needs to know about a saved puzzle, without its history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Solved at least once.
    pub solved: bool,
    /// The fastest solve, in milliseconds.
    pub best_ms: Option<u64>,
    /// Time spent so far, in milliseconds.
    pub elapsed_ms: u64,
    /// Entries on the undo stack: moves standing on the saved board.
    pub moves: usize,
    /// When it was saved.
    pub saved_at: Timestamp,
}

impl Summary {
    /// Whether the saved board holds moves (undone moves alone do not count).
    pub fn in_progress(&self) -> bool {
        self.moves > 0
    }
}

/// The puzzle file as written: a format version, the full puzzle name, the record.
#[derive(Serialize)]
struct PuzzleFileOut<'a, P> {
    version: u32,
    name: &'a str,
    progress: &'a PuzzleProgress<P>,
}

/// The puzzle file as read (the version is checked first, separately).
#[derive(Deserialize)]
#[serde(bound(deserialize = "P: DeserializeOwned"))]
struct PuzzleFileIn<P> {
    name: String,
    progress: PuzzleProgress<P>,
}

/// Only the version, read before anything else so a newer file is reported as such.
#[derive(Deserialize)]
struct VersionOnly {
    version: Option<i64>,
}

/// The parts of a puzzle file that [`Summary`] needs; the history entries are skipped unread.
#[derive(Deserialize)]
struct SummaryFileIn {
    name: String,
    progress: SummaryIn,
}

#[derive(Deserialize)]
struct SummaryIn {
    elapsed_ms: u64,
    solved: bool,
    #[serde(default)]
    best_ms: Option<u64>,
    saved_at: Timestamp,
    history: HistoryShape,
}

#[derive(Deserialize)]
struct HistoryShape {
    undo: Vec<IgnoredAny>,
}

/// The text of the progress file of puzzle `name`, or why it cannot be written.
pub fn encode_progress<P: Serialize>(
    name: &str,
    progress: &PuzzleProgress<P>,
) -> Result<String, String> {
    let file = PuzzleFileOut {
        version: FORMAT_VERSION,
        name,
        progress,
    };
    let body = toml::to_string(&file).map_err(|e| e.to_string())?;
    Ok(format!("{PROGRESS_HEADER}{body}"))
}

/// The puzzle name and record in a progress file's text, or why it cannot be read.
pub fn decode_progress<P: DeserializeOwned>(
    text: &str,
) -> Result<(String, PuzzleProgress<P>), String> {
    check_version(text)?;
    let file: PuzzleFileIn<P> = toml::from_str(text).map_err(|e| toml_reason(text, &e))?;
    Ok((file.name, file.progress))
}

/// The puzzle name and summary in a progress file's text, or why it cannot be read.
pub fn decode_summary(text: &str) -> Result<(String, Summary), String> {
    check_version(text)?;
    let file: SummaryFileIn = toml::from_str(text).map_err(|e| toml_reason(text, &e))?;
    let p = file.progress;
    let summary = Summary {
        solved: p.solved,
        best_ms: p.best_ms,
        elapsed_ms: p.elapsed_ms,
        moves: p.history.undo.len(),
        saved_at: p.saved_at,
    };
    Ok((file.name, summary))
}

/// The text of the settings file.
pub fn encode_settings(settings: &Settings) -> Result<String, String> {
    toml::to_string(settings).map_err(|e| e.to_string())
}

/// The settings in a settings file's text, or why it cannot be read.
pub fn decode_settings(text: &str) -> Result<Settings, String> {
    if text.trim().is_empty() {
        // An empty settings file is what a crash mid-write on a careless file system leaves.
        return Err("empty file".to_string());
    }
    toml::from_str(text).map_err(|e| toml_reason(text, &e))
}

/// Fails unless `text` declares [`FORMAT_VERSION`].
fn check_version(text: &str) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err("empty file".to_string());
    }
    let header: VersionOnly = toml::from_str(text).map_err(|e| toml_reason(text, &e))?;
    match header.version {
        None => Err("no `version` key".to_string()),
        Some(v) if v == i64::from(FORMAT_VERSION) => Ok(()),
        Some(v) if v > i64::from(FORMAT_VERSION) => Err(format!(
            "format version {v} is newer than this program's ({FORMAT_VERSION})"
        )),
        Some(v) => Err(format!(
            "unknown format version {v} (this program reads {FORMAT_VERSION})"
        )),
    }
}

/// A one-line reason for a TOML error: `line L, column C: message`.
fn toml_reason(text: &str, error: &toml::de::Error) -> String {
    let message = error.message().trim();
    match error.span() {
        Some(span) => {
            let (line, column) = line_and_column(text, span.start);
            format!("line {line}, column {column}: {message}")
        }
        None => message.to_string(),
    }
}

/// The 1-based line and column (in characters) of byte `offset` in `text`, clamped.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Pos;
    use crate::history::{Action, Change, Entry};

    fn sample() -> PuzzleProgress<u8> {
        let set = |n: u8| Entry {
            action: Action::Set,
            changes: vec![Change {
                pos: Pos::new(1, n as usize),
                before: 0,
                after: n,
            }],
        };
        let fill = Entry {
            action: Action::FillRow(2),
            changes: vec![],
        };
        let history = History::new().push(set(1)).push(fill).push(set(3));
        let (_, history) = history.undo().unwrap();
        PuzzleProgress {
            position: "2 2 0 0\n1 0 \n0 1 \nx \n *\n".to_string(),
            history,
            elapsed_ms: 61_000,
            solved: true,
            best_ms: Some(59_000),
            saved_at: Timestamp(1_700_000_000_000),
        }
    }

    #[test]
    fn progress_text_round_trips_with_name_and_version() {
        let text = encode_progress("tents/a b", &sample()).unwrap();
        assert!(text.starts_with("# gridpuzzles"));
        assert!(text.contains("version = 1"), "{text}");
        let (name, back) = decode_progress::<u8>(&text).unwrap();
        assert_eq!(name, "tents/a b");
        assert_eq!(back, sample());
    }

    #[test]
    fn summary_counts_undo_entries_without_knowing_the_piece_type() {
        let text = encode_progress("n", &sample()).unwrap();
        let (name, summary) = decode_summary(&text).unwrap();
        assert_eq!(name, "n");
        assert_eq!(
            summary,
            Summary {
                solved: true,
                best_ms: Some(59_000),
                elapsed_ms: 61_000,
                moves: 2,
                saved_at: Timestamp(1_700_000_000_000),
            }
        );
        assert!(summary.in_progress());
    }

    #[test]
    fn versions_are_checked_first() {
        let text = encode_progress("n", &sample()).unwrap();
        let newer = text.replace("version = 1", "version = 2");
        assert!(decode_progress::<u8>(&newer).unwrap_err().contains("newer"));
        let older = text.replace("version = 1", "version = 0");
        assert!(decode_summary(&older).unwrap_err().contains("version 0"));
        let none = text.replace("version = 1", "");
        assert!(
            decode_progress::<u8>(&none)
                .unwrap_err()
                .contains("version")
        );
        let string = text.replace("version = 1", "version = \"1\"");
        assert!(
            decode_progress::<u8>(&string)
                .unwrap_err()
                .starts_with("line 2, column 11")
        );
    }

    #[test]
    fn bad_text_gives_a_located_one_line_reason() {
        let reason = decode_progress::<u8>("version = 1\nname = \n").unwrap_err();
        assert!(reason.starts_with("line 2, column "), "{reason}");
        assert!(!reason.contains('\n'), "{reason}");
        assert_eq!(decode_progress::<u8>(" \n").unwrap_err(), "empty file");
    }

    #[test]
    fn wrong_piece_values_are_refused() {
        let text = encode_progress("n", &sample()).unwrap();
        let bad = text.replace("after = 3", "after = 300");
        assert!(decode_progress::<u8>(&bad).is_err());
    }

    #[test]
    fn settings_fill_missing_fields_with_defaults() {
        assert_eq!(
            decode_settings("ascii = true\n").unwrap(),
            Settings {
                theme: None,
                ascii: true
            }
        );
        assert_eq!(
            decode_settings("theme = \"mono\"\nfuture = 3\n").unwrap(),
            Settings {
                theme: Some("mono".into()),
                ascii: false
            }
        );
        assert!(decode_settings("ascii = \"yes\"\n").is_err());
        assert!(decode_settings("").is_err());
    }

    #[test]
    fn integers_up_to_u64_max_round_trip() {
        let mut p = sample();
        p.elapsed_ms = u64::MAX;
        p.best_ms = Some(u64::MAX - 1);
        p.saved_at = Timestamp(u64::MAX);
        let text = encode_progress("n", &p).unwrap();
        assert_eq!(decode_progress::<u8>(&text).unwrap().1, p);
    }

    #[test]
    fn timestamps_from_system_time() {
        use std::time::Duration;
        let t = UNIX_EPOCH + Duration::from_millis(1234);
        assert_eq!(Timestamp::from_system_time(t), Timestamp(1234));
        let before = UNIX_EPOCH - Duration::from_secs(1);
        assert_eq!(Timestamp::from_system_time(before), Timestamp(0));
    }
}
