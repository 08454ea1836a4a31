//! The hint prelude every game shares: is the position won, does it break a rule, and does it
//! still extend to a solution (asked of the game's fast solver, which also tells when the puzzle
//! has none at all)? Only a position that passes all three is handed to the game's rules, so no
//! hint ever builds on a mistake.

use crate::budget::{Budget, OutOfTime};
use crate::game::Game;
use crate::grid::Pos;

use super::known::{Known, judge_within};
use super::{Deduce, HintOutcome};

/// Where a position stands with respect to the puzzle's solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Standing<G> {
    /// This solution keeps every piece the player placed.
    Extends(G),
    /// No solution keeps the pieces placed; this one is a solution of the puzzle.
    OffSolution(G),
    /// The puzzle itself has no solution.
    Unsolvable,
    /// Several solutions and none found keeps the pieces (the game's solver cannot be asked
    /// with pieces fixed): only the rules can tell.
    Unknown,
}

/// Whether `solution` keeps the piece the player put on `pos`: a primary piece (tent, bulb,
/// black) where the solution has one, a secondary piece (grass, mark, white) where it has none.
fn keeps<G: Game>(position: &G, solution: &G, pos: Pos) -> bool {
    let placed = position.piece(pos);
    let solved_primary = solution.piece(pos) == G::PRIMARY;
    if placed == G::PRIMARY {
        solved_primary
    } else if placed == G::SECONDARY {
        !solved_primary
    } else {
        true
    }
}

/// The squares whose piece `solution` does not keep, row-major.
pub fn differing<G: Game>(position: &G, solution: &G) -> Vec<Pos> {
    position
        .topology()
        .positions()
        .filter(|&p| !keeps(position, solution, p))
        .collect()
}

/// Asks the fast solver whether `position` extends to a solution. The first solution of the
/// puzzle settles most cases (it either keeps every piece, or it is the only solution); only a
/// puzzle with several solutions needs the game's solver with the pieces fixed.
pub fn standing<G: Deduce>(position: &G) -> Standing<G> {
    let unlimited = standing_within(position, &Budget::unlimited());
    unlimited.unwrap_or(Standing::Unknown)
}

/// `standing`, or `Err(OutOfTime)` when the solver cannot answer within `budget`.
pub fn standing_within<G: Deduce>(position: &G, budget: &Budget) -> Result<Standing<G>, OutOfTime> {
    if let Some(kept) = position.solve_keeping() {
        return Ok(match kept {
            Some(solution) => Standing::Extends(solution),
            None => match position.solve_within(budget)? {
                Some(solution) => Standing::OffSolution(solution),
                None => Standing::Unsolvable,
            },
        });
    }
    let Some(solution) = position.solve_within(budget)? else {
        return Ok(Standing::Unsolvable);
    };
    Ok(if differing(position, &solution).is_empty() {
        Standing::Extends(solution)
    } else if position.count_within(2, budget)? == 1u32.into() {
        Standing::OffSolution(solution)
    } else {
        Standing::Unknown
    })
}

/// The next hint: the shared prelude, then the game's rules from a position known to extend to
/// a solution (or, when the solver cannot tell, from the position as it is).
pub fn hint<G: Deduce>(position: &G) -> HintOutcome<G::Piece> {
    hint_within(position, &Budget::unlimited())
}

/// `hint` with the solver's part limited to `budget`. When the solver cannot judge the position
/// in time, the rules still answer from the position as it is, and their deduction comes back
/// [`HintOutcome::Unchecked`] (or [`HintOutcome::Undecided`] when no rule applies).
pub fn hint_within<G: Deduce>(position: &G, budget: &Budget) -> HintOutcome<G::Piece> {
    hint_judged(position, || standing_within(position, budget))
}

/// `hint_within` with the position's standing from `standing` (a solution kept from an earlier
/// solve, or the solver), asked only for a position that is not won and breaks no rule.
pub fn hint_judged<G: Deduce>(
    position: &G,
    standing: impl FnOnce() -> Result<Standing<G>, OutOfTime>,
) -> HintOutcome<G::Piece> {
    if position.is_won() {
        return HintOutcome::Won;
    }
    let marks = position.error_marks();
    if !marks.is_empty() {
        return HintOutcome::Error(marks);
    }
    match standing() {
        Ok(Standing::Extends(solution)) => position.next_deduction(Some(&solution)),
        Ok(Standing::OffSolution(solution)) => {
            HintOutcome::OffSolution(differing(position, &solution))
        }
        Ok(Standing::Unsolvable) => HintOutcome::Unsolvable,
        // The rules name the contradiction (or get stuck) without a solution to lean on.
        Ok(Standing::Unknown) => position.next_deduction(None),
        Err(OutOfTime) => match position.next_deduction(None) {
            HintOutcome::Hint(hint) => HintOutcome::Unchecked(hint),
            HintOutcome::Stuck => HintOutcome::Undecided,
            other => other,
        },
    }
}

/// Which of `positions` (the positions after each step of a game, in order) began the final
/// run of positions no solution extends: the step that left every solution for good. `None`
/// when the last position still extends to a solution, or the solver cannot tell within
/// `budget`.
pub fn wrong_since<G: Deduce>(positions: &[G], budget: &Budget) -> Option<usize> {
    wrong_since_knowing(positions, None, budget)
}

/// `wrong_since`, judging each position by `known` (what a solve of the puzzle found) where it
/// can tell, and asking the solver only where it cannot.
pub fn wrong_since_knowing<G: Deduce>(
    positions: &[G],
    known: Option<&Known<G>>,
    budget: &Budget,
) -> Option<usize> {
    let first = positions.first()?;
    // With a single solution, "extends" is "agrees with it": no solver call per step.
    let solved;
    let known = match known {
        Some(known) => known,
        None => {
            solved = Known::of_puzzle(first, budget).ok()?;
            &solved
        }
    };
    let mut since = None;
    for (i, position) in positions.iter().enumerate() {
        let standing = judge_within(Some(known), position, budget).standing.ok()?;
        let extends = !matches!(standing, Standing::OffSolution(_) | Standing::Unsolvable);
        if extends {
            since = None;
        } else if since.is_none() {
            since = Some(i);
        }
    }
    since
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mosaic::{Colour, Mosaic};
    use crate::grid::Pos;

    /// A puzzle with one solution.
    const PUZZLE: &str = "3 3 0 0\n3e-e2e\n-e6e-e\n2e-e3e\n";

    fn puzzle() -> Mosaic {
        Mosaic::parse(PUZZLE).unwrap()
    }

    #[test]
    fn a_position_on_the_solution_extends_and_a_wrong_one_does_not() {
        let g = puzzle();
        let solution = g.solve().unwrap();
        assert_eq!(g.count(None), 1u32.into());
        assert_eq!(standing(&g), Standing::Extends(solution.clone()));
        let wrong_colour = match solution.colour(Pos::new(1, 1)) {
            Colour::Black => Colour::White,
            _ => Colour::Black,
        };
        let wrong = g.apply(Pos::new(1, 1), wrong_colour);
        assert!(wrong.error_marks().is_empty());
        assert_eq!(standing(&wrong), Standing::OffSolution(solution.clone()));
        assert_eq!(differing(&wrong, &solution), vec![Pos::new(1, 1)]);
        assert_eq!(hint(&wrong), HintOutcome::OffSolution(vec![Pos::new(1, 1)]));
    }

    #[test]
    fn the_step_that_left_every_solution_for_good_is_found() {
        let g = puzzle();
        let solution = g.solve().unwrap();
        let right = |p: Pos| solution.colour(p);
        let wrong = |p: Pos| match solution.colour(p) {
            Colour::Black => Colour::White,
            _ => Colour::Black,
        };
        let (a, b) = (Pos::new(1, 1), Pos::new(2, 2));
        // Right, wrong, put right again, right, wrong, right: the last wrong step counts.
        let steps = [
            (b, right(b)),
            (a, wrong(a)),
            (a, Colour::Empty),
            (a, right(a)),
            (a, wrong(a)),
            (Pos::new(0, 0), right(Pos::new(0, 0))),
        ];
        let mut positions = Vec::new();
        let mut position = g.clone();
        for (p, c) in steps {
            position = position.apply(p, c);
            positions.push(position.clone());
        }
        assert_eq!(wrong_since(&positions, &Budget::unlimited()), Some(4));
        assert_eq!(wrong_since(&positions[..4], &Budget::unlimited()), None);
        assert_eq!(wrong_since(&positions[..2], &Budget::unlimited()), Some(1));
        assert_eq!(wrong_since::<Mosaic>(&[], &Budget::unlimited()), None);
    }
}
