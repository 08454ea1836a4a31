//! A key as the key table names it, matched against a pressed key and named for the help.

use crossterm::event::KeyCode;

/// A key of the key table: pressed without Ctrl (Shift is part of the character), or a letter
/// pressed with Ctrl.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// The key pressed without Ctrl.
    Plain(KeyCode),
    /// A letter pressed with Ctrl.
    Ctrl(char),
    /// Another key pressed with Ctrl (`Ctrl-Home`).
    CtrlKey(KeyCode),
}

impl Key {
    /// A character key pressed without Ctrl.
    pub const fn char(c: char) -> Key {
        Key::Plain(KeyCode::Char(c))
    }

    /// Whether `code`, pressed with Ctrl held when `ctrl`, is this key.
    pub fn matches(self, code: KeyCode, ctrl: bool) -> bool {
        match self {
            Key::Plain(key) => !ctrl && key == code,
            Key::Ctrl(c) => ctrl && code == KeyCode::Char(c),
            Key::CtrlKey(key) => ctrl && code == key,
        }
    }

    /// Whether this is an arrow key: the help names the four together as "arrows".
    pub fn is_arrow(self) -> bool {
        matches!(
            self,
            Key::Plain(KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right)
        )
    }

    /// The key's name in the help overlay: `Enter`, `Del`, `Space`, `Ctrl-R`, `z`. Every name
    /// reads back as the same key with [`Key::parse`].
    pub fn name(self) -> String {
        match self {
            Key::Plain(code) => code_name(code),
            Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
            Key::CtrlKey(code) => format!("Ctrl-{}", code_name(code)),
        }
    }

    /// The key `text` names in keys.toml: a single character (`n`, `E`, `?`), a key's name
    /// (`enter`, `esc`, `space`, `tab`, `backspace`, `delete`, `insert`, `up`, `down`,
    /// `left`, `right`, `pgup`, `pgdn`, `home`, `end`, `f1`..`f12`, and the help's spellings
    /// such as `Del` or `PgDn`), either after `ctrl-` (`ctrl-r`, `ctrl-home`). Names and
    /// `ctrl-` take any case; a single character is taken as written (`E` is Shift-e), except
    /// after `ctrl-`, where letters are the same in either case. `None`: not a key.
    pub fn parse(text: &str) -> Option<Key> {
        if let Some(code) = single_char(text) {
            return Some(Key::Plain(code));
        }
        let lower = text.to_ascii_lowercase();
        match lower
            .strip_prefix("ctrl-")
            .or_else(|| lower.strip_prefix("ctrl+"))
        {
            Some(rest) => match single_char(&text[text.len() - rest.len()..]) {
                Some(KeyCode::Char(c)) => Some(Key::Ctrl(c.to_ascii_lowercase())),
                _ => named(rest).map(|code| match code {
                    KeyCode::Char(c) => Key::Ctrl(c),
                    code => Key::CtrlKey(code),
                }),
            },
            None => named(&lower).map(Key::Plain),
        }
    }
}

/// A key code's name: spelled out rather than crossterm's names, which differ on macOS
/// ("Return").
fn code_name(code: KeyCode) -> String {
    match code {
        KeyCode::Char(' ') => "Space".to_string(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Enter => "Enter".to_string(),
        KeyCode::Esc => "Esc".to_string(),
        KeyCode::Backspace => "Backspace".to_string(),
        KeyCode::Delete => "Del".to_string(),
        KeyCode::Insert => "Ins".to_string(),
        KeyCode::Tab => "Tab".to_string(),
        KeyCode::BackTab => "Shift-Tab".to_string(),
        KeyCode::Home => "Home".to_string(),
        KeyCode::End => "End".to_string(),
        KeyCode::PageUp => "PgUp".to_string(),
        KeyCode::PageDown => "PgDn".to_string(),
        other => other.to_string(),
    }
}

/// The character key `text` is made of, when it is one character.
fn single_char(text: &str) -> Option<KeyCode> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(KeyCode::Char(c)),
        _ => None,
    }
}

/// The key a lower-case name names (`enter`, `pgdn`, `f5`).
fn named(name: &str) -> Option<KeyCode> {
    let code = match name {
        "enter" | "return" => KeyCode::Enter,
        "esc" | "escape" => KeyCode::Esc,
        "space" => KeyCode::Char(' '),
        "tab" => KeyCode::Tab,
        "backtab" | "shift-tab" => KeyCode::BackTab,
        "backspace" => KeyCode::Backspace,
        "delete" | "del" => KeyCode::Delete,
        "insert" | "ins" => KeyCode::Insert,
        "up" => KeyCode::Up,
        "down" => KeyCode::Down,
        "left" => KeyCode::Left,
        "right" => KeyCode::Right,
        "pgup" | "pageup" => KeyCode::PageUp,
        "pgdn" | "pgdown" | "pagedown" => KeyCode::PageDown,
        "home" => KeyCode::Home,
        "end" => KeyCode::End,
        _ => {
            let n: u8 = name.strip_prefix('f')?.parse().ok()?;
            return (1..=12).contains(&n).then_some(KeyCode::F(n));
        }
    };
    Some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_named_as_the_help_prints_them() {
        let names: Vec<String> = [
            Key::Plain(KeyCode::Enter),
            Key::Plain(KeyCode::Esc),
            Key::Plain(KeyCode::Home),
            Key::Plain(KeyCode::End),
            Key::Plain(KeyCode::PageUp),
            Key::Plain(KeyCode::PageDown),
            Key::Plain(KeyCode::Backspace),
            Key::Plain(KeyCode::Delete),
            Key::char(' '),
            Key::char('?'),
            Key::Ctrl('r'),
            Key::CtrlKey(KeyCode::Home),
        ]
        .iter()
        .map(|k| k.name())
        .collect();
        assert_eq!(
            names,
            [
                "Enter",
                "Esc",
                "Home",
                "End",
                "PgUp",
                "PgDn",
                "Backspace",
                "Del",
                "Space",
                "?",
                "Ctrl-R",
                "Ctrl-Home"
            ]
        );
    }

    #[test]
    fn every_name_reads_back_as_its_key() {
        let keys = [
            Key::Plain(KeyCode::Enter),
            Key::Plain(KeyCode::Esc),
            Key::Plain(KeyCode::Tab),
            Key::Plain(KeyCode::BackTab),
            Key::Plain(KeyCode::Insert),
            Key::Plain(KeyCode::Delete),
            Key::Plain(KeyCode::Backspace),
            Key::Plain(KeyCode::PageUp),
            Key::Plain(KeyCode::PageDown),
            Key::Plain(KeyCode::Up),
            Key::Plain(KeyCode::Left),
            Key::Plain(KeyCode::F(12)),
            Key::char(' '),
            Key::char('-'),
            Key::char('E'),
            Key::Ctrl('r'),
            Key::Ctrl('-'),
            Key::CtrlKey(KeyCode::Home),
        ];
        for key in keys {
            assert_eq!(Key::parse(&key.name()), Some(key), "{}", key.name());
        }
    }

    #[test]
    fn keys_toml_spellings() {
        let parsed = |text| Key::parse(text);
        assert_eq!(parsed("n"), Some(Key::char('n')));
        assert_eq!(parsed("N"), Some(Key::char('N')));
        assert_eq!(parsed(" "), Some(Key::char(' ')));
        assert_eq!(parsed("SPACE"), Some(Key::char(' ')));
        assert_eq!(parsed("pgdn"), Some(Key::Plain(KeyCode::PageDown)));
        assert_eq!(parsed("f1"), Some(Key::Plain(KeyCode::F(1))));
        assert_eq!(parsed("ctrl-x"), Some(Key::Ctrl('x')));
        assert_eq!(parsed("Ctrl-X"), Some(Key::Ctrl('x')));
        assert_eq!(parsed("ctrl-space"), Some(Key::Ctrl(' ')));
        assert_eq!(parsed("ctrl-home"), Some(Key::CtrlKey(KeyCode::Home)));
        assert_eq!(parsed("ctrl-end"), Some(Key::CtrlKey(KeyCode::End)));
        for bad in [
            "", "f13", "f0", "ctrl-", "alt-x", "shift-x", "enterr", "ctrl-foo", "xy",
        ] {
            assert_eq!(parsed(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn ctrl_keys_match_only_with_ctrl() {
        assert!(Key::Ctrl('r').matches(KeyCode::Char('r'), true));
        assert!(!Key::Ctrl('r').matches(KeyCode::Char('r'), false));
        assert!(Key::char('r').matches(KeyCode::Char('r'), false));
        assert!(!Key::char('r').matches(KeyCode::Char('r'), true));
    }
}
