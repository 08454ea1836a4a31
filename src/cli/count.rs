//! `count PUZZLE [OUTPUT] [--limit N]`: the number of solutions.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::args::CountArgs;
use super::interrupt::Counted;
use super::{Failure, Outcome, emit, load::load};
use crate::game::{COUNT_MEMORY_BYTES, Count, CountWatch, Game};

/// The variable that sets the memory cap of `count`, in MiB.
pub const MEMORY_ENV: &str = "GRIDPUZZLES_COUNT_MEMORY_MIB";

/// A count shorter than this shows no progress line.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// How often the progress line is drawn again.
const REDRAW: Duration = Duration::from_millis(250);

/// What clears the progress line: back to its start, then erase to the end of the line.
const CLEAR_LINE: &str = "\r\x1b[K";

/// Runs `count`. When `--limit N` stops the count, the output is still the number alone (N)
/// and stderr says the puzzle has at least that many solutions. A count that runs over a second
/// shows how far it has got on stderr when that is a terminal; SIGINT or SIGTERM ends it with
/// `at least N solutions (interrupted)` on stderr (N counted so far) and the signal's exit
/// code. The count holds at most `GRIDPUZZLES_COUNT_MEMORY_MIB` (256 MiB when unset): one
/// that would need more to go on stops with `at least N solutions (stopped at the memory cap
/// …)` on stderr, nothing on stdout, exit 1.
pub fn run(args: &CountArgs) -> Outcome {
    let target = &args.target;
    let memory_bytes = memory_cap(std::env::var_os(MEMORY_ENV).as_deref())?;
    let game = load(&target.puzzle.puzzle, &target.puzzle.options)?;
    let so_far = Arc::new(AtomicU64::new(0));
    let terminal = std::io::stderr().is_terminal();
    let counted = Counted::watch(
        Arc::clone(&so_far),
        move || if terminal { CLEAR_LINE } else { "" },
        |n| format!("at least {n} {} (interrupted)", solutions(n)),
    );
    let progress = terminal.then(|| Progress::start(Arc::clone(&counted.so_far)));
    let watch = CountWatch {
        counted: Arc::clone(&so_far),
        memory_bytes,
    };
    let count = crate::with_game!(&game, g => g.count_telling(args.limit, &watch));
    if let Some(progress) = progress {
        progress.stop();
    }
    let count = count.map_err(|over| {
        let n = &over.at_least;
        let mib = memory_bytes >> 20;
        Failure::negative(format!(
            "at least {n} {} (stopped at the memory cap of {mib} MiB; {MEMORY_ENV} sets it)",
            if *n == Count::from(1u32) {
                "solution"
            } else {
                "solutions"
            }
        ))
    })?;
    if let Some(limit) = args.limit.filter(|&limit| count >= Count::from(limit)) {
        let solutions = solutions(limit);
        eprintln!("gridpuzzles: at least {limit} {solutions} (stopped at --limit {limit})");
    }
    emit(target.output.as_deref(), &format!("{count}\n"))
}

/// The memory cap in bytes from the value of `GRIDPUZZLES_COUNT_MEMORY_MIB`, if set: a whole
/// number of MiB, at least 1; unset, `COUNT_MEMORY_BYTES`.
fn memory_cap(value: Option<&std::ffi::OsStr>) -> Result<usize, Failure> {
    let Some(value) = value else {
        return Ok(COUNT_MEMORY_BYTES);
    };
    value
        .to_str()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&mib| mib >= 1)
        .and_then(|mib| mib.checked_mul(1 << 20))
        .ok_or_else(|| {
            Failure::input(format!(
                "{MEMORY_ENV}={}: expected a whole number of MiB, 1 or more",
                value.to_string_lossy()
            ))
        })
}

fn solutions(n: u64) -> &'static str {
    if n == 1 { "solution" } else { "solutions" }
}

/// The thread that draws the progress line, and the channel that stops it.
struct Progress {
    stop: mpsc::Sender<()>,
    thread: JoinHandle<()>,
}

impl Progress {
    /// Draws `gridpuzzles: counting… N solutions so far, T s` on stderr, in place, from
    /// `QUIET_FOR` on, N read from `so_far`.
    fn start(so_far: Arc<AtomicU64>) -> Progress {
        let (stop, stopped) = mpsc::channel();
        let thread = std::thread::spawn(move || {
            let start = Instant::now();
            let mut drawn = false;
            let mut wait = QUIET_FOR;
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(wait) {
                wait = REDRAW;
                let n = so_far.load(Ordering::Relaxed);
                let secs = start.elapsed().as_secs();
                let mut err = std::io::stderr().lock();
                let _ = write!(
                    err,
                    "{CLEAR_LINE}gridpuzzles: counting… {} {} so far, {secs} s",
                    grouped(n),
                    solutions(n)
                );
                let _ = err.flush();
                drawn = true;
            }
            if drawn {
                let mut err = std::io::stderr().lock();
                let _ = write!(err, "{CLEAR_LINE}");
                let _ = err.flush();
            }
        });
        Progress { stop, thread }
    }

    /// Stops the thread, the line cleared.
    fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.thread.join();
    }
}

/// `n` with its digits in groups of three, a space between groups (`12 345`).
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{COUNT_MEMORY_BYTES, grouped, memory_cap};
    use std::ffi::OsStr;

    #[test]
    fn the_memory_cap_is_read_in_mib_and_defaults_to_256() {
        assert_eq!(memory_cap(None).unwrap(), COUNT_MEMORY_BYTES);
        assert_eq!(COUNT_MEMORY_BYTES, 256 << 20);
        assert_eq!(memory_cap(Some(OsStr::new("64"))).unwrap(), 64 << 20);
        for bad in ["0", "-1", "", "lots", "1.5", "99999999999999999999"] {
            let err = memory_cap(Some(OsStr::new(bad))).unwrap_err();
            assert_eq!(err.code, 2, "{bad}");
            assert!(
                err.message.contains("GRIDPUZZLES_COUNT_MEMORY_MIB"),
                "{bad}"
            );
        }
    }

    #[test]
    fn digits_are_grouped_by_three() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1 000");
        assert_eq!(grouped(12_345), "12 345");
        assert_eq!(grouped(1_234_567), "1 234 567");
    }
}
