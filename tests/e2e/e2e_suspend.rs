//! End to end: Ctrl-Z and `kill -TSTP` suspend the player like any full-screen program. It
//! hands the terminal back (main screen, cooked mode) and stops; continued, it takes the
//! terminal again, redraws, and plays on, its puzzle paused meanwhile. Every wait polls against
//! a generous deadline (a failure guard, not a timing check). Also: a save that fails stays on
//! screen whatever comes after, and quitting then asks.

#![cfg(target_os = "linux")]

use crate::pty;

use std::time::{Duration, Instant};

use gridpuzzles::grid::Pos;
use nix::sys::signal::Signal;
use pty::{DEADLINE, ENTER, Player, temp_home};

/// The process state letter in `/proc/<pid>/stat` (`T`: stopped).
fn state(player: &Player) -> char {
    let pid = player.child.process_id().unwrap();
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The state follows the command name in brackets.
    let after = &stat[stat.rfind(')').unwrap() + 2..];
    after.chars().next().unwrap()
}

fn wait_until(what: &str, ready: impl Fn() -> bool) {
    let deadline = Instant::now() + DEADLINE;
    while !ready() {
        assert!(Instant::now() < deadline, "waited for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn suspend_and_continue(stop: impl Fn(&mut Player)) {
    let home = temp_home();
    let mut player = Player::start(&["play", "tents/default"], home.path());
    player.wait_for_text("Tents 8x8");
    player.play(Pos::new(0, 0), ENTER, 1);
    stop(&mut player);
    wait_until("the player to stop", || state(&player) == 'T');
    // What it wrote before stopping may still be on its way through the pseudo-terminal.
    player.wait_for("the shell's screen back", |s| !s.alternate_screen());
    assert!(!player.raw_mode(), "the terminal is handed back cooked");

    player.signal(Signal::SIGCONT);
    wait_until("the player to run again", || state(&player) != 'T');
    player.wait_for("the board drawn again", |s| s.alternate_screen());
    // Its puzzle was paused meanwhile: `P` resumes it, and keys play on.
    player.wait_for_text("paused");
    player.send("P");
    player.play(Pos::new(0, 3), ENTER, 2);
    assert!(player.raw_mode());
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn ctrl_z_suspends_and_continuing_redraws_and_takes_keys() {
    suspend_and_continue(|player| player.send("\x1a"));
}

#[test]
fn sigtstp_from_outside_suspends_the_same_way() {
    suspend_and_continue(|player| player.signal(Signal::SIGTSTP));
}

#[test]
fn a_failing_save_stays_on_screen_and_quitting_asks() {
    let home = temp_home();
    let mut player = Player::start(&["play", "tents/default"], home.path());
    player.wait_for_text("Tents 8x8");
    player.play(Pos::new(0, 0), ENTER, 1);
    // Every later save fails: the progress folder becomes a file (a full disk, for root too).
    let progress = home.path().join("progress");
    std::fs::remove_dir_all(&progress).unwrap();
    std::fs::write(&progress, "not a folder").unwrap();
    player.play(Pos::new(0, 3), ENTER, 2);
    player.wait_for_text("progress not saved");
    // Other messages come and go; the warning stays.
    player.send("c");
    player.wait_for_text("theme");
    player.play(Pos::new(2, 0), ENTER, 3);
    assert!(
        player.text().contains("progress not saved"),
        "{}",
        player.text()
    );
    player.send("q");
    player.wait_for_text("Quit?");
    assert_eq!(player.quit_with("y"), 0);
}
