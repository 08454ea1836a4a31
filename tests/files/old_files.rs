//! Files written before puzzles kept their solves and how they were made still
//! load: a progress file resumes with its history and record, a settings file keeps its
//! choices, and the statistics count the old solve.

use std::path::Path;
use std::time::{Duration, SystemTime};

use gridpuzzles::game::GameKind;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::tents::Square;
use gridpuzzles::progress::{Loaded, Settings, Store};
use gridpuzzles::tui::saved::{self, ProgressOutcome};

const FIXTURE: &str = "tests/data/before-37";
const KEY: &str = "tents/default-2020";

/// A copy of the fixture folder (loading may set a file aside: never the committed one).
fn copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(Path::new(FIXTURE), dir.path());
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn an_old_progress_file_loads_and_resumes() {
    let home = copy();
    let store = Store::open(home.path()).unwrap();
    let Loaded::Found(progress) = store.load_puzzle::<Square>(KEY).unwrap() else {
        panic!("the old file did not load");
    };
    assert_eq!(progress.history.done().len(), 2);
    assert_eq!(progress.history.undone().len(), 1);
    assert!(progress.solves.is_empty() && progress.made.is_none() && progress.view.is_none());
    let puzzle = AnyGame::default_for(GameKind::Tents);
    let ProgressOutcome::Resumed(resumed) = saved::load(&store, KEY, &puzzle, SystemTime::now())
    else {
        panic!("the old file did not resume");
    };
    assert_eq!(resumed.session.moves(), 2);
    assert_eq!(resumed.elapsed, Duration::from_secs(95));
    assert!(resumed.record.solved);
    assert_eq!(resumed.record.best, Some(Duration::from_secs(61)));
    assert!(resumed.view.is_none());
    // Still there, untouched.
    assert_eq!(store.list().unwrap().problems, vec![]);
}

#[test]
fn an_old_settings_file_loads() {
    let home = copy();
    let store = Store::open(home.path()).unwrap();
    assert_eq!(
        store.load_settings().unwrap(),
        Loaded::Found(Settings {
            theme: Some("light".into()),
            ascii: true,
            theme_glyphs: false,
            earn_rules: false,
            earned: Vec::new(),
        })
    );
}

#[test]
fn the_statistics_count_an_old_solve() {
    let home = copy();
    let store = Store::open(home.path()).unwrap();
    let gathered = gridpuzzles::stats::gather(&store).unwrap();
    assert!(gathered.problems.is_empty(), "{:?}", gathered.problems);
    let tents = &gathered.stats.games[0];
    assert_eq!(tents.game, GameKind::Tents);
    assert_eq!((tents.solved, tents.without_hints), (1, 1));
    assert_eq!(tents.times[0].best_ms, 61_000);
}
