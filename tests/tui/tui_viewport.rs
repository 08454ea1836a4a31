//! Boards larger than the terminal: the view follows the cursor, rulers and counts stay pinned,
//! clicks map to the squares drawn, the side panel folds away; every pack puzzle plays at 80x24;
//! every theme stays readable without colour.

use crate::send;

use crate::helpers::render;
use gridpuzzles::game::Game;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::mosaic::Mosaic;
use gridpuzzles::games::tents::Tents;
use gridpuzzles::grid::Pos;
use gridpuzzles::theme::{ColorDepth, Themes};
use gridpuzzles::tui::layout::{PanelChoice, play_layout};
use gridpuzzles::tui::model::{Confirm, Model, Overlay, PuzzleRef, Screen, Settings};
use gridpuzzles::tui::msg::{Button, Direction, Msg};
use gridpuzzles::tui::pack_view;
use proptest::prelude::*;
use ratatui::style::Modifier;
use send::send;

const TENTS_50: &str = include_str!("../../benches/data/tents-yangzhu/tents-50x50-1.txt");
const LIGHTUP_25: &str = include_str!("../data/lightup-25x25.txt");
const MOSAIC_25: &str = include_str!("../data/mosaic-25x25.txt");

fn model_with(game: AnyGame, depth: ColorDepth) -> Model {
    Model::new(
        game,
        Settings {
            depth,
            ..Settings::default()
        },
    )
}

fn model(game: AnyGame) -> Model {
    model_with(game, ColorDepth::TrueColor)
}

fn cursor(m: &Model) -> Pos {
    m.play().expect("the play screen").cursor
}

/// Walks the cursor to `to` with arrow messages.
fn walk(m: &Model, to: Pos) -> Model {
    let here = cursor(m);
    let mut msgs = Vec::new();
    let (v, h) = (
        to.row as isize - here.row as isize,
        to.col as isize - here.col as isize,
    );
    let dv = if v > 0 {
        Direction::Down
    } else {
        Direction::Up
    };
    let dh = if h > 0 {
        Direction::Right
    } else {
        Direction::Left
    };
    msgs.extend(std::iter::repeat_n(Msg::Move(dv), v.unsigned_abs()));
    msgs.extend(std::iter::repeat_n(Msg::Move(dh), h.unsigned_abs()));
    send(m, msgs)
}

fn tents_50() -> AnyGame {
    AnyGame::Tents(Tents::parse(TENTS_50).expect("the bench puzzle parses"))
}

fn at_80x24(m: &Model) -> Model {
    send(m, [Msg::Resize(80, 24)])
}

/// The screen cell of the cursor's square, from the layout the view draws with.
fn cursor_cell(m: &Model) -> (u16, u16) {
    let screen = m.play().unwrap();
    play_layout(m)
        .expect("the board is drawn")
        .cell_of(screen.cursor)
        .expect("the cursor's square is on screen")
}

#[test]
fn a_50x50_at_80x24_with_the_cursor_at_the_corners_and_the_centre() {
    let start = at_80x24(&model(tents_50()));
    for (name, to) in [
        ("tents_50x50_at_0_0", Pos::new(0, 0)),
        ("tents_50x50_at_25_25", Pos::new(25, 25)),
        ("tents_50x50_at_49_49", Pos::new(49, 49)),
    ] {
        let m = walk(&start, to);
        let backend = render(&m, 80, 24);
        let text = backend.to_string();
        assert!(!text.contains("enlarge"), "{text}");
        let (x, y) = cursor_cell(&m);
        assert!(x + 1 < 80 && y < 21, "cursor square at ({x},{y})");
        // The cursor's square is reversed (toggled over the empty square's style).
        let cell = &backend.buffer()[(x, y)];
        assert!(cell.modifier.contains(Modifier::REVERSED), "{cell:?}");
        let wanted = format!("at ({},{})", to.row, to.col);
        assert!(text.contains(&wanted), "status names the cursor: {text}");
        insta::assert_snapshot!(name, text);
    }
}

#[test]
fn the_position_indicator_and_rulers_follow_the_view() {
    let m = walk(&at_80x24(&model(tents_50())), Pos::new(49, 49));
    let text = render(&m, 80, 24).to_string();
    assert!(text.contains(" of 50"), "{text}");
    assert!(
        text.contains("49-49 of 50") || text.contains("-49 of 50"),
        "{text}"
    );
    // The row ruler names row 49 and the column ruler column 49 (the cursor's).
    assert!(text.lines().any(|l| l.contains("│49 ")), "{text}");
    assert!(text.lines().nth(1).unwrap().contains("49"), "{text}");
}

#[test]
fn light_up_and_mosaic_25x25_at_80x24() {
    for (name, game) in [
        (
            "lightup_25x25",
            AnyGame::LightUp(LightUp::parse(LIGHTUP_25).unwrap()),
        ),
        (
            "mosaic_25x25",
            AnyGame::Mosaic(Mosaic::parse(MOSAIC_25).unwrap()),
        ),
    ] {
        let m = walk(&at_80x24(&model(game)), Pos::new(20, 12));
        let text = render(&m, 80, 24).to_string();
        assert!(!text.contains("enlarge"));
        cursor_cell(&m);
        insta::assert_snapshot!(name, text);
    }
}

#[test]
fn every_pack_puzzle_and_a_100x100_open_at_80x24() {
    let mut games: Vec<(String, AnyGame)> = pack_view::catalogue()
        .iter()
        .filter_map(|item| item.game.clone().ok().map(|g| (item.name.clone(), g)))
        .collect();
    assert!(games.len() > 100, "the pack loads");
    let big = format!(
        "100 100 0 0\n{}\n{}\n{}",
        "12 ".repeat(100),
        "3 ".repeat(100),
        "\n".repeat(100)
    );
    games.push((
        "100x100".into(),
        AnyGame::Tents(Tents::parse(&big).unwrap()),
    ));
    for (name, game) in games {
        let m = at_80x24(&model(game));
        let t = m.play().unwrap().session.topology();
        let far = walk(&m, Pos::new(t.rows - 1, t.cols - 1));
        for m in [&m, &far] {
            let text = render(m, 80, 24).to_string();
            assert!(!text.contains("enlarge"), "{name}: {text}");
            cursor_cell(m);
        }
    }
}

#[test]
fn every_theme_without_colour() {
    let scene = walk(
        &model_with(AnyGame::Tents(Tents::default_2020()), ColorDepth::None),
        Pos::new(0, 0),
    );
    // Two touching tents (errors) and the cursor on one of them.
    let scene = send(
        &scene,
        [
            Msg::Primary,
            Msg::Move(Direction::Down),
            Msg::Move(Direction::Right),
            Msg::Primary,
        ],
    );
    for name in Themes::builtin().names() {
        let m = Model {
            theme_name: name.to_string(),
            ..scene.clone()
        };
        let backend = render(&m, 48, 14);
        let buffer = backend.buffer();
        for cell in buffer.content() {
            assert_eq!(
                (cell.fg, cell.bg),
                (ratatui::style::Color::Reset, ratatui::style::Color::Reset),
                "{name}: no colour is written without colour"
            );
        }
        let (x, y) = cursor_cell(&send(&m, [Msg::Resize(48, 14)]));
        assert!(
            buffer[(x, y)].modifier.contains(Modifier::REVERSED),
            "{name}: the cursor shows"
        );
        insta::assert_debug_snapshot!(format!("no_colour_{name}"), buffer.clone());
    }
}

#[test]
fn the_wheel_scrolls_the_view_and_drags_the_cursor_along() {
    let m = at_80x24(&model(tents_50()));
    let first = |m: &Model| play_layout(m).unwrap().view;
    let down = send(&m, [Msg::Wheel(Direction::Down)]);
    assert_eq!(first(&down).first_row, 3);
    // The cursor keeps its margin of two rows from the view's top.
    assert_eq!(cursor(&down), Pos::new(5, 0));
    let right = send(
        &down,
        [Msg::Wheel(Direction::Right), Msg::Wheel(Direction::Right)],
    );
    assert_eq!(first(&right).first_col, 6);
    assert!(first(&right).contains(cursor(&right)));
    let up = send(
        &right,
        [Msg::Wheel(Direction::Up), Msg::Wheel(Direction::Up)],
    );
    assert_eq!(first(&up).first_row, 0);
    assert_eq!(cursor(&up).row, 0);
}

#[test]
fn clicks_on_a_scrolled_board_land_on_the_square_drawn() {
    let m = walk(&at_80x24(&model(tents_50())), Pos::new(40, 40));
    let target = Pos::new(38, 37);
    let layout = play_layout(&m).unwrap();
    let (x, y) = layout.cell_of(target).expect("drawn");
    let clicked = send(
        &m,
        [Msg::Click {
            column: x + 1,
            row: y,
            button: Button::Left,
        }],
    );
    assert_eq!(cursor(&clicked), target);
    assert_eq!(clicked.play().unwrap().session.moves(), 1);
}

#[test]
fn p_shows_and_hides_the_side_panel() {
    let m = at_80x24(&model(tents_50()));
    let panel = |m: &Model| play_layout(m).unwrap().panel;
    assert_eq!(panel(&m), None, "folded away on a big board");
    let shown = send(&m, [Msg::TogglePanel]);
    assert_eq!(shown.panel, PanelChoice::Shown);
    assert!(panel(&shown).is_some());
    assert!(render(&shown, 80, 24).to_string().contains("History"));
    let hidden = send(&shown, [Msg::TogglePanel]);
    assert_eq!(panel(&hidden), None);
    // A hint with the panel folded shows its reason on the message line (a 25x25 on a screen
    // too narrow for the panel: a hint on the 50x50 takes seconds in a debug build).
    let game = pack_view::catalogue()
        .iter()
        .find(|item| item.name == "tents/25x25-hard-01")
        .and_then(|item| item.game.clone().ok())
        .expect("the pack's 25x25");
    let narrow = send(&model(game), [Msg::Resize(60, 24)]);
    assert_eq!(panel(&narrow), None);
    let hinted = send(&narrow, [Msg::Hint, Msg::Move(Direction::Down)]);
    assert!(
        hinted.play().unwrap().hint.is_some(),
        "{:?}",
        hinted.message
    );
    let text = render(&hinted, 60, 24).to_string();
    assert!(text.contains(" hint: "), "{text}");
}

#[test]
fn leaving_a_random_puzzle_with_moves_asks_first() {
    let mut m = at_80x24(&model(AnyGame::Tents(Tents::default_2020())));
    if let Screen::Play(p) = &mut m.screen {
        p.puzzle = PuzzleRef::unsaved("random");
    }
    // No moves: Esc leaves at once.
    assert!(matches!(send(&m, [Msg::Back]).screen, Screen::Browser));
    let played = send(&m, [Msg::Primary]);
    let asked = send(&played, [Msg::Back]);
    assert_eq!(asked.overlay, Overlay::Confirm(Confirm::LeaveRandom));
    let stayed = send(&asked, [Msg::Confirm(false)]);
    assert!(matches!(stayed.screen, Screen::Play(_)));
    let left = send(&asked, [Msg::Confirm(true)]);
    assert!(matches!(left.screen, Screen::Browser));
    let quit = send(&played, [Msg::Quit]);
    assert_eq!(quit.overlay, Overlay::Confirm(Confirm::QuitRandom));
    assert!(!quit.quitting);
    assert!(send(&quit, [Msg::Quit]).quitting, "q again quits");
    // A saved puzzle quits at once.
    let saved = send(
        &at_80x24(&model(AnyGame::Tents(Tents::default_2020()))),
        [Msg::Primary],
    );
    let mut saved = saved;
    if let Screen::Play(p) = &mut saved.screen {
        p.puzzle = PuzzleRef::saved("tents/default", "tents/default");
    }
    assert!(send(&saved, [Msg::Quit]).quitting);
}

#[test]
fn narrow_screens_keep_the_essential_keys_and_the_clock_goes_last() {
    let m = model(AnyGame::Tents(Tents::default_2020()));
    for width in [40u16, 60, 80, 120] {
        let text = render(&m, width, 20).to_string();
        let lines: Vec<&str> = text.lines().collect();
        let bar = lines[lines.len() - 1];
        for key in ["n hint", "? help", "Esc back", "q quit"] {
            assert!(bar.contains(key), "{width}: {bar}");
        }
        let status = lines[lines.len() - 3];
        assert!(status.contains("Tents 8x8"), "{width}: {status}");
        if width >= 60 {
            assert!(status.contains("0:00"), "{width}: {status}");
        }
    }
}

/// An empty puzzle of `kind` (0 Tents, 1 Light Up, 2 Mosaic), `rows` x `cols`; Tents counts of
/// `count` (up to two digits) exercise the two-line column counts.
fn empty_game(kind: u8, rows: usize, cols: usize, count: usize) -> AnyGame {
    match kind {
        0 => {
            let text = format!(
                "{rows} {cols} 0 0\n{}\n{}\n{}",
                format!("{count} ").repeat(rows),
                format!("{count} ").repeat(cols),
                "\n".repeat(rows)
            );
            AnyGame::Tents(Tents::parse(&text).unwrap())
        }
        1 => {
            let text = format!(
                "{rows} {cols} 0\n{}",
                format!("{}\n", "b".repeat(cols)).repeat(rows)
            );
            AnyGame::LightUp(LightUp::parse(&text).unwrap())
        }
        _ => {
            let text = format!(
                "{rows} {cols} 0 0\n{}",
                format!("{}\n", "-e".repeat(cols)).repeat(rows)
            );
            AnyGame::Mosaic(Mosaic::parse(&text).unwrap())
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any board from 1x1 to 100x130 in any terminal from 20x6 to 300x100: no panic; when the
    /// board is drawn, the cursor's square is on screen, and a click on any drawn square maps
    /// back to it.
    #[test]
    fn any_board_in_any_terminal(
        kind in 0u8..3,
        rows in 1usize..=100,
        cols in 1usize..=130,
        width in 20u16..=300,
        height in 6u16..=100,
        count in 0usize..=20,
        cursor_at in (0.0f64..1.0, 0.0f64..1.0),
        click_at in (0.0f64..1.0, 0.0f64..1.0),
        toggle in any::<bool>(),
    ) {
        let game = empty_game(kind, rows, cols, count);
        let target = Pos::new(
            (cursor_at.0 * rows as f64) as usize,
            (cursor_at.1 * cols as f64) as usize,
        );
        let mut m = send(&model(game), [Msg::Resize(width, height)]);
        if toggle {
            m = send(&m, [Msg::TogglePanel]);
        }
        if let Screen::Play(p) = &mut m.screen {
            p.cursor = target;
        }
        // Any message lets `update` settle the view on the cursor.
        let m = send(&m, [Msg::Tick(std::time::Duration::ZERO)]);
        let backend = render(&m, width, height);
        let Some(layout) = play_layout(&m) else {
            prop_assert!(backend.to_string().contains("enlarge"));
            return Ok(());
        };
        prop_assert!(layout.view.contains(target));
        let (x, y) = layout.cell_of(target).unwrap();
        prop_assert!(x + 1 < width && y < height);
        prop_assert_eq!(layout.square_at(x, y), Some(target));
        prop_assert_eq!(layout.square_at(x + 1, y), Some(target));
        prop_assert!(layout.board_block.right() <= width);
        prop_assert!(layout.board_block.bottom() <= height - 3);
        if let Some(panel) = layout.panel {
            prop_assert!(panel.right() <= width && panel.bottom() <= height - 3);
            prop_assert!(panel.x >= layout.board_block.right() || panel.y >= layout.board_block.bottom());
        }
        let s = layout.squares;
        let cx = s.x + (click_at.0 * f64::from(s.width)) as u16;
        let cy = s.y + (click_at.1 * f64::from(s.height)) as u16;
        let clicked = layout.square_at(cx, cy).expect("inside the squares");
        let (qx, qy) = layout.cell_of(clicked).expect("a drawn square");
        prop_assert!(qy == cy && (qx == cx || qx + 1 == cx));
    }
}

#[test]
fn thinking_shows_until_the_hint_answers_even_after_other_keys() {
    let m = model(AnyGame::Tents(Tents::default_2020()));
    // The hint effect is not answered: the worker is still thinking.
    let (asked, _) = gridpuzzles::tui::update(&m, Msg::Hint);
    let moved = gridpuzzles::tui::update(&asked, Msg::Move(Direction::Down)).0;
    assert_eq!(moved.message, None, "the move's own message line is empty");
    assert_eq!(
        moved.message_line().map(|m| m.text.as_str()),
        Some("thinking…")
    );
    // A move on the board changes the position: the answer coming would be dropped, so the
    // line stops saying it is thinking.
    let right = gridpuzzles::tui::update(&moved, Msg::Move(Direction::Right)).0;
    let played = gridpuzzles::tui::update(&right, Msg::Primary).0;
    assert_eq!(played.play().unwrap().session.moves(), 1);
    assert!(!played.play().unwrap().thinking);
    // Answered: thinking ends and the hint shows.
    let answered = send(&m, [Msg::Hint]);
    assert!(!answered.play().unwrap().thinking);
    assert!(answered.play().unwrap().hint.is_some());
}
