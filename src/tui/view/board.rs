//! The board's squares: each a fixed two-column span, styled by layering theme roles.

use std::num::NonZeroU16;

use ratatui::buffer::{Buffer, Cell, CellDiffOption};
use unicode_width::UnicodeWidthChar;

use super::paint::{cell_style, row_cells};
use crate::game::Target;
use crate::grid::{Pos, Topology};
use crate::look::{Face, Look, SquareLook};
use crate::play::Play;
use crate::proof::session::SquareMark;
use crate::theme::{GlyphSet, Role, Theme, glyph};
use crate::tui::error_set::ErrorSet;
use crate::tui::layout::{PlayLayout, SQUARE_WIDTH};
use crate::tui::model::{PlayScreen, ShownHint, with_session};

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
    let mut hint = hint_roles(
        screen.session.topology(),
        screen.hint.as_ref(),
        &screen.marks,
    );
    if let Some(mode) = &screen.proof {
        proof_roles(screen.session.topology(), &mode.marks(), &mut hint);
    }
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

/// Proof mode's marks over the hint roles: the squares of the step just before the position
/// shown as justified (`Satisfied`) or not (`Error`), and the squares waiting for a rule
/// (`Premise`).
fn proof_roles(topology: Topology, marks: &[(Pos, SquareMark)], roles: &mut Vec<Option<Role>>) {
    if marks.is_empty() {
        return;
    }
    if roles.is_empty() {
        *roles = vec![None; topology.len()];
    }
    for (p, mark) in marks {
        if topology.contains(*p) {
            roles[topology.index(*p)] = Some(match mark {
                SquareMark::Valid => Role::Satisfied,
                SquareMark::Invalid(_) => Role::Error,
                SquareMark::Pending => Role::Premise,
            });
        }
    }
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
    let squares = layout.squares;
    // Only the squares on screen: a 100x100 board in a small view costs what the view costs.
    for (y, row) in (squares.y..).zip(view.row_range()) {
        let cells = row_cells(buf, squares.x, y, squares.width);
        // The row's marks as slices: looked up by column, no position worked out per square.
        let errors = paint.errors.row(row);
        let hints = hint
            .get(row * topology.cols..(row + 1) * topology.cols)
            .unwrap_or_default();
        for (pair, col) in cells.chunks_exact_mut(2).zip(view.col_range()) {
            let pos = Pos::new(row, col);
            let marks = SquareMarks {
                hint: hints.get(col).copied().flatten(),
                error: errors.get(col).copied().unwrap_or(false),
                cursor: pos == cursor,
            };
            painter.paint(pair, state.square_look(pos), marks);
        }
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
    if let Some(pair) = row_cells(buf, x, y, SQUARE_WIDTH)
        .chunks_exact_mut(2)
        .next()
    {
        SquarePainter::new(theme, glyphs).paint(pair, look, marks);
    }
}

/// Paints squares one after another, each distinct square worked out once into its two cells
/// and copied from then on: a big board has thousands of squares but a dozen looks.
struct SquarePainter<'a> {
    theme: &'a Theme,
    glyphs: GlyphSet,
    known: Vec<(SquareKey, [Cell; 2])>,
    /// The entry used last: neighbouring squares mostly look alike.
    last: usize,
}

impl<'a> SquarePainter<'a> {
    fn new(theme: &'a Theme, glyphs: GlyphSet) -> SquarePainter<'a> {
        SquarePainter {
            theme,
            glyphs,
            known: Vec::new(),
            last: 0,
        }
    }

    /// Writes the square into `pair`, its two cells.
    fn paint(&mut self, pair: &mut [Cell], look: SquareLook, marks: SquareMarks) {
        let key = SquareKey { look, marks };
        let hit = match self.known.get(self.last) {
            Some((k, _)) if *k == key => Some(self.last),
            _ => self.known.iter().position(|(k, _)| *k == key),
        };
        self.last = match hit {
            Some(i) => i,
            None => {
                self.known.push((key, self.cells(look, marks)));
                self.known.len() - 1
            }
        };
        for (cell, drawn) in pair.iter_mut().zip(&self.known[self.last].1) {
            cell.clone_from(drawn);
        }
    }

    /// The square's two cells: one wide glyph (the second column blank, as ratatui expects
    /// after a wide symbol) or two narrow characters, in the square's style.
    ///
    /// Marks never hide the square's state. The cursor covers only the first column of a square
    /// of narrow characters (a number, an ASCII pair, a blank), and the second column stays as
    /// the square is drawn without it, so a black, white or empty Mosaic clue under the cursor
    /// still shows which. A number's colours are its square's state, so a hint's mark and an
    /// error colour only its first column too, and the number keeps its colours, taking the
    /// marks' modifiers. A wide glyph is one picture over both columns and takes every mark
    /// whole: the picture tells its piece apart, and an error under the cursor keeps its line
    /// modifiers.
    fn cells(&self, look: SquareLook, marks: SquareMarks) -> [Cell; 2] {
        let mut roles: Vec<Role> = look.roles.to_vec();
        let own = cell_style(self.theme, &roles);
        roles.extend(marks.hint);
        if marks.error {
            roles.push(Role::Error);
        }
        let marked = if roles.len() == look.roles.len() {
            own
        } else {
            cell_style(self.theme, &roles)
        };
        let second = if matches!(look.face, Face::Number(_)) {
            roles[look.roles.len()..].iter().fold(own, |style, &mark| {
                style.add_modifier(self.theme.style(mark).add_modifier)
            })
        } else {
            marked
        };
        let first = if marks.cursor {
            self.theme.with_cursor(marked)
        } else {
            marked
        };
        let number;
        let text = match look.face {
            Face::Symbol(symbol) => glyph(self.glyphs, symbol),
            Face::Number(n) => {
                number = format!("{n:>2}");
                number.as_str()
            }
        };
        let mut chars = text.chars();
        let (first_char, second_char) = match (chars.next(), chars.next()) {
            (Some(a), Some(b)) => (a, b),
            (Some(wide), None) => (wide, ' '),
            _ => (' ', ' '),
        };
        let wide = first_char.width() == Some(2);
        // The column under a wide glyph's second half is `None`: `Some(width)` on the others.
        [
            (first_char, Some(if wide { WIDE } else { NARROW }), first),
            (
                second_char,
                (!wide).then_some(NARROW),
                if wide { first } else { second },
            ),
        ]
        .map(|(c, width, style)| {
            let mut cell = Cell::EMPTY;
            cell.set_style(style);
            // A blank cell keeps ratatui's empty symbol (a space): no string is made for it.
            if c != ' ' {
                cell.set_char(c);
            }
            // The width is known here; told to the diff, it is not worked out again for every
            // cell of every frame. Glyphs never carry U+FE0F, whose trailing-column repair
            // that path skips, and a narrow cell replacing a wide glyph's second column still
            // differs from it (in this option), so that column is redrawn.
            if let Some(width) = width {
                cell.set_diff_option(CellDiffOption::ForcedWidth(width));
            }
            cell
        })
    }
}

/// The widths of a wide glyph and of any other cell of a square.
const WIDE: NonZeroU16 = NonZeroU16::new(2).expect("two is not zero");
const NARROW: NonZeroU16 = NonZeroU16::new(1).expect("one is not zero");

/// What a square's cells depend on.
#[derive(Clone, Copy)]
struct SquareKey {
    look: SquareLook,
    marks: SquareMarks,
}

impl PartialEq for SquareKey {
    /// Role lists compare by address, as games hand out the same static list for the same look;
    /// equal lists at two addresses only cost a second entry.
    fn eq(&self, other: &SquareKey) -> bool {
        self.look.face == other.look.face
            && std::ptr::eq(self.look.roles, other.look.roles)
            && self.marks == other.marks
    }
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;

    use super::*;
    use crate::theme::{Symbol, Themes};

    fn square(face: Face) -> Buffer {
        let mut buf = Buffer::empty(Rect::new(0, 0, 4, 1));
        let look = SquareLook { face, roles: &[] };
        let themes = Themes::builtin();
        let theme = themes.default_theme();
        draw_square(
            &mut buf,
            (1, 0),
            look,
            SquareMarks::default(),
            theme,
            GlyphSet::Emoji,
        );
        buf
    }

    #[test]
    fn a_wide_glyph_replaced_by_a_blank_square_redraws_both_columns() {
        let tent = square(Face::Symbol(Symbol::Tent));
        let empty = square(Face::Symbol(Symbol::Empty));
        let redrawn: Vec<u16> = tent.diff(&empty).iter().map(|&(x, _, _)| x).collect();
        assert_eq!(redrawn, [1, 2]);
    }

    #[test]
    fn a_blank_square_replaced_by_a_wide_glyph_is_one_write() {
        let empty = square(Face::Symbol(Symbol::Empty));
        let tent = square(Face::Symbol(Symbol::Tent));
        let redrawn: Vec<u16> = empty.diff(&tent).iter().map(|&(x, _, _)| x).collect();
        assert_eq!(redrawn, [1]);
    }
}
