//! What can be wrong with a theme file, located by path, line and column.

use std::fmt;
use std::path::PathBuf;

/// A 1-based line and column (columns count characters, not bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl Position {
    /// The position of byte offset `offset` in `text` (clamped to the text).
    pub fn of_offset(text: &str, offset: usize) -> Position {
        let mut end = offset.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let before = &text[..end];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Position {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// A theme file that could not be used; the rest of the themes still load.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ThemeError {
    /// The file (built-ins are named `themes/<name>.toml`).
    pub path: PathBuf,
    /// Where in the file, when the problem has a place (I/O errors do not; bytes that are
    /// not UTF-8 do).
    pub position: Option<Position>,
    /// What was wrong.
    pub kind: ThemeErrorKind,
}

impl ThemeError {
    /// The 1-based line, if the error has a place in the file.
    pub fn line(&self) -> Option<usize> {
        self.position.map(|p| p.line)
    }

    /// The 1-based column, if the error has a place in the file.
    pub fn column(&self) -> Option<usize> {
        self.position.map(|p| p.column)
    }
}

impl fmt::Display for ThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some(p) => write!(f, "{}:{}: {}", self.path.display(), p, self.kind),
            None => write!(f, "{}: {}", self.path.display(), self.kind),
        }
    }
}

/// The kinds of theme-file problems.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThemeErrorKind {
    /// The file is not valid TOML, or has a key or value of the wrong shape.
    #[error("bad TOML: {0}")]
    Toml(String),
    /// A key under `[styles]` that names no role.
    #[error("unknown role `{0}` (expected one of: {list})", list = role_list())]
    UnknownRole(String),
    /// A colour that is not a name, an index 0-255 or `#rrggbb`.
    #[error(
        "bad colour `{value}` for `{field}`: expected a colour name (black, red, green, yellow, \
         blue, magenta, cyan, gray, dark-gray, light-red, …, white, reset), an index \"0\"-\"255\" \
         or \"#rrggbb\""
    )]
    BadColour {
        /// The style field (`fg`, `bg`, `underline_color`).
        field: String,
        /// The text found.
        value: String,
    },
    /// A modifier list with a name that is not a modifier.
    #[error(
        "bad modifier `{value}` for `{field}`: expected names joined by `|` from BOLD, DIM, \
         ITALIC, UNDERLINED, SLOW_BLINK, RAPID_BLINK, REVERSED, HIDDEN, CROSSED_OUT"
    )]
    BadModifier {
        /// The style field (`add_modifier`, `sub_modifier`).
        field: String,
        /// The text found.
        value: String,
    },
    /// `glyphs` names no glyph set.
    #[error("unknown glyph set `{0}`: expected \"emoji\" or \"ascii\"")]
    UnknownGlyphSet(String),
    /// `parent` names no theme.
    #[error("unknown parent theme `{0}`")]
    UnknownParent(String),
    /// The `parent` theme exists but could not itself be resolved (its own error says why).
    #[error("parent theme `{0}` could not be loaded")]
    BrokenParent(String),
    /// Following `parent` links comes back to a theme already visited.
    #[error("parent cycle: {}", .0.join(" -> "))]
    ParentCycle(Vec<String>),
    /// The file could not be read (or the folder listed).
    #[error("cannot read: {0}")]
    Io(String),
    /// The path is not a regular file (what it is, in words: `a FIFO (named pipe)`, `a
    /// dangling link to …`); it is not opened for reading.
    #[error("not a theme file: {0}")]
    NotRegular(String),
    /// The file is not UTF-8 text; the position is that of the first bad byte.
    #[error("not UTF-8 text")]
    NotUtf8,
    /// The file is larger than any theme needs; it is not read.
    #[error("too large: {size} bytes (a theme file holds at most {max})")]
    TooLarge {
        /// The file's size in bytes.
        size: u64,
        /// The largest size read.
        max: u64,
    },
}

fn role_list() -> String {
    super::Role::ALL
        .iter()
        .map(|r| r.key())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based_and_count_characters() {
        let text = "a = 1\nbé = \"x\"\n";
        assert_eq!(
            Position::of_offset(text, 0),
            Position { line: 1, column: 1 }
        );
        assert_eq!(
            Position::of_offset(text, 6),
            Position { line: 2, column: 1 }
        );
        // "bé " is 4 bytes but 3 characters.
        assert_eq!(
            Position::of_offset(text, 10),
            Position { line: 2, column: 4 }
        );
        // Inside a multi-byte character and past the end are clamped, never a panic.
        assert_eq!(
            Position::of_offset(text, 8),
            Position { line: 2, column: 2 }
        );
        assert_eq!(
            Position::of_offset(text, 999),
            Position { line: 3, column: 1 }
        );
    }
}
