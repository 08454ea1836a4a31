//! End to end at 80x24, as a new player meets the player: Esc after a hint stays in the
//! puzzle, the error key finds an error far off screen, and after a win Enter opens the next
//! unsolved puzzle. Every wait polls the screen against a generous deadline (a failure guard,
//! not a timing check).

use crate::pty;

use gridpuzzles::game::Game;
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use pty::{CTRL_END, ENTER, ESC, Player, temp_home};

fn start(args: &[&str], home: &std::path::Path) -> Player {
    Player::start_sized(args, home, 24, 80)
}

#[test]
fn esc_after_a_hint_dismisses_it_and_a_second_esc_leaves() {
    let home = temp_home();
    let mut player = start(&["play", "tents/default"], home.path());
    player.wait_for_text("Tents 8x8");
    player.send("n");
    player.wait_for_text("again applies it");
    player.send(ESC);
    player.wait_for("the hint dismissed", |s| {
        !s.contents().contains("again applies it")
    });
    assert!(player.text().contains("Tents 8x8"), "still in the puzzle");
    assert!(player.text().contains("tents left 12"), "{}", player.text());
    player.send(ESC);
    player.wait_for("the browser", |s| {
        s.contents().contains("puzzles") && !s.contents().contains("tents left")
    });
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn the_error_key_brings_an_error_far_off_screen_into_view() {
    let home = temp_home();
    let source = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/data/tents-yangzhu/tents-100x100-1.txt"
    );
    let puzzle = Tents::parse(&std::fs::read_to_string(source).unwrap()).unwrap();
    // Two tents side by side at (0,3) and (1,3): both in error.
    let (a, b) = (Pos::new(0, 3), Pos::new(1, 3));
    assert!(puzzle.piece(a) != Square::Tree && puzzle.piece(b) != Square::Tree);
    let broken = puzzle.apply(a, Square::Tent).apply(b, Square::Tent);
    let file = home.path().join("broken.txt");
    std::fs::write(&file, broken.format()).unwrap();

    let mut player = start(&["play", file.to_str().unwrap()], home.path());
    player.wait_for_text("Tents 100x100");
    player.send(CTRL_END);
    player.wait_for_text("rows 84-99 of 100");
    let status = player
        .lines()
        .into_iter()
        .find(|l| l.contains("errors"))
        .unwrap();
    assert!(status.contains("off screen"), "{status}");
    assert!(!player.text().contains("rows 0-"), "row 0 is off screen");
    player.send("x");
    player.wait_for_text("error 1 of 2, at (0,3)");
    player.wait_for_text("rows 0-");
    let text = player.text();
    assert!(text.contains("error 1 of"), "{text}");
    assert!(!text.contains("off screen"), "{text}");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn after_a_win_enter_opens_the_next_unsolved_puzzle() {
    let home = temp_home();
    let mut player = start(&["play", "tents/default-2025"], home.path());
    player.wait_for_text("Tents 8x8");
    player.send("s");
    player.wait_for_text("Reveal");
    player.send("y");
    player.wait_for_text("Enter next puzzle");
    player.send(ENTER);
    // The pack's first Tents puzzle is unsolved: after the last, the order wraps round to it.
    player.wait_for_text("5x5-easy-01");
    assert!(player.text().contains("Tents 5x5"), "{}", player.text());
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}
