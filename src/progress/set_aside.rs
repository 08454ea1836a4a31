//! Moving an unreadable file out of the way (`<file>.corrupt-<UTC time>`), never over another.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::atomic::sync_dir;
use super::error::StoreError;

/// Renames `original` to `<original>.corrupt-<time>` (adding `-2`, `-3`, … if that name is
/// taken) and returns the new path.
pub fn set_aside(original: &Path, at: SystemTime) -> Result<PathBuf, StoreError> {
    let base = corrupt_path(original, at);
    let mut candidate = base.clone();
    let mut n = 1u32;
    // `rename` replaces an existing file on Unix: look first so an earlier copy is never lost.
    while candidate.symlink_metadata().is_ok() {
        n += 1;
        let mut name = base.as_os_str().to_owned();
        name.push(format!("-{n}"));
        candidate = PathBuf::from(name);
    }
    std::fs::rename(original, &candidate).map_err(|source| StoreError::Rename {
        from: original.to_path_buf(),
        to: candidate.clone(),
        source,
    })?;
    if let Some(dir) = original.parent().filter(|d| !d.as_os_str().is_empty()) {
        sync_dir(dir)?;
    }
    Ok(candidate)
}

/// `<original>.corrupt-<YYYYMMDDTHHMMSSZ>` for the moment `at`.
pub fn corrupt_path(original: &Path, at: SystemTime) -> PathBuf {
    let secs = at.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let mut name = OsString::from(original.as_os_str());
    name.push(format!(".corrupt-{}", utc_stamp(secs)));
    PathBuf::from(name)
}

/// Whether a file name is a set-aside copy.
pub fn is_corrupt_file_name(name: &str) -> bool {
    name.contains(".corrupt-")
}

/// `YYYYMMDDTHHMMSSZ` for `secs` seconds after the Unix epoch (UTC; sorts by time).
fn utc_stamp(secs: u64) -> String {
    let days = secs / 86_400;
    let rest = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}{m:02}{d:02}T{:02}{:02}{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + u64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn stamps_are_utc_calendar_times() {
        assert_eq!(utc_stamp(0), "19700101T000000Z");
        // 2000-02-29 is a leap day; 951_782_400 is its midnight.
        assert_eq!(utc_stamp(951_782_400 + 3723), "20000229T010203Z");
        assert_eq!(utc_stamp(1_700_000_000), "20231114T221320Z");
        assert_eq!(utc_stamp(4_102_444_799), "20991231T235959Z");
    }

    #[test]
    fn corrupt_path_appends_to_the_whole_file_name() {
        let at = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        assert_eq!(
            corrupt_path(Path::new("/d/a.json"), at),
            PathBuf::from("/d/a.json.corrupt-20231114T221320Z")
        );
        assert!(is_corrupt_file_name("a.json.corrupt-20231114T221320Z-2"));
        assert!(!is_corrupt_file_name("a.json"));
    }

    #[test]
    fn setting_aside_twice_at_the_same_second_keeps_both() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.json");
        let at = UNIX_EPOCH + Duration::from_secs(60);
        std::fs::write(&file, b"one").unwrap();
        let first = set_aside(&file, at).unwrap();
        std::fs::write(&file, b"two").unwrap();
        let second = set_aside(&file, at).unwrap();
        assert_ne!(first, second);
        assert!(second.to_string_lossy().ends_with("Z-2"));
        assert_eq!(std::fs::read(first).unwrap(), b"one");
        assert_eq!(std::fs::read(second).unwrap(), b"two");
        assert!(!file.exists());
    }
}
