//! The signals that end the player — SIGTERM and SIGHUP (a closing terminal window, a logout),
//! SIGQUIT, and SIGINT (raw mode turns Ctrl-C into a key, but `kill -INT` still arrives) — are
//! caught instead of killing the process, so the loop can save progress and restore the
//! terminal before leaving with the shell's code for them (128 + the signal's number).
//!
//! A thread waits for them and raises a flag the loop checks after every wait for input. The
//! loop may never get back to the flag: when the terminal itself is gone, crossterm's input
//! reader spins on the dead terminal without returning. So if the process is still there
//! [`GRACE`] after the signal, or at a second signal, the thread ends it itself through the
//! given emergency exit (every batch of moves is saved when it is handled, so only the clock
//! since the last move is lost).

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::Duration;

/// How long the loop has to notice a signal before the process is ended without it: the
/// longest wait for input (a quarter second) plus time to save and restore. A hung-up player
/// is gone within half a second either way.
pub const GRACE: Duration = Duration::from_millis(450);

/// The exit code a shell reports for a process ended by `signal`.
pub fn exit_code(signal: i32) -> u8 {
    u8::try_from(128 + signal).unwrap_or(u8::MAX)
}

/// The ending signals, caught from [`ExitSignals::catch`] on (the process ends soon after the
/// player, so they are never handed back).
pub struct ExitSignals {
    /// The first signal caught, 0 before any.
    caught: Arc<AtomicI32>,
}

impl ExitSignals {
    /// Starts catching the ending signals; `emergency` ends the process when the loop does not
    /// within [`GRACE`] of a signal, or at a second one.
    #[cfg(unix)]
    pub fn catch(emergency: fn(i32) -> !) -> io::Result<ExitSignals> {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
        let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGQUIT, SIGINT])?;
        let caught = Arc::new(AtomicI32::new(0));
        let flag = Arc::clone(&caught);
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                let Some(signal) = signals.forever().next() else {
                    return;
                };
                flag.store(signal, Ordering::SeqCst);
                let at = std::time::Instant::now();
                // A second signal, or the loop not ending the process in time.
                loop {
                    if signals.pending().next().is_some() || at.elapsed() >= GRACE {
                        emergency(signal);
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
            })?;
        Ok(ExitSignals { caught })
    }

    /// Elsewhere nothing is caught (the terminal is still restored on quit, errors, panics).
    #[cfg(not(unix))]
    pub fn catch(_emergency: fn(i32) -> !) -> io::Result<ExitSignals> {
        Ok(ExitSignals {
            caught: Arc::new(AtomicI32::new(0)),
        })
    }

    /// The ending signal caught, if one was.
    pub fn caught(&self) -> Option<i32> {
        match self.caught.load(Ordering::SeqCst) {
            0 => None,
            signal => Some(signal),
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};

    #[test]
    fn exit_codes_are_the_shells() {
        assert_eq!(exit_code(SIGHUP), 129);
        assert_eq!(exit_code(SIGINT), 130);
        assert_eq!(exit_code(SIGQUIT), 131);
        assert_eq!(exit_code(SIGTERM), 143);
    }
}

/// SIGTSTP (`kill -TSTP`, or a job-control stop from the shell), caught so that the player can
/// hand the terminal back before it stops, and take it again when it is continued.
pub struct SuspendSignal {
    asked: Arc<std::sync::atomic::AtomicBool>,
}

impl SuspendSignal {
    /// Starts catching SIGTSTP.
    #[cfg(unix)]
    pub fn catch() -> io::Result<SuspendSignal> {
        let asked = Arc::new(std::sync::atomic::AtomicBool::new(false));
        signal_hook::flag::register(signal_hook::consts::SIGTSTP, Arc::clone(&asked))?;
        Ok(SuspendSignal { asked })
    }

    /// Elsewhere there is no job control to catch.
    #[cfg(not(unix))]
    pub fn catch() -> io::Result<SuspendSignal> {
        Ok(SuspendSignal {
            asked: Arc::new(std::sync::atomic::AtomicBool::new(false)),
        })
    }

    /// Whether a stop was asked for since the last call.
    pub fn take(&self) -> bool {
        self.asked.swap(false, Ordering::SeqCst)
    }
}

/// Stops the process as SIGTSTP's default action would (the terminal must have been handed
/// back first); returns once it is continued. Nothing happens where there is no job control.
pub fn stop_until_continued() {
    #[cfg(unix)]
    {
        let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP);
    }
}
