//! The derived rules as a checker sees them (after LEGUP's note that a derived rule is a case
//! split proved once): case analysis forces a square when one value leads a game's easy and
//! tricky rules to a contradiction, and "no value fits" holds at a square where both do.
//!
//! The depth is bounded: a trial runs the game's easy and tricky rules to their fixpoint, never
//! case analysis inside case analysis, so a step is judged in the time of two propagations per
//! square it names. Sound as the rules it runs are: a refuted value is in no solution.

use crate::deduce::Rule;
use crate::game::Target;
use crate::grid::Pos;

use super::{Forced, Found, ProofRules};

/// A game's trials: its easy and tricky rules run from the position with one more square set.
pub trait Trials<P> {
    /// The contradiction the easy and tricky rules reach once `pos` holds `piece`, in one
    /// clause ("the tents at (0,0) and (1,1) touch"); `None` when they reach none.
    fn refute(&mut self, pos: Pos, piece: P) -> Option<String>;
}

/// Case analysis applied at `squares` (the open ones): each square one of whose values the
/// trials refute, forced to the other value. A square both of whose values are refuted is
/// forced both ways (the position has no solution; the judge says so when the rule is applied
/// everywhere).
pub fn case_analysis<G: ProofRules>(
    g: &G,
    rule: &Rule,
    squares: impl IntoIterator<Item = Pos>,
    trials: &mut impl Trials<G::Piece>,
) -> Vec<Forced<G::Piece>> {
    let mut out = Vec::new();
    for pos in squares {
        if !g.is_open(pos) {
            continue;
        }
        for (tried, value) in [(G::PRIMARY, G::SECONDARY), (G::SECONDARY, G::PRIMARY)] {
            if let Some(conflict) = trials.refute(pos, tried) {
                out.push(Forced {
                    pos,
                    piece: value,
                    reason: format!(
                        "{}: if {pos} held {}, the easy and tricky rules would end with {conflict}",
                        rule.name,
                        G::piece_name(tried)
                    ),
                });
            }
        }
    }
    out
}

/// "No value fits" at `squares` (the open ones): each square both of whose values the trials
/// refute.
pub fn no_value_fits<G: ProofRules>(
    g: &G,
    squares: impl IntoIterator<Item = Pos>,
    trials: &mut impl Trials<G::Piece>,
) -> Vec<Found> {
    let mut out = Vec::new();
    for pos in squares {
        if !g.is_open(pos) {
            continue;
        }
        let Some(first) = trials.refute(pos, G::PRIMARY) else {
            continue;
        };
        let Some(second) = trials.refute(pos, G::SECONDARY) else {
            continue;
        };
        out.push(Found {
            at: vec![Target::Square(pos)],
            text: format!(
                "{} on {pos} leads to {first}; {} to {second}",
                G::piece_name(G::PRIMARY),
                G::piece_name(G::SECONDARY)
            ),
        });
    }
    out
}

/// The squares a derived rule looks at for `at`: every square of the grid when `None`.
pub fn squares_of<G: ProofRules>(g: &G, at: Option<&[Pos]>) -> Vec<Pos> {
    match at {
        Some(at) => at.to_vec(),
        None => g.topology().positions().collect(),
    }
}
