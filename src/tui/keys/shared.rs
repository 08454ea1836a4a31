//! Keys both screens bind alike.

use crossterm::event::KeyCode;

use super::key::Key;
use crate::tui::msg::Msg;

/// A key pressed without Ctrl, sending `msg`.
pub const fn plain(code: KeyCode, msg: Msg) -> (Key, Msg) {
    (Key::Plain(code), msg)
}

/// A character key pressed without Ctrl, sending `msg`.
pub const fn letter(c: char, msg: Msg) -> (Key, Msg) {
    (Key::char(c), msg)
}

/// Quit: on every screen and over every overlay.
pub const QUIT: &[(Key, Msg)] = &[letter('q', Msg::Quit), (Key::Ctrl('c'), Msg::Quit)];
/// The next colour theme.
pub const THEME: &[(Key, Msg)] = &[letter('c', Msg::NextTheme)];
/// ASCII glyphs on or off.
pub const ASCII: &[(Key, Msg)] = &[letter('a', Msg::ToggleAscii)];
/// The help overlay.
pub const HELP: &[(Key, Msg)] = &[letter('?', Msg::ToggleHelp)];
/// Back (to the browser, or clearing its filters).
pub const BACK: &[(Key, Msg)] = &[plain(KeyCode::Esc, Msg::Back)];

/// What `c` does, in the help.
pub const THEME_WORDS: &str = "next colour theme";
/// What `a` does, in the help.
pub const ASCII_WORDS: &str = "ASCII glyphs on / off";
/// What `?` does, in the help.
pub const HELP_WORDS: &str =
    "this help: {key:help} Esc or q closes it; arrows, PgUp PgDn, Home End scroll it";
