//! The message area under the board, drawn: its content and its lines are the layout's
//! ([`crate::tui::layout::footer`]).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::paint::{cell_style, put_text};
use crate::theme::{Role, Theme};
use crate::tui::layout::footer::{Footer, lines};

/// Draws `footer` in `area`, one wrapped line a row.
pub fn draw(buf: &mut Buffer, area: Rect, footer: Option<&Footer>, theme: &Theme) {
    let Some(footer) = footer else {
        return;
    };
    let style = cell_style(theme, &[footer.role]);
    if footer.role == Role::Banner {
        buf.set_style(area, style);
    }
    for (i, line) in lines(&footer.text, area.width)
        .iter()
        .take(usize::from(area.height))
        .enumerate()
    {
        let text = format!(" {line} ");
        put_text(
            buf,
            area.x,
            area.y + i as u16,
            &text,
            usize::from(area.width),
            style,
        );
    }
}
