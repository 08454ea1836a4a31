//! Propagation: assigning cells, deducing until nothing more follows (or a contradiction), and
//! undoing back to an earlier point of the trail.

use super::flow_graph::Flow;
use super::line_scratch::LineScratch;
use super::model::Model;
use super::state::{NO_TENT, State, TENT, UNKNOWN};

/// The current partial assignment cannot be completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Conflict;

/// The state plus the propagation machinery: work queues and scratch space.
pub(super) struct Engine<'m> {
    pub m: &'m Model,
    pub s: State,
    tent_queue: Vec<u32>,
    tree_queue: Vec<u32>,
    tree_queued: Vec<bool>,
    line_queue: Vec<u32>,
    line_queued: Vec<bool>,
    flows_dirty: bool,
    pub(super) line: LineScratch,
    /// Matching rule only: the row flow and the column flow.
    pub(super) flows: Vec<Flow>,
    /// Cells a flow decided, waiting to be assigned.
    pub(super) deduced: Vec<(u32, u8)>,
    /// Matching rule only: cells assigned or undone since the flows were last repaired.
    pub(super) flow_changed: Vec<u32>,
}

impl<'m> Engine<'m> {
    /// An engine on the initial state of a model, every check scheduled.
    pub(super) fn new(m: &'m Model) -> Self {
        let mut e = Engine {
            m,
            s: State::new(m),
            tent_queue: Vec::new(),
            tree_queue: Vec::new(),
            tree_queued: vec![false; m.tree_count()],
            line_queue: Vec::new(),
            line_queued: vec![false; m.line_count()],
            flows_dirty: true,
            line: LineScratch::new(m),
            flows: if m.matching {
                vec![Flow::new(m, false), Flow::new(m, true)]
            } else {
                Vec::new()
            },
            deduced: Vec::new(),
            flow_changed: Vec::new(),
        };
        for l in 0..m.line_count() {
            e.queue_line(l);
        }
        for t in 0..m.tree_count() {
            e.queue_tree(t as u32);
        }
        e
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

    /// The current trail length, to undo back to.
    #[inline]
    pub(super) fn mark(&self) -> usize {
        self.s.trail.len()
    }

    /// Decides one cell; the consequences wait in the queues until the next propagation.
    pub(super) fn assign(&mut self, c: u32, v: u8) -> Result<(), Conflict> {
        let cur = self.s.cell[c as usize];
        if cur == v {
            return Ok(());
        }
        if cur != UNKNOWN {
            return Err(Conflict);
        }
        let m = self.m;
        let tent = v == TENT;
        for l in [m.row_line(c), m.col_line(c)] {
            let drop = self.s.cap_drop(m, l, c);
            self.s.line_cap[l] -= drop;
            self.s.line_unknown[l] -= 1;
            if tent {
                self.s.line_tents[l] += 1;
            }
            self.queue_line(l);
        }
        self.s.cell[c as usize] = v;
        self.s.trail.push(c);
        for &t in m.cell_trees.get(c as usize) {
            self.s.tree_unknown[t as usize] -= 1;
            if tent {
                self.s.tree_tents[t as usize] += 1;
            } else {
                self.queue_tree(t);
            }
        }
        if tent {
            self.tent_queue.push(c);
        }
        if m.matching {
            self.flow_changed.push(c);
        }
        self.flows_dirty = true;
        Ok(())
    }

    /// Undoes every decision after `mark`, newest first.
    pub(super) fn undo_to(&mut self, mark: usize) {
        let m = self.m;
        while self.s.trail.len() > mark {
            let c = self.s.trail.pop().expect("trail longer than mark");
            let tent = self.s.cell[c as usize] == TENT;
            for l in [m.row_line(c), m.col_line(c)] {
                let drop = self.s.cap_drop(m, l, c);
                self.s.line_cap[l] += drop;
                self.s.line_unknown[l] += 1;
                if tent {
                    self.s.line_tents[l] -= 1;
                }
            }
            for &t in m.cell_trees.get(c as usize) {
                self.s.tree_unknown[t as usize] += 1;
                if tent {
                    self.s.tree_tents[t as usize] -= 1;
                }
            }
            self.s.cell[c as usize] = UNKNOWN;
            if m.matching {
                self.flow_changed.push(c);
            }
        }
        self.flows_dirty = true;
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
    }

    /// Runs the cheap, local deductions to a fixpoint. On a conflict the queues are emptied.
    pub(super) fn propagate_local(&mut self) -> Result<(), Conflict> {
        let result = self.run_local();
        if result.is_err() {
            self.abort();
        }
        result
    }

    /// Runs every deduction, flows included, to a fixpoint.
    pub(super) fn propagate(&mut self) -> Result<(), Conflict> {
        loop {
            self.propagate_local()?;
            if !self.flows_dirty {
                return Ok(());
            }
            self.flows_dirty = false;
            let before = self.mark();
            if let Err(e) = self.propagate_flows() {
                self.abort();
                return Err(e);
            }
            if self.mark() == before {
                return Ok(());
            }
        }
    }

    /// The deductions of a probe: the local ones to a fixpoint, then whether the flows can
    /// still give every tree a tent (without the flows' filtering, which costs the whole grid).
    pub(super) fn propagate_probe(&mut self) -> Result<(), Conflict> {
        self.propagate_local()?;
        if self.flows.is_empty() {
            return Ok(());
        }
        self.repair_flows()
    }

    fn run_local(&mut self) -> Result<(), Conflict> {
        let m = self.m;
        loop {
            if let Some(c) = self.tent_queue.pop() {
                for &x in m.touch.get(c as usize) {
                    self.assign(x, NO_TENT)?;
                }
                continue;
            }
            if let Some(t) = self.tree_queue.pop() {
                self.tree_queued[t as usize] = false;
                self.check_tree(t as usize)?;
                continue;
            }
            if let Some(l) = self.line_queue.pop() {
                self.line_queued[l as usize] = false;
                self.check_line(l as usize)?;
                continue;
            }
            return Ok(());
        }
    }

    /// A tree with no tent yet needs one among its unknown neighbours: none is a contradiction,
    /// one is forced, and of two at least one is a tent, so squares touching both hold none.
    fn check_tree(&mut self, t: usize) -> Result<(), Conflict> {
        if self.s.tree_tents[t] > 0 {
            return Ok(());
        }
        let m = self.m;
        let cells = m.tree_cells.get(t);
        match self.s.tree_unknown[t] {
            0 => Err(Conflict),
            1 => {
                let c = cells.iter().copied().find(|&c| self.s.is_unknown(c));
                self.assign(c.ok_or(Conflict)?, TENT)
            }
            2 => {
                let mut it = cells.iter().copied().filter(|&c| self.s.is_unknown(c));
                let (Some(a), Some(b)) = (it.next(), it.next()) else {
                    return Err(Conflict);
                };
                let touch_b = m.touch.get(b as usize);
                for &x in m.touch.get(a as usize) {
                    if x != b && touch_b.contains(&x) {
                        self.assign(x, NO_TENT)?;
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}
