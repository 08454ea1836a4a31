//! What one solve of a puzzle tells about every later position: a solution, and whether it is
//! the only one. Worked out once (the player does it when a puzzle opens), it lets the hint
//! prelude and the "already wrong" check judge a position by comparing it with the solution,
//! instead of asking the solver again for every hint.

use crate::budget::{Budget, OutOfTime};

use super::Deduce;
#[cfg(test)]
use super::prelude::standing;
use super::prelude::{Standing, differing, standing_within};

/// What a solve of the cleared puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Known<G> {
    /// The puzzle has no solution.
    Unsolvable,
    /// The puzzle's only solution: it judges every position.
    Only(G),
    /// One of the puzzle's several solutions: it judges only the positions it keeps.
    OneOf(G),
}

impl<G: Deduce> Known<G> {
    /// What solving `puzzle` (its pieces cleared) tells, or `Err(OutOfTime)` when the solver
    /// or the counter cannot answer within `budget`.
    pub fn of_puzzle(puzzle: &G, budget: &Budget) -> Result<Known<G>, OutOfTime> {
        let cleared = puzzle.cleared();
        let Some(solution) = cleared.solve_within(budget)? else {
            return Ok(Known::Unsolvable);
        };
        Ok(if cleared.count_within(2, budget)? == 1u32.into() {
            Known::Only(solution)
        } else {
            Known::OneOf(solution)
        })
    }

    /// How `position` stands, when this is enough to tell: `None` for a position off the
    /// solution kept of a puzzle with several (another solution may keep its pieces).
    pub fn judge(&self, position: &G) -> Option<Standing<G>> {
        match self {
            Known::Unsolvable => Some(Standing::Unsolvable),
            Known::Only(solution) if differing(position, solution).is_empty() => {
                Some(Standing::Extends(solution.clone()))
            }
            Known::Only(solution) => Some(Standing::OffSolution(solution.clone())),
            Known::OneOf(solution) => differing(position, solution)
                .is_empty()
                .then(|| Standing::Extends(solution.clone())),
        }
    }

    /// Whether this judges every position, so nothing learned later improves on it.
    pub fn is_complete(&self) -> bool {
        !matches!(self, Known::OneOf(_))
    }
}

/// A position's standing, and what a solver asked for it taught.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged<G> {
    /// Where the position stands, or `Err(OutOfTime)` when the solver could not tell in time.
    pub standing: Result<Standing<G>, OutOfTime>,
    /// A solution of the puzzle that keeps the position, found by the solver where `known`
    /// could not judge it: worth keeping in its place, since the player's next positions grow
    /// from this one.
    pub learned: Option<Known<G>>,
}

/// How `position` stands: judged by `known` when it can tell, else asked of the solver within
/// `budget` (all of it when nothing is known).
pub fn judge_within<G: Deduce>(
    known: Option<&Known<G>>,
    position: &G,
    budget: &Budget,
) -> Judged<G> {
    let standing = match known.map(|k| (k, k.judge(position))) {
        Some((_, Some(standing))) => {
            return Judged {
                standing: Ok(standing),
                learned: None,
            };
        }
        Some((known, None)) => Ok(off_one_of(known, position)),
        None => standing_within(position, budget),
    };
    // Only a solution keeping the pieces is worth keeping; "off the solution" says nothing
    // about uniqueness for a game whose solver can fix pieces.
    let learned = match &standing {
        Ok(Standing::Extends(solution)) => Some(Known::OneOf(solution.clone())),
        _ => None,
    };
    Judged { standing, learned }
}

/// How a position off the solution kept of a puzzle with several stands. The solutions are
/// known to be several, so of what [`standing_within`] asks only one question is left: does a
/// solution keep the pieces placed? Only a game whose solver can fix pieces can say; for the
/// others only the rules can tell, as `standing_within` finds after solving and counting again.
fn off_one_of<G: Deduce>(known: &Known<G>, position: &G) -> Standing<G> {
    match (position.solve_keeping(), known) {
        (Some(Some(solution)), _) => Standing::Extends(solution),
        (Some(None), Known::Only(solution) | Known::OneOf(solution)) => {
            Standing::OffSolution(solution.clone())
        }
        (Some(None), Known::Unsolvable) => Standing::Unsolvable,
        (None, _) => Standing::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::mosaic::{Colour, Mosaic};
    use crate::grid::Pos;

    /// A puzzle with one solution.
    const ONE: &str = "3 3 0 0\n3e-e2e\n-e6e-e\n2e-e3e\n";
    /// A 1x2 Mosaic with one clue, 1: either square may be the black one.
    const TWO: &str = "1 2 0 0\n1e-e\n";

    fn flip(c: Colour) -> Colour {
        match c {
            Colour::Black => Colour::White,
            _ => Colour::Black,
        }
    }

    #[test]
    fn the_only_solution_judges_every_position() {
        let g = Mosaic::parse(ONE).unwrap();
        let known = Known::of_puzzle(&g, &Budget::unlimited()).unwrap();
        let solution = g.solve().unwrap();
        assert_eq!(known, Known::Only(solution.clone()));
        assert!(known.is_complete());
        let p = Pos::new(1, 1);
        let right = g.apply(p, solution.colour(p));
        let wrong = g.apply(p, flip(solution.colour(p)));
        assert_eq!(
            known.judge(&right),
            Some(Standing::Extends(solution.clone()))
        );
        assert_eq!(known.judge(&wrong), Some(Standing::OffSolution(solution)));
    }

    #[test]
    fn one_of_several_judges_only_what_it_keeps_and_the_solver_answers_the_rest() {
        let g = Mosaic::parse(TWO).unwrap();
        let known = Known::of_puzzle(&g, &Budget::unlimited()).unwrap();
        let Known::OneOf(solution) = &known else {
            panic!("two solutions, got {known:?}");
        };
        assert!(!known.is_complete());
        let black = (0..2)
            .map(|c| Pos::new(0, c))
            .find(|&p| solution.colour(p) == Colour::Black)
            .unwrap();
        let on = g.apply(black, Colour::Black);
        assert_eq!(known.judge(&on), Some(Standing::Extends(solution.clone())));
        let off = g.apply(black, Colour::White);
        assert_eq!(known.judge(&off), None);
        // The solver finds the other solution, which keeps the position: it is learned.
        let judged = judge_within(Some(&known), &off, &Budget::unlimited());
        let Ok(Standing::Extends(other)) = &judged.standing else {
            panic!("the other solution keeps the white square, got {judged:?}");
        };
        assert_eq!(other.colour(black), Colour::White);
        assert_eq!(judged.learned, Some(Known::OneOf(other.clone())));
        // What it knows is enough: nothing asked, nothing learned.
        let judged = judge_within(Some(&known), &on, &Budget::unlimited());
        assert_eq!(judged.learned, None);
    }

    #[test]
    fn a_puzzle_without_solution_is_known_as_such() {
        // One square whose clue asks for two black squares around it.
        let g = Mosaic::parse("1 1 0 0\n2e\n").unwrap();
        let known = Known::of_puzzle(&g, &Budget::unlimited()).unwrap();
        assert_eq!(known, Known::Unsolvable);
        assert_eq!(known.judge(&g), Some(Standing::Unsolvable));
    }

    #[test]
    fn off_one_of_several_without_a_solver_for_pieces_the_rules_judge_and_no_solver_runs() {
        use crate::games::lightup::LightUp;
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        // Two blank squares side by side: a bulb on either one solves it.
        let g = LightUp::parse("1 2 0\nbb\n").unwrap();
        let known = Known::of_puzzle(&g, &Budget::unlimited()).unwrap();
        let Known::OneOf(solution) = &known else {
            panic!("two solutions, got {known:?}");
        };
        let dark = (0..2)
            .map(|c| Pos::new(0, c))
            .find(|&p| solution.piece(p) != LightUp::PRIMARY)
            .unwrap();
        let off = g.apply(dark, LightUp::PRIMARY);
        assert_eq!(known.judge(&off), None);
        let spent = Budget::unlimited().or_until(Arc::new(AtomicBool::new(true)));
        let judged = judge_within(Some(&known), &off, &spent);
        assert_eq!(judged.standing, Ok(Standing::Unknown));
        assert_eq!(judged.learned, None);
        // As the solver finds when asked everything again.
        assert_eq!(standing(&off), Standing::Unknown);
    }
}
