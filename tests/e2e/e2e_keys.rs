//! End to end, keys.toml in the config folder (`GRIDPUZZLES_HOME`): the real binary in a
//! pseudo-terminal shows the rebound keys in its key bar and help and obeys them, and reports a
//! bad file with its line and column. Every wait polls the screen against a generous deadline
//! (a failure guard, not a timing check).

use crate::common;
use crate::pty;

use gridpuzzles::grid::Pos;
use pty::{END, ENTER, Player, temp_home};

/// F1 as xterm sends it.
const F1: &str = "\x1bOP";

/// The key bar: the screen's last line.
fn key_bar(player: &Player) -> String {
    player.lines().last().cloned().unwrap_or_default()
}

#[test]
fn rebound_keys_show_in_the_bar_and_the_help_and_work() {
    let home = temp_home();
    std::fs::write(
        home.path().join("keys.toml"),
        "[play]\nundo = \"U\"\nhelp = \"f1\"\nhint = \"?\"\n",
    )
    .unwrap();
    let mut player = Player::start(&["play", "tents/default"], home.path());
    player.wait_for_text("Tents 8x8");
    let bar = key_bar(&player);
    assert!(bar.contains("U undo"), "{bar}");
    assert!(bar.contains("F1 help") && bar.contains("? hint"), "{bar}");
    assert!(!bar.contains("z undo"), "{bar}");

    for (i, &(r, c)) in common::TENTS_2020_SOLUTION[..2].iter().enumerate() {
        player.play(Pos::new(r, c), ENTER, i + 1);
    }
    // The old undo key does nothing: by the time F1 has opened the help, `z` was handled.
    player.send("z");
    player.send(F1);
    player.wait_for_text("show a hint; ? again applies it");
    player.wait_for_text("U  y Ctrl-R");
    // The help's own key is on its last lines, below the first page: End scrolls there.
    player.send(END);
    player.wait_for("the help naming F1", |s| {
        s.contents()
            .lines()
            .any(|l| l.contains("│ F1 ") && l.contains("this help"))
    });
    // The help's own key, as bound, closes it.
    player.send(F1);
    // Both moves still stand (the status line was under the help: wait for it whole).
    player.wait_for("the help closed on two moves", |s| {
        !s.contents().contains("Help: Tents") && s.contents().contains("moves 2 ")
    });
    player.send("U");
    player.wait_for_text("moves 1 ");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn a_bad_keys_file_is_reported_with_its_line_and_column_and_the_defaults_hold() {
    let home = temp_home();
    let file = home.path().join("keys.toml");
    std::fs::write(&file, "[play]\nundo = \"U\"\nredo = \"ctrl-shift-r\"\n").unwrap();
    let mut player = Player::start(&["play", "tents/default"], home.path());
    player.wait_for_text("keys error:");
    let text = player.text().replace('\n', "");
    let expected = format!("{}:3:8: unknown key `ctrl-shift-r`", file.display());
    assert!(text.contains(&expected), "no {expected} on:\n{text}");
    assert!(text.contains("using the default keys"), "{text}");
    let bar = key_bar(&player);
    assert!(bar.contains("z undo"), "{bar}");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}
