//! Saved progress and settings: never lost.
//!
//! Every puzzle's position, undo/redo history, time, solved flag and best time, plus the
//! player's settings, kept in the data folder ([`data_dir`]: `GRIDPUZZLES_HOME` or the
//! platform's). Writes are atomic (temp file, fsync, rename, fsync folder). A file that cannot
//! be read — including anything there that is not a regular file, such as a FIFO, which is
//! never opened for reading — is renamed to `<file>.corrupt-<UTC time>` and reported as
//! [`Loaded::SetAside`], so the caller can warn and start fresh with nothing silently lost.
//!
//! A player holds a [`PuzzleLock`] on the puzzle it has open ([`Store::lock_puzzle`]), so two
//! players on one data folder never write the same puzzle.
//!
//! Puzzle files are JSON (fast to summarise for the browser), the settings file is TOML (a
//! player may edit it). The records ([`record`]) and their text ([`codec`]) are pure; only
//! [`Store`], [`atomic`] and [`set_aside`] touch the file system, and only [`data_dir`] reads
//! the environment.

pub use crate::files::atomic;
pub mod codec;
mod error;
mod json_layout;
pub mod lock;
pub mod paths;
pub mod record;
pub mod set_aside;
mod store;

pub use atomic::PendingWrite;
pub use codec::FORMAT_VERSION;
pub use error::StoreError;
pub use lock::PuzzleLock;
pub use paths::{HOME_ENV, data_dir, puzzle_file_name, resolve_data_dir};
pub use record::{
    Made, PuzzleProgress, SavedProof, SavedView, Settings, Solve, SolveRecord, Summary, Timestamp,
};
pub use store::{ListEntry, Listing, Loaded, MAX_RECORD_FILE_BYTES, SolveListing, Store};
