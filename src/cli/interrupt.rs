//! Ctrl-C (SIGINT) or SIGTERM during a command that writes its results one at a time
//! (`generate --count K`): every result already written stays whole, stderr says how many there
//! are, and the process ends with the shell's code for the signal (130 for SIGINT). During a
//! command that counts (`count`), stderr says how far the count had got ([`Counted`]).
//!
//! A thread waits for the signal. Each result is written while the count of results is locked,
//! so the thread, which takes that lock before reporting, never ends the process in the middle
//! of a result. A second signal ends it without waiting (a write may be stuck on a reader that
//! does not read).

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The results written so far, shared with the thread that reports them on a signal.
pub struct Written {
    count: Arc<Mutex<u64>>,
}

impl Written {
    /// Starts counting results; on SIGINT or SIGTERM, `report(n)` (n the results written) goes
    /// to stderr after `gridpuzzles: ` and the process ends. Elsewhere than on Unix the
    /// signals keep their usual effect.
    pub fn watch(report: impl Fn(u64) -> String + Send + 'static) -> Written {
        let count = Arc::new(Mutex::new(0u64));
        let held = Arc::clone(&count);
        watch_signals(move |code| {
            use std::sync::TryLockError;
            // The lock is kept until the process ends, so no other result starts.
            match held.try_lock() {
                Ok(n) => report_and_exit(&report, *n, code),
                Err(TryLockError::Poisoned(p)) => report_and_exit(&report, *p.into_inner(), code),
                Err(TryLockError::WouldBlock) => {}
            }
        });
        Written { count }
    }

    /// Runs `write`, which writes one result, with the report held off until it returns; the
    /// result is counted when `write` answers `Ok(true)` (written, and a reader is still there).
    pub fn one<E>(&self, write: impl FnOnce() -> Result<bool, E>) -> Result<bool, E> {
        let mut count = self.count.lock().unwrap_or_else(PoisonError::into_inner);
        let written = write()?;
        if written {
            *count += 1;
        }
        Ok(written)
    }
}

/// How far a count has got, shared with the thread that reports it on a signal.
pub struct Counted {
    /// The solutions counted so far (a lower bound of the count).
    pub so_far: Arc<AtomicU64>,
}

impl Counted {
    /// Watches a count that raises `so_far`; on SIGINT or SIGTERM, stderr gets `clear` (to
    /// wipe a progress line), then `gridpuzzles: ` and `report(n)`, n read from `so_far`, and
    /// the process ends with the signal's code.
    pub fn watch(
        so_far: Arc<AtomicU64>,
        clear: impl Fn() -> &'static str + Send + 'static,
        report: impl Fn(u64) -> String + Send + 'static,
    ) -> Counted {
        let read = Arc::clone(&so_far);
        watch_signals(move |code| {
            // stderr stays locked to the end: no progress line comes after the report.
            let mut err = std::io::stderr().lock();
            let n = read.load(Ordering::Relaxed);
            let _ = writeln!(err, "{}gridpuzzles: {}", clear(), report(n));
            let _ = err.flush();
            std::process::exit(code)
        });
        Counted { so_far }
    }
}

/// How long the signal thread waits before asking again to end the process (a result being
/// written holds it off).
#[cfg(unix)]
const RETRY: std::time::Duration = std::time::Duration::from_millis(20);

/// Spawns the thread that waits for the ending signals (see the module's documentation); on
/// one, it calls `end(code)` (code: the shell's for the signal) every `RETRY` until that ends the
/// process. It catches them itself, so when it cannot start or cannot catch them they keep their
/// usual effect of ending the process.
#[cfg(unix)]
fn watch_signals(end: impl Fn(i32) + Send + 'static) {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let _ = std::thread::Builder::new()
        .name("interrupt".into())
        .spawn(move || {
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
                return;
            };
            let Some(signal) = signals.forever().next() else {
                return;
            };
            let code = i32::from(crate::tui::signals::exit_code(signal));
            loop {
                end(code);
                if signals.pending().next().is_some() {
                    std::process::exit(code);
                }
                std::thread::sleep(RETRY);
            }
        });
}

#[cfg(not(unix))]
fn watch_signals(_end: impl Fn(i32) + Send + 'static) {}

/// Writes `report(written)` to stderr and ends the process with `code`. On a terminal the
/// line is cleared first: a progress bar may be drawn there.
fn report_and_exit(report: &impl Fn(u64) -> String, written: u64, code: i32) -> ! {
    use std::io::IsTerminal;
    let clear = if std::io::stderr().is_terminal() {
        "\r\x1b[K"
    } else {
        ""
    };
    eprintln!("{clear}gridpuzzles: {}", report(written));
    std::process::exit(code)
}
