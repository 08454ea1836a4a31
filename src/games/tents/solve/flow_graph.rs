//! The flow graph of one axis under the matching rule (see `flow`): its state and node numbering.

use super::model::{Model, NONE};
use super::scc::Scc;

/// A maximum flow for one axis, with the scratch space of its searches.
pub(super) struct Flow {
    /// Lines are columns (else rows).
    pub(super) columns: bool,
    /// Tree -> cell carrying its unit (NONE while repairing).
    pub(super) of_tree: Vec<u32>,
    /// Candidate index -> tree sending it its unit.
    pub(super) of_cand: Vec<u32>,
    /// Per line of the axis: unknown cells carrying a unit (the cells with `counted` set).
    pub(super) line_flow: Vec<u32>,
    /// Candidate index -> whether its unit is counted in its line's `line_flow`.
    pub(super) counted: Vec<bool>,
    /// Trees without a unit, to augment at the next repair.
    pub(super) free: Vec<u32>,
    /// Axis lines whose flow may exceed their capacity, to check at the next repair.
    pub(super) lines_to_check: Vec<u32>,
    /// Per line of the axis: whether it is in `lines_to_check`.
    pub(super) line_marked: Vec<bool>,
    /// Per node: its predecessor on the search's path.
    pub(super) pred: Vec<u32>,
    /// Per node: the stamp of the last search that reached it.
    pub(super) seen: Vec<u32>,
    /// The current search's stamp.
    pub(super) stamp: u32,
    /// The search's queue of nodes.
    pub(super) queue: Vec<u32>,
    /// The augmenting path found.
    pub(super) path: Vec<u32>,
    /// The residual graph's components (filtering).
    pub(super) scc: Scc,
}

/// A node of the flow graph: trees first, then candidate cells, then lines.
#[derive(Clone, Copy)]
pub(super) enum Node {
    Tree(u32),
    Cand(u32),
    Line(u32),
}

impl Flow {
    /// An empty flow for the rows (or the columns) of a model.
    pub(super) fn new(m: &Model, columns: bool) -> Self {
        let lines = if columns { m.cols } else { m.rows };
        let nodes = m.tree_count() + m.candidates.len() + lines;
        Flow {
            columns,
            of_tree: vec![NONE; m.tree_count()],
            of_cand: vec![NONE; m.candidates.len()],
            line_flow: vec![0; lines],
            counted: vec![false; m.candidates.len()],
            free: (0..m.tree_count() as u32).rev().collect(),
            lines_to_check: Vec::new(),
            line_marked: vec![false; lines],
            pred: vec![NONE; nodes],
            seen: vec![0; nodes],
            stamp: 0,
            queue: Vec::new(),
            path: Vec::new(),
            scc: Scc::default(),
        }
    }

    /// A fresh stamp for a search (clearing `seen` when the stamps wrap).
    pub(super) fn next_stamp(&mut self) -> u32 {
        crate::generation::advance(&mut self.stamp, || self.seen.fill(0))
    }
}

/// Node numbering and per-axis line lookups.
pub(super) struct Layout<'a> {
    /// The puzzle.
    pub(super) m: &'a Model,
    /// Lines are columns (else rows).
    pub(super) columns: bool,
    /// Number of trees (the first nodes).
    pub(super) trees: u32,
    /// Number of candidate cells (the next nodes).
    pub(super) cands: u32,
}

impl<'a> Layout<'a> {
    /// The numbering for the rows (or the columns) of a model.
    pub(super) fn new(m: &'a Model, columns: bool) -> Self {
        Layout {
            m,
            columns,
            trees: m.tree_count() as u32,
            cands: m.candidates.len() as u32,
        }
    }

    #[inline]
    pub(super) fn node(&self, x: u32) -> Node {
        if x < self.trees {
            Node::Tree(x)
        } else if x < self.trees + self.cands {
            Node::Cand(x - self.trees)
        } else {
            Node::Line(x - self.trees - self.cands)
        }
    }

    #[inline]
    pub(super) fn cand_node(&self, k: u32) -> u32 {
        self.trees + k
    }

    #[inline]
    pub(super) fn line_node(&self, j: u32) -> u32 {
        self.trees + self.cands + j
    }

    /// The axis line (0-based within the axis) of a cell.
    #[inline]
    pub(super) fn line_of(&self, cell: u32) -> u32 {
        if self.columns {
            (cell as usize % self.m.cols) as u32
        } else {
            (cell as usize / self.m.cols) as u32
        }
    }

    /// The global line index (rows, then columns) of an axis line.
    #[inline]
    pub(super) fn global(&self, j: u32) -> usize {
        if self.columns {
            self.m.rows + j as usize
        } else {
            j as usize
        }
    }
}
