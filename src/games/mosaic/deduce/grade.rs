//! Difficulty: the easiest tier whose rules, applied until nothing changes, solve the puzzle
//! from its cleared position.
//!
//! Every rule only ever adds decisions, so applying one tier's rules to a fixpoint reaches the
//! same state in any order: this is the hardest tier repeated hints would use, computed
//! incrementally instead of one hint at a time.

use super::engine::Engine;
use super::model::Model;
use crate::deduce::Tier;

/// The grade of the puzzle `m` describes, or `None` when the rules get stuck (several
/// solutions, none, or squares no clue counts).
pub fn grade(m: &Model) -> Option<Tier> {
    let mut e = Engine::with_all_clues(m);
    for tier in Tier::ALL {
        e.close(tier).ok()?;
        if e.solved() {
            return Some(tier);
        }
    }
    None
}
