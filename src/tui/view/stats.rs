//! The statistics, drawn over the browser: the report `gridpuzzles stats` prints, scrolled with
//! the arrows.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};

use super::paint::{cell_style, panel};
use crate::theme::{Role, Theme};

/// The keys under the report.
pub const STATS_KEYS: &str = "up/down scroll  any other key closes";

/// Draws the report (or why there is none, or that it is being worked out) over `area`.
pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    report: Option<&Result<std::sync::Arc<[String]>, String>>,
    scroll: usize,
    theme: &Theme,
) {
    // Inside the browser's frame, above its message and key bar.
    let popup = Rect::new(
        area.x + 1,
        area.y + 1,
        area.width.saturating_sub(2),
        area.height.saturating_sub(4),
    );
    Clear.render(popup, buf);
    buf.set_style(popup, cell_style(theme, &[]));
    let block = panel(theme, "Statistics");
    let inner = block.inner(popup);
    block.render(popup, buf);
    if inner.height < 2 {
        return;
    }
    let max = usize::from(inner.width.saturating_sub(1));
    let text_style = cell_style(theme, &[Role::Text]);
    let rows = usize::from(inner.height - 1);
    match report {
        None => {
            buf.set_stringn(inner.x + 1, inner.y, "counting…", max, text_style);
        }
        Some(Err(why)) => {
            let style = cell_style(theme, &[Role::Text, Role::Error]);
            buf.set_stringn(inner.x + 1, inner.y, why, max, style);
        }
        Some(Ok(lines)) => {
            for (i, line) in lines.iter().skip(scroll).take(rows).enumerate() {
                // Game headings (not indented) stand out.
                let style = if line.starts_with(' ') || line.is_empty() {
                    text_style
                } else {
                    cell_style(theme, &[Role::Title])
                };
                buf.set_stringn(inner.x + 1, inner.y + i as u16, line, max, style);
            }
        }
    }
    buf.set_stringn(
        inner.x + 1,
        inner.bottom() - 1,
        STATS_KEYS,
        max,
        cell_style(theme, &[Role::Banner]),
    );
}
