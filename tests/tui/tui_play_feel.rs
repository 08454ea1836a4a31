//! How the player feels on big boards, through `update` alone: the view follows hints and
//! undo, the jump keys, drag painting, the clock and pause, and what a finished board accepts.

use crate::send;

use std::time::Duration;

use crate::helpers::{render, screen, tents};
use gridpuzzles::game::Game;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::mosaic::{Colour, Mosaic};
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::history::Action;
use gridpuzzles::tui::layout::play_layout;
use gridpuzzles::tui::model::{Model, Overlay, Session};
use gridpuzzles::tui::msg::{Button, Direction, Msg};
use gridpuzzles::tui::{Settings, update};
use proptest::prelude::*;
use send::send;

fn big_tents() -> Model {
    let game = gridpuzzles::pack::find("tents/50x50-hard-01")
        .expect("the pack's 50x50")
        .load()
        .expect("it loads");
    let mut m = Model::new(game, Settings::default());
    m.size = (80, 24);
    m
}

fn visible(model: &Model, pos: Pos) -> bool {
    play_layout(model).expect("a layout").view.contains(pos)
}

fn moves(n: usize, direction: Direction) -> Vec<Msg> {
    vec![Msg::Move(direction); n]
}

#[test]
fn a_hint_far_from_the_cursor_comes_into_view() {
    let m = send(&big_tents(), moves(38, Direction::Right));
    let m = send(&m, [Msg::Hint]);
    let hint = screen(&m).hint.clone().expect("a hint");
    for &square in &hint.sets {
        assert!(
            visible(&m, square),
            "{square} of {:?} is off screen",
            hint.sets
        );
    }
    assert_eq!(screen(&m).cursor, hint.sets[0]);
}

#[test]
fn undo_of_a_far_move_brings_it_back_into_view() {
    let start = big_tents();
    let m = send(&start, [Msg::Secondary]);
    let m = send(&m, moves(45, Direction::Down));
    let m = send(&m, moves(45, Direction::Right));
    assert!(!visible(&m, Pos::new(0, 0)));
    let m = send(&m, [Msg::Undo]);
    assert!(visible(&m, Pos::new(0, 0)));
    assert_eq!(screen(&m).cursor, Pos::new(0, 0));
    let m = send(&m, moves(45, Direction::Down));
    let m = send(&m, [Msg::Redo]);
    assert!(visible(&m, Pos::new(0, 0)));
}

#[test]
fn jump_keys_land_where_stated() {
    let m = send(&big_tents(), [Msg::Move(Direction::Down)]);
    let page = play_layout(&m).unwrap().view.rows;
    let at = |m: &Model| screen(m).cursor;
    let m = send(&m, [Msg::End]);
    assert_eq!(at(&m), Pos::new(1, 49));
    let m = send(&m, [Msg::Home]);
    assert_eq!(at(&m), Pos::new(1, 0));
    let m = send(&m, [Msg::PageDown]);
    assert_eq!(at(&m), Pos::new(1 + page, 0));
    let m = send(&m, [Msg::PageUp]);
    assert_eq!(at(&m), Pos::new(1, 0));
    let m = send(&m, [Msg::Last]);
    assert_eq!(at(&m), Pos::new(49, 49));
    assert!(visible(&m, Pos::new(49, 49)));
    let m = send(&m, [Msg::PageDown]);
    assert_eq!(at(&m), Pos::new(49, 49), "a page down stops at the edge");
    let m = send(&m, [Msg::First]);
    assert_eq!(at(&m), Pos::new(0, 0));
    let m = send(&m, [Msg::LastMove]);
    assert_eq!(screen(&m).cursor, Pos::new(0, 0));
    assert!(m.message.is_some(), "no move yet is said");
    let m = send(&m, moves(3, Direction::Down));
    let m = send(&m, [Msg::Secondary, Msg::First, Msg::LastMove]);
    assert_eq!(at(&m), Pos::new(3, 0));
}

#[test]
fn a_page_wraps_on_a_wrapping_board() {
    let wrapping = Tents::default_2020().with_wrapping(true);
    let mut m = Model::new(AnyGame::Tents(wrapping), Settings::default());
    m.size = (30, 10);
    let page = play_layout(&m).unwrap().view.rows;
    assert!(page < 8, "the board scrolls at this size");
    let m = send(&m, [Msg::PageUp]);
    assert_eq!(screen(&m).cursor.row, 8 - page);
}

/// The terminal cell of a square, as the screen shows it.
fn cell(model: &Model, pos: Pos) -> (u16, u16) {
    play_layout(model).unwrap().cell_of(pos).expect("on screen")
}

fn press(model: &Model, pos: Pos, button: Button) -> Model {
    let (column, row) = cell(model, pos);
    send(
        model,
        [Msg::Click {
            column,
            row,
            button,
        }],
    )
}

fn drag(model: &Model, pos: Pos) -> Model {
    let (column, row) = cell(model, pos);
    send(model, [Msg::Drag { column, row }])
}

/// A row of the 50x50 with three empty squares side by side.
fn three_empty(model: &Model) -> Pos {
    let state = tents(model).state();
    (0..50)
        .flat_map(|r| (0..47).map(move |c| Pos::new(r, c)))
        .find(|&p| (0..3).all(|i| state.piece(Pos::new(p.row, p.col + i)) == Square::Empty))
        .expect("three empty squares in a row")
}

#[test]
fn a_right_drag_paints_grass_as_one_undo_step() {
    let start = big_tents();
    let from = three_empty(&start);
    let m = send(&start, [Msg::First]);
    let m = send(&m, moves(from.row, Direction::Down));
    let m = send(&m, moves(from.col, Direction::Right));
    let m = press(&m, from, Button::Right);
    // A quick drag reports the third square only: the one between is painted too.
    let m = drag(&m, Pos::new(from.row, from.col + 2));
    let m = send(&m, [Msg::Release]);
    let play = tents(&m);
    for i in 0..3 {
        assert_eq!(
            play.state().piece(Pos::new(from.row, from.col + i)),
            Square::Grass
        );
    }
    let done = play.history().done();
    assert_eq!(done.len(), 1);
    assert_eq!(done[0].action, Action::Drag);
    assert_eq!(
        gridpuzzles::look::describe_entry::<Tents>(&done[0]),
        "grass over 3 squares"
    );
    let m = send(&m, [Msg::Undo]);
    assert_eq!(tents(&m).state(), tents(&start).state());
}

#[test]
fn tents_are_never_painted_and_a_drag_after_release_does_nothing() {
    let start = big_tents();
    let from = three_empty(&start);
    let m = send(&start, [Msg::Release]);
    let m = press(&m, from, Button::Left);
    let m = drag(&m, Pos::new(from.row, from.col + 2));
    let play = tents(&m);
    assert_eq!(play.state().piece(from), Square::Tent);
    assert_eq!(
        play.state().piece(Pos::new(from.row, from.col + 1)),
        Square::Empty
    );
    let m = press(&m, Pos::new(from.row, from.col + 2), Button::Right);
    let m = send(&m, [Msg::Release]);
    let m = drag(&m, Pos::new(from.row, from.col + 1));
    assert_eq!(
        tents(&m).state().piece(Pos::new(from.row, from.col + 1)),
        Square::Empty
    );
}

#[test]
fn mosaic_paints_both_colours_and_an_emptying_drag_empties_only_its_colour() {
    let game = Mosaic::default_game();
    let mut m = Model::new(AnyGame::Mosaic(game), Settings::default());
    m.size = (80, 24);
    let colour = |m: &Model, p: Pos| match &screen(m).session {
        Session::Mosaic(p2) => p2.state().colour(p),
        _ => unreachable!(),
    };
    let m = press(&m, Pos::new(0, 0), Button::Left);
    let m = drag(&m, Pos::new(0, 2));
    let m = send(&m, [Msg::Release]);
    for c in 0..3 {
        assert_eq!(colour(&m, Pos::new(0, c)), Colour::Black, "({c})");
    }
    let m = press(&m, Pos::new(1, 0), Button::Right);
    let m = send(&m, [Msg::Release]);
    // Emptying from a black square clears black squares only.
    let m = press(&m, Pos::new(0, 0), Button::Left);
    let m = drag(&m, Pos::new(1, 1));
    let m = drag(&m, Pos::new(0, 2));
    assert_eq!(colour(&m, Pos::new(0, 0)), Colour::Empty);
    assert_eq!(colour(&m, Pos::new(0, 2)), Colour::Empty);
    assert_eq!(colour(&m, Pos::new(1, 0)), Colour::White);
}

#[test]
fn enter_on_an_occupied_square_does_what_a_click_does() {
    let m = send(&big_tents(), [Msg::Secondary]);
    let m = send(&m, [Msg::Primary]);
    assert_eq!(tents(&m).state().piece(Pos::new(0, 0)), Square::Empty);
    let m = send(&m, [Msg::Primary]);
    assert_eq!(tents(&m).state().piece(Pos::new(0, 0)), Square::Tent);
}

fn tick(model: &Model, seconds: u64) -> Model {
    update(model, Msg::Tick(Duration::from_secs(seconds))).0
}

#[test]
fn the_clock_stops_while_paused_and_under_the_help() {
    let m = tick(&big_tents(), 10);
    assert_eq!(screen(&m).elapsed(m.now), Duration::from_secs(10));
    let m = send(&m, [Msg::Pause]);
    assert!(screen(&m).paused);
    let m = tick(&m, 100);
    assert_eq!(screen(&m).elapsed(m.now), Duration::from_secs(10));
    // Nothing is played while paused.
    let m = send(&m, [Msg::Secondary, Msg::Move(Direction::Right)]);
    assert_eq!(tents(&m).history().done().len(), 0);
    assert_eq!(screen(&m).cursor, Pos::new(0, 0));
    let m = send(&m, [Msg::Pause]);
    let m = tick(&m, 105);
    assert_eq!(screen(&m).elapsed(m.now), Duration::from_secs(15));
    let m = send(&m, [Msg::ToggleHelp]);
    assert_eq!(m.overlay, Overlay::Help);
    let m = tick(&m, 200);
    let m = send(&m, [Msg::ToggleHelp]);
    let m = tick(&m, 201);
    assert_eq!(screen(&m).elapsed(m.now), Duration::from_secs(16));
}

/// `model` after `s`, its confirmation and the solver's answer, as the loop delivers it.
fn revealed(model: &Model) -> Model {
    let solution = gridpuzzles::tui::effect::solve_any(&screen(model).session.puzzle());
    let m = send(model, [Msg::Reveal, Msg::Confirm(true)]);
    let puzzle = screen(&m).session.puzzle();
    send(&m, [Msg::Solved { puzzle, solution }])
}

#[test]
fn the_clock_stops_at_a_reveal_and_the_solved_board_takes_no_pieces() {
    let m = tick(&big_tents(), 5);
    let m = revealed(&m);
    assert!(screen(&m).session.is_won());
    let m = tick(&m, 50);
    assert_eq!(screen(&m).elapsed(m.now), Duration::from_secs(5));
    let before = screen(&m).session.clone();
    let m = send(
        &m,
        [Msg::Move(Direction::Right), Msg::Secondary, Msg::Cycle],
    );
    assert_eq!(screen(&m).session, before);
    let m = send(&m, [Msg::Undo]);
    assert!(!screen(&m).session.is_won());
}

#[derive(Clone, Debug)]
enum Step {
    Key(Box<Msg>),
    Press(usize, usize, bool),
    DragTo(usize, usize),
    Release,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        prop_oneof![
            Just(Msg::Move(Direction::Up)),
            Just(Msg::Move(Direction::Down)),
            Just(Msg::Move(Direction::Left)),
            Just(Msg::Move(Direction::Right)),
            Just(Msg::Primary),
            Just(Msg::Secondary),
            Just(Msg::Clear),
            Just(Msg::Cycle),
            Just(Msg::FillRow),
            Just(Msg::Undo),
            Just(Msg::Redo),
            Just(Msg::End),
            Just(Msg::PageDown),
            Just(Msg::LastMove),
        ]
        .prop_map(|msg| Step::Key(Box::new(msg))),
        (0..8usize, 0..8usize, any::<bool>()).prop_map(|(r, c, left)| Step::Press(r, c, left)),
        (0..8usize, 0..8usize).prop_map(|(r, c)| Step::DragTo(r, c)),
        Just(Step::Release),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever mix of drags and keys: undoing everything gives back the start, and redoing
    /// everything gives back the position reached.
    #[test]
    fn drags_and_keys_keep_undo_and_redo_consistent(steps in prop::collection::vec(step(), 1..40)) {
        let mut m = Model::new(AnyGame::Tents(Tents::default_2020()), Settings::default());
        m.size = (80, 24);
        let start = tents(&m).state().clone();
        for s in steps {
            let msg = match s {
                Step::Key(msg) => *msg,
                Step::Press(r, c, left) => {
                    let (column, row) = cell(&m, Pos::new(r, c));
                    let button = if left { Button::Left } else { Button::Right };
                    Msg::Click { column, row, button }
                }
                Step::DragTo(r, c) => {
                    let (column, row) = cell(&m, Pos::new(r, c));
                    Msg::Drag { column, row }
                }
                Step::Release => Msg::Release,
            };
            m = send(&m, [msg]);
        }
        let reached = tents(&m).state().clone();
        let done = tents(&m).history().done().len();
        let undone = send(&m, vec![Msg::Undo; done]);
        prop_assert_eq!(tents(&undone).state(), &start);
        let redone = send(&undone, vec![Msg::Redo; done]);
        prop_assert_eq!(tents(&redone).state(), &reached);
    }
}

// ---------------------------------------------------------------- what the screen shows

fn small_tents() -> Model {
    let m = Model::new(AnyGame::Tents(Tents::default_2020()), Settings::default());
    send(
        &m,
        [
            Msg::Move(Direction::Down),
            Msg::Move(Direction::Down),
            Msg::Move(Direction::Right),
        ],
    )
}

/// The counts drawn in reverse video (the cursor's row and column counts), as `x,y:text`.
fn reversed_counts(backend: &ratatui::backend::TestBackend, model: &Model) -> Vec<String> {
    let layout = play_layout(model).unwrap();
    let buf = backend.buffer();
    let mut found = Vec::new();
    for area in [layout.row_clues, layout.col_clues] {
        for y in area.y..area.bottom() {
            for x in area.x..area.right() {
                let cell = &buf[(x, y)];
                let reversed = cell.modifier.contains(ratatui::style::Modifier::REVERSED);
                if reversed && !cell.symbol().trim().is_empty() {
                    found.push(format!("{x},{y}:{}", cell.symbol()));
                }
            }
        }
    }
    found
}

#[test]
fn the_cursor_s_counts_are_highlighted_in_every_theme_and_without_colour() {
    for depth in [
        gridpuzzles::theme::ColorDepth::TrueColor,
        gridpuzzles::theme::ColorDepth::None,
    ] {
        let settings = Settings {
            depth,
            ..Settings::default()
        };
        let m = Model::new(AnyGame::Tents(Tents::default_2020()), settings);
        let mut m = send(
            &m,
            [
                Msg::Move(Direction::Down),
                Msg::Move(Direction::Down),
                Msg::Move(Direction::Right),
            ],
        );
        for _ in 0..m.themes.names().len() {
            let backend = render(&m, 80, 18);
            let sized = send(&m, [Msg::Resize(80, 18)]);
            // Row 2's count (4) and column 1's (0): those two alone.
            let theme = m.theme_name.clone();
            insta::assert_snapshot!(
                "cursor_counts",
                reversed_counts(&backend, &sized).join("\n"),
                &theme
            );
            m = send(&m, [Msg::NextTheme]);
        }
    }
}

#[test]
fn a_long_message_wraps_onto_a_second_line() {
    let m = small_tents();
    // A tree refuses a piece: the message names the square and why.
    let m = send(&m, [Msg::Move(Direction::Up), Msg::Move(Direction::Up)]);
    let m = send(
        &m,
        [
            Msg::Move(Direction::Right),
            Msg::Move(Direction::Right),
            Msg::Move(Direction::Right),
        ],
    );
    let m = send(&m, [Msg::Primary]);
    insta::assert_snapshot!("wrapped_message", render(&m, 44, 18).to_string());
}

#[test]
fn a_paused_board_is_hidden() {
    let m = send(&small_tents(), [Msg::Secondary, Msg::Pause]);
    let shown = render(&m, 80, 18).to_string();
    assert!(!shown.contains('🌲'), "{shown}");
    insta::assert_snapshot!("paused_board", shown);
}

#[test]
fn a_won_board_says_so_on_its_frame() {
    let m = small_tents();
    let m = revealed(&m);
    let shown = render(&m, 80, 18).to_string();
    assert!(shown.contains("┌ solution revealed "), "{shown}");
    insta::assert_snapshot!("won_board", shown);
}
