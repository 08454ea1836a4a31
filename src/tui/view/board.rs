//! The board's squares: each a fixed two-column span, styled by layering theme roles.

use std::collections::HashSet;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::cell_style;
use super::layout::{PlayLayout, SQUARE_WIDTH};
use crate::game::{Game, Target};
use crate::grid::Pos;
use crate::look::{Face, Look};
use crate::play::Play;
use crate::theme::{GlyphSet, Role, Theme, glyph};
use crate::tui::model::{PlayScreen, Session, with_session};

/// How the board is drawn: the theme, its glyph set and the squares and clues in error.
pub struct Paint<'a> {
    /// The theme in use.
    pub theme: &'a Theme,
    /// The glyph set in use.
    pub glyphs: GlyphSet,
    /// Every square and clue the game marks as an error.
    pub errors: &'a HashSet<Target>,
}

/// Draws every square of the play screen's board, the cursor and the error marks.
pub fn draw(buf: &mut Buffer, layout: &PlayLayout, screen: &PlayScreen, paint: &Paint) {
    with_session!(&screen.session, p => draw_game(buf, layout, p, screen.cursor, paint));
}

/// The targets the session's position marks as errors.
pub fn error_targets(session: &Session) -> HashSet<Target> {
    with_session!(session, p => p.state().error_marks().into_iter().map(|m| m.target).collect())
}

fn draw_game<G: Look>(
    buf: &mut Buffer,
    layout: &PlayLayout,
    play: &Play<G>,
    cursor: Pos,
    paint: &Paint,
) {
    let state = play.state();
    let (theme, errors) = (paint.theme, paint.errors);
    let mut roles = Vec::with_capacity(5);
    for pos in state.topology().positions() {
        let look = state.square_look(pos);
        roles.clear();
        roles.extend_from_slice(look.roles);
        if errors.contains(&Target::Square(pos)) {
            roles.push(Role::Error);
        }
        if pos == cursor {
            roles.push(Role::Cursor);
        }
        let style = cell_style(theme, &roles);
        let (x, y) = layout.cell_of(pos);
        match look.face {
            Face::Symbol(symbol) => buf.set_stringn(x, y, glyph(paint.glyphs, symbol), 2, style),
            Face::Number(n) => buf.set_stringn(x, y, format!("{n:>2}"), 2, style),
        };
        // A wide glyph blanks the cell after it: give both columns the square's style.
        buf.set_style(Rect::new(x, y, SQUARE_WIDTH, 1), style);
    }
}
