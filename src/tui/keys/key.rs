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

    /// The key's name in the help overlay: `Enter`, `Del`, `Space`, `Ctrl-R`, `z`.
    pub fn name(self) -> String {
        // Spelled out rather than crossterm's names, which differ on macOS ("Return").
        let named = |code: KeyCode| match code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Enter => "Enter".to_string(),
            KeyCode::Esc => "Esc".to_string(),
            KeyCode::Backspace => "Backspace".to_string(),
            KeyCode::Delete => "Del".to_string(),
            KeyCode::Home => "Home".to_string(),
            KeyCode::End => "End".to_string(),
            KeyCode::PageUp => "PgUp".to_string(),
            KeyCode::PageDown => "PgDn".to_string(),
            other => other.to_string(),
        };
        match self {
            Key::Plain(code) => named(code),
            Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
            Key::CtrlKey(code) => format!("Ctrl-{}", named(code)),
        }
    }
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
    fn ctrl_keys_match_only_with_ctrl() {
        assert!(Key::Ctrl('r').matches(KeyCode::Char('r'), true));
        assert!(!Key::Ctrl('r').matches(KeyCode::Char('r'), false));
        assert!(Key::char('r').matches(KeyCode::Char('r'), false));
        assert!(!Key::char('r').matches(KeyCode::Char('r'), true));
    }
}
