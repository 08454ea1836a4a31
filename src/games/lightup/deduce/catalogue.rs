//! The Light Up rule catalogue: stable ids, names, tiers, kinds, and LEGUP's ids for its rules.
//!
//! Squares lit by a bulb count as decided (they cannot hold a bulb and need no mark), so no rule
//! marks them: hints only turn unlit blank squares into bulbs or marks.

use crate::deduce::{Rule, RuleKind, Tier};

/// Two bulbs light each other.
pub const BULBS_SEE_EACH_OTHER: Rule = Rule::new(
    "bulbs-see-each-other",
    "Bulbs see each other",
    Tier::Easy,
    RuleKind::Contradiction,
    Some("LTUP-CONT-0001"),
);
/// A numbered wall has more bulbs next to it than its number.
pub const TOO_MANY_BULBS: Rule = Rule::new(
    "too-many-bulbs",
    "Too many bulbs",
    Tier::Easy,
    RuleKind::Contradiction,
    Some("LTUP-CONT-0004"),
);
/// A numbered wall has too few unlit blank neighbours left to reach its number.
pub const TOO_FEW_SPACES: Rule = Rule::new(
    "too-few-spaces",
    "Too few spaces",
    Tier::Easy,
    RuleKind::Contradiction,
    Some("LTUP-CONT-0003"),
);
/// An unlit square that no remaining square can light.
pub const UNLIGHTABLE_SQUARE: Rule = Rule::new(
    "unlightable-square",
    "Square cannot be lit",
    Tier::Easy,
    RuleKind::Contradiction,
    Some("LTUP-CONT-0002"),
);
/// A 0 wall: no bulb next to it.
pub const ZERO_WALL: Rule = Rule::new(
    "zero-wall",
    "Zero wall",
    Tier::Easy,
    RuleKind::Direct,
    Some("LTUP-BASC-0005"),
);
/// A numbered wall with all its bulbs: its other free neighbours get marks.
pub const WALL_COMPLETE: Rule = Rule::new(
    "wall-complete",
    "Wall has its bulbs",
    Tier::Easy,
    RuleKind::Direct,
    Some("LTUP-BASC-0005"),
);
/// A numbered wall with exactly as many free neighbours as missing bulbs: they are all bulbs.
pub const WALL_NEEDS_ALL: Rule = Rule::new(
    "wall-needs-all",
    "Wall needs every free neighbour",
    Tier::Easy,
    RuleKind::Direct,
    Some("LTUP-BASC-0004"),
);
/// An unlit square that only one square can still light: that square is a bulb.
pub const ONLY_ONE_LIGHT: Rule = Rule::new(
    "only-one-light",
    "Only one way to light",
    Tier::Easy,
    RuleKind::Direct,
    Some("LTUP-BASC-0006"),
);
/// Every placement of a wall's missing bulbs breaks a neighbouring clue or square.
pub const NO_WALL_PLACEMENT: Rule = Rule::new(
    "no-wall-placement",
    "No placement for a wall",
    Tier::Tricky,
    RuleKind::Contradiction,
    None,
);
/// Set discounting on a clue (Tatham): a bulb that would leave a numbered wall too few free
/// neighbours for its missing bulbs is impossible.
pub const BULB_STARVES_WALL: Rule = Rule::new(
    "bulb-starves-wall",
    "Bulb would starve a wall",
    Tier::Tricky,
    RuleKind::Direct,
    Some("LTUP-BASC-0003"),
);
/// Set discounting on a square (Tatham): a bulb that would rule out every square able to light
/// some unlit square is impossible.
pub const BULB_DARKENS_SQUARE: Rule = Rule::new(
    "bulb-darkens-square",
    "Bulb would leave a square dark",
    Tier::Tricky,
    RuleKind::Direct,
    None,
);
/// The placements of a wall's missing bulbs that keep the neighbouring walls and squares
/// possible all agree on some neighbours.
pub const WALL_PLACEMENTS: Rule = Rule::new(
    "wall-placements",
    "Wall placements",
    Tier::Tricky,
    RuleKind::Direct,
    None,
);
/// Try a bulb or a mark on a square; if the easy and tricky rules reach a contradiction, the
/// square has the other value.
pub use crate::deduce::CASE_ANALYSIS;

/// Every rule, easiest tier first; within a tier, contradictions first, then the order in which
/// hints look for them.
pub const RULES: &[Rule] = &[
    BULBS_SEE_EACH_OTHER,
    TOO_MANY_BULBS,
    TOO_FEW_SPACES,
    UNLIGHTABLE_SQUARE,
    ZERO_WALL,
    WALL_COMPLETE,
    WALL_NEEDS_ALL,
    ONLY_ONE_LIGHT,
    NO_WALL_PLACEMENT,
    BULB_STARVES_WALL,
    BULB_DARKENS_SQUARE,
    WALL_PLACEMENTS,
    CASE_ANALYSIS,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_tiers_ascend() {
        for (k, r) in RULES.iter().enumerate() {
            assert!(RULES[..k].iter().all(|q| q.id != r.id), "{}", r.id);
            if k > 0 {
                assert!(RULES[k - 1].tier <= r.tier, "{}", r.id);
            }
        }
    }

    #[test]
    fn contradictions_come_first_in_each_tier() {
        for tier in Tier::ALL {
            let kinds: Vec<RuleKind> = RULES
                .iter()
                .filter(|r| r.tier == tier)
                .map(|r| r.kind)
                .collect();
            let first_direct = kinds.iter().position(|&k| k != RuleKind::Contradiction);
            if let Some(k) = first_direct {
                assert!(kinds[k..].iter().all(|&q| q != RuleKind::Contradiction));
            }
        }
    }
}
