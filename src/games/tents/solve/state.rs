//! The search state: what is decided about each cell, the counters the propagators read, and
//! the trail that undoes decisions in reverse order.

use super::model::Model;

/// Not decided yet.
pub(super) const UNKNOWN: u8 = 0;
/// A tent.
pub(super) const TENT: u8 = 1;
/// No tent: grass, a tree, or a square no tent can use (the game's `EMPTY` is an undecided
/// square; this is a decided one).
pub(super) const NO_TENT: u8 = 2;

/// Most tents a path of `len` cells can hold (no two side by side).
#[inline]
pub(super) fn cap(len: usize) -> usize {
    len.div_ceil(2)
}

/// A partial assignment with derived counters, changed in place and undone through the trail.
#[derive(Clone, Debug)]
pub(super) struct State {
    /// Per cell: UNKNOWN, TENT or NO_TENT.
    pub cell: Vec<u8>,
    /// Per line (rows, then columns): tents placed.
    pub line_tents: Vec<u32>,
    /// Per line: cells still unknown.
    pub line_unknown: Vec<u32>,
    /// Per line: most tents its unknown cells can still take (runs of unknown cells).
    pub line_cap: Vec<u32>,
    /// Per tree: adjacent tents placed.
    pub tree_tents: Vec<u8>,
    /// Per tree: adjacent cells still unknown.
    pub tree_unknown: Vec<u8>,
    /// Decided cells, in order.
    pub trail: Vec<u32>,
}

impl State {
    /// The state before any deduction: candidates unknown, everything else empty.
    pub(super) fn new(m: &Model) -> State {
        let mut cell = vec![NO_TENT; m.cell_count()];
        let mut line_unknown = vec![0; m.line_count()];
        for &c in &m.candidates {
            cell[c as usize] = UNKNOWN;
            line_unknown[m.row_line(c)] += 1;
            line_unknown[m.col_line(c)] += 1;
        }
        let tree_unknown = (0..m.tree_count())
            .map(|t| m.tree_cells.get(t).len() as u8)
            .collect();
        let mut s = State {
            cell,
            line_tents: vec![0; m.line_count()],
            line_unknown,
            line_cap: vec![0; m.line_count()],
            tree_tents: vec![0; m.tree_count()],
            tree_unknown,
            trail: Vec::new(),
        };
        for l in 0..m.line_count() {
            s.line_cap[l] = s.full_cap(m, l) as u32;
        }
        s
    }

    /// Whether a cell is still undecided.
    #[inline]
    pub(super) fn is_unknown(&self, c: u32) -> bool {
        self.cell[c as usize] == UNKNOWN
    }

    /// A line's capacity computed from scratch.
    pub(super) fn full_cap(&self, m: &Model, l: usize) -> usize {
        let len = m.line_len(l);
        let unknown = |k: usize| self.is_unknown(m.line_cell(l, k));
        let cyclic = m.cyclic(l);
        let start = if cyclic {
            match (0..len).find(|&k| !unknown(k)) {
                Some(k) => k + 1,
                None => return len / 2,
            }
        } else {
            0
        };
        let (mut total, mut run) = (0, 0);
        for i in 0..len {
            if unknown((start + i) % len) {
                run += 1;
            } else {
                total += cap(run);
                run = 0;
            }
        }
        total + cap(run)
    }

    /// How much a line's capacity drops when unknown cell `c` gets decided (the same amount
    /// comes back when it is undone, the other cells being as they were then).
    pub(super) fn cap_drop(&self, m: &Model, l: usize, c: u32) -> u32 {
        let len = m.line_len(l);
        let p = m.pos_in_line(l, c);
        let cyclic = m.cyclic(l);
        let unknown = |k: usize| self.is_unknown(m.line_cell(l, k));
        let mut left = 0;
        while left < len - 1 {
            let k = if cyclic {
                (p + len - 1 - left) % len
            } else if p > left {
                p - 1 - left
            } else {
                break;
            };
            if !unknown(k) {
                break;
            }
            left += 1;
        }
        if cyclic && left == len - 1 {
            // The whole cycle was unknown: floor(len/2) before, ceil((len-1)/2) after.
            return 0;
        }
        let mut right = 0;
        while left + right < len - 1 {
            let k = if cyclic {
                (p + 1 + right) % len
            } else if p + 1 + right < len {
                p + 1 + right
            } else {
                break;
            };
            if !unknown(k) {
                break;
            }
            right += 1;
        }
        (cap(left + right + 1) - cap(left) - cap(right)) as u32
    }
}
