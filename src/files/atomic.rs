//! Atomic file replacement: write a temp file beside the target, fsync it, rename it over the
//! target, fsync the folder. A crash at any point leaves either the old file or the new one.
//!
//! The two halves are separate ([`write_temp`], [`PendingWrite::commit`]) so tests can stop
//! between them, as a crash would.
//!
//! `target` is the path renamed over: a symbolic link there is replaced, not followed (callers
//! that want to write through links resolve them first, as [`super::output`] does). A target
//! that already exists keeps its permissions (and, where the system allows, its owner); hard
//! links to it keep the old contents, as with any editor that saves by renaming.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::error::FileError;

/// What a temp file name adds after the target's file name, before `<pid>-<n>`.
const TEMP_MARK: &str = ".tmp-";

/// Makes temp names unique within this process.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// A fully written and synced temp file, waiting to replace its target.
///
/// Dropping it without [`commit`](PendingWrite::commit) deletes the temp file; a crash (no
/// destructor runs) leaves it for [`sweep_temps`] to clean.
#[derive(Debug)]
pub struct PendingWrite {
    temp: PathBuf,
    target: PathBuf,
    committed: bool,
}

impl PendingWrite {
    /// The temp file holding the new contents.
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }

    /// The file this write will replace.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Renames the temp file over the target and syncs the folder so the rename is durable.
    /// [`FileError::SyncDir`] means the target was replaced but the folder could not be synced;
    /// any other error leaves the target as it was.
    pub fn commit(mut self) -> Result<(), FileError> {
        fs::rename(&self.temp, &self.target).map_err(|source| FileError::Rename {
            from: self.temp.clone(),
            to: self.target.clone(),
            source,
        })?;
        self.committed = true;
        sync_dir(parent_of(&self.target))
    }
}

impl Drop for PendingWrite {
    fn drop(&mut self) {
        if !self.committed {
            // Best effort: a leftover temp file is harmless and swept on the next open.
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// Writes `bytes` to a new temp file in `target`'s folder and syncs it to disk; the temp file
/// takes the permissions of the file it will replace, if there is one.
pub fn write_temp(target: &Path, bytes: &[u8]) -> Result<PendingWrite, FileError> {
    let (temp, mut file) = create_temp(target)?;
    // From here on the PendingWrite owns the temp file, so an error below removes it.
    let pending = PendingWrite {
        temp,
        target: target.to_path_buf(),
        committed: false,
    };
    let written = keep_attributes(target, &file)
        .and_then(|()| file.write_all(bytes))
        .and_then(|()| file.sync_all());
    written.map_err(|source| FileError::Write {
        path: pending.temp.clone(),
        source,
    })?;
    Ok(pending)
}

/// Replaces `target` with `bytes` atomically.
pub fn write_atomic(target: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_temp(target, bytes)?.commit()
}

/// Gives the new file `file` the permissions of the regular file `target` it will replace (a
/// private file stays private), and its owner when the system lets this process do that.
fn keep_attributes(target: &Path, file: &File) -> io::Result<()> {
    let Ok(old) = fs::metadata(target) else {
        return Ok(()); // nothing to replace, or nothing readable about it: the defaults
    };
    if !old.is_file() {
        return Ok(());
    }
    file.set_permissions(old.permissions())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let new = file.metadata()?;
        if (new.uid(), new.gid()) != (old.uid(), old.gid()) {
            // Only root may give a file away; a group change may also be refused. Either way
            // the contents are what matter, so this stays best effort.
            let _ = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()));
        }
    }
    Ok(())
}

/// Deletes the temp files a crash left in `dir` (no folder: nothing to do). Returns how many.
pub fn sweep_temps(dir: &Path) -> Result<usize, FileError> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(0),
        Err(source) => {
            return Err(FileError::ListDir {
                path: dir.to_path_buf(),
                source,
            });
        }
    };
    let mut removed = 0;
    for entry in entries {
        let entry = entry.map_err(|source| FileError::ListDir {
            path: dir.to_path_buf(),
            source,
        })?;
        let is_temp = entry.file_name().to_str().is_some_and(is_temp_file_name);
        if is_temp && entry.file_type().is_ok_and(|t| t.is_file()) {
            let path = entry.path();
            match fs::remove_file(&path) {
                Ok(()) => removed += 1,
                // Another process may have committed or removed it meanwhile.
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(source) => return Err(FileError::Remove { path, source }),
            }
        }
    }
    Ok(removed)
}

/// Whether `name` is a temp file name made by [`write_temp`]: `<target>.tmp-<pid>-<n>`.
pub fn is_temp_file_name(name: &str) -> bool {
    let Some(at) = name.rfind(TEMP_MARK) else {
        return false;
    };
    let Some((pid, n)) = name[at + TEMP_MARK.len()..].split_once('-') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    at > 0 && digits(pid) && digits(n)
}

/// Creates a new, empty temp file beside `target`, never reusing an existing name.
fn create_temp(target: &Path) -> Result<(PathBuf, File), FileError> {
    let file_name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = parent_of(target);
    loop {
        let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
        let temp = dir.join(format!("{file_name}{TEMP_MARK}{}-{n}", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            // A leftover from an earlier process with the same pid: pick the next number.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(source) => {
                return Err(FileError::CreateTemp {
                    dir: dir.to_path_buf(),
                    source,
                });
            }
        }
    }
}

/// The folder holding `path` (`.` for a bare file name).
pub fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Syncs a folder so a rename or removal in it survives a power cut (Unix only; elsewhere
/// renames are made durable by the file system or cannot be synced this way).
pub fn sync_dir(dir: &Path) -> Result<(), FileError> {
    #[cfg(unix)]
    {
        let synced = File::open(dir).and_then(|d| d.sync_all());
        match synced {
            Ok(()) => {}
            // Some file systems cannot sync folders; the rename itself has happened.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::InvalidInput | io::ErrorKind::Unsupported
                ) => {}
            Err(source) => {
                return Err(FileError::SyncDir {
                    path: dir.to_path_buf(),
                    source,
                });
            }
        }
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temp_names_are_recognised_exactly() {
        assert!(is_temp_file_name("a.json.tmp-12-0"));
        assert!(is_temp_file_name("settings.toml.tmp-1-99"));
        assert!(!is_temp_file_name("a.json"));
        assert!(!is_temp_file_name(".tmp-1-2"));
        assert!(!is_temp_file_name("a.json.tmp-1"));
        assert!(!is_temp_file_name("a.json.tmp-x-2"));
        assert!(!is_temp_file_name("a.json.tmp-1-2.bak"));
        assert!(!is_temp_file_name("a.json.corrupt-20250101T000000Z"));
    }

    #[test]
    fn write_then_commit_replaces_the_target() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("f.json");
        fs::write(&target, b"old").unwrap();
        let pending = write_temp(&target, b"new").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"old");
        assert_eq!(fs::read(pending.temp_path()).unwrap(), b"new");
        let temp = pending.temp_path().to_path_buf();
        pending.commit().unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"new");
        assert!(!temp.exists());
    }

    #[test]
    fn dropping_an_uncommitted_write_removes_its_temp() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("f.json");
        let pending = write_temp(&target, b"x").unwrap();
        let temp = pending.temp_path().to_path_buf();
        assert!(temp.exists());
        drop(pending);
        assert!(!temp.exists());
        assert!(!target.exists());
    }

    #[test]
    fn sweep_removes_only_temps() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("f.json");
        fs::write(&target, b"keep").unwrap();
        fs::write(dir.path().join("f.json.corrupt-1"), b"keep too").unwrap();
        let pending = write_temp(&target, b"x").unwrap();
        std::mem::forget(pending); // a crash runs no destructor
        assert_eq!(sweep_temps(dir.path()).unwrap(), 1);
        let mut names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["f.json", "f.json.corrupt-1"]);
        assert_eq!(sweep_temps(&dir.path().join("absent")).unwrap(), 0);
    }
}
