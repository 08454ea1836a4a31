//! The undo-history panel: moves newest first, the current position marked, undone moves dimmed.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::{cell_style, panel};
use crate::game::Game;
use crate::look::describe_entry;
use crate::play::Play;
use crate::theme::{Role, Theme};
use crate::tui::model::{Session, with_session};

/// One line of the history panel.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HistoryLine {
    /// The move's number (0 is the starting position).
    pub number: usize,
    /// What the move did, e.g. `tent (3,4)`.
    pub text: String,
    /// Whether this is the current position.
    pub current: bool,
    /// Whether the move was undone (redo would replay it).
    pub undone: bool,
}

/// The panel's lines, newest first: undone moves, then done moves, then the start.
pub fn history_lines(session: &Session) -> Vec<HistoryLine> {
    with_session!(session, p => lines(p))
}

fn lines<G: Game>(play: &Play<G>) -> Vec<HistoryLine> {
    let done = play.history().done();
    let undone = play.history().undone();
    let total = done.len() + undone.len();
    let mut out = Vec::with_capacity(total + 1);
    // The redo stack keeps the next move to redo last, so its first entry is the newest.
    for (k, entry) in undone.iter().enumerate() {
        out.push(HistoryLine {
            number: total - k,
            text: describe_entry::<G>(entry),
            current: false,
            undone: true,
        });
    }
    for (i, entry) in done.iter().enumerate().rev() {
        out.push(HistoryLine {
            number: i + 1,
            text: describe_entry::<G>(entry),
            current: i + 1 == done.len(),
            undone: false,
        });
    }
    out.push(HistoryLine {
        number: 0,
        text: "start".to_string(),
        current: done.is_empty(),
        undone: false,
    });
    out
}

/// The first line to show so that the current line stays in a window of `height` lines.
pub fn scroll_offset(lines: &[HistoryLine], height: usize) -> usize {
    if lines.len() <= height || height == 0 {
        return 0;
    }
    let current = lines.iter().position(|l| l.current).unwrap_or(0);
    current.saturating_sub(height / 2).min(lines.len() - height)
}

/// Draws the panel in `area`.
pub fn draw(buf: &mut Buffer, area: Rect, session: &Session, theme: &Theme) {
    let block = panel(theme, "History");
    let inner = block.inner(area);
    block.render(area, buf);
    let lines = history_lines(session);
    let digits = lines.first().map_or(1, |l| l.number.to_string().len());
    let offset = scroll_offset(&lines, usize::from(inner.height));
    for (row, line) in lines
        .iter()
        .skip(offset)
        .take(usize::from(inner.height))
        .enumerate()
    {
        let role = if line.current {
            Role::HistoryCurrent
        } else if line.undone {
            Role::HistoryUndone
        } else {
            Role::Text
        };
        let marker = if line.current { '>' } else { ' ' };
        let text = format!("{marker}{:>digits$} {}", line.number, line.text);
        buf.set_stringn(
            inner.x,
            inner.y + row as u16,
            text,
            usize::from(inner.width),
            cell_style(theme, &[role]),
        );
    }
}
