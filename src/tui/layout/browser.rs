//! The browser's layout: where its panel, filter line, headings, list, message and key bar go,
//! and the message whose length decides how many lines it takes.

use ratatui::layout::Rect;

use super::footer;
use crate::tui::model::{Message, Model};

/// The smallest terminal the browser fits in (columns, rows).
pub const MIN_SIZE: (u16, u16) = (40, 8);

/// Rectangles of the browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BrowserLayout {
    /// The bordered panel.
    pub panel: Rect,
    /// The filter line.
    pub filters: Rect,
    /// The column headings.
    pub headings: Rect,
    /// The list of puzzles.
    pub list: Rect,
    /// The message line.
    pub message: Rect,
    /// The key bar.
    pub keys: Rect,
}

impl BrowserLayout {
    /// Lays the browser out in `area`; `None` when it is smaller than [`MIN_SIZE`].
    pub fn compute(area: Rect) -> Option<BrowserLayout> {
        BrowserLayout::with_message(area, 1)
    }

    /// The same with `message_lines` rows for the message (fewer when the list would lose its
    /// last row).
    pub fn with_message(area: Rect, message_lines: u16) -> Option<BrowserLayout> {
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            return None;
        }
        let message_lines = message_lines.clamp(1, 1 + area.height - MIN_SIZE.1);
        let panel = Rect::new(area.x, area.y, area.width, area.height - 1 - message_lines);
        let inner = Rect::new(panel.x + 1, panel.y + 1, panel.width - 2, panel.height - 2);
        let line = |y: u16| Rect::new(inner.x, y, inner.width, 1);
        Some(BrowserLayout {
            panel,
            filters: line(inner.y),
            headings: line(inner.y + 1),
            list: Rect::new(inner.x, inner.y + 2, inner.width, inner.height - 2),
            message: Rect::new(
                area.x,
                area.bottom() - 1 - message_lines,
                area.width,
                message_lines,
            ),
            keys: Rect::new(area.x, area.bottom() - 1, area.width, 1),
        })
    }
}

/// The browser's message: the last action's, a notice, or the puzzle being generated.
pub fn browser_message(model: &Model) -> Option<Message> {
    model.message_shown().or_else(|| {
        model.generating.as_ref().map(|r| {
            let waited = model.now.saturating_sub(model.generating_since);
            Message::info(format!(
                "generating a {} (seed {})... {:.1} s, Esc cancels",
                r.describe(),
                r.seed,
                waited.as_secs_f64()
            ))
        })
    })
}

/// Rows the browser's message takes on a terminal `width` columns wide.
pub fn message_height(model: &Model, width: u16) -> u16 {
    let text = browser_message(model).map(|m| m.text);
    text.map_or(1, |t| footer::lines(&t, width).len().max(1) as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_sits_between_the_headings_and_the_footer() {
        let l = BrowserLayout::compute(Rect::new(0, 0, 80, 24)).unwrap();
        assert_eq!(l.filters.y, 1);
        assert_eq!(l.headings.y, 2);
        assert_eq!((l.list.y, l.list.height), (3, 18));
        assert_eq!((l.message.y, l.keys.y), (22, 23));
        assert!(BrowserLayout::compute(Rect::new(0, 0, 39, 24)).is_none());
        assert!(BrowserLayout::compute(Rect::new(0, 0, 80, 7)).is_none());
    }
}
