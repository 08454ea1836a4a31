//! A one-line text entry (the open prompt's): editing is `tui-input`'s, so cursor keys,
//! Home/End, word moves and the shell's Ctrl-U / Ctrl-W / Ctrl-K behave as players know them.
//! The field is a value like the rest of the model: an edit returns the field after it.

use tui_input::{Input, InputRequest};

/// An edit of a text field, as the keymap reads it from a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edit {
    /// Type a character at the cursor.
    Insert(char),
    /// The cursor one character left / right.
    Left,
    /// See [`Edit::Left`].
    Right,
    /// The cursor one word left / right.
    WordLeft,
    /// See [`Edit::WordLeft`].
    WordRight,
    /// The cursor to the start / end.
    Home,
    /// See [`Edit::Home`].
    End,
    /// Erase the character before / under the cursor.
    Backspace,
    /// See [`Edit::Backspace`].
    Delete,
    /// Erase the word before the cursor (Ctrl-W).
    EraseWord,
    /// Erase from the start to the cursor (Ctrl-U).
    EraseToStart,
    /// Erase from the cursor to the end (Ctrl-K).
    EraseToEnd,
}

/// A one-line text entry and its cursor.
#[derive(Clone, Debug, Default)]
pub struct TextField(Input);

impl PartialEq for TextField {
    fn eq(&self, other: &Self) -> bool {
        self.text() == other.text() && self.cursor() == other.cursor()
    }
}

impl Eq for TextField {}

impl TextField {
    /// A field holding `text`, the cursor at its end.
    pub fn new(text: &str) -> TextField {
        TextField(Input::new(text.to_string()))
    }

    /// What the field holds.
    pub fn text(&self) -> &str {
        self.0.value()
    }

    /// The characters before the cursor.
    pub fn cursor(&self) -> usize {
        self.0.cursor()
    }

    /// The field after `edit`.
    pub fn edited(&self, edit: Edit) -> TextField {
        let request = match edit {
            Edit::Insert(c) => InputRequest::InsertChar(c),
            Edit::Left => InputRequest::GoToPrevChar,
            Edit::Right => InputRequest::GoToNextChar,
            Edit::WordLeft => InputRequest::GoToPrevWord,
            Edit::WordRight => InputRequest::GoToNextWord,
            Edit::Home => InputRequest::GoToStart,
            Edit::End => InputRequest::GoToEnd,
            Edit::Backspace => InputRequest::DeletePrevChar,
            Edit::Delete => InputRequest::DeleteNextChar,
            Edit::EraseWord => InputRequest::DeletePrevWord,
            Edit::EraseToStart => InputRequest::DeleteFromStart,
            Edit::EraseToEnd => InputRequest::DeleteTillEnd,
        };
        let mut input = self.0.clone();
        input.handle(request);
        TextField(input)
    }

    /// The field with `text` pasted at the cursor (line breaks and other control characters
    /// left out: the field is one line).
    pub fn pasted(&self, text: &str) -> TextField {
        text.chars()
            .filter(|c| !c.is_control())
            .fold(self.clone(), |field, c| field.edited(Edit::Insert(c)))
    }

    /// What a line `width` columns wide shows of the field: the first character shown and the
    /// cursor's column in the line, so the cursor is always on screen.
    pub fn window(&self, width: usize) -> (usize, usize) {
        let chars: Vec<char> = self.text().chars().collect();
        let cursor = self.cursor().min(chars.len());
        let room = width.max(1);
        // Keep the cursor on the last column at most (the column past the text counts).
        let first = (cursor + 1).saturating_sub(room);
        (first, cursor - first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(field: &TextField, edits: &[Edit]) -> TextField {
        edits.iter().fold(field.clone(), |f, &e| f.edited(e))
    }

    #[test]
    fn cursor_keys_home_end_and_the_shell_s_erasing_keys() {
        let f = TextField::new("tents:8x8:zz");
        assert_eq!(f.cursor(), 12);
        let f = edit(&f, &[Edit::Left, Edit::Left, Edit::Insert('a')]);
        assert_eq!((f.text(), f.cursor()), ("tents:8x8:azz", 11));
        let f = edit(&f, &[Edit::Home, Edit::Delete]);
        assert_eq!((f.text(), f.cursor()), ("ents:8x8:azz", 0));
        let f = edit(&f, &[Edit::End, Edit::Backspace]);
        assert_eq!(f.text(), "ents:8x8:az");
        let f = edit(&TextField::new("lightup/default x"), &[Edit::EraseWord]);
        assert_eq!(f.text(), "lightup/default ");
        let f = edit(
            &TextField::new("abc def"),
            &[Edit::WordLeft, Edit::EraseToStart],
        );
        assert_eq!((f.text(), f.cursor()), ("def", 0));
        let f = edit(
            &TextField::new("abc def"),
            &[Edit::WordLeft, Edit::EraseToEnd],
        );
        assert_eq!(f.text(), "abc ");
    }

    #[test]
    fn a_paste_is_typed_at_the_cursor_on_one_line() {
        let f = TextField::new("tents:").pasted("8x8:zz\r\n");
        assert_eq!((f.text(), f.cursor()), ("tents:8x8:zz", 12));
    }

    #[test]
    fn the_window_keeps_the_cursor_in_view() {
        let f = TextField::new("0123456789");
        assert_eq!(f.window(5), (6, 4));
        assert_eq!(edit(&f, &[Edit::Home]).window(5), (0, 0));
        assert_eq!(TextField::new("ab").window(5), (0, 2));
    }
}
