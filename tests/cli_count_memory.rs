//! `count` through the real binary within its memory cap: the 100x100 Tents puzzle
//! with one tree per 25 squares, whose count once grew past 6 GB, counted under a cap set small
//! by `GRIDPUZZLES_COUNT_MEMORY_MIB`, ended by Ctrl-C: its peak stays within the cap (and what
//! the program itself takes), and it says how far it had got. A file of its own: the peak read
//! (`RUSAGE_CHILDREN`) is the largest of every child the test process has waited for.

/// The cap the test sets, in MiB: small next to what the count would hold unbounded.
#[cfg(target_os = "linux")]
const CAP_MIB: i64 = 32;

/// What the process may take besides the count's data: the program (a debug build with its
/// libraries takes about 19 MiB counting a 10x10 puzzle) and the allocator's slack.
#[cfg(target_os = "linux")]
const SLACK_MIB: i64 = 16;

#[cfg(target_os = "linux")]
#[test]
fn a_count_under_a_small_memory_cap_stays_within_it_and_says_how_far_it_got() {
    use nix::sys::resource::{UsageWho, getrusage};
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;
    use std::process::{Command, Stdio};

    let puzzle = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tents-100x100-400trees.txt"
    );
    let child = Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
        .args(["count", puzzle, "--rule4", "local"])
        .env("GRIDPUZZLES_HOME", env!("CARGO_TARGET_TMPDIR"))
        .env("GRIDPUZZLES_COUNT_MEMORY_MIB", CAP_MIB.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run gridpuzzles");
    // Time to list the clusters (unbounded, that alone went past the cap) and count on; the
    // count itself would take far longer. Not a timing: only the memory and the message are
    // checked.
    std::thread::sleep(std::time::Duration::from_secs(10));
    // The count may have ended by itself (it should not): its output then says how.
    let _ = kill(Pid::from_raw(child.id() as i32), Signal::SIGINT);
    let out = child.wait_with_output().expect("wait for gridpuzzles");
    let peak_kib = getrusage(UsageWho::RUSAGE_CHILDREN)
        .expect("getrusage")
        .max_rss();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "");
    assert!(
        peak_kib < (CAP_MIB + SLACK_MIB) << 10,
        "peak {} MiB under a cap of {CAP_MIB} MiB",
        peak_kib >> 10
    );
    let n: u64 = stderr
        .strip_prefix("gridpuzzles: at least ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{stderr:?}"));
    let solutions = if n == 1 { "solution" } else { "solutions" };
    assert_eq!(
        stderr,
        format!("gridpuzzles: at least {n} {solutions} (interrupted)\n")
    );
}
