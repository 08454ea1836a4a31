//! `stats`: per game, puzzles solved with and without hints, best and median times by size
//! and tier, and the daily streak, from the saved progress.

use super::{Outcome, emit};
use crate::progress::Store;
use crate::stats::{Day, compute, gather, report_text};

/// Runs `stats`: the report on stdout; what could not be read on stderr, never fatal.
pub fn run() -> Outcome {
    let gathered = Store::open_default().and_then(|store| gather(&store));
    let stats = match gathered {
        Ok(gathered) => {
            for problem in &gathered.problems {
                eprintln!("gridpuzzles: {problem}");
            }
            gathered.stats
        }
        Err(e) => {
            eprintln!("gridpuzzles: no saved progress read: {e}");
            // Nothing saved to count: every game says so, whatever the day.
            compute(&[], Day(0), |_| Day(0))
        }
    };
    emit(None, &report_text(&stats))
}
