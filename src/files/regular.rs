//! Opening a file of the data or config folder for reading, only when it is a regular file.
//!
//! Opening a FIFO for reading waits for a writer (forever, if there is none), and a device such
//! as `/dev/zero` never ends: neither may stop the player or a command. The type is looked at
//! first (following links), so such a file is never opened for reading; the open itself is
//! non-blocking and the opened file's type is checked again, so a file swapped for a FIFO in
//! between cannot block either.

use std::fmt;
use std::fs::{self, File, FileType, OpenOptions};
use std::io;
use std::path::Path;

/// Why a file was not opened.
#[derive(Debug)]
pub enum OpenError {
    /// Nothing at that path (a dangling link is [`OpenError::NotRegular`], not missing).
    Missing,
    /// Something other than a regular file, described (`a FIFO (named pipe)`, `a dangling
    /// link to …`): never opened for reading.
    NotRegular(String),
    /// The system refused to look at or open it.
    Io(io::Error),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Missing => write!(f, "no such file"),
            OpenError::NotRegular(what) => write!(f, "not a regular file: {what}"),
            OpenError::Io(e) => write!(f, "cannot read: {e}"),
        }
    }
}

/// Opens `path` for reading when it is a regular file or a link to one. Never opens anything
/// else for reading, and never blocks (the file is opened non-blocking, which changes nothing
/// for a regular file).
pub fn open_regular(path: &Path) -> Result<File, OpenError> {
    check_regular(path)?;
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => OpenError::Missing, // removed since the look
        _ => OpenError::Io(e),
    })?;
    // Replaced by something else since the look: the open did not block, and nothing is read.
    let opened = file.metadata().map_err(OpenError::Io)?;
    if !opened.is_file() {
        return Err(OpenError::NotRegular(kind(&opened.file_type()).into()));
    }
    Ok(file)
}

/// `Ok` when `path` is a regular file or a link (or chain of links) to one, without opening it.
pub fn check_regular(path: &Path) -> Result<(), OpenError> {
    let own = match fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(OpenError::Missing),
        Err(e) => return Err(OpenError::Io(e)),
    };
    if !own.file_type().is_symlink() {
        return match own.is_file() {
            true => Ok(()),
            false => Err(OpenError::NotRegular(kind(&own.file_type()).into())),
        };
    }
    let to = fs::read_link(path).map_or_else(|_| "?".into(), |t| t.display().to_string());
    match fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(m) => Err(OpenError::NotRegular(format!(
            "a link to {to}, {}",
            kind(&m.file_type())
        ))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(OpenError::NotRegular(format!(
            "a dangling link to {to} (nothing there)"
        ))),
        Err(e) if is_loop(&e) => Err(OpenError::NotRegular(format!(
            "a link to {to} that leads round in a loop"
        ))),
        Err(e) => Err(OpenError::Io(e)),
    }
}

/// What a file of type `t` is, in words.
pub fn kind(t: &FileType) -> &'static str {
    if t.is_file() {
        return "a regular file";
    }
    if t.is_dir() {
        return "a folder";
    }
    if t.is_symlink() {
        return "a symbolic link";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a file"
}

/// Whether following links gave up on a loop (or on too long a chain, which the system does
/// not tell apart).
fn is_loop(e: &io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::files::mkfifo;
    use std::os::unix::fs::symlink;

    fn not_regular(r: Result<File, OpenError>) -> String {
        match r {
            Err(OpenError::NotRegular(what)) => what,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn regular_files_and_links_to_them_open() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f");
        fs::write(&file, b"x").unwrap();
        symlink(&file, dir.path().join("l")).unwrap();
        assert!(open_regular(&file).is_ok());
        assert!(open_regular(&dir.path().join("l")).is_ok());
        assert!(matches!(
            open_regular(&dir.path().join("absent")),
            Err(OpenError::Missing)
        ));
    }

    #[test]
    fn fifos_folders_devices_and_bad_links_are_described_not_opened() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("p");
        mkfifo(&fifo);
        // Opening it for reading would block this test forever.
        assert_eq!(not_regular(open_regular(&fifo)), "a FIFO (named pipe)");
        assert_eq!(not_regular(open_regular(dir.path())), "a folder");
        symlink("/dev/zero", dir.path().join("z")).unwrap();
        assert_eq!(
            not_regular(open_regular(&dir.path().join("z"))),
            "a link to /dev/zero, a character device"
        );
        symlink(dir.path().join("gone"), dir.path().join("d")).unwrap();
        let dangling = not_regular(open_regular(&dir.path().join("d")));
        assert!(dangling.starts_with("a dangling link to "), "{dangling}");
        symlink(dir.path().join("loop"), dir.path().join("loop")).unwrap();
        let looped = not_regular(open_regular(&dir.path().join("loop")));
        assert!(looped.ends_with("leads round in a loop"), "{looped}");
    }
}
