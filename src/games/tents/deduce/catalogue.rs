//! The Tents rule catalogue (after LEGUP's Tree Tent rules): stable ids, names, tiers, kinds.

use crate::deduce::{Rule, RuleKind, Tier};

/// A row or column with all its tents: its other squares are grass.
pub const FINISH_WITH_GRASS: Rule = Rule::new(
    "finish-with-grass",
    "Finish with grass",
    Tier::Easy,
    RuleKind::Direct,
    Some("TREE-BASC-0002"),
);
/// A row or column with exactly as many free squares as missing tents: they are all tents.
pub const FINISH_WITH_TENTS: Rule = Rule::new(
    "finish-with-tents",
    "Finish with tents",
    Tier::Easy,
    RuleKind::Direct,
    Some("TREE-BASC-0003"),
);
/// Every square touching a tent is grass.
pub const SURROUND_TENT: Rule = Rule::new(
    "surround-tent",
    "Surround tent with grass",
    Tier::Easy,
    RuleKind::Direct,
    Some("TREE-BASC-0005"),
);
/// A square with no tree next to it is grass.
pub const EMPTY_FIELD: Rule = Rule::new(
    "empty-field",
    "Empty field",
    Tier::Easy,
    RuleKind::Direct,
    Some("TREE-BASC-0001"),
);
/// A tree with one free square left and no tent: that square is its tent.
pub const LAST_CAMPING_SPOT: Rule = Rule::new(
    "last-camping-spot",
    "Last camping spot",
    Tier::Easy,
    RuleKind::Direct,
    Some("TREE-BASC-0004"),
);
/// Matching rule: a tent with a single tree owns it, so a square whose trees are all owned
/// by other tents is grass.
pub const TREE_FOR_TENT: Rule = Rule::new(
    "tree-for-tent",
    "Tree for tent",
    Tier::Easy,
    RuleKind::Direct,
    Some("TREE-BASC-0007"),
);
/// Matching rule: a tree whose only free square is a tent owns that tent, so another tree next
/// to it with one empty square left gets its tent there.
pub const TENT_FOR_TREE: Rule = Rule::new(
    "tent-for-tree",
    "Tent for tree",
    Tier::Easy,
    RuleKind::Direct,
    Some("TREE-BASC-0006"),
);
/// A row or column holds more tents than its count.
pub const TOO_MANY_TENTS: Rule = Rule::new(
    "too-many-tents",
    "Too many tents",
    Tier::Easy,
    RuleKind::Contradiction,
    Some("TREE-CONT-0004"),
);
/// A row or column has fewer free squares than missing tents.
pub const TOO_FEW_SPACES: Rule = Rule::new(
    "too-few-spaces",
    "Too few spaces",
    Tier::Easy,
    RuleKind::Contradiction,
    Some("TREE-CONT-0003"),
);
/// Two tents touch.
pub const TOUCHING_TENTS: Rule = Rule::new(
    "touching-tents",
    "Touching tents",
    Tier::Easy,
    RuleKind::Contradiction,
    Some("TREE-CONT-0005"),
);
/// A tree with no tent and no free square around it.
pub const NO_TENT_FOR_TREE: Rule = Rule::new(
    "no-tent-for-tree",
    "No tent for tree",
    Tier::Easy,
    RuleKind::Contradiction,
    Some("TREE-CONT-0001"),
);
/// A tent with no tree it could belong to.
pub const NO_TREE_FOR_TENT: Rule = Rule::new(
    "no-tree-for-tent",
    "No tree for tent",
    Tier::Easy,
    RuleKind::Contradiction,
    Some("TREE-CONT-0002"),
);
/// A square touching every free square of a tree that still needs its tent is grass.
pub const SHARED_NEIGHBOUR: Rule = Rule::new(
    "shared-neighbour",
    "Shared neighbour of a tree's spots",
    Tier::Tricky,
    RuleKind::Direct,
    None,
);
/// Squares equal in every placement of a line's tents (no two touching) are decided, and so
/// are squares of the neighbouring lines that every placement touches.
pub const LINE_ENUMERATION: Rule = Rule::new(
    "line-enumeration",
    "Line enumeration",
    Tier::Tricky,
    RuleKind::Direct,
    None,
);
/// Matching rule: trees that have exactly as many free squares between them as trees fill
/// all of those squares with tents.
pub const FORCED_PAIRING: Rule = Rule::new(
    "forced-pairing",
    "Forced pairing",
    Tier::Tricky,
    RuleKind::Direct,
    None,
);
/// Matching rule: tents that use up every tree around them leave no tree for a square.
pub const IMPOSSIBLE_PAIRING: Rule = Rule::new(
    "impossible-pairing",
    "Impossible pairing",
    Tier::Tricky,
    RuleKind::Direct,
    None,
);
/// A row or column cannot hold its tents without two touching.
pub const NO_LINE_PLACEMENT: Rule = Rule::new(
    "no-line-placement",
    "No placement for a line",
    Tier::Tricky,
    RuleKind::Contradiction,
    None,
);
/// Matching rule: the trees and tents cannot be paired one to one.
pub const UNMATCHABLE: Rule = Rule::new(
    "unmatchable",
    "Trees and tents cannot pair up",
    Tier::Tricky,
    RuleKind::Contradiction,
    None,
);
/// Try a value; if the easy and tricky rules reach a contradiction, the square has the other.
pub use crate::deduce::CASE_ANALYSIS;

/// Every rule, easiest tier first; within a tier, contradictions first, then the order in
/// which hints look for them.
pub const RULES: &[Rule] = &[
    TOO_MANY_TENTS,
    TOO_FEW_SPACES,
    TOUCHING_TENTS,
    NO_TENT_FOR_TREE,
    NO_TREE_FOR_TENT,
    FINISH_WITH_GRASS,
    FINISH_WITH_TENTS,
    SURROUND_TENT,
    EMPTY_FIELD,
    LAST_CAMPING_SPOT,
    TREE_FOR_TENT,
    TENT_FOR_TREE,
    NO_LINE_PLACEMENT,
    UNMATCHABLE,
    SHARED_NEIGHBOUR,
    LINE_ENUMERATION,
    FORCED_PAIRING,
    IMPOSSIBLE_PAIRING,
    CASE_ANALYSIS,
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn ids_are_unique_and_tiers_ascend() {
        let ids: HashSet<&str> = RULES.iter().map(|r| r.id).collect();
        assert_eq!(ids.len(), RULES.len());
        assert!(RULES.windows(2).all(|w| w[0].tier <= w[1].tier));
        assert!(
            RULES
                .iter()
                .all(|r| !r.name.is_empty() && !r.id.contains(' '))
        );
    }

    #[test]
    fn only_case_analysis_is_hard_and_a_case() {
        for r in RULES {
            assert_eq!(r.tier == Tier::Hard, r.kind == RuleKind::Case, "{}", r.id);
        }
    }
}
