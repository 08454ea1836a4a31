//! Statistics from the fixture data folder `tests/data/stats/` (its README lists the files):
//! solves with and without hints, older files, random and custom puzzles, streaks across days.

use std::fs;
use std::path::Path;

use gridpuzzles::deduce::Tier;
use gridpuzzles::game::GameKind;
use gridpuzzles::pack;
use gridpuzzles::progress::{SolveRecord, Store, Timestamp};
use gridpuzzles::stats::{
    Day, PuzzleFacts, Size, Stats, Streak, compute, report_lines, stats_of_records,
};

/// 2025-03-03, the fixture's day 0, in days since 1970-01-01.
const DAY0: i64 = 20_150;
const HOUR: i32 = 3600;

/// The fixture's records, read through the store from a copy of the folder.
fn records() -> Vec<SolveRecord> {
    let home = tempfile::tempdir().unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/stats/progress");
    fs::create_dir(home.path().join("progress")).unwrap();
    for file in fs::read_dir(from).unwrap() {
        let file = file.unwrap();
        fs::copy(
            file.path(),
            home.path().join("progress").join(file.file_name()),
        )
        .unwrap();
    }
    let listing = Store::open(home.path()).unwrap().solve_records().unwrap();
    assert!(listing.problems.is_empty(), "{:?}", listing.problems);
    assert_eq!(listing.records.len(), 9);
    listing.records
}

/// The fixture's statistics on day `today` (of the fixture) at UTC offset `offset` seconds.
fn stats_on(today: i64, offset: i32) -> Stats {
    let (stats, problems) =
        stats_of_records(&records(), &pack::entries(), Day(DAY0 + today), |at| {
            Day::at_offset(at, offset)
        });
    assert!(problems.is_empty(), "{problems:?}");
    stats
}

fn facts(name: &str) -> PuzzleFacts {
    let records = records();
    let record = records.iter().find(|r| r.name == name).unwrap();
    PuzzleFacts::from_record(record, &pack::entries()).unwrap()
}

fn streak(current: u32, longest: u32) -> Streak {
    Streak { current, longest }
}

#[test]
fn puzzles_solved_with_and_without_hints_per_game() {
    let stats = stats_on(6, 0);
    let counts: Vec<(GameKind, usize, usize, usize, usize)> = stats
        .games
        .iter()
        .map(|g| (g.game, g.saved, g.solved, g.without_hints, g.with_hints))
        .collect();
    assert_eq!(
        counts,
        [
            (GameKind::Tents, 6, 5, 4, 1),
            (GameKind::LightUp, 3, 2, 1, 1),
            (GameKind::Mosaic, 0, 0, 0, 0),
        ]
    );
    assert_eq!(stats.solved, 7);
}

#[test]
fn each_kind_of_file_is_read_for_what_it_says() {
    // Solved with hints first, then twice without: counts without hints, best of the two.
    let mixed = facts("tents/5x5-easy-01");
    assert_eq!(mixed.solved_at.len(), 3);
    assert_eq!(mixed.best_ms, Some(200_000));
    // Only ever solved with hints.
    let helped = facts("tents/8x8-tricky-01");
    assert!(helped.solved() && !helped.solved_without_hints());
    assert_eq!(helped.tier, Some(Tier::Tricky));
    // Never solved.
    assert!(!facts("tents/10x10-hard-01").solved());
    // An older file: its solved flag is one solve when it was saved, hints when no best time.
    let old = facts("tents/default-2020");
    assert_eq!(old.solved_at, [Timestamp(1_741_370_400_000)]);
    assert_eq!((old.best_ms, old.tier), (Some(95_000), Some(Tier::Easy)));
    assert_eq!(old.size, Size { rows: 8, cols: 8 });
    let old_helped = facts("lightup/default");
    assert!(old_helped.solved() && !old_helped.solved_without_hints());
    // Made by the form: game, size and tier from `made`.
    let random = facts("random/tents-5x5-easy-42");
    assert_eq!(
        (random.game, random.size, random.tier),
        (GameKind::Tents, Size { rows: 5, cols: 5 }, Some(Tier::Easy))
    );
    // From a file or an ID: the game from the name, the size from the position, no tier.
    let records = records();
    let custom = records
        .iter()
        .find(|r| r.name.starts_with("custom/"))
        .unwrap();
    let custom = PuzzleFacts::from_record(custom, &pack::entries()).unwrap();
    assert_eq!(
        (custom.game, custom.size, custom.tier),
        (GameKind::Tents, Size { rows: 7, cols: 7 }, None)
    );
}

#[test]
fn times_by_size_and_tier_count_solves_without_hints_only() {
    let stats = stats_on(6, 0);
    let rows = |game: usize| -> Vec<(String, Option<Tier>, usize, u64, u64)> {
        stats.games[game]
            .times
            .iter()
            .map(|g| (g.size.to_string(), g.tier, g.solved, g.best_ms, g.median_ms))
            .collect()
    };
    let easy = Some(Tier::Easy);
    // The pack's and the form's 5x5 easy puzzles share a group: median of 3:20 and 6:40.
    assert_eq!(
        rows(0),
        [
            ("5x5".into(), easy, 2, 200_000, 300_000),
            ("7x7".into(), None, 1, 150_000, 150_000),
            ("8x8".into(), easy, 1, 95_000, 95_000),
        ]
    );
    // Light Up's default was solved with hints only: no time.
    assert_eq!(rows(1), [("5x5".into(), easy, 1, 120_000, 120_000)]);
    assert!(rows(2).is_empty());
}

#[test]
fn consecutive_days_and_a_gap() {
    // Tents on days 0, 1, 2, then 4, 5: the gap on day 3 ends the first streak.
    let stats = stats_on(5, 0);
    assert_eq!(stats.games[0].streak, streak(2, 3));
    // Light Up on days 3 and 4 fills the gap: every game together, days 0 to 5.
    assert_eq!(stats.games[1].streak, streak(2, 2));
    assert_eq!(stats.streak, streak(6, 6));
}

#[test]
fn a_streak_ending_yesterday_is_current_and_two_days_ago_is_not() {
    let yesterday = stats_on(6, 0);
    assert_eq!(yesterday.games[0].streak, streak(2, 3));
    assert_eq!(yesterday.streak, streak(6, 6));
    let two_days_ago = stats_on(7, 0);
    assert_eq!(two_days_ago.games[0].streak, streak(0, 3));
    assert_eq!(two_days_ago.streak, streak(0, 6));
}

#[test]
fn solves_on_the_same_day_count_once() {
    // Three solves of one puzzle: one on day 0, two on day 1.
    let puzzle = facts("tents/5x5-easy-01");
    let stats = compute(&[puzzle], Day(DAY0 + 1), |at| Day::at_offset(at, 0));
    assert_eq!(stats.games[0].streak, streak(2, 2));
}

#[test]
fn days_are_the_player_s_local_days() {
    // Light Up: 23:30 on day 3 and 00:30 on day 4, UTC.
    assert_eq!(stats_on(4, 0).games[1].streak, streak(2, 2));
    // An hour behind UTC both fall on day 3, an hour ahead both on day 4.
    assert_eq!(stats_on(4, -HOUR).games[1].streak, streak(1, 1));
    assert_eq!(stats_on(5, -HOUR).games[1].streak, streak(0, 1));
    assert_eq!(stats_on(5, HOUR).games[1].streak, streak(1, 1));
    // Tents' solves stay on their days an hour either way.
    assert_eq!(stats_on(6, -HOUR).games[0].streak, streak(2, 3));
    assert_eq!(stats_on(6, HOUR).games[0].streak, streak(2, 3));
}

#[test]
fn the_report_reads_the_same_numbers() {
    let lines = report_lines(&stats_on(6, 0));
    let expected = [
        "Tents: 5 puzzles solved, 4 without hints, 1 with hints (6 saved)",
        "  daily streak: current 2 days, longest 3 days",
        "  size  tier     solved  best  median",
        "  5x5   easy          2  3:20    5:00",
        "  7x7   unrated       1  2:30    2:30",
        "  8x8   easy          1  1:35    1:35",
        "",
        "Light Up: 2 puzzles solved, 1 without hints, 1 with hints (3 saved)",
        "  daily streak: current 0 days, longest 2 days",
        "  size  tier     solved  best  median",
        "  5x5   easy          1  2:00    2:00",
        "",
        "Mosaic: nothing saved yet",
        "",
        "All games: 7 puzzles solved",
        "  daily streak: current 6 days, longest 6 days",
    ];
    assert_eq!(lines, expected);
}
