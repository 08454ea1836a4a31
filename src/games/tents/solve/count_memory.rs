//! The memory cap of a count: what its search holds besides its cache of sub-counts, metered
//! against the cap, so that the cache gets only what is left and the count stops (its result
//! then only a lower bound) when the search alone would go past the cap.
//!
//! Bytes are charged where they are held across a recursion (sub-problems waiting to be
//! counted, their keys, the plan the threads share) and given back when dropped; scratch used
//! within one step is not charged and is part of the slack the cap leaves.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

pub(super) use crate::heap_bytes::{block, nested_bytes, vec_bytes};

/// What the metered data of a count may take of its memory cap: a quarter is left to what is
/// not metered (the program, the puzzle's own tables, scratch used within one step, and the
/// allocator's slack, which is most of it: freed blocks it keeps for reuse, pages not given
/// back yet).
pub(super) fn metered(cap: usize) -> usize {
    cap - cap / 4
}

/// Bytes held against a cap, readable from every thread of a count.
#[derive(Debug)]
pub(super) struct Meter {
    cap: usize,
    held: AtomicUsize,
    over: AtomicBool,
    /// The most held at once.
    #[cfg(test)]
    peak: AtomicUsize,
}

impl Meter {
    /// A meter of nothing held yet, against `cap` bytes.
    pub(super) fn new(cap: usize) -> Self {
        Meter {
            cap,
            held: AtomicUsize::new(0),
            over: AtomicBool::new(false),
            #[cfg(test)]
            peak: AtomicUsize::new(0),
        }
    }

    /// Charges `bytes` until the returned charge is dropped. Once what is held goes past the
    /// cap the meter stays over it ([`Meter::is_over`]), even after the charge is given back:
    /// the count that went over stops.
    pub(super) fn charge(&self, bytes: usize) -> Charge<'_> {
        self.hold(bytes);
        Charge { meter: self, bytes }
    }

    /// Charges `bytes` until `release` gives them back (where a guard cannot be kept: the
    /// meter is borrowed from what recurses).
    pub(super) fn hold(&self, bytes: usize) {
        let held = self.held.fetch_add(bytes, Ordering::Relaxed) + bytes;
        #[cfg(test)]
        self.peak.fetch_max(held, Ordering::Relaxed);
        if held > self.cap {
            self.over.store(true, Ordering::Relaxed);
        }
    }

    /// Gives back `bytes` held by `hold`.
    pub(super) fn release(&self, bytes: usize) {
        self.held.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// Bytes held now.
    pub(super) fn held(&self) -> usize {
        self.held.load(Ordering::Relaxed)
    }

    /// What is left under the cap: what a cache may hold now.
    pub(super) fn room(&self) -> usize {
        self.cap.saturating_sub(self.held())
    }

    /// The most held at once so far.
    #[cfg(test)]
    pub(super) fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    /// Whether what was held ever went past the cap.
    pub(super) fn is_over(&self) -> bool {
        self.over.load(Ordering::Relaxed)
    }
}

/// Bytes charged to a meter, given back on drop.
#[derive(Debug)]
pub(super) struct Charge<'a> {
    meter: &'a Meter,
    bytes: usize,
}

impl Charge<'_> {
    /// The bytes charged.
    pub(super) fn bytes(&self) -> usize {
        self.bytes
    }

    /// Charges `bytes` in all from now on (more or less than before).
    pub(super) fn set(&mut self, bytes: usize) {
        if bytes > self.bytes {
            self.add(bytes - self.bytes);
        } else {
            self.meter.release(self.bytes - bytes);
            self.bytes = bytes;
        }
    }

    /// Charges `more` bytes to this charge as well.
    pub(super) fn add(&mut self, more: usize) {
        self.meter.hold(more);
        self.bytes += more;
    }
}

impl Drop for Charge<'_> {
    fn drop(&mut self) {
        self.meter.release(self.bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_are_given_back_on_drop_and_going_over_the_cap_stays_known() {
        let meter = Meter::new(1000);
        {
            let mut a = meter.charge(600);
            assert_eq!((meter.held(), meter.room()), (600, 400));
            a.add(100);
            assert_eq!(meter.room(), 300);
            a.set(200);
            assert_eq!((a.bytes(), meter.room()), (200, 800));
            a.set(700);
            assert!(!meter.is_over());
            let _b = meter.charge(400);
            assert_eq!(meter.room(), 0);
            assert!(meter.is_over());
        }
        assert_eq!(meter.peak(), 1100);
        assert_eq!((meter.held(), meter.room()), (0, 1000));
        assert!(meter.is_over());
    }
}
