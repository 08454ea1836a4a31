//! Reading and writing whole files, for every file the program touches.
//!
//! - [`atomic`]: replacing a file by a temp file renamed over it, so a crash or a full disk
//!   leaves the old file or the new one, never a fragment (progress, settings, command outputs).
//! - [`output`]: a file a command was told to write (`solve P OUT`, `text`'s `s FILE`, …): links
//!   followed, devices and pipes written in place, regular files replaced atomically.
//! - [`regular`]: opening a file of the data or config folder for reading only when it is a
//!   regular file, so a FIFO or a device there can never block or flood a read.

pub mod atomic;
mod error;
pub mod output;
pub mod regular;

pub use error::FileError;

/// Makes a FIFO at `path`, for the tests that check nothing ever blocks on one.
#[cfg(all(test, unix))]
pub(crate) fn mkfifo(path: &std::path::Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: `c` is a valid NUL-terminated path for the duration of the call.
    let r = unsafe { libc::mkfifo(c.as_ptr(), 0o600) };
    assert_eq!(r, 0, "mkfifo {}", path.display());
}
