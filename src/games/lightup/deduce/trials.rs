//! Trials for the proof checker's derived rules ([`crate::proof::derived`]): the position closed
//! once under the easy and tricky rules, then each value tried on it and taken back.

use crate::deduce::Tier;
use crate::grid::Pos;
use crate::proof::derived::Trials;

use super::Piece;
use super::engine::{self, Probing};
use super::explain::conflict_clause;
use super::layout::Layout;
use super::state::{BULB, Conflict, NOBULB, State, UNKNOWN};

/// A position closed under the easy and tricky rules, ready to try values on.
pub(super) struct Closed<'a> {
    s: State<'a>,
    /// The contradiction the closure itself reached: every value then fails.
    failed: Option<Conflict>,
}

impl<'a> Closed<'a> {
    /// The closure of the position whose engine values are `values`.
    pub(super) fn of(lay: &'a Layout, values: &[u8]) -> Self {
        let mut s = State::with_values(lay, values);
        // No square probed: the run stops at the tricky tier's fixpoint.
        let probing = Probing {
            cells: Some(&[]),
            with_tricky: true,
        };
        let failed = engine::close(&mut s, Tier::Tricky, probing).err();
        Closed { s, failed }
    }
}

impl Trials<Piece> for Closed<'_> {
    fn refute(&mut self, pos: Pos, value: Piece) -> Option<String> {
        if let Some(c) = self.failed {
            return Some(conflict_clause(&self.s, c));
        }
        let c = self.s.lay.cell_of(pos)?;
        let v = if value == Piece::Bulb { BULB } else { NOBULB };
        match self.s.val[c as usize] {
            UNKNOWN => engine::probe(&mut self.s, c, v, true).map(|k| conflict_clause(&self.s, k)),
            now if now == v => None,
            // The closure alone decided it the other way.
            now => Some(format!(
                "{} on {pos}, which they reach before any trial",
                if now == BULB { "a bulb" } else { "no bulb" }
            )),
        }
    }
}
