//! The mouse is exact, through `update` alone, on the pack's 50x50 Tents at 80x24: a click
//! changes the square under the pointer and scrolls nothing.

mod send;

use gridpuzzles::game::Game;
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::play::Play;
use gridpuzzles::tui::Settings;
use gridpuzzles::tui::model::{Model, PlayScreen, Session};
use gridpuzzles::tui::msg::{Button, Direction, Msg};
use gridpuzzles::tui::view::layout::{PlayLayout, Viewport, play_layout};
use send::send;

/// The 50x50 at 80x24, the cursor on the first square (Ctrl-Home): rows 0-15, cols 0-35 shown.
fn big_tents() -> Model {
    let game = gridpuzzles::pack::find("tents/50x50-hard-01")
        .expect("the pack's 50x50")
        .load()
        .expect("it loads");
    let mut m = Model::new(game, Settings::default());
    m.size = (80, 24);
    let m = send(&m, [Msg::First]);
    assert_eq!(view(&m), viewport(0, 0), "the view this file assumes");
    m
}

fn viewport(first_row: usize, first_col: usize) -> Viewport {
    Viewport {
        first_row,
        first_col,
        rows: 16,
        cols: 36,
    }
}

fn screen(model: &Model) -> &PlayScreen {
    model.play().expect("the play screen")
}

fn tents(model: &Model) -> &Play<Tents> {
    match &screen(model).session {
        Session::Tents(p) => p,
        other => panic!("not Tents: {other:?}"),
    }
}

fn layout(model: &Model) -> PlayLayout {
    play_layout(model).expect("a layout")
}

fn view(model: &Model) -> Viewport {
    layout(model).view
}

fn piece(model: &Model, pos: Pos) -> Square {
    tents(model).state().piece(pos)
}

/// The terminal cell of a square on screen (its second column: a pointer anywhere on it).
fn cell(model: &Model, pos: Pos) -> (u16, u16) {
    let (x, y) = layout(model).cell_of(pos).expect("on screen");
    (x + 1, y)
}

fn press_at(model: &Model, (column, row): (u16, u16), button: Button) -> Model {
    send(
        model,
        [Msg::Click {
            column,
            row,
            button,
        }],
    )
}

/// Every square whose piece differs between the two models.
fn changed(before: &Model, after: &Model) -> Vec<Pos> {
    let (a, b) = (tents(before).state(), tents(after).state());
    a.topology()
        .positions()
        .filter(|&p| a.piece(p) != b.piece(p))
        .collect()
}

#[test]
fn two_clicks_on_the_views_last_square_change_it_and_scroll_nothing() {
    let m = big_tents();
    let row = (0..16)
        .find(|&r| piece(&m, Pos::new(r, 35)) == Square::Empty)
        .expect("an empty square in the last column shown");
    let target = Pos::new(row, 35);
    let at = cell(&m, target);
    let once = send(&press_at(&m, at, Button::Right), [Msg::Release]);
    assert_eq!(view(&once), viewport(0, 0), "the first click scrolled");
    assert_eq!(changed(&m, &once), [target]);
    assert_eq!(piece(&once, target), Square::Grass);
    assert_eq!(screen(&once).cursor, target);
    // The same cell again is the same square: the grass goes.
    let twice = send(&press_at(&once, at, Button::Right), [Msg::Release]);
    assert_eq!(view(&twice), viewport(0, 0), "the second click scrolled");
    assert_eq!(changed(&once, &twice), [target]);
    assert_eq!(piece(&twice, target), Square::Empty);
    // The bottom-right square shown likewise, with the left button.
    let corner = Pos::new(15, 35);
    let clicked = press_at(&m, cell(&m, corner), Button::Left);
    assert_eq!(view(&clicked), viewport(0, 0));
    assert_eq!(screen(&clicked).cursor, corner);
    // A resize keeps it, and so does a key that leaves the cursor where it is.
    let resized = send(
        &clicked,
        [Msg::Release, Msg::Resize(80, 24), Msg::Secondary],
    );
    assert_eq!(view(&resized), viewport(0, 0));
}

#[test]
fn after_a_click_a_key_lets_the_view_follow_the_cursor_again() {
    let m = big_tents();
    let clicked = send(
        &press_at(&m, cell(&m, Pos::new(3, 35)), Button::Right),
        [Msg::Release],
    );
    let moved = send(&clicked, [Msg::Move(Direction::Right)]);
    assert_eq!(screen(&moved).cursor, Pos::new(3, 36));
    // The keys' margin of two squares comes back: columns 3-38 shown.
    assert_eq!(view(&moved), viewport(0, 3));
}
