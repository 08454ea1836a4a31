//! `gridpuzzles stats` on a copy of the fixture data folder `tests/data/stats/` and on an
//! empty one: the numbers printed, problems on stderr, exit 0.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use gridpuzzles::progress::{PuzzleProgress, Solve, Store, Timestamp};

/// A copy of the fixture data folder.
fn fixture_home() -> tempfile::TempDir {
    let home = tempfile::tempdir().unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/stats/progress");
    let to = home.path().join("progress");
    fs::create_dir(&to).unwrap();
    for file in fs::read_dir(from).unwrap() {
        let file = file.unwrap();
        fs::copy(file.path(), to.join(file.file_name())).unwrap();
    }
    home
}

/// `gridpuzzles stats` on data folder `home`, in time zone `tz` (a POSIX `TZ` value).
fn stats(home: &Path, tz: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
        .arg("stats")
        .env("GRIDPUZZLES_HOME", home)
        .env("TZ", tz)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_fixture_folder_s_numbers_are_printed() {
    let home = fixture_home();
    let o = stats(home.path(), "UTC0");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(text(&o.stderr), "");
    // The fixture's solves are all in March 2025: no streak is current now.
    let expected = "\
Tents: 5 puzzles solved, 4 without hints, 1 with hints (6 saved)
  daily streak: current 0 days, longest 3 days
  size  tier     solved  best  median
  5x5   easy          2  3:20    5:00
  7x7   unrated       1  2:30    2:30
  8x8   easy          1  1:35    1:35

Light Up: 2 puzzles solved, 1 without hints, 1 with hints (3 saved)
  daily streak: current 0 days, longest 2 days
  size  tier     solved  best  median
  5x5   easy          1  2:00    2:00

Mosaic: nothing saved yet

All games: 7 puzzles solved
  daily streak: current 0 days, longest 6 days
";
    assert_eq!(text(&o.stdout), expected);
    assert!(o.stdout.split(|&b| b == b'\n').all(|line| line.len() <= 80));
}

#[test]
fn days_are_counted_in_the_time_zone() {
    let home = fixture_home();
    // An hour behind UTC, Light Up's solves at 23:30 and 00:30 UTC fall on one day.
    let out = text(&stats(home.path(), "XXX1").stdout);
    let lightup = out
        .lines()
        .skip_while(|l| !l.starts_with("Light Up"))
        .nth(1);
    assert_eq!(
        lightup,
        Some("  daily streak: current 0 days, longest 1 day"),
        "{out}"
    );
}

#[test]
fn a_solve_today_is_a_current_streak_and_bad_files_are_reported_and_kept() {
    let home = fixture_home();
    let store = Store::open(home.path()).unwrap();
    let now = Timestamp::from_system_time(std::time::SystemTime::now());
    let mut solved = PuzzleProgress::<u8>::fresh("2 2 0 0\n-e-e\n-e-e\n".into(), now);
    solved.solved = true;
    solved.best_ms = Some(61_000);
    solved.solves = vec![Solve {
        at: now,
        ms: 61_000,
        hints: false,
    }];
    store
        .save_puzzle("custom/mosaic/2x2:aa (full)", &solved)
        .unwrap();
    let bad = store.puzzle_path("mosaic/broken");
    fs::write(&bad, "{\"version\": 1,").unwrap();

    let o = stats(home.path(), "UTC0");
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    let mosaic: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Mosaic"))
        .take(4)
        .collect();
    assert_eq!(
        mosaic,
        [
            "Mosaic: 1 puzzle solved, 1 without hints, 0 with hints (1 saved)",
            "  daily streak: current 1 day, longest 1 day",
            "  size  tier     solved  best  median",
            "  2x2   unrated       1  1:01    1:01",
        ],
        "{out}"
    );
    assert!(
        out.ends_with(
            "All games: 8 puzzles solved\n  daily streak: current 1 day, longest 6 days\n"
        ),
        "{out}"
    );
    let err = text(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!("gridpuzzles: {}: ", bad.display())),
        "{err}"
    );
    assert!(bad.exists(), "stats must not move files");
}

#[test]
fn an_empty_data_folder_has_nothing_saved() {
    let home = tempfile::tempdir().unwrap();
    let o = stats(home.path(), "UTC0");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(text(&o.stderr), "");
    assert_eq!(
        text(&o.stdout),
        "Tents: nothing saved yet\n\nLight Up: nothing saved yet\n\nMosaic: nothing saved yet\n\n\
         All games: 0 puzzles solved\n"
    );
}

#[test]
fn help_lists_stats() {
    let o = Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
        .arg("--help")
        .output()
        .unwrap();
    let help = text(&o.stdout);
    assert!(
        help.lines().any(|l| l.trim_start().starts_with("stats ")),
        "{help}"
    );
}
