//! A rule application (the squares it decides and why) and a contradiction, with the premises
//! and the one-sentence explanation a hint shows.

use smallvec::SmallVec;

use crate::deduce::Rule;
use crate::game::Target;

use super::board::Layout;

/// The cells a step decides, with TENT or GRASS: inline up to four, as the engine makes a step
/// for nearly every square it decides and most steps decide one to four (a smaller step moves
/// faster than a tent's eight neighbours inline save on the steps that need more).
pub(super) type Sets = SmallVec<[(u32, u8); 4]>;

/// One application of a rule: the cells it decides and the facts it used.
#[derive(Clone, Debug)]
pub(super) struct Step {
    /// The rule applied (a reference: steps are made and moved at every square decided).
    pub rule: &'static Rule,
    /// The cells decided, with TENT or GRASS (never empty).
    pub sets: Sets,
    /// What the deduction looked at.
    pub why: Why,
}

/// The facts behind a step, enough to name its premises and explain it.
#[derive(Clone, Debug)]
pub(super) enum Why {
    /// A line that has all its tents.
    FinishGrass { line: usize },
    /// A line whose free squares are exactly its missing tents.
    FinishTents { line: usize },
    /// A tent and the squares around it.
    Surround { tent: u32 },
    /// A square with no tree next to it.
    EmptyField { cell: u32 },
    /// A tree with one free square left.
    LastSpot { tree: u32 },
    /// A square whose trees are owned by single-tree tents: `(tree, tent)` pairs.
    TreeForTent { cell: u32, owners: Vec<(u32, u32)> },
    /// A tree whose tents are owned by other trees: `(tent, other tree)` pairs.
    TentForTree { tree: u32, owned: Vec<(u32, u32)> },
    /// A tree and its free squares.
    SharedNeighbour { tree: u32, spots: Vec<u32> },
    /// A line whose placements agree on some squares.
    LineEnumeration { line: usize },
    /// Trees with exactly as many free squares between them.
    ForcedPairing { trees: Vec<u32>, squares: Vec<u32> },
    /// Tents that use up all the trees around them.
    ImpossiblePairing { tents: Vec<u32>, trees: Vec<u32> },
    /// A value tried on a cell and the contradiction it led to.
    Case {
        cell: u32,
        tried: u8,
        contradiction: Box<Contradiction>,
    },
}

/// A contradiction: the position (or a trial) cannot lead to a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Contradiction {
    /// The contradiction rule that fired.
    pub rule: &'static Rule,
    /// The squares and clues involved.
    pub at: Vec<Target>,
    /// What is wrong, e.g. "row 3 holds 3 tents but needs only 2".
    pub text: String,
}

impl Contradiction {
    /// A contradiction about a line's count.
    pub(super) fn line(rule: &'static Rule, lay: &Layout, line: usize, text: String) -> Self {
        Contradiction {
            rule,
            at: vec![lay.clue(line)],
            text,
        }
    }

    /// A contradiction about some squares.
    pub(super) fn squares(rule: &'static Rule, lay: &Layout, cells: &[u32], text: String) -> Self {
        Contradiction {
            rule,
            at: cells.iter().map(|&c| lay.square(c)).collect(),
            text,
        }
    }
}
