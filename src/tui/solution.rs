//! The solution the player keeps for the puzzle open: solved once in the background when the
//! puzzle opens, so that a hint (and its "already wrong" check) compares the position with it
//! instead of solving the puzzle again, which on a giant board is most of a hint's time.

use std::sync::Arc;

use crate::budget::{Budget, OutOfTime};
use crate::deduce::known::Known;
use crate::game::Game;
use crate::games::{AnyGame, OfGame, PerGame};
use crate::tui::session::Playable;

/// The [`PerGame`] marker of [`KnownSolution`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Knowing;

impl PerGame for Knowing {
    type Of<G: Game> = Known<G>;
}

/// What a solve of a puzzle of any game found ([`Known`] of its game).
pub type KnownSolution = OfGame<Knowing>;

/// Where the play screen stands with the solution of its puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum KeptSolution {
    /// Nothing kept: hints ask the solver themselves (the background solve could not answer in
    /// time or failed, or none was asked for).
    #[default]
    Unknown,
    /// The background solve is under way.
    Solving,
    /// What the background solve found (or a later solution a hint's solver found); shared,
    /// since the model is copied on every message and the hint worker takes it along.
    Known(Arc<KnownSolution>),
}

impl KeptSolution {
    /// What is known, if anything.
    pub fn known(&self) -> Option<&Arc<KnownSolution>> {
        match self {
            KeptSolution::Known(known) => Some(known),
            KeptSolution::Unknown | KeptSolution::Solving => None,
        }
    }

    /// What to keep once a hint's solver `learned` a solution for a position the kept one
    /// could not judge: it replaces a solution that judges only some positions, never one that
    /// judges them all (nor a background solve still under way, which may find one).
    pub fn after_learning(&self, learned: Option<Arc<KnownSolution>>) -> KeptSolution {
        let complete = self
            .known()
            .is_some_and(|k| crate::with_game!(&**k, k => k.is_complete()));
        match learned {
            Some(learned) if !complete && *self != KeptSolution::Solving => {
                KeptSolution::Known(learned)
            }
            _ => self.clone(),
        }
    }
}

/// What solving `puzzle` tells, within `budget`.
pub fn work_out(puzzle: &AnyGame, budget: &Budget) -> Result<KnownSolution, OutOfTime> {
    crate::with_game!(puzzle, g => Ok(wrap(Known::of_puzzle(g, budget)?)))
}

/// The first solution kept, if any (to reveal it).
pub fn solution(known: &KnownSolution) -> Option<AnyGame> {
    use crate::games::any::IntoAny;
    crate::with_game!(known, k => match k {
        Known::Only(s) | Known::OneOf(s) => Some(s.clone().into_any()),
        Known::Unsolvable => None,
    })
}

/// What is known of game `G`'s puzzle, when `known` is of that game.
pub fn of_game<G: Playable>(known: Option<&KnownSolution>) -> Option<&Known<G>> {
    known.and_then(G::inside::<Knowing>)
}

/// A game's knowledge of any game.
pub fn wrap<G: Playable>(known: Known<G>) -> KnownSolution {
    G::wrap::<Knowing>(known)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mosaic::Mosaic;

    fn one_of(text: &str) -> Arc<KnownSolution> {
        let g = Mosaic::parse(text).unwrap();
        Arc::new(wrap(Known::OneOf(g.solve().unwrap())))
    }

    #[test]
    fn a_solution_learned_replaces_only_a_partial_one() {
        let learned = one_of("1 2 0 0\n1e-e\n");
        let partial = KeptSolution::Known(one_of("1 3 0 0\n1e-e-e\n"));
        assert_eq!(
            partial.after_learning(Some(learned.clone())),
            KeptSolution::Known(learned.clone())
        );
        assert_eq!(partial.after_learning(None), partial);
        assert_eq!(
            KeptSolution::Unknown.after_learning(Some(learned.clone())),
            KeptSolution::Known(learned.clone())
        );
        // A complete answer, or one still being worked out, is kept.
        let g = Mosaic::parse("1 1 0 0\n2e\n").unwrap();
        let complete = KeptSolution::Known(Arc::new(wrap(Known::<Mosaic>::Unsolvable)));
        assert_eq!(complete.after_learning(Some(learned.clone())), complete);
        assert_eq!(
            KeptSolution::Solving.after_learning(Some(learned)),
            KeptSolution::Solving
        );
        assert_eq!(
            work_out(
                &crate::games::any::IntoAny::into_any(g),
                &Budget::unlimited()
            ),
            Ok(wrap(Known::<Mosaic>::Unsolvable))
        );
    }
}
