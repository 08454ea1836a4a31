//! The search state: colours decided so far, per-clue counts, a trail to undo, and propagation
//! to a fixpoint with two deduction rules:
//!
//! - **clue rule**: a clue whose black count is reached makes its other squares white; a clue
//!   that needs all its undecided squares makes them black (with coefficients: a square worth more
//!   than the missing blacks is white, one without which the clue cannot be reached is black);
//! - **pair rule**: two overlapping clues compared region by region (only-A, shared, only-B): the
//!   bounds on the shared region's blacks can force either private region (or the shared one).
//!   A clue's partners and the undecided squares it shares with each are found by one walk over
//!   its undecided squares and the clues counting them, so nothing is precomputed.

use super::model::Model;

/// Not decided yet.
pub const UNKNOWN: u8 = 0;
/// Decided white.
pub const WHITE: u8 = 1;
/// Decided black.
pub const BLACK: u8 = 2;

/// Partial colouring plus everything needed to propagate and backtrack.
pub struct State<'m> {
    m: &'m Model,
    /// Each square's value: [`UNKNOWN`], [`WHITE`] or [`BLACK`].
    pub value: Vec<u8>,
    /// Per clue: the sum of coefficients of its black squares.
    black: Vec<i32>,
    /// Per clue: the sum of coefficients of its undecided squares.
    pub unknown: Vec<i32>,
    /// Decided squares, in order (undo pops them).
    pub trail: Vec<u32>,
    unit_queue: Vec<u32>,
    in_unit: Vec<bool>,
    pair_queue: Vec<u32>,
    in_pair: Vec<bool>,
    /// Pair rule scratch: per clue, undecided squares shared with the clue being looked at.
    shared: Vec<u8>,
    /// Pair rule scratch: the clues with a non-zero `shared` count.
    touched: Vec<u32>,
    /// Whether a conflict was met since the last propagation started.
    conflict: bool,
}

impl<'m> State<'m> {
    /// Nothing decided; every clue queued for its first look.
    pub fn new(m: &'m Model) -> Self {
        let n = m.constraints();
        let unknown: Vec<i32> = (0..n)
            .map(|c| m.terms.row(c).iter().map(|&(_, k)| k).sum())
            .collect();
        State {
            m,
            value: vec![UNKNOWN; m.cells],
            black: vec![0; n],
            unknown,
            trail: Vec::new(),
            unit_queue: (0..n as u32).rev().collect(),
            in_unit: vec![true; n],
            pair_queue: (0..n as u32).rev().collect(),
            in_pair: vec![true; n],
            shared: vec![0; n],
            touched: Vec::with_capacity(24),
            conflict: false,
        }
    }

    /// The black squares a clue still needs.
    #[inline]
    pub fn need(&self, con: usize) -> i32 {
        self.m.targets[con] - self.black[con]
    }

    /// Decides one square; a clue pushed out of reach flags a conflict.
    pub fn assign(&mut self, cell: u32, v: u8) {
        debug_assert_eq!(self.value[cell as usize], UNKNOWN);
        self.value[cell as usize] = v;
        self.trail.push(cell);
        for &(con, k) in self.m.cell_cons.row(cell as usize) {
            let c = con as usize;
            self.unknown[c] -= k;
            if v == BLACK {
                self.black[c] += k;
            }
            let need = self.m.targets[c] - self.black[c];
            if need < 0 || need > self.unknown[c] {
                self.conflict = true;
            }
            if !self.in_unit[c] {
                self.in_unit[c] = true;
                self.unit_queue.push(con);
            }
            if !self.in_pair[c] && self.m.unit[c] {
                self.in_pair[c] = true;
                self.pair_queue.push(con);
            }
        }
    }

    /// Undoes every decision after the first `mark` of the trail.
    pub fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let cell = self.trail.pop().unwrap_or_default();
            let v = self.value[cell as usize];
            self.value[cell as usize] = UNKNOWN;
            for &(con, k) in self.m.cell_cons.row(cell as usize) {
                self.unknown[con as usize] += k;
                if v == BLACK {
                    self.black[con as usize] -= k;
                }
            }
        }
    }

    fn clear_queues(&mut self) {
        for c in self.unit_queue.drain(..) {
            self.in_unit[c as usize] = false;
        }
        for c in self.pair_queue.drain(..) {
            self.in_pair[c as usize] = false;
        }
    }

    /// Applies both rules until nothing changes. Returns `false` on a contradiction (the state
    /// must then be undone by the caller).
    pub fn propagate(&mut self) -> bool {
        loop {
            if self.conflict {
                self.conflict = false;
                self.clear_queues();
                return false;
            }
            if let Some(c) = self.unit_queue.pop() {
                self.in_unit[c as usize] = false;
                self.clue_rule(c as usize);
            } else if let Some(c) = self.pair_queue.pop() {
                self.in_pair[c as usize] = false;
                self.pair_rule(c as usize);
            } else {
                return true;
            }
        }
    }

    fn set_unknown(&mut self, con: usize, v: u8) {
        let m = self.m;
        for &(cell, _) in m.terms.row(con) {
            if self.value[cell as usize] == UNKNOWN {
                self.assign(cell, v);
            }
        }
    }

    fn clue_rule(&mut self, con: usize) {
        let need = self.need(con);
        let u = self.unknown[con];
        if need < 0 || need > u {
            self.conflict = true;
        } else if u == 0 {
        } else if need == 0 {
            self.set_unknown(con, WHITE);
        } else if need == u {
            self.set_unknown(con, BLACK);
        } else if !self.m.unit[con] {
            let m = self.m;
            for &(cell, k) in m.terms.row(con) {
                if self.value[cell as usize] != UNKNOWN {
                    continue;
                }
                let (need, u) = (self.need(con), self.unknown[con]);
                if k > need {
                    self.assign(cell, WHITE);
                } else if u - k < need {
                    self.assign(cell, BLACK);
                }
            }
        }
    }

    fn pair_rule(&mut self, a: usize) {
        if self.unknown[a] == 0 || !self.m.unit[a] {
            return;
        }
        let m = self.m;
        // Every clue B sharing undecided squares with A, and how many: one walk over A's
        // undecided squares and the clues counting them.
        self.touched.clear();
        for &(cell, _) in m.terms.row(a) {
            if self.value[cell as usize] != UNKNOWN {
                continue;
            }
            for &(b, _) in m.cell_cons.row(cell as usize) {
                let bi = b as usize;
                if bi != a && m.unit[bi] {
                    if self.shared[bi] == 0 {
                        self.touched.push(b);
                    }
                    self.shared[bi] += 1;
                }
            }
        }
        let need_a = self.need(a);
        let mut found = None;
        for &b in &self.touched {
            let b = b as usize;
            let shared = i32::from(self.shared[b]);
            let only_a = self.unknown[a] - shared;
            let only_b = self.unknown[b] - shared;
            let need_b = self.need(b);
            let lo = 0.max(need_a - only_a).max(need_b - only_b);
            let hi = shared.min(need_a).min(need_b);
            if lo > hi {
                self.conflict = true;
                break;
            }
            // Colours forced on the A-only, shared and B-only squares (None: undecided).
            let forced = (
                region(need_a - hi, need_a - lo, only_a),
                region(lo, hi, shared),
                region(need_b - hi, need_b - lo, only_b),
            );
            if forced != (None, None, None) {
                found = Some((b, forced));
                break;
            }
        }
        for &b in &self.touched {
            self.shared[b as usize] = 0;
        }
        let Some((b, (force_a, force_shared, force_b))) = found else {
            return;
        };
        let (ta, tb) = (m.terms.row(a), m.terms.row(b));
        let in_b = |cell: u32| tb.iter().any(|&(c, _)| c == cell);
        let in_a = |cell: u32| ta.iter().any(|&(c, _)| c == cell);
        for &(cell, _) in ta {
            if self.value[cell as usize] == UNKNOWN {
                let force = if in_b(cell) { force_shared } else { force_a };
                if let Some(v) = force {
                    self.assign(cell, v);
                }
            }
        }
        if let Some(v) = force_b {
            for &(cell, _) in tb {
                if self.value[cell as usize] == UNKNOWN && !in_a(cell) {
                    self.assign(cell, v);
                }
            }
        }
        // Look at A again once the clue rule has caught up.
        if !self.in_pair[a] {
            self.in_pair[a] = true;
            self.pair_queue.push(a as u32);
        }
    }
}

/// What a region of `size` undecided squares holding between `min` and `max` blacks must be.
fn region(min: i32, max: i32, size: i32) -> Option<u8> {
    if size == 0 {
        None
    } else if max <= 0 {
        Some(WHITE)
    } else if min >= size {
        Some(BLACK)
    } else {
        None
    }
}
