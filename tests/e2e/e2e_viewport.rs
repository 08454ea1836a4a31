//! End to end in a pseudo-terminal: a 50x50 Tents at 80x24 played to its far corner, and what
//! reaches the terminal under NO_COLOR and under TERM=xterm.

use crate::pty;

use gridpuzzles::grid::Pos;
use pty::{ENTER, Player, temp_home};

const BIG: &str = "benches/data/tents-yangzhu/tents-50x50-1.txt";

/// The screen cell of a square, given where the view starts (first row, first column) and the
/// row ruler's width: squares sit under the frame and the column ruler (row 2), right of the
/// frame and the ruler, two columns each.
fn square_cell(pos: Pos, first: Pos, ruler: u16) -> (u16, u16) {
    (
        2 + (pos.row - first.row) as u16,
        1 + ruler + 2 * (pos.col - first.col) as u16,
    )
}

/// The view's first row and column, read off the frame's position indicator.
fn view_origin(player: &Player) -> Pos {
    let text = player.text();
    let number_after = |label: &str| -> usize {
        text.find(label)
            .map(|i| {
                text[i + label.len()..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect::<String>()
                    .parse()
                    .unwrap()
            })
            .unwrap_or(0)
    };
    Pos::new(number_after("rows "), number_after("cols "))
}

/// The course's 2020 Tents at 80x24 with `env`, its first frame drawn; the data folder lives as
/// long as the returned guard.
fn tents_default_with(env: &[(&str, &str)]) -> (tempfile::TempDir, Player) {
    let home = temp_home();
    let mut player = Player::start_with_env(&["play", "tents/default"], home.path(), 24, 80, env);
    player.wait_for_text("Tents 8x8");
    (home, player)
}

#[test]
fn a_50x50_at_80x24_walked_to_its_far_corner_takes_a_tent_there() {
    let home = temp_home();
    let mut player = Player::start_sized(&["play", BIG], home.path(), 24, 80);
    player.wait_for_text("Tents 50x50");
    assert!(!player.text().contains("enlarge"));
    let keys = player.walk_to(Pos::new(49, 49));
    player.send(&keys);
    player.wait_for_text("at (49,49)");
    player.wait_for_text("rows ");
    let origin = view_origin(&player);
    assert!(origin.row > 0 && origin.col > 0, "{}", player.text());
    player.send(ENTER);
    player.wait_for_text("tents left 485");
    let (row, col) = square_cell(Pos::new(49, 49), origin, 3);
    let cell = player.screen().cell(row, col).expect("on screen");
    assert_eq!(cell.contents(), "⛺", "{}", player.text());
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn without_colour_the_cursor_and_a_broken_count_carry_attributes() {
    let (_home, mut player) = tents_default_with(&[
        ("TERM", "xterm-256color"),
        ("NO_COLOR", "1"),
        ("COLORTERM", "truecolor"),
    ]);
    // Row 1 expects no tent: a tent at (1,1) exceeds its count, an error mark.
    let keys = player.walk_to(Pos::new(1, 1));
    player.send(&keys);
    player.send(ENTER);
    // At 80 columns the error count takes the place of the move count.
    player.wait_for_text("tents left 11");
    let screen = player.screen();
    // The cursor's square: reversed.
    let cursor = screen.cell(3, 5).expect("the cursor's square");
    assert!(
        cursor.inverse(),
        "cursor cell {cursor:?}:\n{}",
        player.text()
    );
    // Row 1's count (0, now exceeded) right of the squares: bold and underlined.
    let count = screen.cell(3, 21).expect("row 1's count");
    assert_eq!(count.contents(), "0", "{}", player.text());
    assert!(count.bold() && count.underline(), "{count:?}");
    // No colour at all reached the terminal.
    let raw = String::from_utf8_lossy(&player.raw);
    for colour in [";38;", ";48;", "[38;", "[48;", ";31m", ";41m"] {
        assert!(!raw.contains(colour), "a colour was written: {colour}");
    }
    assert!(
        !raw.contains("\x1b[;m"),
        "an empty SGR (a reset) was written"
    );
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn term_xterm_gets_no_24_bit_colour() {
    let (_home, mut player) = tents_default_with(&[("TERM", "xterm")]);
    player.send("c");
    player.send("j");
    player.wait_for_text("at (1,0)");
    let raw = String::from_utf8_lossy(&player.raw);
    assert!(raw.contains("\x1b[0"), "styles were written");
    assert!(
        !raw.contains("38;2;") && !raw.contains("48;2;"),
        "24-bit colour written"
    );
    assert!(
        !raw.contains("38;5;") && !raw.contains("48;5;"),
        "256-colour codes written"
    );
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn colorterm_truecolor_gets_24_bit_colour() {
    let (_home, mut player) = tents_default_with(&[("TERM", "xterm"), ("COLORTERM", "truecolor")]);
    let raw = String::from_utf8_lossy(&player.raw);
    assert!(raw.contains("38;2;") || raw.contains("48;2;"));
    assert_eq!(player.quit_with("q"), 0);
}
