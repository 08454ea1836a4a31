//! Confirmation prompts for restart and reveal.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};

use super::paint::{cell_style, panel};
use crate::theme::{Role, Theme};
use crate::tui::layout::centred;
use crate::tui::model::Confirm;

/// The prompt's title and question.
pub fn prompt_text(question: Confirm) -> (&'static str, &'static str) {
    match question {
        Confirm::Restart => ("Restart?", "Empty every square? (z undoes it)"),
        Confirm::Reveal => ("Reveal?", "Show the solution? (one move: z undoes it)"),
        Confirm::LeaveRandom => ("Leave?", "Leave? The moves made here are not kept"),
        Confirm::QuitRandom => ("Quit?", "Quit? The moves made here are not kept"),
        Confirm::DeleteMade => (
            "Delete?",
            "Delete this puzzle made here, with its moves and times?",
        ),
    }
}

/// Draws the prompt centred in `area`.
pub fn draw(buf: &mut Buffer, area: Rect, question: Confirm, theme: &Theme) {
    let (title, text) = prompt_text(question);
    let answer = "y / Enter: yes    n / Esc: no";
    let width = text.len().max(answer.len()) as u16 + 4;
    let popup = centred(area, width, 4);
    Clear.render(popup, buf);
    buf.set_style(popup, cell_style(theme, &[]));
    let block = panel(theme, title);
    let inner = block.inner(popup);
    block.render(popup, buf);
    let max = usize::from(inner.width.saturating_sub(1));
    buf.set_stringn(
        inner.x + 1,
        inner.y,
        text,
        max,
        cell_style(theme, &[Role::Text]),
    );
    if inner.height > 1 {
        buf.set_stringn(
            inner.x + 1,
            inner.y + 1,
            answer,
            max,
            cell_style(theme, &[Role::Banner]),
        );
    }
}
