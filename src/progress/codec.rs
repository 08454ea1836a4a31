//! The text of the saved files: puzzle progress as JSON, settings as TOML.
//!
//! Progress is machine data read in bulk by the browser, and JSON parses it many times faster
//! than TOML (see `docs/notes.md`); settings are a few
//! lines a player may edit by hand, so they stay TOML like the themes.

use std::fmt;

use serde::de::{DeserializeOwned, IgnoredAny, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use super::json_layout::to_string_shallow;
use super::record::{Made, PuzzleProgress, Settings, Solve, SolveRecord, Summary, Timestamp};

/// The version of the puzzle-progress file format this program reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// Indent the file object, the record, the history and its two stacks; one entry per line.
const LAYOUT_DEPTH: usize = 4;

/// The puzzle file as written: a format version, the full puzzle name, the record.
#[derive(Serialize)]
struct PuzzleFileOut<'a, P> {
    version: u32,
    name: &'a str,
    progress: &'a PuzzleProgress<P>,
}

/// The puzzle file as read.
#[derive(Deserialize)]
#[serde(bound(deserialize = "P: DeserializeOwned"))]
struct PuzzleFileIn<P> {
    version: u64,
    name: String,
    progress: PuzzleProgress<P>,
}

/// Only the version, to explain why a file of another version did not parse.
#[derive(Deserialize)]
struct VersionOnly {
    version: u64,
}

/// The parts of a puzzle file that [`Summary`] needs; history entries are skipped unread.
#[derive(Deserialize)]
struct SummaryFileIn {
    version: u64,
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
    #[serde(default)]
    made: Option<Made>,
}

#[derive(Deserialize)]
struct HistoryShape {
    undo: Vec<IgnoredAny>,
}

/// The parts of a puzzle file that [`SolveRecord`] needs; the history is skipped unread.
#[derive(Deserialize)]
struct SolvesFileIn {
    version: u64,
    name: String,
    progress: SolvesIn,
}

#[derive(Deserialize)]
struct SolvesIn {
    position: FirstLine,
    solved: bool,
    #[serde(default)]
    best_ms: Option<u64>,
    saved_at: Timestamp,
    #[serde(default)]
    solves: Vec<Solve>,
    #[serde(default)]
    made: Option<Made>,
}

/// The first line of a string, read without keeping the rest (a position can be megabytes).
struct FirstLine(String);

impl<'de> Deserialize<'de> for FirstLine {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FirstLineVisitor;
        impl Visitor<'_> for FirstLineVisitor {
            type Value = FirstLine;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<FirstLine, E> {
                let line = s.lines().next().unwrap_or("");
                Ok(FirstLine(line.trim_end_matches('\r').to_string()))
            }
        }
        deserializer.deserialize_str(FirstLineVisitor)
    }
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
    to_string_shallow(&file, LAYOUT_DEPTH).map_err(|e| e.to_string())
}

/// The puzzle name and record in a progress file's text, or why it cannot be read.
pub fn decode_progress<P: DeserializeOwned>(
    text: &str,
) -> Result<(String, PuzzleProgress<P>), String> {
    let file: PuzzleFileIn<P> = parse(text)?;
    check_version(file.version)?;
    Ok((file.name, file.progress))
}

/// What a progress file's text says for the browser: the puzzle's name, its summary and, for
/// a puzzle made by the new-puzzle form, how it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summarised {
    /// The puzzle's full name.
    pub name: String,
    /// Solved, best time, moves.
    pub summary: Summary,
    /// How it was made, if the form made it.
    pub made: Option<Made>,
}

/// The puzzle name, summary and origin in a progress file's text, or why it cannot be read.
pub fn decode_summary(text: &str) -> Result<Summarised, String> {
    let file: SummaryFileIn = parse(text)?;
    check_version(file.version)?;
    let p = file.progress;
    let summary = Summary {
        solved: p.solved,
        best_ms: p.best_ms,
        elapsed_ms: p.elapsed_ms,
        moves: p.history.undo.len(),
        saved_at: p.saved_at,
    };
    Ok(Summarised {
        name: file.name,
        summary,
        made: p.made,
    })
}

/// What statistics need of a progress file's text, or why it cannot be read.
pub fn decode_solve_record(text: &str) -> Result<SolveRecord, String> {
    let file: SolvesFileIn = parse(text)?;
    check_version(file.version)?;
    let p = file.progress;
    Ok(SolveRecord {
        name: file.name,
        header: p.position.0,
        solved: p.solved,
        best_ms: p.best_ms,
        saved_at: p.saved_at,
        solves: p.solves,
        made: p.made,
    })
}

/// The text of the settings file.
pub fn encode_settings(settings: &Settings) -> Result<String, String> {
    toml::to_string(settings).map_err(|e| e.to_string())
}

/// The settings in a settings file's text, or why it cannot be read.
pub fn decode_settings(text: &str) -> Result<Settings, String> {
    if text.trim().is_empty() {
        // Valid TOML, but not something this program writes: keep it for a person to look at.
        return Err("empty file".to_string());
    }
    toml::from_str(text).map_err(|e| toml_reason(text, &e))
}

/// Parses a progress file; when that fails, a different format version is the better reason.
fn parse<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    if text.trim().is_empty() {
        return Err("empty file".to_string());
    }
    serde_json::from_str(text).map_err(|e| match serde_json::from_str::<VersionOnly>(text) {
        Ok(v) if v.version != u64::from(FORMAT_VERSION) => version_reason(v.version),
        _ => e.to_string(),
    })
}

/// Fails unless `version` is [`FORMAT_VERSION`].
fn check_version(version: u64) -> Result<(), String> {
    if version == u64::from(FORMAT_VERSION) {
        Ok(())
    } else {
        Err(version_reason(version))
    }
}

fn version_reason(version: u64) -> String {
    if version > u64::from(FORMAT_VERSION) {
        format!("format version {version} is newer than this program's ({FORMAT_VERSION})")
    } else {
        format!("unknown format version {version} (this program reads {FORMAT_VERSION})")
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
    use crate::history::{Action, Change, Entry, History};

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
            view: None,
            solves: Vec::new(),
            made: None,
            proof: None,
        }
    }

    #[test]
    fn progress_text_round_trips_with_name_and_version() {
        let text = encode_progress("tents/a b", &sample()).unwrap();
        assert!(
            text.starts_with("{\n  \"version\": 1,\n  \"name\": \"tents/a b\",\n"),
            "{text}"
        );
        let (name, back) = decode_progress::<u8>(&text).unwrap();
        assert_eq!(name, "tents/a b");
        assert_eq!(back, sample());
    }

    #[test]
    fn each_history_entry_is_one_line() {
        let text = encode_progress("n", &sample()).unwrap();
        let entry_lines: Vec<&str> = text
            .lines()
            .filter(|l| l.trim_start().starts_with("{\"action\""))
            .collect();
        assert_eq!(entry_lines.len(), 3, "{text}");
        assert!(entry_lines[0].contains("\"changes\":[{\"pos\":{\"row\":1,\"col\":1}"));
    }

    #[test]
    fn summary_counts_undo_entries_without_knowing_the_piece_type() {
        let text = encode_progress("n", &sample()).unwrap();
        let super::Summarised { name, summary, .. } = decode_summary(&text).unwrap();
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
    }

    #[test]
    fn solve_records_keep_solves_made_and_the_header_only() {
        let mut p = sample();
        p.solves = vec![Solve {
            at: Timestamp(5),
            ms: 59_000,
            hints: false,
        }];
        p.made = Some(Made {
            puzzle: "2 2 0 0\n1 0 \n0 1 \nx \n  \n".into(),
            game: "tents".into(),
            rows: 2,
            cols: 2,
            difficulty: "easy".into(),
            wrapping: false,
            variant: vec![],
            seed: 7,
            made_at: Timestamp(3),
        });
        let text = encode_progress("random/tents-2x2-easy-7", &p).unwrap();
        let record = decode_solve_record(&text).unwrap();
        assert_eq!(record.name, "random/tents-2x2-easy-7");
        assert_eq!(record.header, "2 2 0 0");
        assert_eq!((record.solved, record.best_ms), (true, Some(59_000)));
        assert_eq!(record.saved_at, Timestamp(1_700_000_000_000));
        assert_eq!(record.solves, p.solves);
        assert_eq!(record.made, p.made);
        // Files of earlier versions have neither solves nor made.
        let old = encode_progress("n", &sample()).unwrap();
        assert!(!old.contains("solves") && !old.contains("made"), "{old}");
        let record = decode_solve_record(&old).unwrap();
        assert!(record.solves.is_empty() && record.made.is_none());
        let crlf = old.replace("2 2 0 0\\n", "2 2 0 0\\r\\n");
        assert_ne!(crlf, old);
        assert_eq!(decode_solve_record(&crlf).unwrap().header, "2 2 0 0");
        assert!(decode_solve_record(&old.replace("\"version\": 1", "\"version\": 2")).is_err());
    }

    #[test]
    fn other_versions_are_named_as_the_reason() {
        let text = encode_progress("n", &sample()).unwrap();
        let newer = text.replace("\"version\": 1", "\"version\": 2");
        assert!(decode_progress::<u8>(&newer).unwrap_err().contains("newer"));
        assert!(decode_summary(&newer).unwrap_err().contains("newer"));
        // A newer version with a different shape still says "newer", not "missing field".
        let reshaped = "{\"version\": 9, \"name\": \"n\", \"moves\": []}";
        assert!(
            decode_progress::<u8>(reshaped)
                .unwrap_err()
                .contains("version 9")
        );
        let older = text.replace("\"version\": 1", "\"version\": 0");
        assert!(decode_summary(&older).unwrap_err().contains("version 0"));
        let none = text.replace("\"version\": 1,", "");
        assert!(
            decode_progress::<u8>(&none)
                .unwrap_err()
                .contains("version")
        );
    }

    #[test]
    fn bad_text_gives_a_located_one_line_reason() {
        let reason = decode_progress::<u8>("{\"version\": 1,\n\"name\": }").unwrap_err();
        assert!(reason.contains("line 2 column"), "{reason}");
        assert!(!reason.contains('\n'), "{reason}");
        assert_eq!(decode_progress::<u8>(" \n").unwrap_err(), "empty file");
        assert_eq!(decode_summary("").unwrap_err(), "empty file");
    }

    #[test]
    fn wrong_piece_values_are_refused() {
        let text = encode_progress("n", &sample()).unwrap();
        let bad = text.replace("\"after\":3", "\"after\":300");
        assert_ne!(bad, text);
        assert!(decode_progress::<u8>(&bad).is_err());
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
    fn settings_fill_missing_fields_with_defaults() {
        assert_eq!(
            decode_settings("ascii = true\n").unwrap(),
            Settings {
                theme: None,
                ascii: true,
                theme_glyphs: false,
                ..Default::default()
            }
        );
        assert_eq!(
            decode_settings("theme = \"mono\"\nfuture = 3\n").unwrap(),
            Settings {
                theme: Some("mono".into()),
                ascii: false,
                theme_glyphs: false,
                ..Default::default()
            }
        );
        let reason = decode_settings("ascii = \"yes\"\n").unwrap_err();
        assert!(reason.starts_with("line 1, column 9"), "{reason}");
        assert_eq!(decode_settings("").unwrap_err(), "empty file");
    }

    #[test]
    fn settings_text_round_trips() {
        let s = Settings {
            theme: Some("high-contrast".into()),
            ascii: false,
            theme_glyphs: true,
            ..Default::default()
        };
        assert_eq!(decode_settings(&encode_settings(&s).unwrap()).unwrap(), s);
    }
}
