//! Light Up hints and grading: a named rule catalogue (see [`catalogue`]) run by one engine.
//!
//! The engine sees each non-wall square as undecided (blank and unlit), a bulb, or no bulb (a
//! mark, or lit by a bulb: lit squares count as decided, so hints never mark them). Easy rules
//! look at one wall or one square; tricky rules look one bulb ahead ("set discounting") or at
//! the placements of one wall's bulbs; the hard tier tries a value on a square and refutes it
//! with the lower tiers. Every rule is a logical consequence of the position: none assumes the
//! puzzle has a single solution.

pub mod catalogue;
mod easy;
mod engine;
mod explain;
mod finding;
mod layout;
pub mod proof;
mod state;
mod trials;
mod tricky;

use crate::deduce::{Deduce, Hint, HintOutcome, Rule, Tier};
use crate::game::Game;
use crate::grid::Pos;

use super::{LightUp, Piece, Square};
use layout::Layout;
use state::{BULB, NOBULB, State, UNKNOWN};

/// What solving a puzzle with the rules up to some tier gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The hardest tier used, if the rules solved the puzzle.
    pub tier: Option<Tier>,
    /// For each numbered wall in row-major order, whether a deduction read its number.
    pub used: Vec<bool>,
    /// The squares still undecided where the rules stopped (all of them if the puzzle has no
    /// solution).
    pub undecided: Vec<Pos>,
    /// The squares case analysis decided, in order.
    pub cased: Vec<Pos>,
}

/// Solves the puzzle (its clues only) with the rules up to tier `max`, recording which numbered
/// walls the deductions used. A puzzle the rules solve has exactly one solution.
pub fn solve_up_to(game: &LightUp, max: Tier) -> Solved {
    Prepared::new(game).solve(max, None, true)
}

/// A puzzle's solution as the rules reached it, per cell of its prepared structure (for
/// [`Prepared::fails_near`]).
#[derive(Clone, Debug)]
pub struct Reached(Vec<u8>);

/// A puzzle's structure prepared once for many solves while numbers are taken away (the
/// generator's loop).
#[derive(Clone, Debug)]
pub struct Prepared {
    lay: Layout,
}

impl Prepared {
    /// The puzzle's structure (pieces on it are ignored).
    pub fn new(game: &LightUp) -> Self {
        Prepared {
            lay: Layout::new(game),
        }
    }

    /// The numbered walls, row-major: the order of [`Solved::used`].
    pub fn numbered(&self) -> Vec<Pos> {
        self.lay.walls.iter().map(|w| w.pos).collect()
    }

    /// The same puzzle with the wall at `p` unnumbered (unchanged if it has no number).
    pub fn without_number(&self, p: Pos) -> Prepared {
        match self.lay.walls.binary_search_by_key(&p, |w| w.pos) {
            Ok(w) => Prepared {
                lay: self.lay.without_wall(w as u32),
            },
            Err(_) => self.clone(),
        }
    }

    /// Solves with the rules up to tier `max`. Case analysis only tries the squares in `probes`
    /// (every square when `None`; walls are skipped) and propagates tried values with the
    /// tricky rules only if `with_tricky`: with fewer probes it is a quicker, weaker hard tier
    /// (whatever it solves, the full rules solve too).
    pub fn solve(&self, max: Tier, probes: Option<&[Pos]>, with_tricky: bool) -> Solved {
        let lay = &self.lay;
        let probes: Option<Vec<u32>> =
            probes.map(|ps| ps.iter().filter_map(|&p| lay.cell_of(p)).collect());
        let mut s = State::new(lay);
        s.record_used = true;
        let probing = engine::Probing {
            cells: probes.as_deref(),
            with_tricky,
        };
        let result = engine::close(&mut s, max, probing);
        let undecided = match result {
            Err(_) => lay.pos_of.clone(),
            Ok(_) => (0..lay.cells())
                .filter(|&c| s.val[c] == UNKNOWN)
                .map(|c| lay.pos_of[c])
                .collect(),
        };
        Solved {
            tier: result.ok().flatten(),
            used: s.used,
            undecided,
            cased: s.cased.iter().map(|&c| lay.pos_of[c as usize]).collect(),
        }
    }

    /// The values the rules up to `max` reach, when they solve the puzzle.
    pub fn reached(&self, max: Tier) -> Option<Reached> {
        let mut s = State::new(&self.lay);
        let probing = engine::Probing {
            cells: None,
            with_tricky: true,
        };
        match engine::close(&mut s, max, probing) {
            Ok(Some(_)) => Some(Reached(s.val)),
            _ => None,
        }
    }

    /// Whether the rules up to `max` (easy or tricky) leave a square of `open` undecided when
    /// every other square already holds its value in `reached`, the solution of a puzzle with
    /// the same squares and walls. The rules are monotone (a deduction stays valid, or is
    /// already made, once more squares hold their solution's values), so they then fail on
    /// this puzzle from scratch too: a quick, exact refusal of a number's removal, checked
    /// near the number only.
    pub fn fails_near(&self, reached: &Reached, open: &[Pos], max: Tier) -> bool {
        let lay = &self.lay;
        let open: Vec<u32> = open.iter().filter_map(|&p| lay.cell_of(p)).collect();
        let mut values = reached.0.clone();
        for &c in &open {
            values[c as usize] = UNKNOWN;
        }
        // A square a bulb outside `open` lights stays decided: the engine takes lit squares
        // as decided, and reads them so from a position.
        for &c in &open {
            if reached.0[c as usize] != BULB
                && lay.line_cells(c).any(|b| values[b as usize] == BULB)
            {
                values[c as usize] = NOBULB;
            }
        }
        let mut s = State::with_values(lay, &values);
        let probing = engine::Probing {
            cells: Some(&[]),
            with_tricky: true,
        };
        !matches!(
            engine::close(&mut s, max.min(Tier::Tricky), probing),
            Ok(Some(_))
        )
    }
}

/// The engine's view of a position: bulbs, no-bulb squares (marks and lit squares), undecided.
fn values(game: &LightUp, lay: &Layout) -> Vec<u8> {
    lay.pos_of
        .iter()
        .map(|&p| match game.square(p) {
            Some(Square::Bulb) => BULB,
            Some(Square::Mark) => NOBULB,
            _ if game.is_lit(p) => NOBULB,
            _ => UNKNOWN,
        })
        .collect()
}

/// The next deduction from a position the shared prelude found not won and without error marks.
fn next_deduction(game: &LightUp) -> HintOutcome<Piece> {
    let lay = Layout::new(game);
    let mut s = State::with_values(&lay, &values(game, &lay));
    match engine::next_finding(&mut s) {
        Err(conflict) => HintOutcome::Error(explain::conflict_marks(&s, conflict)),
        Ok(None) => HintOutcome::Stuck,
        Ok(Some(f)) => {
            let (explanation, premises) = explain::explain(&s, &f);
            HintOutcome::Hint(Hint {
                rule: f.rule,
                sets: f
                    .sets
                    .iter()
                    .map(|&(c, v)| {
                        let piece = if v == BULB { Piece::Bulb } else { Piece::Mark };
                        (lay.pos_of[c as usize], piece)
                    })
                    .collect(),
                premises,
                explanation,
            })
        }
    }
}

impl Deduce for LightUp {
    fn rules() -> &'static [Rule] {
        catalogue::RULES
    }

    fn next_deduction(&self, _solution: Option<&LightUp>) -> HintOutcome<Piece> {
        next_deduction(self)
    }

    fn grade(&self) -> Option<Tier> {
        solve_up_to(&self.cleared(), Tier::Hard).tier
    }
}
