//! Writing a file a command was told to write (`solve P OUT`, `count P OUT`, `convert … OUT`,
//! `generate --output DIR`, `text`'s `s FILE`): whole or not at all.
//!
//! What OUTPUT names decides how it is written:
//! - a regular file, or nothing yet: a temp file in the same folder, synced, renamed over it
//!   ([`super::atomic`]). A failure (full disk, a folder that cannot be written) leaves the old
//!   file byte for byte. The new file keeps the old one's permissions; hard links to the old
//!   file keep the old contents.
//! - a symbolic link: followed to the file it names, which is replaced as above (the link stays
//!   a link, as editors do; a dangling link creates its target).
//! - anything else — a FIFO, a terminal, `/dev/null`, `/dev/full` — and any path through
//!   `/proc` or `/dev/fd` (`/dev/stdout` is one): written in place, since such a path names an
//!   open file or a device, which no rename can replace. Writes there append, so `/dev/stdout`
//!   redirected with `>>` keeps what the file held.
//!
//! A folder is refused. A regular file the process may not write is refused too, even where
//! the folder would allow replacing it (replacing it would bypass its permissions).

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::FileError;
use super::atomic::{parent_of, write_temp};

/// Links followed before giving up, as the system does (Linux's limit).
const MAX_LINKS: usize = 40;

/// A write that did not happen, or not wholly: what went wrong and what the file holds now.
#[derive(Debug)]
pub struct OutputError {
    path: PathBuf,
    reason: String,
    after: After,
}

/// What the file holds after a failed write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// The old file, byte for byte.
    Unchanged,
    /// Still nothing: the file was not created.
    NotCreated,
    /// The new contents, but the rename may not survive a power cut.
    Unsynced,
    /// A device or pipe written in place: part of the text may have gone through.
    Partial,
}

impl OutputError {
    /// The path the command was given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What the file holds now.
    pub fn after(&self) -> After {
        self.after
    }

    /// Why, and what the file holds now (`No space left on device (os error 28); out.txt is
    /// unchanged`), without the path in front.
    pub fn detail(&self) -> String {
        let p = self.path.display();
        let after = match self.after {
            After::Unchanged => format!("{p} is unchanged"),
            After::NotCreated => format!("{p} was not created"),
            After::Unsynced => format!("{p} was written but may not survive a power cut"),
            After::Partial => "part of it may have been written".to_string(),
        };
        format!("{}; {after}", self.reason)
    }
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.detail())
    }
}

impl std::error::Error for OutputError {}

/// Writes `bytes` to `path` whole, as the [module](self) says: on any error a regular file
/// holds exactly what it held before (or is still absent).
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let fail = |reason: String, after| OutputError {
        path: path.to_path_buf(),
        reason,
        after,
    };
    let target = match resolve(path) {
        Ok(Resolved::OpenFile) => return write_in_place(path, bytes),
        Ok(Resolved::Path(target)) => target,
        Err(e) => return Err(fail(e.to_string(), After::Unchanged)),
    };
    match fs::metadata(&target) {
        Ok(m) if m.is_dir() => Err(fail("it is a folder".into(), After::Unchanged)),
        Ok(m) if !m.is_file() => write_in_place(path, bytes),
        Ok(_) => replace(path, &target, bytes, true),
        Err(e) if e.kind() == io::ErrorKind::NotFound => replace(path, &target, bytes, false),
        Err(e) => Err(fail(e.to_string(), After::Unchanged)),
    }
}

/// Where a path's links lead.
enum Resolved {
    /// The last path of the chain: not a link (or nothing at all).
    Path(PathBuf),
    /// A path under `/proc` or `/dev/fd` on the way: an open file, never replaced.
    OpenFile,
}

/// Follows `path` through its links (one at a time, so the file finally named is known).
fn resolve(path: &Path) -> io::Result<Resolved> {
    let mut current = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        if names_an_open_file(&current) {
            // Its links (`pipe:[…]`, a file's path) are not for following by hand.
            return Ok(Resolved::OpenFile);
        }
        let is_link = match fs::symlink_metadata(&current) {
            Ok(m) => m.file_type().is_symlink(),
            Err(e) if e.kind() == io::ErrorKind::NotFound => false,
            Err(e) => return Err(e),
        };
        if !is_link {
            return Ok(Resolved::Path(current));
        }
        let next = fs::read_link(&current)?;
        // A relative link is relative to the folder holding it.
        current = parent_of(&current).join(next);
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links in a row (a loop?)"
    )))
}

/// Whether `path` lies under `/proc` or `/dev/fd`, whose links name open files (`pipe:[…]`,
/// or the file a shell redirected stdout to): such a path is written through, never replaced.
fn names_an_open_file(path: &Path) -> bool {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    absolute.starts_with("/proc") || absolute.starts_with("/dev/fd")
}

/// Writes `bytes` through `path` to a device, a pipe or an open file, appending.
fn write_in_place(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let written = OpenOptions::new()
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.flush()));
    written.map_err(|e| OutputError {
        path: path.to_path_buf(),
        reason: e.to_string(),
        after: After::Partial,
    })
}

/// Replaces the regular file `target` (reached from `path`; `existed` says whether there is
/// one yet) through a temp file.
fn replace(path: &Path, target: &Path, bytes: &[u8], existed: bool) -> Result<(), OutputError> {
    let unchanged = if existed {
        After::Unchanged
    } else {
        After::NotCreated
    };
    let fail = |reason: String, after| OutputError {
        path: path.to_path_buf(),
        reason,
        after,
    };
    if existed {
        // Opening for writing without truncating changes nothing, and tells whether the file
        // itself may be written: a read-only file is not replaced behind its permissions.
        OpenOptions::new()
            .write(true)
            .open(target)
            .map_err(|e| fail(e.to_string(), unchanged))?;
    }
    let outcome = write_temp(target, bytes).and_then(|pending| pending.commit());
    outcome.map_err(|e| match e {
        FileError::SyncDir { source, .. } => fail(source.to_string(), After::Unsynced),
        FileError::CreateTemp { dir, source } => fail(
            format!(
                "cannot create a temp file in {} ({source}), so it cannot be replaced whole",
                dir.display()
            ),
            unchanged,
        ),
        other => fail(other.io_error().to_string(), unchanged),
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::{PermissionsExt, symlink};

    #[test]
    fn a_new_file_is_created_and_an_old_one_replaced_keeping_its_mode() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.txt");
        write_output(&out, b"one").unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"one");
        fs::set_permissions(&out, fs::Permissions::from_mode(0o640)).unwrap();
        write_output(&out, b"two").unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"two");
        let mode = fs::metadata(&out).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        // No temp file is left behind.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_link_is_written_through_and_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        fs::write(&real, b"old").unwrap();
        let link = dir.path().join("link.txt");
        symlink("real.txt", &link).unwrap();
        write_output(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&real).unwrap(), b"new");
        // A dangling link creates its target.
        let dangling = dir.path().join("dangling.txt");
        symlink(dir.path().join("made.txt"), &dangling).unwrap();
        write_output(&dangling, b"made").unwrap();
        assert_eq!(fs::read(dir.path().join("made.txt")).unwrap(), b"made");
    }

    #[test]
    fn devices_are_written_in_place() {
        write_output(Path::new("/dev/null"), b"nothing").unwrap();
        let err = write_output(Path::new("/dev/full"), b"x").unwrap_err();
        assert_eq!(err.after(), After::Partial);
        assert!(
            err.to_string().starts_with("cannot write /dev/full: "),
            "{err}"
        );
    }

    #[test]
    fn a_fifo_is_written_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("p");
        crate::files::mkfifo(&fifo);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).unwrap())
        };
        write_output(&fifo, b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }

    #[test]
    fn failures_leave_the_old_file_and_say_so() {
        let dir = tempfile::tempdir().unwrap();
        let err = write_output(dir.path(), b"x").unwrap_err();
        assert!(err.to_string().contains("it is a folder"), "{err}");
        // A parent that is a file fails for root too.
        let file = dir.path().join("f");
        fs::write(&file, b"keep").unwrap();
        let err = write_output(&file.join("out"), b"x").unwrap_err();
        assert_eq!(err.after(), After::Unchanged);
        assert_eq!(fs::read(&file).unwrap(), b"keep");
        let looped = dir.path().join("loop");
        symlink("loop", &looped).unwrap();
        let err = write_output(&looped, b"x").unwrap_err();
        assert!(err.to_string().contains("a loop?"), "{err}");
    }

    use std::os::unix::fs::FileTypeExt;
}
