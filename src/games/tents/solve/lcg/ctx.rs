//! What a propagator may do from inside the SAT solver: force a literal with its explanation, or
//! report a conflict as a clause that the current assignment falsifies.

use super::lit::{Lit, Truth, Var};

use super::cdcl::Cdcl;
use super::reasons::{Reasons, Span};

/// The literal "candidate `k` holds a tent" (`tent`) or "holds none".
#[inline]
pub(super) fn lit(k: u32, tent: bool) -> Lit {
    Lit::new(Var::from_idx(k), tent)
}

/// A propagator's handle on the solver during one check.
pub(super) struct Ctx<'a> {
    pub acts: &'a mut Cdcl,
    pub reasons: &'a mut Reasons,
    clause: Vec<Lit>,
}

impl<'a> Ctx<'a> {
    pub(super) fn new(acts: &'a mut Cdcl, reasons: &'a mut Reasons) -> Self {
        Ctx {
            acts,
            reasons,
            clause: Vec::new(),
        }
    }

    /// Stores an explanation for the propagations that follow.
    pub(super) fn explain(&mut self, why: &[Lit]) -> Span {
        self.reasons.add(why)
    }

    /// Forces `p` because of `why`; false when `p` is already false (a conflict was raised,
    /// the check must stop).
    pub(super) fn force(&mut self, p: Lit, why: Span) -> bool {
        let v = self.acts.value(p.var());
        if v == Truth::Unset {
            self.reasons.set(p.var(), why);
            self.acts.propagate(p);
            true
        } else if v == Truth::from(p.sign()) {
            true
        } else {
            // `why` implies `p`, which is false: the clause `p or not why` is false.
            self.clause.clear();
            self.clause.push(p);
            self.clause
                .extend(self.reasons.lits(why).iter().map(|&q| !q));
            self.acts.raise_conflict(&self.clause);
            false
        }
    }

    /// Reports a conflict: the literals of `why`, all true now, cannot all hold.
    pub(super) fn fail_because(&mut self, why: &[Lit]) {
        debug_assert!(
            !why.is_empty(),
            "an empty conflict means no solution at all"
        );
        self.clause.clear();
        self.clause.extend(why.iter().map(|&q| !q));
        self.acts.raise_conflict(&self.clause);
    }

    /// Reports a conflict: `clause` holds in every solution and every literal of it is false.
    pub(super) fn fail(&mut self, clause: &[Lit]) {
        debug_assert!(
            !clause.is_empty(),
            "an empty conflict means no solution at all"
        );
        self.acts.raise_conflict(clause);
    }
}
