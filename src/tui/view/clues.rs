//! The clues beside the board: row counts at the right, column counts below.

use std::fmt::Write;

use ratatui::buffer::Buffer;

use super::paint::{cell_style, put_text};
use crate::game::Target;
use crate::look::{LineClue, Look};
use crate::play::Play;
use crate::theme::{Role, Theme};
use crate::tui::error_set::ErrorSet;
use crate::tui::layout::{PlayLayout, SQUARE_WIDTH};
use crate::tui::model::{PlayScreen, with_session};

/// Draws the row and column clues, coloured satisfied / not yet / exceeded, errors and a
/// hint's premises marked, the cursor's row and column counts highlighted.
pub fn draw(
    buf: &mut Buffer,
    layout: &PlayLayout,
    screen: &PlayScreen,
    theme: &Theme,
    errors: &ErrorSet,
) {
    let premises = screen
        .hint
        .as_ref()
        .map(|h| h.premises.as_slice())
        .unwrap_or_default();
    let marks = Marks {
        errors,
        premises,
        cursor: screen.cursor,
    };
    with_session!(&screen.session, p => draw_game(buf, layout, p, theme, &marks));
}

/// The clues marked on screen: in error, or a premise of the hint shown.
struct Marks<'a> {
    errors: &'a ErrorSet,
    premises: &'a [Target],
    cursor: crate::grid::Pos,
}

impl Marks<'_> {
    fn at_cursor(&self, line: Target) -> bool {
        match line {
            Target::Row(r) => r == self.cursor.row,
            Target::Col(c) => c == self.cursor.col,
            Target::Square(_) => false,
        }
    }
}

fn clue_style(theme: &Theme, clue: LineClue, line: Target, marks: &Marks) -> ratatui::style::Style {
    // A fixed array, not a Vec: this runs for every clue of every frame.
    let mut roles = [Role::Clue, clue.state.role(), Role::Clue, Role::Clue];
    let mut len = 2;
    for (on, role) in [
        (marks.premises.contains(&line), Role::Premise),
        (marks.errors.contains(line), Role::Error),
    ] {
        if on {
            roles[len] = role;
            len += 1;
        }
    }
    let style = cell_style(theme, &roles[..len]);
    if marks.at_cursor(line) {
        highlighted(style)
    } else {
        style
    }
}

/// The cursor's count, picked out like the cursor's ruler index: reverse video (which keeps the
/// count's colour, now behind it) and bold, readable without colour too.
fn highlighted(style: ratatui::style::Style) -> ratatui::style::Style {
    use ratatui::style::Modifier;
    if style.add_modifier.contains(Modifier::REVERSED) {
        style
            .remove_modifier(Modifier::REVERSED)
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    } else {
        style.add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
}

fn draw_game<G: Look>(
    buf: &mut Buffer,
    layout: &PlayLayout,
    play: &Play<G>,
    theme: &Theme,
    marks: &Marks,
) {
    let state = play.state();
    let rows = state.row_clues();
    let cols = state.col_clues();
    if rows.is_empty() && cols.is_empty() {
        return;
    }
    let view = layout.view;
    let area = layout.row_clues;
    let width = usize::from(area.width.saturating_sub(1));
    // One string written over for every clue: a big board has hundreds a frame.
    let mut text = String::new();
    for (r, clue) in rows.into_iter().enumerate() {
        if !view.row_range().contains(&r) {
            continue;
        }
        let style = clue_style(theme, clue, Target::Row(r), marks);
        let y = area.y + (r - view.first_row) as u16;
        text.clear();
        let _ = write!(text, "{:>width$}", clue.value);
        put_text(buf, area.x + 1, y, &text, width, style);
    }
    let area = layout.col_clues;
    let lines = usize::from(area.height);
    for (c, clue) in cols.into_iter().enumerate() {
        if !view.col_range().contains(&c) {
            continue;
        }
        let style = clue_style(theme, clue, Target::Col(c), marks);
        let x = area.x + (c - view.first_col) as u16 * SQUARE_WIDTH;
        write_column_digits(&mut text, clue.value, lines);
        for (line, y) in (area.y..).take(lines).enumerate() {
            put_text(buf, x, y, &text[2 * line..2 * line + 2], 2, style);
        }
    }
}

/// A column count written down `lines` lines into `out` (cleared first), two characters a line:
/// a blank, then one digit under its square's second column (most significant first, blank
/// lines above a shorter number): counts of 10 and more never run into their neighbours.
pub fn write_column_digits(out: &mut String, value: usize, lines: usize) {
    out.clear();
    let _ = write!(out, "{value}");
    let len = out.len();
    let pad = lines.saturating_sub(len);
    for i in 0..lines {
        out.push(' ');
        let digit = match i.checked_sub(pad) {
            Some(k) => char::from(out.as_bytes()[k]),
            None => ' ',
        };
        out.push(digit);
    }
    out.drain(..len);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_ten_and_more_take_a_line_per_digit() {
        let column = |value, lines| {
            let mut out = "left over".to_string();
            write_column_digits(&mut out, value, lines);
            out
        };
        assert_eq!(column(4, 1), " 4");
        assert_eq!(column(4, 2), "   4");
        assert_eq!(column(12, 2), " 1 2");
        assert_eq!(column(0, 2), "   0");
        assert_eq!(
            column(123, 2),
            " 1 2",
            "the most significant digits when lines are short"
        );
    }
}
