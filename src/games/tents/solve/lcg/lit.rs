//! Variables, literals and three-valued truth of the clause-learning core, in MiniSat's
//! encoding: literal `2v` is variable `v` true, `2v + 1` false, so a literal indexes arrays.

use std::fmt;
use std::ops::Not;

/// A variable: an index from 0.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(in crate::games::tents::solve) struct Var(u32);

impl Var {
    /// The variable of index `idx`.
    #[inline(always)]
    pub(in crate::games::tents::solve) fn from_idx(idx: u32) -> Var {
        debug_assert!(idx < u32::MAX / 2, "variable index too large");
        Var(idx)
    }

    /// The variable's index.
    #[inline(always)]
    pub(in crate::games::tents::solve) fn idx(self) -> u32 {
        self.0
    }
}

/// A variable or its negation.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(in crate::games::tents::solve) struct Lit(u32);

impl Lit {
    /// A placeholder, never a literal of a formula.
    pub(in crate::games::tents::solve) const UNDEF: Lit = Lit(!1);

    /// `var` when `sign` is true, its negation otherwise.
    #[inline(always)]
    pub(in crate::games::tents::solve) fn new(var: Var, sign: bool) -> Lit {
        Lit(var.0 * 2 + u32::from(!sign))
    }

    /// The literal's code: distinct for each literal, below twice the variables.
    #[inline(always)]
    pub(in crate::games::tents::solve) fn idx(self) -> u32 {
        self.0
    }

    /// Whether the literal is its variable rather than its negation.
    #[inline(always)]
    pub(in crate::games::tents::solve) fn sign(self) -> bool {
        self.0 & 1 == 0
    }

    /// The literal's variable.
    #[inline(always)]
    pub(in crate::games::tents::solve) fn var(self) -> Var {
        Var(self.0 >> 1)
    }
}

impl Not for Lit {
    type Output = Lit;
    #[inline(always)]
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if *self == Lit::UNDEF {
            write!(f, "UNDEF")
        } else {
            write!(
                f,
                "{}{}",
                if self.sign() { "" } else { "-" },
                self.0 / 2 + 1
            )
        }
    }
}

/// A variable's value in a partial assignment.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::games::tents::solve) enum Truth {
    True,
    False,
    Unset,
}

impl From<bool> for Truth {
    fn from(value: bool) -> Truth {
        if value { Truth::True } else { Truth::False }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_literal_and_its_negation_share_the_variable_and_neighbouring_codes() {
        let v = Var::from_idx(7);
        let (p, n) = (Lit::new(v, true), Lit::new(v, false));
        assert_eq!((p.var(), n.var()), (v, v));
        assert_eq!((p.sign(), n.sign()), (true, false));
        assert_eq!((p.idx(), n.idx()), (14, 15));
        assert_eq!(!p, n);
        assert_eq!(!!p, p);
    }
}
