//! Light Up's rules in plain words, written from a puzzle's options: what the help opens on.

/// The rules of a Light Up puzzle on a grid that wraps when `wrapping`: a paragraph each, the
/// goal first. Each sentence says what the rules engine checks (tests/tui/help_rules.rs holds them
/// to it).
pub(super) fn rules_text(wrapping: bool) -> Vec<String> {
    let light = if wrapping {
        "A bulb lights its own square and the squares of its row and column, in all four \
         directions, until a wall stops the light. The edges join: light going out at the \
         right edge comes back in at the left, and out at the bottom in at the top, so with no \
         wall in the way a bulb lights its whole row and column."
    } else {
        "A bulb lights its own square and the squares of its row and column, in all four \
         directions, until a wall or the edge of the grid stops the light."
    };
    let numbers = if wrapping {
        "A wall with a number has exactly that many bulbs on its four sides (above, below, \
         left and right, across the joined edges too; corners do not count). A wall without a \
         number may have any."
    } else {
        "A wall with a number has exactly that many bulbs on its four sides (above, below, \
         left and right; corners do not count). A wall without a number may have any."
    };
    vec![
        "Light up every square that is not a wall, by placing bulbs.".to_string(),
        light.to_string(),
        "No bulb may be lit by another: two bulbs never see each other along a row or column \
         unless a wall stands between them."
            .to_string(),
        numbers.to_string(),
        "A mark is your own note for \"no bulb here\": it is never needed to win.".to_string(),
    ]
}
