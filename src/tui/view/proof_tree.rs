//! The proof tree panel, in place of the history in proof mode (docs/rules.md#proof-mode): steps in
//! order with their rules, branches indented under their case step, the player's line marked,
//! closed branches and invalid steps marked with their reason.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::history::scroll_offset;
use super::paint::{cell_style, panel, put_text};
use crate::proof::session::{LineState, TreeLine};
use crate::theme::{Role, Theme};
use crate::tui::layout::text::{fit_with_ellipsis, wrap};
use crate::tui::proof_mode::line_text;

/// The role a tree line is drawn in.
fn role_of(line: &TreeLine, current: bool) -> Role {
    match &line.state {
        _ if current => Role::HistoryCurrent,
        LineState::Invalid(_) => Role::Error,
        LineState::Closes | LineState::ClosedBranch => Role::HistoryUndone,
        LineState::Start | LineState::Valid => Role::Text,
    }
}

/// One tree line as text: the marker, the number, the indentation, what it says.
pub fn row_text(line: &TreeLine, current: bool) -> String {
    let marker = if current { '>' } else { ' ' };
    let number = if line.number == 0 {
        "  ".to_string()
    } else {
        format!("{:>2}", line.number)
    };
    format!(
        "{marker}{number} {}{}",
        "  ".repeat(line.depth),
        line_text(line)
    )
}

/// Draws the panel in `area` titled `title`: one row a line, the player's line whole
/// (wrapped), the window keeping it in view.
pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    title: &str,
    lines: &[TreeLine],
    current: usize,
    theme: &Theme,
) {
    let block = panel(theme, title);
    let inner = block.inner(area);
    block.render(area, buf);
    let width = usize::from(inner.width);
    let height = usize::from(inner.height);
    let current_rows = lines
        .get(current)
        .map_or(1, |l| wrap(&row_text(l, true), width).len().max(1));
    let window = height.saturating_sub(current_rows - 1).max(1);
    let first = scroll_offset(lines.len(), current, window);
    let mut y = inner.y;
    for (i, line) in lines.iter().enumerate().skip(first) {
        let is_current = i == current;
        let style = cell_style(theme, &[Role::Text, role_of(line, is_current)]);
        let text = row_text(line, is_current);
        let rows = if is_current {
            wrap(&text, width)
        } else {
            vec![fit_with_ellipsis(&text, width)]
        };
        for row in rows {
            if y >= inner.bottom() {
                return;
            }
            put_text(buf, inner.x, y, &row, width, style);
            y += 1;
        }
    }
}
