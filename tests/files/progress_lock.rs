//! Two players on one data folder, and a data folder that cannot be written, through the whole
//! loop minus the terminal (`dispatch` with real [`Performer`]s on a temporary folder).

use std::path::Path;

use gridpuzzles::game::GameKind;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::lightup::Piece;
use gridpuzzles::progress::{Loaded, Store};
use gridpuzzles::tui::model::{Confirm, Model, OpenRequest, Overlay, PuzzleRef, Session, Tone};
use gridpuzzles::tui::msg::{Direction, Msg};
use gridpuzzles::tui::update::OPEN_ELSEWHERE;
use gridpuzzles::tui::{Performer, Settings, dispatch};

const KEY: &str = "lightup/default";

fn start(dir: &Path) -> (Model, Performer) {
    let mut p = Performer::new(Store::open(dir).map_err(|e| e.to_string()));
    let first = vec![Msg::Resize(120, 40), Msg::Start, open_lightup()];
    let (model, quit) = dispatch(Model::browser(Settings::default()), first, &mut p);
    assert!(!quit);
    (model, p)
}

fn open_lightup() -> Msg {
    Msg::OpenPuzzle(OpenRequest {
        game: AnyGame::default_for(GameKind::LightUp),
        puzzle: PuzzleRef::saved(KEY, KEY),
    })
}

fn step(model: Model, performer: &mut Performer, msgs: Vec<Msg>) -> Model {
    let (model, quit) = dispatch(model, msgs, performer);
    assert!(!quit);
    model
}

fn moves(model: &Model) -> usize {
    match &model.play().expect("the play screen").session {
        Session::LightUp(p) => p.history().done().len(),
        other => panic!("not Light Up: {other:?}"),
    }
}

/// One move: the top-left square (blank) cycles to its next piece.
fn one_move() -> Vec<Msg> {
    vec![Msg::Cycle]
}

fn saved_moves(dir: &Path) -> usize {
    match Store::open(dir).unwrap().load_puzzle::<Piece>(KEY).unwrap() {
        Loaded::Found(p) => p.history.done().len(),
        other => panic!("no readable progress: {other:?}"),
    }
}

#[test]
fn the_second_player_on_a_puzzle_is_told_and_saves_nothing() {
    let home = tempfile::tempdir().unwrap();
    let (first, mut p1) = start(home.path());
    let first = step(first, &mut p1, one_move());
    let first = step(first, &mut p1, one_move());
    assert_eq!(saved_moves(home.path()), 2);

    let (second, mut p2) = start(home.path());
    let screen = second.play().unwrap();
    assert_eq!(screen.puzzle.key, None, "the second player must not save");
    let notice = second.message_line().expect("the second player is told");
    assert_eq!(
        (notice.text.as_str(), notice.tone),
        (OPEN_ELSEWHERE, Tone::Warning)
    );
    // It starts from the first player's last save, read only.
    assert_eq!(moves(&second), 2, "the first player's position, shown");
    // The second player plays on, longer than the first: nothing of it is written.
    let mut second = second;
    for _ in 0..5 {
        second = step(second, &mut p2, one_move());
    }
    assert_eq!(moves(&second), 7);
    assert_eq!(saved_moves(home.path()), 2);
    // Its moves are not kept: quitting asks first.
    let (asked, quit) = dispatch(second, vec![Msg::Quit], &mut p2);
    assert!(!quit);
    let (_, quit) = dispatch(asked, vec![Msg::Confirm(true)], &mut p2);
    assert!(quit);
    assert!(p2.exit_failures().is_empty());

    // The first player's later moves are still saved, and its quit lets the puzzle go.
    let first = step(first, &mut p1, one_move());
    assert_eq!(saved_moves(home.path()), 3);
    let (_, quit) = dispatch(first, vec![Msg::Quit], &mut p1);
    assert!(quit);
    let (third, _p3) = start(home.path());
    assert_eq!(moves(&third), 3, "the first player's history, resumed");
    assert_eq!(third.message_line(), None);
}

#[test]
fn opening_another_puzzle_lets_the_first_one_go() {
    let home = tempfile::tempdir().unwrap();
    let (first, mut p1) = start(home.path());
    let first = step(first, &mut p1, one_move());
    let other = Msg::OpenPuzzle(OpenRequest {
        game: AnyGame::default_for(GameKind::Tents),
        puzzle: PuzzleRef::saved("tents/default", "tents/default"),
    });
    let _first = step(first, &mut p1, vec![Msg::Back, other]);
    let (second, _p2) = start(home.path());
    assert_eq!(second.play().unwrap().puzzle.key.as_deref(), Some(KEY));
    assert_eq!(moves(&second), 1);
}

#[test]
fn a_data_folder_that_cannot_be_written_is_reported_once_and_play_goes_on() {
    let home = tempfile::tempdir().unwrap();
    let (m, mut p) = start(home.path());
    // The progress folder becomes a file: every write in it fails, even for root (a read-only
    // folder would not stop root, and a full disk cannot be made in a test).
    let progress = Store::open(home.path())
        .unwrap()
        .puzzle_path(KEY)
        .parent()
        .unwrap()
        .to_path_buf();
    std::fs::remove_dir_all(&progress).unwrap();
    std::fs::write(&progress, "not a folder").unwrap();

    let mut m = m;
    let mut told = Vec::new();
    for i in 0..6 {
        let before = m.message.clone();
        m = step(m, &mut p, one_move());
        assert_eq!(moves(&m), i + 1, "the move is played");
        if m.message.is_some() && m.message != before {
            told.push(m.message.clone().unwrap().text);
        }
    }
    assert_eq!(told.len(), 1, "said once: {told:?}");
    assert!(told[0].starts_with("progress not saved: "), "{}", told[0]);
    assert!(told[0].contains("progress"), "names the file: {}", told[0]);
    // It stays in sight in front of every later message until a save works.
    let m = step(m, &mut p, vec![Msg::Move(Direction::Down)]);
    assert_eq!(m.message, None);
    let shown = m.message_shown().unwrap();
    assert!(
        shown.text.starts_with("progress not saved: "),
        "{}",
        shown.text
    );
    assert_eq!(shown.tone, Tone::Warning);
    let m = step(m, &mut p, vec![Msg::NextTheme]);
    let shown = m.message_shown().unwrap().text;
    assert!(shown.starts_with("progress not saved: "), "{shown}");
    assert!(shown.contains("theme"), "{shown}");
    // Quitting with moves that are not saved asks first.
    let (asked, quit) = dispatch(m, vec![Msg::Quit], &mut p);
    assert!(!quit);
    assert_eq!(asked.overlay, Overlay::Confirm(Confirm::QuitRandom));
    // Once the folder works again, saving goes on and the warning goes.
    std::fs::remove_file(&progress).unwrap();
    std::fs::create_dir(&progress).unwrap();
    let m = step(asked, &mut p, vec![Msg::Confirm(false), Msg::Cycle]);
    assert_eq!(m.unsaved, None);
    assert_eq!(m.message.as_ref().unwrap().text, "progress saved again");
    let (_, quit) = dispatch(m, vec![Msg::Quit], &mut p);
    assert!(quit, "nothing left unsaved: quits at once");
    assert!(p.exit_failures().is_empty(), "{:?}", p.exit_failures());
}

#[test]
fn a_lock_file_beside_the_progress_is_all_that_is_added() {
    let home = tempfile::tempdir().unwrap();
    let (m, mut p) = start(home.path());
    let m = step(m, &mut p, one_move());
    let (_, quit) = dispatch(m, vec![Msg::Quit], &mut p);
    assert!(quit);
    let store = Store::open(home.path()).unwrap();
    let file = store.puzzle_path(KEY);
    let mut names: Vec<String> = std::fs::read_dir(file.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let json = file.file_name().unwrap().to_string_lossy().into_owned();
    assert_eq!(names, [json.clone(), format!("{json}.lock")]);
    // The browser's listing ignores the lock file.
    let listing = store.list().unwrap();
    assert_eq!(listing.entries.len(), 1);
    assert!(listing.problems.is_empty());
    assert_eq!(listing.entries[0].summary.moves, 1);
}
