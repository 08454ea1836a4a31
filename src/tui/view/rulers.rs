//! Row and column indices along the board, so a square a hint names (`(12,7)`, the course's
//! 0-based coordinates) can be found; the cursor's row and column are picked out.

use std::fmt::Write;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::paint::{cell_style, put_text};
use crate::grid::Pos;
use crate::theme::{Role, Theme};
use crate::tui::layout::{PlayLayout, SQUARE_WIDTH, digits};

/// Boards up to this many columns get every column index; wider ones every [`COLUMN_STEP`]th.
pub const ALL_COLUMNS_UP_TO: usize = 10;
/// Every how many columns a wide board's ruler gives an index.
pub const COLUMN_STEP: usize = 5;

/// Draws both rulers of `layout`, the cursor's indices highlighted.
pub fn draw(buf: &mut Buffer, layout: &PlayLayout, cursor: Pos, theme: &Theme) {
    let plain = cell_style(theme, &[Role::Dim]);
    let picked = theme.with_cursor(cell_style(theme, &[Role::Text]));
    let area = layout.row_ruler;
    let width = usize::from(area.width.saturating_sub(1));
    // One string written over for every index: a big board shows a hundred rows.
    let mut text = String::new();
    for (i, row) in layout.view.row_range().enumerate() {
        let style = if row == cursor.row { picked } else { plain };
        text.clear();
        let _ = write!(text, "{row:>width$}");
        put_text(buf, area.x, area.y + i as u16, &text, width, style);
    }
    for label in column_labels(layout, cursor.col) {
        let style = if label.col == cursor.col {
            picked
        } else {
            plain
        };
        text.clear();
        let _ = write!(text, "{}", label.col);
        put_text(buf, label.x, layout.col_ruler.y, &text, text.len(), style);
    }
}

/// One index written on the column ruler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnLabel {
    /// The column it names.
    pub col: usize,
    /// The terminal column it starts at.
    pub x: u16,
}

/// The column indices the ruler shows: the cursor's first, then every column (narrow boards) or
/// every [`COLUMN_STEP`]th, each ending under its square's second cell, skipping any that would
/// touch a label already placed or leave the ruler.
pub fn column_labels(layout: &PlayLayout, cursor_col: usize) -> Vec<ColumnLabel> {
    let view = layout.view;
    let ruler: Rect = layout.col_ruler;
    let step = if layout.board.1 <= ALL_COLUMNS_UP_TO {
        1
    } else {
        COLUMN_STEP
    };
    let candidates = std::iter::once(cursor_col)
        .chain(view.col_range().filter(|c| c % step == 0))
        .filter(|c| view.col_range().contains(c));
    let mut placed: Vec<(ColumnLabel, u16)> = Vec::new();
    for col in candidates {
        let len = digits(col);
        let end = ruler.x + (col - view.first_col) as u16 * SQUARE_WIDTH + SQUARE_WIDTH;
        let Some(x) = end.checked_sub(len) else {
            continue;
        };
        let fits = x >= ruler.x && end <= ruler.right();
        // One blank cell between two labels, so neighbours never read as one number.
        let apart = placed
            .iter()
            .all(|(other, other_end)| end < other.x || x > *other_end);
        if fits && apart && placed.iter().all(|(other, _)| other.col != col) {
            placed.push((ColumnLabel { col, x }, end));
        }
    }
    placed.sort_by_key(|(label, _)| label.x);
    placed.into_iter().map(|(label, _)| label).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::layout::{BoardGeometry, Focus, PanelChoice};

    fn layout(cols: usize, cursor: Pos) -> PlayLayout {
        let g = BoardGeometry {
            rows: 30,
            cols,
            row_clue_width: 3,
            col_clue_height: 1,
        };
        PlayLayout::compute(
            Rect::new(0, 0, 80, 24),
            g,
            Focus::keys(cursor, Pos::new(0, 0)),
            PanelChoice::Hidden,
            1,
        )
        .unwrap()
    }

    #[test]
    fn narrow_boards_name_every_column() {
        let l = layout(8, Pos::new(0, 3));
        let cols: Vec<usize> = column_labels(&l, 3).iter().map(|c| c.col).collect();
        assert_eq!(cols, (0..8).collect::<Vec<_>>());
    }

    #[test]
    fn wide_boards_name_every_fifth_column_and_the_cursors() {
        let l = layout(50, Pos::new(0, 12));
        let labels = column_labels(&l, 12);
        let cols: Vec<usize> = labels.iter().map(|c| c.col).collect();
        assert!(cols.contains(&12));
        assert!(cols.contains(&0) && cols.contains(&5) && cols.contains(&20));
        // 10 ends where 12 would need a gap: one of them gives way, never both drawn touching.
        for pair in labels.windows(2) {
            let end = pair[0].x + pair[0].col.to_string().len() as u16;
            assert!(end < pair[1].x, "labels {pair:?} touch");
        }
    }
}
