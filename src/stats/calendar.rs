//! The player's calendar: today, and the local day of a moment, in the system's time zone.
//!
//! With [`gather`](super::gather), the only part of the statistics that reads the clock or
//! the time zone. The zone's rules (daylight saving included) apply at each moment, so a
//! solve at 00:30 in summer falls on the day the player saw.

use std::time::SystemTime;

use jiff::tz::TimeZone;

use super::days::Day;
use crate::progress::Timestamp;

/// A time zone to tell the local day of moments in.
#[derive(Clone, Debug)]
pub struct LocalCalendar {
    zone: TimeZone,
}

impl LocalCalendar {
    /// The system's time zone (`TZ`, else the system setting such as `/etc/localtime`); when
    /// it cannot be told, UTC and why.
    pub fn system() -> (LocalCalendar, Option<String>) {
        match TimeZone::try_system() {
            Ok(zone) => (LocalCalendar { zone }, None),
            Err(e) => (
                LocalCalendar::utc(),
                Some(format!("time zone unknown ({e}): days are UTC days")),
            ),
        }
    }

    /// Days as in UTC.
    pub fn utc() -> LocalCalendar {
        LocalCalendar {
            zone: TimeZone::UTC,
        }
    }

    /// The local day of moment `at` (a moment the zone cannot place is taken at UTC).
    pub fn day_of(&self, at: Timestamp) -> Day {
        let offset = i64::try_from(at.millis())
            .ok()
            .and_then(|ms| jiff::Timestamp::from_millisecond(ms).ok())
            .map_or(0, |t| self.zone.to_offset(t).seconds());
        Day::at_offset(at, offset)
    }

    /// Today, by the system clock.
    pub fn today(&self) -> Day {
        self.day_of(Timestamp::from_system_time(SystemTime::now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_follow_the_zone_s_offset_at_each_moment() {
        // 2025-01-15 23:30 UTC and 2025-07-15 22:30 UTC: midnight-thirty in Paris both times.
        let winter = Timestamp(1_736_983_800_000);
        let summer = Timestamp(1_752_618_600_000);
        let utc = LocalCalendar::utc();
        let paris = LocalCalendar {
            zone: TimeZone::posix("CET-1CEST,M3.5.0,M10.5.0/3").unwrap(),
        };
        assert_eq!(paris.day_of(winter), Day(utc.day_of(winter).0 + 1));
        assert_eq!(paris.day_of(summer), Day(utc.day_of(summer).0 + 1));
        assert_eq!(utc.day_of(winter), Day(20_103));
    }
}
