//! End to end in a pseudo-terminal: a terminal whose `TERM` says it draws no emoji (the Linux
//! console) gets ASCII squares, until the player chooses the theme's glyphs with `a`, a choice
//! that is saved. Every wait polls the screen against a generous deadline (a failure guard, not
//! a timing check).

use crate::pty;

use pty::{Player, temp_home};
use unicode_width::UnicodeWidthChar;

/// The wide characters on the screen (emoji; the frame's lines are narrow).
fn wide_chars(player: &Player) -> Vec<char> {
    player
        .text()
        .chars()
        .filter(|c| c.width() == Some(2))
        .collect()
}

fn tents_with_term(home: &std::path::Path, term: &str) -> Player {
    let mut player =
        Player::start_with_env(&["play", "tents/default"], home, 24, 80, &[("TERM", term)]);
    player.wait_for_text("Tents 8x8");
    player
}

#[test]
fn the_linux_console_gets_ascii_squares_until_the_player_chooses_otherwise() {
    let home = temp_home();
    let mut player = tents_with_term(home.path(), "linux");
    assert!(player.text().contains("^^"), "{}", player.text());
    assert_eq!(wide_chars(&player), [], "{}", player.text());
    // `a` switches to the theme's glyphs, and the choice is saved.
    player.send("a");
    player.wait_for_text("theme glyphs");
    assert!(player.text().contains('🌲'), "{}", player.text());
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();

    let mut again = tents_with_term(home.path(), "linux");
    assert!(again.text().contains('🌲'), "{}", again.text());
    // Switching back forgets the choice: the console's own ASCII again.
    again.send("a");
    again.wait_for_text("ASCII glyphs");
    assert_eq!(wide_chars(&again), [], "{}", again.text());
    assert_eq!(again.quit_with("q"), 0);

    let mut third = tents_with_term(home.path(), "linux");
    assert!(third.text().contains("^^"), "{}", third.text());
    assert_eq!(third.quit_with("q"), 0);
}

#[test]
fn ascii_asked_for_wins_and_other_terminals_keep_emoji() {
    let home = temp_home();
    let mut xterm = tents_with_term(home.path(), "xterm-256color");
    assert!(xterm.text().contains('🌲'), "{}", xterm.text());
    assert_eq!(xterm.quit_with("q"), 0);
    let mut forced = Player::start_with_env(
        &["--ascii", "play", "tents/default"],
        home.path(),
        24,
        80,
        &[("TERM", "xterm-256color")],
    );
    forced.wait_for_text("Tents 8x8");
    assert_eq!(wide_chars(&forced), [], "{}", forced.text());
    assert_eq!(forced.quit_with("q"), 0);
}
