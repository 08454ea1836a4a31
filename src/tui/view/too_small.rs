//! The screen shown when the terminal is too small for the board; it recovers on resize.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::paint::cell_style;
use crate::theme::{Role, Theme};

/// The lines of the message, for a terminal of `have` needing `need` (columns, rows).
pub fn too_small_lines(need: (u16, u16), have: (u16, u16)) -> [String; 3] {
    [
        "Please enlarge the terminal".to_string(),
        format!("to {}x{} (now {}x{})", need.0, need.1, have.0, have.1),
        "q quits".to_string(),
    ]
}

/// Draws the message centred in `area`, word-wrapped to its width.
pub fn draw(buf: &mut Buffer, area: Rect, need: (u16, u16), theme: &Theme) {
    let style = cell_style(theme, &[Role::Text]);
    let lines = too_small_lines(need, (area.width, area.height));
    let width = usize::from(area.width);
    let wrapped: Vec<String> = lines.iter().flat_map(|l| wrap(l, width)).collect();
    let top = area.y + area.height.saturating_sub(wrapped.len() as u16) / 2;
    for (i, line) in wrapped.iter().enumerate() {
        let y = top + i as u16;
        if y >= area.bottom() {
            break;
        }
        let x = area.x + (width.saturating_sub(line.len()) / 2) as u16;
        buf.set_stringn(x, y, line, width, style);
    }
}

/// Splits `text` into lines of at most `width` characters at spaces (long words are cut).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_spaces() {
        assert_eq!(
            wrap("please enlarge the terminal", 10),
            ["please", "enlarge", "the", "terminal"]
        );
        assert_eq!(wrap("a b c", 80), ["a b c"]);
    }
}
