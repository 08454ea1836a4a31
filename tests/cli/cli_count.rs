//! `count` through the real binary: a long count ended by a signal says how far it had got.

#[cfg(unix)]
fn interrupted_by(signal: nix::sys::signal::Signal) -> (Option<i32>, String, String) {
    // Thousands of solutions under the local rule: minutes to count.
    let puzzle = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/data/tents-yangzhu/tents-50x50-2.txt"
    );
    count_interrupted(puzzle, signal)
}

/// `count PUZZLE` ended by `signal` after two seconds: its exit code, stdout and stderr.
#[cfg(unix)]
fn count_interrupted(
    puzzle: &str,
    signal: nix::sys::signal::Signal,
) -> (Option<i32>, String, String) {
    use nix::sys::signal::kill;
    use nix::unistd::Pid;
    use std::process::{Command, Stdio};

    let child = Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
        .args(["count", puzzle])
        .env("GRIDPUZZLES_HOME", env!("CARGO_TARGET_TMPDIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run gridpuzzles");
    // Time to load the puzzle and start the count (and the thread that waits for signals).
    std::thread::sleep(std::time::Duration::from_secs(2));
    kill(Pid::from_raw(child.id() as i32), signal).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The count so far, from `gridpuzzles: at least N solutions (interrupted)`.
#[cfg(unix)]
fn at_least(stderr: &str) -> u64 {
    let n = stderr
        .strip_prefix("gridpuzzles: at least ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("{stderr:?}"));
    let n: u64 = n.parse().unwrap_or_else(|_| panic!("{stderr:?}"));
    let solutions = if n == 1 { "solution" } else { "solutions" };
    assert_eq!(
        stderr,
        format!("gridpuzzles: at least {n} {solutions} (interrupted)\n")
    );
    n
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_a_long_count_says_how_many_so_far_and_exits_130() {
    let (code, stdout, stderr) = interrupted_by(nix::sys::signal::Signal::SIGINT);
    assert_eq!(code, Some(130), "{stderr}");
    assert_eq!(stdout, "");
    // The puzzle has thousands of solutions: any count so far is below its count.
    assert!(at_least(&stderr) < 1_000_000, "{stderr}");
}

#[cfg(unix)]
#[test]
fn sigterm_during_a_long_count_exits_143() {
    let (code, stdout, stderr) = interrupted_by(nix::sys::signal::Signal::SIGTERM);
    assert_eq!(code, Some(143), "{stderr}");
    assert_eq!(stdout, "");
    at_least(&stderr);
}

/// A Light Up count once said `at least 0 solutions` however long it had run. On a 20x20
/// grid with no walls, whose solutions are found at once (`--limit 2` is instant) and counted
/// for far longer, Ctrl-C now gives the number counted so far.
#[cfg(unix)]
#[test]
fn ctrl_c_during_a_light_up_count_gives_the_solutions_counted_so_far() {
    let puzzle = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("lightup-open-20x20.txt");
    let open = format!("20 20 0\n{}", format!("{}\n", "b".repeat(20)).repeat(20));
    std::fs::write(&puzzle, open).unwrap();
    let (code, stdout, stderr) =
        count_interrupted(puzzle.to_str().unwrap(), nix::sys::signal::Signal::SIGINT);
    assert_eq!(code, Some(130), "{stderr}");
    assert_eq!(stdout, "");
    assert!(at_least(&stderr) > 0, "{stderr}");
}
