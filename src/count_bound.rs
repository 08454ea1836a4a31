//! Lower bounds of a count as it goes, for a count that shows its progress or is interrupted:
//! a depth-first count adds up branches and multiplies independent parts, and [`Chain`] places
//! the partial count of one node in a bound of the whole.

use std::sync::atomic::{AtomicU64, Ordering};

use num_bigint::BigUint;

/// Raises `counted` to `bound` (`u64::MAX` when above it); never lowers it.
pub fn raise(counted: &AtomicU64, bound: &BigUint) {
    counted.fetch_max(u64::try_from(bound).unwrap_or(u64::MAX), Ordering::Relaxed);
}

/// Where a node's partial count stands in a lower bound of the whole count: the whole count is
/// at least `base + factor * partial`.
pub struct Chain {
    base: BigUint,
    factor: BigUint,
}

impl Chain {
    /// The chain of the whole count.
    pub fn root() -> Self {
        Chain {
            base: BigUint::ZERO,
            factor: BigUint::from(1u32),
        }
    }

    /// The chain of a branch after branches of this node that counted `done` in all.
    pub fn after(&self, done: &BigUint) -> Self {
        Chain {
            base: &self.base + &self.factor * done,
            factor: self.factor.clone(),
        }
    }

    /// The chain of a factor of this node whose other factors multiply to `others` (all of
    /// them known: a factor whose others may still be 0 has no chain).
    pub fn times(&self, others: &BigUint) -> Self {
        Chain {
            base: self.base.clone(),
            factor: &self.factor * others,
        }
    }

    /// Raises `counted` to this chain's bound for a node that has counted `partial` so far.
    pub fn raise(&self, counted: &AtomicU64, partial: &BigUint) {
        raise(counted, &(&self.base + &self.factor * partial));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_bounds_the_count_by_the_branches_done_and_the_factors_known() {
        let counted = AtomicU64::new(0);
        // Two branches of the root: the first counted 5; the second is two parts, the first
        // of which counted 3, the second 2 so far.
        let root = Chain::root();
        root.raise(&counted, &BigUint::from(5u32));
        assert_eq!(counted.load(Ordering::Relaxed), 5);
        let second = root.after(&BigUint::from(5u32));
        let last_part = second.times(&BigUint::from(3u32));
        last_part.raise(&counted, &BigUint::from(2u32));
        assert_eq!(counted.load(Ordering::Relaxed), 5 + 3 * 2);
        // A lower bound is never lowered.
        root.raise(&counted, &BigUint::from(1u32));
        assert_eq!(counted.load(Ordering::Relaxed), 11);
        raise(&counted, &(BigUint::from(u64::MAX) + 1u32));
        assert_eq!(counted.load(Ordering::Relaxed), u64::MAX);
    }
}
