//! The deduction state: colours decided so far, per-clue counts, a trail to undo, and
//! propagation of the easy and tricky rules to a fixpoint, plus case analysis by probing.
//!
//! The same rule tests ([`Engine::clue_force`], [`Engine::pair_bounds`]) drive both the hint
//! engine (which reports the first one that applies) and this propagation (which applies them
//! all), so hints and grades always agree.

use super::journal::Journal;
use super::logic::{ClueForce, Conflict, PairBounds, clue_value, conflict_clues};
use super::model::{Model, Partner};

pub use super::values::{BLACK, UNKNOWN, WHITE};

/// Partial colouring plus what propagation needs; only active clues take part.
pub struct Engine<'m> {
    m: &'m Model,
    active: Vec<bool>,
    value: Vec<u8>,
    /// Per clue: sum of coefficients of its black squares.
    black: Vec<i32>,
    /// Per clue: sum of coefficients of its undecided squares.
    unknown: Vec<i32>,
    /// Decided squares, in order.
    trail: Vec<u32>,
    easy_q: Vec<u32>,
    in_easy: Vec<bool>,
    pair_q: Vec<u32>,
    in_pair: Vec<bool>,
    /// Per clue: bit mask of its undecided term slots.
    open: Vec<u16>,
    /// Literals (square, colour) known not to fail since the last deduction while probing.
    safe: Vec<u32>,
    safe_generation: u32,
    scratch: Vec<u32>,
    conflict: Option<Conflict>,
    /// Number of active clues counting each square.
    coverage: Vec<u16>,
    /// Rule applications, when recording.
    journal: Option<Journal>,
    /// The clues the last failed probe used (recorded only while journaling).
    probe_uses: Vec<u32>,
}

impl<'m> Engine<'m> {
    /// Nothing decided and no clue active.
    pub fn new(m: &'m Model) -> Self {
        let n = m.clues();
        let unknown: Vec<i32> = (0..n)
            .map(|c| m.terms.row(c).iter().map(|&(_, k)| k).sum())
            .collect();
        Engine {
            m,
            active: vec![false; n],
            value: vec![UNKNOWN; m.cells()],
            black: vec![0; n],
            unknown,
            trail: Vec::new(),
            easy_q: Vec::new(),
            in_easy: vec![false; n],
            pair_q: Vec::new(),
            in_pair: vec![false; n],
            open: (0..n)
                .map(|c| ((1u32 << m.terms.row(c).len()) - 1) as u16)
                .collect(),
            safe: vec![0; 2 * m.cells()],
            safe_generation: 0,
            scratch: Vec::new(),
            conflict: None,
            coverage: vec![0; m.cells()],
            journal: None,
            probe_uses: Vec::new(),
        }
    }

    /// Every clue active.
    pub fn with_all_clues(m: &'m Model) -> Self {
        let mut e = Engine::new(m);
        for c in 0..m.clues() {
            e.activate(c as u32);
        }
        e
    }

    /// Starts recording rule applications (an empty journal).
    pub fn start_journal(&mut self) {
        let mut j = self.journal.take().unwrap_or_default();
        j.clear();
        self.journal = Some(j);
    }

    /// Stops recording and hands over what was recorded.
    pub fn take_journal(&mut self) -> Journal {
        self.journal.take().unwrap_or_default()
    }

    /// Records that the clues `uses` decided the squares assigned since trail mark `before`.
    fn record(&mut self, uses: &[u32], before: usize) {
        if let Some(j) = &mut self.journal
            && self.trail.len() > before
        {
            j.push(uses, &self.trail[before..]);
        }
    }

    /// The model.
    pub fn model(&self) -> &'m Model {
        self.m
    }

    /// A square's value: [`UNKNOWN`], [`WHITE`] or [`BLACK`].
    #[inline]
    pub fn value(&self, cell: u32) -> u8 {
        self.value[cell as usize]
    }

    /// The black squares a clue still needs.
    #[inline]
    pub fn need(&self, clue: u32) -> i32 {
        self.m.target[clue as usize] - self.black[clue as usize]
    }

    /// The undecided squares a clue counts (with coefficients).
    #[inline]
    pub fn unknown(&self, clue: u32) -> i32 {
        self.unknown[clue as usize]
    }

    /// Whether a clue takes part.
    #[inline]
    pub fn is_active(&self, clue: u32) -> bool {
        self.active[clue as usize]
    }

    /// Whether an active clue counts the square.
    #[inline]
    pub fn covered(&self, cell: u32) -> bool {
        self.coverage[cell as usize] > 0
    }

    /// Number of decisions so far (a mark for [`Engine::undo`]).
    #[cfg(test)]
    pub fn trail_len(&self) -> usize {
        self.trail.len()
    }

    /// Makes a clue take part, queued for a first look.
    pub fn activate(&mut self, clue: u32) {
        let c = clue as usize;
        if self.active[c] {
            return;
        }
        self.active[c] = true;
        for &(cell, _) in self.m.terms.row(c) {
            self.coverage[cell as usize] += 1;
        }
        self.check_counts(c);
        self.queue(c);
    }

    /// Takes a clue out (decisions already made stay).
    pub fn deactivate(&mut self, clue: u32) {
        let c = clue as usize;
        if !self.active[c] {
            return;
        }
        self.active[c] = false;
        for &(cell, _) in self.m.terms.row(c) {
            self.coverage[cell as usize] -= 1;
        }
    }

    fn queue(&mut self, c: usize) {
        if !self.in_easy[c] {
            self.in_easy[c] = true;
            self.easy_q.push(c as u32);
        }
        if !self.in_pair[c] && self.m.unit[c] {
            self.in_pair[c] = true;
            self.pair_q.push(c as u32);
        }
    }

    fn check_counts(&mut self, c: usize) {
        let need = self.m.target[c] - self.black[c];
        if self.conflict.is_none() {
            if need < 0 {
                self.conflict = Some(Conflict::TooMany(c as u32));
            } else if need > self.unknown[c] {
                self.conflict = Some(Conflict::TooFew(c as u32));
            }
        }
    }

    /// Decides one square; an active clue pushed out of reach records a conflict that the next
    /// [`Engine::propagate`] reports.
    pub fn assign(&mut self, cell: u32, v: u8) {
        debug_assert_eq!(self.value[cell as usize], UNKNOWN);
        self.value[cell as usize] = v;
        self.trail.push(cell);
        let m = self.m;
        for k in m.cell_clues.row(cell as usize) {
            let c = k.clue as usize;
            self.unknown[c] -= k.coef;
            self.open[c] &= !(1 << k.slot);
            if v == BLACK {
                self.black[c] += k.coef;
            }
            if self.active[c] {
                self.check_counts(c);
                self.queue(c);
            }
        }
    }

    /// Undoes every decision after the first `mark` of the trail (a pending conflict too).
    pub fn undo(&mut self, mark: usize) {
        let m = self.m;
        while self.trail.len() > mark {
            let Some(cell) = self.trail.pop() else { break };
            let v = self.value[cell as usize];
            self.value[cell as usize] = UNKNOWN;
            for k in m.cell_clues.row(cell as usize) {
                let c = k.clue as usize;
                self.unknown[c] += k.coef;
                self.open[c] |= 1 << k.slot;
                if v == BLACK {
                    self.black[c] -= k.coef;
                }
            }
        }
        self.conflict = None;
    }

    /// Forgets queued work (after stopping a propagation early).
    pub fn clear_queues(&mut self) {
        for c in self.easy_q.drain(..) {
            self.in_easy[c as usize] = false;
        }
        for c in self.pair_q.drain(..) {
            self.in_pair[c as usize] = false;
        }
    }

    /// The conflict an active clue shows on its own counts, if any.
    pub fn count_conflict(&self, clue: u32) -> Option<Conflict> {
        let need = self.need(clue);
        if need < 0 {
            Some(Conflict::TooMany(clue))
        } else if need > self.unknown(clue) {
            Some(Conflict::TooFew(clue))
        } else {
            None
        }
    }

    /// What the single-clue rules say about an active clue.
    pub fn clue_force(&self, clue: u32) -> ClueForce {
        if let Some(conflict) = self.count_conflict(clue) {
            return ClueForce::Conflict(conflict);
        }
        let (need, u) = (self.need(clue), self.unknown(clue));
        if u == 0 {
            ClueForce::Nothing
        } else if need == 0 {
            ClueForce::Complete
        } else if need == u {
            ClueForce::Fill
        } else if !self.m.unit[clue as usize] && self.clue_sets(clue).next().is_some() {
            ClueForce::Counted
        } else {
            ClueForce::Nothing
        }
    }

    /// The undecided squares of a clue that the single-clue rules decide, with their colours.
    pub fn clue_sets(&self, clue: u32) -> impl Iterator<Item = (u32, u8)> + '_ {
        let (need, u) = (self.need(clue), self.unknown(clue));
        self.m
            .terms
            .row(clue as usize)
            .iter()
            .filter(|&&(cell, _)| self.value[cell as usize] == UNKNOWN)
            .filter_map(move |&(cell, k)| clue_value(k, need, u).map(|v| (cell, v)))
    }

    /// Compares unit clue `a` with its partner `p`; `None` when they share no undecided
    /// square.
    #[inline]
    pub fn pair_bounds(&self, a: u32, p: &Partner) -> Option<PairBounds> {
        let open_a = self.open[a as usize];
        let shared = (open_a & p.mine).count_ones() as i32;
        if shared == 0 {
            return None;
        }
        let only_a = (open_a & !p.mine).count_ones() as i32;
        let only_b = (self.open[p.clue as usize] & !p.theirs).count_ones() as i32;
        let (need_a, need_b) = (self.need(a), self.need(p.clue));
        Some(PairBounds {
            shared,
            only_a,
            only_b,
            need_a,
            need_b,
            lo: 0.max(need_a - only_a).max(need_b - only_b),
            hi: shared.min(need_a).min(need_b),
        })
    }

    /// The undecided squares `a` counts and `b` does not.
    pub fn only_in(&self, a: u32, b: u32) -> Vec<u32> {
        let rb = self.m.terms.row(b as usize);
        self.m
            .terms
            .row(a as usize)
            .iter()
            .filter(|&&(cell, _)| self.value[cell as usize] == UNKNOWN)
            .filter(|&&(cell, _)| !rb.iter().any(|&(o, _)| o == cell))
            .map(|&(cell, _)| cell)
            .collect()
    }

    /// The undecided squares both clues count.
    pub fn shared(&self, a: u32, b: u32) -> Vec<u32> {
        let rb = self.m.terms.row(b as usize);
        self.m
            .terms
            .row(a as usize)
            .iter()
            .filter(|&&(cell, _)| self.value[cell as usize] == UNKNOWN)
            .filter(|&&(cell, _)| rb.iter().any(|&(o, _)| o == cell))
            .map(|&(cell, _)| cell)
            .collect()
    }

    /// Applies the easy rules (and the tricky ones when `tricky`) until nothing changes.
    /// On a contradiction the queues are cleared and the conflict returned; the caller undoes.
    pub fn propagate(&mut self, tricky: bool) -> Result<(), Conflict> {
        loop {
            if let Some(conflict) = self.conflict.take() {
                self.clear_queues();
                return Err(conflict);
            }
            if let Some(c) = self.easy_q.pop() {
                self.in_easy[c as usize] = false;
                self.clue_rule(c);
            } else if !tricky {
                return Ok(());
            } else if let Some(c) = self.pair_q.pop() {
                self.in_pair[c as usize] = false;
                self.pair_rule(c);
            } else {
                return Ok(());
            }
        }
    }

    fn clue_rule(&mut self, clue: u32) {
        if !self.active[clue as usize] {
            return;
        }
        if let Some(conflict) = self.count_conflict(clue) {
            self.conflict.get_or_insert(conflict);
            return;
        }
        if self.unknown(clue) == 0 {
            return;
        }
        let mut sets = std::mem::take(&mut self.scratch);
        sets.clear();
        let (need, u) = (self.need(clue), self.unknown(clue));
        for &(cell, k) in self.m.terms.row(clue as usize) {
            if self.value[cell as usize] == UNKNOWN
                && let Some(v) = clue_value(k, need, u)
            {
                sets.push(cell | (u32::from(v) << 30));
            }
        }
        let before = self.trail.len();
        for &s in &sets {
            let cell = s & ((1 << 30) - 1);
            if self.value[cell as usize] == UNKNOWN {
                self.assign(cell, (s >> 30) as u8);
            }
        }
        self.scratch = sets;
        self.record(&[clue], before);
    }

    fn pair_rule(&mut self, a: u32) {
        if !self.active[a as usize] || self.unknown(a) == 0 || !self.m.unit[a as usize] {
            return;
        }
        let m = self.m;
        for p in m.partners.row(a as usize) {
            let b = p.clue;
            if !self.active[b as usize] || self.unknown(b) == 0 {
                continue;
            }
            let Some(bounds) = self.pair_bounds(a, p) else {
                continue;
            };
            if bounds.conflict() {
                self.conflict.get_or_insert(Conflict::Pair(a, b));
                return;
            }
            let (fa, fb) = (bounds.force_a(), bounds.force_b());
            if fa.is_none() && fb.is_none() {
                continue;
            }
            // Both regions are read before anything changes.
            let only_a = self.open[a as usize] & !p.mine;
            let only_b = self.open[b as usize] & !p.theirs;
            let before = self.trail.len();
            for (clue, mask, force) in [(a, only_a, fa), (b, only_b, fb)] {
                let Some(v) = force else { continue };
                let terms = m.terms.row(clue as usize);
                let mut bits = mask;
                while bits != 0 {
                    let slot = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let cell = terms[slot].0;
                    if self.value[cell as usize] == UNKNOWN {
                        self.assign(cell, v);
                    }
                }
            }
            self.record(&[a, b], before);
            // Look at `a` again once the clue rule has caught up.
            self.queue(a as usize);
            return;
        }
    }

    /// Tries `v` on `cell`: propagates the easy and tricky rules, reports a conflict, and
    /// undoes everything. Literals implied without conflict are remembered as safe.
    pub fn probe(&mut self, cell: u32, v: u8) -> Result<(), Conflict> {
        let mark = self.trail.len();
        let entries = self.journal.as_ref().map(Journal::len);
        self.assign(cell, v);
        let result = self.propagate(true);
        if let (Some(j), Some(len)) = (&mut self.journal, entries) {
            // The probe's steps were hypothetical: keep only which clues refuted it.
            if let Err(conflict) = result {
                self.probe_uses.clear();
                self.probe_uses.extend_from_slice(j.uses_after(len));
                self.probe_uses.extend(conflict_clues(conflict));
                self.probe_uses.sort_unstable();
                self.probe_uses.dedup();
            }
            j.truncate(len);
        }
        if result.is_ok() {
            let g = self.safe_generation;
            for &c in &self.trail[mark..] {
                let lit = 2 * c as usize + usize::from(self.value[c as usize] == BLACK);
                self.safe[lit] = g;
            }
        }
        self.undo(mark);
        result
    }

    /// Starts a new round of probing: literals found safe before no longer count.
    pub fn forget_safe(&mut self) {
        crate::generation::advance(&mut self.safe_generation, || self.safe.fill(0));
    }

    /// Whether trying `v` on `cell` is known not to fail in this round.
    pub fn is_safe(&self, cell: u32, v: u8) -> bool {
        self.safe[2 * cell as usize + usize::from(v == BLACK)] == self.safe_generation
    }

    /// Gives `cell` the colour case analysis forced (the last failed probe refuted the other),
    /// noting in the journal the clues that refuted it.
    pub fn decide_by_case(&mut self, cell: u32, v: u8) {
        let before = self.trail.len();
        self.assign(cell, v);
        let uses = std::mem::take(&mut self.probe_uses);
        self.record(&uses, before);
        self.probe_uses = uses;
    }

    /// The undecided squares some active clue counts, row-major.
    pub fn open_cells(&self) -> Vec<u32> {
        (0..self.m.cells() as u32)
            .filter(|&c| self.value(c) == UNKNOWN && self.covered(c))
            .collect()
    }

    /// Whether every square is decided.
    pub fn solved(&self) -> bool {
        self.value.iter().all(|&v| v != UNKNOWN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduce::Tier;
    use crate::game::Game;
    use crate::games::mosaic::Mosaic;

    fn model(text: &str) -> Model {
        Model::of(&Mosaic::parse(text).unwrap())
    }

    #[test]
    fn pair_bounds_compare_regions() {
        // (1,1) needs 5, (1,2) needs 2; they share 6 squares, 3 outside each.
        let m = model("3 5 0 0\n-e-e-e-e-e\n-e5e2e-e-e\n-e-e-e-e-e\n");
        let e = Engine::with_all_clues(&m);
        let b = e.pair_bounds(0, &m.partners.row(0)[0]).unwrap();
        assert_eq!((b.shared, b.only_a, b.only_b), (6, 3, 3));
        assert_eq!((b.lo, b.hi), (2, 2));
        assert_eq!(b.force_a(), Some(BLACK));
        assert_eq!(b.force_b(), Some(WHITE));
        assert!(!b.conflict());
    }

    #[test]
    fn propagation_reaches_the_fixpoint_or_a_conflict() {
        let m = model("3 5 0 0\n-e-e-e-e-e\n-e5e2e-e-e\n-e-e-e-e-e\n");
        let mut e = Engine::with_all_clues(&m);
        e.propagate(false).unwrap();
        assert_eq!(e.trail_len(), 0);
        e.propagate(true).unwrap();
        // Column 0 black, column 3 white; the rest stays open.
        for r in 0..3 {
            assert_eq!(e.value((r * 5) as u32), BLACK);
            assert_eq!(e.value((r * 5 + 3) as u32), WHITE);
        }
        let m = model("3 5 0 0\n-e-e-e-e-e\n-e6e1e-e-e\n-e-e-e-e-e\n");
        let mut e = Engine::with_all_clues(&m);
        let conflict = e.propagate(true);
        assert!(matches!(
            conflict,
            Err(Conflict::Pair(0, 1) | Conflict::Pair(1, 0))
        ));
    }

    #[test]
    fn undo_restores_counts_and_probes_leave_no_trace() {
        let m = model("3 3 0 0\n2e-e1e\n-e3e2e\n2e-e1e\n");
        let mut e = Engine::with_all_clues(&m);
        e.propagate(true).unwrap();
        let before: Vec<(i32, i32)> = (0..m.clues() as u32)
            .map(|c| (e.need(c), e.unknown(c)))
            .collect();
        let mark = e.trail_len();
        let results: Vec<_> = (0..9).map(|cell| e.probe(cell, BLACK)).collect();
        assert_eq!(e.trail_len(), mark);
        let after: Vec<(i32, i32)> = (0..m.clues() as u32)
            .map(|c| (e.need(c), e.unknown(c)))
            .collect();
        assert_eq!(before, after);
        assert!(results.iter().any(Result::is_err));
        // Case analysis then solves this puzzle.
        e.close(Tier::Hard).unwrap();
        assert!(e.solved());
    }

    #[test]
    fn journal_records_clues_and_squares_per_step() {
        let m = model("2 3 0 0\n0e-e-e\n-e-e2e\n");
        let mut e = Engine::with_all_clues(&m);
        e.start_journal();
        e.propagate(true).unwrap();
        let j = e.take_journal();
        let entries: Vec<(Vec<u32>, Vec<u32>)> =
            j.entries().map(|(u, c)| (u.to_vec(), c.to_vec())).collect();
        assert_eq!(entries.len(), 2);
        assert!(e.solved());
        let decided: usize = entries.iter().map(|(_, c)| c.len()).sum();
        assert_eq!(decided, e.trail_len());
        assert!(entries.iter().all(|(u, _)| u.len() == 1));
        assert_eq!(j.len(), entries.len());
    }

    #[test]
    fn inactive_clues_take_no_part() {
        let m = model("1 3 0 0\n0e-e-e\n");
        let mut e = Engine::new(&m);
        e.propagate(true).unwrap();
        assert_eq!(e.trail_len(), 0);
        assert!(!e.covered(0));
        e.activate(0);
        assert!(e.covered(1) && !e.covered(2));
        e.propagate(true).unwrap();
        assert_eq!(e.open_cells(), Vec::<u32>::new());
        e.deactivate(0);
        assert!(!e.covered(1));
    }
}
