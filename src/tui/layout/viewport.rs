//! The part of a board on screen. A file of its own, below the model: the error marks the model
//! keeps (`error_set.rs`) are counted for it, while the rest of the layout reads the model.

use crate::grid::Pos;

/// The part of the board on screen: its first row and column and how many of each are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Viewport {
    /// The first row shown.
    pub first_row: usize,
    /// The first column shown.
    pub first_col: usize,
    /// Rows shown.
    pub rows: usize,
    /// Columns shown.
    pub cols: usize,
}

impl Viewport {
    /// Whether `pos` is on screen.
    pub fn contains(&self, pos: Pos) -> bool {
        (self.first_row..self.first_row + self.rows).contains(&pos.row)
            && (self.first_col..self.first_col + self.cols).contains(&pos.col)
    }

    /// The top-left square shown (what the model keeps as its scroll position).
    pub fn origin(&self) -> Pos {
        Pos::new(self.first_row, self.first_col)
    }

    /// The rows shown, as a range of indices.
    pub fn row_range(&self) -> std::ops::Range<usize> {
        self.first_row..self.first_row + self.rows
    }

    /// The columns shown, as a range of indices.
    pub fn col_range(&self) -> std::ops::Range<usize> {
        self.first_col..self.first_col + self.cols
    }
}
