//! The squares and clues a position marks as errors, worked out once per position: the view
//! looks them up for every square of every frame.

use crate::game::{Game, Target};
use crate::grid::Topology;
use crate::tui::session::{Session, with_session};

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
