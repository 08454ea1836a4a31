//! The board's squares: each a fixed two-column span, styled by layering theme roles.

use std::fmt::Write;

use ratatui::buffer::Buffer;
use ratatui::layout::Position;
use ratatui::style::Style;

use super::layout::PlayLayout;
use super::paint::cell_style;
use crate::game::{Game, Target};
use crate::grid::{Pos, Topology};
use crate::look::{Face, Look};
use crate::play::Play;
use crate::theme::{GlyphSet, Role, Theme, glyph};
use crate::tui::model::{PlayScreen, Session, ShownHint, with_session};

/// The squares and clues a position marks as errors, looked up in constant time while drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorSet {
    topology: Topology,
    squares: Vec<bool>,
    rows: Vec<bool>,
    cols: Vec<bool>,
}

impl ErrorSet {
    /// The error marks of the session's current position.
    pub fn of(session: &Session) -> ErrorSet {
        let topology = session.topology();
        let marks = with_session!(session, p => p.state().error_marks());
        let mut set = ErrorSet {
            topology,
            squares: vec![false; topology.len()],
            rows: vec![false; topology.rows],
            cols: vec![false; topology.cols],
        };
        for mark in marks {
            let flag = match mark.target {
                Target::Square(p) if topology.contains(p) => &mut set.squares[topology.index(p)],
                Target::Row(r) if r < topology.rows => &mut set.rows[r],
                Target::Col(c) if c < topology.cols => &mut set.cols[c],
                _ => continue,
            };
            *flag = true;
        }
        set
    }

    /// Whether `target` is marked.
    pub fn contains(&self, target: Target) -> bool {
        match target {
            Target::Square(p) => self.topology.contains(p) && self.squares[self.topology.index(p)],
            Target::Row(r) => self.rows.get(r).copied().unwrap_or(false),
            Target::Col(c) => self.cols.get(c).copied().unwrap_or(false),
        }
    }
}

/// How the board is drawn: the theme, its glyph set and the squares and clues in error.
pub struct Paint<'a> {
    /// The theme in use.
    pub theme: &'a Theme,
    /// The glyph set in use.
    pub glyphs: GlyphSet,
    /// Every square and clue the game marks as an error.
    pub errors: &'a ErrorSet,
}

/// Draws every square of the play screen's board, the cursor, the error marks and the hint.
pub fn draw(buf: &mut Buffer, layout: &PlayLayout, screen: &PlayScreen, paint: &Paint) {
    let hint = hint_roles(
        screen.session.topology(),
        screen.hint.as_ref(),
        &screen.marks,
    );
    with_session!(&screen.session, p => draw_game(buf, layout, p, screen.cursor, paint, &hint));
}

/// The hint role of every square (by index): `hint` for squares decided (and for `marks`, the
/// squares that differ from the solution), `premise` for squares looked at; empty when nothing
/// is marked.
fn hint_roles(topology: Topology, hint: Option<&ShownHint>, marks: &[Pos]) -> Vec<Option<Role>> {
    if hint.is_none() && marks.is_empty() {
        return Vec::new();
    }
    let mut roles = vec![None; topology.len()];
    for &p in marks {
        if topology.contains(p) {
            roles[topology.index(p)] = Some(Role::Hint);
        }
    }
    let Some(hint) = hint else {
        return roles;
    };
    for target in &hint.premises {
        if let Target::Square(p) = *target
            && topology.contains(p)
        {
            roles[topology.index(p)] = Some(Role::Premise);
        }
    }
    for &p in &hint.sets {
        if topology.contains(p) {
            roles[topology.index(p)] = Some(Role::Hint);
        }
    }
    roles
}

fn draw_game<G: Look>(
    buf: &mut Buffer,
    layout: &PlayLayout,
    play: &Play<G>,
    cursor: Pos,
    paint: &Paint,
    hint: &[Option<Role>],
) {
    let state = play.state();
    let topology = state.topology();
    let (theme, errors) = (paint.theme, paint.errors);
    let mut styles = StyleCache::default();
    let mut number = String::with_capacity(2);
    let view = layout.view;
    // Only the squares on screen: a 100x100 board in a small view costs what the view costs.
    for pos in view
        .row_range()
        .flat_map(|row| view.col_range().map(move |col| Pos::new(row, col)))
    {
        let Some((x, y)) = layout.cell_of(pos) else {
            continue;
        };
        let look = state.square_look(pos);
        let key = StyleKey {
            roles: look.roles,
            hint: hint.get(topology.index(pos)).copied().flatten(),
            error: errors.contains(Target::Square(pos)),
        };
        let style = styles.get(theme, key);
        let style = if pos == cursor {
            theme.with_cursor(style)
        } else {
            style
        };
        let text = match look.face {
            Face::Symbol(symbol) => glyph(paint.glyphs, symbol),
            Face::Number(n) => {
                number.clear();
                let _ = write!(number, "{n:>2}");
                number.as_str()
            }
        };
        put_square(buf, x, y, text, style);
    }
}

/// What a square's style depends on.
#[derive(Clone, Copy, PartialEq, Eq)]
struct StyleKey {
    roles: &'static [Role],
    hint: Option<Role>,
    error: bool,
}

/// The few distinct square styles of a frame, layered once each: a big board has thousands of
/// squares but a dozen looks.
#[derive(Default)]
struct StyleCache {
    known: Vec<(StyleKey, Style)>,
}

impl StyleCache {
    fn get(&mut self, theme: &Theme, key: StyleKey) -> Style {
        if let Some((_, style)) = self.known.iter().find(|(k, _)| *k == key) {
            return *style;
        }
        let mut roles: Vec<Role> = key.roles.to_vec();
        roles.extend(key.hint);
        if key.error {
            roles.push(Role::Error);
        }
        let style = cell_style(theme, &roles);
        self.known.push((key, style));
        style
    }
}

/// Writes a square's two columns: one wide glyph (the second column blank, as ratatui expects
/// after a wide symbol) or two narrow characters, both columns in `style`.
fn put_square(buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style) {
    if !buf.area.contains(Position::new(x, y)) || !buf.area.contains(Position::new(x + 1, y)) {
        return;
    }
    let mut chars = text.chars();
    let mut bytes = [0u8; 4];
    let (first, second) = match (chars.next(), chars.next()) {
        (Some(a), Some(b)) => (a, b),
        (Some(wide), None) => (wide, ' '),
        _ => (' ', ' '),
    };
    let i = buf.index_of(x, y);
    buf.content[i]
        .set_symbol(first.encode_utf8(&mut bytes))
        .set_style(style);
    buf.content[i + 1]
        .set_symbol(second.encode_utf8(&mut bytes))
        .set_style(style);
}
