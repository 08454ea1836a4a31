//! A deduction found by a rule: the cells it decides, the rule, and the facts behind it.

use crate::deduce::Rule;

use super::state::Conflict;

/// Why a rule decided what it decided (enough to write the explanation and list premises).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// A 0 wall.
    ZeroWall(u32),
    /// A wall with all its bulbs (or a neighbour that would overshoot it).
    WallComplete(u32),
    /// A wall needing every free neighbour.
    WallNeedsAll(u32),
    /// An unlit cell with a single candidate (the cell set).
    OnlyLight(u32),
    /// A bulb on the cell set would starve this wall.
    Starve(u32),
    /// A bulb on the cell set would leave this cell dark.
    Darken(u32),
    /// The placements of this wall's bulbs (how many survive) agree on the cells set.
    Placements(u32, usize),
    /// Trying `tried` on the cell set (its opposite) led to this contradiction; `deep` when
    /// the tricky rules took part.
    Case {
        /// The value tried.
        tried: u8,
        /// The contradiction reached.
        conflict: Conflict,
        /// Whether tricky rules were used to reach it.
        deep: bool,
    },
}

/// One application of a rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The rule applied.
    pub rule: Rule,
    /// Cells decided and their values (`BULB` / `NOBULB`), ascending by cell.
    pub sets: Vec<(u32, u8)>,
    /// The reason.
    pub why: Why,
    /// Numbered walls (by index) whose numbers the deduction read.
    pub walls: Vec<u32>,
}
