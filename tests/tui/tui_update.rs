//! `update` for every message, without a terminal.

use crate::common;

use crate::send;

use std::sync::Arc;
use std::time::Duration;

use crate::helpers::{lightup, model, mosaic, screen, tents};
use gridpuzzles::game::Game;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::lightup::{self, LightUp};
use gridpuzzles::games::mosaic::{Colour, Mosaic};
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::theme::{Themes, parse_theme};
use gridpuzzles::tui::effect::{Effect, solve_any};
use gridpuzzles::tui::layout::banner::banner_text;
use gridpuzzles::tui::layout::play_layout;
use gridpuzzles::tui::model::{Confirm, Finish, Model, Overlay, Screen, Tone};
use gridpuzzles::tui::msg::{Button, Direction, LoadedThemes, Msg};
use gridpuzzles::tui::view::history::{HistoryLine, history_lines};
use gridpuzzles::tui::{Settings, update};
use send::send;

fn tents_model() -> Model {
    model(AnyGame::Tents(Tents::default_2020()))
}

fn cursor(model: &Model) -> Pos {
    screen(model).cursor
}

/// Moves the cursor from wherever it is to `(row, col)` with arrow messages.
fn go_to(model: &Model, row: usize, col: usize) -> Model {
    let here = cursor(model);
    let vertical = if row >= here.row {
        vec![Msg::Move(Direction::Down); row - here.row]
    } else {
        vec![Msg::Move(Direction::Up); here.row - row]
    };
    let horizontal = if col >= here.col {
        vec![Msg::Move(Direction::Right); col - here.col]
    } else {
        vec![Msg::Move(Direction::Left); here.col - col]
    };
    send(model, vertical.into_iter().chain(horizontal))
}

fn at(model: &Model, row: usize, col: usize, msg: Msg) -> Model {
    send(&go_to(model, row, col), [msg])
}

fn message(model: &Model) -> Option<(String, Tone)> {
    model.message.as_ref().map(|m| (m.text.clone(), m.tone))
}

// ---------------------------------------------------------------- cursor

#[test]
fn cursor_moves_and_stops_at_the_edges() {
    let m = tents_model();
    assert_eq!(cursor(&m), Pos::new(0, 0));
    let m = send(&m, [Msg::Move(Direction::Up), Msg::Move(Direction::Left)]);
    assert_eq!(cursor(&m), Pos::new(0, 0));
    let m = send(
        &m,
        [Msg::Move(Direction::Down), Msg::Move(Direction::Right)],
    );
    assert_eq!(cursor(&m), Pos::new(1, 1));
    let m = send(&m, vec![Msg::Move(Direction::Right); 20]);
    assert_eq!(cursor(&m), Pos::new(1, 7));
    let m = send(&m, vec![Msg::Move(Direction::Down); 20]);
    assert_eq!(cursor(&m), Pos::new(7, 7));
    assert_eq!(tents(&m).history().done().len(), 0, "moving plays nothing");
}

#[test]
fn cursor_wraps_on_wrapping_grids() {
    let wrapping = Tents::default_2020().with_wrapping(true);
    let m = model(AnyGame::Tents(wrapping));
    let m = send(&m, [Msg::Move(Direction::Left)]);
    assert_eq!(cursor(&m), Pos::new(0, 7));
    let m = send(&m, [Msg::Move(Direction::Up)]);
    assert_eq!(cursor(&m), Pos::new(7, 7));
    let m = send(
        &m,
        [Msg::Move(Direction::Right), Msg::Move(Direction::Down)],
    );
    assert_eq!(cursor(&m), Pos::new(0, 0));
}

// ---------------------------------------------------------------- pieces, per game

#[test]
fn tents_keys_place_tents_grass_and_empty() {
    let m = tents_model();
    let p = Pos::new(0, 0);
    let piece = |m: &Model| tents(m).state().piece(p);
    let m1 = send(&m, [Msg::Primary]);
    assert_eq!(piece(&m1), Square::Tent);
    let m2 = send(&m1, [Msg::Secondary]);
    assert_eq!(piece(&m2), Square::Grass);
    assert_eq!(piece(&send(&m2, [Msg::Clear])), Square::Empty);
    assert_eq!(piece(&send(&m, [Msg::PieceKey('t')])), Square::Tent);
    assert_eq!(piece(&send(&m, [Msg::PieceKey('g')])), Square::Grass);
    // Space cycles empty -> tent -> grass -> empty.
    let c1 = send(&m, [Msg::Cycle]);
    let c2 = send(&c1, [Msg::Cycle]);
    let c3 = send(&c2, [Msg::Cycle]);
    assert_eq!(
        [piece(&c1), piece(&c2), piece(&c3)],
        [Square::Tent, Square::Grass, Square::Empty]
    );
    assert_eq!(tents(&c3).history().done().len(), 3);
}

#[test]
fn tents_refuses_trees_and_plays_losing_moves_with_a_message() {
    let m = tents_model();
    // (0,4) is a tree: illegal, nothing changes.
    let tree = at(&m, 0, 4, Msg::Primary);
    assert_eq!(tents(&tree).state(), tents(&m).state());
    let (text, tone) = message(&tree).unwrap();
    assert!(text.starts_with("illegal move: tent on (0,4)"), "{text}");
    assert_eq!(tone, Tone::Warning);
    // A tent in row 1 (expected 0) loses but is played.
    let losing = at(&m, 1, 1, Msg::Primary);
    assert_eq!(tents(&losing).state().piece(Pos::new(1, 1)), Square::Tent);
    let (text, _) = message(&losing).unwrap();
    assert!(text.starts_with("losing move: tent on (1,1)"), "{text}");
    // The next action clears the message.
    assert_eq!(message(&send(&losing, [Msg::Move(Direction::Left)])), None);
}

#[test]
fn another_games_piece_letter_is_explained() {
    let m = send(&tents_model(), [Msg::PieceKey('b')]);
    let (text, tone) = message(&m).unwrap();
    assert_eq!(text, "`b` is not a key in Tents: ? lists them");
    assert_eq!(tone, Tone::Warning);
    assert_eq!(tents(&m).history().done().len(), 0);
}

#[test]
fn lightup_keys_place_bulbs_and_marks() {
    let m = model(AnyGame::LightUp(LightUp::default_game()));
    let p = Pos::new(0, 0);
    let square = |m: &Model| lightup(m).state().square(p).unwrap();
    assert_eq!(square(&send(&m, [Msg::Primary])), lightup::Square::Bulb);
    assert_eq!(square(&send(&m, [Msg::Secondary])), lightup::Square::Mark);
    assert_eq!(
        square(&send(&m, [Msg::PieceKey('l')])),
        lightup::Square::Bulb
    );
    assert_eq!(
        square(&send(&m, [Msg::PieceKey('m')])),
        lightup::Square::Mark
    );
    assert_eq!(
        square(&send(&m, [Msg::Primary, Msg::Clear])),
        lightup::Square::Blank
    );
    let cycled = send(&m, [Msg::Cycle, Msg::Cycle]);
    assert_eq!(square(&cycled), lightup::Square::Mark);
    // Lighting follows the bulb.
    let lit = send(&m, [Msg::Primary]);
    assert!(lightup(&lit).state().is_lit(Pos::new(0, 1)));
    // (0,2) is a numbered wall: illegal.
    let wall = at(&m, 0, 2, Msg::Primary);
    assert!(
        message(&wall)
            .unwrap()
            .0
            .starts_with("illegal move: bulb on (0,2)")
    );
    assert_eq!(lightup(&wall).history().done().len(), 0);
    // `b` is not a Light Up key.
    assert!(message(&send(&m, [Msg::PieceKey('b')])).is_some());
}

#[test]
fn mosaic_keys_place_black_white_and_empty() {
    let m = model(AnyGame::Mosaic(Mosaic::default_game()));
    let p = Pos::new(0, 0);
    let colour = |m: &Model| mosaic(m).state().colour(p);
    assert_eq!(colour(&send(&m, [Msg::Primary])), Colour::Black);
    assert_eq!(colour(&send(&m, [Msg::Secondary])), Colour::White);
    assert_eq!(colour(&send(&m, [Msg::PieceKey('b')])), Colour::Black);
    assert_eq!(colour(&send(&m, [Msg::PieceKey('w')])), Colour::White);
    assert_eq!(
        colour(&send(&m, [Msg::PieceKey('w'), Msg::Clear])),
        Colour::Empty
    );
    assert_eq!(colour(&send(&m, [Msg::Cycle])), Colour::Black);
    assert!(message(&send(&m, [Msg::PieceKey('t')])).is_some());
}

// ---------------------------------------------------------------- fill

#[test]
fn fill_row_and_column_are_one_entry_each() {
    let m = at(&tents_model(), 1, 2, Msg::FillRow);
    let play = tents(&m);
    assert_eq!(play.history().done().len(), 1);
    // Row 1 has trees at 0 and 7: six squares become grass.
    assert_eq!(play.history().done()[0].changes.len(), 6);
    assert!((1..7).all(|c| play.state().piece(Pos::new(1, c)) == Square::Grass));
    assert_eq!(
        history_lines(&screen(&m).session)[0].text,
        "fill row 1 with grass (6)"
    );
    // Column 2 still needs its tent: (4,2), beside the tree on (4,1), stays empty.
    let m = send(&m, [Msg::FillCol]);
    assert_eq!(
        history_lines(&screen(&m).session)[0].text,
        "fill column 2 with grass (6)"
    );
    assert_eq!(tents(&m).state().piece(Pos::new(4, 2)), Square::Empty);
    let undone = send(&m, [Msg::Undo, Msg::Undo]);
    assert_eq!(tents(&undone).state(), &Tents::default_2020());
    // Filling again a full row plays nothing and says so.
    let again = send(&send(&m, [Msg::FillRow]), []);
    assert_eq!(tents(&again).history().done().len(), 2);
    assert_eq!(message(&again).unwrap().0, "row 1 has no empty square");
}

#[test]
fn fill_is_a_tents_command_only() {
    let m = send(
        &model(AnyGame::LightUp(LightUp::default_game())),
        [Msg::FillRow],
    );
    assert_eq!(
        message(&m).unwrap().0,
        "f and F fill no lines in Light Up: its squares are placed one by one"
    );
    assert_eq!(lightup(&m).history().done().len(), 0);
}

// ---------------------------------------------------------------- history

fn line(number: usize, text: &str, current: bool, undone: bool) -> HistoryLine {
    HistoryLine {
        number,
        text: text.to_string(),
        current,
        undone,
    }
}

#[test]
fn undo_and_redo_move_the_current_mark_in_the_history_panel() {
    let m = tents_model();
    assert_eq!(
        history_lines(&screen(&m).session),
        [line(0, "start", true, false)]
    );
    let m = at(&m, 0, 0, Msg::Primary);
    let m = at(&m, 0, 3, Msg::Primary);
    let m = at(&m, 1, 3, Msg::Secondary);
    assert_eq!(
        history_lines(&screen(&m).session),
        [
            line(3, "grass (1,3)", true, false),
            line(2, "tent (0,3)", false, false),
            line(1, "tent (0,0)", false, false),
            line(0, "start", false, false),
        ]
    );
    let m = send(&m, [Msg::Undo, Msg::Undo]);
    assert_eq!(
        history_lines(&screen(&m).session),
        [
            line(3, "grass (1,3)", false, true),
            line(2, "tent (0,3)", false, true),
            line(1, "tent (0,0)", true, false),
            line(0, "start", false, false),
        ]
    );
    assert_eq!(tents(&m).state().piece(Pos::new(0, 3)), Square::Empty);
    let m = send(&m, [Msg::Redo]);
    assert_eq!(
        history_lines(&screen(&m).session),
        [
            line(3, "grass (1,3)", false, true),
            line(2, "tent (0,3)", true, false),
            line(1, "tent (0,0)", false, false),
            line(0, "start", false, false),
        ]
    );
    // A new move drops the redo entries.
    let m = at(&m, 7, 7, Msg::Secondary);
    let lines = history_lines(&screen(&m).session);
    assert_eq!(lines[0], line(3, "grass (7,7)", true, false));
    assert_eq!(lines.len(), 4);
}

#[test]
fn undo_and_redo_with_nothing_to_do_say_so() {
    let m = send(&tents_model(), [Msg::Undo]);
    assert_eq!(message(&m).unwrap().0, "nothing to undo");
    let m = send(&m, [Msg::Redo]);
    assert_eq!(message(&m).unwrap().0, "nothing to redo");
}

// ---------------------------------------------------------------- restart and reveal

#[test]
fn restart_asks_first_and_cancel_keeps_everything() {
    let played = at(&tents_model(), 0, 0, Msg::Primary);
    let asking = send(&played, [Msg::Restart]);
    assert_eq!(asking.overlay, Overlay::Confirm(Confirm::Restart));
    // While asking, other messages do nothing.
    let ignored = send(
        &asking,
        [Msg::Primary, Msg::Undo, Msg::Move(Direction::Down)],
    );
    assert_eq!(screen(&ignored).session, screen(&played).session);
    assert_eq!(screen(&ignored).cursor, screen(&played).cursor);
    assert_eq!(ignored.overlay, Overlay::Confirm(Confirm::Restart));
    let cancelled = send(&asking, [Msg::Confirm(false)]);
    assert_eq!(cancelled.overlay, Overlay::None);
    assert_eq!(screen(&cancelled), screen(&played));
    let restarted = send(
        &asking,
        [Msg::Tick(Duration::from_secs(9)), Msg::Confirm(true)],
    );
    assert_eq!(restarted.overlay, Overlay::None);
    assert_eq!(tents(&restarted).state(), &Tents::default_2020());
    assert_eq!(screen(&restarted).started, Duration::from_secs(9));
    assert_eq!(screen(&restarted).carried, Duration::ZERO);
    // The restart is one step in the history: `z` brings the position back, `y` empties it again.
    assert_eq!(tents(&restarted).history().done().len(), 2);
    assert!(
        history_lines(&screen(&restarted).session)[0]
            .text
            .starts_with("restart (1)")
    );
    let undone = send(&restarted, [Msg::Undo]);
    assert_eq!(tents(&undone).state(), tents(&played).state());
    assert_eq!(tents(&undone).history().done().len(), 1);
    let redone = send(&undone, [Msg::Redo]);
    assert_eq!(tents(&redone).state(), &Tents::default_2020());
    // On an empty board with nothing to undo there is nothing to restart.
    let fresh = send(&tents_model(), [Msg::Restart, Msg::Confirm(true)]);
    assert!(!tents(&fresh).history().can_undo());
    assert_eq!(message(&fresh).unwrap().0, "the board is empty already");
}

#[test]
fn undoing_a_restart_brings_back_the_clock_and_a_win_is_not_solved_again() {
    let m = send(&tents_model(), [Msg::Tick(Duration::from_secs(5))]);
    let played = at(&m, 0, 0, Msg::Primary);
    let played = send(&played, [Msg::Tick(Duration::from_secs(65))]);
    let restarted = send(&played, [Msg::Restart, Msg::Confirm(true)]);
    assert_eq!(
        screen(&restarted).elapsed(Duration::from_secs(65)),
        Duration::ZERO
    );
    let later = send(&restarted, [Msg::Tick(Duration::from_secs(70))]);
    let undone = send(&later, [Msg::Undo]);
    // The time played before the restart is back, and the clock runs on from it.
    assert_eq!(
        screen(&undone).elapsed(Duration::from_secs(70)),
        Duration::from_secs(65)
    );
    assert_eq!(
        screen(&undone).elapsed(Duration::from_secs(71)),
        Duration::from_secs(66)
    );
    assert_eq!(screen(&undone).finish, None);
}

/// Sends `msg`, then performs any solve it asks for the way the loop does, feeding the answer in.
fn send_solving(model: &Model, msg: Msg) -> Model {
    let (next, effects) = update(model, msg);
    effects.iter().fold(next, |m, effect| match effect {
        Effect::Solve(puzzle) => {
            let answer = Msg::Solved {
                puzzle: puzzle.clone(),
                solution: solve_any(puzzle),
            };
            update(&m, answer).0
        }
        _ => m,
    })
}

#[test]
fn reveal_asks_first_then_solves_as_one_undoable_entry() {
    let m = at(&tents_model(), 1, 1, Msg::Primary);
    let asking = send(&m, [Msg::Reveal]);
    assert_eq!(asking.overlay, Overlay::Confirm(Confirm::Reveal));
    let cancelled = send(&asking, [Msg::Confirm(false)]);
    assert!(!screen(&cancelled).session.is_won());
    assert_eq!(screen(&cancelled), screen(&m));
    // Yes asks the loop to solve the puzzle (pieces cleared) and waits.
    let (waiting, effects) = update(&asking, Msg::Confirm(true));
    assert_eq!(
        effects,
        vec![Effect::Solve(AnyGame::Tents(Tents::default_2020()))]
    );
    assert!(screen(&waiting).solving);
    assert!(waiting.busy());
    assert_eq!(message(&waiting).unwrap().0, "solving...");
    let revealed = send_solving(&asking, Msg::Confirm(true));
    assert!(!screen(&revealed).solving);
    assert!(screen(&revealed).session.is_won());
    assert_eq!(screen(&revealed).finish, Some(Finish::Revealed));
    assert_eq!(tents(&revealed).history().done().len(), 2);
    assert!(
        history_lines(&screen(&revealed).session)[0]
            .text
            .starts_with("reveal the solution")
    );
    assert_eq!(
        banner_text(screen(&revealed).finish, false),
        "Solution revealed.  z undo  r restart  q quit"
    );
    let undone = send(&revealed, [Msg::Undo]);
    assert_eq!(tents(&undone).state(), tents(&m).state());
}

#[test]
fn late_or_foreign_solutions_are_ignored() {
    let m = tents_model();
    let solution = solve_any(&AnyGame::Tents(Tents::default_2020()));
    let unasked = send(
        &m,
        [Msg::Solved {
            puzzle: AnyGame::Tents(Tents::default_2020()),
            solution: solution.clone(),
        }],
    );
    assert_eq!(screen(&unasked), screen(&m), "nobody asked for it");
    let waiting = send(&m, [Msg::Reveal, Msg::Confirm(true)]);
    let other = AnyGame::LightUp(LightUp::default_game());
    let foreign = send(
        &waiting,
        [Msg::Solved {
            puzzle: other.clone(),
            solution: solve_any(&other),
        }],
    );
    assert!(screen(&foreign).solving, "still waiting for its own answer");
    assert!(!screen(&foreign).session.is_won());
    // A restart in the meantime drops the reveal.
    let restarted = send(&waiting, [Msg::Restart, Msg::Confirm(true)]);
    let late = send(
        &restarted,
        [Msg::Solved {
            puzzle: AnyGame::Tents(Tents::default_2020()),
            solution,
        }],
    );
    assert!(!screen(&late).session.is_won());
    let none = send(
        &waiting,
        [Msg::Solved {
            puzzle: AnyGame::Tents(Tents::default_2020()),
            solution: None,
        }],
    );
    assert_eq!(message(&none).unwrap().0, "this puzzle has no solution");
    assert!(!screen(&none).solving);
}

#[test]
fn a_failed_solver_is_reported_and_play_goes_on() {
    let waiting = send(&tents_model(), [Msg::Reveal, Msg::Confirm(true)]);
    let failed = send(&waiting, [Msg::SolverFailed("index out of bounds".into())]);
    assert!(!screen(&failed).solving);
    assert_eq!(
        message(&failed),
        Some((
            "the solver failed: index out of bounds".to_string(),
            Tone::Warning
        ))
    );
    let played = send(&failed, [Msg::Primary]);
    assert_eq!(tents(&played).history().done().len(), 1);
}

// ---------------------------------------------------------------- winning

#[test]
fn solving_records_the_time_and_shows_the_banner() {
    let mut m = send(&tents_model(), [Msg::Tick(Duration::from_secs(2))]);
    // Restarting moves the start of the clock to now.
    m = at(&m, 1, 1, Msg::Primary);
    m = send(&m, [Msg::Restart, Msg::Confirm(true)]);
    assert_eq!(screen(&m).started, Duration::from_secs(2));
    for (i, &(r, c)) in common::TENTS_2020_SOLUTION.iter().enumerate() {
        assert!(!screen(&m).session.is_won(), "won before tent {i}");
        m = send(&m, [Msg::Tick(Duration::from_secs(60 + i as u64))]);
        m = at(&m, r, c, Msg::Primary);
    }
    assert!(screen(&m).session.is_won());
    let time = Duration::from_secs(60 + 11 - 2);
    assert_eq!(screen(&m).finish, Some(Finish::Solved(time)));
    assert_eq!(
        banner_text(screen(&m).finish, false),
        "Solved in 1:09!  z undo  r restart  q quit"
    );
    // Undo leaves the won position; redo wins again and keeps the first time.
    let m = send(&m, [Msg::Tick(Duration::from_secs(500)), Msg::Undo]);
    assert!(!screen(&m).session.is_won());
    let m = send(&m, [Msg::Redo]);
    assert!(screen(&m).session.is_won());
    assert_eq!(screen(&m).finish, Some(Finish::Solved(time)));
    assert_eq!(screen(&m).record.solves.len(), 1);
    // A restart starts a fresh attempt; undoing it brings the win back as it was, not as a
    // second (and faster) solve.
    let m = send(&m, [Msg::Restart, Msg::Confirm(true)]);
    assert_eq!(screen(&m).finish, None);
    let m = send(&m, [Msg::Tick(Duration::from_secs(503)), Msg::Undo]);
    assert!(screen(&m).session.is_won());
    assert_eq!(screen(&m).finish, Some(Finish::Solved(time)));
    assert_eq!(screen(&m).record.solves.len(), 1);
    assert_eq!(screen(&m).record.best, Some(time));
}

// ---------------------------------------------------------------- themes, help, the rest

#[test]
fn c_cycles_through_every_theme_and_back() {
    let m = tents_model();
    let names: Vec<String> = m.themes.names().iter().map(|s| s.to_string()).collect();
    assert_eq!(m.theme_name, "default");
    let mut seen = vec![m.theme_name.clone()];
    let mut cur = m;
    for _ in 1..names.len() {
        cur = send(&cur, [Msg::NextTheme]);
        seen.push(cur.theme_name.clone());
        let (text, _) = message(&cur).unwrap();
        assert!(
            text.starts_with(&format!("theme {}:", cur.theme_name)),
            "{text}"
        );
    }
    assert_eq!(seen, names);
    assert_eq!(send(&cur, [Msg::NextTheme]).theme_name, "default");
}

#[test]
fn theme_asked_for_on_the_command_line_is_used() {
    let m = Model::new(
        AnyGame::Tents(Tents::default_2020()),
        Settings {
            theme: Some("mono".into()),
            ascii: true,
            ..Settings::default()
        },
    );
    assert_eq!(m.theme_name, "mono");
    assert_eq!(m.glyphs(), gridpuzzles::theme::GlyphSet::Ascii);
}

/// A `*.toml` in the themes folder that is no file at all is shown like any broken theme.
#[cfg(unix)]
#[test]
fn a_theme_path_that_is_not_a_file_becomes_a_notice_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("zero.toml")).unwrap();
    let (themes, errors) = Themes::load(Some(dir.path()));
    let loaded = LoadedThemes {
        themes: Arc::new(themes),
        errors,
    };
    let m = send(&tents_model(), [Msg::ThemesLoaded(loaded)]);
    let notice = m.notice.clone().unwrap();
    assert_eq!(notice.tone, Tone::Warning);
    let expected = format!(
        "theme error: {}: not a theme file: a link to /dev/zero, a character device",
        dir.path().join("zero.toml").display()
    );
    assert!(notice.text.starts_with(&expected), "{}", notice.text);
}

#[test]
fn loaded_themes_replace_the_list_and_errors_become_a_notice() {
    let m = Model::new(
        AnyGame::Tents(Tents::default_2020()),
        Settings {
            theme: Some("neon".into()),
            ascii: false,
            ..Settings::default()
        },
    );
    assert_eq!(
        m.theme_name, "default",
        "unknown until the user themes are read"
    );
    let bad = parse_theme(
        "bad",
        "[styles]\ncursor = { fg = \"nope\" }\n",
        std::path::Path::new("/home/x/themes/bad.toml"),
    )
    .unwrap_err();
    let loaded = LoadedThemes {
        themes: Arc::new(Themes::builtin()),
        errors: vec![bad],
    };
    let m = send(&m, [Msg::ThemesLoaded(loaded)]);
    assert_eq!(m.theme_name, "default");
    let notice = m.notice.clone().unwrap();
    assert_eq!(notice.tone, Tone::Warning);
    assert!(
        notice
            .text
            .starts_with("theme error: /home/x/themes/bad.toml:2:"),
        "{}",
        notice.text
    );
    assert!(
        notice
            .text
            .contains("unknown theme `neon`; themes: default, light")
    );
    assert!(notice.text.ends_with("using default"));
    // The notice shows when no action message hides it.
    assert_eq!(m.message_line(), Some(&notice));
    let with_message = send(&m, [Msg::Hint]);
    assert!(
        with_message
            .message_line()
            .unwrap()
            .text
            .starts_with("Finish with grass (easy): ")
    );
}

#[test]
fn help_opens_and_closes_and_holds_the_keys_meanwhile() {
    let m = send(&tents_model(), [Msg::ToggleHelp]);
    assert_eq!(m.overlay, Overlay::Help);
    let still = send(&m, [Msg::Primary]);
    assert_eq!(still.overlay, Overlay::Help);
    assert_eq!(tents(&still).history().done().len(), 0);
    assert_eq!(send(&m, [Msg::ToggleHelp]).overlay, Overlay::None);
}

#[test]
fn the_help_scrolls_within_its_rows_and_closes_on_its_keys_or_a_click() {
    let m = send(&tents_model(), [Msg::Resize(80, 24), Msg::ToggleHelp]);
    let page = gridpuzzles::tui::layout::help::page(&m);
    let last = page.last_scroll();
    assert!(last > 0, "at 80x24 the help is longer than the screen");
    assert_eq!(m.help_scroll, 0, "it opens on the rules");
    assert_eq!(send(&m, [Msg::Move(Direction::Up)]).help_scroll, 0);
    assert_eq!(send(&m, [Msg::Move(Direction::Down)]).help_scroll, 1);
    let paged = send(&m, [Msg::PageDown]);
    assert_eq!(paged.help_scroll, (page.shown() - 1).min(last));
    let end = send(&m, [Msg::End]);
    assert_eq!(end.help_scroll, last);
    assert_eq!(send(&end, [Msg::Move(Direction::Down)]).help_scroll, last);
    assert_eq!(send(&end, [Msg::PageDown]).help_scroll, last);
    assert_eq!(
        send(&end, [Msg::Wheel(Direction::Up)]).help_scroll,
        last - 3
    );
    assert_eq!(send(&end, [Msg::Home]).help_scroll, 0);
    // Other messages neither close it nor play.
    let still = send(&end, [Msg::Primary, Msg::PieceKey('t'), Msg::Undo]);
    assert_eq!(still.overlay, Overlay::Help);
    assert_eq!(still.help_scroll, last);
    assert_eq!(tents(&still).history().done().len(), 0);
    // A taller screen shows more at once: the offset follows what is left to scroll.
    let taller = send(&end, [Msg::Resize(80, 40)]);
    assert_eq!(
        taller.help_scroll,
        gridpuzzles::tui::layout::help::page(&taller).last_scroll()
    );
    for close in [
        Msg::ToggleHelp,
        Msg::Back,
        Msg::Click {
            column: 3,
            row: 3,
            button: Button::Left,
        },
    ] {
        let closed = send(&end, [close.clone()]);
        assert_eq!(closed.overlay, Overlay::None, "{close:?}");
        assert_eq!(closed.play().map(|p| p.session.moves()), Some(0));
        // Opened again, it starts at the top.
        assert_eq!(send(&closed, [Msg::ToggleHelp]).help_scroll, 0);
    }
}

#[test]
fn hint_and_back_explain_themselves_and_quit_asks_the_loop() {
    let m = tents_model();
    assert!(
        message(&send(&m, [Msg::Hint]))
            .unwrap()
            .0
            .ends_with("n again applies it")
    );
    let back = send(&m, [Msg::Back]);
    assert!(!back.quitting);
    assert_eq!(back.screen, Screen::Browser);
    let (quit, effects) = update(&m, Msg::Quit);
    assert!(quit.quitting);
    assert_eq!(effects, vec![Effect::Quit]);
    let (_, none) = update(&m, Msg::Primary);
    assert!(none.is_empty());
}

#[test]
fn ticks_move_the_clock_and_keep_the_message() {
    let m = send(
        &tents_model(),
        [Msg::Hint, Msg::Tick(Duration::from_millis(1500))],
    );
    assert_eq!(m.now, Duration::from_millis(1500));
    assert!(m.message.is_some());
}

#[test]
fn resizing_too_small_and_back() {
    let m = tents_model();
    let fits = |m: &Model| play_layout(m).is_some();
    let small = send(&m, [Msg::Resize(8, 10)]);
    assert_eq!(small.size, (8, 10));
    assert!(!fits(&small));
    let back = send(&small, [Msg::Resize(100, 30)]);
    assert!(fits(&back));
    assert_eq!(screen(&back), screen(&m), "the game survives the resize");
}

// ---------------------------------------------------------------- mouse

fn click(model: &Model, pos: Pos, button: Button) -> Model {
    let layout = play_layout(model).unwrap();
    let (column, row) = layout.cell_of(pos).expect("the square is on screen");
    send(
        model,
        [Msg::Click {
            column: column + 1,
            row,
            button,
        }],
    )
}

#[test]
fn left_click_places_the_primary_piece_or_clears() {
    let m = tents_model();
    let p = Pos::new(2, 3);
    let m = click(&m, p, Button::Left);
    assert_eq!(cursor(&m), p);
    assert_eq!(tents(&m).state().piece(p), Square::Tent);
    let m = click(&m, p, Button::Left);
    assert_eq!(tents(&m).state().piece(p), Square::Empty);
}

#[test]
fn right_click_places_the_secondary_piece_or_clears_it() {
    let m = model(AnyGame::Mosaic(Mosaic::default_game()));
    let p = Pos::new(4, 4);
    let m = click(&m, p, Button::Right);
    assert_eq!(mosaic(&m).state().colour(p), Colour::White);
    let m = click(&m, p, Button::Right);
    assert_eq!(mosaic(&m).state().colour(p), Colour::Empty);
    let m = click(&m, p, Button::Left);
    assert_eq!(mosaic(&m).state().colour(p), Colour::Black);
    assert_eq!(mosaic(&m).history().done().len(), 3);
}

#[test]
fn clicks_off_the_board_do_nothing_and_close_help() {
    let m = tents_model();
    let off = send(
        &m,
        [Msg::Click {
            column: 70,
            row: 20,
            button: Button::Left,
        }],
    );
    assert_eq!(screen(&off), screen(&m));
    let help = send(&m, [Msg::ToggleHelp]);
    let closed = send(
        &help,
        [Msg::Click {
            column: 70,
            row: 20,
            button: Button::Left,
        }],
    );
    assert_eq!(closed.overlay, Overlay::None);
}

#[test]
fn update_never_changes_its_input() {
    let m = tents_model();
    let before = m.clone();
    let _ = update(&m, Msg::Primary);
    let _ = update(&m, Msg::NextTheme);
    assert_eq!(m, before);
}

// ---------------------------------------------------------------- error marks kept

#[test]
fn error_marks_follow_the_position_through_moves_and_undo() {
    use gridpuzzles::game::Target;
    use gridpuzzles::tui::error_set::ErrorSet;
    let touching = [Pos::new(1, 4), Pos::new(1, 5)];
    let marked = |m: &Model| {
        let errors = screen(m).errors();
        assert_eq!(*errors, ErrorSet::of(&screen(m).session));
        touching.map(|p| errors.contains(Target::Square(p)))
    };
    let m = tents_model();
    assert_eq!(marked(&m), [false, false]);
    let m = at(&m, 1, 4, Msg::Primary);
    assert_eq!(marked(&m), [false, false]);
    let m = at(&m, 1, 5, Msg::Primary);
    assert_eq!(marked(&m), [true, true], "two touching tents");
    let m = send(&m, [Msg::Undo]);
    assert_eq!(marked(&m), [false, false]);
    let m = send(&m, [Msg::Redo]);
    assert_eq!(marked(&m), [true, true]);
}

#[test]
fn esc_first_dismisses_a_message_then_leaves_a_quiet_board() {
    // A losing move leaves a warning on the message line.
    let m = at(&tents_model(), 1, 1, Msg::Primary);
    assert!(message(&m).is_some());
    let m = send(&m, [Msg::Back]);
    assert!(m.play().is_some(), "Esc dismissed the message and stayed");
    assert!(message(&m).is_none());
    // From a quiet board Esc leaves (this puzzle is not kept, so it asks first).
    let m = send(&m, [Msg::Back]);
    assert_eq!(m.overlay, Overlay::Confirm(Confirm::LeaveRandom));
}

#[test]
fn the_error_key_walks_the_errors_in_reading_order_and_wraps() {
    // Tents at (2,1) and (3,1) touch, in column 1 (which takes none) and row 3 (none): the
    // two squares, the column (at its top square) and the row (at its first).
    let m = at(&tents_model(), 2, 1, Msg::Primary);
    let m = at(&m, 3, 1, Msg::Primary);
    let places = screen(&m).errors().places().to_vec();
    let expected = [(0, 1), (2, 1), (3, 0), (3, 1)].map(|(r, c)| Pos::new(r, c));
    assert_eq!(places, expected);
    let m = go_to(&m, 0, 0);
    let mut seen = Vec::new();
    let mut m = m;
    for _ in 0..places.len() + 1 {
        m = send(&m, [Msg::NextError]);
        seen.push(cursor(&m));
    }
    assert_eq!(&seen[..places.len()], &places[..]);
    assert_eq!(seen[places.len()], places[0], "round again");
    let (text, _) = message(&m).unwrap();
    assert!(text.starts_with("error 1 of "), "{text}");
    let quiet = send(&tents_model(), [Msg::NextError]);
    assert_eq!(message(&quiet).unwrap().0, "no errors");
}

#[test]
fn f_on_a_line_still_needing_tents_fills_only_sure_grass_and_says_so() {
    // Row 0 needs 3 tents; with a tent on (0,0) only (0,1) and (0,2) can take no tent.
    let m = at(&tents_model(), 0, 0, Msg::Primary);
    let m = send(&m, [Msg::FillRow]);
    let state = tents(&m).state();
    let grass: Vec<usize> = (0..8)
        .filter(|&c| state.piece(Pos::new(0, c)) == Square::Grass)
        .collect();
    assert_eq!(grass, [1, 2]);
    let (text, _) = message(&m).unwrap();
    assert_eq!(
        text,
        "row 0 still needs 2 tents: grass on the 2 square(s) no tent can take"
    );
    assert!(screen(&m).errors().count() == 0, "the row is not broken");
}
