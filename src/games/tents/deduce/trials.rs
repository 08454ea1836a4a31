//! Trials for the proof checker's derived rules ([`crate::proof::derived`]): the engine closed
//! once under the easy and tricky rules, then each value tried on it and taken back.

use crate::deduce::Tier;
use crate::grid::Pos;
use crate::proof::derived::Trials;

use super::Square;
use super::board::{Board, EMPTY, GRASS, Layout, TENT, piece};
use super::engine::Engine;
use super::step::Contradiction;

/// A position closed under the easy and tricky rules, ready to try values on.
pub(super) struct Closed<'a> {
    layout: &'a Layout,
    engine: Engine<'a>,
    /// The contradiction the closure itself reached: every value then fails.
    failed: Option<Contradiction>,
}

impl<'a> Closed<'a> {
    /// The closure of `b`.
    pub(super) fn of(b: &Board<'a>) -> Self {
        let mut engine = Engine::new(b.clone());
        let failed = engine.closure(Tier::Tricky).err();
        Closed {
            layout: b.layout,
            engine,
            failed,
        }
    }
}

impl Trials<Square> for Closed<'_> {
    fn refute(&mut self, pos: Pos, value: Square) -> Option<String> {
        if let Some(c) = &self.failed {
            return Some(c.text.clone());
        }
        let c = self.layout.topology.index(pos) as u32;
        let v = if value == Square::Tent { TENT } else { GRASS };
        match self.engine.b.at(c) {
            EMPTY => self.engine.trial(c, v).map(|k| k.text),
            now if now == v => None,
            // The closure alone decided it the other way.
            now => Some(format!(
                "{} on {pos}, which they reach before any trial",
                <super::Tents as crate::game::Game>::piece_name(piece(now))
            )),
        }
    }
}
