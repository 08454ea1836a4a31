//! The won banner: shown in the message line while the position is solved.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::paint::{cell_style, put_text};
use crate::clock::clock;
use crate::theme::{Role, Theme};
use crate::tui::model::Finish;

/// The banner's text for how the puzzle was finished.
pub fn banner_text(finish: Option<Finish>) -> String {
    let headline = match finish {
        Some(Finish::Solved(d)) => format!("Solved in {}!", clock(d)),
        Some(Finish::Helped(d)) => format!("Solved with hints in {}.", clock(d)),
        Some(Finish::Revealed) => "Solution revealed.".to_string(),
        None => "Solved!".to_string(),
    };
    format!(" {headline}  z undo  r restart  q quit")
}

/// Draws the banner across `area`.
pub fn draw(buf: &mut Buffer, area: Rect, finish: Option<Finish>, theme: &Theme) {
    let style = cell_style(theme, &[Role::Banner]);
    buf.set_style(area, style);
    put_text(
        buf,
        area.x,
        area.y,
        &banner_text(finish),
        usize::from(area.width),
        style,
    );
}
