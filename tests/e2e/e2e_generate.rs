//! End to end in a pseudo-terminal: while the new-puzzle form's puzzle is made, a progress bar
//! shows the phase and the seconds; Esc stops the generator: its threads end and the process
//! stops using CPU. `generate` on a terminal draws a progress bar on stderr for a long job, and
//! none when stderr is not a terminal.

use std::time::{Duration, Instant};

use crate::pty::{DEADLINE, DOWN, ENTER, ESC, Player, RIGHT, temp_home};

/// A job of many seconds (in a debug build too), whose bar shows.
const LONG_JOB: &[&str] = &[
    "generate",
    "tents",
    "--size",
    "100x100",
    "--difficulty",
    "hard",
    "--diagadj",
    "--seed",
    "1",
];

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

#[test]
fn generate_on_a_terminal_draws_a_bar_for_a_long_job_and_an_interrupt_clears_it() {
    let home = temp_home();
    let mut player = Player::start(LONG_JOB, home.path());
    // After a second: what is made, the bar, the part done and the phase.
    player.wait_for("the progress bar", |s| {
        let text = s.contents();
        text.contains("gridpuzzles: seed 1 [") && text.contains("% repairing")
    });
    player.signal(nix::sys::signal::Signal::SIGINT);
    assert_eq!(player.wait_exit(), 130);
    player.pump();
    let text = player.text();
    assert!(text.contains("interrupted: 0 of 1 puzzle made"), "{text}");
    assert!(!text.contains("% repairing"), "{text}");
}

#[test]
fn generate_with_stderr_piped_draws_no_bar() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
        .args(LONG_JOB)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Well past the second after which a terminal gets its bar.
    std::thread::sleep(Duration::from_millis(2500));
    child.kill().unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
