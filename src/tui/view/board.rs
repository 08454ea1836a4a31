//! The board's squares: each a fixed two-column span, styled by layering theme roles.

use std::fmt::Write;

use ratatui::buffer::Buffer;
use ratatui::layout::Position;
use ratatui::style::Style;

use super::layout::PlayLayout;
use super::paint::cell_style;
use crate::game::{Game, Target};
use crate::grid::{Pos, Topology};
use crate::look::{Face, Look, SquareLook};
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
    let mut painter = SquarePainter::new(paint.theme, paint.glyphs);
    let view = layout.view;
    // Only the squares on screen: a 100x100 board in a small view costs what the view costs.
    for pos in view
        .row_range()
        .flat_map(|row| view.col_range().map(move |col| Pos::new(row, col)))
    {
        let Some((x, y)) = layout.cell_of(pos) else {
            continue;
        };
        let marks = SquareMarks {
            hint: hint.get(topology.index(pos)).copied().flatten(),
            error: paint.errors.contains(Target::Square(pos)),
            cursor: pos == cursor,
        };
        painter.draw(buf, x, y, state.square_look(pos), marks);
    }
}

/// What marks a square beyond its own look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareMarks {
    /// The hint's role on the square (`Hint` or `Premise`), when a hint shows it.
    pub hint: Option<Role>,
    /// Whether the game marks the square as breaking a rule.
    pub error: bool,
    /// Whether the cursor is on the square.
    pub cursor: bool,
}

/// Draws one square into the two cells at (`x`, `y`) exactly as the board draws it: its face in
/// `glyphs`, its look's roles layered over the background, then the hint's role, `Error` and the
/// cursor as `marks` say. Nothing is drawn unless both cells are inside `buf`. Tests read the
/// cells back to check what a theme shows.
pub fn draw_square(
    buf: &mut Buffer,
    (x, y): (u16, u16),
    look: SquareLook,
    marks: SquareMarks,
    theme: &Theme,
    glyphs: GlyphSet,
) {
    SquarePainter::new(theme, glyphs).draw(buf, x, y, look, marks);
}

/// Draws squares one after another, layering each distinct style once: a big board has
/// thousands of squares but a dozen looks.
struct SquarePainter<'a> {
    theme: &'a Theme,
    glyphs: GlyphSet,
    styles: StyleCache,
    /// Reused for numbers, so a frame does not allocate one string per numbered square.
    number: String,
}

impl<'a> SquarePainter<'a> {
    fn new(theme: &'a Theme, glyphs: GlyphSet) -> SquarePainter<'a> {
        SquarePainter {
            theme,
            glyphs,
            styles: StyleCache::default(),
            number: String::with_capacity(2),
        }
    }

    fn draw(&mut self, buf: &mut Buffer, x: u16, y: u16, look: SquareLook, marks: SquareMarks) {
        let key = StyleKey {
            roles: look.roles,
            hint: marks.hint,
            error: marks.error,
        };
        let style = self.styles.get(self.theme, key);
        let style = if marks.cursor {
            self.theme.with_cursor(style)
        } else {
            style
        };
        let text = match look.face {
            Face::Symbol(symbol) => glyph(self.glyphs, symbol),
            Face::Number(n) => {
                self.number.clear();
                let _ = write!(self.number, "{n:>2}");
                self.number.as_str()
            }
        };
        put_square(buf, x, y, text, style);
    }
}

/// What a square's style depends on, the cursor aside.
#[derive(Clone, Copy, PartialEq, Eq)]
struct StyleKey {
    roles: &'static [Role],
    hint: Option<Role>,
    error: bool,
}

/// The distinct square styles met so far, each layered once.
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
