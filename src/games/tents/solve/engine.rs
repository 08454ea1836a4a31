//! Propagation: assigning cells and deducing until nothing more follows (or a contradiction).

use super::line::LineScratch;
use super::matching::MatchScratch;
use super::model::Model;
use super::state::{EMPTY, State, TENT, UNKNOWN};

/// The current partial assignment cannot be completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Conflict;

/// The propagation machinery: work queues and scratch space, reused across search nodes.
pub(super) struct Engine<'m> {
    pub m: &'m Model,
    tent_queue: Vec<u32>,
    tree_queue: Vec<u32>,
    tree_queued: Vec<bool>,
    line_queue: Vec<u32>,
    line_queued: Vec<bool>,
    matching_dirty: bool,
    pub(super) line: LineScratch,
    pub(super) matching: MatchScratch,
}

impl<'m> Engine<'m> {
    /// An engine for one model.
    pub(super) fn new(m: &'m Model) -> Self {
        Engine {
            m,
            tent_queue: Vec::new(),
            tree_queue: Vec::new(),
            tree_queued: vec![false; m.tree_count()],
            line_queue: Vec::new(),
            line_queued: vec![false; m.line_count()],
            matching_dirty: false,
            line: LineScratch::new(m),
            matching: MatchScratch::new(m),
        }
    }

    /// Schedules every check, for the first propagation of a fresh state.
    pub(super) fn schedule_all(&mut self) {
        for l in 0..self.m.line_count() {
            self.queue_line(l);
        }
        for t in 0..self.m.tree_count() {
            self.queue_tree(t as u32);
        }
        self.matching_dirty = true;
    }

    #[inline]
    fn queue_line(&mut self, l: usize) {
        if !self.line_queued[l] {
            self.line_queued[l] = true;
            self.line_queue.push(l as u32);
        }
    }

    #[inline]
    fn queue_tree(&mut self, t: u32) {
        if !self.tree_queued[t as usize] {
            self.tree_queued[t as usize] = true;
            self.tree_queue.push(t);
        }
    }

    /// Decides one cell; the consequences wait in the queues until [`Engine::propagate`].
    pub(super) fn assign(&mut self, s: &mut State, c: u32, v: u8) -> Result<(), Conflict> {
        let cur = s.cell[c as usize];
        if cur == v {
            return Ok(());
        }
        if cur != UNKNOWN {
            return Err(Conflict);
        }
        let m = self.m;
        s.cell[c as usize] = v;
        let tent = v == TENT;
        for l in [m.row_line(c), m.col_line(c)] {
            s.line_unknown[l] -= 1;
            if tent {
                s.line_tents[l] += 1;
            }
            self.queue_line(l);
        }
        for &t in m.cell_trees.get(c as usize) {
            s.tree_unknown[t as usize] -= 1;
            if tent {
                s.tree_tents[t as usize] += 1;
            } else {
                self.queue_tree(t);
            }
        }
        if tent {
            self.tent_queue.push(c);
        }
        self.matching_dirty = true;
        Ok(())
    }

    /// Runs every deduction to a fixpoint. On a conflict the queues are emptied.
    pub(super) fn propagate(&mut self, s: &mut State) -> Result<(), Conflict> {
        let result = self.run(s);
        if result.is_err() {
            self.abort();
        }
        result
    }

    /// Drops all pending work (after a contradiction).
    pub(super) fn abort(&mut self) {
        self.tent_queue.clear();
        for &t in &self.tree_queue {
            self.tree_queued[t as usize] = false;
        }
        self.tree_queue.clear();
        for &l in &self.line_queue {
            self.line_queued[l as usize] = false;
        }
        self.line_queue.clear();
        self.matching_dirty = false;
    }

    fn run(&mut self, s: &mut State) -> Result<(), Conflict> {
        let m = self.m;
        loop {
            if let Some(c) = self.tent_queue.pop() {
                for &x in m.touch.get(c as usize) {
                    self.assign(s, x, EMPTY)?;
                }
                continue;
            }
            if let Some(t) = self.tree_queue.pop() {
                self.tree_queued[t as usize] = false;
                self.check_tree(s, t as usize)?;
                continue;
            }
            if let Some(l) = self.line_queue.pop() {
                self.line_queued[l as usize] = false;
                self.check_line(s, l as usize)?;
                continue;
            }
            if m.matching && self.matching_dirty {
                self.matching_dirty = false;
                self.propagate_matching(s)?;
                continue;
            }
            return Ok(());
        }
    }

    /// A tree with no tent yet needs one among its unknown neighbours: none is a contradiction,
    /// one is forced, and of two at least one is a tent, so squares touching both hold none.
    fn check_tree(&mut self, s: &mut State, t: usize) -> Result<(), Conflict> {
        if s.tree_tents[t] > 0 {
            return Ok(());
        }
        let m = self.m;
        match s.tree_unknown[t] {
            0 => Err(Conflict),
            1 => {
                let c = Self::unknown_cells(s, m.tree_cells.get(t)).next();
                match c {
                    Some(c) => self.assign(s, c, TENT),
                    None => Err(Conflict),
                }
            }
            2 => {
                let mut it = Self::unknown_cells(s, m.tree_cells.get(t));
                let (Some(a), Some(b)) = (it.next(), it.next()) else {
                    return Err(Conflict);
                };
                drop(it);
                let touch_b = m.touch.get(b as usize);
                for &x in m.touch.get(a as usize) {
                    if x != b && touch_b.contains(&x) {
                        self.assign(s, x, EMPTY)?;
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn unknown_cells<'a>(s: &'a State, cells: &'a [u32]) -> impl Iterator<Item = u32> + 'a {
        cells.iter().copied().filter(|&c| s.is_unknown(c))
    }
}
