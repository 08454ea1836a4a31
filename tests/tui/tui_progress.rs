//! Progress through the whole loop minus the terminal: `dispatch` with a [`Performer`] on a
//! store in a temporary folder. Play, quit, start again: the same position and history; bad
//! files are set aside and reported; settings come back.

use std::path::Path;
use std::time::Duration;

use crate::helpers::lightup;
use gridpuzzles::game::{Game, GameKind};
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::lightup::{LightUp, Piece};
use gridpuzzles::grid::Pos;
use gridpuzzles::progress::Store;
use gridpuzzles::tui::browser::Mark;
use gridpuzzles::tui::model::{Model, OpenRequest, PuzzleRef, Screen, Tone};
use gridpuzzles::tui::msg::{Direction, Msg};
use gridpuzzles::tui::{Performer, Settings, dispatch};

const KEY: &str = "lightup/default";

fn performer(dir: &Path) -> Performer {
    Performer::new(Store::open(dir).map_err(|e| e.to_string()))
}

/// A fresh program run: start-up messages, then `msgs`, through the real effects.
fn start(dir: &Path, msgs: Vec<Msg>) -> (Model, Performer) {
    let mut p = performer(dir);
    let mut first = vec![Msg::Resize(120, 40), Msg::Start];
    first.extend(msgs);
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

fn quit(model: Model, performer: &mut Performer) {
    let (_, quit) = dispatch(model, vec![Msg::Quit], performer);
    assert!(quit);
    assert!(performer.exit_failures().is_empty());
}

/// Bulb at (0,0), mark at (2,2), bulb at (6,6), then undo: two moves done, one to redo.
fn some_moves() -> Vec<Msg> {
    let mut msgs = vec![Msg::Tick(Duration::from_secs(1)), Msg::Primary];
    msgs.extend(vec![Msg::Move(Direction::Down); 2]);
    msgs.extend(vec![Msg::Move(Direction::Right); 2]);
    msgs.push(Msg::Secondary);
    msgs.extend(vec![Msg::Move(Direction::Down); 4]);
    msgs.extend(vec![Msg::Move(Direction::Right); 4]);
    msgs.extend([Msg::Primary, Msg::Undo, Msg::Tick(Duration::from_secs(8))]);
    msgs
}

#[test]
fn play_quit_and_start_again_resumes_position_and_history() {
    let home = tempfile::tempdir().unwrap();
    let (m, mut p) = start(home.path(), vec![open_lightup()]);
    let m = step(m, &mut p, some_moves());
    let before = lightup(&m).clone();
    assert_eq!(before.history().done().len(), 2);
    assert_eq!(before.history().undone().len(), 1);
    assert_eq!(before.state().piece(Pos::new(2, 2)), Piece::Mark);
    quit(m, &mut p);

    let (m, mut p) = start(home.path(), vec![]);
    assert_eq!(m.browser.mark(KEY), Mark::InProgress);
    let m = step(m, &mut p, vec![open_lightup()]);
    assert_eq!(lightup(&m), &before);
    let screen = m.play().unwrap();
    // Opened at time 0, quit at 8 s.
    assert_eq!(screen.carried, Duration::from_secs(8));
    assert!(screen.persisted);
    assert_eq!(m.message_line(), None, "no warning on a clean resume");
    // The redo stack came back too.
    let m = step(m, &mut p, vec![Msg::Redo]);
    assert_eq!(lightup(&m).state().piece(Pos::new(6, 6)), Piece::Bulb);
    quit(m, &mut p);
}

#[test]
fn esc_keeps_the_progress_and_the_browser_mark() {
    let home = tempfile::tempdir().unwrap();
    let (m, mut p) = start(home.path(), vec![open_lightup()]);
    let m = step(m, &mut p, vec![Msg::Primary, Msg::Back]);
    assert_eq!(m.screen, Screen::Browser);
    assert_eq!(m.browser.mark(KEY), Mark::InProgress);
    let m = step(m, &mut p, vec![open_lightup()]);
    assert_eq!(lightup(&m).history().done().len(), 1);
}

#[test]
fn a_save_waiting_for_the_end_of_the_batch_is_written_before_the_puzzle_is_read_again() {
    let home = tempfile::tempdir().unwrap();
    let (m, mut p) = start(home.path(), vec![open_lightup()]);
    // One burst of input: a move, back to the browser, open the puzzle again.
    let m = step(m, &mut p, vec![Msg::Primary, Msg::Back, open_lightup()]);
    assert_eq!(lightup(&m).history().done().len(), 1);
}

#[test]
fn a_solve_is_kept_with_its_best_time() {
    let home = tempfile::tempdir().unwrap();
    let solution = LightUp::default_game().solve().unwrap();
    let (m, mut p) = start(home.path(), vec![open_lightup()]);
    let mut m = m;
    for pos in solution.topology().positions() {
        if solution.piece(pos) == Piece::Bulb {
            let screen = m.play().unwrap();
            let mut msgs = vec![Msg::Move(Direction::Up); screen.cursor.row];
            msgs.extend(vec![Msg::Move(Direction::Left); screen.cursor.col]);
            msgs.extend(vec![Msg::Move(Direction::Down); pos.row]);
            msgs.extend(vec![Msg::Move(Direction::Right); pos.col]);
            msgs.push(Msg::Primary);
            m = step(m, &mut p, msgs);
        }
    }
    assert!(lightup(&m).state().is_won());
    quit(m, &mut p);
    let (m, _) = start(home.path(), vec![]);
    assert!(matches!(
        m.browser.mark(KEY),
        Mark::Solved { best: Some(_) }
    ));
}

#[test]
fn a_truncated_progress_file_is_set_aside_and_reported() {
    for (what, damage) in [
        ("truncated", truncate as fn(&str) -> String),
        ("garbage", |_: &str| {
            "\u{1}\u{2} not json at all".to_string()
        }),
    ] {
        let home = tempfile::tempdir().unwrap();
        let (m, mut p) = start(home.path(), vec![open_lightup()]);
        let m = step(m, &mut p, some_moves());
        quit(m, &mut p);
        let file = Store::open(home.path()).unwrap().puzzle_path(KEY);
        let good = std::fs::read_to_string(&file).unwrap();
        let bad = damage(&good);
        std::fs::write(&file, &bad).unwrap();

        let (m, _) = start(home.path(), vec![open_lightup()]);
        assert_eq!(
            lightup(&m).history().done().len(),
            0,
            "{what}: a fresh start"
        );
        let warning = m.message_line().expect("a warning");
        assert_eq!(warning.tone, Tone::Warning);
        assert!(
            warning.text.starts_with("saved progress unreadable ("),
            "{what}: {}",
            warning.text
        );
        let moved = set_aside_files(&file);
        assert_eq!(moved.len(), 1, "{what}");
        assert!(warning.text.contains(&moved[0].display().to_string()));
        assert_eq!(
            std::fs::read_to_string(&moved[0]).unwrap(),
            bad,
            "{what}: bytes kept"
        );
        assert!(!file.exists(), "{what}: nothing saved yet");
    }
}

fn truncate(text: &str) -> String {
    text[..text.len() / 2].to_string()
}

fn set_aside_files(file: &Path) -> Vec<std::path::PathBuf> {
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    std::fs::read_dir(file.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.starts_with(&name) && n.contains(".corrupt-")
        })
        .collect()
}

#[test]
fn progress_of_another_puzzle_is_set_aside() {
    let home = tempfile::tempdir().unwrap();
    // Progress saved under the name, for a different puzzle (as if the pack had changed).
    let other = OpenRequest {
        game: AnyGame::LightUp(LightUp::parse("2 2 0\nbb\nbw\n").unwrap()),
        puzzle: PuzzleRef::saved(KEY, KEY),
    };
    let (m, mut p) = start(home.path(), vec![Msg::OpenPuzzle(other)]);
    let m = step(m, &mut p, vec![Msg::Primary]);
    quit(m, &mut p);
    let (m, _) = start(home.path(), vec![open_lightup()]);
    let text = &m.message_line().unwrap().text;
    assert!(
        text.starts_with("saved progress unreadable (the saved position is of another puzzle)"),
        "{text}"
    );
    let file = Store::open(home.path()).unwrap().puzzle_path(KEY);
    assert_eq!(set_aside_files(&file).len(), 1);
}

#[test]
fn theme_and_ascii_are_saved_and_restored() {
    let home = tempfile::tempdir().unwrap();
    let (m, mut p) = start(home.path(), vec![Msg::NextTheme, Msg::ToggleAscii]);
    assert_eq!(m.theme_name, "light");
    quit(m, &mut p);
    let (m, _) = start(home.path(), vec![]);
    assert_eq!(m.theme_name, "light");
    assert!(m.settings.ascii);
    // A broken settings file is set aside and reported; the defaults are used.
    let settings = Store::open(home.path()).unwrap().settings_path();
    std::fs::write(&settings, "theme = [").unwrap();
    let (m, _) = start(home.path(), vec![]);
    assert_eq!(m.theme_name, "default");
    assert!(
        m.notice
            .as_ref()
            .is_some_and(|n| n.text.starts_with("settings file unreadable")),
        "{:?}",
        m.notice
    );
}

#[test]
fn without_a_data_folder_play_goes_on_unsaved() {
    let mut p = Performer::new(Err("no data folder: set GRIDPUZZLES_HOME or HOME".into()));
    let (m, _) = dispatch(
        Model::browser(Settings::default()),
        vec![Msg::Start, open_lightup(), Msg::Primary],
        &mut p,
    );
    assert_eq!(m.play().unwrap().puzzle.key, None);
    assert!(
        m.message_line()
            .unwrap()
            .text
            .starts_with("progress not saved: no data folder")
    );
}
