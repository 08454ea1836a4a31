//! Scratch space of the line analysis (see `line`).

use super::model::Model;

/// Scratch space for line analysis.
pub(super) struct LineScratch {
    /// Path index -> cell.
    pub(super) path: Vec<u32>,
    /// Path index -> run index (NONE for decided cells).
    pub(super) run_of: Vec<u32>,
    /// Runs as (first path index, length).
    pub(super) runs: Vec<(usize, usize)>,
    /// Per cell: last analysis that looked at it as a neighbour.
    pub(super) seen: Vec<u32>,
    pub(super) stamp: u32,
}

impl LineScratch {
    /// Scratch space sized for a model's longest line.
    pub(super) fn new(m: &Model) -> Self {
        let longest = m.rows.max(m.cols);
        LineScratch {
            path: Vec::with_capacity(longest),
            run_of: Vec::with_capacity(longest),
            runs: Vec::new(),
            seen: vec![0; m.cell_count()],
            stamp: 0,
        }
    }

    /// A fresh stamp for an analysis (clearing `seen` when the stamps wrap).
    pub(super) fn next_stamp(&mut self) -> u32 {
        crate::generation::advance(&mut self.stamp, || self.seen.fill(0))
    }
}
