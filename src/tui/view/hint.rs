//! The hint panel: the shown hint's rule and its whole explanation, wrapped, at the foot of the
//! history column (the message line alone would cut long explanations off).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::paint::{cell_style, fit_with_ellipsis, panel, put_text};
use crate::theme::{Role, Theme};
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

/// Draws the hint on one line (the message line when the panel is folded away): rule and
/// reason, cut with an ellipsis; `p` shows the panel with the whole text.
pub fn draw_line(buf: &mut Buffer, area: Rect, hint: &ShownHint, theme: &Theme) {
    let text = format!(
        " hint: {} ({}): {} ",
        hint.rule.name, hint.rule.tier, hint.explanation
    );
    let text = fit_with_ellipsis(&text, usize::from(area.width));
    put_text(
        buf,
        area.x,
        area.y,
        &text,
        usize::from(area.width),
        cell_style(theme, &[Role::Text]),
    );
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

/// Greedy word wrap to `width` columns; words longer than a line are cut.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let word: String = word.chars().take(width).collect();
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_within_the_width() {
        let text = "Row 1 has no tents, so its free squares are grass";
        let lines = wrap(text, 16);
        assert_eq!(
            lines,
            ["Row 1 has no", "tents, so its", "free squares are", "grass"]
        );
        assert_eq!(lines.join(" "), text);
        assert_eq!(wrap("abcdefghij", 4), ["abcd"]);
        assert!(wrap("", 10).is_empty());
    }
}
