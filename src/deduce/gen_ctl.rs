//! What a caller shares with a generator at work: a cancel flag the generator checks often
//! (inner search loops included, so that a cancel is obeyed within a few milliseconds), and
//! the progress it reports (a phase and a fraction of it). Both are atomics, so the generator's
//! threads, a waiting user interface and a progress bar read and write them without locks.
//!
//! The generator stays pure: it reads no clock. It only reports how far it got and looks at the
//! flag; whoever waits turns that into a bar and seconds.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, AtomicU32, AtomicU64, Ordering};

use crate::budget::Budget;

/// Where a generator is in its work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Phase {
    /// Not started yet.
    #[default]
    Starting,
    /// Planting a random solution.
    Planting,
    /// Changing the planting until the rules solve it at the tier (Tents).
    Repairing,
    /// Removing clues while the rules still solve the puzzle (Light Up, Mosaic).
    Removing,
    /// Checking the grade and that the solution is unique.
    Checking,
}

impl Phase {
    const ALL: [Phase; 5] = [
        Phase::Starting,
        Phase::Planting,
        Phase::Repairing,
        Phase::Removing,
        Phase::Checking,
    ];

    /// The phase as a player reads it.
    pub fn words(self) -> &'static str {
        match self {
            Phase::Starting => "starting",
            Phase::Planting => "planting",
            Phase::Repairing => "repairing",
            Phase::Removing => "removing clues",
            Phase::Checking => "checking",
        }
    }
}

/// How far a generator got: its phase, and the part of the whole job done (it may go back
/// when an attempt fails and the generator starts again).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Progress {
    /// The phase.
    pub phase: Phase,
    /// Thousandths of the job done, 0 to [`Progress::WHOLE`].
    pub done: u16,
    /// The attempt under way, from 0 (a new planting after one that failed).
    pub attempt: u32,
}

impl Progress {
    /// `done` of a whole job.
    pub const WHOLE: u16 = 1000;

    /// The part of the job done, 0 to 1.
    pub fn fraction(self) -> f64 {
        f64::from(self.done.min(Self::WHOLE)) / f64::from(Self::WHOLE)
    }
}

/// The generator gave up because it was asked to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cancelled")]
pub struct Cancelled;

/// The cancel flag and the progress of one generation job, shared between the generator and
/// whoever waits for it. Clones share the same job (a generator's helper threads hold one).
#[derive(Clone, Debug, Default)]
pub struct GenCtl {
    shared: Arc<Shared>,
}

#[derive(Debug, Default)]
struct Shared {
    cancel: Arc<AtomicBool>,
    phase: AtomicU8,
    /// [`Progress::done`].
    done: AtomicU16,
    attempt: AtomicU32,
    /// How many times the generator looked at the flag (tests bound the work after a cancel
    /// by this count, never by time).
    checks: AtomicU64,
    /// The check at which the job cancels itself (0: never; see [`GenCtl::cancel_at`]).
    cancel_at: AtomicU64,
}

impl GenCtl {
    /// A job not cancelled, at its start.
    pub fn new() -> GenCtl {
        GenCtl::default()
    }

    /// Asks the generator to stop; it returns [`Cancelled`] soon after.
    pub fn cancel(&self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }

    /// A job that cancels itself at its `n`th check (from 1): how tests stop a generator at
    /// a point of its work without a clock or a second thread.
    pub fn cancel_at(n: u64) -> GenCtl {
        let ctl = GenCtl::new();
        ctl.shared.cancel_at.store(n, Ordering::Relaxed);
        ctl
    }

    /// Whether the job was cancelled. Every call counts as a check.
    pub fn cancelled(&self) -> bool {
        let s = &self.shared;
        let n = s.checks.fetch_add(1, Ordering::Relaxed) + 1;
        if n == s.cancel_at.load(Ordering::Relaxed) {
            self.cancel();
        }
        s.cancel.load(Ordering::Relaxed)
    }

    /// `Err(Cancelled)` once the job was cancelled.
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }

    /// A solver budget that ends when this job is cancelled (for the uniqueness counters).
    pub fn budget(&self) -> Budget {
        Budget::unlimited().or_until(Arc::clone(&self.shared.cancel))
    }

    /// How many times the generator checked the flag so far.
    pub fn checks(&self) -> u64 {
        self.shared.checks.load(Ordering::Relaxed)
    }

    /// Reports the phase and the fraction of the job done (clamped to 0..=1).
    pub fn report(&self, phase: Phase, fraction: f64) {
        let slot = Phase::ALL.iter().position(|&p| p == phase).unwrap_or(0);
        self.shared.phase.store(slot as u8, Ordering::Relaxed);
        let done = (fraction.clamp(0.0, 1.0) * f64::from(Progress::WHOLE)).round() as u16;
        self.shared.done.store(done, Ordering::Relaxed);
    }

    /// Reports the attempt under way (a new planting after one that failed).
    pub fn report_attempt(&self, attempt: u32) {
        self.shared.attempt.store(attempt, Ordering::Relaxed);
    }

    /// The last progress reported.
    pub fn progress(&self) -> Progress {
        let s = &self.shared;
        let slot = usize::from(s.phase.load(Ordering::Relaxed));
        Progress {
            phase: Phase::ALL.get(slot).copied().unwrap_or_default(),
            done: s.done.load(Ordering::Relaxed),
            attempt: s.attempt.load(Ordering::Relaxed),
        }
    }
}

/// Checks a generator may make after its job is cancelled before it returns (its threads
/// finishing the look they were at, and the one check on each way out).
#[cfg(test)]
pub(crate) const CHECKS_AFTER_CANCEL: u64 = 16;

/// For the generators' tests: `run` (a generation job with the given control) is cancelled at
/// checks spread over a whole job, and each time returns `Cancelled` within
/// [`CHECKS_AFTER_CANCEL`] more checks. Also checks that a whole job looks at the flag often:
/// at least `min_checks` times.
#[cfg(test)]
pub(crate) fn assert_cancels_promptly<T: std::fmt::Debug>(
    run: impl Fn(&GenCtl) -> Result<T, super::GenError>,
    min_checks: u64,
) {
    let whole = GenCtl::new();
    run(&whole).expect("the job makes its puzzle when not cancelled");
    let total = whole.checks();
    assert!(
        total >= min_checks,
        "the job looked at the flag {total} times, fewer than {min_checks}"
    );
    assert_eq!(whole.progress().phase, Phase::Checking);
    for at in [1, total / 3, total * 2 / 3, total.saturating_sub(1)] {
        let at = at.max(1);
        let ctl = GenCtl::cancel_at(at);
        assert_eq!(
            run(&ctl).unwrap_err(),
            super::GenError::Cancelled,
            "cancel at {at}"
        );
        let after = ctl.checks() - at;
        assert!(
            after <= CHECKS_AFTER_CANCEL,
            "cancelled at check {at} of {total}, it went on for {after} more"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancel_is_seen_and_every_look_counts() {
        let ctl = GenCtl::new();
        assert_eq!(ctl.check(), Ok(()));
        assert!(!ctl.budget().is_spent());
        ctl.cancel();
        assert_eq!(ctl.check(), Err(Cancelled));
        assert!(ctl.budget().is_spent());
        assert_eq!(ctl.checks(), 2);
        let clone = GenCtl::new();
        clone.clone().cancel();
        assert!(clone.cancelled());
    }

    #[test]
    fn a_job_cancels_itself_at_its_chosen_check() {
        let ctl = GenCtl::cancel_at(3);
        assert!(!ctl.cancelled() && !ctl.cancelled());
        assert!(ctl.cancelled() && ctl.cancelled());
    }

    #[test]
    fn progress_reads_back_as_reported_and_clamped() {
        let ctl = GenCtl::new();
        assert_eq!(ctl.progress(), Progress::default());
        ctl.report(Phase::Removing, 0.25);
        ctl.report_attempt(2);
        let p = ctl.progress();
        assert_eq!((p.phase, p.done, p.attempt), (Phase::Removing, 250, 2));
        assert_eq!(p.fraction(), 0.25);
        ctl.report(Phase::Checking, 7.0);
        assert_eq!(ctl.progress().fraction(), 1.0);
    }
}
