//! End to end in a pseudo-terminal: while the new-puzzle form's puzzle is made, a progress bar
//! shows the phase and the seconds; Esc stops the generator: its threads end and the process
//! stops using CPU.

mod pty;

use std::time::{Duration, Instant};

use pty::{DEADLINE, DOWN, ENTER, ESC, Player, RIGHT, temp_home};

/// The player's threads, from /proc.
fn threads(player: &Player) -> usize {
    let pid = player.child.process_id().expect("the player's pid");
    std::fs::read_dir(format!("/proc/{pid}/task"))
        .expect("the player's threads")
        .count()
}

/// CPU time the player used so far (user and system), in clock ticks, from /proc.
fn cpu_ticks(player: &Player) -> u64 {
    let pid = player.child.process_id().expect("the player's pid");
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the player's stat");
    // Fields after the command name (which is in parentheses and may hold spaces).
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// Polls until `done` holds, pumping the screen; panics with `what` after the deadline.
fn wait_until(player: &mut Player, what: &str, mut done: impl FnMut(&Player) -> bool) {
    let deadline = Instant::now() + DEADLINE;
    while !done(player) {
        assert!(Instant::now() < deadline, "waited for {what}");
        std::thread::sleep(Duration::from_millis(50));
        player.pump();
    }
}

#[test]
fn esc_while_a_giant_puzzle_is_made_ends_the_generator() {
    let home = temp_home();
    let mut player = Player::start(&[], home.path());
    player.wait_for_text("tents/default-2020");
    let idle_threads = threads(&player);
    player.send("n");
    player.wait_for_text("New Tents puzzle");
    // 100x100, hard, tents may touch diagonally: a job of many seconds.
    player.send("100");
    player.send(DOWN);
    player.send("100");
    player.send(DOWN);
    player.send(RIGHT);
    player.send(RIGHT);
    player.wait_for_text("difficulty  < hard >");
    player.send(DOWN);
    player.send(DOWN);
    player.send(RIGHT);
    player.wait_for_text("diagonal    < yes >");
    player.send(ENTER);
    player.wait_for_text("Making a puzzle");
    // The bar names the phase the generator reports.
    player.wait_for_text("repairing");
    assert!(player.text().contains("Esc cancels"), "{}", player.text());
    // The generator works: the worker (and the climb's helper) run and use CPU.
    wait_until(&mut player, "the generator's threads", |p| {
        threads(p) > idle_threads
    });
    let before = cpu_ticks(&player);
    wait_until(&mut player, "the generator to use CPU", |p| {
        cpu_ticks(p) > before + 5
    });
    player.send(ESC);
    player.wait_for_text("new puzzle cancelled");
    assert!(!player.text().contains("Making a puzzle"));
    // Its threads end, and the process stops using CPU (a few ticks for drawing the clock).
    wait_until(&mut player, "the generator's threads to end", |p| {
        threads(p) <= idle_threads
    });
    let mut last = cpu_ticks(&player);
    wait_until(&mut player, "the CPU time to stop growing", |p| {
        std::thread::sleep(Duration::from_millis(500));
        let now = cpu_ticks(p);
        let quiet = now <= last + 5;
        last = now;
        quiet
    });
    assert_eq!(player.quit_with("q"), 0);
}
