//! What a key table says, read three ways: the message a key sends (the keymap), the help
//! overlay's lines and the key bar's entries.

use crossterm::event::KeyCode;

use super::action::action_msg;
use super::bound::{Bound, NO_KEY};
use super::key::Key;
use super::row::{BarEntry, Row, When};
use crate::game::GameKind;
use crate::grid::Line;
use crate::look::Look;
use crate::proof::ProofRules;
use crate::tui::msg::Msg;

/// What the listing of a table depends on besides the table: the game's pieces and the screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The primary piece's name (tent / bulb / black).
    pub primary: &'static str,
    /// The secondary piece's name (grass / mark / white).
    pub secondary: &'static str,
    /// The game's piece letters and the names of the pieces they place.
    pub pieces: Vec<(char, &'static str)>,
    /// The game fills lines (Tents).
    pub fills: bool,
    /// The side panel is folded away.
    pub panel_folded: bool,
    /// The position is solved or revealed: the board takes no moves.
    pub finished: bool,
    /// The game is paused.
    pub paused: bool,
    /// The position has errors.
    pub errors: bool,
    /// Proof mode is on.
    pub proving: bool,
    /// The game's proofs link squares (Tents).
    pub links: bool,
}

impl Context {
    /// The context of a position of game `G`, its side panel folded away when `panel_folded`;
    /// neither finished nor paused (the key bar sets both from the play screen).
    pub fn of_game<G: Look + ProofRules>(state: &G, panel_folded: bool) -> Context {
        Context {
            primary: G::piece_name(G::PRIMARY),
            secondary: G::piece_name(G::SECONDARY),
            pieces: G::piece_keys()
                .iter()
                .map(|k| (k.key, G::piece_name(k.piece)))
                .collect(),
            fills: state.fill_moves(Line::Row(0)).is_some(),
            panel_folded,
            finished: false,
            paused: false,
            errors: false,
            proving: false,
            links: G::LINKS,
        }
    }

    /// Whether the game's piece letters take one of the `hjkl` movement keys (Light Up's `l`).
    fn letters_take_movement(&self) -> bool {
        self.pieces.iter().any(|(l, _)| "hjkl".contains(*l))
    }

    fn holds(&self, when: When) -> bool {
        match when {
            When::Always => true,
            When::GameFills => self.fills,
            When::PanelFolded => self.panel_folded,
            When::Playing => !self.finished && !self.paused,
            When::Unpaused => !self.paused,
            When::Unfinished => !self.finished,
            When::Finished => self.finished,
            When::Errors => self.errors,
            When::Proving => self.proving,
            When::GameLinks => self.links,
        }
    }

    /// `text` with the game's piece names put in for `{primary}` and `{secondary}`, and the
    /// titles of every game for `{games}`.
    fn fill_in(&self, text: &str) -> String {
        let text = text
            .replace("{primary}", self.primary)
            .replace("{secondary}", self.secondary);
        if !text.contains("{games}") {
            return text;
        }
        let titles: Vec<&str> = GameKind::ALL.iter().map(|k| k.title()).collect();
        text.replace("{games}", &titles.join(", "))
    }

    /// A bar label: the piece's name for `{primary}` and `{secondary}`, else `label`.
    fn label(&self, label: &'static str) -> &'static str {
        match label {
            "{primary}" => self.primary,
            "{secondary}" => self.secondary,
            "{pause}" if self.paused => "resume",
            "{pause}" => "pause",
            _ => label,
        }
    }

    /// Whether `key` places one of the game's pieces (which wins over the table).
    fn is_piece_letter(&self, key: Key) -> bool {
        match key {
            Key::Plain(KeyCode::Char(c)) => self.pieces.iter().any(|&(letter, _)| letter == c),
            _ => false,
        }
    }
}

/// The message `code` (with Ctrl held when `ctrl`) sends among `keys`.
pub fn sent_by(keys: &[(Key, Msg)], code: KeyCode, ctrl: bool) -> Option<Msg> {
    keys.iter()
        .find(|(key, _)| key.matches(code, ctrl))
        .map(|(_, msg)| msg.clone())
}

/// The help overlay's lines for `table` as bound: (keys, what they do); an empty key starts a
/// paragraph.
pub fn help_lines(table: &Bound, context: &Context) -> Vec<(String, String)> {
    let mut lines: Vec<(String, String)> = Vec::new();
    for (row, keys) in table.rows() {
        match row {
            Row::Keys(binding) if context.holds(binding.when) => {
                let Some(help) = binding.help else { continue };
                let names = match help.keys {
                    // The hand-written spelling holds only for the default keys.
                    Some(printed) if keys == binding.keys => printed.to_string(),
                    _ => key_names(keys, binding.keys, context),
                };
                let names = if names.is_empty() {
                    NO_KEY.to_string()
                } else {
                    names
                };
                let words = context.fill_in(&fill_keys(help.words, table, context));
                match lines.last_mut() {
                    Some(last) if help.joins => {
                        last.0 = format!("{}  {names}", last.0);
                        last.1 = format!("{}, {words}", last.1);
                    }
                    _ => lines.push((names, words)),
                }
            }
            Row::Keys(_) => {}
            Row::PieceLetters => {
                let letters: Vec<String> =
                    context.pieces.iter().map(|(l, _)| l.to_string()).collect();
                let named: Vec<String> = context
                    .pieces
                    .iter()
                    .map(|(letter, name)| format!("{letter} {name}"))
                    .collect();
                lines.push((letters.join(" "), named.join(", ")));
            }
            Row::Note(keys, words) => lines.push((
                keys.to_string(),
                context.fill_in(&fill_keys(words, table, context)),
            )),
        }
    }
    lines
}

/// `text` with the name of the first key of action `name` put in for each `{key:name}`.
fn fill_keys(text: &str, table: &Bound, context: &Context) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("{key:") {
        let Some(len) = rest[start..].find('}') else {
            break;
        };
        let action = &rest[start + "{key:".len()..start + len];
        out.push_str(&rest[..start]);
        let key = action_msg(table.table(), action)
            .and_then(|msg| first_key(&table.keys_of(&msg), context))
            .map_or_else(|| NO_KEY.to_string(), Key::name);
        out.push_str(&key);
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    out
}

/// The first of `keys` that the game's piece letters leave to the table.
fn first_key(keys: &[Key], context: &Context) -> Option<Key> {
    keys.iter()
        .copied()
        .find(|&key| !context.is_piece_letter(key))
}

/// Whether `keys` still hold every arrow key of the row's `defaults` (it has some): the help
/// then names them together as "arrows".
fn has_its_arrows(keys: &[Key], defaults: &[(Key, Msg)]) -> bool {
    let mut arrows = defaults
        .iter()
        .map(|&(key, _)| key)
        .filter(|k| k.is_arrow());
    let first = arrows.next();
    first.is_some_and(|first| keys.contains(&first) && arrows.all(|k| keys.contains(&k)))
}

/// The keys of a row as the help prints them: `arrows, h j k l`, `Backspace Del e`. A key the
/// game's piece letters take is left out (Light Up's `l` places a bulb); the row's arrows
/// (`defaults` gives them) are named together while all are bound, else one by one.
fn key_names(keys: &[(Key, Msg)], defaults: &[(Key, Msg)], context: &Context) -> String {
    let mut keys: Vec<Key> = keys
        .iter()
        .map(|&(key, _)| key)
        .filter(|&key| !context.is_piece_letter(key))
        .collect();
    keys.dedup();
    let arrows = has_its_arrows(&keys, defaults);
    let others: Vec<String> = keys
        .iter()
        .filter(|k| !(arrows && k.is_arrow()))
        .map(|k| k.name())
        .collect();
    match (arrows, others.is_empty()) {
        (true, true) => "arrows".to_string(),
        (true, false) => format!("arrows, {}", others.join(" ")),
        (false, _) => others.join(" "),
    }
}

/// The key text of a bar entry for `keys` once rebound: each message's first key, joined by
/// `/` (`arrows` while the row's `defaults` arrows are all bound); `None` when the game's piece
/// letters leave no key.
fn bar_key(keys: &[(Key, Msg)], defaults: &[(Key, Msg)], context: &Context) -> Option<String> {
    let keys: Vec<(Key, Msg)> = keys
        .iter()
        .filter(|(key, _)| !context.is_piece_letter(*key))
        .cloned()
        .collect();
    let plain: Vec<Key> = keys.iter().map(|&(key, _)| key).collect();
    if has_its_arrows(&plain, defaults) {
        return Some("arrows".to_string());
    }
    let mut names: Vec<String> = Vec::new();
    let mut seen: Vec<&Msg> = Vec::new();
    for (key, msg) in &keys {
        if !seen.contains(&msg) {
            seen.push(msg);
            names.push(key.name());
        }
    }
    (!names.is_empty()).then(|| names.join("/"))
}

/// The key bar's entries for `table` as bound, in their order on the bar. An entry whose keys
/// were rebound names its new keys; one left without a key is not shown.
pub fn bar_entries(table: &Bound, context: &Context) -> Vec<BarEntry> {
    let mut entries: Vec<(u8, BarEntry)> = Vec::new();
    for (row, keys) in table.rows() {
        let Row::Keys(binding) = row else { continue };
        let Some(spot) = binding.bar else { continue };
        if !context.holds(binding.when) || !context.holds(spot.when) {
            continue;
        }
        // The keys the entry names: the row's own, or another action's.
        let (named, defaults) = match spot.shows.and_then(|a| action_msg(table.table(), a)) {
            Some(msg) => match table.row_of(&msg) {
                Some((other, keys)) => (keys, other.keys),
                None => continue,
            },
            None => (keys, binding.keys),
        };
        let e = spot.entry;
        let (key, short_key) = if named != defaults {
            let Some(key) = bar_key(named, defaults, context) else {
                continue;
            };
            (key.clone(), key)
        } else if e.short.0 == "hjkl" && context.letters_take_movement() {
            // Where a piece letter takes `l`, the short form must not promise `hjkl`.
            (e.key.to_string(), e.key.to_string())
        } else {
            (e.key.to_string(), e.short.0.to_string())
        };
        let entry = BarEntry {
            key,
            label: context.label(e.label),
            short: (short_key, context.label(e.short.1)),
            keep: e.keep,
        };
        entries.push((spot.at, entry));
    }
    entries.sort_by_key(|(at, _)| *at);
    entries.into_iter().map(|(_, entry)| entry).collect()
}
