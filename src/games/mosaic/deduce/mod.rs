//! Mosaic hints and grading from a named rule catalogue (docs/rules.md#rule-catalogues).
//!
//! Easy rules look at one clue, tricky rules compare two overlapping clues region by region,
//! and the hard rule is case analysis (try a colour, reach a contradiction with the lower
//! tiers). No rule assumes the puzzle has a single solution: every step is a logical
//! consequence of the clues and the colours already placed.

mod cases;
pub mod catalogue;
mod engine;
mod explain;
mod grade;
mod hint;
mod journal;
mod logic;
mod model;
pub mod proof;
mod trials;
mod values;

use super::{Colour, Mosaic};
use crate::deduce::{Deduce, HintOutcome, Rule, Tier};

pub(crate) use engine::{BLACK, Engine, UNKNOWN, WHITE};
pub(crate) use journal::Journal;
pub(crate) use model::Model;

impl Deduce for Mosaic {
    fn rules() -> &'static [Rule] {
        &catalogue::RULES
    }

    fn next_deduction(&self, solution: Option<&Mosaic>) -> HintOutcome<Colour> {
        hint::next_deduction(self, solution)
    }

    fn solve_keeping(&self) -> Option<Option<Mosaic>> {
        Some(super::solve::first_solution_keeping(self).map(|colours| self.with_colours(colours)))
    }

    fn grade(&self) -> Option<Tier> {
        grade::grade(&Model::of(self))
    }
}
