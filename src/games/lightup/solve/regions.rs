//! Splitting undecided cells into independent regions, and what a region's count depends on.

use super::search::Search;
use super::{EMPTY, NONE, UNKNOWN};

impl Search<'_> {
    /// Splits the still-undecided cells among `cells` into independent regions: cells sharing a
    /// segment, lighting the same unlit cell, or next to the same numbered wall stay together.
    pub(super) fn regions(&mut self, cells: &[u32]) -> Vec<Vec<u32>> {
        let m = self.m;
        let remaining: Vec<u32> = cells
            .iter()
            .copied()
            .filter(|&c| self.val[c as usize] == UNKNOWN)
            .collect();
        if remaining.is_empty() {
            return Vec::new();
        }
        let epoch = self.next_epoch();
        self.sets.clear();
        let mut touched = Vec::new();
        for &x in &remaining {
            let i = x as usize;
            for seg in self.segs(x) {
                if self.seg_stamp[seg] != epoch {
                    self.seg_stamp[seg] = epoch;
                    self.seg_rep[seg] = x;
                    touched.push(seg);
                } else {
                    self.sets.union(x, self.seg_rep[seg]);
                }
            }
            for &(w, _) in m.cell_walls.get(i) {
                let wi = w as usize;
                if self.wall_stamp[wi] != epoch {
                    self.wall_stamp[wi] = epoch;
                    self.wall_rep[wi] = x;
                } else {
                    self.sets.union(x, self.wall_rep[wi]);
                }
            }
        }
        for &seg in &touched {
            for &q in m.seg_cells.get(seg) {
                if self.val[q as usize] != EMPTY || self.lit(q) {
                    continue;
                }
                let [h, v] = self.segs(q);
                if self.seg_stamp[h] == epoch && self.seg_stamp[v] == epoch {
                    self.sets.union(self.seg_rep[h], self.seg_rep[v]);
                }
            }
        }
        let mut out: Vec<Vec<u32>> = Vec::new();
        for &x in &remaining {
            let root = self.sets.find(x) as usize;
            if self.cell_stamp[root] != epoch {
                self.cell_stamp[root] = epoch;
                self.slot[root] = out.len() as u32;
                out.push(Vec::new());
            }
            out[self.slot[root] as usize].push(x);
        }
        out.sort_by_key(Vec::len);
        out
    }

    /// What a region's count depends on: its undecided cells, the unlit empty cells they must
    /// light, and the numbered walls around them with the bulbs still needed.
    pub(super) fn region_key(&mut self, cells: &[u32]) -> Vec<u32> {
        let m = self.m;
        let epoch = self.next_epoch();
        let mut key: Vec<u32> = cells.to_vec();
        key.sort_unstable();
        key.push(NONE);
        let mut unlit = Vec::new();
        let mut walls = Vec::new();
        for &x in cells {
            for seg in self.segs(x) {
                if self.seg_stamp[seg] == epoch {
                    continue;
                }
                self.seg_stamp[seg] = epoch;
                for &q in m.seg_cells.get(seg) {
                    let qi = q as usize;
                    if self.val[qi] == EMPTY && self.cell_stamp[qi] != epoch && !self.lit(q) {
                        self.cell_stamp[qi] = epoch;
                        unlit.push(q);
                    }
                }
            }
            for &(w, _) in m.cell_walls.get(x as usize) {
                let wi = w as usize;
                if self.wall_stamp[wi] != epoch {
                    self.wall_stamp[wi] = epoch;
                    walls.push(w);
                }
            }
        }
        unlit.sort_unstable();
        key.extend(unlit);
        key.push(NONE);
        walls.sort_unstable();
        for w in walls {
            let wi = w as usize;
            key.push(w);
            key.push(u32::from(m.wall_number[wi] - self.wall_bulbs[wi]));
        }
        key
    }
}
