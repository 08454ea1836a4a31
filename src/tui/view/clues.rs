//! The clues beside the board: row counts at the right, column counts below.

use ratatui::buffer::Buffer;

use super::board::ErrorSet;
use super::layout::{PlayLayout, SQUARE_WIDTH};
use super::{cell_style, put_text};
use crate::game::Target;
use crate::look::{LineClue, Look};
use crate::play::Play;
use crate::theme::{Role, Theme};
use crate::tui::model::{Session, with_session};

/// Draws the row and column clues, coloured satisfied / not yet / exceeded, errors marked.
pub fn draw(
    buf: &mut Buffer,
    layout: &PlayLayout,
    session: &Session,
    theme: &Theme,
    errors: &ErrorSet,
) {
    with_session!(session, p => draw_game(buf, layout, p, theme, errors));
}

fn clue_style(theme: &Theme, clue: LineClue, in_error: bool) -> ratatui::style::Style {
    let state = clue.state.role();
    if in_error {
        cell_style(theme, &[Role::Clue, state, Role::Error])
    } else {
        cell_style(theme, &[Role::Clue, state])
    }
}

fn draw_game<G: Look>(
    buf: &mut Buffer,
    layout: &PlayLayout,
    play: &Play<G>,
    theme: &Theme,
    errors: &ErrorSet,
) {
    let state = play.state();
    let rows = state.row_clues();
    let cols = state.col_clues();
    if rows.is_empty() && cols.is_empty() {
        return;
    }
    let area = layout.row_clues;
    let width = usize::from(area.width.saturating_sub(1));
    for (r, clue) in rows.into_iter().enumerate() {
        let style = clue_style(theme, clue, errors.contains(Target::Row(r)));
        let y = area.y + r as u16;
        let text = format!("{:>width$}", clue.value);
        put_text(buf, area.x + 1, y, &text, width, style);
    }
    let area = layout.col_clues;
    for (c, clue) in cols.into_iter().enumerate() {
        let style = clue_style(theme, clue, errors.contains(Target::Col(c)));
        let x = area.x + c as u16 * SQUARE_WIDTH;
        put_text(buf, x, area.y, &format!("{:>2}", clue.value), 2, style);
    }
}
