//! Where progress lives: the data folder, and safe, stable file names for puzzle names.

use std::ffi::OsStr;
use std::path::PathBuf;

use super::error::StoreError;

/// The environment variable that moves the whole data folder (used by tests and by players).
pub const HOME_ENV: &str = "GRIDPUZZLES_HOME";

/// The settings file, directly in the data folder.
pub const SETTINGS_FILE: &str = "settings.toml";

/// The folder, inside the data folder, holding one file per puzzle.
pub const PUZZLES_DIR: &str = "progress";

/// The extension of every committed puzzle progress file.
pub const PROGRESS_EXTENSION: &str = "json";

/// At most this many characters of the readable part of a puzzle file name.
const MAX_SLUG: usize = 48;

/// The data folder: `$GRIDPUZZLES_HOME` when set and not empty, else the platform's data folder.
///
/// The only function that reads the environment; everything else takes a folder explicitly.
pub fn data_dir() -> Result<PathBuf, StoreError> {
    resolve_data_dir(std::env::var_os(HOME_ENV).as_deref(), platform_data_dir)
}

/// The data folder given the value of `GRIDPUZZLES_HOME` and a way to find the platform's folder.
///
/// An empty override counts as unset, as shells make it easy to export an empty variable by mistake.
pub fn resolve_data_dir(
    home: Option<&OsStr>,
    platform: impl FnOnce() -> Option<PathBuf>,
) -> Result<PathBuf, StoreError> {
    match home {
        Some(dir) if !dir.is_empty() => Ok(PathBuf::from(dir)),
        _ => platform().ok_or(StoreError::NoDataDir),
    }
}

/// The platform's data folder for gridpuzzles (`~/.local/share/gridpuzzles` on Linux).
fn platform_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "gridpuzzles").map(|d| d.data_dir().to_path_buf())
}

/// The file name (with extension) holding the progress of puzzle `name`.
///
/// A readable part keeps ASCII letters (lowercased), digits and `-`, every other run of
/// characters becoming one `-`; a 64-bit FNV-1a hash of the full name keeps names that share
/// the readable part apart (`Tents/A` and `tents a` differ). The full name is also stored in
/// the file.
pub fn puzzle_file_name(name: &str) -> String {
    let slug = slug(name);
    let hash = fnv1a64(name.as_bytes());
    if slug.is_empty() {
        format!("{hash:016x}.{PROGRESS_EXTENSION}")
    } else {
        format!("{slug}-{hash:016x}.{PROGRESS_EXTENSION}")
    }
}

/// The readable part of a file name: `[a-z0-9-]`, no leading, trailing or doubled `-`.
fn slug(name: &str) -> String {
    let mut out = String::new();
    let mut pending_dash = false;
    for c in name.chars().map(|c| c.to_ascii_lowercase()) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            if pending_dash && !out.is_empty() {
                out.push('-');
            }
            pending_dash = false;
            out.push(c);
        } else {
            pending_dash = true;
        }
    }
    // Only ASCII was pushed, so any byte index is a character boundary.
    out.truncate(MAX_SLUG);
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// 64-bit FNV-1a, written out so file names never change with the Rust version or platform.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes.iter().fold(OFFSET_BASIS, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(PRIME)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a64_matches_the_published_test_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn pack_names_keep_a_readable_part() {
        let file = puzzle_file_name("tents/15x15-tricky-03");
        assert!(file.starts_with("tents-15x15-tricky-03-"), "{file}");
        assert!(file.ends_with(".json"));
        // Slug, dash, 16 hex digits, extension.
        assert_eq!(file.len(), "tents-15x15-tricky-03".len() + 1 + 16 + 5);
    }

    #[test]
    fn slugs_collapse_runs_and_trim_dashes() {
        assert_eq!(slug("  /a//b::C  "), "a-b-c");
        assert_eq!(slug("日本"), "");
        assert_eq!(slug("--x--"), "x");
        assert_eq!(slug(&"y".repeat(200)).len(), MAX_SLUG);
    }

    #[test]
    fn a_name_without_ascii_is_just_its_hash() {
        let file = puzzle_file_name("日本");
        assert_eq!(file, format!("{:016x}.json", fnv1a64("日本".as_bytes())));
    }

    #[test]
    fn override_wins_and_empty_override_is_unset() {
        let fallback = || Some(PathBuf::from("/platform"));
        assert_eq!(
            resolve_data_dir(Some(OsStr::new("/tmp/x")), fallback).unwrap(),
            PathBuf::from("/tmp/x")
        );
        assert_eq!(
            resolve_data_dir(Some(OsStr::new("")), fallback).unwrap(),
            PathBuf::from("/platform")
        );
        assert_eq!(
            resolve_data_dir(None, fallback).unwrap(),
            PathBuf::from("/platform")
        );
        assert!(matches!(
            resolve_data_dir(None, || None),
            Err(StoreError::NoDataDir)
        ));
    }
}
