//! The fixed structure of a puzzle, precomputed once: candidates, neighbour lists, lines.

use super::super::Rule4;
pub(super) use super::super::geometry::Csr;
use super::super::geometry::Geometry;
use super::TentsPuzzle;
use crate::grid::Topology;

/// "No cell / no tree" in index arrays.
pub(super) const NONE: u32 = u32::MAX;

/// Everything about a puzzle that does not change during the search.
#[derive(Clone)]
pub(super) struct Model {
    pub rows: usize,
    pub cols: usize,
    pub wrapping: bool,
    pub matching: bool,
    /// Tents may touch diagonally.
    pub diagadj: bool,
    /// Tree index -> cell.
    pub tree_cells_pos: Vec<u32>,
    /// Cells that may hold a tent: not a tree, orthogonally next to a tree.
    pub candidates: Vec<u32>,
    /// Cell -> index in `candidates`, or NONE.
    pub cand_of_cell: Vec<u32>,
    /// Per line (rows first, then columns): indices in `candidates` of its cells, in order.
    pub line_cands: Csr,
    /// Per cell: the other candidate cells that may not hold a tent together with it.
    pub touch: Csr,
    /// Per cell: the trees orthogonally next to it (each once).
    pub cell_trees: Csr,
    /// Per tree: the candidate cells orthogonally next to it (each once).
    pub tree_cells: Csr,
    /// Per tree: the same cells as indices in `candidates`.
    pub tree_cands: Csr,
    /// Per candidate index: its row, then its column (each counted within its axis).
    pub cand_line: Vec<[u32; 2]>,
    /// Per line (rows first, then columns): the expected number of tents.
    pub target: Vec<u32>,
}

impl Model {
    #[cfg(test)]
    /// The same puzzle under the matching rule, whose solutions are all solutions under the
    /// local rule too (docs/rules.md#rule-4-local-or-matching).
    pub(super) fn under_matching(&self) -> Model {
        Model {
            matching: true,
            ..self.clone()
        }
    }

    /// The same puzzle under the matching rule and with no diagonal touching: its solutions are
    /// all solutions of this puzzle, whichever its rules (docs/rules.md#rule-4-local-or-matching:
    /// each rule only adds a constraint).
    pub(super) fn strictest(&self) -> Model {
        let touch = if self.diagadj {
            let t = Topology::new(self.rows, self.cols, self.wrapping);
            touch_lists(&Geometry::new(t, false), &self.cand_of_cell)
        } else {
            self.touch.clone()
        };
        Model {
            matching: true,
            diagadj: false,
            touch,
            ..self.clone()
        }
    }

    /// The model of a puzzle, or `None` when the puzzle is malformed or trivially unsolvable
    /// (sizes that do not match, counts that cannot add up to the number of trees).
    pub(super) fn new(p: &TentsPuzzle) -> Option<Model> {
        let t = p.topology;
        let (rows, cols) = (t.rows, t.cols);
        let n = rows * cols;
        let tree_total = well_formed(p)?;

        let mut tree_of_cell = vec![NONE; n];
        let mut tree_cells_pos = Vec::with_capacity(tree_total);
        for (i, _) in p.trees.iter().enumerate().filter(|(_, b)| **b) {
            tree_of_cell[i] = tree_cells_pos.len() as u32;
            tree_cells_pos.push(i as u32);
        }

        let geo = Geometry::new(t, p.diagadj);

        let mut cell_trees = Vec::with_capacity(n);
        for (i, &is_tree) in p.trees.iter().enumerate() {
            let trees: Vec<u32> = if is_tree {
                Vec::new()
            } else {
                // Trees are numbered in square order: their numbers come out ascending too.
                ascending(geo.ortho.get(i).iter().filter_map(|&q| {
                    (tree_of_cell[q as usize] != NONE).then_some(tree_of_cell[q as usize])
                }))
            };
            cell_trees.push(trees);
        }
        let candidate: Vec<bool> = cell_trees.iter().map(|t| !t.is_empty()).collect();
        let candidates: Vec<u32> = (0..n as u32).filter(|&i| candidate[i as usize]).collect();
        let mut cand_of_cell = vec![NONE; n];
        for (k, &c) in candidates.iter().enumerate() {
            cand_of_cell[c as usize] = k as u32;
        }
        let line_cands = line_candidates(rows, cols, &candidate, &cand_of_cell);

        let mut tree_cells = vec![Vec::new(); tree_total];
        for &c in &candidates {
            for &tr in &cell_trees[c as usize] {
                tree_cells[tr as usize].push(c);
            }
        }

        let tree_cands = tree_cells
            .iter()
            .map(|cells| cells.iter().map(|&c| cand_of_cell[c as usize]).collect())
            .collect();
        let cand_line = candidates
            .iter()
            .map(|&c| [c / cols as u32, c % cols as u32])
            .collect();

        let touch = touch_lists(&geo, &cand_of_cell);

        let target = p
            .row_counts
            .iter()
            .chain(&p.col_counts)
            .map(|&c| c as u32)
            .collect();

        Some(Model {
            rows,
            cols,
            wrapping: t.wrapping,
            matching: p.rule4 == Rule4::Matching,
            diagadj: p.diagadj,
            tree_cells_pos,
            candidates,
            cand_of_cell,
            line_cands: Csr::from_lists(line_cands),
            touch,
            cell_trees: Csr::from_lists(cell_trees),
            tree_cells: Csr::from_lists(tree_cells),
            tree_cands: Csr::from_lists(tree_cands),
            cand_line,
            target,
        })
    }

    /// Number of cells.
    #[inline]
    pub(super) fn cell_count(&self) -> usize {
        self.rows * self.cols
    }

    /// Number of trees.
    #[inline]
    pub(super) fn tree_count(&self) -> usize {
        self.tree_cells_pos.len()
    }

    /// Number of lines: rows, then columns.
    #[inline]
    pub(super) fn line_count(&self) -> usize {
        self.rows + self.cols
    }

    /// The row line of a cell.
    #[inline]
    pub(super) fn row_line(&self, cell: u32) -> usize {
        cell as usize / self.cols
    }

    /// The column line of a cell.
    #[inline]
    pub(super) fn col_line(&self, cell: u32) -> usize {
        self.rows + cell as usize % self.cols
    }

    /// Number of cells of a line.
    #[inline]
    pub(super) fn line_len(&self, line: usize) -> usize {
        if line < self.rows {
            self.cols
        } else {
            self.rows
        }
    }

    /// The `k`-th cell of a line.
    #[inline]
    pub(super) fn line_cell(&self, line: usize, k: usize) -> u32 {
        if line < self.rows {
            (line * self.cols + k) as u32
        } else {
            (k * self.cols + (line - self.rows)) as u32
        }
    }

    /// Where a cell sits along a line that holds it.
    #[inline]
    pub(super) fn pos_in_line(&self, line: usize, cell: u32) -> usize {
        if line < self.rows {
            cell as usize % self.cols
        } else {
            cell as usize / self.cols
        }
    }

    /// Whether a line is a cycle for adjacency (a torus line of 3 or more cells).
    #[inline]
    pub(super) fn cyclic(&self, line: usize) -> bool {
        self.wrapping && self.line_len(line) >= 3
    }

    /// Whether a line holds a cell.
    #[inline]
    pub(super) fn line_holds(&self, line: usize, cell: u32) -> bool {
        if line < self.rows {
            self.row_line(cell) == line
        } else {
            self.col_line(cell) == line
        }
    }
}

/// Items of a neighbour list in ascending order: the order the solver's lists have always had.
fn ascending(items: impl Iterator<Item = u32>) -> Vec<u32> {
    let mut out: Vec<u32> = items.collect();
    out.sort_unstable();
    out
}

/// Per square, the other tent squares a tent there may not share a tent with (`geo`'s touch
/// list, ascending, cut to the candidates); empty for a square that is no candidate.
fn touch_lists(geo: &Geometry, cand_of_cell: &[u32]) -> Csr {
    let lists = (0..cand_of_cell.len())
        .map(|i| {
            if cand_of_cell[i] == NONE {
                Vec::new()
            } else {
                ascending(
                    geo.touch
                        .get(i)
                        .iter()
                        .copied()
                        .filter(|&q| cand_of_cell[q as usize] != NONE),
                )
            }
        })
        .collect();
    Csr::from_lists(lists)
}

/// The number of trees of a puzzle whose sizes match and whose counts can add up (each line's
/// count within its length, both sums the number of trees), or `None`.
fn well_formed(p: &TentsPuzzle) -> Option<usize> {
    let (rows, cols) = (p.topology.rows, p.topology.cols);
    let n = rows.checked_mul(cols)?;
    if p.trees.len() != n || p.row_counts.len() != rows || p.col_counts.len() != cols {
        return None;
    }
    if n >= NONE as usize / 2 {
        return None;
    }
    let tree_total = p.trees.iter().filter(|&&b| b).count();
    let sum = |counts: &[usize]| counts.iter().try_fold(0usize, |a, &c| a.checked_add(c));
    if sum(&p.row_counts)? != tree_total || sum(&p.col_counts)? != tree_total {
        return None;
    }
    if p.row_counts.iter().any(|&c| c > cols) || p.col_counts.iter().any(|&c| c > rows) {
        return None;
    }
    Some(tree_total)
}

/// Per line (rows, then columns), its candidates in order along it.
fn line_candidates(
    rows: usize,
    cols: usize,
    candidate: &[bool],
    cand_of_cell: &[u32],
) -> Vec<Vec<u32>> {
    (0..rows + cols)
        .map(|l| {
            let cells: Box<dyn Iterator<Item = usize>> = if l < rows {
                Box::new((0..cols).map(move |k| l * cols + k))
            } else {
                Box::new((0..rows).map(move |k| k * cols + (l - rows)))
            };
            cells
                .filter(|&c| candidate[c])
                .map(|c| cand_of_cell[c])
                .collect()
        })
        .collect()
}
