//! The three searches — first solution, count, list — each as "probe, split into regions,
//! branch on each region".

use num_bigint::BigUint;

use crate::count_bound::Chain;
use crate::game::Count;

use super::search::Search;
use super::{BULB, CACHE_MAX_CELLS, EMPTY, NONE, UNKNOWN, cap, combine};

impl Search<'_> {
    /// The branching cases for a region: the undecided cells of its smallest "at least one bulb
    /// among these" constraint — a numbered wall still short of bulbs (preferred on ties: that
    /// is where contradictions hide) or an unlit cell's candidates. Case k is "cells 0..k are
    /// empty and cell k is a bulb", so the cases split the solutions into disjoint sets.
    pub(super) fn branch_cases(&mut self, cells: &[u32]) -> Vec<u32> {
        let m = self.m;
        let epoch = self.next_epoch();
        // (number of cases, 0 for a wall / 1 for a cell, which)
        let mut best = (u32::MAX, 2u8, NONE);
        for &x in cells {
            let i = x as usize;
            if self.val[i] != UNKNOWN {
                continue;
            }
            for &(w, _) in m.cell_walls.get(i) {
                let wi = w as usize;
                if self.wall_stamp[wi] == epoch {
                    continue;
                }
                self.wall_stamp[wi] = epoch;
                if self.wall_bulbs[wi] < m.wall_number[wi] {
                    let n = m
                        .wall_cells
                        .get(wi)
                        .iter()
                        .filter(|&&(y, _)| self.val[y as usize] == UNKNOWN)
                        .count() as u32;
                    best = best.min((n, 0, w));
                }
            }
            for seg in self.segs(x) {
                if self.seg_stamp[seg] == epoch {
                    continue;
                }
                self.seg_stamp[seg] = epoch;
                for &q in m.seg_cells.get(seg) {
                    if !self.lit(q) {
                        best = best.min((self.candidates(q), 1, q));
                    }
                }
            }
        }
        let mut cases: Vec<u32> = match best {
            (_, 0, w) => m
                .wall_cells
                .get(w as usize)
                .iter()
                .map(|&(y, _)| y)
                .filter(|&y| self.val[y as usize] == UNKNOWN)
                .collect(),
            (_, 1, q) => self
                .segs(q)
                .iter()
                .flat_map(|&s| m.seg_cells.get(s))
                .copied()
                .filter(|&y| self.val[y as usize] == UNKNOWN)
                .collect(),
            _ => Vec::new(),
        };
        cases.sort_unstable();
        cases.dedup();
        cases
    }

    /// Probes, then solves each independent region in turn, leaving the solution assigned.
    /// On false the caller undoes what was assigned.
    pub(super) fn find_region(&mut self, cells: &[u32]) -> bool {
        if !self.probe(cells) {
            return false;
        }
        let regions = self.regions(cells);
        regions.iter().all(|r| self.find_branch(r))
    }

    /// Finds one solution of a connected region by branching; nothing stays assigned on failure.
    pub(super) fn find_branch(&mut self, cells: &[u32]) -> bool {
        let cases = self.branch_cases(cells);
        let base = self.trail.len();
        for &c in &cases {
            let mark = self.trail.len();
            if self.assume(c, BULB) && self.find_region(cells) {
                return true;
            }
            self.undo_to(mark);
            if !self.assume(c, EMPTY) {
                break;
            }
        }
        self.undo_to(base);
        false
    }

    /// The number of solutions of the undecided cells among `cells`, capped at `limit`:
    /// probe, split into independent regions, multiply. Nothing stays assigned. `chain`, when
    /// given, places this count in the lower bound the search raises as it goes
    /// (`Search::counted`): only the last region is on it, the others being known not empty
    /// when it is counted.
    pub(super) fn count_region(
        &mut self,
        cells: &[u32],
        limit: Option<&Count>,
        chain: Option<&Chain>,
    ) -> Count {
        let base = self.trail.len();
        let mut product = BigUint::ZERO;
        if self.probe(cells) {
            product = BigUint::from(1u32);
            let regions = self.regions(cells);
            let last = regions.len().saturating_sub(1);
            for (i, region) in regions.iter().enumerate() {
                let inner = chain.filter(|_| i == last).map(|c| c.times(&product));
                let n = self.count_branch(region, limit, inner.as_ref());
                if n == BigUint::ZERO {
                    product = n;
                    break;
                }
                product *= n;
            }
        }
        self.undo_to(base);
        let product = cap(product, limit);
        self.raise(chain, &product);
        product
    }

    /// The number of solutions of a connected region by branching, capped at `limit`; exact
    /// counts of small regions are cached. `chain` as for `count_region`: the cases counted so
    /// far are a lower bound.
    pub(super) fn count_branch(
        &mut self,
        cells: &[u32],
        limit: Option<&Count>,
        chain: Option<&Chain>,
    ) -> Count {
        let key = (cells.len() <= CACHE_MAX_CELLS).then(|| self.region_key(cells));
        if let Some(n) = key.as_ref().and_then(|k| self.cache.get(k)) {
            let n = cap(n.clone(), limit);
            self.raise(chain, &n);
            return n;
        }
        let cases = self.branch_cases(cells);
        let base = self.trail.len();
        let mut total = BigUint::ZERO;
        for &c in &cases {
            let mark = self.trail.len();
            if self.assume(c, BULB) {
                let inner = chain.map(|ch| ch.after(&total));
                total += self.count_region(cells, limit, inner.as_ref());
                self.raise(chain, &total);
            }
            self.undo_to(mark);
            if limit.is_some_and(|l| total >= *l) || !self.assume(c, EMPTY) {
                break;
            }
        }
        self.undo_to(base);
        let total = cap(total, limit);
        if let Some(key) = key
            && limit.is_none_or(|l| total < *l)
        {
            self.remember(key, &total);
        }
        total
    }

    /// Raises the lower bound of the count, if one is kept, for a node of `chain` that has
    /// counted `partial`.
    fn raise(&self, chain: Option<&Chain>, partial: &Count) {
        if let (Some(chain), Some(counted)) = (chain, &self.counted) {
            chain.raise(counted, partial);
        }
    }

    /// Up to `limit` solutions of the undecided cells among `cells`, each as the bulbs it adds:
    /// probe, split into independent regions, combine. Nothing stays assigned.
    pub(super) fn list_region(&mut self, cells: &[u32], limit: usize) -> Vec<Vec<u32>> {
        let base = self.trail.len();
        let mut found = Vec::new();
        if self.probe(cells) {
            found.push(self.bulbs_since(base));
            for region in self.regions(cells) {
                let listed = self.list_branch(&region, limit);
                found = combine(&found, &listed, limit);
                if found.is_empty() {
                    break;
                }
            }
        }
        self.undo_to(base);
        found
    }

    /// Up to `limit` solutions of a connected region by branching.
    pub(super) fn list_branch(&mut self, cells: &[u32], limit: usize) -> Vec<Vec<u32>> {
        let cases = self.branch_cases(cells);
        let base = self.trail.len();
        let mut found = Vec::new();
        for &c in &cases {
            let mark = self.trail.len();
            if self.assume(c, BULB) {
                let head = self.bulbs_since(base);
                let tails = self.list_region(cells, limit - found.len());
                found.extend(combine(&[head], &tails, limit - found.len()));
            }
            self.undo_to(mark);
            if found.len() >= limit || !self.assume(c, EMPTY) {
                break;
            }
        }
        self.undo_to(base);
        found
    }
}
