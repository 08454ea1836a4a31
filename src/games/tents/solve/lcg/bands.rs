//! Two neighbouring lines together, as a propagator (when tents may not touch diagonally and
//! the grid does not wrap). Tents of two neighbouring rows sit in distinct columns, no two of
//! them side by side (they would touch, straight or diagonally), so the band holds at most
//! `ceil(len / 2)` tents per run of columns where either row may still take one. With the two
//! counts above that the band fails; at it, every run of odd length has a tent in its columns
//! 1, 3, 5, … from each end (in the one square left open, if only one is) and none in the
//! columns between, whose squares are empty (all because of the band's empty squares).

use super::lit::Lit;

use super::super::model::{Model, NONE};
use super::super::state::{NO_TENT, UNKNOWN, cap};
use super::ctx::{Ctx, lit};
use super::lines::{LineBits, Lines};
use crate::games::tents::runs;

/// Per band its capacity (kept up to date when the lines' bits are not); the bands waiting for
/// a check (those at their bound), and scratch space. A band is named by its first line.
pub(super) struct Bands {
    capacity: Vec<usize>,
    /// Per decided candidate, in order, when the lines' bits are not kept: the bands whose
    /// capacity it lowered, and by how much.
    losses: Vec<[(u32, u8); 4]>,
    /// Per line: the band it starts with the next line of its axis is queued.
    queued: Vec<bool>,
    queue: Vec<u32>,
    /// Per candidate, `bands_of` it, worked out once (it is asked at every assignment).
    bands_of: Vec<[(u32, u32); 4]>,
    /// Runs of open columns of the band under check: (first position, length).
    runs: Vec<(u32, u32)>,
    why: Vec<Lit>,
}

impl Bands {
    /// Every band queued; `None` when bands do not apply (diagonal touching allowed, or a
    /// wrapping grid).
    pub(super) fn new(m: &Model) -> Option<Self> {
        if m.diagadj || m.wrapping {
            return None;
        }
        let mut b = Bands {
            capacity: vec![0; m.line_count()],
            losses: Vec::new(),
            queued: vec![false; m.line_count()],
            queue: Vec::new(),
            bands_of: Vec::new(),
            runs: Vec::new(),
            why: Vec::new(),
        };
        b.bands_of = (0..m.candidates.len() as u32)
            .map(|k| b.bands_of(m, k))
            .collect();
        let open = vec![UNKNOWN; m.candidates.len()];
        for l in 0..m.line_count() {
            if b.starts_band(m, l) {
                b.queued[l] = true;
                b.queue.push(l as u32);
                b.capacity[l] = b.runs_of(m, &open, l, usize::MAX);
            }
        }
        Some(b)
    }

    /// Whether line `l` has a next line on its axis.
    fn starts_band(&self, m: &Model, l: usize) -> bool {
        if l < m.rows {
            l + 1 < m.rows
        } else {
            l + 1 < m.rows + m.cols
        }
    }

    /// The bands (first lines) holding candidate `k`, with its position along them, as many as
    /// there are at the front (the rest `(NONE, 0)`).
    fn bands_of(&self, m: &Model, k: u32) -> [(u32, u32); 4] {
        let cell = m.candidates[k as usize];
        let [r, c] = m.cand_line[k as usize];
        let mut out = [(NONE, 0); 4];
        let mut n = 0;
        for l in [r as usize, m.rows + c as usize] {
            let first = if l == 0 || l == m.rows { l } else { l - 1 };
            let p = m.pos_in_line(l, cell) as u32;
            for b in first..=l {
                if self.starts_band(m, b) {
                    out[n] = (b as u32, p);
                    n += 1;
                }
            }
        }
        out
    }

    fn column_open(m: &Model, val: &[u8], l: usize, p: usize) -> bool {
        Self::column(m, l, p)
            .into_iter()
            .any(|c| c != NONE && val[c as usize] != NO_TENT)
    }

    /// The open columns of band `l` just before and just after column `p`, by scanning.
    fn runs_beside(m: &Model, val: &[u8], l: usize, p: usize) -> (usize, usize) {
        let before = (0..p)
            .rev()
            .take_while(|&q| Self::column_open(m, val, l, q))
            .count();
        let after = (p + 1..m.line_len(l))
            .take_while(|&q| Self::column_open(m, val, l, q))
            .count();
        (before, after)
    }

    /// Candidate `k` was just decided (`val[k]` holds its value, `lines` already knows it):
    /// updates its bands and queues those at their bound. With the lines' bits kept, a band's
    /// capacity is counted from them; else it is kept up to date, with what each square took off.
    pub(super) fn assigned(&mut self, lines: &Lines, m: &Model, val: &[u8], k: u32) {
        let mut losses = [(NONE, 0); 4];
        // A tent leaves the band's open squares, all a check looks at, as they were: nothing
        // new to check.
        if val[k as usize] != NO_TENT {
            if !lines.bits_kept() {
                self.losses.push(losses);
            }
            return;
        }
        for (i, (b, p)) in self.bands_of[k as usize].into_iter().enumerate() {
            if b == NONE {
                break;
            }
            let (b, p) = (b as usize, p as usize);
            let capacity = match (lines.open_bits(b), lines.open_bits(b + 1)) {
                (Some(x), Some(y)) => runs::runs_capacity(x | y),
                _ => {
                    if !Self::column_open(m, val, b, p) {
                        let (x, y) = Self::runs_beside(m, val, b, p);
                        let loss = Lines::split_loss(x, y);
                        self.capacity[b] -= loss;
                        losses[i] = (b as u32, loss as u8);
                    }
                    self.capacity[b]
                }
            };
            let bound = (m.target[b] + m.target[b + 1]) as usize;
            if capacity <= bound && !self.queued[b] {
                self.queued[b] = true;
                self.queue.push(b as u32);
            }
        }
        if !lines.bits_kept() {
            self.losses.push(losses);
        }
    }

    /// The latest decided candidate is undone.
    pub(super) fn unassigning(&mut self, lines: &Lines) {
        if lines.bits_kept() {
            return;
        }
        let losses = self.losses.pop().expect("undone in reverse order");
        for (b, loss) in losses {
            if b != NONE {
                self.capacity[b as usize] += loss as usize;
            }
        }
    }

    /// Checks the queued bands; false on a conflict (raised in `ctx`).
    pub(super) fn propagate(
        &mut self,
        lines: &Lines,
        m: &Model,
        val: &[u8],
        ctx: &mut Ctx,
    ) -> bool {
        while let Some(b) = self.queue.pop() {
            self.queued[b as usize] = false;
            if !self.check(lines, m, val, b as usize, ctx) {
                return false;
            }
        }
        true
    }

    /// The candidates (or NONE) of the two squares of column `p` of the band starting at `l`.
    fn column(m: &Model, l: usize, p: usize) -> [u32; 2] {
        [l, l + 1].map(|x| m.cand_of_cell[m.line_cell(x, p) as usize])
    }

    /// Whether every band can hold its two counts with no square empty yet: a failure with no
    /// empty square would have no literal to blame.
    pub(super) fn fit(&self, m: &Model) -> bool {
        (0..m.line_count()).all(|l| {
            !self.starts_band(m, l) || self.capacity[l] >= (m.target[l] + m.target[l + 1]) as usize
        })
    }

    /// Fills `runs` with the open runs of columns of the band starting at `l` and returns their
    /// capacity, stopping early once it exceeds `enough`.
    fn runs_of(&mut self, m: &Model, val: &[u8], l: usize, enough: usize) -> usize {
        self.runs.clear();
        let mut capacity = 0;
        let len = m.line_len(l);
        let mut p = 0;
        while p < len {
            if !Self::column_open(m, val, l, p) {
                p += 1;
                continue;
            }
            let start = p;
            while p < len && Self::column_open(m, val, l, p) {
                p += 1;
            }
            self.runs.push((start as u32, (p - start) as u32));
            capacity += cap(p - start);
            if capacity > enough {
                break;
            }
        }
        capacity
    }

    /// The band's empty squares (which close its columns), as true literals, into `why`.
    fn empties(&mut self, m: &Model, val: &[u8], l: usize) {
        self.why.clear();
        for x in [l, l + 1] {
            for &c in m.line_cands.get(x) {
                if val[c as usize] == NO_TENT {
                    self.why.push(lit(c, false));
                }
            }
        }
    }

    fn check(&mut self, lines: &Lines, m: &Model, val: &[u8], l: usize, ctx: &mut Ctx) -> bool {
        if let (Some(a), Some(b)) = (lines.bits(l), lines.bits(l + 1)) {
            return self.check_bits(lines, m, l, [a, b], ctx);
        }
        let k = (m.target[l] + m.target[l + 1]) as usize;
        let capacity = self.runs_of(m, val, l, k);
        if capacity > k {
            return true;
        }
        if capacity < k {
            self.empties(m, val, l);
            ctx.fail_because(&self.why);
            return false;
        }
        let open = |c: u32| c != NONE && val[c as usize] != NO_TENT;
        let mut why = None;
        for i in 0..self.runs.len() {
            let (start, len) = self.runs[i];
            if len % 2 == 0 {
                continue;
            }
            for p in start..start + len {
                let column = Self::column(m, l, p as usize);
                let tent = (p - start) % 2 == 0;
                // A full column with one square closed has its tent in the other.
                let forced: &[u32] = match column.map(open) {
                    _ if !tent => &column,
                    [true, false] => &column[..1],
                    [false, true] => &column[1..],
                    _ => &[],
                };
                for &c in forced {
                    if c != NONE && val[c as usize] == UNKNOWN {
                        let why = match why {
                            Some(w) => w,
                            None => {
                                self.empties(m, val, l);
                                *why.insert(ctx.explain(&self.why))
                            }
                        };
                        if !ctx.force(lit(c, tent), why) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// `check` from the bits of the band's two lines: `open` squares (not empty) and `unknown`
    /// ones, per line. The squares are forced in the order of their columns, the first line's
    /// before the second's.
    fn check_bits(
        &mut self,
        lines: &Lines,
        m: &Model,
        l: usize,
        bits: [LineBits; 2],
        ctx: &mut Ctx,
    ) -> bool {
        let k = (m.target[l] + m.target[l + 1]) as usize;
        let (open, unknown) = (bits.map(|b| b.open), bits.map(|b| b.unknown));
        let columns = open[0] | open[1];
        let from_starts = runs::from_run_starts(columns);
        let capacity = from_starts.count_ones() as usize;
        if capacity > k {
            return true;
        }
        if capacity < k {
            self.empties_of(lines, m, l, open);
            ctx.fail_because(&self.why);
            return false;
        }
        // Columns 1, 3, 5, … from each end of the odd runs, and those between.
        let odd = runs::odd_runs(columns);
        let (tents, gaps) = (odd & from_starts, odd & !from_starts);
        // Gaps are empty in both lines; a tent column closed in one line has its tent in the
        // other.
        let empty = [gaps & unknown[0], gaps & unknown[1]];
        let tent = [
            tents & open[0] & !open[1] & unknown[0],
            tents & open[1] & !open[0] & unknown[1],
        ];
        let mut todo = empty[0] | empty[1] | tent[0] | tent[1];
        if todo == 0 {
            return true;
        }
        self.empties_of(lines, m, l, open);
        let why = ctx.explain(&self.why);
        while todo != 0 {
            let p = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            for x in 0..2 {
                let is_tent = tent[x] >> p & 1 == 1;
                if (empty[x] | tent[x]) >> p & 1 == 1 {
                    let c = m.cand_of_cell[m.line_cell(l + x, p) as usize];
                    if !ctx.force(lit(c, is_tent), why) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The band's empty squares, from its lines' bits, as true literals, into `why` (the
    /// order of `empties`).
    fn empties_of(&mut self, lines: &Lines, m: &Model, l: usize, open: [u128; 2]) {
        self.why.clear();
        for (x, open) in open.into_iter().enumerate() {
            let mut closed = lines.cand_bits(l + x) & !open;
            while closed != 0 {
                let p = closed.trailing_zeros() as usize;
                closed &= closed - 1;
                let c = m.cand_of_cell[m.line_cell(l + x, p) as usize];
                self.why.push(lit(c, false));
            }
        }
    }
}
