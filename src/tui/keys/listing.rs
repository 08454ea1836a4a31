//! What a key table says, read three ways: the message a key sends (the keymap), the help
//! overlay's lines and the key bar's entries.

use crossterm::event::KeyCode;

use super::key::Key;
use super::row::{Binding, KeyEntry, Row, When};
use crate::game::GameKind;
use crate::grid::Line;
use crate::look::Look;
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
}

impl Context {
    /// The context of a position of game `G`, its side panel folded away when `panel_folded`;
    /// neither finished nor paused (the key bar sets both from the play screen).
    pub fn of_game<G: Look>(state: &G, panel_folded: bool) -> Context {
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

fn bindings(table: &[Row]) -> impl Iterator<Item = &Binding> {
    table.iter().filter_map(|row| match row {
        Row::Keys(binding) => Some(binding),
        Row::PieceLetters | Row::Note(..) => None,
    })
}

/// The message `code` (with Ctrl held when `ctrl`) sends by `table`; the first row naming it wins.
pub fn message(table: &[Row], code: KeyCode, ctrl: bool) -> Option<Msg> {
    bindings(table).find_map(|binding| sent_by(binding.keys, code, ctrl))
}

/// The message `code` (with Ctrl held when `ctrl`) sends among `keys`.
pub fn sent_by(keys: &[(Key, Msg)], code: KeyCode, ctrl: bool) -> Option<Msg> {
    keys.iter()
        .find(|(key, _)| key.matches(code, ctrl))
        .map(|(_, msg)| msg.clone())
}

/// The help overlay's lines for `table`: (keys, what they do); an empty key starts a paragraph.
pub fn help_lines(table: &[Row], context: &Context) -> Vec<(String, String)> {
    let mut lines: Vec<(String, String)> = Vec::new();
    for row in table {
        match row {
            Row::Keys(binding) if context.holds(binding.when) => {
                let Some(help) = binding.help else { continue };
                let keys = match help.keys {
                    Some(printed) => printed.to_string(),
                    None => key_names(binding.keys, context),
                };
                let words = context.fill_in(help.words);
                match lines.last_mut() {
                    Some(last) if help.joins => {
                        last.0 = format!("{}  {keys}", last.0);
                        last.1 = format!("{}, {words}", last.1);
                    }
                    _ => lines.push((keys, words)),
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
            Row::Note(keys, words) => lines.push((keys.to_string(), context.fill_in(words))),
        }
    }
    lines
}

/// The keys of a row as the help prints them: `arrows, h j k l`, `Backspace Del e`. A key the
/// game's piece letters take is left out (Light Up's `l` places a bulb).
fn key_names(keys: &[(Key, Msg)], context: &Context) -> String {
    let mut keys: Vec<Key> = keys
        .iter()
        .map(|&(key, _)| key)
        .filter(|&key| !context.is_piece_letter(key))
        .collect();
    keys.dedup();
    let arrows = keys.iter().any(|k| k.is_arrow());
    let others: Vec<String> = keys
        .iter()
        .filter(|k| !k.is_arrow())
        .map(|k| k.name())
        .collect();
    match (arrows, others.is_empty()) {
        (true, true) => "arrows".to_string(),
        (true, false) => format!("arrows, {}", others.join(" ")),
        (false, _) => others.join(" "),
    }
}

/// The key bar's entries for `table`, in their order on the bar.
pub fn bar_entries(table: &[Row], context: &Context) -> Vec<KeyEntry> {
    let mut spots: Vec<_> = bindings(table)
        .filter(|binding| context.holds(binding.when))
        .filter_map(|binding| binding.bar)
        .filter(|spot| context.holds(spot.when))
        .collect();
    spots.sort_by_key(|spot| spot.at);
    spots
        .iter()
        .map(|spot| {
            let e = spot.entry;
            // Where a piece letter takes `l`, the short form must not promise `hjkl`.
            let short_key = if e.short.0 == "hjkl" && context.letters_take_movement() {
                e.key
            } else {
                e.short.0
            };
            KeyEntry {
                label: context.label(e.label),
                short: (short_key, context.label(e.short.1)),
                ..e
            }
        })
        .collect()
}
