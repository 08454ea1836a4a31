//! The hint panel: the shown hint's rule and its whole explanation, wrapped, at the foot of the
//! history column (the message line alone would cut long explanations off).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::paint::{cell_style, panel, put_text};
use crate::theme::{Role, Theme};
use crate::tui::layout::text::wrap;
use crate::tui::model::ShownHint;

/// The lines of the panel's body for a text `width` columns wide: the explanation.
pub fn hint_lines(hint: &ShownHint, width: usize) -> Vec<String> {
    wrap(&hint.explanation, width)
}

/// Draws the hint panel at the foot of the history column `column` (the lines it needs, at most
/// half the column); returns what is left above it for the history.
pub fn draw(buf: &mut Buffer, column: Rect, hint: &ShownHint, theme: &Theme) -> Rect {
    let width = usize::from(column.width.saturating_sub(2));
    let lines = hint_lines(hint, width);
    let height = (lines.len() as u16 + 2).min(column.height / 2);
    let history = Rect::new(column.x, column.y, column.width, column.height - height);
    let area = Rect::new(column.x, history.bottom(), column.width, height);
    if area.height >= 3 && area.width >= 4 {
        draw_panel(buf, area, hint, &lines, theme);
    }
    history
}

fn draw_panel(buf: &mut Buffer, area: Rect, hint: &ShownHint, lines: &[String], theme: &Theme) {
    let title = format!("Hint: {} ({})", hint.rule.name, hint.rule.tier);
    let next = Line::styled(" n applies it ", theme.style(Role::Dim));
    panel(theme, &title)
        .title_bottom(next.right_aligned())
        .render(area, buf);
    let width = usize::from(area.width - 2);
    let style = cell_style(theme, &[Role::Text]);
    for (i, line) in lines.iter().take(usize::from(area.height - 2)).enumerate() {
        put_text(buf, area.x + 1, area.y + 1 + i as u16, line, width, style);
    }
}
