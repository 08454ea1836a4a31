//! The one key table of each screen: which keys send which message, and how the help overlay
//! and the key bar list them. The [keymap](super::keymap), the help overlay and the key bar are
//! all read from here, so a key is bound and described in one place.

/// A `'static` list of keys and the messages they send, for a table row. A list written inline
/// in a row would be a temporary that a constant cannot drop; this makes it a constant of its own.
macro_rules! key_list {
    ($($pair:expr),* $(,)?) => {{
        const KEYS: &[($crate::tui::keys::Key, $crate::tui::msg::Msg)] = &[$($pair),*];
        KEYS
    }};
}

pub mod browser;
pub mod key;
pub mod listing;
pub mod play;
pub mod row;
pub mod shared;

pub use browser::BROWSER;
pub use key::Key;
pub use listing::{Context, bar_entries, help_lines, message, sent_by};
pub use play::PLAY;
pub use row::{Binding, KeyEntry, Row, When, always, entry};

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    fn bindings(table: &[Row]) -> Vec<Binding> {
        table
            .iter()
            .filter_map(|row| match row {
                Row::Keys(binding) => Some(*binding),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn no_key_is_bound_twice_in_a_table() {
        for table in [PLAY, BROWSER] {
            let mut seen = HashSet::new();
            for (key, _) in bindings(table).iter().flat_map(|b| b.keys) {
                assert!(seen.insert(*key), "{key:?} is bound twice");
            }
        }
    }

    #[test]
    fn bar_positions_are_distinct() {
        for table in [PLAY, BROWSER] {
            let mut seen = HashSet::new();
            for spot in bindings(table).iter().filter_map(|b| b.bar) {
                assert!(seen.insert(spot.at), "two entries at {}", spot.at);
            }
        }
    }

    #[test]
    fn piece_names_fill_in_and_piece_letters_hide_movement_keys() {
        let context = Context {
            primary: "bulb",
            secondary: "mark",
            pieces: vec![('l', "bulb"), ('m', "mark")],
            ..Context::default()
        };
        let lines = help_lines(PLAY, &context);
        assert_eq!(lines[0].0, "arrows, h j k");
        assert!(lines.contains(&(
            "Enter  -".to_string(),
            "bulb (on an occupied square: empty it, as a click does), mark".to_string()
        )));
        assert!(lines.contains(&("l m".to_string(), "l bulb, m mark".to_string())));
        assert!(!lines.iter().any(|(k, _)| k == "f / F"));
        let bar = bar_entries(PLAY, &context);
        assert_eq!(bar[1].label, "bulb");
        // `l` places a bulb: even short, the bar promises the arrows, not `hjkl`.
        assert_eq!(bar[0].short.0, "arrows");
        assert!(!bar.iter().any(|e| e.key == "p" || e.key == "f/F"));
    }

    fn tents() -> Context {
        Context {
            primary: "tent",
            secondary: "grass",
            pieces: vec![('t', "tent"), ('g', "grass")],
            fills: true,
            panel_folded: true,
            finished: false,
            paused: false,
            errors: false,
        }
    }

    #[test]
    fn the_play_bar_lists_every_entry_in_its_order() {
        let bar = bar_entries(PLAY, &tents());
        assert_eq!(
            bar,
            [
                entry("arrows", "move", ("hjkl", "move"), 12),
                entry("Enter", "tent", ("Enter", "tent"), 11),
                entry("-", "grass", ("-", "grass"), 10),
                entry("Space", "cycle", ("Spc", "cyc"), 3),
                entry("e", "empty", ("e", "del"), 2),
                entry("f/F", "fill", ("f/F", "fill"), 4),
                entry("z", "undo", ("z", "undo"), 9),
                entry("y", "redo", ("y", "redo"), 8),
                entry("r", "restart", ("r", "rst"), 5),
                entry("s", "reveal", ("s", "show"), 6),
                entry("c", "theme", ("c", "thm"), 1),
                entry("p", "panel", ("p", "pnl"), 7),
                always("n", "hint", ("n", "hint")),
                always("?", "help", ("?", "help")),
                always("Esc", "back", ("Esc", "back")),
                always("q", "quit", ("q", "quit")),
                entry("PgUp/PgDn", "page", ("PgDn", "page"), 0),
                entry("Home/End", "row ends", ("End", "row"), 0),
                entry("P", "pause", ("P", "pause"), 6),
            ]
        );
    }

    #[test]
    fn a_finished_or_paused_game_lists_only_what_still_works() {
        let won = Context {
            finished: true,
            ..tents()
        };
        let keys: Vec<&str> = bar_entries(PLAY, &won).iter().map(|e| e.key).collect();
        assert_eq!(
            keys,
            [
                "Enter",
                "arrows",
                "z",
                "r",
                "c",
                "p",
                "?",
                "Esc",
                "q",
                "PgUp/PgDn",
                "Home/End"
            ]
        );
        let paused = Context {
            paused: true,
            ..tents()
        };
        let bar = bar_entries(PLAY, &paused);
        let keys: Vec<&str> = bar.iter().map(|e| e.key).collect();
        assert_eq!(keys, ["c", "p", "?", "Esc", "q", "P"]);
        assert_eq!(bar.last().unwrap().label, "resume");
        // The error key is on the bar only while there are errors.
        let wrong = Context {
            errors: true,
            ..tents()
        };
        assert!(bar_entries(PLAY, &wrong).iter().any(|e| e.key == "x"));
        assert!(!bar_entries(PLAY, &tents()).iter().any(|e| e.key == "x"));
    }

    #[test]
    fn the_browser_bar_lists_every_entry_in_its_order() {
        assert_eq!(
            bar_entries(BROWSER, &Context::default()),
            [
                entry("arrows", "move", ("jk", "move"), 9),
                entry("Enter", "open", ("Enter", "open"), 8),
                entry("g", "game", ("g", "game"), 5),
                entry("s", "status", ("s", "stat"), 4),
                always("n", "new random", ("n", "new")),
                entry("o", "open ID", ("o", "open"), 3),
                entry("S", "stats", ("S", "stats"), 2),
                entry("c", "theme", ("c", "thm"), 2),
                entry("a", "ascii", ("a", "ascii"), 1),
                always("?", "help", ("?", "help")),
                always("q", "quit", ("q", "quit")),
            ]
        );
    }
}
