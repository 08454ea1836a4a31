//! One player per puzzle: while a puzzle is open, its player holds an exclusive lock on a lock
//! file beside the puzzle's progress file, so a second player on the same data folder is told
//! instead of overwriting a history made elsewhere.
//!
//! The lock is on `<progress file>.lock`, not on the progress file itself: saves replace that
//! file by renaming a new one over it, and a lock belongs to the file it was taken on. Lock
//! files are never removed (removing one while another player opens it would let both lock
//! different files). The lock is advisory (`flock` on Unix, `LockFileEx` on Windows, through
//! the standard library) and the system drops it when its holder closes the file or dies, so a
//! crash never leaves a puzzle locked.

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};

use super::error::StoreError;

/// What a lock file's name adds after the progress file's name.
pub const LOCK_SUFFIX: &str = ".lock";

/// An exclusive lock on one puzzle's progress, held until dropped.
#[derive(Debug)]
pub struct PuzzleLock {
    // Closing the file releases the lock.
    _file: File,
    path: PathBuf,
}

impl PuzzleLock {
    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The lock file of the progress file `progress`.
pub fn lock_path(progress: &Path) -> PathBuf {
    let mut name = progress.as_os_str().to_owned();
    name.push(LOCK_SUFFIX);
    PathBuf::from(name)
}

/// Takes the lock of the progress file `progress` without waiting: [`StoreError::Locked`] when
/// another holder has it, another error when the lock file cannot be opened at all (such as a
/// data folder that cannot be written and has no lock file yet).
pub fn lock(progress: &Path) -> Result<PuzzleLock, StoreError> {
    let path = lock_path(progress);
    let file = open_lock_file(&path).map_err(|source| StoreError::Write {
        path: path.clone(),
        source,
    })?;
    match file.try_lock() {
        Ok(()) => Ok(PuzzleLock { _file: file, path }),
        Err(TryLockError::WouldBlock) => Err(StoreError::Locked { path }),
        Err(TryLockError::Error(source)) => Err(StoreError::Write { path, source }),
    }
}

/// Opens (creating if needed) a lock file; read-only when it exists in a folder that cannot be
/// written, which is still enough to lock it. Opened non-blocking, so a FIFO put there never
/// blocks, and refused unless it is a regular file.
fn open_lock_file(path: &Path) -> io::Result<File> {
    let open = |write: bool| {
        let mut options = OpenOptions::new();
        options.read(true);
        if write {
            options.write(true).create(true).truncate(false);
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NONBLOCK);
        }
        options.open(path)
    };
    let file = match open(true) {
        Ok(file) => file,
        Err(e) => open(false).map_err(|_| e)?,
    };
    let t = file.metadata()?.file_type();
    if !t.is_file() {
        let what = crate::files::regular::kind(&t);
        return Err(io::Error::other(format!("not a regular file: {what}")));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_the_same_puzzle_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let progress = dir.path().join("p.json");
        let first = lock(&progress).unwrap();
        assert_eq!(first.path(), dir.path().join("p.json.lock"));
        let second = lock(&progress).unwrap_err();
        assert!(matches!(second, StoreError::Locked { .. }), "{second}");
        assert!(second.to_string().contains("open in another gridpuzzles"));
        // Another puzzle is free.
        let other = lock(&dir.path().join("q.json")).unwrap();
        drop(first);
        let again = lock(&progress).unwrap();
        drop((again, other));
    }

    #[test]
    fn no_folder_no_lock_and_an_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let progress = dir.path().join("missing").join("p.json");
        let err = lock(&progress).unwrap_err();
        assert!(matches!(err, StoreError::Write { .. }), "{err}");
        assert!(err.to_string().contains("p.json.lock"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_lock_file_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let progress = dir.path().join("p.json");
        crate::files::mkfifo(&lock_path(&progress));
        let err = lock(&progress).unwrap_err();
        assert!(err.to_string().contains("FIFO"), "{err}");
    }
}
