//! End to end in a pseudo-terminal at 80x24 on the pack's 50x50 Tents: two right clicks on the
//! last square shown in a row change only that square and never move the view, and a right-drag
//! down a column past the bottom edge scrolls the rows and paints only that column (read back
//! from the progress file saved at quitting); the wheel scrolls down, Shift-wheel and a sideways
//! wheel sideways.

use crate::pty;

use gridpuzzles::game::Game;
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::progress::{Loaded, Store};
use pty::{CTRL_HOME, Player, temp_home};

const NAME: &str = "tents/50x50-hard-01";

fn puzzle() -> Tents {
    pty::pack_tents(NAME)
}

/// The puzzle open at 80x24 with the cursor on its first square: rows 0-15 and columns 0-35
/// shown.
fn open(home: &std::path::Path) -> Player {
    let mut player = Player::start_sized(&["play", NAME], home, 24, 80);
    player.wait_for_text("Tents 50x50");
    player.send(CTRL_HOME);
    player.wait_for_text("rows 0-15 of 50  cols 0-35 of 50");
    player
}

/// The terminal cell (column, row), 1-based as mouse reports count, of a square's second
/// column while the view starts at the board's first square: squares sit under the frame and
/// the column ruler, right of the frame and the 3-column row ruler.
fn mouse_cell(pos: Pos) -> (usize, usize) {
    (1 + 1 + 3 + 2 * pos.col + 1, 1 + 2 + pos.row)
}

/// The column ruler: the screen's second line.
fn column_ruler(player: &Player) -> String {
    player.lines()[1].clone()
}

/// The cursor saved when the player quit.
fn saved_cursor(home: &std::path::Path) -> Pos {
    let loaded = Store::open(home)
        .unwrap()
        .load_puzzle::<Square>(NAME)
        .unwrap();
    let Loaded::Found(progress) = loaded else {
        panic!("no progress saved: {loaded:?}");
    };
    progress.view.expect("a saved view").cursor
}

/// The position saved when the player quit.
fn saved(home: &std::path::Path) -> Tents {
    let loaded = Store::open(home)
        .unwrap()
        .load_puzzle::<Square>(NAME)
        .unwrap();
    let Loaded::Found(progress) = loaded else {
        panic!("no progress saved: {loaded:?}");
    };
    Tents::parse(&progress.position).expect("the saved position parses")
}

fn changed(before: &Tents, after: &Tents) -> Vec<Pos> {
    before
        .topology()
        .positions()
        .filter(|&p| before.piece(p) != after.piece(p))
        .collect()
}

#[test]
fn two_right_clicks_on_a_rows_last_square_shown_change_it_alone_and_keep_the_view() {
    let game = puzzle();
    let target = (0..16)
        .map(|r| Pos::new(r, 35))
        .find(|&p| game.piece(p) == Square::Empty)
        .expect("an empty square in the last column shown");
    let home = temp_home();
    let mut player = open(home.path());
    let ruler = column_ruler(&player);
    let (x, y) = mouse_cell(target);
    let click = format!("\x1b[<2;{x};{y}M\x1b[<2;{x};{y}m");
    let (row, column) = ((y - 1) as u16, (x - 2) as u16);
    let shows = move |glyph: &'static str, wanted: bool| {
        move |s: &vt100::Screen| {
            s.cell(row, column)
                .is_some_and(|c| (c.contents() == glyph) == wanted)
        }
    };
    player.send(&click);
    player.wait_for("grass on the square clicked", shows("🟩", true));
    assert_eq!(column_ruler(&player), ruler, "{}", player.text());
    assert!(
        player.text().contains("cols 0-35 of 50"),
        "{}",
        player.text()
    );
    let cell = player
        .screen()
        .cell((y - 1) as u16, (x - 2) as u16)
        .unwrap();
    assert_eq!(cell.contents(), "🟩", "{}", player.text());
    player.send(&click);
    player.wait_for("the grass taken off again", shows("🟩", false));
    assert_eq!(column_ruler(&player), ruler, "{}", player.text());
    assert!(
        player.text().contains("cols 0-35 of 50"),
        "{}",
        player.text()
    );
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
    // The second click took the grass off the same square: nothing else ever changed.
    assert!(changed(&game, &saved(home.path())).is_empty());
}

#[test]
fn a_right_drag_down_a_column_past_the_bottom_edge_paints_only_that_column() {
    let game = puzzle();
    let col = (0..30)
        .find(|&c| (12..20).all(|r| game.piece(Pos::new(r, c)) == Square::Empty))
        .expect("an empty run down a column");
    let home = temp_home();
    let mut player = open(home.path());
    let (x, y0) = mouse_cell(Pos::new(12, col));
    let (_, y1) = mouse_cell(Pos::new(13, col));
    let (_, y2) = mouse_cell(Pos::new(14, col));
    // Below the last row shown (on the column counts), the hand drifting right.
    let below = y2 + 2;
    let mut keys = format!(
        "\x1b[<2;{x};{y0}M\x1b[<34;{x};{y1}M\x1b[<34;{};{y2}M",
        x + 1
    );
    for drift in 2..6 {
        keys.push_str(&format!("\x1b[<34;{};{below}M", x + drift));
    }
    keys.push_str(&format!("\x1b[<2;{};{below}m", x + 5));
    player.send(&keys);
    // Four moves past the edge: four rows down, the columns where they were.
    player.wait_for_text("rows 4-19 of 50  cols 0-35 of 50");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
    assert_eq!(saved_cursor(home.path()), Pos::new(19, col));
    let painted = changed(&game, &saved(home.path()));
    let off: Vec<&Pos> = painted.iter().filter(|p| p.col != col).collect();
    assert!(off.is_empty(), "painted off column {col}: {off:?}");
    let rows: Vec<usize> = painted.iter().map(|p| p.row).collect();
    assert_eq!(rows, (12..20).collect::<Vec<_>>());
}

#[test]
fn the_wheel_scrolls_down_and_shift_wheel_or_a_sideways_wheel_scrolls_sideways() {
    let home = temp_home();
    let mut player = open(home.path());
    // SGR wheel reports: 64 up, 65 down, 66 left, 67 right; Shift adds 4.
    let notch = |button: u8| format!("\x1b[<{button};30;10M");
    player.send(&notch(65 + 4));
    player.wait_for_text("rows 0-15 of 50  cols 3-38 of 50");
    player.send(&notch(64 + 4));
    player.wait_for_text("rows 0-15 of 50  cols 0-35 of 50");
    player.send(&notch(67));
    player.wait_for_text("rows 0-15 of 50  cols 3-38 of 50");
    player.send(&notch(65));
    player.wait_for_text("rows 3-18 of 50  cols 3-38 of 50");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}
