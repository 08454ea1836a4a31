//! A derivation of the planted colouring from the clues: for each square, the rule
//! application that decided it, when, and which clues it used.
//!
//! Invariant: every live deduction decides its squares with the rules of the target tier from
//! its clues and the squares decided strictly earlier. Squares decided before the first use of
//! a clue therefore do not depend on it, which is what makes a local removal test sound.

use std::collections::BTreeSet;

use crate::games::mosaic::deduce::Journal;

/// Spacing of fresh timestamps, leaving room to insert deductions in between.
const GAP: u64 = 1 << 20;

/// Who decided each square, when, and with which clues.
pub struct Derivation {
    /// Deduction currently justifying each square.
    just: Vec<u32>,
    /// Per deduction: its time.
    time: Vec<u64>,
    /// Per deduction: how many squares it still justifies.
    live: Vec<u32>,
    /// Per deduction: end of its clues in `uses` and of its squares in `cells`.
    ends: Vec<(u32, u32)>,
    uses: Vec<u32>,
    cells: Vec<u32>,
    /// Per clue: the deductions that used it (dead ones included).
    uses_of: Vec<Vec<u32>>,
    /// Times of the live deductions.
    times: BTreeSet<u64>,
}

impl Derivation {
    /// The derivation a journal recorded; `None` unless it decides every one of `cells`.
    pub fn new(cells: usize, clues: usize, journal: &Journal) -> Option<Self> {
        let mut d = Derivation {
            just: vec![u32::MAX; cells],
            time: Vec::new(),
            live: Vec::new(),
            ends: Vec::new(),
            uses: Vec::new(),
            cells: Vec::new(),
            uses_of: vec![Vec::new(); clues],
            times: BTreeSet::new(),
        };
        for (i, (uses, squares)) in journal.entries().enumerate() {
            d.push((i as u64 + 1) * GAP, uses, squares);
        }
        d.just.iter().all(|&j| j != u32::MAX).then_some(d)
    }

    fn push(&mut self, time: u64, uses: &[u32], squares: &[u32]) {
        let id = self.time.len() as u32;
        self.time.push(time);
        self.live.push(0);
        self.uses.extend_from_slice(uses);
        self.cells.extend_from_slice(squares);
        self.ends
            .push((self.uses.len() as u32, self.cells.len() as u32));
        for &u in uses {
            self.uses_of[u as usize].push(id);
        }
        for &cell in squares {
            let old = self.just[cell as usize];
            // Never move a square later: deductions in between may rest on it.
            if old != u32::MAX && self.time[old as usize] <= time {
                continue;
            }
            if old != u32::MAX {
                self.live[old as usize] -= 1;
                if self.live[old as usize] == 0 {
                    self.times.remove(&self.time[old as usize]);
                }
            }
            self.just[cell as usize] = id;
            self.live[id as usize] += 1;
        }
        if self.live[id as usize] > 0 {
            self.times.insert(time);
        }
    }

    fn squares_of(&self, id: u32) -> &[u32] {
        let start = if id == 0 {
            0
        } else {
            self.ends[id as usize - 1].1
        };
        &self.cells[start as usize..self.ends[id as usize].1 as usize]
    }

    /// When the square was decided.
    pub fn cell_time(&self, cell: u32) -> u64 {
        self.time[self.just[cell as usize] as usize]
    }

    /// The earliest live deduction using `clue`, if any.
    pub fn first_use(&self, clue: u32) -> Option<u32> {
        self.uses_of[clue as usize]
            .iter()
            .copied()
            .filter(|&d| self.live[d as usize] > 0)
            .min_by_key(|&d| self.time[d as usize])
    }

    /// A deduction's time.
    pub fn time_of(&self, id: u32) -> u64 {
        self.time[id as usize]
    }

    /// The squares whose current deduction used `clue`.
    pub fn resting_on(&self, clue: u32) -> Vec<u32> {
        let mut out = Vec::new();
        for &d in &self.uses_of[clue as usize] {
            if self.live[d as usize] > 0 {
                out.extend(
                    self.squares_of(d)
                        .iter()
                        .copied()
                        .filter(|&c| self.just[c as usize] == d),
                );
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Inserts the journal's deductions, in order, just before deduction `before` (after every
    /// earlier live one); the squares they decide take them as their new justification.
    pub fn insert_before(&mut self, before: u32, journal: &Journal) {
        if journal.is_empty() {
            return;
        }
        let k = journal.len() as u64;
        let mut t0 = self.time[before as usize];
        let mut pred = self.times.range(..t0).next_back().copied().unwrap_or(0);
        if t0 - pred <= k {
            self.renumber();
            t0 = self.time[before as usize];
            pred = self.times.range(..t0).next_back().copied().unwrap_or(0);
        }
        for (j, (uses, squares)) in journal.entries().enumerate() {
            let time = pred + (t0 - pred) * (j as u64 + 1) / (k + 1);
            self.push(time, uses, squares);
        }
    }

    /// Spreads the live deductions' times out again, keeping their order.
    fn renumber(&mut self) {
        let mut live: Vec<u32> = (0..self.time.len() as u32)
            .filter(|&d| self.live[d as usize] > 0)
            .collect();
        live.sort_by_key(|&d| self.time[d as usize]);
        self.times.clear();
        for (i, &d) in live.iter().enumerate() {
            let t = (i as u64 + 1) * GAP;
            self.time[d as usize] = t;
            self.times.insert(t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mosaic::Neighbourhood;
    use crate::games::mosaic::deduce::{Engine, Model};
    use crate::grid::Topology;

    /// A 1x4 strip (ortho-exclude): clues everywhere from blacks at 0 and 3.
    fn derivation() -> (Model, Derivation) {
        let m = Model::everywhere(
            Topology::new(1, 4, false),
            Neighbourhood::OrthoExclude,
            &[true, false, false, true],
        );
        let mut e = Engine::with_all_clues(&m);
        e.start_journal();
        e.propagate(true).unwrap();
        assert!(e.solved());
        let j = e.take_journal();
        let d = Derivation::new(m.cells(), m.clues(), &j).unwrap();
        (m, d)
    }

    #[test]
    fn every_square_has_a_deduction_and_clues_know_their_uses() {
        let (m, d) = derivation();
        let used: Vec<u32> = (0..m.clues() as u32)
            .filter(|&c| d.first_use(c).is_some())
            .collect();
        assert!(!used.is_empty());
        for c in used {
            let first = d.first_use(c).unwrap();
            for cell in d.resting_on(c) {
                assert!(d.cell_time(cell) >= d.time_of(first));
            }
        }
    }

    #[test]
    fn inserted_deductions_come_just_before_and_never_move_squares_later() {
        let (m, mut d) = derivation();
        let clue = (0..m.clues() as u32)
            .find(|&c| d.first_use(c).is_some())
            .unwrap();
        let first = d.first_use(clue).unwrap();
        let t0 = d.time_of(first);
        let moved = d.resting_on(clue);
        let untouched: Vec<(u32, u64)> = (0..m.cells() as u32)
            .filter(|c| !moved.contains(c))
            .map(|c| (c, d.cell_time(c)))
            .collect();
        // Re-decide the same squares with another clue's name, then everything once more.
        let mut e = Engine::with_all_clues(&m);
        e.start_journal();
        e.propagate(true).unwrap();
        let j = e.take_journal();
        for _ in 0..40 {
            d.insert_before(first, &j);
        }
        for &c in &moved {
            assert!(d.cell_time(c) < t0);
        }
        for (c, t) in untouched {
            assert!(d.cell_time(c) <= t);
        }
        assert!(d.first_use(clue).is_none_or(|f| d.time_of(f) < t0));
    }
}
