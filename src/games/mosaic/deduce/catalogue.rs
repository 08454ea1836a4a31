//! The Mosaic rule catalogue: stable ids, names, tiers and kinds.

use crate::deduce::{Rule, RuleKind, Tier};

/// A clue with all its black squares: its other squares are white (a clue 0 is the first case).
pub const CLUE_COMPLETE: Rule = Rule {
    id: "clue-complete",
    name: "Clue complete",
    tier: Tier::Easy,
    kind: RuleKind::Direct,
    legup: None,
};

/// A clue needing every undecided square it counts: they are black (a clue equal to its
/// neighbourhood's size is the first case).
pub const CLUE_FILL: Rule = Rule {
    id: "clue-fill",
    name: "Fill the clue",
    tier: Tier::Easy,
    kind: RuleKind::Direct,
    legup: None,
};

/// Tiny wrapped grids: a square counted several times by one clue may be worth more black
/// squares than the clue still needs (white), or more than it can spare (black).
pub const COUNTED_TWICE: Rule = Rule {
    id: "counted-twice",
    name: "Square counted more than once",
    tier: Tier::Easy,
    kind: RuleKind::Direct,
    legup: None,
};

/// A clue with more black squares than its number.
pub const TOO_MANY_BLACK: Rule = Rule {
    id: "too-many-black",
    name: "Too many black squares",
    tier: Tier::Easy,
    kind: RuleKind::Contradiction,
    legup: None,
};

/// A clue whose black and undecided squares together fall short of its number.
pub const TOO_FEW_SPACES: Rule = Rule {
    id: "too-few-spaces",
    name: "Not enough room",
    tier: Tier::Easy,
    kind: RuleKind::Contradiction,
    legup: None,
};

/// Clue B's undecided squares all lie inside clue A's: they hold exactly what B still needs,
/// so A's other squares hold the rest (none: white; all: black).
pub const CONTAINED_CLUE: Rule = Rule {
    id: "contained-clue",
    name: "Clue inside a clue",
    tier: Tier::Tricky,
    kind: RuleKind::Direct,
    legup: None,
};

/// Clue A needs more black squares than its overlap with clue B can hold (B caps it), so A's
/// squares outside B are black.
pub const OVERLAP_BLACK: Rule = Rule {
    id: "overlap-black",
    name: "Overlap forces black",
    tier: Tier::Tricky,
    kind: RuleKind::Direct,
    legup: None,
};

/// Clue B puts at least as many black squares in its overlap with clue A as A still needs, so
/// A's squares outside B are white.
pub const OVERLAP_WHITE: Rule = Rule {
    id: "overlap-white",
    name: "Overlap forces white",
    tier: Tier::Tricky,
    kind: RuleKind::Direct,
    legup: None,
};

/// Two overlapping clues whose bounds on their shared squares cannot both hold.
pub const OVERLAP_CONFLICT: Rule = Rule {
    id: "overlap-conflict",
    name: "Overlapping clues disagree",
    tier: Tier::Tricky,
    kind: RuleKind::Contradiction,
    legup: None,
};

/// Try a colour on a square; if the easy and tricky rules then reach a contradiction, the
/// square has the other colour.
pub use crate::deduce::CASE_ANALYSIS;

/// A square where both colours lead to a contradiction: the position has no solution.
pub const NO_COLOUR_FITS: Rule = Rule {
    id: "no-colour-fits",
    name: "No colour fits",
    tier: Tier::Hard,
    kind: RuleKind::Contradiction,
    legup: None,
};

/// Every rule, easiest tier first.
pub static RULES: [Rule; 11] = [
    CLUE_COMPLETE,
    CLUE_FILL,
    COUNTED_TWICE,
    TOO_MANY_BLACK,
    TOO_FEW_SPACES,
    CONTAINED_CLUE,
    OVERLAP_BLACK,
    OVERLAP_WHITE,
    OVERLAP_CONFLICT,
    CASE_ANALYSIS,
    NO_COLOUR_FITS,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_tiers_ascend() {
        let mut ids: Vec<_> = RULES.iter().map(|r| r.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), RULES.len());
        assert!(RULES.windows(2).all(|w| w[0].tier <= w[1].tier));
    }
}
