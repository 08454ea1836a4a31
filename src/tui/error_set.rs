//! The squares and clues a position marks as errors, worked out once per position: the view
//! looks them up for every square of every frame.

use crate::game::{Game, Target};
use crate::grid::{Pos, Topology};
use crate::tui::layout::viewport::Viewport;
use crate::tui::session::{Session, with_session};

/// The squares and clues a position marks as errors, looked up in constant time while drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorSet {
    topology: Topology,
    squares: Vec<bool>,
    rows: Vec<bool>,
    cols: Vec<bool>,
    /// Where each error is, in reading order: a marked square itself, a marked row's first
    /// square, a marked column's top square (one place per error, duplicates kept out).
    places: Vec<Pos>,
    /// The marked squares, in reading order.
    marked: Vec<Pos>,
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
            places: Vec::new(),
            marked: Vec::new(),
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
        set.count_places();
        set
    }

    fn count_places(&mut self) {
        let t = self.topology;
        self.marked = t
            .positions()
            .filter(|&p| self.squares[t.index(p)])
            .collect();
        let rows = (0..t.rows)
            .filter(|&r| self.rows[r])
            .map(|r| Pos::new(r, 0));
        let cols = (0..t.cols)
            .filter(|&c| self.cols[c])
            .map(|c| Pos::new(0, c));
        let mut places: Vec<Pos> = self
            .marked
            .iter()
            .copied()
            .chain(rows)
            .chain(cols)
            .collect();
        places.sort_by_key(|p| (p.row, p.col));
        places.dedup();
        self.places = places;
    }

    /// How many errors there are: marked squares, rows and columns.
    pub fn count(&self) -> usize {
        let lines = |marks: &[bool]| marks.iter().filter(|&&m| m).count();
        self.marked.len() + lines(&self.rows) + lines(&self.cols)
    }

    /// How many errors lie outside `shown` (a square, or a whole row or column, off screen).
    pub fn off_screen(&self, shown: &Viewport) -> usize {
        let t = self.topology;
        let squares = self.marked.iter().filter(|&&p| !shown.contains(p)).count();
        let rows = (0..t.rows)
            .filter(|&r| self.rows[r] && !shown.row_range().contains(&r))
            .count();
        let cols = (0..t.cols)
            .filter(|&c| self.cols[c] && !shown.col_range().contains(&c))
            .count();
        squares + rows + cols
    }

    /// Where each error is, in reading order (see [`ErrorSet::next_after`]).
    pub fn places(&self) -> &[Pos] {
        &self.places
    }

    /// Which of [`ErrorSet::places`] `place` is.
    pub fn index_of(&self, place: Pos) -> Option<usize> {
        self.places.iter().position(|&p| p == place)
    }

    /// The place of the first error after `from` in reading order, wrapping round to the
    /// first; `None` when there is no error.
    pub fn next_after(&self, from: Pos) -> Option<Pos> {
        let key = |p: &Pos| (p.row, p.col);
        self.places
            .iter()
            .find(|p| key(p) > key(&from))
            .or_else(|| self.places.first())
            .copied()
    }

    /// Whether each square of row `row` is marked, left to right (none off the board).
    pub fn row(&self, row: usize) -> &[bool] {
        let cols = self.topology.cols;
        self.squares
            .get(row * cols..(row + 1) * cols)
            .unwrap_or_default()
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
