//! The mouse is exact, through `update` alone, on the pack's 50x50 Tents at 80x24: a click
//! changes the square under the pointer and scrolls nothing; a drag keeps to the row or column
//! its first step chose, paints only what it passed there, and scrolls (along its line only)
//! only past the view's edge; the wheel scrolls down and up, and sideways with Shift.

use crate::send;

use crate::helpers::{screen, tents};
use gridpuzzles::game::Game;
use gridpuzzles::games::tents::Square;
use gridpuzzles::grid::Pos;
use gridpuzzles::tui::layout::{PlayLayout, Viewport, play_layout};
use gridpuzzles::tui::model::Model;
use gridpuzzles::tui::msg::{Button, Direction, Msg};
use gridpuzzles::tui::{Settings, update};
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

fn drag_at(model: &Model, (column, row): (u16, u16)) -> Model {
    send(model, [Msg::Drag { column, row }])
}

/// Every square whose piece differs between the two models.
fn changed(before: &Model, after: &Model) -> Vec<Pos> {
    let (a, b) = (tents(before).state(), tents(after).state());
    a.topology()
        .positions()
        .filter(|&p| a.piece(p) != b.piece(p))
        .collect()
}

/// A column with `len` empty squares from `row` down.
fn empty_run_down(m: &Model, row: usize, len: usize) -> usize {
    (0..36)
        .find(|&c| (row..row + len).all(|r| piece(m, Pos::new(r, c)) == Square::Empty))
        .expect("an empty run down a column")
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

#[test]
fn a_drag_keeps_to_the_row_its_first_step_chose() {
    let m = big_tents();
    let (row, col) = (0..16)
        .flat_map(|r| (0..30).map(move |c| (r, c)))
        .find(|&(r, c)| (c..c + 6).all(|c| piece(&m, Pos::new(r, c)) == Square::Empty))
        .expect("six empty squares in a row");
    let start = Pos::new(row, col);
    let d = press_at(&m, cell(&m, start), Button::Right);
    let d = drag_at(&d, cell(&d, Pos::new(row, col + 1)));
    // The pointer wanders off the row: its projection onto the row is what counts.
    let below = Pos::new((row + 4).min(15), col + 3);
    let d = drag_at(&d, cell(&d, below));
    assert_eq!(screen(&d).cursor, Pos::new(row, col + 3));
    let above = Pos::new(row.saturating_sub(3), col + 5);
    let d = send(&drag_at(&d, cell(&d, above)), [Msg::Release]);
    let painted: Vec<Pos> = (col..col + 6).map(|c| Pos::new(row, c)).collect();
    assert_eq!(changed(&m, &d), painted);
    assert!(painted.iter().all(|&p| piece(&d, p) == Square::Grass));
    assert_eq!(view(&d), viewport(0, 0));
    assert_eq!(tents(&d).history().done().len(), 1, "one undo step");
}

#[test]
fn a_wobbly_drag_down_a_column_makes_no_staircase() {
    let m = big_tents();
    let col = empty_run_down(&m, 2, 8);
    let mut d = press_at(&m, cell(&m, Pos::new(2, col)), Button::Right);
    // First step straight down; then the hand drifts a square or two either way, and a quick
    // move skips a row.
    for (r, drift) in [(3, 0isize), (4, 1), (5, 2), (6, -1), (7, 2), (9, 1)] {
        let c = (col as isize + drift).clamp(0, 35) as usize;
        d = drag_at(&d, cell(&d, Pos::new(r, c)));
        assert_eq!(screen(&d).cursor, Pos::new(r, col));
        assert_in_column(&m, &d, col);
    }
    let d = send(&d, [Msg::Release]);
    let painted: Vec<Pos> = (2..10).map(|r| Pos::new(r, col)).collect();
    assert_eq!(changed(&m, &d), painted);
    assert_eq!(view(&d), viewport(0, 0));
}

/// Every square changed between `before` and `after` is in column `col`.
fn assert_in_column(before: &Model, after: &Model, col: usize) {
    let off: Vec<Pos> = changed(before, after)
        .into_iter()
        .filter(|p| p.col != col)
        .collect();
    assert!(off.is_empty(), "painted off column {col}: {off:?}");
}

#[test]
fn a_drag_to_the_views_last_row_paints_to_there_and_scrolls_nothing() {
    let m = big_tents();
    let col = empty_run_down(&m, 10, 6);
    let d = press_at(&m, cell(&m, Pos::new(10, col)), Button::Right);
    let d = drag_at(&d, cell(&d, Pos::new(13, col)));
    let d = drag_at(&d, cell(&d, Pos::new(15, col)));
    assert_eq!(
        view(&d),
        viewport(0, 0),
        "the drag scrolled inside the view"
    );
    let d = send(&d, [Msg::Release]);
    assert_eq!(view(&d), viewport(0, 0), "the release scrolled");
    let painted: Vec<Pos> = (10..16).map(|r| Pos::new(r, col)).collect();
    assert_eq!(changed(&m, &d), painted);
}

#[test]
fn past_the_bottom_edge_a_drag_scrolls_one_row_a_step_and_paints_only_its_column() {
    let m = big_tents();
    let col = (0..30)
        .find(|&c| (12..20).all(|r| piece(&m, Pos::new(r, c)) == Square::Empty))
        .expect("an empty run down a column");
    let d = press_at(&m, cell(&m, Pos::new(12, col)), Button::Right);
    let d = drag_at(&d, cell(&d, Pos::new(14, col)));
    // Below the squares (on the column counts) and right of the column: past the bottom edge.
    let squares = layout(&d).squares;
    let past = (squares.x + 2 * (col as u16 + 3), squares.bottom());
    let mut d = d;
    for step in 1..=4 {
        d = drag_at(&d, past);
        assert_eq!(
            view(&d),
            viewport(step, 0),
            "step {step}: one row, rows only"
        );
        assert_eq!(screen(&d).cursor, Pos::new(15 + step, col));
        assert_in_column(&m, &d, col);
    }
    // Back inside the view, over squares painted already: nothing more.
    let d = drag_at(&d, cell(&d, Pos::new(17, col + 5)));
    assert_eq!(view(&d), viewport(4, 0));
    assert_eq!(screen(&d).cursor, Pos::new(17, col));
    let d = send(&d, [Msg::Release]);
    let painted: Vec<Pos> = (12..20).map(|r| Pos::new(r, col)).collect();
    assert_eq!(changed(&m, &d), painted);
    assert_eq!(view(&d), viewport(4, 0), "the release scrolled");
    let done = tents(&d).history().done();
    assert_eq!(done.len(), 1, "one undo step");
    let undone = send(&d, [Msg::Undo]);
    assert!(changed(&m, &undone).is_empty());
}

#[test]
fn past_the_right_edge_a_row_drag_scrolls_columns_only() {
    let m = big_tents();
    let (row, col) = (3..13)
        .flat_map(|r| (30..34).map(move |c| (r, c)))
        .find(|&(r, c)| (c..c + 6).all(|c| piece(&m, Pos::new(r, c)) == Square::Empty))
        .expect("six empty squares in a row reaching past the view");
    let d = press_at(&m, cell(&m, Pos::new(row, col)), Button::Right);
    let d = drag_at(&d, cell(&d, Pos::new(row, 35)));
    // Past the right edge (on the row counts) and several rows lower.
    let squares = layout(&d).squares;
    let past = (squares.right() + 1, squares.y + row as u16 + 2);
    let d = drag_at(&d, past);
    let d = drag_at(&d, past);
    assert_eq!(view(&d), viewport(0, 2));
    assert_eq!(screen(&d).cursor, Pos::new(row, 37));
    let d = send(&d, [Msg::Release]);
    let painted: Vec<Pos> = (col..38)
        .map(|c| Pos::new(row, c))
        .filter(|&p| piece(&m, p) == Square::Empty)
        .collect();
    assert_eq!(changed(&m, &d), painted);
}

#[test]
fn a_drag_scrolls_up_past_the_top_edge() {
    let m = big_tents();
    let m = send(&m, vec![Msg::Move(Direction::Down); 30]);
    let top = view(&m).first_row;
    assert!(top > 0);
    let col = (0..36)
        .find(|&c| (top - 2..top + 3).all(|r| piece(&m, Pos::new(r, c)) == Square::Empty))
        .expect("an empty run across the view's top");
    let d = press_at(&m, cell(&m, Pos::new(top + 2, col)), Button::Right);
    let d = drag_at(&d, cell(&d, Pos::new(top, col)));
    let above = (layout(&d).squares.x + 2 * col as u16, 0);
    let d = drag_at(&drag_at(&d, above), above);
    assert_eq!(view(&d).first_row, top - 2);
    assert_eq!(view(&d).first_col, 0);
    let d = send(&d, [Msg::Release]);
    let painted: Vec<Pos> = (top - 2..top + 3).map(|r| Pos::new(r, col)).collect();
    assert_eq!(changed(&m, &d), painted);
}

#[test]
fn a_drag_that_goes_nowhere_scrolls_nothing_and_tents_are_not_painted() {
    let m = big_tents();
    let col = empty_run_down(&m, 12, 4);
    // A tent press starts no painting: past the edge it neither paints nor scrolls.
    let d = press_at(&m, cell(&m, Pos::new(12, col)), Button::Left);
    let squares = layout(&d).squares;
    let d = drag_at(&d, (squares.x + 2 * col as u16, squares.bottom() + 1));
    assert_eq!(view(&d), viewport(0, 0));
    assert_eq!(changed(&m, &d), [Pos::new(12, col)]);
    // Over its own first square a drag has no line yet and does nothing.
    let g = press_at(&m, cell(&m, Pos::new(12, col)), Button::Right);
    let (x, y) = cell(&g, Pos::new(12, col));
    let g2 = drag_at(&g, (x - 1, y));
    assert_eq!(screen(&g2).drag, screen(&g).drag);
    assert_eq!(screen(&g2).session, screen(&g).session);
}

#[test]
fn the_wheel_scrolls_down_and_shift_wheel_sideways() {
    use crossterm::event::{Event, KeyModifiers, MouseEvent, MouseEventKind};
    use gridpuzzles::tui::keymap::message_for;
    let m = big_tents();
    let wheel = |kind, modifiers| {
        let event = Event::Mouse(MouseEvent {
            kind,
            column: 20,
            row: 8,
            modifiers,
        });
        message_for(&event, &m).expect("a wheel message")
    };
    let down = wheel(MouseEventKind::ScrollDown, KeyModifiers::NONE);
    let shifted_down = wheel(MouseEventKind::ScrollDown, KeyModifiers::SHIFT);
    let shifted_up = wheel(MouseEventKind::ScrollUp, KeyModifiers::SHIFT);
    let right = wheel(MouseEventKind::ScrollRight, KeyModifiers::NONE);
    assert_eq!(down, Msg::Wheel(Direction::Down));
    assert_eq!(shifted_down, Msg::Wheel(Direction::Right));
    assert_eq!(shifted_up, Msg::Wheel(Direction::Left));
    assert_eq!(right, Msg::Wheel(Direction::Right));
    let scrolled = update(&m, shifted_down).0;
    assert_eq!(view(&scrolled), viewport(0, 3));
    let back = update(&scrolled, shifted_up).0;
    assert_eq!(view(&back), viewport(0, 0));
    assert_eq!(view(&update(&m, down).0), viewport(3, 0));
}
