//! Puzzle names of every kind map to distinct, safe file names and stay apart in the store.

use std::collections::HashSet;

use gridpuzzles::progress::{Loaded, PuzzleProgress, Store, Timestamp, puzzle_file_name};
use proptest::prelude::*;

const NAMES: &[&str] = &[
    "tents/15x15-tricky-03",
    "tents/15x15 tricky 03",
    "tents:15x15:tricky:03",
    "Tents/15x15-Tricky-03",
    "tents\\15x15-tricky-03",
    "tents/15x15-tricky-03 ",
    "/home/ann/puzzles/my game.tnt",
    "C:\\Users\\Ann\\game.tnt",
    "8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3",
    "7x7:b1f2iB2g1Bi2fBb",
    "7x7:B1F2IB2G1BI2FBB",
    "mosaic/5x5 — Ünïcödé ✓",
    "日本語のパズル",
    "パズル",
    "🌲⛺",
    "",
    " ",
    "..",
    "../../etc/passwd",
    "con",
    "a/b",
    "a_b",
];

fn is_safe(file: &str) -> bool {
    !file.is_empty()
        && file.len() <= 80
        && !file.starts_with('.')
        && !file.starts_with('-')
        && file
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.')
}

#[test]
fn every_name_maps_to_a_distinct_safe_file() {
    let files: Vec<String> = NAMES.iter().map(|n| puzzle_file_name(n)).collect();
    for (name, file) in NAMES.iter().zip(&files) {
        assert!(is_safe(file), "{name:?} -> {file:?}");
        assert!(file.ends_with(".json"));
        assert_eq!(file.matches('.').count(), 1, "{file}");
    }
    let distinct: HashSet<&String> = files.iter().collect();
    assert_eq!(distinct.len(), NAMES.len(), "{files:#?}");
}

#[test]
fn file_names_are_stable() {
    // These must never change, or saved progress would be orphaned after an upgrade.
    assert_eq!(
        puzzle_file_name("tents/15x15-tricky-03"),
        format!(
            "tents-15x15-tricky-03-{:016x}.json",
            gridpuzzles::progress::paths::fnv1a64(b"tents/15x15-tricky-03")
        )
    );
    assert_eq!(puzzle_file_name(""), "cbf29ce484222325.json");
    assert_eq!(puzzle_file_name("a"), "a-af63dc4c8601ec8c.json");
}

#[test]
fn every_name_keeps_its_own_progress_in_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    for (i, name) in NAMES.iter().enumerate() {
        let p = PuzzleProgress::<u8>::fresh(format!("position of {name}"), Timestamp(i as u64));
        store.save_puzzle(name, &p).unwrap();
    }
    for (i, name) in NAMES.iter().enumerate() {
        let loaded = store.load_puzzle::<u8>(name).unwrap();
        let Loaded::Found(p) = loaded else {
            panic!("{name:?}: {loaded:?}");
        };
        assert_eq!(p.position, format!("position of {name}"));
        assert_eq!(p.saved_at, Timestamp(i as u64));
    }
    let listing = store.list().unwrap();
    assert!(listing.problems.is_empty());
    let mut listed: Vec<String> = listing.entries.into_iter().map(|e| e.name).collect();
    let mut expected: Vec<String> = NAMES.iter().map(|n| n.to_string()).collect();
    listed.sort();
    expected.sort();
    assert_eq!(listed, expected);
    // Nothing escaped the progress folder ("../../etc/passwd" included).
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "only the progress folder in the data folder"
    );
}

proptest! {
    #[test]
    fn any_name_gives_a_safe_file_name(name in any::<String>()) {
        let file = puzzle_file_name(&name);
        prop_assert!(is_safe(&file), "{:?} -> {:?}", name, file);
        prop_assert_eq!(puzzle_file_name(&name), file);
    }

    #[test]
    fn names_differing_in_one_character_get_different_files(
        name in "[a-zA-Z0-9/: _.-]{1,30}",
        at in any::<prop::sample::Index>(),
        replacement in "[a-zA-Z0-9/: _.-]",
    ) {
        let mut chars: Vec<char> = name.chars().collect();
        let i = at.index(chars.len());
        let new = replacement.chars().next().unwrap();
        prop_assume!(chars[i] != new);
        chars[i] = new;
        let other: String = chars.into_iter().collect();
        prop_assert_ne!(puzzle_file_name(&name), puzzle_file_name(&other));
    }
}
