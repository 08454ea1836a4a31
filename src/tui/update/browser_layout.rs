//! The browser's layout on the current terminal, as `update` needs it: where the list is, how
//! far a page goes, and keeping the selection in view.

use ratatui::layout::Rect;

use crate::tui::layout::browser::{BrowserLayout, message_height};
use crate::tui::model::Model;

/// The browser's layout on the current terminal (`None`: too small to draw).
pub fn layout(model: &Model) -> Option<BrowserLayout> {
    let lines = message_height(model, model.size.0);
    BrowserLayout::with_message(Rect::new(0, 0, model.size.0, model.size.1), lines)
}

/// Lines a page up or down moves: the list's height.
pub fn page_height(model: &Model) -> usize {
    layout(model).map_or(1, |l| usize::from(l.list.height).max(1))
}

/// Scrolls the browser so its selection shows on the current terminal.
pub fn keep_visible(model: &mut Model) {
    let height = layout(model).map_or(0, |l| usize::from(l.list.height));
    if height > 0 {
        model.browser.keep_visible(height);
    }
}
