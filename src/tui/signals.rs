//! The signals that end the player — SIGTERM and SIGHUP (a closing terminal window, a logout),
//! SIGQUIT, and SIGINT (raw mode turns Ctrl-C into a key, but `kill -INT` still arrives) — are
//! caught instead of killing the process, so the loop can save progress and restore the
//! terminal before leaving with the shell's code for them (128 + the signal's number).

use std::io;

/// The exit code a shell reports for a process ended by `signal`.
pub fn exit_code(signal: i32) -> u8 {
    u8::try_from(128 + signal).unwrap_or(u8::MAX)
}

/// The ending signals, caught from [`ExitSignals::catch`] on (the process ends soon after the
/// player, so they are never handed back).
#[cfg(unix)]
pub struct ExitSignals {
    signals: signal_hook::iterator::Signals,
}

#[cfg(unix)]
impl ExitSignals {
    /// Starts catching the ending signals.
    pub fn catch() -> io::Result<ExitSignals> {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
        let signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGQUIT, SIGINT])?;
        Ok(ExitSignals { signals })
    }

    /// The first ending signal caught since the last call, without waiting.
    pub fn caught(&mut self) -> Option<i32> {
        self.signals.pending().next()
    }
}

/// Elsewhere, nothing is caught (the terminal is still restored on quit, errors and panics).
#[cfg(not(unix))]
pub struct ExitSignals;

#[cfg(not(unix))]
impl ExitSignals {
    /// Nothing to catch.
    pub fn catch() -> io::Result<ExitSignals> {
        Ok(ExitSignals)
    }

    /// Never a signal.
    pub fn caught(&mut self) -> Option<i32> {
        None
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
