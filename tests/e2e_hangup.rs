//! End to end: the player's terminal goes away under it (its window closed). The kernel hangs
//! the player up, every read and write on the terminal fails from then on, and the moves made
//! before are kept. One test in its own binary: it counts this process's terminal handles.
//! Every wait polls against a generous deadline (a failure guard, not a timing check).

#![cfg(target_os = "linux")]

mod common;

mod pty;

use std::time::{Duration, Instant};

use gridpuzzles::games::tents::Square;
use gridpuzzles::grid::Pos;
use gridpuzzles::progress::{Loaded, Store};
use pty::{DEADLINE, ENTER, Player, RIGHT, temp_home};

const KEY: &str = "tents/default-2020";

/// This process's open handles on pseudo-terminal masters.
fn master_handles() -> usize {
    std::fs::read_dir("/proc/self/fd")
        .unwrap()
        .filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
        .filter(|target| target.to_string_lossy().contains("ptmx"))
        .count()
}

#[test]
fn closing_the_terminal_keeps_the_moves_and_ends_the_player() {
    let home = temp_home();
    let mut player = Player::start(&["play", "tents/default"], home.path());
    player.wait_for_text("Tents 8x8");
    let tents: Vec<Pos> = common::TENTS_2020_SOLUTION[..2]
        .iter()
        .map(|&(r, c)| Pos::new(r, c))
        .collect();
    for (i, &pos) in tents.iter().enumerate() {
        player.play(pos, ENTER, i + 1);
    }
    let Player {
        mut child,
        master,
        mut input,
        output,
        ..
    } = player;

    // The output reader holds a handle of its own: it lets go at its next read once nobody
    // listens. Keep the player drawing until it has.
    let before = master_handles();
    drop(output);
    let deadline = Instant::now() + DEADLINE;
    while master_handles() == before {
        assert!(
            Instant::now() < deadline,
            "the output reader kept its handle"
        );
        let _ = std::io::Write::write_all(&mut input, RIGHT.as_bytes());
        let _ = std::io::Write::flush(&mut input);
        std::thread::sleep(Duration::from_millis(20));
    }
    // The last handles go: the terminal is gone.
    drop(input);
    drop(master);
    assert_eq!(master_handles(), 0);
    let hung_up = Instant::now();

    let deadline = Instant::now() + DEADLINE;
    let status = loop {
        if let Some(status) = child.try_wait().expect("the player's status") {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "the player outlived its terminal"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.exit_code(), 129, "ended as hung up: {status:?}");
    // The bound the player promises (half a second), with room for a loaded machine.
    let lingered = hung_up.elapsed();
    assert!(lingered < Duration::from_secs(1), "lingered {lingered:?}");

    let store = Store::open(home.path()).unwrap();
    let Loaded::Found(saved) = store.load_puzzle::<Square>(KEY).unwrap() else {
        panic!("no progress saved for {KEY}");
    };
    assert_eq!(saved.history.done().len(), tents.len());
}
