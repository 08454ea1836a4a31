//! Row and column reasoning: counts, and the placements of the missing tents along the line.
//!
//! (Kept apart from `lcg/lines.rs` for speed: it fills the search's cell state directly and
//! records no reasons.)
//!
//! Unknown cells of a line form runs between decided cells; two tents never sit side by side, so
//! a run of `len` cells holds at most `ceil(len / 2)` tents, and any count up to that (removing a
//! tent keeps a placement valid). The line's capacity is the sum over its runs; comparing it with
//! the missing tents, with one cell or a window of cells removed, decides cells of the line and
//! cells of the neighbouring lines that every placement touches.

use super::engine::{Conflict, Engine};
use super::model::NONE;
use super::state::{NO_TENT, TENT, cap};

impl Engine<'_> {
    /// Checks a line's count and deduces what its placements force.
    pub(super) fn check_line(&mut self, l: usize) -> Result<(), Conflict> {
        let m = self.m;
        let s = &self.s;
        let (tents, unknown, target) = (s.line_tents[l], s.line_unknown[l], m.target[l]);
        if tents > target {
            return Err(Conflict);
        }
        let need = target - tents;
        if unknown < need {
            return Err(Conflict);
        }
        if unknown == 0 {
            return Ok(());
        }
        let len = m.line_len(l);
        if need == 0 || unknown == need {
            let v = if need == 0 { NO_TENT } else { TENT };
            for k in 0..len {
                let c = m.line_cell(l, k);
                if self.s.is_unknown(c) {
                    self.assign(c, v)?;
                }
            }
            return Ok(());
        }
        let capacity = self.s.line_cap[l];
        if capacity < need {
            return Err(Conflict);
        }
        // Removing one cell costs a run at most one tent, a window of up to three cells two.
        if capacity - need > 2 {
            return Ok(());
        }
        self.analyse_runs(l, need as usize)
    }

    fn analyse_runs(&mut self, l: usize, need: usize) -> Result<(), Conflict> {
        let m = self.m;
        let s = &self.s;
        let len = m.line_len(l);
        // On a torus a line of 3 or more cells is a cycle: start the path just after a decided
        // cell, which then separates the path's two ends.
        let cyclic = m.cyclic(l);
        let start = if cyclic {
            match (0..len).find(|&k| !s.is_unknown(m.line_cell(l, k))) {
                Some(k) => k + 1,
                None => {
                    return if len / 2 < need {
                        Err(Conflict)
                    } else {
                        Ok(())
                    };
                }
            }
        } else {
            0
        };
        let plen = if cyclic { len - 1 } else { len };

        let sc = &mut self.line;
        sc.path.clear();
        sc.run_of.clear();
        sc.runs.clear();
        let mut capacity = 0;
        for i in 0..plen {
            let c = m.line_cell(l, (start + i) % len);
            sc.path.push(c);
            if s.is_unknown(c) {
                match sc.runs.last_mut() {
                    Some((st, rl)) if *st + *rl == i => *rl += 1,
                    _ => sc.runs.push((i, 1)),
                }
                sc.run_of.push((sc.runs.len() - 1) as u32);
            } else {
                sc.run_of.push(NONE);
            }
        }
        for &(_, rl) in &sc.runs {
            capacity += cap(rl);
        }
        debug_assert_eq!(
            capacity, s.line_cap[l] as usize,
            "incremental line capacity"
        );
        if capacity < need {
            return Err(Conflict);
        }
        let slack = capacity - need;

        if slack == 0 {
            for r in 0..self.line.runs.len() {
                let (st, rl) = self.line.runs[r];
                for o in 0..rl {
                    let c = self.line.path[st + o];
                    let loss_if_empty = cap(rl) - cap(o) - cap(rl - 1 - o);
                    let loss_if_tent =
                        cap(rl) - 1 - cap(o.saturating_sub(1)) - cap((rl - o).saturating_sub(2));
                    if loss_if_empty > slack {
                        self.assign(c, TENT)?;
                    } else if loss_if_tent > slack {
                        self.assign(c, NO_TENT)?;
                    }
                }
            }
        }

        // A square outside the line that touches cells of the line: if every placement puts a
        // tent on one of those cells, it stays empty.
        let stamp = self.line.next_stamp();
        for i in 0..plen {
            if self.line.run_of[i] == NONE {
                continue;
            }
            let c = self.line.path[i];
            for &x in m.touch.get(c as usize) {
                if !self.s.is_unknown(x)
                    || m.line_holds(l, x)
                    || self.line.seen[x as usize] == stamp
                {
                    continue;
                }
                self.line.seen[x as usize] = stamp;
                if self.window_loss(l, x, start, len, plen) > slack {
                    self.assign(x, NO_TENT)?;
                }
            }
        }
        Ok(())
    }

    /// How many tents the line's capacity loses when the (snapshot) unknown cells of the line
    /// touching `x` are emptied; 0 when those cells do not form one window of the path.
    fn window_loss(&self, l: usize, x: u32, start: usize, len: usize, plen: usize) -> usize {
        let m = self.m;
        let sc = &self.line;
        let (mut a, mut b, mut count) = (usize::MAX, 0, 0);
        for &y in m.touch.get(x as usize) {
            if !m.line_holds(l, y) {
                continue;
            }
            let i = (m.pos_in_line(l, y) + len - start) % len;
            if i < plen && sc.run_of[i] != NONE {
                a = a.min(i);
                b = b.max(i);
                count += 1;
            }
        }
        if count == 0 {
            return 0;
        }
        let unknown_in_window = (a..=b).filter(|&i| sc.run_of[i] != NONE).count();
        if unknown_in_window != count {
            return 0;
        }
        let mut loss = 0;
        let mut last = NONE;
        for i in a..=b {
            let r = sc.run_of[i];
            if r == NONE || r == last {
                continue;
            }
            last = r;
            let (st, rl) = sc.runs[r as usize];
            let before = a.saturating_sub(st);
            let after = (st + rl - 1).saturating_sub(b);
            loss += cap(rl) - cap(before) - cap(after);
        }
        loss
    }
}
