//! Proof mode's rule picker, drawn over the board: the filter typed, the rules it keeps (name,
//! kind), the selected one's description, and the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};

use super::paint::{cell_style, panel, put_text};
use crate::theme::{Role, Theme};
use crate::tui::layout::centred;
use crate::tui::layout::text::{fit_with_ellipsis, wrap};
use crate::tui::proof_mode::{Choice, Picker};

/// The keys under the list.
pub const PICKER_KEYS: &str = "type to filter  ↑↓ choose  Enter name it  Esc cancel";

/// The picker's lines for `choices` (those the filter keeps), `width` columns wide, at most
/// `height` lines: each line and its role.
pub fn picker_lines(
    picker: &Picker,
    choices: &[Choice],
    width: usize,
    height: usize,
) -> Vec<(String, Role)> {
    let mut lines = vec![(format!("> {}█", picker.field.text()), Role::Cursor)];
    let about = choices
        .get(picker.selected)
        .map(|c| wrap(c.about, width))
        .unwrap_or_default();
    // The list gets what the filter line, the description, a blank and the keys leave.
    let room = height.saturating_sub(3 + about.len()).max(1);
    let first = super::history::scroll_offset(choices.len(), picker.selected, room);
    if choices.is_empty() {
        lines.push(("no rule matches".into(), Role::HistoryUndone));
    }
    for (i, choice) in choices.iter().enumerate().skip(first).take(room) {
        let lock = if choice.locked { ", locked" } else { "" };
        let legup = choice
            .legup
            .map(|l| format!(", LEGUP {l}"))
            .unwrap_or_default();
        let text = format!(
            "{} ({}, {}{legup}{lock})",
            choice.name, choice.kind, choice.id
        );
        let role = if i == picker.selected {
            Role::HistoryCurrent
        } else {
            Role::Text
        };
        lines.push((fit_with_ellipsis(&text, width), role));
    }
    lines.extend(about.into_iter().map(|l| (l, Role::Premise)));
    lines.push((String::new(), Role::Text));
    lines.push((fit_with_ellipsis(PICKER_KEYS, width), Role::Banner));
    lines
}

/// Draws the picker centred in `area`.
pub fn draw(buf: &mut Buffer, area: Rect, picker: &Picker, choices: &[Choice], theme: &Theme) {
    let width = area.width.saturating_sub(4).min(90);
    let room = usize::from(width.saturating_sub(4));
    // Three rows free above and below, centred: the status line, the blank row and the key
    // bar stay in sight.
    let height = usize::from(area.height.saturating_sub(8)).max(3);
    let lines = picker_lines(picker, choices, room, height);
    let popup = centred(area, width, lines.len() as u16 + 2);
    Clear.render(popup, buf);
    buf.set_style(popup, cell_style(theme, &[]));
    let block = panel(theme, "Name the rule");
    let inner = block.inner(popup);
    block.render(popup, buf);
    for (i, (line, role)) in lines.iter().enumerate().take(usize::from(inner.height)) {
        let style = cell_style(theme, &[Role::Text, *role]);
        put_text(buf, inner.x + 1, inner.y + i as u16, line, room, style);
    }
}
