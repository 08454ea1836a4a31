//! Calendar days in the player's time zone, and daily streaks.

use std::collections::BTreeSet;

use crate::progress::Timestamp;

/// Seconds in a calendar day (leap seconds do not exist for Unix time).
const SECONDS_PER_DAY: i64 = 86_400;

/// A calendar day in the player's time zone, as days since 1970-01-01.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub i64);

impl Day {
    /// The local day of moment `at` where local time is `offset_seconds` ahead of UTC
    /// (behind when negative): at offset +3600, 23:30 UTC is already the next day.
    pub fn at_offset(at: Timestamp, offset_seconds: i32) -> Day {
        // Milliseconds over 1000 always fit an i64.
        let seconds = i64::try_from(at.millis() / 1000).unwrap_or(i64::MAX);
        Day(seconds
            .saturating_add(i64::from(offset_seconds))
            .div_euclid(SECONDS_PER_DAY))
    }

    /// The day before.
    pub fn previous(self) -> Day {
        Day(self.0 - 1)
    }
}

/// How many days in a row the player solved at least one puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Streak {
    /// Days in a row up to today, or up to yesterday while today has no solve yet (a streak
    /// is not broken before today ends); 0 when neither day has one.
    pub current: u32,
    /// The most days in a row ever.
    pub longest: u32,
}

/// The streak of the days with a solve (any order, a day given twice counts once), as seen
/// on `today`. Days after `today` (a clock set back) count for the longest streak only.
pub fn streak(days: impl IntoIterator<Item = Day>, today: Day) -> Streak {
    let days: BTreeSet<Day> = days.into_iter().collect();
    let mut longest = 0;
    let mut run = 0;
    let mut last: Option<Day> = None;
    for &day in &days {
        run = if last == Some(day.previous()) {
            run + 1
        } else {
            1
        };
        longest = longest.max(run);
        last = Some(day);
    }
    let end = if days.contains(&today) {
        today
    } else {
        today.previous()
    };
    let mut current = 0;
    let mut day = end;
    while days.contains(&day) {
        current += 1;
        day = day.previous();
    }
    Streak { current, longest }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR_MS: u64 = 3_600_000;
    const DAY_MS: u64 = 24 * HOUR_MS;

    fn days(list: &[i64]) -> Vec<Day> {
        list.iter().map(|&d| Day(d)).collect()
    }

    #[test]
    fn days_start_at_local_midnight() {
        let late = Timestamp(10 * DAY_MS + 23 * HOUR_MS + HOUR_MS / 2); // day 10, 23:30 UTC
        assert_eq!(Day::at_offset(late, 0), Day(10));
        assert_eq!(Day::at_offset(late, 3600), Day(11));
        assert_eq!(Day::at_offset(late, -3600), Day(10));
        let early = Timestamp(11 * DAY_MS + HOUR_MS / 2); // day 11, 00:30 UTC
        assert_eq!(Day::at_offset(early, 0), Day(11));
        assert_eq!(Day::at_offset(early, -3600), Day(10));
        assert_eq!(Day::at_offset(Timestamp(0), -1), Day(-1));
        assert!(Day::at_offset(Timestamp(u64::MAX), i32::MAX).0 > 0);
    }

    #[test]
    fn consecutive_days_make_a_streak_and_a_gap_ends_it() {
        let s = streak(days(&[1, 2, 3, 5, 6]), Day(6));
        assert_eq!(
            s,
            Streak {
                current: 2,
                longest: 3
            }
        );
    }

    #[test]
    fn a_streak_ending_yesterday_is_still_current() {
        assert_eq!(streak(days(&[4, 5, 6]), Day(7)).current, 3);
    }

    #[test]
    fn a_streak_ending_two_days_ago_is_not_current() {
        let s = streak(days(&[4, 5, 6]), Day(8));
        assert_eq!((s.current, s.longest), (0, 3));
    }

    #[test]
    fn a_day_counts_once_however_many_solves() {
        let s = streak(days(&[3, 2, 3, 3, 2]), Day(3));
        assert_eq!((s.current, s.longest), (2, 2));
    }

    #[test]
    fn no_days_no_streak_and_future_days_are_not_current() {
        assert_eq!(streak([], Day(5)), Streak::default());
        let s = streak(days(&[9, 10]), Day(5));
        assert_eq!((s.current, s.longest), (0, 2));
    }
}
