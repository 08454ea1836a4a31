//! How long a caller will wait for a solver: a deadline, a flag another thread raises to stop
//! the work, or both. Solvers that honour a budget check it between steps and give up with
//! [`OutOfTime`]; the answer is then "unknown", never a wrong one.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What a hint may spend asking the solver whether the position still extends to a solution.
pub const HINT: Duration = Duration::from_secs(2);

/// What the player's reveal may spend finding a solution.
pub const REVEAL: Duration = Duration::from_secs(10);

/// What the player's background solve of a puzzle just opened may spend: longer than a hint
/// waits, since nobody waits for it (and it stops when the puzzle is left).
pub const KEEP: Duration = Duration::from_secs(60);

/// A limit on a solver's work. The default has none.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
}

/// The budget ran out before the solver had an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the solver ran out of time")]
pub struct OutOfTime;

impl Budget {
    /// No limit: the solver runs to its answer.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// Until `time` from now.
    pub fn lasting(time: Duration) -> Budget {
        Budget {
            deadline: Instant::now().checked_add(time),
            stop: None,
        }
    }

    /// This budget, also ending once `stop` is raised (by another thread).
    pub fn or_until(self, stop: Arc<AtomicBool>) -> Budget {
        Budget {
            stop: Some(stop),
            ..self
        }
    }

    /// Whether the budget has no limit at all.
    pub fn is_unlimited(&self) -> bool {
        self.deadline.is_none() && self.stop.is_none()
    }

    /// Whether the budget has run out (the deadline passed or the stop flag raised).
    pub fn is_spent(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// `Err(OutOfTime)` once the budget has run out.
    pub fn check(&self) -> Result<(), OutOfTime> {
        if self.is_spent() {
            Err(OutOfTime)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unlimited_budget_never_runs_out() {
        assert!(Budget::unlimited().is_unlimited());
        assert_eq!(Budget::unlimited().check(), Ok(()));
    }

    #[test]
    fn a_spent_deadline_and_a_raised_flag_each_end_a_budget() {
        assert!(Budget::lasting(Duration::ZERO).is_spent());
        assert!(!Budget::lasting(Duration::from_secs(3600)).is_spent());
        let stop = Arc::new(AtomicBool::new(false));
        let budget = Budget::unlimited().or_until(Arc::clone(&stop));
        assert!(!budget.is_spent() && !budget.is_unlimited());
        stop.store(true, Ordering::Relaxed);
        assert_eq!(budget.check(), Err(OutOfTime));
    }
}
