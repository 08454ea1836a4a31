//! Tatham's rule 4: trees and tents matched one to one along orthogonal adjacency.
//!
//! The engine keeps a matching that covers every tree and every placed tent, using only cells
//! that are not empty. From it, alternating paths tell exactly which unknown cells some such
//! matching can use (the others are empty) and which every such matching uses (they are tents),
//! since in a solution the tents are exactly the cells of a tree-perfect matching.

use super::engine::{Conflict, Engine};
use super::model::{Model, NONE};
use super::state::{EMPTY, State, TENT, UNKNOWN};

/// Scratch space for the matching searches.
pub(super) struct MatchScratch {
    /// Per tree: last search that reached it.
    tree_seen: Vec<u32>,
    /// Per cell: last search that reached it.
    cell_seen: Vec<u32>,
    stamp: u32,
    /// Per tree: the tree it was reached from (augmenting from a tree).
    prev_tree: Vec<u32>,
    /// Per tree: the cell it was reached through.
    via_cell: Vec<u32>,
    /// Per cell: the cell and tree it was reached from (augmenting from a tent).
    prev_cell: Vec<u32>,
    prev_cell_tree: Vec<u32>,
    queue: Vec<u32>,
    /// Per tree: can give up its cell (the "good" set) / can switch to another cell.
    good: Vec<bool>,
    rematchable: Vec<bool>,
    deduced: Vec<(u32, u8)>,
}

impl MatchScratch {
    pub(super) fn new(m: &Model) -> Self {
        let (n, t) = if m.matching {
            (m.cell_count(), m.tree_count())
        } else {
            (0, 0)
        };
        MatchScratch {
            tree_seen: vec![0; t],
            cell_seen: vec![0; n],
            stamp: 0,
            prev_tree: vec![NONE; t],
            via_cell: vec![NONE; t],
            prev_cell: vec![NONE; n],
            prev_cell_tree: vec![NONE; n],
            queue: Vec::new(),
            good: vec![false; t],
            rematchable: vec![false; t],
            deduced: Vec::new(),
        }
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.tree_seen.fill(0);
            self.cell_seen.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }
}

impl Engine<'_> {
    /// Repairs the matching after the last assignments and applies what it forces.
    pub(super) fn propagate_matching(&mut self, s: &mut State) -> Result<(), Conflict> {
        let m = self.m;
        for t in 0..m.tree_count() {
            let c = s.match_of_tree[t];
            if c != NONE && s.cell[c as usize] == EMPTY {
                s.match_of_tree[t] = NONE;
                s.match_of_cell[c as usize] = NONE;
            }
        }
        // Cheap greedy pass first (it does most of the work on a fresh state).
        for t in 0..m.tree_count() {
            if s.match_of_tree[t] == NONE {
                let free =
                    m.tree_cells.get(t).iter().copied().find(|&c| {
                        s.cell[c as usize] != EMPTY && s.match_of_cell[c as usize] == NONE
                    });
                if let Some(c) = free {
                    s.match_of_tree[t] = c;
                    s.match_of_cell[c as usize] = t as u32;
                }
            }
        }
        for t in 0..m.tree_count() {
            if s.match_of_tree[t] == NONE && !self.augment_tree(s, t as u32) {
                return Err(Conflict);
            }
        }
        for &c in &m.candidates {
            if s.cell[c as usize] == TENT
                && s.match_of_cell[c as usize] == NONE
                && !self.cover_tent(s, c)
            {
                return Err(Conflict);
            }
        }
        self.deduce(s);
        let deduced = std::mem::take(&mut self.matching.deduced);
        let result = deduced.iter().try_for_each(|&(c, v)| self.assign(s, c, v));
        self.matching.deduced = deduced;
        result
    }

    /// Finds an augmenting path from an unmatched tree to an unmatched non-empty cell.
    fn augment_tree(&mut self, s: &mut State, t0: u32) -> bool {
        let m = self.m;
        let stamp = self.matching.next_stamp();
        let sc = &mut self.matching;
        sc.queue.clear();
        sc.queue.push(t0);
        sc.tree_seen[t0 as usize] = stamp;
        let mut head = 0;
        while head < sc.queue.len() {
            let t = sc.queue[head];
            head += 1;
            for &c in m.tree_cells.get(t as usize) {
                if s.cell[c as usize] == EMPTY {
                    continue;
                }
                let owner = s.match_of_cell[c as usize];
                if owner == NONE {
                    // Flip the path: each tree takes the cell it was reached through.
                    let (mut cur_t, mut cur_c) = (t, c);
                    loop {
                        s.match_of_tree[cur_t as usize] = cur_c;
                        s.match_of_cell[cur_c as usize] = cur_t;
                        if cur_t == t0 {
                            return true;
                        }
                        cur_c = sc.via_cell[cur_t as usize];
                        cur_t = sc.prev_tree[cur_t as usize];
                    }
                }
                if sc.tree_seen[owner as usize] != stamp {
                    sc.tree_seen[owner as usize] = stamp;
                    sc.prev_tree[owner as usize] = t;
                    sc.via_cell[owner as usize] = c;
                    sc.queue.push(owner);
                }
            }
        }
        false
    }

    /// Gives an unmatched tent a tree, pushing matched tents along until an unknown cell drops out.
    fn cover_tent(&mut self, s: &mut State, u: u32) -> bool {
        let m = self.m;
        let stamp = self.matching.next_stamp();
        let sc = &mut self.matching;
        sc.queue.clear();
        sc.queue.push(u);
        sc.cell_seen[u as usize] = stamp;
        let mut head = 0;
        while head < sc.queue.len() {
            let x = sc.queue[head];
            head += 1;
            for &t in m.cell_trees.get(x as usize) {
                let y = s.match_of_tree[t as usize];
                if y == x || y == NONE || sc.cell_seen[y as usize] == stamp {
                    continue;
                }
                sc.cell_seen[y as usize] = stamp;
                sc.prev_cell[y as usize] = x;
                sc.prev_cell_tree[y as usize] = t;
                if s.cell[y as usize] == UNKNOWN {
                    s.match_of_cell[y as usize] = NONE;
                    let mut cur = y;
                    loop {
                        let (pt, pc) =
                            (sc.prev_cell_tree[cur as usize], sc.prev_cell[cur as usize]);
                        s.match_of_tree[pt as usize] = pc;
                        s.match_of_cell[pc as usize] = pt;
                        if pc == u {
                            return true;
                        }
                        cur = pc;
                    }
                }
                sc.queue.push(y);
            }
        }
        false
    }

    /// Collects into `deduced` the unknown cells no valid matching can use (empty) and those
    /// every valid matching uses (tents).
    fn deduce(&mut self, s: &State) {
        let m = self.m;
        let sc = &mut self.matching;
        sc.deduced.clear();

        // Good trees can take a new cell: their cell is unknown and drops out, or is a tent that
        // moves to another good tree.
        sc.good.fill(false);
        sc.queue.clear();
        for t in 0..m.tree_count() {
            if s.cell[s.match_of_tree[t] as usize] == UNKNOWN {
                sc.good[t] = true;
                sc.queue.push(t as u32);
            }
        }
        let mut head = 0;
        while head < sc.queue.len() {
            let g = sc.queue[head] as usize;
            head += 1;
            for &x in m.tree_cells.get(g) {
                let owner = s.match_of_cell[x as usize];
                if owner != NONE && owner as usize != g && !sc.good[owner as usize] {
                    sc.good[owner as usize] = true;
                    sc.queue.push(owner);
                }
            }
        }

        // Rematchable trees can let go of their cell: an alternating path leads to an unmatched
        // unknown cell.
        sc.rematchable.fill(false);
        sc.queue.clear();
        for &c in &m.candidates {
            if s.cell[c as usize] == UNKNOWN && s.match_of_cell[c as usize] == NONE {
                let trees = m.cell_trees.get(c as usize);
                if !trees.iter().any(|&t| sc.good[t as usize]) {
                    sc.deduced.push((c, EMPTY));
                }
                for &t in trees {
                    if !sc.rematchable[t as usize] {
                        sc.rematchable[t as usize] = true;
                        sc.queue.push(t);
                    }
                }
            }
        }
        let mut head = 0;
        while head < sc.queue.len() {
            let r = sc.queue[head];
            head += 1;
            let y = s.match_of_tree[r as usize];
            for &t in m.cell_trees.get(y as usize) {
                if t != r && !sc.rematchable[t as usize] {
                    sc.rematchable[t as usize] = true;
                    sc.queue.push(t);
                }
            }
        }
        for t in 0..m.tree_count() {
            let c = s.match_of_tree[t];
            if s.cell[c as usize] == UNKNOWN && !sc.rematchable[t] {
                sc.deduced.push((c, TENT));
            }
        }
    }
}
