//! What can go wrong replacing a file, always naming the path involved.

use std::io;
use std::path::PathBuf;

/// A failed step of an atomic write (or of sweeping its leftovers).
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// Creating, writing or flushing a file failed (the target is untouched).
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file (the temp file, for an atomic write).
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The temp file could not be created in the target's folder (the target is untouched).
    #[error("cannot create a temp file in {dir}: {source}")]
    CreateTemp {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Renaming the temp file over the target failed (the target is untouched).
    #[error("cannot rename {from} to {to}: {source}")]
    Rename {
        /// The file being moved.
        from: PathBuf,
        /// Where it was going.
        to: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The rename happened but the folder could not be synced: the new file is in place, but
    /// a power cut now might still bring back the old one.
    #[error("cannot sync folder {path}: {source}")]
    SyncDir {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A folder could not be listed.
    #[error("cannot list folder {path}: {source}")]
    ListDir {
        /// The folder.
        path: PathBuf,
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
}

impl FileError {
    /// The operating system's reason.
    pub fn io_error(&self) -> &io::Error {
        match self {
            FileError::Write { source, .. }
            | FileError::CreateTemp { source, .. }
            | FileError::Rename { source, .. }
            | FileError::SyncDir { source, .. }
            | FileError::ListDir { source, .. }
            | FileError::Remove { source, .. } => source,
        }
    }
}
