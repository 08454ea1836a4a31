//! The line counts as a propagator: each row and column holds exactly its count of tents.
//!
//! (Kept apart from `line.rs`: inside the clause-learning engine every deduction needs a reason.)
//!
//! Squares of a line that may still hold a tent form runs between squares that may not; two
//! tents never sit side by side, so a run of `len` squares holds at most `ceil(len / 2)` of
//! them. With the placed tents at the count, the rest of the line is empty (because of those
//! tents); with the runs' capacity below the count the line fails, and at the count every run of
//! odd length is full, alternating from its ends, and a run of two has its tent in one of them,
//! so squares touching both are empty (all because of the line's empty squares).

use super::lit::Lit;

use super::super::model::{Model, NONE};
use super::super::state::{NO_TENT, TENT, UNKNOWN, cap};
use super::ctx::{Ctx, lit};
use crate::games::tents::runs;

#[cfg(test)]
thread_local! {
    /// Tests set this to exercise the scanning path of lines longer than 128 on small puzzles.
    pub(in super::super) static SCAN_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether runs must be found by scanning (always false outside tests).
fn scan_only() -> bool {
    #[cfg(test)]
    return SCAN_ONLY.with(|s| s.get());
    #[cfg(not(test))]
    false
}

/// A line's squares as bits (bit `p` for position `p`).
#[derive(Clone, Copy)]
pub(super) struct LineBits {
    /// Candidates not empty.
    pub open: u128,
    /// Candidates undecided.
    pub unknown: u128,
}

/// Per line its placed tents and capacity, kept up to date; the lines waiting for a check
/// (those at or past a bound), and scratch space.
pub(super) struct Lines {
    /// Per line: tents placed.
    tents: Vec<u32>,
    /// Per line, when `open` is not kept: capacity of its runs (not kept for torus lines,
    /// rescanned at every change). With `open`, it is counted from the bits instead.
    capacity: Vec<usize>,
    /// Per decided candidate, in order, when `open` is not kept: what it took off the capacity
    /// of its row and column.
    losses: Vec<[u8; 2]>,
    /// Per line, when no line is longer than 128: bit `p` says the square at position `p` may
    /// hold a tent (a candidate, not empty). Runs beside a square are then found by counting
    /// bits instead of scanning.
    open: Option<Vec<u128>>,
    /// Per line, when `open` is kept: bit `p` says the square at position `p` is an undecided
    /// candidate (so a check can tell at once that a run has nothing left to force).
    unknown: Vec<u128>,
    /// Per line, when `open` is kept: the positions of its candidates.
    cands: Vec<u128>,
    queued: Vec<bool>,
    queue: Vec<u32>,
    /// Candidates of the runs of the line under check, run after run.
    run_cells: Vec<u32>,
    /// Runs as (start in `run_cells`, length).
    runs: Vec<(u32, u32)>,
    why: Vec<Lit>,
}

impl Lines {
    /// Every line queued, for the first check.
    pub(super) fn new(m: &Model) -> Self {
        let mut lines = Lines {
            tents: vec![0; m.line_count()],
            capacity: Vec::new(),
            losses: Vec::new(),
            open: None,
            unknown: Vec::new(),
            cands: Vec::new(),
            queued: vec![true; m.line_count()],
            queue: (0..m.line_count() as u32).collect(),
            run_cells: Vec::new(),
            runs: Vec::new(),
            why: Vec::new(),
        };
        if m.rows.max(m.cols) <= 128 && !scan_only() {
            let bits = (0..m.line_count()).map(|l| {
                (0..m.line_len(l))
                    .filter(|&p| m.cand_of_cell[m.line_cell(l, p) as usize] != NONE)
                    .fold(0u128, |b, p| b | 1 << p)
            });
            lines.cands = bits.collect();
            lines.unknown = lines.cands.clone();
            lines.open = Some(lines.cands.clone());
        } else {
            let open = vec![UNKNOWN; m.candidates.len()];
            lines.capacity = (0..m.line_count())
                .map(|l| lines.runs_of(m, &open, l))
                .collect();
        }
        lines
    }

    /// The open squares of line `l` as bits, when kept.
    #[inline]
    pub(super) fn open_bits(&self, l: usize) -> Option<u128> {
        self.open.as_ref().map(|o| o[l])
    }

    /// The open and the undecided squares of line `l` as bits, when kept.
    #[inline]
    pub(super) fn bits(&self, l: usize) -> Option<LineBits> {
        self.open.as_ref().map(|o| LineBits {
            open: o[l],
            unknown: self.unknown[l],
        })
    }

    /// The candidate positions of line `l` (only when `open` is kept).
    #[inline]
    pub(super) fn cand_bits(&self, l: usize) -> u128 {
        self.cands[l]
    }

    /// The set bits of `bits` just below and just above bit `p`.
    #[inline]
    pub(super) fn ones_beside(bits: u128, p: usize) -> (usize, usize) {
        let before = if p == 0 {
            0
        } else {
            (bits << (128 - p)).leading_ones() as usize
        };
        let after = if p + 1 >= 128 {
            0
        } else {
            (bits >> (p + 1)).trailing_ones() as usize
        };
        (before, after)
    }

    /// The open squares of line `l` just before and just after position `p` (neither wraps),
    /// by scanning.
    fn runs_beside(&self, m: &Model, val: &[u8], l: usize, p: usize) -> (usize, usize) {
        let open = |q: usize| {
            let c = m.cand_of_cell[m.line_cell(l, q) as usize];
            c != NONE && val[c as usize] != NO_TENT
        };
        let before = (0..p).rev().take_while(|&q| open(q)).count();
        let after = (p + 1..m.line_len(l)).take_while(|&q| open(q)).count();
        (before, after)
    }

    /// What closing a square between open runs of `a` and `b` squares takes off the capacity.
    pub(super) fn split_loss(a: usize, b: usize) -> usize {
        cap(a + b + 1) - cap(a) - cap(b)
    }

    /// The row and the column of candidate `k`, each with the candidate's position in it (its
    /// column and its row: no division).
    #[inline]
    fn lines_of(m: &Model, k: u32) -> [(usize, usize); 2] {
        let [r, c] = m.cand_line[k as usize].map(|x| x as usize);
        [(r, c), (m.rows + c, r)]
    }

    /// Candidate `k` was just decided (`val[k]` holds its value): updates its lines and queues
    /// those at a bound. With the lines' bits kept, a capacity is counted from them when
    /// needed; else it is kept up to date, with what each square took off.
    pub(super) fn assigned(&mut self, m: &Model, val: &[u8], k: u32) {
        let mut losses = [0; 2];
        for (i, (l, p)) in Self::lines_of(m, k).into_iter().enumerate() {
            let cyclic = m.cyclic(l);
            if val[k as usize] == TENT {
                self.tents[l] += 1;
            } else if !cyclic && self.open.is_none() {
                let (a, b) = self.runs_beside(m, val, l, p);
                let loss = Self::split_loss(a, b);
                self.capacity[l] -= loss;
                losses[i] = loss as u8;
            }
            let capacity = match &mut self.open {
                Some(open) => {
                    self.unknown[l] &= !(1 << p);
                    if cyclic {
                        0
                    } else {
                        if val[k as usize] == NO_TENT {
                            open[l] &= !(1 << p);
                        }
                        runs::runs_capacity(open[l])
                    }
                }
                None => self.capacity[l],
            };
            let k = m.target[l] as usize;
            let tight = cyclic || self.tents[l] as usize >= k || capacity <= k;
            if tight && !self.queued[l] {
                self.queued[l] = true;
                self.queue.push(l as u32);
            }
        }
        if self.open.is_none() {
            self.losses.push(losses);
        }
    }

    /// The latest decided candidate, `k`, is undone (`val[k]` still holds its value).
    pub(super) fn unassigning(&mut self, m: &Model, val: &[u8], k: u32) {
        let Some(open) = &mut self.open else {
            let losses = self.losses.pop().expect("undone in reverse order");
            for (i, (l, _)) in Self::lines_of(m, k).into_iter().enumerate() {
                if val[k as usize] == TENT {
                    self.tents[l] -= 1;
                }
                self.capacity[l] += losses[i] as usize;
            }
            return;
        };
        for (l, p) in Self::lines_of(m, k) {
            self.unknown[l] |= 1 << p;
            if val[k as usize] == TENT {
                self.tents[l] -= 1;
            } else {
                open[l] |= 1 << p;
            }
        }
    }

    /// Whether the lines' squares are kept as bits (no line longer than 128).
    pub(super) fn bits_kept(&self) -> bool {
        self.open.is_some()
    }

    /// Checks the queued lines; false on a conflict (raised in `ctx`).
    pub(super) fn propagate(&mut self, m: &Model, val: &[u8], ctx: &mut Ctx) -> bool {
        while let Some(l) = self.queue.pop() {
            self.queued[l as usize] = false;
            if !self.check(m, val, l as usize, ctx) {
                return false;
            }
        }
        true
    }

    fn check(&mut self, m: &Model, val: &[u8], l: usize, ctx: &mut Ctx) -> bool {
        let cs = m.line_cands.get(l);
        let k = m.target[l] as usize;
        let tents = self.tents[l] as usize;
        if tents > k {
            self.why.clear();
            let over = cs.iter().filter(|&&c| val[c as usize] == TENT).take(k + 1);
            self.why.extend(over.map(|&c| lit(c, false)));
            ctx.fail(&self.why);
            return false;
        }
        let bits = self.bits(l);
        if tents == k {
            let settled = match bits {
                Some(b) => b.unknown == 0,
                None => cs.iter().all(|&c| val[c as usize] != UNKNOWN),
            };
            if settled {
                return true;
            }
            self.why.clear();
            let placed = cs.iter().filter(|&&c| val[c as usize] == TENT);
            self.why.extend(placed.map(|&c| lit(c, true)));
            let why = ctx.explain(&self.why);
            for &c in cs {
                if val[c as usize] == UNKNOWN && !ctx.force(lit(c, false), why) {
                    return false;
                }
            }
            return true;
        }
        if let Some(bits) = bits.filter(|_| !m.cyclic(l)) {
            return self.check_bits(m, val, l, bits, ctx);
        }
        let capacity = self.runs_of(m, val, l);
        if capacity > k {
            return true;
        }
        // The empty squares of the line bound its capacity.
        self.why.clear();
        let empty = cs.iter().filter(|&&c| val[c as usize] == NO_TENT);
        self.why.extend(empty.map(|&c| lit(c, false)));
        if capacity < k {
            ctx.fail_because(&self.why);
            return false;
        }
        let mut why = None;
        for &(start, len) in &self.runs {
            let run = &self.run_cells[start as usize..(start + len) as usize];
            if len == 2 {
                // Its tent is one of the two: squares touching both are empty.
                let (a, b) = (m.candidates[run[0] as usize], m.candidates[run[1] as usize]);
                for kx in Self::touching_both(m, val, a, b) {
                    let why = *why.get_or_insert_with(|| ctx.explain(&self.why));
                    if !ctx.force(lit(kx, false), why) {
                        return false;
                    }
                }
            }
            if len % 2 == 0 {
                continue;
            }
            if run.iter().all(|&c| val[c as usize] != UNKNOWN) {
                continue;
            }
            let why = *why.get_or_insert_with(|| ctx.explain(&self.why));
            for (i, &c) in run.iter().enumerate() {
                if !ctx.force(lit(c, i % 2 == 0), why) {
                    return false;
                }
            }
        }
        true
    }

    /// The undecided candidates touching both cells `a` and `b` (side by side in a line).
    fn touching_both<'a>(
        m: &'a Model,
        val: &'a [u8],
        a: u32,
        b: u32,
    ) -> impl Iterator<Item = u32> + 'a {
        m.touch.get(a as usize).iter().filter_map(move |&x| {
            let kx = m.cand_of_cell[x as usize];
            let both =
                x != b && val[kx as usize] == UNKNOWN && m.touch.get(b as usize).contains(&x);
            both.then_some(kx)
        })
    }

    /// `check` below the count from the line's bits (not a torus line). Runs are handled in
    /// order, as by the scan.
    fn check_bits(
        &mut self,
        m: &Model,
        val: &[u8],
        l: usize,
        bits: LineBits,
        ctx: &mut Ctx,
    ) -> bool {
        let (k, LineBits { open, unknown }) = (m.target[l] as usize, bits);
        let from_starts = runs::from_run_starts(open);
        let capacity = from_starts.count_ones() as usize;
        if capacity > k {
            return true;
        }
        if capacity < k {
            self.empties_of(m, l, open);
            ctx.fail_because(&self.why);
            return false;
        }
        // Runs of two (squares touching both are empty), and odd runs with a square undecided
        // (full, from their ends).
        let starts = open & !(open << 1);
        let pairs = starts & open >> 1 & !(open >> 2);
        let odd = runs::odd_runs(open);
        let mut todo = pairs | odd & unknown;
        if todo == 0 {
            return true;
        }
        self.empties_of(m, l, open);
        let mut why = None;
        while todo != 0 {
            let p = todo.trailing_zeros() as usize;
            if pairs >> p & 1 == 1 {
                todo &= todo - 1;
                let (a, b) = (m.line_cell(l, p), m.line_cell(l, p + 1));
                for kx in Self::touching_both(m, val, a, b) {
                    let why = *why.get_or_insert_with(|| ctx.explain(&self.why));
                    if !ctx.force(lit(kx, false), why) {
                        return false;
                    }
                }
                continue;
            }
            let (before, after) = Self::ones_beside(open, p);
            let start = p - before;
            todo &= !(u128::MAX >> (127 - p - after));
            let why = *why.get_or_insert_with(|| ctx.explain(&self.why));
            for q in start..=p + after {
                let tent = from_starts >> q & 1 == 1;
                if !ctx.force(lit(self.cand_at(m, l, q), tent), why) {
                    return false;
                }
            }
        }
        true
    }

    /// The empty squares of line `l` (whose `open` squares are given), which bound its
    /// capacity, as true literals, into `why`.
    fn empties_of(&mut self, m: &Model, l: usize, open: u128) {
        self.why.clear();
        let mut empty = self.cands[l] & !open;
        while empty != 0 {
            let p = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            self.why.push(lit(self.cand_at(m, l, p), false));
        }
    }

    /// The candidate at position `p` of line `l`.
    #[inline]
    fn cand_at(&self, m: &Model, l: usize, p: usize) -> u32 {
        m.cand_of_cell[m.line_cell(l, p) as usize]
    }

    /// The most tents line `l` can hold under `val`.
    pub(super) fn capacity(&mut self, m: &Model, val: &[u8], l: usize) -> usize {
        self.runs_of(m, val, l)
    }

    /// Fills `runs` with the line's runs of squares that may hold a tent and returns their
    /// capacity. A whole torus line free of empty squares is a cycle: it holds at most half its
    /// length and is left out of `runs` (no run of it is forced full).
    fn runs_of(&mut self, m: &Model, val: &[u8], l: usize) -> usize {
        self.run_cells.clear();
        self.runs.clear();
        let cs = m.line_cands.get(l);
        let n = cs.len();
        let len = m.line_len(l);
        let cyclic = m.cyclic(l);
        let pos = |i: usize| m.pos_in_line(l, m.candidates[cs[i] as usize]);
        let follows = |i: usize, j: usize| {
            pos(j) == pos(i) + 1 || (cyclic && pos(i) == len - 1 && pos(j) == 0)
        };
        let open = |i: usize| val[cs[i] as usize] != NO_TENT;
        // On a cycle, start just after a break so that no run is cut in two.
        let start = if cyclic {
            match (0..n).find(|&i| !open(i) || !follows((i + n - 1) % n, i)) {
                Some(s) => s,
                None => return len / 2,
            }
        } else {
            0
        };
        let mut prev: Option<usize> = None;
        for j in 0..n {
            let i = (start + j) % n;
            if !open(i) {
                prev = None;
                continue;
            }
            match prev {
                Some(p) if follows(p, i) => {
                    self.runs.last_mut().expect("an open run").1 += 1;
                }
                _ => self.runs.push((self.run_cells.len() as u32, 1)),
            }
            self.run_cells.push(cs[i]);
            prev = Some(i);
        }
        self.runs.iter().map(|&(_, len)| cap(len as usize)).sum()
    }
}
