//! How a duration reads to a player: one format for the browser, the status line, the won
//! banner and `list`.

use std::time::Duration;

/// A duration as `m:ss`, or `h:mm:ss` from an hour up.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_minutes_and_hours() {
        assert_eq!(clock(Duration::from_secs(0)), "0:00");
        assert_eq!(clock(Duration::from_millis(83_900)), "1:23");
        assert_eq!(clock(Duration::from_secs(3600 + 62)), "1:01:02");
    }
}
