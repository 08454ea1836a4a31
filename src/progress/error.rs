//! What can go wrong storing progress, always naming the path involved.

use std::io;
use std::path::PathBuf;

/// A store operation that failed; each variant names the file or folder and what was tried.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Neither `GRIDPUZZLES_HOME` nor the platform gives a data folder.
    #[error("no data folder: set GRIDPUZZLES_HOME or HOME")]
    NoDataDir,
    /// A folder could not be created.
    #[error("cannot create folder {path}: {source}")]
    CreateDir {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A file could not be read or understood (left where it is).
    #[error("{path}: {reason}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A folder could not be listed.
    #[error("cannot list folder {path}: {source}")]
    ListDir {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A record could not be turned into file text (a value TOML cannot hold, such as a
    /// `None` inside a list).
    #[error("cannot encode {path}: {message}")]
    Encode {
        /// The file it was meant for.
        path: PathBuf,
        /// What the encoder said.
        message: String,
    },
    /// Writing or flushing a file (or syncing a folder) failed.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A rename failed (committing a write, or setting a bad file aside).
    #[error("cannot rename {from} to {to}: {source}")]
    Rename {
        /// The file being moved.
        from: PathBuf,
        /// Where it was going.
        to: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A file could not be deleted.
    #[error("cannot remove {path}: {source}")]
    Remove {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The puzzle is open in another player on the same data folder, which holds its lock.
    #[error("the puzzle is open in another gridpuzzles (lock {path})")]
    Locked {
        /// The lock file.
        path: PathBuf,
    },
}

impl From<crate::files::FileError> for StoreError {
    fn from(e: crate::files::FileError) -> Self {
        use crate::files::FileError;
        match e {
            FileError::Write { path, source }
            | FileError::SyncDir { path, source }
            | FileError::CreateTemp { dir: path, source } => StoreError::Write { path, source },
            FileError::Rename { from, to, source } => StoreError::Rename { from, to, source },
            FileError::ListDir { path, source } => StoreError::ListDir { path, source },
            FileError::Remove { path, source } => StoreError::Remove { path, source },
        }
    }
}
