//! End to end: the player killed by the signals a closing terminal window, a logout or `kill`
//! send. It saves its progress, hands the terminal back (main screen, no raw mode, no mouse
//! capture, cursor shown) and exits with the shell's code for the signal. Every wait polls
//! against a generous deadline (a failure guard, not a timing check).

#![cfg(unix)]

use crate::common;

use crate::pty;

use gridpuzzles::game::Game;
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::progress::{Loaded, Store};
use nix::sys::signal::Signal;
use pty::{ENTER, Player, temp_home};

/// The pack's name for `tents/default`, under which its progress is kept.
const KEY: &str = "tents/default-2020";

/// Plays three tents of the solution, sends `signal`, and checks what the player left behind.
fn killed_by(signal: Signal, code: u32) {
    let home = temp_home();
    let mut player = Player::start(&["play", "tents/default"], home.path());
    player.wait_for_text("Tents 8x8");
    assert!(player.raw_mode(), "the player did not enter raw mode");
    let tents: Vec<Pos> = common::TENTS_2020_SOLUTION[..3]
        .iter()
        .map(|&(r, c)| Pos::new(r, c))
        .collect();
    for (i, &pos) in tents.iter().enumerate() {
        player.play(pos, ENTER, i + 1);
    }
    assert!(player.screen().alternate_screen());

    player.signal(signal);
    assert_eq!(player.wait_exit(), code, "exit code after {signal}");
    player.assert_restored();
    assert!(!player.raw_mode(), "raw mode left on after {signal}");

    let store = Store::open(home.path()).unwrap();
    let Loaded::Found(saved) = store.load_puzzle::<Square>(KEY).unwrap() else {
        panic!("no progress saved for {KEY}");
    };
    assert_eq!(saved.history.done().len(), tents.len());
    let last = saved.history.done().last().unwrap();
    assert_eq!(last.changes[0].pos, tents[2]);
    assert_eq!(last.changes[0].after, Square::Tent);
    let position = Tents::parse(&saved.position).unwrap();
    for &pos in &tents {
        assert_eq!(position.piece(pos), Square::Tent, "no tent at {pos}");
    }
}

#[test]
fn sigterm_saves_restores_the_terminal_and_exits_143() {
    killed_by(Signal::SIGTERM, 143);
}

#[test]
fn sighup_saves_restores_the_terminal_and_exits_129() {
    killed_by(Signal::SIGHUP, 129);
}

#[test]
fn sigquit_saves_restores_the_terminal_and_exits_131() {
    killed_by(Signal::SIGQUIT, 131);
}

#[test]
fn sigint_from_kill_saves_restores_the_terminal_and_exits_130() {
    killed_by(Signal::SIGINT, 130);
}
