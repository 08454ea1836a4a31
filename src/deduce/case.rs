//! Case analysis and grading shared by the three games, over a small propagator trait: each game
//! says how to try a value with its easy and tricky rules and how to take it back; trying values
//! square by square, refuting them, and running the tiers to a fixpoint is written once here.

use super::Tier;

/// What case analysis and grading need from a game's rules engine. Squares are numbered
/// `0..slots()` in the order case analysis visits them (the engine maps them to its cells).
pub trait Propagator {
    /// A contradiction the rules reach.
    type Conflict;

    /// How many squares case analysis may visit.
    fn slots(&self) -> usize;
    /// Whether a square is undecided and may be tried.
    fn is_open(&self, slot: usize) -> bool;
    /// A square's two values, in the order they are tried.
    fn values(&self, slot: usize) -> [u8; 2];
    /// How many passes case analysis makes; each pass may propagate trials further.
    fn passes(&self) -> usize {
        1
    }
    /// Whether `v` on `slot` is already known to lead to no contradiction (a known solution or
    /// an earlier trial shows it), so trying it is pointless.
    fn known_consistent(&self, _slot: usize, _v: u8) -> bool {
        false
    }
    /// Forgets what earlier trials showed consistent (the position has changed since).
    fn forget_trials(&mut self) {}
    /// Tries `v` on `slot` in pass `pass`, propagates it with the rules below case analysis and
    /// takes it all back: the contradiction reached, if any.
    fn refute(&mut self, slot: usize, v: u8, pass: usize) -> Option<Self::Conflict>;
    /// Applies the rules up to `max` (never case analysis) until none applies; the hardest
    /// tier that decided something.
    fn close(&mut self, max: Tier) -> Result<Tier, Self::Conflict>;
    /// Decides `slot` as case analysis concluded (`refuted` failed there) and notes the step;
    /// an error when deciding it meets a contradiction at once.
    fn decide(&mut self, slot: usize, v: u8, refuted: u8) -> Result<(), Self::Conflict>;
    /// Whether every square is decided.
    fn solved(&self) -> bool;
}

/// What case analysis found on one square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Case<C> {
    /// `tried` on `slot` leads to `conflict` (found in pass `pass`), so it takes `value`.
    Forced {
        /// The square.
        slot: usize,
        /// The value refuted.
        tried: u8,
        /// The value it must take.
        value: u8,
        /// What `tried` leads to.
        conflict: C,
        /// The pass that found it.
        pass: usize,
    },
    /// Both values of `slot` lead to contradictions: the position has no solution.
    Impossible {
        /// The square.
        slot: usize,
        /// Each value, in the order tried, with the contradiction it leads to.
        refuted: [(u8, C); 2],
    },
}

/// Case analysis at a position closed under the lower tiers: the first open square, going round
/// from `start`, one of whose values leads to a contradiction. With `check_other`, the other
/// value is tried too when the first one fails, so a square with no possible value is reported
/// as [`Case::Impossible`] instead of forced.
pub fn find_case<P: Propagator>(
    p: &mut P,
    start: usize,
    check_other: bool,
) -> Option<Case<P::Conflict>> {
    let n = p.slots();
    for pass in 0..p.passes() {
        for k in 0..n {
            let slot = (start + k) % n;
            if !p.is_open(slot) {
                continue;
            }
            let [first, second] = p.values(slot);
            for (tried, value) in [(first, second), (second, first)] {
                if p.known_consistent(slot, tried) {
                    continue;
                }
                let Some(conflict) = p.refute(slot, tried, pass) else {
                    continue;
                };
                // The second value is only tried when the first did not fail, so only a
                // failed first value leaves the other one to check.
                if check_other
                    && tried == first
                    && !p.known_consistent(slot, value)
                    && let Some(again) = p.refute(slot, value, pass)
                {
                    return Some(Case::Impossible {
                        slot,
                        refuted: [(tried, conflict), (value, again)],
                    });
                }
                return Some(Case::Forced {
                    slot,
                    tried,
                    value,
                    conflict,
                    pass,
                });
            }
        }
    }
    None
}

/// How a run of the rules ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Run<C> {
    /// Every square decided; the hardest tier used.
    Solved(Tier),
    /// No rule up to the tier allowed applies any more.
    Stuck,
    /// The position contradicts every solution.
    Contradiction(C),
}

/// Runs every rule up to `max` (case analysis when `max` is hard, going round the squares so
/// one that failed before is tried again only after the others) until the position is solved,
/// stuck or contradictory. `check_other` is passed to [`find_case`].
pub fn run<P: Propagator>(p: &mut P, max: Tier, check_other: bool) -> Run<P::Conflict> {
    let mut used = Tier::Easy;
    let mut cursor = 0;
    loop {
        match p.close(max.min(Tier::Tricky)) {
            Ok(tier) => used = used.max(tier),
            Err(c) => return Run::Contradiction(c),
        }
        if p.solved() {
            return Run::Solved(used);
        }
        if max < Tier::Hard {
            return Run::Stuck;
        }
        p.forget_trials();
        match find_case(p, cursor, check_other) {
            None => return Run::Stuck,
            Some(Case::Impossible { refuted, .. }) => {
                let [_, (_, second)] = refuted;
                return Run::Contradiction(second);
            }
            Some(Case::Forced {
                slot, tried, value, ..
            }) => {
                if let Err(c) = p.decide(slot, value, tried) {
                    return Run::Contradiction(c);
                }
                used = Tier::Hard;
                cursor = (slot + 1) % p.slots();
            }
        }
    }
}
