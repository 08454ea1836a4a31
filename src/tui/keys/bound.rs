//! A screen's key table as bound: the table's default keys with the rebindings of keys.toml
//! applied. The keymap, the help and the key bar read this, never the bare table.

use crossterm::event::KeyCode;

use super::key::Key;
use super::row::{Binding, Row};
use crate::tui::msg::Msg;

/// How the help and messages name an action left without a key.
pub const NO_KEY: &str = "(no key)";

/// The key that always quits, whatever keys.toml says: a player can always leave.
pub const ALWAYS_QUITS: Key = Key::Ctrl('c');

/// A key table with the keys each of its rows has once rebound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    rows: &'static [Row],
    /// One list per row, in the table's order: the row's keys as bound (empty for rows that
    /// bind nothing).
    keys: Vec<Vec<(Key, Msg)>>,
}

impl Bound {
    /// `table` with its default keys.
    pub fn defaults(table: &'static [Row]) -> Bound {
        Bound::rebound(table, &[])
    }

    /// `table` with each message of `rebound` sent by its keys instead of its default ones; a
    /// default key that `rebound` gives to another message is taken from the message it had,
    /// so no key is bound twice. Quit keeps [`ALWAYS_QUITS`]. Callers give each key to one
    /// message at most (keys.toml's reader refuses a key rebound twice); were one given twice,
    /// the first row naming it would win, as in [`Bound::message`].
    pub fn rebound(table: &'static [Row], rebound: &[(Msg, Vec<Key>)]) -> Bound {
        let taken = |key: &Key| rebound.iter().any(|(_, keys)| keys.contains(key));
        let keys = table
            .iter()
            .map(|row| {
                let Row::Keys(binding) = row else {
                    return Vec::new();
                };
                let mut bound: Vec<(Key, Msg)> = Vec::new();
                for (key, msg) in binding.keys {
                    match rebound.iter().find(|(m, _)| m == msg) {
                        // The new keys go where the message's first default key was.
                        Some((_, keys)) if !bound.iter().any(|(_, m)| m == msg) => {
                            bound.extend(keys.iter().map(|&k| (k, msg.clone())));
                            if *msg == Msg::Quit && !keys.contains(&ALWAYS_QUITS) {
                                bound.push((ALWAYS_QUITS, Msg::Quit));
                            }
                        }
                        Some(_) => {}
                        None if taken(key) => {}
                        None => bound.push((*key, msg.clone())),
                    }
                }
                bound
            })
            .collect();
        Bound { rows: table, keys }
    }

    /// The table's rows, with their default keys.
    pub fn table(&self) -> &'static [Row] {
        self.rows
    }

    /// Each row of the table with its keys as bound.
    pub fn rows(&self) -> impl Iterator<Item = (&'static Row, &[(Key, Msg)])> {
        self.rows.iter().zip(self.keys.iter().map(Vec::as_slice))
    }

    /// The message `code` (with Ctrl held when `ctrl`) sends; the first row naming it wins.
    pub fn message(&self, code: KeyCode, ctrl: bool) -> Option<Msg> {
        self.keys
            .iter()
            .find_map(|keys| super::listing::sent_by(keys, code, ctrl))
    }

    /// The keys that send `msg`, in the order the help names them.
    pub fn keys_of(&self, msg: &Msg) -> Vec<Key> {
        self.keys
            .iter()
            .flatten()
            .filter(|(_, m)| m == msg)
            .map(|&(key, _)| key)
            .collect()
    }

    /// The name of the first key that sends `msg` (`P`, `Enter`), as messages name it;
    /// `(no key)` when keys.toml left it none.
    pub fn key_name(&self, msg: &Msg) -> String {
        self.keys_of(msg)
            .first()
            .map_or_else(|| NO_KEY.to_string(), |key| key.name())
    }

    /// The row that sends `msg`: its table entry and its keys as bound.
    pub fn row_of(&self, msg: &Msg) -> Option<(&'static Binding, &[(Key, Msg)])> {
        self.rows().find_map(|(row, keys)| match row {
            Row::Keys(binding) if binding.keys.iter().any(|(_, m)| m == msg) => {
                Some((binding, keys))
            }
            _ => None,
        })
    }
}

/// The keys of every screen with a key table: what the model holds once keys.toml is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyBindings {
    /// The play screen's keys (`[play]`).
    pub play: Bound,
    /// The puzzle browser's keys (`[browser]`).
    pub browser: Bound,
}

impl Default for KeyBindings {
    fn default() -> KeyBindings {
        KeyBindings {
            play: Bound::defaults(super::PLAY),
            browser: Bound::defaults(super::BROWSER),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keys::PLAY;

    #[test]
    fn a_rebound_action_loses_its_defaults_and_other_actions_lose_its_keys() {
        let bound = Bound::rebound(
            PLAY,
            &[
                (Msg::Hint, vec![Key::char('z')]),
                (Msg::Undo, vec![Key::char('U')]),
            ],
        );
        assert_eq!(bound.keys_of(&Msg::Hint), [Key::char('z')]);
        assert_eq!(bound.keys_of(&Msg::Undo), [Key::char('U')]);
        assert_eq!(bound.message(KeyCode::Char('z'), false), Some(Msg::Hint));
        assert_eq!(bound.message(KeyCode::Char('n'), false), None);
        assert_eq!(bound.message(KeyCode::Char('u'), false), None);
        // Taking `e` from Clear leaves Clear its other keys.
        let bound = Bound::rebound(PLAY, &[(Msg::Hint, vec![Key::char('e')])]);
        assert_eq!(
            bound.keys_of(&Msg::Clear),
            [Key::Plain(KeyCode::Backspace), Key::Plain(KeyCode::Delete)]
        );
    }

    #[test]
    fn ctrl_c_always_quits() {
        let bound = Bound::rebound(PLAY, &[(Msg::Quit, vec![Key::char('Q')])]);
        assert_eq!(bound.keys_of(&Msg::Quit), [Key::char('Q'), ALWAYS_QUITS]);
        assert_eq!(bound.message(KeyCode::Char('q'), false), None);
    }

    #[test]
    fn defaults_are_the_table() {
        let bound = Bound::defaults(PLAY);
        for (row, keys) in bound.rows() {
            match row {
                Row::Keys(binding) => assert_eq!(binding.keys, keys),
                _ => assert!(keys.is_empty()),
            }
        }
    }
}
