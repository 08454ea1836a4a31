//! The rows of a key table: keys and the messages they send, and where each row is listed (help
//! overlay, key bar, or neither).

use super::key::Key;
use crate::tui::msg::Msg;

/// When a row is listed. Its keys work whatever this says: a key pressed where it means nothing
/// is explained by `update`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum When {
    /// Always.
    Always,
    /// In games that fill lines (Tents' `f` / `F`).
    GameFills,
    /// While the side panel is folded away (`p` brings it back).
    PanelFolded,
    /// While the board takes moves: not solved, not revealed, not paused.
    Playing,
    /// While the game is not paused.
    Unpaused,
    /// While the position is neither solved nor revealed.
    Unfinished,
    /// Once the position is solved or revealed.
    Finished,
    /// While the position has errors.
    Errors,
    /// In proof mode.
    Proving,
    /// In games whose proofs link squares (Tents' `L`).
    GameLinks,
}

/// One entry of the key bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeyEntry {
    /// The key(s), as printed.
    pub key: &'static str,
    /// What it does.
    pub label: &'static str,
    /// The key and label when space is short.
    pub short: (&'static str, &'static str),
    /// Lower drops first when even short labels do not fit; `u8::MAX` never drops.
    pub keep: u8,
}

/// An entry of the key bar as shown: a [`KeyEntry`] whose key text follows the keys bound.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BarEntry {
    /// The key(s), as printed.
    pub key: String,
    /// What it does.
    pub label: &'static str,
    /// The key and label when space is short.
    pub short: (String, &'static str),
    /// Lower drops first when even short labels do not fit; `u8::MAX` never drops.
    pub keep: u8,
}

impl From<KeyEntry> for BarEntry {
    fn from(e: KeyEntry) -> BarEntry {
        BarEntry {
            key: e.key.to_string(),
            label: e.label,
            short: (e.short.0.to_string(), e.short.1),
            keep: e.keep,
        }
    }
}

impl PartialEq<KeyEntry> for BarEntry {
    fn eq(&self, other: &KeyEntry) -> bool {
        self.key == other.key
            && self.label == other.label
            && self.short.0 == other.short.0
            && self.short.1 == other.short.1
            && self.keep == other.keep
    }
}

/// An entry that never drops.
pub const fn always(
    key: &'static str,
    label: &'static str,
    short: (&'static str, &'static str),
) -> KeyEntry {
    KeyEntry {
        key,
        label,
        short,
        keep: u8::MAX,
    }
}

/// An entry dropped in order of `keep` (lowest first) when the bar is too narrow.
pub const fn entry(
    key: &'static str,
    label: &'static str,
    short: (&'static str, &'static str),
    keep: u8,
) -> KeyEntry {
    KeyEntry {
        key,
        label,
        short,
        keep,
    }
}

/// A row's place on the key bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BarSpot {
    /// Position from the left. The bar has its own order: it puts the keys a player needs most
    /// first, where the help groups them by topic.
    pub at: u8,
    /// What the bar shows; a label `{primary}` or `{secondary}` is the game's piece name.
    pub entry: KeyEntry,
    /// When the entry is on the bar (beside the row's own condition).
    pub when: When,
    /// The action whose keys the entry names, when not the row's own (after a win the
    /// primary key opens the next puzzle too, and the bar offers that key).
    pub shows: Option<&'static str>,
}

/// A row's line in the help overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HelpLine {
    /// The keys as printed, when not their names (`f / F`).
    pub keys: Option<&'static str>,
    /// What they do; `{primary}` and `{secondary}` stand for the game's piece names, `{games}`
    /// for the titles of every game.
    pub words: &'static str,
    /// Printed on the line of the row before it (`Enter  -   tent, grass`).
    pub joins: bool,
}

/// Keys bound to messages, and where they are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// Each key and the message it sends, in the order the help names them.
    pub keys: &'static [(Key, Msg)],
    /// The help overlay's line; `None`: not in the help.
    pub help: Option<HelpLine>,
    /// The key bar's entry; `None`: not on the bar.
    pub bar: Option<BarSpot>,
    /// When the row is listed at all.
    pub when: When,
}

impl Binding {
    /// Keys listed in the help on a line of their own, saying `words`.
    pub const fn new(keys: &'static [(Key, Msg)], words: &'static str) -> Binding {
        Binding {
            keys,
            help: Some(HelpLine {
                keys: None,
                words,
                joins: false,
            }),
            bar: None,
            when: When::Always,
        }
    }

    /// The same, printed in the help on the line of the row before.
    pub const fn joins(self) -> Binding {
        match self.help {
            Some(help) => Binding {
                help: Some(HelpLine {
                    joins: true,
                    ..help
                }),
                ..self
            },
            None => self,
        }
    }

    /// The same, its keys printed in the help as `keys`.
    pub const fn printed(self, keys: &'static str) -> Binding {
        match self.help {
            Some(help) => Binding {
                help: Some(HelpLine {
                    keys: Some(keys),
                    ..help
                }),
                ..self
            },
            None => self,
        }
    }

    /// The same, on the key bar at position `at` as `entry`.
    pub const fn bar(self, at: u8, entry: KeyEntry) -> Binding {
        Binding {
            bar: Some(BarSpot {
                at,
                entry,
                when: When::Always,
                shows: None,
            }),
            ..self
        }
    }

    /// The same, on the key bar only `when`.
    pub const fn bar_when(self, when: When) -> Binding {
        match self.bar {
            Some(spot) => Binding {
                bar: Some(BarSpot { when, ..spot }),
                ..self
            },
            None => self,
        }
    }

    /// The same, its bar entry naming the keys of action `action` rather than its own.
    pub const fn bar_shows(self, action: &'static str) -> Binding {
        match self.bar {
            Some(spot) => Binding {
                bar: Some(BarSpot {
                    shows: Some(action),
                    ..spot
                }),
                ..self
            },
            None => self,
        }
    }

    /// The same, listed only `when`.
    pub const fn when(self, when: When) -> Binding {
        Binding { when, ..self }
    }
}

/// One row of a key table, in the help overlay's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// Keys bound to messages.
    Keys(Binding),
    /// The game's letters that place its pieces by name (each game's [`Look`](crate::look::Look)
    /// names them).
    PieceLetters,
    /// A help line about something other than keys (`mouse`, `marks`); a blank line when both
    /// are empty. `{primary}` and `{secondary}` stand for the game's piece names.
    Note(&'static str, &'static str),
}
