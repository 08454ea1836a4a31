//! The saved records: a puzzle's progress, the player's settings, a browser summary, what
//! statistics read.
//!
//! Pure data: no file system, no clock. Times are given by the caller.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::history::History;

/// The version of the puzzle-progress file format this program reads and writes.
pub const FORMAT_VERSION: u32 = 1;

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
/// `P` is the game's square type, as stored in its [`History`].
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
    /// Where the player left the cursor and the view (absent in files of earlier versions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<SavedView>,
    /// Every solve of this puzzle, oldest first (absent in files of earlier versions, whose
    /// `solved` flag and `saved_at` stand for one solve).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub solves: Vec<Solve>,
    /// How the puzzle was made, for a puzzle made by the player's new-puzzle form (its clues
    /// are kept here, as no pack or file holds them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub made: Option<Made>,
    /// The player's proof of the puzzle (proof mode; absent in files of earlier versions and
    /// when no proof was begun).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<SavedProof>,
}

/// A proof kept with a puzzle's progress.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SavedProof {
    /// The proof in the proof text format (docs/proof-format.md).
    pub text: String,
    /// Whether proof mode was on: the puzzle then opens in it.
    pub on: bool,
    /// The squares and links set since the proof's last step, waiting for a rule, written as a
    /// direct step writes them before `by` (`tent (1,2) link (1,2)-(0,2)`); empty when none
    /// (and in files of earlier versions).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub pending: String,
}

/// One solve of a puzzle: when, in how long, and whether hints helped. A reveal is not a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Solve {
    /// When the solve was saved (stamped by the caller that writes the record; 0: not yet).
    pub at: Timestamp,
    /// The time played when it was solved, in milliseconds.
    pub ms: u64,
    /// Whether hints applied with `n` helped.
    pub hints: bool,
}

/// A puzzle made by the new-puzzle form: the puzzle itself and what made it, so it can be
/// listed by size and difficulty and made again with `gridpuzzles generate`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Made {
    /// The puzzle as made, in its game's file format.
    pub puzzle: String,
    /// The game's id (`tents`).
    pub game: String,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The difficulty asked for (`easy`, `tricky`, `hard`).
    pub difficulty: String,
    /// Whether the grid wraps.
    pub wrapping: bool,
    /// The game's own choices in words (`diagadj`, `ortho`); empty for the defaults.
    #[serde(default)]
    pub variant: Vec<String>,
    /// The generator's seed.
    pub seed: u64,
    /// When it was made.
    pub made_at: Timestamp,
}

/// The cursor and the view's top-left square when progress was saved, so reopening a puzzle
/// puts the player back where they were.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SavedView {
    /// The square under the cursor.
    pub cursor: crate::grid::Pos,
    /// The top-left square shown.
    pub scroll: crate::grid::Pos,
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
            view: None,
            solves: Vec::new(),
            made: None,
            proof: None,
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
    /// Whether the player chose the theme's own glyphs where the terminal would get ASCII ones
    /// (its `TERM` says it draws no emoji); `ascii` wins over it.
    pub theme_glyphs: bool,
    /// Proof mode's earned rules: derived rules start locked and unlock once the player has
    /// reached one of their conclusions by a case split whose other branches all close.
    pub earn_rules: bool,
    /// The derived rules earned so far, as `GAME/RULE` (`tents/shared-neighbour`).
    pub earned: Vec<String>,
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

/// What statistics need to know about a saved puzzle: what it is and when and how it was
/// solved, without its history or the squares of its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveRecord {
    /// The puzzle's full name (as given to [`Store::save_puzzle`](super::Store::save_puzzle)).
    pub name: String,
    /// The first line of the saved position: the game's header, rows and columns first.
    pub header: String,
    /// Solved at least once.
    pub solved: bool,
    /// The fastest solve without hints, in milliseconds.
    pub best_ms: Option<u64>,
    /// When it was saved.
    pub saved_at: Timestamp,
    /// Every solve, oldest first (empty in files of earlier versions).
    pub solves: Vec<Solve>,
    /// How it was made, for a puzzle made by the new-puzzle form.
    pub made: Option<Made>,
}

impl Summary {
    /// Whether the saved board holds moves (undone moves alone do not count).
    pub fn in_progress(&self) -> bool {
        self.moves > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps_from_system_time() {
        let t = UNIX_EPOCH + Duration::from_millis(1234);
        assert_eq!(Timestamp::from_system_time(t), Timestamp(1234));
        assert_eq!(Timestamp(1234).millis(), 1234);
        let before = UNIX_EPOCH - Duration::from_secs(1);
        assert_eq!(Timestamp::from_system_time(before), Timestamp(0));
    }

    #[test]
    fn fresh_progress_has_no_history_and_no_time() {
        let p = PuzzleProgress::<u8>::fresh("pos".into(), Timestamp(7));
        assert!(!p.history.can_undo() && !p.history.can_redo());
        assert_eq!((p.elapsed_ms, p.solved, p.best_ms), (0, false, None));
        assert_eq!(p.saved_at, Timestamp(7));
    }

    #[test]
    fn in_progress_means_moves_on_the_board() {
        let mut s = Summary {
            solved: false,
            best_ms: None,
            elapsed_ms: 10,
            moves: 0,
            saved_at: Timestamp(0),
        };
        assert!(!s.in_progress());
        s.moves = 1;
        assert!(s.in_progress());
    }
}
