//! The search state: what is decided about each cell, with the counters the propagators read.

use super::model::{Model, NONE};

/// Not decided yet.
pub(super) const UNKNOWN: u8 = 0;
/// A tent.
pub(super) const TENT: u8 = 1;
/// No tent (grass, a tree, or a square no tent can use).
pub(super) const EMPTY: u8 = 2;

/// A partial assignment plus derived counters; cloned at each branch of the search.
#[derive(Clone, Debug)]
pub(super) struct State {
    /// Per cell: UNKNOWN, TENT or EMPTY.
    pub cell: Vec<u8>,
    /// Per line: tents placed.
    pub line_tents: Vec<u32>,
    /// Per line: cells still unknown.
    pub line_unknown: Vec<u32>,
    /// Per tree: adjacent tents placed.
    pub tree_tents: Vec<u8>,
    /// Per tree: adjacent cells still unknown.
    pub tree_unknown: Vec<u8>,
    /// Matching rule only: tree -> matched cell (or NONE).
    pub match_of_tree: Vec<u32>,
    /// Matching rule only: cell -> matched tree (or NONE).
    pub match_of_cell: Vec<u32>,
}

impl State {
    /// The state before any deduction: candidates unknown, everything else empty.
    pub(super) fn new(m: &Model) -> State {
        let n = m.cell_count();
        let mut cell = vec![EMPTY; n];
        let mut line_unknown = vec![0; m.line_count()];
        for &c in &m.candidates {
            cell[c as usize] = UNKNOWN;
            line_unknown[m.row_line(c)] += 1;
            line_unknown[m.col_line(c)] += 1;
        }
        let tree_unknown = (0..m.tree_count())
            .map(|t| m.tree_cells.get(t).len() as u8)
            .collect();
        let (match_of_tree, match_of_cell) = if m.matching {
            (vec![NONE; m.tree_count()], vec![NONE; n])
        } else {
            (Vec::new(), Vec::new())
        };
        State {
            cell,
            line_tents: vec![0; m.line_count()],
            line_unknown,
            tree_tents: vec![0; m.tree_count()],
            tree_unknown,
            match_of_tree,
            match_of_cell,
        }
    }

    /// Whether a cell is still undecided.
    #[inline]
    pub(super) fn is_unknown(&self, c: u32) -> bool {
        self.cell[c as usize] == UNKNOWN
    }

    /// The tents, row-major.
    pub(super) fn tents(&self) -> Vec<bool> {
        self.cell.iter().map(|&v| v == TENT).collect()
    }
}
