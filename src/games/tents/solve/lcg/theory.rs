//! The Tents rules the clauses do not carry, as a theory of the SAT solver: it follows the
//! solver's trail, runs the line and matching propagators on what changed, and undoes its view
//! level by level when the solver backtracks.

use super::lit::{Lit, Var};

use super::super::model::Model;
use super::super::state::{NO_TENT, TENT, UNKNOWN};
use super::bands::Bands;
use super::cdcl::{Cdcl, Theory};
use super::ctx::Ctx;
use super::lines::Lines;
use super::matching::Matching;
use super::reasons::Reasons;

/// Where to come back to when a decision level is undone.
struct Level {
    /// Length of `decided`.
    decided: usize,
    /// How much of the solver's trail had been read.
    read: usize,
    /// Length of the explanation arena.
    reasons: usize,
}

/// The line and matching propagators over the solver's assignment.
pub(super) struct TentsTheory<'m> {
    m: &'m Model,
    /// Per candidate: UNKNOWN, TENT or NO_TENT, as far as the trail was read.
    val: Vec<u8>,
    /// Candidates decided, in trail order.
    decided: Vec<u32>,
    /// How much of the solver's trail was read.
    read: usize,
    levels: Vec<Level>,
    reasons: Reasons,
    lines: Lines,
    bands: Option<Bands>,
    matching: Option<Matching>,
    fresh: Vec<Lit>,
}

impl<'m> TentsTheory<'m> {
    /// The theory of `m`, or `None` when the trees cannot all be matched (no solution).
    pub(super) fn new(m: &'m Model) -> Option<Self> {
        let matching = if m.matching {
            Some(Matching::new(m)?)
        } else {
            None
        };
        let lines = Lines::new(m);
        let bands = Bands::new(m);
        if bands.as_ref().is_some_and(|b| !b.fit(m)) {
            return None;
        }
        Some(TentsTheory {
            m,
            val: vec![UNKNOWN; m.candidates.len()],
            decided: Vec::new(),
            read: 0,
            levels: Vec::new(),
            reasons: Reasons::new(m.candidates.len()),
            lines,
            bands,
            matching,
            fresh: Vec::new(),
        })
    }
}

impl Theory for TentsTheory<'_> {
    /// Reads the new part of the trail, then runs the propagators on what it changed.
    fn check(&mut self, acts: &mut Cdcl) {
        self.fresh.clear();
        self.fresh.extend_from_slice(&acts.trail()[self.read..]);
        self.read += self.fresh.len();
        for &p in &self.fresh {
            let k = p.var().idx();
            self.val[k as usize] = if p.sign() { TENT } else { NO_TENT };
            self.decided.push(k);
            self.lines.assigned(self.m, &self.val, k);
            if let Some(b) = &mut self.bands {
                b.assigned(&self.lines, self.m, &self.val, k);
            }
            if let Some(mt) = &mut self.matching {
                mt.on_assign(k, &self.val);
            }
        }
        // Cheapest first; each stops the check at its first conflict.
        let mut ctx = Ctx::new(acts, &mut self.reasons);
        let (m, val) = (self.m, &self.val);
        let lines = &mut self.lines;
        let _ = lines.propagate(m, val, &mut ctx)
            && (self.bands.as_mut()).is_none_or(|b| b.propagate(lines, m, val, &mut ctx))
            && self
                .matching
                .as_mut()
                .is_none_or(|mt| mt.propagate(m, val, &mut ctx));
    }

    fn push_level(&mut self) {
        self.levels.push(Level {
            decided: self.decided.len(),
            read: self.read,
            reasons: self.reasons.mark(),
        });
    }

    fn pop(&mut self, n: usize) {
        let to = self.levels.len() - n;
        let back = &self.levels[to];
        // Latest first, so that each undo sees the squares as they were when it was made.
        for &k in self.decided[back.decided..].iter().rev() {
            if let Some(b) = &mut self.bands {
                b.unassigning(&self.lines);
            }
            self.lines.unassigning(self.m, &self.val, k);
            self.val[k as usize] = UNKNOWN;
        }
        self.decided.truncate(back.decided);
        self.read = back.read;
        self.reasons.truncate(back.reasons);
        self.levels.truncate(to);
    }

    fn why(&self, v: Var) -> &[Lit] {
        self.reasons.of(v)
    }

    fn place(&self, v: Var) -> [u32; 2] {
        self.m.cand_line[v.idx() as usize]
    }
}
