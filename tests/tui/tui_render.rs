//! Rendering snapshots: the view drawn into ratatui's `TestBackend`, compared with the committed
//! `.snap` files under `tests/tui/snapshots/`.

use crate::common;

use crate::helpers::{model, render};
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::mosaic::{Mosaic, Neighbourhood};
use gridpuzzles::games::tents::Tents;
use gridpuzzles::grid::Pos;
use gridpuzzles::theme::Themes;
use gridpuzzles::tui::model::{Model, Settings};
use gridpuzzles::tui::msg::{Direction, Msg};
use gridpuzzles::tui::update;
use ratatui::backend::TestBackend;

fn send(model: &Model, msgs: impl IntoIterator<Item = Msg>) -> Model {
    msgs.into_iter()
        .fold(model.clone(), |m, msg| update(&m, msg).0)
}

fn cursor(model: &Model) -> Pos {
    model.play().expect("the play screen").cursor
}

/// Moves to `(row, col)` with arrow messages, then sends `msg`.
fn at(model: &Model, row: usize, col: usize, msg: Msg) -> Model {
    let here = cursor(model);
    let mut msgs = Vec::new();
    let (dv, dh) = (
        row as isize - here.row as isize,
        col as isize - here.col as isize,
    );
    let v = if dv > 0 {
        Direction::Down
    } else {
        Direction::Up
    };
    let h = if dh > 0 {
        Direction::Right
    } else {
        Direction::Left
    };
    msgs.extend(std::iter::repeat_n(Msg::Move(v), dv.unsigned_abs()));
    msgs.extend(std::iter::repeat_n(Msg::Move(h), dh.unsigned_abs()));
    msgs.push(msg);
    send(model, msgs)
}

/// The screen's text, one line per row, wide glyphs once.
fn text(backend: &TestBackend) -> String {
    backend.to_string()
}

/// Tents mid-game: two tents touching (errors), row 1 over its count, some grass.
fn tents_mid_game() -> Model {
    let m = model(AnyGame::Tents(Tents::default_2020()));
    let m = at(&m, 0, 0, Msg::Primary);
    let m = at(&m, 1, 1, Msg::Primary);
    let m = at(&m, 0, 1, Msg::Secondary);
    let m = at(&m, 3, 1, Msg::FillRow);
    at(&m, 2, 3, Msg::Move(Direction::Up))
}

#[test]
fn tents_board_mid_game_with_an_error() {
    insta::assert_snapshot!(
        "tents_mid_game_with_error",
        text(&render(&tents_mid_game(), 80, 18))
    );
}

#[test]
fn lightup_board_mid_game_with_an_error() {
    let m = model(AnyGame::LightUp(LightUp::default_game()));
    // Two bulbs in row 0 light each other; a mark below.
    let m = at(&m, 0, 0, Msg::Primary);
    let m = at(&m, 0, 1, Msg::PieceKey('l'));
    let m = at(&m, 1, 1, Msg::Secondary);
    let m = at(&m, 3, 3, Msg::Primary);
    insta::assert_snapshot!("lightup_mid_game_with_error", text(&render(&m, 80, 16)));
}

#[test]
fn mosaic_board_mid_game_with_an_error() {
    let m = model(AnyGame::Mosaic(Mosaic::default_game()));
    // The 0 clue at (0,0) gets a black neighbour: an error. The 3 clue at (0,3) is satisfied
    // once its whole neighbourhood is coloured with three blacks.
    let m = at(&m, 1, 1, Msg::Primary);
    let m = at(&m, 0, 2, Msg::Primary);
    let m = at(&m, 0, 3, Msg::Secondary);
    let m = at(&m, 0, 4, Msg::Primary);
    let m = at(&m, 1, 2, Msg::Secondary);
    let m = at(&m, 1, 3, Msg::Primary);
    let m = at(&m, 1, 4, Msg::Secondary);
    insta::assert_snapshot!("mosaic_mid_game_with_error", text(&render(&m, 80, 12)));
}

#[test]
fn history_panel_newest_first_with_undone_entries() {
    let m = tents_mid_game();
    let m = send(&m, [Msg::Undo, Msg::Undo]);
    let backend = render(&m, 64, 16);
    insta::assert_snapshot!("history_panel", text(&backend));
    let buffer = backend.buffer();
    // Undone entries are drawn in the history_undone style, the current one in history_current.
    let theme = Themes::builtin();
    let theme = theme.default_theme();
    let undone = theme.style(gridpuzzles::theme::Role::HistoryUndone);
    let current = theme.style(gridpuzzles::theme::Role::HistoryCurrent);
    let history_x = 22;
    assert_eq!(buffer[(history_x + 3, 1)].fg, undone.fg.unwrap());
    assert_eq!(buffer[(history_x + 3, 3)].fg, current.fg.unwrap());
}

#[test]
fn help_overlay() {
    let m = send(&tents_mid_game(), [Msg::ToggleHelp]);
    insta::assert_snapshot!("help_overlay_tents", text(&render(&m, 80, 24)));
    // The size first: the help scrolls as far as the screen it is on needs.
    let end = send(&m, [Msg::Resize(80, 24), Msg::End]);
    insta::assert_snapshot!("help_overlay_tents_end", text(&render(&end, 80, 24)));
    let m = send(
        &model(AnyGame::LightUp(LightUp::default_game())),
        [Msg::ToggleHelp],
    );
    insta::assert_snapshot!("help_overlay_lightup", text(&render(&m, 80, 24)));
    let ortho_exclude = Mosaic::default_game().with_neighbourhood(Neighbourhood::OrthoExclude);
    let m = send(&model(AnyGame::Mosaic(ortho_exclude)), [Msg::ToggleHelp]);
    insta::assert_snapshot!(
        "help_overlay_mosaic_ortho_exclude",
        text(&render(&m, 80, 24))
    );
}

#[test]
fn restart_prompt() {
    let m = send(&tents_mid_game(), [Msg::Restart]);
    insta::assert_snapshot!("confirm_restart", text(&render(&m, 80, 18)));
}

#[test]
fn won_banner_with_the_time_taken() {
    let solution = common::TENTS_2020_SOLUTION;
    let mut m = model(AnyGame::Tents(Tents::default_2020()));
    for (i, (r, c)) in solution.into_iter().enumerate() {
        // The last tent goes down 1 minute 33 seconds in.
        m = send(
            &m,
            [Msg::Tick(std::time::Duration::from_secs(5 + 8 * i as u64))],
        );
        m = at(&m, r, c, Msg::Primary);
    }
    insta::assert_snapshot!("won_banner", text(&render(&m, 80, 18)));
}

#[test]
fn too_small_screen_and_recovery() {
    let m = tents_mid_game();
    // 22x10 shows three rows of the board, scrolled; only 22x7 is too small for one row.
    insta::assert_snapshot!("small_scrolled", text(&render(&m, 22, 10)));
    let tiny = text(&render(&m, 22, 7));
    assert!(tiny.contains("Please enlarge"), "{tiny}");
    insta::assert_snapshot!("too_small", tiny);
    // Back to a large size: the board again.
    let big = text(&render(&m, 80, 18));
    assert!(big.contains("History"));
    assert!(!big.contains("enlarge"));
}

#[test]
fn ascii_mode() {
    let m = tents_mid_game();
    let ascii = Model {
        settings: Settings {
            theme: None,
            ascii: true,
            ..Settings::default()
        },
        ..m
    };
    let shown = text(&render(&ascii, 64, 14));
    assert!(shown.is_ascii() || !shown.contains('🌲'));
    insta::assert_snapshot!("ascii_mode", shown);
    let lightup = Model {
        settings: Settings {
            theme: None,
            ascii: true,
            ..Settings::default()
        },
        ..at(
            &model(AnyGame::LightUp(LightUp::default_game())),
            3,
            3,
            Msg::Primary,
        )
    };
    insta::assert_snapshot!("ascii_mode_lightup", text(&render(&lightup, 64, 12)));
}

#[test]
fn every_shipped_theme_renders_with_its_own_styles() {
    let themes = Themes::builtin();
    let scene = at(&tents_mid_game(), 3, 3, Msg::Move(Direction::Up));
    let mut rendered = Vec::new();
    for name in themes.names() {
        let m = Model {
            theme_name: name.to_string(),
            ..scene.clone()
        };
        let buffer = render(&m, 48, 14).buffer().clone();
        insta::assert_debug_snapshot!(format!("styled_{name}"), buffer);
        rendered.push((name.to_string(), buffer));
    }
    for (i, (a, ba)) in rendered.iter().enumerate() {
        for (b, bb) in &rendered[i + 1..] {
            assert_ne!(ba, bb, "themes {a} and {b} draw the same screen");
        }
    }
}

#[test]
fn a_lightup_scene_in_every_theme_shows_lit_squares_differently_from_blank_ones() {
    let m = at(
        &model(AnyGame::LightUp(LightUp::default_game())),
        3,
        3,
        Msg::Primary,
    );
    let m = at(&m, 6, 6, Msg::Move(Direction::Down));
    for name in Themes::builtin().names() {
        let themed = Model {
            theme_name: name.to_string(),
            ..m.clone()
        };
        let backend = render(&themed, 48, 12);
        let buffer = backend.buffer();
        // (3,0) is lit by the bulb at (3,3); (5,0) is not.
        let lit = &buffer[(1, 4)];
        let dark = &buffer[(1, 6)];
        assert!(
            (lit.symbol(), lit.bg, lit.modifier) != (dark.symbol(), dark.bg, dark.modifier),
            "theme {name}: lit and unlit squares look alike"
        );
    }
}
