//! Named deduction rules: what hints explain and what difficulty grading measures, and the
//! driver the three games share (the hint prelude, case analysis, grading).

pub mod case;
pub mod gen_ctl;
pub mod gen_params;
pub mod generate;
pub mod known;
pub mod prelude;

use std::fmt;

use crate::game::{ErrorMark, Game, Target};
use crate::grid::Pos;

pub use gen_ctl::{Cancelled, GenCtl, Phase, Progress};
pub use gen_params::GenParams;
pub use generate::{GenError, GenOptions, Generate, Missing, listed_missing, no_puzzle_sentence};

/// How hard a rule is for a person; a puzzle's difficulty is the hardest tier it needs.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Tier {
    /// Local, one-clue deductions.
    Easy,
    /// Deductions over a whole line or several clues.
    Tricky,
    /// Case analysis: try a value and reach a contradiction.
    Hard,
}

impl Tier {
    /// Every tier, easiest first.
    pub const ALL: [Tier; 3] = [Tier::Easy, Tier::Tricky, Tier::Hard];

    /// The lower-case name used on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            Tier::Easy => "easy",
            Tier::Tricky => "tricky",
            Tier::Hard => "hard",
        }
    }

    /// Parses `easy`, `tricky` or `hard`.
    pub fn from_id(s: &str) -> Option<Tier> {
        Tier::ALL.into_iter().find(|t| t.id() == s)
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The shape of a rule's argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum RuleKind {
    /// Concludes values directly from the clues and the position.
    Direct,
    /// Shows the position (or a value) impossible.
    Contradiction,
    /// Tries a value and refutes it with the lower tiers.
    Case,
}

impl RuleKind {
    /// The lower-case name used in JSON.
    pub fn id(self) -> &'static str {
        match self {
            RuleKind::Direct => "direct",
            RuleKind::Contradiction => "contradiction",
            RuleKind::Case => "case",
        }
    }
}

/// Every game's derived case rule: try a value on a square; if the game's easy and tricky
/// rules then reach a contradiction, the square has the other value.
pub const CASE_ANALYSIS: Rule = Rule {
    id: "case-analysis",
    name: "Case analysis",
    tier: Tier::Hard,
    kind: RuleKind::Case,
    legup: None,
};

/// One entry of a game's rule catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// Stable identifier, e.g. `finish-with-grass`.
    pub id: &'static str,
    /// Name shown to players, e.g. "Finish with grass".
    pub name: &'static str,
    /// Difficulty tier.
    pub tier: Tier,
    /// Kind of argument.
    pub kind: RuleKind,
    /// The id of the same rule in LEGUP's rule set for the game (e.g. `TREE-BASC-0002`), when
    /// LEGUP has it; docs/proof-format.md names the LEGUP rules ours cover otherwise.
    pub legup: Option<&'static str>,
}

impl Rule {
    /// A rule of a game's catalogue, with LEGUP's id for it where LEGUP has it.
    pub const fn new(
        id: &'static str,
        name: &'static str,
        tier: Tier,
        kind: RuleKind,
        legup: Option<&'static str>,
    ) -> Rule {
        Rule {
            id,
            name,
            tier,
            kind,
            legup,
        }
    }
}

/// A deduction: the rule, the squares it decides, what it looked at, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint<P> {
    /// The rule applied.
    pub rule: Rule,
    /// The squares it decides and their values (never empty).
    pub sets: Vec<(Pos, P)>,
    /// The squares and clues the deduction used.
    pub premises: Vec<Target>,
    /// One sentence, e.g. "Row 3 already has its 2 tents, so its other squares are grass".
    pub explanation: String,
}

/// What the hint engine says about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintOutcome<P> {
    /// The next deduction.
    Hint(Hint<P>),
    /// The position is already won.
    Won,
    /// The position has errors (or the rules find it contradictory): no sound hint exists.
    Error(Vec<ErrorMark>),
    /// The position breaks no rule yet, but no solution keeps every piece placed: the squares
    /// whose piece differs from a solution, row-major.
    OffSolution(Vec<Pos>),
    /// The puzzle itself has no solution, whatever the position: no hint leads anywhere.
    Unsolvable,
    /// No rule of the catalogue applies (the puzzle has several solutions here).
    Stuck,
    /// The rules' next deduction from the position as it is, which the solver could not check
    /// in time: it follows from the pieces placed, but they may already be off every solution.
    Unchecked(Hint<P>),
    /// No rule applies, and the solver could not tell in time whether the position still
    /// extends to a solution.
    Undecided,
}

/// A game whose hints and grading come from a named rule catalogue.
pub trait Deduce: Game {
    /// Every rule of the game, easiest tier first.
    fn rules() -> &'static [Rule];
    /// The next deduction from this position, easiest rule first. Always sound: it never sets
    /// a square to a value no solution has. Never assumes the puzzle has a unique solution.
    /// The shared prelude ([`prelude::hint`]) runs first, then [`Deduce::next_deduction`].
    fn hint(&self) -> HintOutcome<Self::Piece> {
        prelude::hint(self)
    }
    /// The game's rules at a position that is not won and has no error marks. `solution`, when
    /// known, is a solution keeping every piece placed (the rules may skip values it shows
    /// consistent); without one the position may still be contradictory.
    fn next_deduction(&self, solution: Option<&Self>) -> HintOutcome<Self::Piece>;
    /// The fast solver's first solution keeping every piece placed: `Some(None)` when none
    /// does, `None` when this game's solver cannot fix pieces (the prelude then compares with
    /// the puzzle's first solution).
    fn solve_keeping(&self) -> Option<Option<Self>> {
        None
    }
    /// The hardest tier needed to solve the puzzle (from its cleared position) by repeated
    /// hints, or `None` when the rules get stuck (several solutions, or none).
    fn grade(&self) -> Option<Tier>;
}

/// The position reached from `start` by applying hints while they are easier than `stop`
/// (up to the first one of tier `stop` or harder, or until the hints run out).
pub fn apply_hints_below<G: Deduce>(start: &G, stop: Tier) -> G {
    let mut position = start.clone();
    while let HintOutcome::Hint(hint) = position.hint() {
        if hint.rule.tier >= stop {
            break;
        }
        for (p, piece) in hint.sets {
            position = position.apply(p, piece);
        }
    }
    position
}
