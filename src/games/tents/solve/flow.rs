//! Tatham's rule 4 together with one family of line counts, as a flow.
//!
//! (Kept apart from `lcg/matching.rs` for speed: the search's propagator joins the line counts
//! to the matching and records no reasons.)
//!
//! Under the matching rule, the tents of a solution are exactly the cells of a matching that
//! gives every tree an adjacent cell; with the rows' (or the columns') counts added this is a
//! flow: source → tree → cell → line (capacity: tents still missing) → sink, where a placed tent
//! goes straight to the sink. The capacities into the sink add up to the number of trees, so a
//! solution is a maximum flow saturating everything, and two such flows differ by cycles of the
//! residual graph. Hence an unknown cell is decided exactly when it and its line lie in different
//! strongly connected components: it keeps its current flow (tent) or lack of it (empty) in every
//! solution of this relaxation. One flow runs for rows, one for columns; the flow persists across
//! the search and is repaired incrementally: only the cells changed since the last repair (by an
//! assignment or an undo) are looked at, and only the trees that lost their unit are augmented
//! again, so a check costs about the length of the augmenting paths, not the size of the grid.

use super::engine::{Conflict, Engine};
use super::flow_graph::{Layout, Node};
use super::model::NONE;
use super::state::{NO_TENT, TENT, UNKNOWN};

impl Engine<'_> {
    /// Repairs both flows and applies what they force.
    pub(super) fn propagate_flows(&mut self) -> Result<(), Conflict> {
        for axis in 0..self.flows.len() {
            // The other axis' deductions may have emptied cells this flow uses.
            self.repair_flows()?;
            self.filter_flow(axis);
            let deduced = std::mem::take(&mut self.deduced);
            let result = deduced.iter().try_for_each(|&(c, v)| self.assign(c, v));
            self.deduced = deduced;
            result?;
        }
        Ok(())
    }

    /// Brings both flows back to maximum flows for the current state; a conflict when some
    /// tree cannot get a unit (no solution of the relaxation).
    pub(super) fn repair_flows(&mut self) -> Result<(), Conflict> {
        let changed = std::mem::take(&mut self.flow_changed);
        for axis in 0..self.flows.len() {
            self.absorb_changes(axis, &changed);
        }
        self.flow_changed = changed;
        self.flow_changed.clear();
        for axis in 0..self.flows.len() {
            self.repair_flow(axis)?;
        }
        Ok(())
    }

    /// Updates an axis flow's bookkeeping for cells whose value changed: units on empty cells
    /// are dropped, and lines whose counts moved are queued for a capacity check.
    fn absorb_changes(&mut self, axis: usize, changed: &[u32]) {
        let m = self.m;
        let s = &self.s;
        let f = &mut self.flows[axis];
        let lay = Layout::new(m, f.columns);
        for &c in changed {
            let k = m.cand_of_cell[c as usize] as usize;
            let v = s.cell[c as usize];
            let t = f.of_cand[k];
            if t != NONE && v == NO_TENT {
                f.of_cand[k] = NONE;
                f.of_tree[t as usize] = NONE;
                f.free.push(t);
            }
            let j = lay.line_of(c) as usize;
            let count = f.of_cand[k] != NONE && v == UNKNOWN;
            if count != f.counted[k] {
                f.counted[k] = count;
                if count {
                    f.line_flow[j] += 1;
                } else {
                    f.line_flow[j] -= 1;
                }
            }
            if !f.line_marked[j] {
                f.line_marked[j] = true;
                f.lines_to_check.push(j as u32);
            }
        }
    }

    /// Units an axis line may still take: its tents still missing (none if it has too many).
    #[inline]
    fn axis_line_cap(&self, columns: bool, j: u32) -> Option<u32> {
        let g = Layout::new(self.m, columns).global(j);
        self.m.target[g].checked_sub(self.s.line_tents[g])
    }

    /// Brings the axis flow back to a maximum flow for the current state.
    fn repair_flow(&mut self, axis: usize) -> Result<(), Conflict> {
        let m = self.m;
        let columns = self.flows[axis].columns;
        let lay = Layout::new(m, columns);
        while let Some(j) = self.flows[axis].lines_to_check.pop() {
            let Some(cap) = self.axis_line_cap(columns, j) else {
                // Checked again at the next repair, once the excess tent is undone.
                self.flows[axis].lines_to_check.push(j);
                return Err(Conflict);
            };
            let s = &self.s;
            let f = &mut self.flows[axis];
            f.line_marked[j as usize] = false;
            if f.line_flow[j as usize] <= cap {
                continue;
            }
            for &k in m.line_cands.get(lay.global(j)) {
                if f.line_flow[j as usize] <= cap {
                    break;
                }
                let k = k as usize;
                if f.counted[k] {
                    debug_assert_eq!(s.cell[m.candidates[k] as usize], UNKNOWN);
                    let t = f.of_cand[k];
                    f.of_cand[k] = NONE;
                    f.of_tree[t as usize] = NONE;
                    f.counted[k] = false;
                    f.line_flow[j as usize] -= 1;
                    f.free.push(t);
                }
            }
        }
        while let Some(t) = self.flows[axis].free.pop() {
            if self.flows[axis].of_tree[t as usize] != NONE {
                continue;
            }
            if !self.augment(axis, t) {
                self.flows[axis].free.push(t);
                return Err(Conflict);
            }
        }
        Ok(())
    }

    /// Finds a residual path from an unmatched tree to a free sink edge and flips it.
    fn augment(&mut self, axis: usize, t0: u32) -> bool {
        let lay = Layout::new(self.m, self.flows[axis].columns);
        let Some(end) = self.residual_path(axis, &lay, t0) else {
            return false;
        };
        self.flip_path(axis, &lay, t0, end);
        true
    }

    /// Breadth-first search of the residual graph from tree node `t0`: the node where a path to
    /// a free sink edge ends (`pred` leads back from it), or `None`.
    fn residual_path(&mut self, axis: usize, lay: &Layout, t0: u32) -> Option<u32> {
        let m = self.m;
        let s = &self.s;
        let f = &mut self.flows[axis];
        let stamp = f.next_stamp();
        f.queue.clear();
        f.queue.push(t0);
        f.seen[t0 as usize] = stamp;
        let mut head = 0;
        let mut end = NONE;
        'search: while head < f.queue.len() {
            let x = f.queue[head];
            head += 1;
            match lay.node(x) {
                Node::Tree(t) => {
                    for &c in m.tree_cells.get(t as usize) {
                        if s.cell[c as usize] == NO_TENT || f.of_tree[t as usize] == c {
                            continue;
                        }
                        let y = lay.cand_node(m.cand_of_cell[c as usize]);
                        if f.seen[y as usize] != stamp {
                            f.seen[y as usize] = stamp;
                            f.pred[y as usize] = x;
                            f.queue.push(y);
                        }
                    }
                }
                Node::Cand(k) => {
                    let owner = f.of_cand[k as usize];
                    if owner != NONE {
                        if f.seen[owner as usize] != stamp {
                            f.seen[owner as usize] = stamp;
                            f.pred[owner as usize] = x;
                            f.queue.push(owner);
                        }
                        continue;
                    }
                    let c = m.candidates[k as usize];
                    if s.cell[c as usize] == TENT {
                        end = x;
                        break 'search;
                    }
                    let j = lay.line_of(c);
                    let y = lay.line_node(j);
                    if f.seen[y as usize] != stamp {
                        f.seen[y as usize] = stamp;
                        f.pred[y as usize] = x;
                        let g = lay.global(j);
                        if f.line_flow[j as usize] < m.target[g].saturating_sub(s.line_tents[g]) {
                            end = y;
                            break 'search;
                        }
                        f.queue.push(y);
                    }
                }
                Node::Line(j) => {
                    for &k in m.line_cands.get(lay.global(j)) {
                        let c = m.candidates[k as usize];
                        if s.cell[c as usize] != UNKNOWN || f.of_cand[k as usize] == NONE {
                            continue;
                        }
                        let y = lay.cand_node(k);
                        if f.seen[y as usize] != stamp {
                            f.seen[y as usize] = stamp;
                            f.pred[y as usize] = x;
                            f.queue.push(y);
                        }
                    }
                }
            }
        }
        (end != NONE).then_some(end)
    }

    /// Flips the path `residual_path` found from `t0` to `end`: matches along it and moves the
    /// line flows.
    fn flip_path(&mut self, axis: usize, lay: &Layout, t0: u32, end: u32) {
        let m = self.m;
        let f = &mut self.flows[axis];
        f.path.clear();
        let mut x = end;
        while x != t0 {
            f.path.push(x);
            x = f.pred[x as usize];
        }
        f.path.push(t0);
        f.path.reverse();
        for w in 1..f.path.len() {
            let (a, b) = (f.path[w - 1], f.path[w]);
            match (lay.node(a), lay.node(b)) {
                (Node::Tree(t), Node::Cand(k)) => {
                    f.of_tree[t as usize] = m.candidates[k as usize];
                    f.of_cand[k as usize] = t;
                }
                (Node::Cand(k), Node::Tree(t)) if f.of_cand[k as usize] == t => {
                    f.of_cand[k as usize] = NONE;
                }
                (Node::Cand(k), Node::Line(j)) => {
                    f.line_flow[j as usize] += 1;
                    f.counted[k as usize] = true;
                }
                (Node::Line(j), Node::Cand(k)) => {
                    f.line_flow[j as usize] -= 1;
                    f.counted[k as usize] = false;
                }
                _ => {}
            }
        }
    }

    /// Strongly connected components of the residual graph; collects into `deduced` every
    /// unknown cell cut off from its line.
    ///
    /// Cell nodes have one way out (to the tree owning their unit, or to their line), so they
    /// are contracted away: the graph has only trees and lines, joined through each cell. A cell
    /// owned by tree `t` lies on a cycle with its line exactly when `t` and the line are in one
    /// component; a cell without a unit, when one of its trees is.
    pub(super) fn filter_flow(&mut self, axis: usize) {
        let m = self.m;
        let s = &self.s;
        let f = &mut self.flows[axis];
        let lay = Layout::new(m, f.columns);
        let side = usize::from(f.columns);
        let trees = m.tree_count() as u32;
        let g = &mut f.scc;
        g.clear();
        for t in 0..trees {
            g.next_node();
            for &k in m.tree_cands.get(t as usize) {
                let v = s.cell[m.candidates[k as usize] as usize];
                if v == NO_TENT {
                    continue;
                }
                let owner = f.of_cand[k as usize];
                if owner != NONE {
                    if owner != t {
                        g.edge_to(owner);
                    }
                } else if v == UNKNOWN {
                    g.edge_to(trees + m.cand_line[k as usize][side]);
                }
            }
        }
        let lines = if f.columns { m.cols } else { m.rows };
        for j in 0..lines as u32 {
            g.next_node();
            for &k in m.line_cands.get(lay.global(j)) {
                let owner = f.of_cand[k as usize];
                if owner != NONE && s.cell[m.candidates[k as usize] as usize] == UNKNOWN {
                    g.edge_to(owner);
                }
            }
        }
        self.deduced.clear();
        // One component: every cell lies on a cycle with its line, nothing is decided.
        if g.compute() == 1 {
            return;
        }
        for (k, &c) in m.candidates.iter().enumerate() {
            if s.cell[c as usize] != UNKNOWN {
                continue;
            }
            let line = g.comp(trees + m.cand_line[k][side]);
            let owner = f.of_cand[k];
            if owner != NONE {
                if g.comp(owner) != line {
                    self.deduced.push((c, TENT));
                }
            } else if m
                .cell_trees
                .get(c as usize)
                .iter()
                .all(|&t| g.comp(t) != line)
            {
                self.deduced.push((c, NO_TENT));
            }
        }
    }
}
