//! End to end in a pseudo-terminal at 80x24: the help of a Tents puzzle whose tents may touch
//! diagonally opens on that puzzle's own rules, scrolls to its last key line, ignores a stray
//! key, and `?` closes it onto the board.

use crate::pty;

use pty::{PAGE_DOWN, Player, temp_home};

/// The numbers of the help's foot, "lines A-B of N".
fn shown_lines(player: &Player) -> Option<(usize, usize, usize)> {
    let text = player.text();
    let at = text.find("lines ")?;
    let numbers: Vec<usize> = text[at + 6..]
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .take(3)
        .map(|s| s.parse().unwrap())
        .collect();
    match numbers[..] {
        [first, last, total] => Some((first, last, total)),
        _ => None,
    }
}

#[test]
fn the_help_opens_on_the_puzzles_rules_scrolls_to_its_last_key_and_closes_on_the_board() {
    let home = temp_home();
    let mut player = Player::start_sized(&["play", "tents/10x10-easy-03"], home.path(), 24, 80);
    player.wait_for_text("Tents 10x10");

    player.send("?");
    // The foot is the help's last row drawn: once it is there, so is the rest.
    player.wait_for_text("Help: Tents");
    player.wait_for_text(" ↓ more ");
    let text = player.text();
    assert!(
        text.contains("Tents may touch diagonally (corner to corner), but never side by side."),
        "{text}"
    );
    assert!(!text.contains("not even diagonally"), "{text}");
    assert!(text.contains("Rule 4: local."), "{text}");
    assert!(
        !text.contains("quit (progress kept)"),
        "the keys go on below: {text}"
    );
    let (first, _, total) = shown_lines(&player).expect("the foot says what is shown");
    assert_eq!(first, 1);

    // Page by page to the end.
    for _ in 0..total {
        if player
            .text()
            .contains(&format!("-{total} of {total} ↑ more "))
        {
            break;
        }
        let before = player.text();
        player.send(PAGE_DOWN);
        player.wait_for("the next page", |s| s.contents() != before);
    }
    player.wait_for_text(&format!("-{total} of {total} ↑ more "));
    player.wait_for_text("quit (progress kept)");
    player.wait_for_text("wheel");
    let text = player.text();
    assert!(
        text.contains("q Ctrl-C            quit (progress kept)"),
        "{text}"
    );
    assert!(text.contains("↑ more"), "{text}");

    // A stray key keeps the help where it was; `k` then scrolls up one line.
    let (end_first, _, _) = shown_lines(&player).unwrap();
    player.send("xk");
    player.wait_for("the help one line up", |s| {
        s.contents().contains(&format!("lines {}-", end_first - 1))
    });

    player.send("?");
    player.wait_for("the board back", |s| {
        let text = s.contents();
        !text.contains("Help: Tents") && text.contains("Tents 10x10")
    });
    // The board's frame and the rulers are drawn again.
    let text = player.text();
    assert!(text.contains("┌ Tents"), "{text}");
    assert!(text.contains("0 1 2 3"), "{text}");
    assert_eq!(player.quit_with("q"), 0);
}
