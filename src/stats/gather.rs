//! The statistics of a data folder as of now: the part that reads the folder and the clock.

use super::calendar::LocalCalendar;
use super::compute::{Stats, compute};
use super::days::Day;
use super::puzzle::PuzzleFacts;
use crate::pack;
use crate::progress::{SolveRecord, Store, StoreError, Timestamp};

/// Statistics, with what could not be counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gathered {
    /// The statistics.
    pub stats: Stats,
    /// One line each (no `gridpuzzles:` prefix): files that could not be read, puzzles that
    /// could not be counted, a time zone that could not be told.
    pub problems: Vec<String>,
}

/// The statistics of `store`'s saved progress today, in the system's time zone. Read-only:
/// unreadable files are listed in [`Gathered::problems`], never moved; `Err` only when the
/// progress folder cannot be listed.
pub fn gather(store: &Store) -> Result<Gathered, StoreError> {
    let listing = store.solve_records()?;
    let (calendar, zone_problem) = LocalCalendar::system();
    let (stats, not_counted) =
        stats_of_records(&listing.records, &pack::entries(), calendar.today(), |at| {
            calendar.day_of(at)
        });
    let problems = listing
        .problems
        .iter()
        .map(|(path, why)| format!("{}: {why}", path.display()))
        .chain(not_counted)
        .chain(zone_problem)
        .collect();
    Ok(Gathered { stats, problems })
}

/// The statistics of saved `records` on `today` (pack puzzles' tiers from `pack`, `day_of`
/// giving a moment's local day), and a line for each record that could not be counted.
pub fn stats_of_records(
    records: &[SolveRecord],
    pack: &[pack::Entry],
    today: Day,
    day_of: impl Fn(Timestamp) -> Day,
) -> (Stats, Vec<String>) {
    let (mut puzzles, mut problems) = (Vec::new(), Vec::new());
    for record in records {
        match PuzzleFacts::from_record(record, pack) {
            Ok(facts) => puzzles.push(facts),
            Err(why) => problems.push(why),
        }
    }
    (compute(&puzzles, today, day_of), problems)
}
