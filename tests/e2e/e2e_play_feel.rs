//! End to end in a pseudo-terminal at 80x24 on the pack's 50x50 Tents: a hint far from the
//! cursor comes on screen, the jump keys land where stated, reopening puts the cursor and view
//! back, a right-drag paints three squares as one undo step, and a long hint reason is read
//! whole.

use crate::pty;

use gridpuzzles::game::Game;
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use pty::{CTRL_END, CTRL_HOME, END, HOME, PAGE_DOWN, Player, RIGHT, temp_home};

const NAME: &str = "tents/50x50-hard-01";

fn puzzle() -> Tents {
    pty::pack_tents(NAME)
}

fn open(home: &std::path::Path) -> Player {
    let mut player = Player::start_sized(&["play", NAME], home, 24, 80);
    player.wait_for_text("Tents 50x50");
    player
}

/// The numbers after `label` in the screen's text (`at (3,38)` gives 3 and 38).
fn numbers_after(text: &str, label: &str) -> Vec<usize> {
    let Some(i) = text.find(label) else {
        return Vec::new();
    };
    text[i + label.len()..]
        .split(|c: char| !c.is_ascii_digit())
        .take_while(|_| true)
        .filter(|s| !s.is_empty())
        .take(4)
        .map(|s| s.parse().unwrap())
        .collect()
}

/// The cursor's square, from the status line.
fn cursor(player: &Player) -> Pos {
    let n = numbers_after(&player.text(), "at (");
    Pos::new(n[0], n[1])
}

/// The rows and columns shown, from the frame's foot: (first row, last row, first col, last col).
fn view(player: &Player) -> (usize, usize, usize, usize) {
    let text = player.text();
    let rows = numbers_after(&text, "rows ");
    let cols = numbers_after(&text, "cols ");
    (rows[0], rows[1], cols[0], cols[1])
}

fn shows(player: &Player, pos: Pos) -> bool {
    let (r0, r1, c0, c1) = view(player);
    (r0..=r1).contains(&pos.row) && (c0..=c1).contains(&pos.col)
}

/// The terminal cell (column, row), 1-based as mouse reports count, of a square while the view
/// starts at the board's first square: squares sit under the frame and column ruler, right of
/// the frame and the 3-column row ruler.
fn mouse_cell(pos: Pos) -> (usize, usize) {
    (1 + 1 + 3 + 2 * pos.col, 1 + 2 + pos.row)
}

/// Waits until the screen shows `n` grass squares (the puzzle starts with none): at 80 columns
/// the status line gives the move count's room to the puzzle's name.
fn wait_for_grass(player: &mut Player, n: usize) {
    player.wait_for(&format!("{n} grass squares"), move |s| {
        s.contents().matches('🟩').count() == n
    });
}

#[test]
fn a_hint_far_from_the_cursor_is_brought_on_screen() {
    let home = temp_home();
    let mut player = open(home.path());
    player.send(&RIGHT.repeat(38));
    player.wait_for_text("at (0,38)");
    player.send("n");
    player.wait_for_text("applies it");
    let at = cursor(&player);
    assert!(shows(&player, at), "{at} off screen:\n{}", player.text());
    // The hint's square is where the cursor went: the hint names its row or column.
    assert!(at.col < 38 || at.row > 0, "{}", player.text());
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn jump_keys_land_where_stated_and_reopening_restores_cursor_and_view() {
    let home = temp_home();
    let mut player = open(home.path());
    player.send(END);
    player.wait_for_text("at (0,49)");
    player.send(HOME);
    player.wait_for_text("at (0,0)");
    player.send(PAGE_DOWN);
    player.wait_for("a page down", |s| {
        !s.contents().contains("at (0,0)") && s.contents().contains("at (")
    });
    let paged = cursor(&player);
    assert!(paged.row >= 10 && paged.col == 0, "{paged}");
    player.send(CTRL_END);
    player.wait_for_text("at (49,49)");
    assert!(shows(&player, Pos::new(49, 49)));
    player.send(CTRL_HOME);
    player.wait_for_text("at (0,0)");
    player.send(CTRL_END);
    player.wait_for_text("at (49,49)");
    player.send("-");
    wait_for_grass(&mut player, 1);
    let seen = view(&player);
    assert_eq!(player.quit_with("q"), 0);

    let mut player = open(home.path());
    player.wait_for_text("at (49,49)");
    assert_eq!(view(&player), seen, "{}", player.text());
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn a_right_drag_over_three_squares_paints_three_and_one_z_undoes_it() {
    let game = puzzle();
    let row = (0..10)
        .find(|&r| (0..3).all(|c| game.piece(Pos::new(r, c)) == Square::Empty))
        .expect("three empty squares at a row's start");
    let home = temp_home();
    let mut player = open(home.path());
    let (x0, y) = mouse_cell(Pos::new(row, 0));
    let (x2, _) = mouse_cell(Pos::new(row, 2));
    let (x1, _) = mouse_cell(Pos::new(row, 1));
    player.send(&format!(
        "\x1b[<2;{x0};{y}M\x1b[<34;{x1};{y}M\x1b[<34;{x2};{y}M\x1b[<2;{x2};{y}m"
    ));
    wait_for_grass(&mut player, 3);
    let screen = player.screen();
    for col in 0..3 {
        let (x, y) = mouse_cell(Pos::new(row, col));
        let cell = screen.cell((y - 1) as u16, (x - 1) as u16).unwrap();
        assert_eq!(cell.contents(), "🟩", "({row},{col}):\n{}", player.text());
    }
    player.send("z");
    wait_for_grass(&mut player, 0);
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn a_long_hint_reason_is_read_whole_at_80_columns() {
    let game = puzzle();
    let solution = game.solve().expect("a solution");
    // Grass where the solution has a tent: no rule is broken yet, but no solution is left.
    let tent = (0..12)
        .flat_map(|r| (0..25).map(move |c| Pos::new(r, c)))
        .find(|&p| solution.piece(p) == Square::Tent)
        .expect("a tent near the start");
    let home = temp_home();
    let mut player = open(home.path());
    let keys = player.walk_to(tent);
    player.send(&keys);
    player.send("-");
    wait_for_grass(&mut player, 1);
    player.send("n");
    player.wait_for_text("(marked)");
    // The message's lines, from the status line down to the key bar, read as one text.
    let lines = player.lines();
    let start = lines.iter().position(|l| l.contains("no hint:")).unwrap();
    let text: Vec<&str> = lines[start..lines.len() - 1]
        .iter()
        .map(|l| l.trim())
        .collect();
    let text = text.join(" ");
    let expected = format!(
        "no hint: the position is already wrong: move 1 of 1 at {tent} left every solution \
         (z undoes it); these squares differ from the solution (marked): {tent}"
    );
    assert!(expected.len() >= 130, "{}", expected.len());
    assert!(text.contains(&expected), "{text}\n{}", player.text());
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}
