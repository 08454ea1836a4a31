//! The clues beside the board: row counts at the right, column counts below.

use std::collections::HashSet;

use ratatui::buffer::Buffer;

use super::cell_style;
use super::layout::{PlayLayout, SQUARE_WIDTH};
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
    errors: &HashSet<Target>,
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
    errors: &HashSet<Target>,
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
        let style = clue_style(theme, clue, errors.contains(&Target::Row(r)));
        let y = area.y + r as u16;
        buf.set_stringn(
            area.x + 1,
            y,
            format!("{:>width$}", clue.value),
            width,
            style,
        );
    }
    let area = layout.col_clues;
    for (c, clue) in cols.into_iter().enumerate() {
        let style = clue_style(theme, clue, errors.contains(&Target::Col(c)));
        let x = area.x + c as u16 * SQUARE_WIDTH;
        buf.set_stringn(x, area.y, format!("{:>2}", clue.value), 2, style);
    }
}
