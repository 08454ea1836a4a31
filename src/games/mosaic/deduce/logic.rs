//! What one clue, or two overlapping clues, say about their undecided squares: the rule tests
//! themselves, as pure functions of counts. The engine applies them; the hint engine explains
//! them.

use super::values::{BLACK, WHITE};

/// Why a position cannot be completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// The clue already counts more black squares than its number.
    TooMany(u32),
    /// The clue's black and undecided squares together fall short of its number.
    TooFew(u32),
    /// The two clues' bounds on their shared undecided squares cannot both hold.
    Pair(u32, u32),
}

/// The clues a conflict involves.
pub fn conflict_clues(c: Conflict) -> impl Iterator<Item = u32> {
    let (a, b) = match c {
        Conflict::TooMany(k) | Conflict::TooFew(k) => (k, None),
        Conflict::Pair(a, b) => (a, Some(b)),
    };
    std::iter::once(a).chain(b)
}

/// What one clue on its own says about its undecided squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClueForce {
    /// Nothing to decide.
    Nothing,
    /// The clue cannot be met.
    Conflict(Conflict),
    /// All its black squares are there: the rest is white.
    Complete,
    /// It needs every undecided square: they are black.
    Fill,
    /// Tiny wrapped grids: some square counted several times is forced.
    Counted,
}

/// Two overlapping unit clues `a` and `b` compared region by region: the undecided squares only
/// `a` counts, those both count (shared) and those only `b` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairBounds {
    /// Undecided squares counted by both.
    pub shared: i32,
    /// Undecided squares counted by `a` only.
    pub only_a: i32,
    /// Undecided squares counted by `b` only.
    pub only_b: i32,
    /// Black squares `a` still needs.
    pub need_a: i32,
    /// Black squares `b` still needs.
    pub need_b: i32,
    /// Fewest black squares the shared region can hold.
    pub lo: i32,
    /// Most black squares the shared region can hold.
    pub hi: i32,
}

impl PairBounds {
    /// Whether the two clues cannot both be met.
    pub fn conflict(&self) -> bool {
        self.lo > self.hi
    }

    /// The colour forced on every square only `a` counts, if any.
    pub fn force_a(&self) -> Option<u8> {
        region(self.need_a - self.hi, self.need_a - self.lo, self.only_a)
    }

    /// The colour forced on every square only `b` counts, if any.
    pub fn force_b(&self) -> Option<u8> {
        region(self.need_b - self.hi, self.need_b - self.lo, self.only_b)
    }
}

/// What a region of `size` undecided squares holding between `min` and `max` blacks must be.
fn region(min: i32, max: i32, size: i32) -> Option<u8> {
    if size == 0 {
        None
    } else if max <= 0 {
        Some(WHITE)
    } else if min >= size {
        Some(BLACK)
    } else {
        None
    }
}

/// The colour a single clue forces on one of its undecided squares counted `coef` times, when
/// it still needs `need` black squares out of `unknown` (counted with coefficients).
#[inline]
pub fn clue_value(coef: i32, need: i32, unknown: i32) -> Option<u8> {
    if coef > need {
        Some(WHITE)
    } else if unknown - coef < need {
        Some(BLACK)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_value_covers_complete_fill_and_repeated_squares() {
        assert_eq!(clue_value(1, 0, 5), Some(WHITE));
        assert_eq!(clue_value(1, 5, 5), Some(BLACK));
        assert_eq!(clue_value(1, 2, 5), None);
        assert_eq!(clue_value(3, 2, 5), Some(WHITE));
        assert_eq!(clue_value(3, 3, 5), Some(BLACK));
    }

    #[test]
    fn regions_are_forced_only_at_their_bounds() {
        assert_eq!(region(0, 0, 3), Some(WHITE));
        assert_eq!(region(3, 3, 3), Some(BLACK));
        assert_eq!(region(1, 2, 3), None);
        assert_eq!(region(0, 0, 0), None);
    }
}
