//! Mosaic's rules in plain words, written from a puzzle's options: what the help opens on.

use super::Neighbourhood;

/// The rules of a Mosaic puzzle counting `neighbourhood`, on a grid that wraps when `wrapping`:
/// a paragraph each, the goal first. Each sentence says what the rules engine checks
/// (tests/tui/help_rules.rs holds them to it).
pub(super) fn rules_text(neighbourhood: Neighbourhood, wrapping: bool) -> Vec<String> {
    let edges = if wrapping {
        "The edges join: the rightmost column touches the leftmost, and the top row the \
         bottom, so a number on an edge also counts squares on the opposite edge."
    } else {
        "At the edges of the grid the squares beyond are missing: a number there counts fewer \
         squares."
    };
    vec![
        "Colour every square black or white, so that each number counts exactly the black \
         squares of its neighbourhood."
            .to_string(),
        format!("A number's neighbourhood is {}.", counted(neighbourhood)),
        edges.to_string(),
        "Squares with a number are coloured too.".to_string(),
    ]
}

/// The squares a clue counts, in words.
fn counted(neighbourhood: Neighbourhood) -> &'static str {
    match neighbourhood {
        Neighbourhood::Full => {
            "the square it is on and the 8 squares around it (its 3x3 block, corners included)"
        }
        Neighbourhood::Ortho => {
            "the square it is on and its 4 side neighbours (above, below, left and right; \
             not the corners)"
        }
        Neighbourhood::FullExclude => {
            "the 8 squares around it (corners included), not the square it is on"
        }
        Neighbourhood::OrthoExclude => {
            "its 4 side neighbours (above, below, left and right; not the corners), not the \
             square it is on"
        }
    }
}
