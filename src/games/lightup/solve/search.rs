//! The search state: cell values with counters kept in step, propagation, undo and probing.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use crate::game::{COUNT_MEMORY_BYTES, Count};
use crate::heap_bytes::block;

use super::model::Model;
use super::{BULB, EMPTY, NONE, UNKNOWN};

/// The search state: cell values with counters kept in step, and a trail to undo assignments.
pub(super) struct Search<'a> {
    /// The puzzle's structure.
    pub(super) m: &'a Model,
    /// Sets of fewer cells are not probed.
    pub(super) probe_min: usize,
    /// Each cell: UNKNOWN, BULB or EMPTY.
    pub(super) val: Vec<u8>,
    /// Undecided cells per segment.
    pub(super) seg_unknown: Vec<u32>,
    /// Bulbs per segment (more than one is a contradiction).
    pub(super) seg_bulbs: Vec<u32>,
    /// Bulbs around each numbered wall, weighted by directions.
    pub(super) wall_bulbs: Vec<u8>,
    /// Undecided cells around each numbered wall, weighted by directions.
    pub(super) wall_unknown: Vec<u8>,
    /// Assigned cells in order, to undo back to any length.
    pub(super) trail: Vec<u32>,
    /// Assignments implied but not applied yet.
    pub(super) queue: Vec<(u32, u8)>,
    /// Marks which scratch stamps are current (bumped instead of clearing arrays).
    pub(super) epoch: u32,
    /// Scratch for region splitting and keys: stamps, representatives, union-find.
    pub(super) cell_stamp: Vec<u32>,
    pub(super) seg_stamp: Vec<u32>,
    pub(super) wall_stamp: Vec<u32>,
    pub(super) seg_rep: Vec<u32>,
    pub(super) wall_rep: Vec<u32>,
    pub(super) sets: crate::union_find::UnionFind,
    pub(super) slot: Vec<u32>,
    /// Exact counts of regions already counted, by region key.
    // A fast, fixed-seed hash: region keys are short lists of small integers, no adversary.
    pub(super) cache: HashMap<Vec<u32>, Count, foldhash::fast::FixedState>,
    /// What the cache's keys and counts hold, and the most they may (its table taken as up to
    /// `TABLE_SLOTS` slots an entry): it is emptied when they would go past it.
    pub(super) cache_bytes: usize,
    pub(super) cache_budget: usize,
    /// A lower bound of the count being made, raised as it goes (see `count_region`), if asked.
    pub(super) counted: Option<Arc<AtomicU64>>,
}

/// Slots of the cache's table per entry, at most (a table grows by doubling once seven eighths
/// full), with room for its control bytes.
const TABLE_SLOTS: usize = 3;

impl<'a> Search<'a> {
    /// A search with every cell undecided.
    pub(super) fn new(m: &'a Model, probe_min: usize) -> Self {
        let cells = m.pos_of.len();
        let segs = m.seg_cells.len();
        let walls = m.wall_number.len();
        Search {
            m,
            probe_min,
            val: vec![UNKNOWN; cells],
            seg_unknown: (0..segs).map(|s| m.seg_cells.get(s).len() as u32).collect(),
            seg_bulbs: vec![0; segs],
            wall_bulbs: vec![0; walls],
            wall_unknown: (0..walls)
                .map(|w| m.wall_cells.get(w).iter().map(|&(_, wt)| wt).sum())
                .collect(),
            trail: Vec::with_capacity(cells),
            queue: Vec::new(),
            epoch: 0,
            cell_stamp: vec![0; cells],
            seg_stamp: vec![0; segs],
            wall_stamp: vec![0; walls],
            seg_rep: vec![NONE; segs],
            wall_rep: vec![NONE; walls],
            sets: crate::union_find::UnionFind::new(cells),
            slot: vec![NONE; cells],
            cache: HashMap::default(),
            cache_bytes: 0,
            cache_budget: COUNT_MEMORY_BYTES / 2,
            counted: None,
        }
    }

    /// Keeps the exact count of the region with this key; the cache is emptied first when the
    /// entry would take it past its budget.
    pub(super) fn remember(&mut self, key: Vec<u32>, count: &Count) {
        let slot = size_of::<(Vec<u32>, Count)>() + 1;
        let bytes = block(key.capacity() * 4) + block(count.iter_u64_digits().len() * 8);
        let bytes = bytes + TABLE_SLOTS * slot;
        if self.cache_bytes + bytes > self.cache_budget {
            // A fresh table: an emptied one would keep its slots.
            self.cache = HashMap::default();
            self.cache_bytes = 0;
        }
        if bytes <= self.cache_budget {
            self.cache_bytes += bytes;
            self.cache.insert(key, count.clone());
        }
    }

    /// Checks every constraint once and propagates; false when the puzzle has no solution.
    pub(super) fn start(&mut self) -> bool {
        for w in 0..self.m.wall_number.len() {
            if !self.check_wall(w as u32) {
                return false;
            }
        }
        for c in 0..self.val.len() {
            if !self.check_cover(c as u32) {
                return false;
            }
        }
        self.propagate()
    }

    pub(super) fn lit(&self, c: u32) -> bool {
        let c = c as usize;
        self.seg_bulbs[self.m.hseg[c] as usize] > 0 || self.seg_bulbs[self.m.vseg[c] as usize] > 0
    }

    /// Undecided cells that could light `c` (its two segments; they meet only in `c`).
    pub(super) fn candidates(&self, c: u32) -> u32 {
        let i = c as usize;
        self.seg_unknown[self.m.hseg[i] as usize] + self.seg_unknown[self.m.vseg[i] as usize]
            - u32::from(self.val[i] == UNKNOWN)
    }

    /// The two segments of a cell.
    pub(super) fn segs(&self, c: u32) -> [usize; 2] {
        [
            self.m.hseg[c as usize] as usize,
            self.m.vseg[c as usize] as usize,
        ]
    }

    /// Assigns `v` to `x`, updates the counters and queues the consequences.
    /// False on a contradiction (the trail still records the assignment, so undo stays exact).
    pub(super) fn set(&mut self, x: u32, v: u8) -> bool {
        let m = self.m;
        let i = x as usize;
        if self.val[i] != UNKNOWN {
            return self.val[i] == v;
        }
        self.val[i] = v;
        self.trail.push(x);
        let segs = self.segs(x);
        for seg in segs {
            self.seg_unknown[seg] -= 1;
            if v == BULB {
                self.seg_bulbs[seg] += 1;
            }
        }
        for &(w, wt) in m.cell_walls.get(i) {
            self.wall_unknown[w as usize] -= wt;
            if v == BULB {
                self.wall_bulbs[w as usize] += wt;
            }
        }
        if v == BULB {
            if segs.iter().any(|&s| self.seg_bulbs[s] > 1) {
                return false;
            }
            for seg in segs {
                for &y in m.seg_cells.get(seg) {
                    if self.val[y as usize] == UNKNOWN {
                        self.queue.push((y, EMPTY));
                    }
                }
            }
        } else {
            for seg in segs {
                // With three undecided cells left, every cell of the segment keeps two candidates.
                if self.seg_bulbs[seg] == 0 && self.seg_unknown[seg] < 3 {
                    for &q in m.seg_cells.get(seg) {
                        if !self.check_cover(q) {
                            return false;
                        }
                    }
                }
            }
        }
        for &(w, _) in m.cell_walls.get(i) {
            if !self.check_wall(w) {
                return false;
            }
        }
        true
    }

    /// An unlit cell needs a candidate; with exactly one left, it is a bulb.
    pub(super) fn check_cover(&mut self, q: u32) -> bool {
        if self.lit(q) {
            return true;
        }
        match self.candidates(q) {
            0 => false,
            1 => {
                let m = self.m;
                let only = self
                    .segs(q)
                    .iter()
                    .flat_map(|&s| m.seg_cells.get(s))
                    .copied()
                    .find(|&y| self.val[y as usize] == UNKNOWN);
                if let Some(y) = only {
                    self.queue.push((y, BULB));
                }
                true
            }
            _ => true,
        }
    }

    /// A numbered wall: too many bulbs or too little room fails; otherwise neighbours that would
    /// overshoot are empty and neighbours the wall cannot do without are bulbs.
    pub(super) fn check_wall(&mut self, w: u32) -> bool {
        let wi = w as usize;
        let (n, b, u) = (
            self.m.wall_number[wi],
            self.wall_bulbs[wi],
            self.wall_unknown[wi],
        );
        if b > n || b + u < n {
            return false;
        }
        if u == 0 {
            return true;
        }
        let need = n - b;
        for &(y, wt) in self.m.wall_cells.get(wi) {
            if self.val[y as usize] == UNKNOWN {
                if wt > need {
                    self.queue.push((y, EMPTY));
                } else if u - wt < need {
                    self.queue.push((y, BULB));
                }
            }
        }
        true
    }

    /// Applies queued assignments until none is left; false on a contradiction.
    pub(super) fn propagate(&mut self) -> bool {
        while let Some((x, v)) = self.queue.pop() {
            if !self.set(x, v) {
                return false;
            }
        }
        true
    }

    /// Assigns and propagates; on false the caller undoes.
    pub(super) fn assume(&mut self, x: u32, v: u8) -> bool {
        self.set(x, v) && self.propagate()
    }

    /// Reverts assignments back to trail length `mark` and drops pending consequences.
    pub(super) fn undo_to(&mut self, mark: usize) {
        self.queue.clear();
        let m = self.m;
        while self.trail.len() > mark {
            let Some(x) = self.trail.pop() else { break };
            let i = x as usize;
            let v = self.val[i];
            self.val[i] = UNKNOWN;
            for seg in self.segs(x) {
                self.seg_unknown[seg] += 1;
                if v == BULB {
                    self.seg_bulbs[seg] -= 1;
                }
            }
            for &(w, wt) in m.cell_walls.get(i) {
                self.wall_unknown[w as usize] += wt;
                if v == BULB {
                    self.wall_bulbs[w as usize] -= wt;
                }
            }
        }
    }

    pub(super) fn unknown_cells(&self) -> Vec<u32> {
        (0..self.val.len() as u32)
            .filter(|&c| self.val[c as usize] == UNKNOWN)
            .collect()
    }

    /// The bulbs assigned since trail length `mark`.
    pub(super) fn bulbs_since(&self, mark: usize) -> Vec<u32> {
        self.trail[mark..]
            .iter()
            .copied()
            .filter(|&c| self.val[c as usize] == BULB)
            .collect()
    }

    pub(super) fn next_epoch(&mut self) -> u32 {
        crate::generation::advance(&mut self.epoch, || {
            self.cell_stamp.fill(0);
            self.seg_stamp.fill(0);
            self.wall_stamp.fill(0);
        })
    }

    /// Failed-literal probing: an undecided cell whose bulb leads to a contradiction is empty
    /// (typically: the bulb would leave some square unlightable), one whose emptiness does is a
    /// bulb; repeated until nothing changes. Skipped for small sets of cells. False when the
    /// cells admit no solution.
    pub(super) fn probe(&mut self, cells: &[u32]) -> bool {
        if cells.len() < self.probe_min {
            return true;
        }
        loop {
            let mut changed = false;
            for &x in cells {
                if self.val[x as usize] != UNKNOWN {
                    continue;
                }
                for (tried, other) in [(BULB, EMPTY), (EMPTY, BULB)] {
                    let mark = self.trail.len();
                    let possible = self.assume(x, tried);
                    self.undo_to(mark);
                    if !possible {
                        if !self.assume(x, other) {
                            return false;
                        }
                        changed = true;
                        break;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }
}
