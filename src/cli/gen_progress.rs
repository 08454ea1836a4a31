//! The progress bar `generate` draws on stderr while a puzzle takes long to make: only when
//! stderr is a terminal, and only after a second (most puzzles come sooner, and a bar that
//! flashes for a moment is noise). A thread reads the job's progress ([`GenCtl::progress`])
//! and draws it with `indicatif`; the generator itself never touches the terminal.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::deduce::{GenCtl, Progress};

/// A job shorter than this shows no bar.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// How often the bar reads the job's progress.
const REDRAW: Duration = Duration::from_millis(100);

/// How the bar reads: what is made, the bar, the phase, the time so far.
const TEMPLATE: &str = "gridpuzzles: {prefix} [{bar:30}] {percent:>3}% {msg} {elapsed}";

/// The thread drawing the bar of one job, and the channel that stops it.
pub struct Bar {
    stop: mpsc::Sender<()>,
    thread: JoinHandle<()>,
}

impl Bar {
    /// Starts watching `ctl`'s job; `what` names it (`puzzle 2 of 5, seed 8`). The bar appears
    /// after [`QUIET_FOR`], on stderr.
    pub fn start(ctl: &GenCtl, what: String) -> Bar {
        let (stop, stopped) = mpsc::channel();
        let ctl = ctl.clone();
        let thread = std::thread::spawn(move || {
            let mut bar: Option<ProgressBar> = None;
            let mut wait = QUIET_FOR;
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(wait) {
                wait = REDRAW;
                let shown = bar.get_or_insert_with(|| new_bar(&what));
                show(shown, ctl.progress());
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
        });
        Bar { stop, thread }
    }

    /// Stops the thread, the bar cleared.
    pub fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.thread.join();
    }
}

/// A bar of [`Progress::WHOLE`] steps on stderr, `what` before it; the time counts from when
/// the job started, a second before.
fn new_bar(what: &str) -> ProgressBar {
    let style = ProgressStyle::with_template(TEMPLATE)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    ProgressBar::with_draw_target(
        Some(u64::from(Progress::WHOLE)),
        ProgressDrawTarget::stderr(),
    )
    .with_style(style)
    .with_prefix(what.to_string())
    .with_elapsed(QUIET_FOR)
}

/// Shows `progress` on `bar`.
fn show(bar: &ProgressBar, progress: Progress) {
    bar.set_position(u64::from(progress.done));
    bar.set_message(phase_words(progress));
}

/// The phase, and the attempt when it is not the first.
pub fn phase_words(progress: Progress) -> String {
    match progress.attempt {
        0 => progress.phase.words().to_string(),
        n => format!("{} (attempt {})", progress.phase.words(), n + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduce::Phase;

    #[test]
    fn the_phase_names_a_later_attempt() {
        let first = Progress {
            phase: Phase::Removing,
            done: 10,
            attempt: 0,
        };
        assert_eq!(phase_words(first), "removing clues");
        let third = Progress {
            attempt: 2,
            ..first
        };
        assert_eq!(phase_words(third), "removing clues (attempt 3)");
    }
}
