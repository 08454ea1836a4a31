//! Statistics from saved progress: per game, puzzles solved with and without hints, best and
//! median times by size and tier, and daily streaks.
//!
//! Nothing is recorded for them: they are worked out from the progress files the player
//! already writes ([`SolveRecord`]). The steps are pure — [`PuzzleFacts::from_record`] says
//! what a saved puzzle is, [`compute`] counts, [`report_lines`] words the result — and only
//! [`gather`] and [`LocalCalendar`] read the data folder, the clock and the time zone.

pub mod calendar;
pub mod compute;
pub mod days;
pub mod gather;
pub mod puzzle;
pub mod report;

pub use calendar::LocalCalendar;
pub use compute::{GameStats, Stats, TimeGroup, compute, median};
pub use days::{Day, Streak, streak};
pub use gather::{Gathered, gather, stats_of_records};
pub use puzzle::{PuzzleFacts, Size};
pub use report::{report_lines, report_text};

#[cfg(doc)]
use crate::progress::SolveRecord;
