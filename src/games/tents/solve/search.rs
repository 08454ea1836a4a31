//! Search: branching on cells, with independent regions counted (or solved) separately.
//!
//! After propagation every live constraint links only unknown cells: a line with unknown cells
//! links all of them, a tent-less tree its unknown neighbours, two touching unknown cells each
//! other, and under the matching rule a tree links every non-empty neighbour (tents included, so
//! chains of trees and tents stay together). Cells in different classes of that relation share
//! no constraint, so their completions combine freely and the counts multiply.

use num_bigint::BigUint;

use super::engine::Engine;
use super::model::{Model, NONE};
use super::state::{EMPTY, State, TENT, UNKNOWN};

/// Union-find over cells, lazily reset by a stamp.
struct Regions {
    parent: Vec<u32>,
    seen: Vec<u32>,
    line_first: Vec<u32>,
    line_seen: Vec<u32>,
    group_of_root: Vec<u32>,
    group_seen: Vec<u32>,
    stamp: u32,
}

impl Regions {
    fn new(m: &Model) -> Self {
        Regions {
            parent: vec![0; m.cell_count()],
            seen: vec![0; m.cell_count()],
            line_first: vec![0; m.line_count()],
            line_seen: vec![0; m.line_count()],
            group_of_root: vec![0; m.cell_count()],
            group_seen: vec![0; m.cell_count()],
            stamp: 0,
        }
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.line_seen.fill(0);
            self.group_seen.fill(0);
            self.stamp = 1;
        }
    }

    fn find(&mut self, c: u32) -> u32 {
        if self.seen[c as usize] != self.stamp {
            self.seen[c as usize] = self.stamp;
            self.parent[c as usize] = c;
            return c;
        }
        let mut root = c;
        while self.parent[root as usize] != root {
            root = self.parent[root as usize];
        }
        let mut cur = c;
        while self.parent[cur as usize] != root {
            let next = self.parent[cur as usize];
            self.parent[cur as usize] = root;
            cur = next;
        }
        root
    }

    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra as usize] = rb;
        }
    }
}

/// Depth-first search over propagated states.
pub(super) struct Searcher<'m> {
    engine: Engine<'m>,
    regions: Regions,
}

impl<'m> Searcher<'m> {
    /// A searcher for one model.
    pub(super) fn new(m: &'m Model) -> Self {
        Searcher {
            engine: Engine::new(m),
            regions: Regions::new(m),
        }
    }

    /// The fully propagated initial state, or `None` if propagation alone finds a contradiction.
    pub(super) fn root(&mut self) -> Option<State> {
        let mut s = State::new(self.engine.m);
        self.engine.schedule_all();
        self.engine.propagate(&mut s).ok()?;
        Some(s)
    }

    /// Counts the completions of a propagated state, capped at `limit`.
    pub(super) fn count(&mut self, s: &State, limit: Option<&BigUint>) -> BigUint {
        let scope: Vec<u32> = self.unknowns(s, &self.engine.m.candidates);
        self.count_scope(s, scope, limit)
    }

    /// A completion of a propagated state, if one exists.
    pub(super) fn solve(&mut self, s: &State) -> Option<State> {
        let scope: Vec<u32> = self.unknowns(s, &self.engine.m.candidates);
        self.solve_scope(s.clone(), scope)
    }

    fn unknowns(&self, s: &State, cells: &[u32]) -> Vec<u32> {
        cells.iter().copied().filter(|&c| s.is_unknown(c)).collect()
    }

    fn count_scope(&mut self, s: &State, scope: Vec<u32>, limit: Option<&BigUint>) -> BigUint {
        if scope.is_empty() {
            return BigUint::from(1u32);
        }
        let mut regions = self.split(s, &scope);
        if regions.len() == 1 {
            return self.branch_count(s, &scope, limit);
        }
        regions.sort_by_key(Vec::len);
        let one = BigUint::from(1u32);
        let mut total = one.clone();
        for region in &regions {
            // Once the cap is reached, later regions only need to be non-empty.
            let reached = limit.is_some_and(|l| &total >= l);
            let region_limit = if reached { Some(&one) } else { limit };
            let k = self.branch_count(s, region, region_limit);
            if k == BigUint::ZERO {
                return BigUint::ZERO;
            }
            total *= k;
        }
        match limit {
            Some(l) if &total > l => l.clone(),
            _ => total,
        }
    }

    fn branch_count(&mut self, s: &State, scope: &[u32], limit: Option<&BigUint>) -> BigUint {
        let c = self.choose(s, scope);
        let mut total = BigUint::ZERO;
        for v in [TENT, EMPTY] {
            let mut child = s.clone();
            if !self.decide(&mut child, c, v) {
                continue;
            }
            let rest = limit.map(|l| l - &total);
            let sub_scope = self.unknowns(&child, scope);
            total += self.count_scope(&child, sub_scope, rest.as_ref());
            if limit.is_some_and(|l| &total >= l) {
                break;
            }
        }
        total
    }

    fn solve_scope(&mut self, s: State, scope: Vec<u32>) -> Option<State> {
        if scope.is_empty() {
            return Some(s);
        }
        let mut regions = self.split(&s, &scope);
        regions.sort_by_key(Vec::len);
        let mut s = s;
        for region in &regions {
            s = self.branch_solve(&s, region)?;
        }
        Some(s)
    }

    fn branch_solve(&mut self, s: &State, scope: &[u32]) -> Option<State> {
        let c = self.choose(s, scope);
        for v in [TENT, EMPTY] {
            let mut child = s.clone();
            if !self.decide(&mut child, c, v) {
                continue;
            }
            let sub_scope = self.unknowns(&child, scope);
            if let Some(done) = self.solve_scope(child, sub_scope) {
                return Some(done);
            }
        }
        None
    }

    /// Sets a cell and propagates; false on a contradiction.
    fn decide(&mut self, s: &mut State, c: u32, v: u8) -> bool {
        let ok = self.engine.assign(s, c, v).is_ok() && self.engine.propagate(s).is_ok();
        if !ok {
            self.engine.abort();
        }
        ok
    }

    /// The cell to branch on: one of the unknown neighbours of the tent-less tree with the
    /// fewest of them, else the first unknown cell.
    fn choose(&self, s: &State, scope: &[u32]) -> u32 {
        let m = self.engine.m;
        let mut best = (u8::MAX, scope[0]);
        for &c in scope {
            for &t in m.cell_trees.get(c as usize) {
                let t = t as usize;
                if s.tree_tents[t] == 0 && s.tree_unknown[t] < best.0 {
                    best = (s.tree_unknown[t], c);
                }
            }
        }
        best.1
    }

    /// Splits unknown cells into classes that share no constraint.
    fn split(&mut self, s: &State, scope: &[u32]) -> Vec<Vec<u32>> {
        let m = self.engine.m;
        let r = &mut self.regions;
        r.next_stamp();
        for &c in scope {
            for l in [m.row_line(c), m.col_line(c)] {
                if r.line_seen[l] == r.stamp {
                    let first = r.line_first[l];
                    r.union(c, first);
                } else {
                    r.line_seen[l] = r.stamp;
                    r.line_first[l] = c;
                    r.find(c);
                }
            }
            for &x in m.touch.get(c as usize) {
                if s.cell[x as usize] == UNKNOWN {
                    r.union(c, x);
                }
            }
            if !m.matching {
                for &t in m.cell_trees.get(c as usize) {
                    if s.tree_tents[t as usize] == 0 {
                        for &y in m.tree_cells.get(t as usize) {
                            if s.cell[y as usize] == UNKNOWN {
                                r.union(c, y);
                            }
                        }
                    }
                }
            }
        }
        if m.matching {
            for t in 0..m.tree_count() {
                let mut first = NONE;
                for &y in m.tree_cells.get(t) {
                    if s.cell[y as usize] != EMPTY {
                        if first == NONE {
                            first = y;
                        } else {
                            r.union(first, y);
                        }
                    }
                }
            }
        }
        let mut groups: Vec<Vec<u32>> = Vec::new();
        for &c in scope {
            let root = r.find(c) as usize;
            if r.group_seen[root] != r.stamp {
                r.group_seen[root] = r.stamp;
                r.group_of_root[root] = groups.len() as u32;
                groups.push(Vec::new());
            }
            groups[r.group_of_root[root] as usize].push(c);
        }
        groups
    }
}
