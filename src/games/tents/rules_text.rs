//! Tents' rules in plain words, written from a puzzle's options: what the help opens on.

use super::{Options, Rule4};

/// The rules of a Tents puzzle with `options`, on a grid that wraps when `wrapping`: a paragraph
/// each, the goal first. Each sentence says what the rules engine checks (tests/tui/help_rules.rs
/// holds them to it).
pub(super) fn rules_text(options: Options, wrapping: bool) -> Vec<String> {
    let mut rules = vec![
        "Put a tent next to each tree. Next to means side by side: above, below, left or \
         right of it, never only corner to corner."
            .to_string(),
        "There are as many tents as trees, and the numbers beside the rows and below the \
         columns count the tents in each row and column."
            .to_string(),
        touching(options.diagadj).to_string(),
        rule4(options.rule4).to_string(),
    ];
    if wrapping {
        rules.push(
            "The edges join: the rightmost column touches the leftmost, and the top row the \
             bottom, so a tree and its tent may stand on opposite edges, and two tents there \
             touch."
                .to_string(),
        );
    }
    rules.push(
        "Grass is your own note for \"no tent here\": it is never needed to win.".to_string(),
    );
    rules
}

fn touching(diagadj: bool) -> &'static str {
    if diagadj {
        "Tents may touch diagonally (corner to corner), but never side by side."
    } else {
        "Tents never touch, not even diagonally: no two tents side by side or corner to corner."
    }
}

// The example row is the smallest place where the two rules differ; with as many tents as
// trees, a tent serving two trees means some other tree has two tents beside it.
fn rule4(rule4: Rule4) -> &'static str {
    match rule4 {
        Rule4::Local => {
            "Rule 4: local. Every tent has a tree next to it, and every tree a tent next to it; \
             one tent may serve two trees. In a row \"tree tent tree\" the one tent serves both \
             trees (then, as tents and trees are as many, some other tree has two tents)."
        }
        Rule4::Matching => {
            "Rule 4: matching. Each tree gets its own tent next to it, one to one: a tent \
             belongs to one tree only. In a row \"tree tent tree\" the tent serves just one \
             of the two trees; the other needs a tent of its own."
        }
    }
}
