//! Progress store: round trips, missing files, listing and removal.

use std::fs;

use gridpuzzles::grid::Pos;
use gridpuzzles::history::{Action, Change, Entry, History};
use gridpuzzles::progress::{
    ListEntry, Loaded, Made, PuzzleProgress, Settings, Solve, Store, Summary, Timestamp,
    puzzle_file_name,
};
use serde::{Deserialize, Serialize};

/// A game-like square type, stored by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Square {
    Empty,
    Tent,
    Grass,
}

fn set(row: usize, col: usize, before: Square, after: Square) -> Entry<Square> {
    Entry {
        action: Action::Set,
        changes: vec![Change {
            pos: Pos::new(row, col),
            before,
            after,
        }],
    }
}

/// A record with every kind of entry on both stacks and a position with trailing spaces.
fn played() -> PuzzleProgress<Square> {
    let fill = Entry {
        action: Action::FillRow(1),
        changes: (0..3)
            .map(|col| Change {
                pos: Pos::new(1, col),
                before: Square::Empty,
                after: Square::Grass,
            })
            .collect(),
    };
    let hint = Entry {
        action: Action::Hint("grass around every tent".into()),
        changes: vec![],
    };
    let history = History::new()
        .push(set(0, 0, Square::Empty, Square::Tent))
        .push(fill)
        .push(Entry {
            action: Action::Reveal,
            changes: vec![],
        })
        .push(hint)
        .push(Entry {
            action: Action::FillCol(2),
            changes: vec![],
        });
    let (_, history) = history.undo().unwrap();
    let (_, history) = history.undo().unwrap();
    assert_eq!(history.done().len(), 3);
    assert_eq!(history.undone().len(), 2);
    PuzzleProgress {
        position: "3 3 0 0\n1 0 0 \n1 0 0 \n*x \n---\n   \n".into(),
        history,
        elapsed_ms: 125_000,
        solved: false,
        best_ms: None,
        saved_at: Timestamp(1_750_000_000_123),
        view: None,
        solves: vec![Solve {
            at: Timestamp(1_749_000_000_000),
            ms: 98_000,
            hints: true,
        }],
        made: Some(Made {
            puzzle: "3 3 0 0\n1 0 0 \n1 0 0 \n x \n   \n   \n".into(),
            game: "tents".into(),
            rows: 3,
            cols: 3,
            difficulty: "easy".into(),
            wrapping: false,
            variant: vec!["diagadj".into()],
            seed: 42,
            made_at: Timestamp(1_748_000_000_000),
        }),
        proof: None,
    }
}

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    (dir, store)
}

#[test]
fn puzzle_progress_round_trips_with_both_history_stacks() {
    let (_dir, store) = store();
    let progress = played();
    store
        .save_puzzle("tents/15x15-tricky-03", &progress)
        .unwrap();
    let loaded = store
        .load_puzzle::<Square>("tents/15x15-tricky-03")
        .unwrap();
    assert_eq!(loaded, Loaded::Found(progress));
}

#[test]
fn a_fresh_store_knows_nothing() {
    let (_dir, store) = store();
    assert_eq!(
        store.load_puzzle::<Square>("tents/default-2025").unwrap(),
        Loaded::Missing
    );
    assert_eq!(store.load_settings().unwrap(), Loaded::Missing);
    assert!(store.list().unwrap().entries.is_empty());
}

#[test]
fn saving_again_replaces_the_record() {
    let (_dir, store) = store();
    let mut progress = played();
    store.save_puzzle("p", &progress).unwrap();
    progress.solved = true;
    progress.best_ms = Some(99_000);
    progress.history = History::new();
    store.save_puzzle("p", &progress).unwrap();
    assert_eq!(store.load_puzzle("p").unwrap(), Loaded::Found(progress));
}

#[test]
fn the_file_holds_the_full_name_and_format_version() {
    let (_dir, store) = store();
    let name = "C:\\puzzles\\my tents.tnt";
    store.save_puzzle(name, &played()).unwrap();
    let path = store.puzzle_path(name);
    assert_eq!(path.parent().unwrap(), store.dir().join("progress"));
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"version\": 1,"), "{text}");
    assert!(
        text.contains(r#""name": "C:\\puzzles\\my tents.tnt","#),
        "{text}"
    );
}

#[test]
fn settings_round_trip_and_old_files_still_load() {
    let (_dir, store) = store();
    let settings = Settings {
        theme: Some("high-contrast".into()),
        ascii: true,
        theme_glyphs: false,
        ..Default::default()
    };
    store.save_settings(&settings).unwrap();
    assert_eq!(store.load_settings().unwrap(), Loaded::Found(settings));

    // A file from a version that only knew the theme, and one from a later version.
    fs::write(store.settings_path(), "theme = \"light\"\n").unwrap();
    assert_eq!(
        store.load_settings().unwrap(),
        Loaded::Found(Settings {
            theme: Some("light".into()),
            ascii: false,
            theme_glyphs: false,
            ..Default::default()
        })
    );
    fs::write(store.settings_path(), "ascii = true\nkeymap = \"vim\"\n").unwrap();
    assert_eq!(
        store.load_settings().unwrap(),
        Loaded::Found(Settings {
            theme: None,
            ascii: true,
            theme_glyphs: false,
            ..Default::default()
        })
    );
}

#[test]
fn list_reflects_saves_and_removals() {
    let (_dir, store) = store();
    let fresh = PuzzleProgress::<Square>::fresh("1 1 0 0\n0 \n0 \n \n".into(), Timestamp(5));
    let mut solved = played();
    solved.solved = true;
    solved.best_ms = Some(80_000);

    store.save_puzzle("lightup/7x7-default", &fresh).unwrap();
    store.save_puzzle("tents/default-2020", &played()).unwrap();
    store.save_puzzle("mosaic/5x5-easy-01", &solved).unwrap();

    let listing = store.list().unwrap();
    assert!(listing.problems.is_empty(), "{:?}", listing.problems);
    assert_eq!(
        listing.entries,
        vec![
            ListEntry {
                name: "lightup/7x7-default".into(),
                summary: Summary {
                    solved: false,
                    best_ms: None,
                    elapsed_ms: 0,
                    moves: 0,
                    saved_at: Timestamp(5),
                },
                made: None,
            },
            ListEntry {
                name: "mosaic/5x5-easy-01".into(),
                summary: Summary {
                    solved: true,
                    best_ms: Some(80_000),
                    elapsed_ms: 125_000,
                    moves: 3,
                    saved_at: Timestamp(1_750_000_000_123),
                },
                made: played().made,
            },
            ListEntry {
                name: "tents/default-2020".into(),
                summary: Summary {
                    solved: false,
                    best_ms: None,
                    elapsed_ms: 125_000,
                    moves: 3,
                    saved_at: Timestamp(1_750_000_000_123),
                },
                made: played().made,
            },
        ]
    );
    assert!(!listing.entries[0].summary.in_progress());
    assert!(listing.entries[2].summary.in_progress());

    assert!(store.remove("tents/default-2020").unwrap());
    assert!(!store.remove("tents/default-2020").unwrap());
    assert_eq!(
        store.load_puzzle::<Square>("tents/default-2020").unwrap(),
        Loaded::Missing
    );
    let names: Vec<_> = store
        .list()
        .unwrap()
        .entries
        .into_iter()
        .map(|e| e.name)
        .collect();
    assert_eq!(names, ["lightup/7x7-default", "mosaic/5x5-easy-01"]);
}

#[test]
fn list_skips_temp_and_set_aside_files_and_reports_bad_ones_without_moving_them() {
    let (_dir, store) = store();
    store.save_puzzle("good", &played()).unwrap();
    let progress_dir = store.dir().join("progress");
    fs::write(progress_dir.join("x.json.corrupt-20250101T000000Z"), "junk").unwrap();
    fs::write(progress_dir.join("x.json.tmp-1-1"), "junk").unwrap();
    let bad = store.puzzle_path("bad");
    fs::write(&bad, "{\"version\": 1,\n\"name\": ").unwrap();

    let listing = store.list().unwrap();
    assert_eq!(listing.entries.len(), 1);
    assert_eq!(listing.entries[0].name, "good");
    assert_eq!(listing.problems.len(), 1);
    assert_eq!(listing.problems[0].0, bad);
    assert!(
        listing.problems[0].1.contains("line 2"),
        "{:?}",
        listing.problems
    );
    assert!(bad.exists(), "listing must not move files");
}

#[test]
fn solve_records_read_solves_and_made_and_report_bad_files_without_moving_them() {
    let (_dir, store) = store();
    let made = played();
    store
        .save_puzzle("random/tents-3x3-easy-42", &made)
        .unwrap();
    let fresh = PuzzleProgress::<Square>::fresh("7 9 0\nbbbbbbbbb\n".into(), Timestamp(5));
    store.save_puzzle("lightup/x", &fresh).unwrap();
    let bad = store.puzzle_path("bad");
    fs::write(&bad, "{\"version\": 1,\n\"name\": ").unwrap();
    // Alpha's record where beta's belongs.
    fs::copy(store.puzzle_path("lightup/x"), store.puzzle_path("beta")).unwrap();

    let listing = store.solve_records().unwrap();
    let names: Vec<&str> = listing.records.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["lightup/x", "random/tents-3x3-easy-42"]);
    let (lightup, random) = (&listing.records[0], &listing.records[1]);
    assert_eq!(lightup.header, "7 9 0");
    assert!(!lightup.solved && lightup.solves.is_empty() && lightup.made.is_none());
    assert_eq!(random.header, made.position.lines().next().unwrap());
    assert_eq!((random.solved, random.best_ms), (made.solved, made.best_ms));
    assert_eq!(random.saved_at, made.saved_at);
    assert_eq!(random.solves, made.solves);
    assert_eq!(random.made, made.made);
    assert_eq!(listing.problems.len(), 2, "{:?}", listing.problems);
    assert!(
        listing
            .problems
            .iter()
            .any(|(path, why)| *path == bad && why.contains("line 2"))
    );
    assert!(bad.exists(), "reading for statistics must not move files");
}

#[test]
fn a_file_holding_another_puzzles_progress_is_set_aside_bytes_kept() {
    let (_dir, store) = store();
    store.save_puzzle("alpha", &played()).unwrap();
    // As if two names hashed alike: alpha's record sits where beta's belongs.
    let beta = store.puzzle_path("beta");
    fs::copy(store.puzzle_path("alpha"), &beta).unwrap();
    let before = fs::read(&beta).unwrap();

    // Listing reports it and leaves it where it is.
    let listing = store.list().unwrap();
    assert_eq!(listing.entries.len(), 1);
    assert_eq!(listing.problems.len(), 1);
    assert!(listing.problems[0].1.contains(&puzzle_file_name("alpha")));

    // Loading beta sets it aside, as an unreadable file would be, and beta can be saved again.
    let Loaded::SetAside {
        original,
        moved_to,
        reason,
    } = store.load_puzzle::<Square>("beta").unwrap()
    else {
        panic!("not set aside");
    };
    assert_eq!(original, beta);
    assert!(reason.contains("\"alpha\""), "{reason}");
    assert_eq!(fs::read(&moved_to).unwrap(), before);
    assert!(!beta.exists());
    store.save_puzzle("beta", &played()).unwrap();
    assert!(matches!(
        store.load_puzzle::<Square>("beta").unwrap(),
        Loaded::Found(_)
    ));
}

#[test]
fn open_creates_the_folders() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("a").join("b");
    let store = Store::open(&nested).unwrap();
    assert!(nested.join("progress").is_dir());
    store.save_settings(&Settings::default()).unwrap();
    assert_eq!(
        store.load_settings().unwrap(),
        Loaded::Found(Settings::default())
    );
}

#[test]
fn errors_name_the_path_and_the_operation() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    fs::write(&blocker, "not a folder").unwrap();
    let err = Store::open(blocker.join("data")).unwrap_err();
    let message = err.to_string();
    assert!(message.starts_with("cannot create folder "), "{message}");
    assert!(
        message.contains(&blocker.display().to_string()),
        "{message}"
    );
}
