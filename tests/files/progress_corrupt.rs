//! Unreadable progress is set aside with its bytes intact; a crash mid-save loses nothing.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use gridpuzzles::grid::Pos;
use gridpuzzles::history::{Action, Change, Entry, History};
use gridpuzzles::progress::{Loaded, PuzzleProgress, Settings, Store, Timestamp};

const NAME: &str = "lightup/7x7-default";

/// A fixed clock, so set-aside names are known in advance.
fn fixed_clock() -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(1_700_000_000)
}

fn progress(moves: usize) -> PuzzleProgress<u8> {
    let mut history = History::new();
    for i in 0..moves {
        history = history.push(Entry {
            action: Action::Set,
            changes: vec![Change {
                pos: Pos::new(i / 7, i % 7),
                before: 0,
                after: 1,
            }],
        });
    }
    PuzzleProgress {
        position: format!("7 7 0\n{}", "bbbbbbb\n".repeat(7)),
        history,
        elapsed_ms: 1000 * moves as u64,
        solved: false,
        best_ms: None,
        saved_at: Timestamp(moves as u64),
        view: None,
        solves: Vec::new(),
        made: None,
        proof: None,
    }
}

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open_with_clock(dir.path(), fixed_clock).unwrap();
    (dir, store)
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// Writes `bytes` as the puzzle's file, loads it, and checks it was set aside intact; then
/// checks a new save works. Returns the reason given.
fn assert_set_aside(bytes: &[u8]) -> String {
    let (_dir, store) = store();
    let path = store.puzzle_path(NAME);
    fs::write(&path, bytes).unwrap();

    let loaded = store.load_puzzle::<u8>(NAME).unwrap();
    let Loaded::SetAside {
        original,
        moved_to,
        reason,
    } = loaded
    else {
        panic!("expected SetAside for {bytes:?}, got {loaded:?}");
    };
    assert_eq!(original, path);
    let mut expected = path.clone().into_os_string();
    expected.push(".corrupt-20231114T221320Z");
    assert_eq!(moved_to, PathBuf::from(expected));
    assert_eq!(fs::read(&moved_to).unwrap(), bytes, "bytes must be kept");
    assert!(!path.exists());
    assert!(!reason.is_empty() && !reason.contains('\n'), "{reason:?}");

    // The player goes on with a fresh start, and the next save and load work.
    assert_eq!(store.load_puzzle::<u8>(NAME).unwrap(), Loaded::Missing);
    store.save_puzzle(NAME, &progress(2)).unwrap();
    assert_eq!(store.load_puzzle(NAME).unwrap(), Loaded::Found(progress(2)));
    assert!(moved_to.exists(), "the set-aside copy stays");
    reason
}

fn good_bytes() -> Vec<u8> {
    let (_dir, store) = store();
    store.save_puzzle(NAME, &progress(5)).unwrap();
    fs::read(store.puzzle_path(NAME)).unwrap()
}

#[test]
fn truncated_file_is_set_aside() {
    let good = good_bytes();
    for cut in [1, good.len() / 3, good.len() / 2, good.len() - 3] {
        assert_set_aside(&good[..cut]);
    }
}

#[test]
fn garbage_bytes_are_set_aside() {
    let reason = assert_set_aside(&[0xff, 0xfe, 0x00, 0x12, 0x80, b'{']);
    assert!(reason.contains("UTF-8"), "{reason}");
    assert_set_aside(b"this is not a progress file at all\n");
    assert_set_aside(b"[1, 2, 3]");
}

#[test]
fn empty_file_is_set_aside() {
    assert_eq!(assert_set_aside(b""), "empty file");
    assert_eq!(assert_set_aside(b"\n  \n"), "empty file");
}

#[test]
fn wrong_version_is_set_aside() {
    let good = String::from_utf8(good_bytes()).unwrap();
    let newer = good.replace("\"version\": 1,", "\"version\": 2,");
    assert_ne!(newer, good);
    assert!(assert_set_aside(newer.as_bytes()).contains("newer"));
    let older = good.replace("\"version\": 1,", "\"version\": 0,");
    assert!(assert_set_aside(older.as_bytes()).contains("version 0"));
}

#[test]
fn a_record_of_the_wrong_shape_is_set_aside() {
    let good = String::from_utf8(good_bytes()).unwrap();
    let wrong_piece = good.replace("\"after\":1", "\"after\":\"Tent\"");
    assert_ne!(wrong_piece, good);
    assert_set_aside(wrong_piece.as_bytes());
    let missing_field = good.replace("\"solved\": false,", "");
    assert_ne!(missing_field, good);
    assert!(assert_set_aside(missing_field.as_bytes()).contains("solved"));
}

#[test]
fn a_folder_in_place_of_the_file_is_set_aside() {
    let (_dir, store) = store();
    let path = store.puzzle_path(NAME);
    fs::create_dir(&path).unwrap();
    let loaded = store.load_puzzle::<u8>(NAME).unwrap();
    assert!(
        matches!(&loaded, Loaded::SetAside { reason, .. } if reason == "not a regular file: a folder"),
        "{loaded:?}"
    );
    store.save_puzzle(NAME, &progress(1)).unwrap();
    assert_eq!(store.load_puzzle(NAME).unwrap(), Loaded::Found(progress(1)));
}

#[test]
fn setting_aside_twice_keeps_both_copies() {
    let (_dir, store) = store();
    let path = store.puzzle_path(NAME);
    fs::write(&path, b"first").unwrap();
    let first = store.load_puzzle::<u8>(NAME).unwrap();
    fs::write(&path, b"second").unwrap();
    let second = store.load_puzzle::<u8>(NAME).unwrap();
    let (Loaded::SetAside { moved_to: a, .. }, Loaded::SetAside { moved_to: b, .. }) =
        (first, second)
    else {
        panic!("both loads should set the file aside");
    };
    assert_ne!(a, b);
    assert_eq!(fs::read(a).unwrap(), b"first");
    assert_eq!(fs::read(b).unwrap(), b"second");
}

#[test]
fn bad_settings_are_set_aside_and_replaced() {
    let (_dir, store) = store();
    let path = store.settings_path();
    for bytes in [&b"theme = "[..], b"ascii = \"yes\"\n", b"", b"\xff\xfe"] {
        fs::write(&path, bytes).unwrap();
        let loaded = store.load_settings().unwrap();
        let Loaded::SetAside { moved_to, .. } = loaded else {
            panic!("expected SetAside for {bytes:?}, got {loaded:?}");
        };
        assert_eq!(fs::read(&moved_to).unwrap(), bytes);
        fs::remove_file(moved_to).unwrap();
        let settings = Settings {
            theme: Some("mono".into()),
            ascii: false,
            theme_glyphs: false,
            ..Default::default()
        };
        store.save_settings(&settings).unwrap();
        assert_eq!(store.load_settings().unwrap(), Loaded::Found(settings));
    }
}

#[test]
fn crash_between_temp_write_and_rename_keeps_the_old_file() {
    let (dir, store) = store();
    store.save_puzzle(NAME, &progress(3)).unwrap();
    let before = fs::read(store.puzzle_path(NAME)).unwrap();

    let pending = store.prepare_puzzle_save(NAME, &progress(4)).unwrap();
    let temp = pending.temp_path().to_path_buf();
    assert_eq!(pending.target(), store.puzzle_path(NAME));
    assert_eq!(temp.parent(), store.puzzle_path(NAME).parent());
    // The process dies here: no rename, no destructor.
    std::mem::forget(pending);

    assert!(temp.exists());
    assert_eq!(fs::read(store.puzzle_path(NAME)).unwrap(), before);
    assert_eq!(store.load_puzzle(NAME).unwrap(), Loaded::Found(progress(3)));
    let listing = store.list().unwrap();
    assert_eq!(listing.entries.len(), 1);
    assert!(listing.problems.is_empty());

    // The next start cleans the stale temp file and finds the old progress.
    let store = Store::open(dir.path()).unwrap();
    assert!(!temp.exists());
    assert_eq!(
        files_in(&dir.path().join("progress")),
        [store
            .puzzle_path(NAME)
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()]
    );
    assert_eq!(store.load_puzzle(NAME).unwrap(), Loaded::Found(progress(3)));
    store.save_puzzle(NAME, &progress(6)).unwrap();
    assert_eq!(store.load_puzzle(NAME).unwrap(), Loaded::Found(progress(6)));
}

#[test]
fn crash_before_the_first_save_leaves_nothing() {
    let (dir, store) = store();
    let pending = store.prepare_puzzle_save(NAME, &progress(1)).unwrap();
    std::mem::forget(pending);
    assert_eq!(store.load_puzzle::<u8>(NAME).unwrap(), Loaded::Missing);
    assert!(store.list().unwrap().entries.is_empty());
    Store::open(dir.path()).unwrap();
    assert!(files_in(&dir.path().join("progress")).is_empty());
}

#[test]
fn a_half_written_temp_file_is_ignored_and_swept() {
    let (dir, store) = store();
    store.save_puzzle(NAME, &progress(2)).unwrap();
    let good = fs::read(store.puzzle_path(NAME)).unwrap();
    // What a crash in the middle of writing the temp file leaves.
    let mut temp = store.puzzle_path(NAME).into_os_string();
    temp.push(".tmp-99999-0");
    fs::write(&temp, &good[..good.len() / 2]).unwrap();
    let mut settings_temp = store.settings_path().into_os_string();
    settings_temp.push(".tmp-99999-1");
    fs::write(&settings_temp, b"theme = ").unwrap();

    assert_eq!(store.load_puzzle(NAME).unwrap(), Loaded::Found(progress(2)));
    assert_eq!(store.load_settings().unwrap(), Loaded::Missing);
    Store::open(dir.path()).unwrap();
    assert!(!Path::new(&temp).exists());
    assert!(!Path::new(&settings_temp).exists());
    assert_eq!(fs::read(store.puzzle_path(NAME)).unwrap(), good);
}

#[test]
fn an_abandoned_save_cleans_up_after_itself() {
    let (_dir, store) = store();
    store.save_puzzle(NAME, &progress(1)).unwrap();
    let pending = store.prepare_puzzle_save(NAME, &progress(2)).unwrap();
    let temp = pending.temp_path().to_path_buf();
    drop(pending);
    assert!(!temp.exists());
    assert_eq!(store.load_puzzle(NAME).unwrap(), Loaded::Found(progress(1)));
}
