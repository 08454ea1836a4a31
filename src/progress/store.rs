//! The store: loads and saves puzzle progress and settings in one data folder.
//!
//! Layout: `<dir>/settings.toml` and `<dir>/progress/<safe name>.json`, one file per puzzle.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::atomic::{PendingWrite, sweep_temps, sync_dir, write_atomic, write_temp};
use super::codec::{
    decode_progress, decode_settings, decode_solve_record, decode_summary, encode_progress,
    encode_settings,
};
use super::error::StoreError;
use super::lock::{self, PuzzleLock};
use super::paths::{PROGRESS_EXTENSION, PUZZLES_DIR, SETTINGS_FILE, data_dir, puzzle_file_name};
use super::record::{Made, PuzzleProgress, Settings, SolveRecord, Summary};
use super::set_aside::set_aside;
use crate::files::regular::{OpenError, open_regular};

/// The result of loading a saved file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loaded<T> {
    /// Nothing saved yet: start fresh.
    Missing,
    /// The saved record.
    Found(T),
    /// The file could not be read and was renamed to `moved_to`; warn, then start fresh.
    SetAside {
        /// Where the file was.
        original: PathBuf,
        /// Where it is now, bytes unchanged.
        moved_to: PathBuf,
        /// Why it could not be read.
        reason: String,
    },
}

impl<T> Loaded<T> {
    /// The record, if one was found.
    pub fn found(self) -> Option<T> {
        match self {
            Loaded::Found(t) => Some(t),
            _ => None,
        }
    }
}

/// One saved puzzle, as the browser lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListEntry {
    /// The puzzle's full name (as given to [`Store::save_puzzle`]).
    pub name: String,
    /// Its solved flag, best time and whether it is in progress.
    pub summary: Summary,
    /// How it was made, for a puzzle made by the new-puzzle form.
    pub made: Option<Made>,
}

/// Every saved puzzle, plus the files that could not be summarised.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listing {
    /// Readable puzzles, sorted by name.
    pub entries: Vec<ListEntry>,
    /// Files left as they are, with the reason (opening the puzzle sets a bad file aside).
    pub problems: Vec<(PathBuf, String)>,
}

/// Every saved puzzle as statistics see it, plus the files that could not be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveListing {
    /// Readable puzzles, sorted by name.
    pub records: Vec<SolveRecord>,
    /// Files left as they are, with the reason.
    pub problems: Vec<(PathBuf, String)>,
}

/// Saved progress and settings in one data folder.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
    clock: fn() -> SystemTime,
}

/// Files that could not be read, with the reason.
type Problems = Vec<(PathBuf, String)>;

/// What reading a file gave.
enum ReadText {
    Missing,
    Text(String),
    Unreadable(String),
}

impl Store {
    /// The store in the data folder (`GRIDPUZZLES_HOME` or the platform's).
    pub fn open_default() -> Result<Store, StoreError> {
        Store::open(data_dir()?)
    }

    /// The store in `dir`, created if needed; temp files left by a crash are deleted.
    pub fn open(dir: impl Into<PathBuf>) -> Result<Store, StoreError> {
        Store::open_with_clock(dir, SystemTime::now)
    }

    /// Like [`Store::open`], with the clock used to name set-aside files.
    pub fn open_with_clock(
        dir: impl Into<PathBuf>,
        clock: fn() -> SystemTime,
    ) -> Result<Store, StoreError> {
        let store = Store {
            dir: dir.into(),
            clock,
        };
        let puzzles = store.puzzles_dir();
        fs::create_dir_all(&puzzles).map_err(|source| StoreError::CreateDir {
            path: puzzles.clone(),
            source,
        })?;
        sweep_temps(&store.dir)?;
        sweep_temps(&puzzles)?;
        Ok(store)
    }

    /// The data folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file holding puzzle `name`'s progress.
    pub fn puzzle_path(&self, name: &str) -> PathBuf {
        self.puzzles_dir().join(puzzle_file_name(name))
    }

    /// The settings file.
    pub fn settings_path(&self) -> PathBuf {
        self.dir.join(SETTINGS_FILE)
    }

    /// Puzzle `name`'s saved progress. An unreadable file, or one holding another puzzle's
    /// progress, is set aside; `Err` only when it cannot even be moved.
    pub fn load_puzzle<P: DeserializeOwned>(
        &self,
        name: &str,
    ) -> Result<Loaded<PuzzleProgress<P>>, StoreError> {
        let path = self.puzzle_path(name);
        let text = match read_text(&path) {
            ReadText::Missing => return Ok(Loaded::Missing),
            ReadText::Unreadable(reason) => return self.set_aside(path, reason),
            ReadText::Text(text) => text,
        };
        match decode_progress(&text) {
            Err(reason) => self.set_aside(path, reason),
            // Another puzzle's progress (two names with the same hash, or a file copied by
            // hand): set aside like an unreadable file, so this puzzle can be saved again.
            Ok((found, _)) if found != name => self.set_aside(
                path,
                format!("it holds the progress of {found:?}, not of {name:?}"),
            ),
            Ok((_, progress)) => Ok(Loaded::Found(progress)),
        }
    }

    /// Puzzle `name`'s saved progress read without touching the file (another player owns
    /// it): `None` when it is missing, unreadable or another puzzle's.
    pub fn peek_puzzle<P: DeserializeOwned>(&self, name: &str) -> Option<PuzzleProgress<P>> {
        let ReadText::Text(text) = read_text(&self.puzzle_path(name)) else {
            return None;
        };
        match decode_progress(&text) {
            Ok((found, progress)) if found == name => Some(progress),
            _ => None,
        }
    }

    /// How puzzle `name` was made, when the new-puzzle form made it and its progress file
    /// says so: `Ok(None)` for a missing file or a puzzle not made by the form. Read-only.
    pub fn made(&self, name: &str) -> Result<Option<Made>, StoreError> {
        let path = self.puzzle_path(name);
        let text = match read_text(&path) {
            ReadText::Missing => return Ok(None),
            ReadText::Unreadable(reason) => return Err(StoreError::Unreadable { path, reason }),
            ReadText::Text(text) => text,
        };
        match decode_summary(&text) {
            Ok(s) if s.name == name => Ok(s.made),
            Ok(_) => Ok(None),
            Err(reason) => Err(StoreError::Unreadable { path, reason }),
        }
    }

    /// Takes the lock of puzzle `name`'s progress, held until the lock is dropped;
    /// [`StoreError::Locked`] when another player has the puzzle open.
    pub fn lock_puzzle(&self, name: &str) -> Result<PuzzleLock, StoreError> {
        lock::lock(&self.puzzle_path(name))
    }

    /// Saves puzzle `name`'s progress atomically.
    pub fn save_puzzle<P: Serialize>(
        &self,
        name: &str,
        progress: &PuzzleProgress<P>,
    ) -> Result<(), StoreError> {
        Ok(self.prepare_puzzle_save(name, progress)?.commit()?)
    }

    /// The first half of [`Store::save_puzzle`]: the new file written and synced beside the
    /// old one, which is untouched until [`PendingWrite::commit`].
    pub fn prepare_puzzle_save<P: Serialize>(
        &self,
        name: &str,
        progress: &PuzzleProgress<P>,
    ) -> Result<PendingWrite, StoreError> {
        let path = self.puzzle_path(name);
        let text = encode_progress(name, progress).map_err(|message| StoreError::Encode {
            path: path.clone(),
            message,
        })?;
        Ok(write_temp(&path, text.as_bytes())?)
    }

    /// The saved settings. An unreadable file is set aside; `Err` only when it cannot be moved.
    pub fn load_settings(&self) -> Result<Loaded<Settings>, StoreError> {
        let path = self.settings_path();
        match read_text(&path) {
            ReadText::Missing => Ok(Loaded::Missing),
            ReadText::Unreadable(reason) => self.set_aside(path, reason),
            ReadText::Text(text) => match decode_settings(&text) {
                Ok(settings) => Ok(Loaded::Found(settings)),
                Err(reason) => self.set_aside(path, reason),
            },
        }
    }

    /// Saves the settings atomically.
    pub fn save_settings(&self, settings: &Settings) -> Result<(), StoreError> {
        let path = self.settings_path();
        let text = encode_settings(settings).map_err(|message| StoreError::Encode {
            path: path.clone(),
            message,
        })?;
        Ok(write_atomic(&path, text.as_bytes())?)
    }

    /// Every saved puzzle with its summary (histories are skipped, not decoded). Read-only:
    /// bad files are reported in [`Listing::problems`], not moved.
    pub fn list(&self) -> Result<Listing, StoreError> {
        let (entries, problems) = self.read_all(
            |text| {
                decode_summary(text).map(|s| ListEntry {
                    name: s.name,
                    summary: s.summary,
                    made: s.made,
                })
            },
            |entry| &entry.name,
        )?;
        Ok(Listing { entries, problems })
    }

    /// Every saved puzzle's solves and what it is, for statistics (histories are skipped,
    /// not decoded). Read-only: bad files are reported in [`SolveListing::problems`], not moved.
    pub fn solve_records(&self) -> Result<SolveListing, StoreError> {
        let (records, problems) = self.read_all(decode_solve_record, |r| &r.name)?;
        Ok(SolveListing { records, problems })
    }

    /// Every progress file decoded by `decode`, sorted by the puzzle name `name_of` gives, and
    /// the files that could not be (unreadable, or named for another puzzle), sorted by path.
    fn read_all<T>(
        &self,
        decode: impl Fn(&str) -> Result<T, String>,
        name_of: impl Fn(&T) -> &str,
    ) -> Result<(Vec<T>, Problems), StoreError> {
        let dir = self.puzzles_dir();
        let list_err = |source| StoreError::ListDir {
            path: dir.clone(),
            source,
        };
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((Vec::new(), Vec::new())),
            Err(e) => return Err(list_err(e)),
        };
        let (mut found, mut problems) = (Vec::new(), Vec::new());
        for entry in entries {
            let entry = entry.map_err(list_err)?;
            let file_name = entry.file_name();
            let Some(file_name) = file_name.to_str() else {
                continue;
            };
            // Temp and set-aside files end differently, so they are skipped here.
            if !file_name.ends_with(&format!(".{PROGRESS_EXTENSION}")) {
                continue;
            }
            let path = entry.path();
            let decoded = match read_text(&path) {
                ReadText::Missing => continue, // removed meanwhile
                ReadText::Unreadable(reason) => Err(reason),
                ReadText::Text(text) => decode(&text),
            };
            match decoded {
                Ok(item) if puzzle_file_name(name_of(&item)) == file_name => found.push(item),
                Ok(item) => {
                    let name = name_of(&item);
                    let reason = format!(
                        "holds {name:?}, whose file would be {}",
                        puzzle_file_name(name)
                    );
                    problems.push((path, reason));
                }
                Err(reason) => problems.push((path, reason)),
            }
        }
        found.sort_by(|a, b| name_of(a).cmp(name_of(b)));
        problems.sort();
        Ok((found, problems))
    }

    /// Deletes puzzle `name`'s progress; returns whether there was any.
    pub fn remove(&self, name: &str) -> Result<bool, StoreError> {
        let path = self.puzzle_path(name);
        match fs::remove_file(&path) {
            Ok(()) => {
                sync_dir(&self.puzzles_dir())?;
                Ok(true)
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
            Err(source) => Err(StoreError::Remove { path, source }),
        }
    }

    fn puzzles_dir(&self) -> PathBuf {
        self.dir.join(PUZZLES_DIR)
    }

    /// Moves an unreadable file aside and says so.
    fn set_aside<T>(&self, original: PathBuf, reason: String) -> Result<Loaded<T>, StoreError> {
        let moved_to = set_aside(&original, (self.clock)())?;
        Ok(Loaded::SetAside {
            original,
            moved_to,
            reason,
        })
    }
}

/// The largest progress or settings file read, in bytes; a larger one is unreadable (and set
/// aside, never loaded into memory whole). A move takes about 95 bytes of history, so this is
/// some 700,000 moves on one puzzle.
pub const MAX_RECORD_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// The text of `path`, telling a missing file from an unreadable one. Anything but a regular
/// file (a FIFO, a device, a folder, a dangling link) is unreadable without being opened for
/// reading, so a FIFO in the data folder never blocks.
fn read_text(path: &Path) -> ReadText {
    match read_capped(path) {
        Ok(None) => ReadText::Unreadable(format!(
            "larger than {} MiB, the most a progress or settings file may hold",
            MAX_RECORD_FILE_BYTES / (1024 * 1024)
        )),
        Ok(Some(bytes)) => match String::from_utf8(bytes) {
            Ok(text) => ReadText::Text(text),
            Err(e) => ReadText::Unreadable(format!(
                "not UTF-8 text (bad byte at offset {})",
                e.utf8_error().valid_up_to()
            )),
        },
        Err(OpenError::Missing) => ReadText::Missing,
        Err(e) => ReadText::Unreadable(e.to_string()),
    }
}

/// The bytes of the regular file `path`, or `None` when it holds more than
/// [`MAX_RECORD_FILE_BYTES`].
fn read_capped(path: &Path) -> Result<Option<Vec<u8>>, OpenError> {
    let mut bytes = Vec::new();
    open_regular(path)?
        .take(MAX_RECORD_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => OpenError::Missing,
            _ => OpenError::Io(e),
        })?;
    Ok((bytes.len() as u64 <= MAX_RECORD_FILE_BYTES).then_some(bytes))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::files::mkfifo;

    // Each test would block forever in `open` if a FIFO were opened for reading.

    #[test]
    fn a_fifo_progress_file_is_listed_as_a_problem_without_being_opened() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let fifo = store.puzzle_path("tents/x");
        mkfifo(&fifo);
        let listing = store.list().unwrap();
        assert!(listing.entries.is_empty());
        assert_eq!(listing.problems.len(), 1);
        assert_eq!(listing.problems[0].0, fifo);
        assert!(listing.problems[0].1.contains("FIFO"), "{listing:?}");
        assert_eq!(store.solve_records().unwrap().problems.len(), 1);
        assert!(store.peek_puzzle::<u8>("tents/x").is_none());
        assert!(store.made("tents/x").is_err());
        // Read-only so far: the FIFO is still there.
        assert!(fifo.exists());
    }

    #[test]
    fn loading_sets_a_fifo_aside_and_starts_fresh() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let fifo = store.puzzle_path("tents/x");
        mkfifo(&fifo);
        match store.load_puzzle::<u8>("tents/x").unwrap() {
            Loaded::SetAside {
                original,
                moved_to,
                reason,
            } => {
                assert_eq!(original, fifo);
                assert!(reason.contains("not a regular file"), "{reason}");
                use std::os::unix::fs::FileTypeExt;
                assert!(
                    fs::symlink_metadata(moved_to)
                        .unwrap()
                        .file_type()
                        .is_fifo()
                );
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(store.load_puzzle::<u8>("tents/x").unwrap(), Loaded::Missing);
    }

    #[test]
    fn a_fifo_or_a_folder_for_settings_is_set_aside() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        mkfifo(&store.settings_path());
        let loaded = store.load_settings().unwrap();
        assert!(
            matches!(&loaded, Loaded::SetAside { reason, .. } if reason.contains("FIFO")),
            "{loaded:?}"
        );
        fs::create_dir(store.settings_path()).unwrap();
        let loaded = store.load_settings().unwrap();
        assert!(
            matches!(&loaded, Loaded::SetAside { reason, .. } if reason.contains("a folder")),
            "{loaded:?}"
        );
        store.save_settings(&Settings::default()).unwrap();
        assert!(matches!(store.load_settings().unwrap(), Loaded::Found(_)));
    }
}
