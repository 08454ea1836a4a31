//! Mosaic's side of the shared case analysis ([`crate::deduce::case`]): try a colour on a
//! square, propagate the easy and tricky rules, take it back; and the engine's closure under
//! case analysis, which runs on it.

use super::engine::{BLACK, Engine, UNKNOWN, WHITE};
use super::logic::Conflict;
use crate::deduce::Tier;
use crate::deduce::case::{self, Propagator, Run};

/// An engine seen by case analysis: the squares it may try, in order, and a known solution
/// whose colours need no trying.
pub struct Cases<'a, 'm> {
    /// The engine holding the position.
    pub e: &'a mut Engine<'m>,
    cells: Vec<u32>,
    solution: Option<&'a [u8]>,
}

impl<'a, 'm> Cases<'a, 'm> {
    /// Case analysis over `cells` (square indices, in the order tried); `solution`, when given,
    /// is a full colouring extending the engine's position.
    pub fn new(e: &'a mut Engine<'m>, cells: Vec<u32>, solution: Option<&'a [u8]>) -> Self {
        Cases { e, cells, solution }
    }

    /// Case analysis over every square, row-major.
    pub fn everywhere(e: &'a mut Engine<'m>, solution: Option<&'a [u8]>) -> Self {
        let cells = (0..e.model().cells() as u32).collect();
        Cases::new(e, cells, solution)
    }

    /// The square a slot stands for.
    pub fn cell(&self, slot: usize) -> u32 {
        self.cells[slot]
    }
}

impl Engine<'_> {
    /// Case analysis to a fixpoint over `cells` (undecided covered ones), by the shared driver:
    /// a colour that leads to a contradiction gives the other colour, which is then propagated.
    pub fn probe_closure(&mut self, cells: &[u32]) -> Result<(), Conflict> {
        let mut cases = Cases::new(self, cells.to_vec(), None);
        match case::run(&mut cases, Tier::Hard, false) {
            Run::Contradiction(c) => Err(c),
            Run::Solved(_) | Run::Stuck => Ok(()),
        }
    }

    /// Closes the state under every rule up to `tier`.
    pub fn close(&mut self, tier: Tier) -> Result<(), Conflict> {
        self.propagate(tier >= Tier::Tricky)?;
        if tier == Tier::Hard {
            let cells = self.open_cells();
            self.probe_closure(&cells)?;
        }
        Ok(())
    }
}

impl Propagator for Cases<'_, '_> {
    type Conflict = Conflict;

    fn slots(&self) -> usize {
        self.cells.len()
    }

    fn is_open(&self, slot: usize) -> bool {
        let cell = self.cells[slot];
        self.e.value(cell) == UNKNOWN && self.e.covered(cell)
    }

    fn values(&self, _slot: usize) -> [u8; 2] {
        [BLACK, WHITE]
    }

    fn known_consistent(&self, slot: usize, v: u8) -> bool {
        let cell = self.cells[slot];
        self.e.is_safe(cell, v) || self.solution.is_some_and(|s| s[cell as usize] == v)
    }

    fn forget_trials(&mut self) {
        self.e.forget_safe();
    }

    fn refute(&mut self, slot: usize, v: u8, _pass: usize) -> Option<Conflict> {
        self.e.probe(self.cells[slot], v).err()
    }

    /// Mosaic grades tier by tier (see `grade`), so the tier reported is the one allowed.
    fn close(&mut self, max: Tier) -> Result<Tier, Conflict> {
        self.e.propagate(max >= Tier::Tricky)?;
        Ok(max)
    }

    fn decide(&mut self, slot: usize, v: u8, _refuted: u8) -> Result<(), Conflict> {
        self.e.decide_by_case(self.cells[slot], v);
        Ok(())
    }

    fn solved(&self) -> bool {
        self.e.solved()
    }
}
