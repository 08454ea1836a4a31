//! Trials for the proof checker's derived rules ([`crate::proof::derived`]): the position closed
//! once under the easy and tricky rules, then each colour tried on it and taken back.

use crate::grid::Pos;
use crate::proof::derived::Trials;

use super::Colour;
use super::engine::{BLACK, Engine, UNKNOWN, WHITE};
use super::explain::conflict;
use super::logic::Conflict;
use super::model::Model;

/// A position closed under the easy and tricky rules, ready to try colours on.
pub(super) struct Closed<'m> {
    e: Engine<'m>,
    /// The contradiction the closure itself reached: every colour then fails.
    failed: Option<Conflict>,
}

impl<'m> Closed<'m> {
    /// The closure of `e` (every clue active, the position's colours assigned).
    pub(super) fn of(mut e: Engine<'m>) -> Self {
        let failed = e.propagate(true).err();
        Closed { e, failed }
    }
}

impl Trials<Colour> for Closed<'_> {
    fn refute(&mut self, pos: Pos, colour: Colour) -> Option<String> {
        let m: &Model = self.e.model();
        if let Some(c) = self.failed {
            return Some(conflict(m, c));
        }
        let cell = m.topology.index(pos) as u32;
        let v = if colour == Colour::Black {
            BLACK
        } else {
            WHITE
        };
        match self.e.value(cell) {
            UNKNOWN => self.e.probe(cell, v).err().map(|k| conflict(m, k)),
            now if now == v => None,
            // The closure alone decided it the other way.
            now => Some(format!(
                "{} on {pos}, which they reach before any trial",
                if now == BLACK { "black" } else { "white" }
            )),
        }
    }
}
