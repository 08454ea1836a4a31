//! One line per catalogue rule: what it says, as the rule picker of proof mode shows it.
//! Written from each rule's contract in its game's catalogue.

use crate::game::GameKind;

/// What `id` (a rule of `game`'s catalogue) says, in one line; empty for an unknown id.
pub fn about(game: GameKind, id: &str) -> &'static str {
    ABOUT
        .iter()
        .find(|(g, i, _)| *g == game && *i == id)
        .map_or("", |(_, _, text)| text)
}

/// Every catalogue rule: its game, its id, what it says.
const ABOUT: &[(GameKind, &str, &str)] = &[
    (
        GameKind::Tents,
        "finish-with-grass",
        "A row or column with all its tents: its other squares are grass.",
    ),
    (
        GameKind::Tents,
        "finish-with-tents",
        "A row or column with exactly as many free squares as missing tents: they are all tents.",
    ),
    (
        GameKind::Tents,
        "surround-tent",
        "Every square touching a tent is grass.",
    ),
    (
        GameKind::Tents,
        "empty-field",
        "A square with no tree next to it is grass.",
    ),
    (
        GameKind::Tents,
        "last-camping-spot",
        "A tree with one free square left and no tent: that square is its tent.",
    ),
    (
        GameKind::Tents,
        "tree-for-tent",
        "Matching rule: a tent with a single tree owns it, so a square whose trees are all owned by other tents is grass.",
    ),
    (
        GameKind::Tents,
        "tent-for-tree",
        "Matching rule: a tree whose only free square is a tent owns that tent, so another tree next to it with one empty square left gets its tent there.",
    ),
    (
        GameKind::Tents,
        "too-many-tents",
        "A row or column holds more tents than its count.",
    ),
    (
        GameKind::Tents,
        "too-few-spaces",
        "A row or column has fewer free squares than missing tents.",
    ),
    (GameKind::Tents, "touching-tents", "Two tents touch."),
    (
        GameKind::Tents,
        "no-tent-for-tree",
        "A tree with no tent and no free square around it.",
    ),
    (
        GameKind::Tents,
        "no-tree-for-tent",
        "A tent with no tree it could belong to.",
    ),
    (
        GameKind::Tents,
        "shared-neighbour",
        "A square touching every free square of a tree that still needs its tent is grass.",
    ),
    (
        GameKind::Tents,
        "line-enumeration",
        "Squares equal in every placement of a line's tents (no two touching) are decided, and so are squares of the neighbouring lines that every placement touches.",
    ),
    (
        GameKind::Tents,
        "forced-pairing",
        "Matching rule: trees that have exactly as many free squares between them as trees fill all of those squares with tents.",
    ),
    (
        GameKind::Tents,
        "impossible-pairing",
        "Matching rule: tents that use up every tree around them leave no tree for a square.",
    ),
    (
        GameKind::Tents,
        "no-line-placement",
        "A row or column cannot hold its tents without two touching.",
    ),
    (
        GameKind::Tents,
        "unmatchable",
        "Matching rule: the trees and tents cannot be paired one to one.",
    ),
    (
        GameKind::Tents,
        "case-analysis",
        "Try a value; if the easy and tricky rules reach a contradiction, the square has the other.",
    ),
    (
        GameKind::LightUp,
        "bulbs-see-each-other",
        "Two bulbs light each other.",
    ),
    (
        GameKind::LightUp,
        "too-many-bulbs",
        "A numbered wall has more bulbs next to it than its number.",
    ),
    (
        GameKind::LightUp,
        "too-few-spaces",
        "A numbered wall has too few unlit blank neighbours left to reach its number.",
    ),
    (
        GameKind::LightUp,
        "unlightable-square",
        "An unlit square that no remaining square can light.",
    ),
    (
        GameKind::LightUp,
        "zero-wall",
        "A 0 wall: no bulb next to it.",
    ),
    (
        GameKind::LightUp,
        "wall-complete",
        "A numbered wall with all its bulbs: its other free neighbours get marks.",
    ),
    (
        GameKind::LightUp,
        "wall-needs-all",
        "A numbered wall with exactly as many free neighbours as missing bulbs: they are all bulbs.",
    ),
    (
        GameKind::LightUp,
        "only-one-light",
        "An unlit square that only one square can still light: that square is a bulb.",
    ),
    (
        GameKind::LightUp,
        "no-wall-placement",
        "Every placement of a wall's missing bulbs breaks a neighbouring clue or square.",
    ),
    (
        GameKind::LightUp,
        "bulb-starves-wall",
        "Set discounting on a clue (Tatham): a bulb that would leave a numbered wall too few free neighbours for its missing bulbs is impossible.",
    ),
    (
        GameKind::LightUp,
        "bulb-darkens-square",
        "Set discounting on a square (Tatham): a bulb that would rule out every square able to light some unlit square is impossible.",
    ),
    (
        GameKind::LightUp,
        "wall-placements",
        "The placements of a wall's missing bulbs that keep the neighbouring walls and squares possible all agree on some neighbours.",
    ),
    (
        GameKind::LightUp,
        "case-analysis",
        "Try a bulb or a mark on a square; if the easy and tricky rules reach a contradiction, the square has the other value.",
    ),
    (
        GameKind::Mosaic,
        "clue-complete",
        "A clue with all its black squares: its other squares are white (a clue 0 is the first case).",
    ),
    (
        GameKind::Mosaic,
        "clue-fill",
        "A clue needing every undecided square it counts: they are black (a clue equal to its neighbourhood's size is the first case).",
    ),
    (
        GameKind::Mosaic,
        "counted-twice",
        "Tiny wrapped grids: a square counted several times by one clue may be worth more black squares than the clue still needs (white), or more than it can spare (black).",
    ),
    (
        GameKind::Mosaic,
        "too-many-black",
        "A clue with more black squares than its number.",
    ),
    (
        GameKind::Mosaic,
        "too-few-spaces",
        "A clue whose black and undecided squares together fall short of its number.",
    ),
    (
        GameKind::Mosaic,
        "contained-clue",
        "Clue B's undecided squares all lie inside clue A's: they hold exactly what B still needs, so A's other squares hold the rest (none: white; all: black).",
    ),
    (
        GameKind::Mosaic,
        "overlap-black",
        "Clue A needs more black squares than its overlap with clue B can hold (B caps it), so A's squares outside B are black.",
    ),
    (
        GameKind::Mosaic,
        "overlap-white",
        "Clue B puts at least as many black squares in its overlap with clue A as A still needs, so A's squares outside B are white.",
    ),
    (
        GameKind::Mosaic,
        "overlap-conflict",
        "Two overlapping clues whose bounds on their shared squares cannot both hold.",
    ),
    (
        GameKind::Mosaic,
        "case-analysis",
        "Try a colour on a square; if the easy and tricky rules then reach a contradiction, the square has the other colour.",
    ),
    (
        GameKind::Mosaic,
        "no-colour-fits",
        "A square where both colours lead to a contradiction: the position has no solution.",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduce::Deduce;

    #[test]
    fn every_catalogue_rule_says_what_it_does() {
        for kind in GameKind::ALL {
            let rules = crate::with_kind!(kind, G => G::rules());
            for rule in rules {
                assert!(!about(kind, rule.id).is_empty(), "{kind:?} {}", rule.id);
            }
        }
    }
}
