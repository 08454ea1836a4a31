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

pub mod action;
pub mod bound;
pub mod browser;
pub mod file;
pub mod key;
pub mod listing;
pub mod play;
pub mod row;
pub mod shared;

pub use action::{action_msg, action_name, actions};
pub use bound::{Bound, KeyBindings};
pub use browser::BROWSER;
pub use file::{KEYS_FILE, KeysError, KeysErrorKind, parse_keys};
pub use key::Key;
pub use listing::{Context, bar_entries, help_lines, sent_by};
pub use play::PLAY;
pub use row::{BarEntry, Binding, KeyEntry, Row, When, always, entry};

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::tui::msg::Msg;

    fn play() -> Bound {
        Bound::defaults(PLAY)
    }

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
        let lines = help_lines(&play(), &context);
        assert_eq!(lines[0].0, "arrows, h j k");
        assert!(lines.contains(&(
            "Enter  -".to_string(),
            "bulb (on an occupied square: empty it, as a click does), mark".to_string()
        )));
        assert!(lines.contains(&("l m".to_string(), "l bulb, m mark".to_string())));
        assert!(!lines.iter().any(|(k, _)| k == "f / F"));
        let bar = bar_entries(&play(), &context);
        assert_eq!(bar[1].label, "bulb");
        // `l` places a bulb: even short, the bar promises the arrows, not `hjkl`.
        assert_eq!(bar[0].short.0, "arrows");
        assert!(!bar.iter().any(|e| e.key == "p" || e.key == "f/F"));
    }

    #[test]
    fn the_link_key_is_listed_only_for_a_game_with_links() {
        let links = |context: &Context| {
            help_lines(&play(), context)
                .into_iter()
                .any(|(keys, words)| keys == "L" && words.contains("link"))
        };
        assert!(links(&tents()));
        let light_up = Context {
            primary: "bulb",
            secondary: "mark",
            pieces: vec![('l', "bulb"), ('m', "mark")],
            ..Context::default()
        };
        assert!(!links(&light_up));
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
            proving: false,
            links: true,
        }
    }

    #[test]
    fn the_play_bar_lists_every_entry_in_its_order() {
        let bar = bar_entries(&play(), &tents());
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
                entry("v", "prove", ("v", "prv"), 2),
            ]
        );
    }

    #[test]
    fn a_finished_or_paused_game_lists_only_what_still_works() {
        let won = Context {
            finished: true,
            ..tents()
        };
        let bar = bar_entries(&play(), &won);
        let keys: Vec<&str> = bar.iter().map(|e| e.key.as_str()).collect();
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
        let bar = bar_entries(&play(), &paused);
        let keys: Vec<&str> = bar.iter().map(|e| e.key.as_str()).collect();
        assert_eq!(keys, ["c", "p", "?", "Esc", "q", "P"]);
        assert_eq!(bar.last().unwrap().label, "resume");
        // The error key is on the bar only while there are errors.
        let wrong = Context {
            errors: true,
            ..tents()
        };
        assert!(bar_entries(&play(), &wrong).iter().any(|e| e.key == "x"));
        assert!(!bar_entries(&play(), &tents()).iter().any(|e| e.key == "x"));
    }

    #[test]
    fn the_browser_bar_lists_every_entry_in_its_order() {
        assert_eq!(
            bar_entries(&Bound::defaults(BROWSER), &Context::default()),
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

    fn rebound(rebindings: &[(Msg, &[Key])]) -> Bound {
        let rebindings: Vec<(Msg, Vec<Key>)> = rebindings
            .iter()
            .map(|(msg, keys)| (msg.clone(), keys.to_vec()))
            .collect();
        Bound::rebound(PLAY, &rebindings)
    }

    #[test]
    fn the_help_names_the_rebound_keys() {
        let table = rebound(&[
            (Msg::Hint, &[Key::char('?')]),
            (
                Msg::ToggleHelp,
                &[Key::Plain(crossterm::event::KeyCode::F(1))],
            ),
            (Msg::FillRow, &[Key::char('R')]),
            (
                Msg::Move(crate::tui::msg::Direction::Left),
                &[Key::char('a')],
            ),
        ]);
        let lines = help_lines(&table, &tents());
        let line = |words: &str| {
            lines
                .iter()
                .find(|(_, w)| w.starts_with(words))
                .unwrap_or_else(|| panic!("no `{words}` line in {lines:?}"))
                .clone()
        };
        assert_eq!(
            line("show a hint"),
            ("?".into(), "show a hint; ? again applies it".into())
        );
        assert_eq!(line("this help").0, "F1");
        // The hand-written `f / F` gives way to the keys bound.
        assert_eq!(line("fill the cursor's row").0, "R F");
        // Without the left arrow the arrows are named one by one.
        assert_eq!(line("move the cursor").0, "Up Down a Right j k l");
        // `z` keeps undo; a key taken from its only action leaves it without one.
        let table = rebound(&[(Msg::Hint, &[Key::char('.')])]);
        let lines = help_lines(&table, &tents());
        assert!(lines.contains(&(
            "(no key)".to_string(),
            "the square of the last move".to_string()
        )));
    }

    #[test]
    fn the_bar_names_the_rebound_keys() {
        let table = rebound(&[
            (Msg::Undo, &[Key::char('U')]),
            (Msg::Quit, &[Key::char('Q')]),
            (Msg::Primary, &[Key::char('o')]),
            (Msg::Clear, &[Key::char('e'), Key::char('x')]),
        ]);
        let bar = bar_entries(&table, &tents());
        let key = |label: &str| {
            bar.iter()
                .find(|e| e.label == label)
                .unwrap_or_else(|| panic!("no `{label}` in {bar:?}"))
                .clone()
        };
        assert_eq!(key("undo").key, "U");
        assert_eq!(key("undo").short.0, "U");
        assert_eq!(key("quit").key, "Q");
        assert_eq!(key("tent").key, "o");
        assert_eq!(key("empty").key, "e");
        // Rows not rebound keep their hand-made texts.
        assert_eq!(key("move").short.0, "hjkl");
        assert_eq!(key("redo").key, "y");
        // `x` went to Clear: the error key is gone from its entry, which then has none.
        let errors = Context {
            errors: true,
            ..tents()
        };
        assert!(
            !bar_entries(&table, &errors)
                .iter()
                .any(|e| e.label == "next error")
        );
        // After a win the bar offers the primary key for the next puzzle.
        let won = Context {
            finished: true,
            ..tents()
        };
        assert_eq!(bar_entries(&table, &won)[0].key, "o");
        assert_eq!(bar_entries(&play(), &won)[0].key, "Enter");
    }
}
