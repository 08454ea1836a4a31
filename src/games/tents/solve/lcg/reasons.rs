//! Why each literal a propagator forced holds: explanations stored back to back, one span per
//! variable, dropped level by level on backtracking.

use super::lit::{Lit, Var};

/// A stored explanation: where it starts in the arena and how long it is.
#[derive(Clone, Copy, Default)]
pub(super) struct Span {
    start: u32,
    len: u32,
}

/// The explanations of the theory's propagations still on the trail.
pub(super) struct Reasons {
    lits: Vec<Lit>,
    of_var: Vec<Span>,
}

impl Reasons {
    /// Room for `vars` variables.
    pub(super) fn new(vars: usize) -> Self {
        Reasons {
            lits: Vec::new(),
            of_var: vec![Span::default(); vars],
        }
    }

    /// Stores an explanation (literals true on the trail) that several propagations may share.
    pub(super) fn add(&mut self, why: &[Lit]) -> Span {
        let start = self.lits.len() as u32;
        self.lits.extend_from_slice(why);
        Span {
            start,
            len: why.len() as u32,
        }
    }

    /// Records that `v` was forced for the reason `span`.
    pub(super) fn set(&mut self, v: Var, span: Span) {
        self.of_var[v.idx() as usize] = span;
    }

    /// The literals that forced `v`.
    pub(super) fn of(&self, v: Var) -> &[Lit] {
        let s = self.of_var[v.idx() as usize];
        &self.lits[s.start as usize..(s.start + s.len) as usize]
    }

    /// The explanation of a span.
    pub(super) fn lits(&self, s: Span) -> &[Lit] {
        &self.lits[s.start as usize..(s.start + s.len) as usize]
    }

    /// Arena length, to come back to on backtracking.
    pub(super) fn mark(&self) -> usize {
        self.lits.len()
    }

    /// Forgets the explanations stored since `mark` (their literals left the trail).
    pub(super) fn truncate(&mut self, mark: usize) {
        self.lits.truncate(mark);
    }
}
