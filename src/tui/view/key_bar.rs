//! The one-line key bar, fitted to any width: full labels when they fit, short ones when not,
//! then the least needed entries dropped; the ones a player must always find (`n hint`,
//! `? help`, `Esc back`, `q quit`) stay.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use super::paint::{cell_style, put_text};
use crate::theme::{Role, Theme};
use crate::tui::keys::BarEntry;

/// The entries and labels the bar shows in `width` columns: `(key, label)` in their order.
pub fn fit(entries: &[BarEntry], width: usize) -> Vec<(&str, &'static str)> {
    let long: Vec<_> = entries.iter().map(|e| (e.key.as_str(), e.label)).collect();
    if bar_width(&long, 2) <= width {
        return long;
    }
    let mut kept: Vec<&BarEntry> = entries.iter().collect();
    loop {
        let short: Vec<_> = kept
            .iter()
            .map(|e| (e.short.0.as_str(), e.short.1))
            .collect();
        if bar_width(&short, 2) <= width {
            return short;
        }
        let Some(drop) = kept
            .iter()
            .enumerate()
            .filter(|(_, e)| e.keep != u8::MAX)
            .min_by_key(|(i, e)| (e.keep, std::cmp::Reverse(*i)))
            .map(|(i, _)| i)
        else {
            return short;
        };
        kept.remove(drop);
    }
}

/// Columns a bar takes: a leading space, then `key label` entries `gap` spaces apart.
fn bar_width(entries: &[(&str, &str)], gap: usize) -> usize {
    let text: usize = entries
        .iter()
        .map(|(k, l)| k.chars().count() + 1 + l.chars().count())
        .sum();
    1 + text + gap * entries.len().saturating_sub(1)
}

/// Draws the bar for `entries` in `area`, keys in bold.
pub fn draw(buf: &mut Buffer, area: Rect, entries: &[BarEntry], theme: &Theme) {
    let style = cell_style(theme, &[Role::KeyBar]);
    buf.set_style(area, style);
    let bold = style.add_modifier(Modifier::BOLD);
    let width = usize::from(area.width);
    let shown = fit(entries, width);
    let gap = "  ";
    let end = usize::from(area.right());
    let room = |x: u16| end.saturating_sub(usize::from(x));
    let mut x = area.x + 1;
    for (i, (key, label)) in shown.iter().enumerate() {
        if i > 0 {
            x = put_text(buf, x, area.y, gap, room(x), style);
        }
        x = put_text(buf, x, area.y, key, room(x), bold);
        x = put_text(buf, x, area.y, " ", room(x), style);
        x = put_text(buf, x, area.y, label, room(x), style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keys::{KeyEntry, always, entry};

    const TABLE: &[KeyEntry] = &[
        entry("arrows", "move", ("hjkl", "move"), 9),
        entry("Space", "cycle", ("Spc", "cyc"), 2),
        entry("r", "restart", ("r", "rst"), 1),
        always("?", "help", ("?", "help")),
        always("q", "quit", ("q", "quit")),
    ];

    fn entries() -> Vec<BarEntry> {
        TABLE.iter().map(|&e| e.into()).collect()
    }

    #[test]
    fn full_labels_when_they_fit() {
        assert_eq!(fit(&entries(), 200).len(), 5);
        assert_eq!(fit(&entries(), 200)[2], ("r", "restart"));
    }

    #[test]
    fn short_labels_then_drops_keep_the_essentials() {
        let entries = entries();
        let short = fit(&entries, 42);
        assert_eq!(short[2], ("r", "rst"));
        assert_eq!(short[0], ("hjkl", "move"));
        let narrow = fit(&entries, 24);
        assert!(narrow.contains(&("q", "quit")) && narrow.contains(&("?", "help")));
        assert!(
            !narrow.iter().any(|(k, _)| *k == "r"),
            "restart drops first"
        );
        assert!(bar_width(&narrow, 2) <= 24);
        // Narrower than the essentials: they are all still asked for (and cut when drawn).
        assert_eq!(fit(&entries, 5), [("?", "help"), ("q", "quit")]);
    }
}
