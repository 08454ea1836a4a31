//! keys.toml: the player's rebindings, one table per screen (`[play]`, `[browser]`), each entry
//! an action and its key or keys (`hint = "n"`, `undo = ["z", "u"]`). Pure: the text comes in,
//! the bindings or every problem found go out; the loop reads the file.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::action::{action_msg, actions};
use super::bound::{ALWAYS_QUITS, Bound, KeyBindings};
use super::key::Key;
use super::row::Row;
use super::{BROWSER, PLAY};
use crate::theme::Position;
use crate::tui::msg::Msg;

/// The file's name in the config folder.
pub const KEYS_FILE: &str = "keys.toml";

/// The largest keys.toml read: every action with a few keys takes about 2 KB, so this only
/// stops a mistake (a huge or endless file) from being read whole.
pub const MAX_KEYS_BYTES: u64 = 64 * 1024;

/// The screens keys.toml binds, by table name.
const TABLES: [(&str, &[Row]); 2] = [("play", PLAY), ("browser", BROWSER)];

/// The key that suspends the player (the loop handles it, as a terminal does).
const SUSPENDS: Key = Key::Ctrl('z');

/// A problem with keys.toml, located by path, line and column. Any problem leaves the whole
/// file unused: the default keys hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct KeysError {
    /// The file.
    pub path: PathBuf,
    /// Where in the file, when the problem has a place (I/O errors do not).
    pub position: Option<Position>,
    /// What was wrong.
    pub kind: KeysErrorKind,
}

impl fmt::Display for KeysError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some(p) => write!(f, "{}:{}: {}", self.path.display(), p, self.kind),
            None => write!(f, "{}: {}", self.path.display(), self.kind),
        }
    }
}

/// The kinds of keys.toml problems.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeysErrorKind {
    /// The file is not valid TOML.
    #[error("bad TOML: {0}")]
    Toml(String),
    /// A table other than `[play]` and `[browser]`.
    #[error("unknown table [{0}]: the tables are [play] and [browser]")]
    UnknownTable(String),
    /// An entry outside any table, or a screen's name given a value rather than a table.
    #[error("`{0}` is not in a table: put actions under [play] or [browser]")]
    NotInTable(String),
    /// An action the screen does not have.
    #[error("unknown action `{action}` in [{table}]{}", suggest(.near))]
    UnknownAction {
        /// The table.
        table: String,
        /// The name found.
        action: String,
        /// The screen's action nearest to it, if one is near.
        near: Option<&'static str>,
    },
    /// A value that is neither a key nor a list of keys.
    #[error("expected a key or a list of keys, such as \"n\" or [\"x\", \"E\"]")]
    NotKeys,
    /// A string that names no key.
    #[error(
        "unknown key `{0}`: write one character, a name such as enter, space, pgdn or f1, or \
         ctrl- and either"
    )]
    UnknownKey(String),
    /// A key the player keeps for itself.
    #[error("`{key}` {why}")]
    Reserved {
        /// The key as written.
        key: String,
        /// What it always does.
        why: &'static str,
    },
    /// One key rebound to two actions of a screen.
    #[error("`{key}` is bound to both `{first}` and `{second}` in [{table}]")]
    Conflict {
        /// The key as written.
        key: String,
        /// The action it was given first.
        first: String,
        /// The action it was given again.
        second: String,
        /// The table.
        table: String,
    },
    /// The file could not be read.
    #[error("cannot read: {0}")]
    Io(String),
    /// The file is larger than any keys.toml needs; it is not read.
    #[error("too large: {size} bytes (keys.toml holds at most {max})")]
    TooLarge {
        /// The file's size in bytes.
        size: u64,
        /// The largest size read.
        max: u64,
    },
}

fn suggest(near: &Option<&'static str>) -> String {
    near.map(|n| format!(" (did you mean `{n}`?)"))
        .unwrap_or_default()
}

type Located = (Range<usize>, KeysErrorKind);

/// The key bindings keys.toml's `text` asks for; `path` only locates problems. Actions it
/// leaves out keep their default keys. Every problem is returned, first in the file first.
pub fn parse_keys(text: &str, path: &Path) -> Result<KeyBindings, Vec<KeysError>> {
    let located = |(span, kind): Located| KeysError {
        path: path.to_path_buf(),
        position: Some(Position::of_offset(text, span.start)),
        kind,
    };
    let document = DeTable::parse(text).map_err(|e| {
        vec![KeysError {
            path: path.to_path_buf(),
            position: e.span().map(|s| Position::of_offset(text, s.start)),
            kind: KeysErrorKind::Toml(e.message().trim().to_string()),
        }]
    })?;
    let mut bindings = KeyBindings::default();
    let mut errors: Vec<Located> = Vec::new();
    for (name, value) in in_file_order(document.get_ref()) {
        let name_text: &str = name.get_ref();
        let table = TABLES.iter().find(|(n, _)| *n == name_text);
        let entries = match (table, value.get_ref()) {
            (Some(_), DeValue::Table(entries)) => entries,
            (None, DeValue::Table(_)) => {
                errors.push((name.span(), KeysErrorKind::UnknownTable(name_text.into())));
                continue;
            }
            _ => {
                errors.push((name.span(), KeysErrorKind::NotInTable(name_text.into())));
                continue;
            }
        };
        let (table_name, rows) = table.copied().expect("matched above");
        match rebindings(table_name, rows, entries) {
            Ok(rebound) => {
                let bound = Bound::rebound(rows, &rebound);
                match table_name {
                    "play" => bindings.play = bound,
                    _ => bindings.browser = bound,
                }
            }
            Err(found) => errors.extend(found),
        }
    }
    if errors.is_empty() {
        Ok(bindings)
    } else {
        errors.sort_by_key(|(span, _)| span.start);
        Err(errors.into_iter().map(located).collect())
    }
}

/// A table's entries in the order the file gives them (the parser sorts them by name).
fn in_file_order<'a, 'i>(
    table: &'a DeTable<'i>,
) -> Vec<(
    &'a Spanned<std::borrow::Cow<'i, str>>,
    &'a Spanned<DeValue<'i>>,
)> {
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(key, _)| key.span().start);
    entries
}

/// The rebindings of one screen's table `rows`, named `table`: each action's message and keys.
fn rebindings(
    table: &str,
    rows: &[Row],
    entries: &DeTable<'_>,
) -> Result<Vec<(Msg, Vec<Key>)>, Vec<Located>> {
    let mut rebound = Vec::new();
    let mut errors = Vec::new();
    // Which action each key was given, so a key given twice names both.
    let mut owners: Vec<(Key, &str)> = Vec::new();
    for (action, value) in in_file_order(entries) {
        let action: &Spanned<std::borrow::Cow<'_, str>> = action;
        let name: &str = action.get_ref();
        let Some(msg) = action_msg(rows, name) else {
            let kind = KeysErrorKind::UnknownAction {
                table: table.to_string(),
                action: name.to_string(),
                near: nearest_action(rows, name),
            };
            errors.push((action.span(), kind));
            continue;
        };
        let items: Vec<&Spanned<DeValue<'_>>> = match value.get_ref() {
            DeValue::String(_) => vec![value],
            DeValue::Array(items) => items.iter().collect(),
            _ => {
                errors.push((value.span(), KeysErrorKind::NotKeys));
                continue;
            }
        };
        let mut keys = Vec::new();
        for item in items {
            let Some(text) = item.get_ref().as_str() else {
                errors.push((item.span(), KeysErrorKind::NotKeys));
                continue;
            };
            let Some(key) = Key::parse(text) else {
                errors.push((item.span(), KeysErrorKind::UnknownKey(text.to_string())));
                continue;
            };
            let reserved = match key {
                SUSPENDS => Some("suspends the player (fg resumes it) and cannot be rebound"),
                ALWAYS_QUITS if msg != Msg::Quit => Some("always quits and cannot be rebound"),
                _ => None,
            };
            if let Some(why) = reserved {
                let key = text.to_string();
                errors.push((item.span(), KeysErrorKind::Reserved { key, why }));
                continue;
            }
            match owners.iter().find(|(k, _)| *k == key) {
                // Named twice for the same action: once is enough.
                Some((_, owner)) if *owner == name => {}
                Some((_, owner)) => errors.push((
                    item.span(),
                    KeysErrorKind::Conflict {
                        key: text.to_string(),
                        first: owner.to_string(),
                        second: name.to_string(),
                        table: table.to_string(),
                    },
                )),
                None => {
                    owners.push((key, name));
                    keys.push(key);
                }
            }
        }
        rebound.push((msg, keys));
    }
    if errors.is_empty() {
        Ok(rebound)
    } else {
        Err(errors)
    }
}

/// The action of `rows` nearest to the unknown `name` (a typo or two away), if any.
fn nearest_action(rows: &[Row], name: &str) -> Option<&'static str> {
    actions(rows)
        .into_iter()
        .map(|(action, _)| (edit_distance(action, name), action))
        .filter(|&(distance, _)| distance <= 2)
        .min()
        .map(|(_, action)| action)
}

/// Levenshtein distance between `a` and `b`, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyCode;

    use super::*;

    fn parse(text: &str) -> Result<KeyBindings, Vec<KeysError>> {
        parse_keys(text, Path::new("keys.toml"))
    }

    /// The single problem of `text`: where, and what.
    fn problem(text: &str) -> (usize, usize, KeysErrorKind) {
        let errors = parse(text).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        let e = errors.into_iter().next().unwrap();
        let p = e.position.expect("a position");
        (p.line, p.column, e.kind)
    }

    #[test]
    fn a_good_file_rebinds_each_screen() {
        let keys = parse(
            "# my keys\n[play]\nhint = \"?\"\nnext_error = [\"x\", \"E\"]\n\
             quit = [\"q\", \"ctrl-c\"]\nfirst = \"ctrl-home\"\nhelp = \"f1\"\n\n\
             [browser]\nopen_id = \"ctrl-o\"\n",
        )
        .unwrap();
        let play = &keys.play;
        assert_eq!(play.message(KeyCode::Char('?'), false), Some(Msg::Hint));
        assert_eq!(play.message(KeyCode::Char('n'), false), None);
        assert_eq!(play.message(KeyCode::F(1), false), Some(Msg::ToggleHelp));
        assert_eq!(
            play.message(KeyCode::Char('E'), false),
            Some(Msg::NextError)
        );
        assert_eq!(play.keys_of(&Msg::Quit), [Key::char('q'), ALWAYS_QUITS]);
        assert_eq!(
            keys.browser.message(KeyCode::Char('o'), true),
            Some(Msg::OpenPrompt)
        );
        assert_eq!(keys.browser.message(KeyCode::Char('o'), false), None);
        // Untouched actions keep their keys; an empty file changes nothing.
        assert_eq!(play.message(KeyCode::Char('z'), false), Some(Msg::Undo));
        assert_eq!(parse("").unwrap(), KeyBindings::default());
        assert_eq!(parse("[play]\n").unwrap(), KeyBindings::default());
    }

    #[test]
    fn the_shipped_example_reads() {
        let text = include_str!("../../../docs/keys.example.toml");
        let keys = parse(text).unwrap();
        assert_eq!(
            keys.play.message(KeyCode::Char('?'), false),
            Some(Msg::Hint)
        );
        assert_eq!(keys.play.keys_of(&Msg::Cycle), []);
        assert_eq!(
            keys.browser.message(KeyCode::Char('o'), true),
            Some(Msg::OpenPrompt)
        );
    }

    #[test]
    fn bad_toml_is_located() {
        // An unclosed string: located where the line ends without its quote.
        let (line, column, kind) = problem("[play]\nhint = \"n\nundo = \"z\"\n");
        assert_eq!((line, column), (2, 10));
        assert!(matches!(kind, KeysErrorKind::Toml(_)), "{kind:?}");
        // An action given twice is a TOML error too.
        let (line, _, kind) = problem("[play]\nhint = \"n\"\nhint = \"m\"\n");
        assert_eq!(line, 3);
        assert!(matches!(kind, KeysErrorKind::Toml(_)), "{kind:?}");
    }

    #[test]
    fn an_unknown_action_is_located_and_a_near_one_suggested() {
        let (line, column, kind) = problem("[play]\nundo = \"u\"\n  hnit = \"n\"\n");
        assert_eq!((line, column), (3, 3));
        assert_eq!(
            kind.to_string(),
            "unknown action `hnit` in [play] (did you mean `hint`?)"
        );
        // Browser actions are not play actions.
        let (line, column, kind) = problem("[play]\nopen_id = \"o\"\n");
        assert_eq!((line, column), (2, 1));
        assert_eq!(kind.to_string(), "unknown action `open_id` in [play]");
    }

    #[test]
    fn an_unknown_key_is_located() {
        let (line, column, kind) = problem("[play]\nundo = [\"z\", \"ctrl-shift-z\"]\n");
        assert_eq!((line, column), (2, 14));
        assert_eq!(kind, KeysErrorKind::UnknownKey("ctrl-shift-z".into()));
        let (line, column, kind) = problem("[browser]\nstats = 5\n");
        assert_eq!((line, column), (2, 9));
        assert_eq!(kind, KeysErrorKind::NotKeys);
    }

    #[test]
    fn conflicting_rebindings_are_located_at_the_second() {
        let (line, column, kind) = problem("[play]\nhint = \"h\"\nundo = [\"u\", \"h\"]\n");
        assert_eq!((line, column), (3, 14));
        assert_eq!(
            kind.to_string(),
            "`h` is bound to both `hint` and `undo` in [play]"
        );
        // The same key on two screens is no conflict; twice in one action is harmless.
        assert!(parse("[play]\nhint = \"h\"\n[browser]\nstats = [\"h\", \"h\"]\n").is_ok());
        // Spellings of one key conflict.
        let (_, _, kind) = problem("[play]\nprimary = \"enter\"\ncycle = \"Enter\"\n");
        assert!(matches!(kind, KeysErrorKind::Conflict { .. }), "{kind:?}");
    }

    #[test]
    fn unknown_tables_and_reserved_keys_are_located() {
        let (line, column, kind) = problem("hint = \"n\"\n");
        assert_eq!((line, column), (1, 1));
        assert_eq!(kind, KeysErrorKind::NotInTable("hint".into()));
        let (line, column, kind) = problem("[play]\n[plya]\nhint = \"n\"\n");
        assert_eq!((line, column), (2, 2));
        assert_eq!(kind, KeysErrorKind::UnknownTable("plya".into()));
        let (line, column, kind) = problem("[play]\nhint = \"ctrl-c\"\n");
        assert_eq!((line, column), (2, 8));
        assert_eq!(
            kind.to_string(),
            "`ctrl-c` always quits and cannot be rebound"
        );
        let (line, column, kind) = problem("[play]\nundo = [\"z\", \"Ctrl-Z\"]\n");
        assert_eq!((line, column), (2, 14));
        assert!(matches!(kind, KeysErrorKind::Reserved { .. }), "{kind:?}");
    }

    #[test]
    fn every_problem_is_returned_in_file_order() {
        let errors =
            parse("[play]\nzz = \"n\"\nundo = \"nope\"\n[browser]\nxx = \"q\"\n").unwrap_err();
        let lines: Vec<usize> = errors.iter().map(|e| e.position.unwrap().line).collect();
        assert_eq!(lines, [2, 3, 5]);
        assert!(
            errors[0]
                .to_string()
                .starts_with("keys.toml:2:1: unknown action `zz`")
        );
    }

    #[test]
    fn edit_distance_counts_edits() {
        assert_eq!(edit_distance("hint", "hint"), 0);
        assert_eq!(edit_distance("hint", "hnit"), 2);
        assert_eq!(edit_distance("undo", "redo"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
    }
}
