//! Search: lookahead on every unknown cell, branching on the most informative one, with
//! independent regions counted (or solved) separately.
//!
//! At each node, after propagation, every unknown cell is tried both ways (a "probe"): a value
//! that leads to a contradiction is ruled out, and the cell whose two probes decide the most
//! becomes the branching cell. Cheap probes (local deductions and the flows' feasibility) run
//! first, to a fixpoint; then deep ones (with the flows' filtering), each failure sending the
//! cells near its consequences back to cheap probing.
//!
//! After propagation every live constraint links only unknown cells: a line with unknown cells
//! links all of them, a tent-less tree its unknown neighbours, two touching unknown cells each
//! other, and under the matching rule a tree links every non-empty neighbour (tents included, so
//! chains of trees and tents stay together). Cells in different classes of that relation share
//! no constraint, so their completions combine freely and the counts multiply.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use num_bigint::BigUint;

use super::count_cache::{Chain, CountCache, DEFAULT_MEMORY_BYTES};
use super::count_memory::{Meter, metered, vec_bytes};
use super::engine::{Conflict, Engine};
use super::model::{Model, NONE};
use super::state::{NO_TENT, TENT, UNKNOWN};
use crate::union_find::UnionFind;

/// The classes of unknown cells: a union-find over cells, and per-line and per-class marks,
/// all emptied in O(1) between splits.
struct Regions {
    sets: UnionFind,
    line_first: Vec<u32>,
    line_seen: Vec<u32>,
    group_of_root: Vec<u32>,
    group_seen: Vec<u32>,
    stamp: u32,
}

impl Regions {
    fn new(m: &Model) -> Self {
        Regions {
            sets: UnionFind::new(m.cell_count()),
            line_first: vec![0; m.line_count()],
            line_seen: vec![0; m.line_count()],
            group_of_root: vec![0; m.cell_count()],
            group_seen: vec![0; m.cell_count()],
            stamp: 0,
        }
    }

    fn next_stamp(&mut self) {
        self.sets.clear();
        crate::generation::advance(&mut self.stamp, || {
            self.line_seen.fill(0);
            self.group_seen.fill(0);
        });
    }

    fn find(&mut self, c: u32) -> u32 {
        self.sets.find(c)
    }

    fn union(&mut self, a: u32, b: u32) {
        self.sets.union(a, b);
    }
}

/// Depth-first search over the engine's state.
pub(super) struct Searcher<'m> {
    pub e: Engine<'m>,
    regions: Regions,
    /// Per cell: how much its two probes decided at the last lookahead (higher is better).
    score: Vec<u64>,
    /// Exact counts of residual regions already met (local rule only), by `region_key`.
    cache: CountCache,
    /// What the recursion holds (its lists of unknown squares and regions, keys), against the
    /// memory cap: the cache gets what is left.
    meter: Meter,
    /// Whether the count stops once the recursion alone goes past the cap (see `with_memory`).
    stop_at_cap: bool,
    /// Where `count_all` raises its lower bound of the count as it goes, if anywhere.
    counted: Option<Arc<AtomicU64>>,
    /// The probing worklist.
    work: Work,
    /// Whether a node probes only the cells near its branching decision's consequences.
    near_only: bool,
    /// Nodes after which probing goes back to every cell at each node.
    near_nodes: u64,
    /// Nodes settled so far.
    nodes: u64,
    /// Per literal: how many cells its last probe decided.
    last: Vec<u64>,
    /// Literals both values of the probed cell implied.
    common: Vec<(u32, u8)>,
}

/// How much of the state a node still has to propagate and probe.
#[derive(Clone, Copy, Debug)]
enum Pending {
    /// Nothing: the caller settled it.
    Settled,
    /// Everything: a fresh state.
    Everything,
    /// The cells decided from this trail mark on (one branching decision).
    Since(usize),
}

/// The probing worklist.
struct Work {
    /// Cells to probe cheaply.
    list: Vec<u32>,
    queued: Vec<u32>,
    /// Cells to probe with the flows' filtering, once no cheap probe fails.
    deep: Vec<u32>,
    deep_queued: Vec<u32>,
    in_scope: Vec<u32>,
    stamp: u32,
    /// Per literal (cell * 2 + tent): equal to `epoch` when a successful cheap probe made
    /// since the state last changed implied it. Propagation is monotone, so probing that
    /// literal would succeed too and is skipped.
    covered: Vec<u32>,
    /// The same for deep probes (a deep probe covers cheap ones as well).
    covered_deep: Vec<u32>,
    /// Bumped whenever the state changes.
    epoch: u32,
    /// Per literal: `first_stamp` when the first probe of the current cell implied it.
    first: Vec<u32>,
    first_stamp: u32,
}

/// Under the matching rule, how many nodes probe only near their decision (see `for_model`).
const NEAR_NODES: u64 = 20;

/// Appends `x` to a key as a variable-length number (7 bits a byte, low bits first).
pub(super) fn push_varint(key: &mut Vec<u8>, mut x: u32) {
    while x >= 0x80 {
        key.push((x as u8) | 0x80);
        x >>= 7;
    }
    key.push(x as u8);
}

/// Appends an increasing list to a key: its length, then the gaps between items.
fn push_sorted(key: &mut Vec<u8>, items: &[u32]) {
    push_varint(key, items.len() as u32);
    let mut prev = 0;
    for &x in items {
        debug_assert!(x >= prev, "key lists are increasing");
        push_varint(key, x - prev);
        prev = x;
    }
}

impl<'m> Searcher<'m> {
    /// The searcher `count_solutions` and `first_solution` use: under the matching rule it
    /// probes only near each decision for the first `NEAR_NODES` nodes (most puzzles are settled
    /// in a few), then everywhere at each node.
    pub(super) fn for_model(m: &'m Model) -> Self {
        if m.matching {
            Searcher::near_first(m, NEAR_NODES)
        } else {
            Searcher::new(m)
        }
    }

    /// A searcher that probes only near each decision for its first `nodes` nodes, then
    /// everywhere: cheap while little search is needed, still sound branching when more is.
    pub(super) fn near_first(m: &'m Model, nodes: u64) -> Self {
        let mut s = Searcher::new(m);
        s.near_only = true;
        s.near_nodes = nodes;
        s
    }

    /// A searcher on the initial state of a model.
    pub(super) fn new(m: &'m Model) -> Self {
        Searcher {
            e: Engine::new(m),
            regions: Regions::new(m),
            score: vec![0; m.cell_count()],
            cache: CountCache::new(DEFAULT_MEMORY_BYTES),
            meter: Meter::new(DEFAULT_MEMORY_BYTES),
            stop_at_cap: false,
            counted: None,
            near_only: false,
            near_nodes: 0,
            work: Work {
                list: Vec::new(),
                queued: vec![0; m.cell_count()],
                deep: Vec::new(),
                deep_queued: vec![0; m.cell_count()],
                in_scope: vec![0; m.cell_count()],
                stamp: 0,
                covered: vec![0; 2 * m.cell_count()],
                covered_deep: vec![0; 2 * m.cell_count()],
                epoch: 0,
                first: vec![0; 2 * m.cell_count()],
                first_stamp: 0,
            },
            nodes: 0,
            last: vec![0; 2 * m.cell_count()],
            common: Vec::new(),
        }
    }

    /// This searcher holding at most `bytes` besides the puzzle's own tables (`metered` of it):
    /// its recursion's lists and keys, and its cache of region counts (see `CountCache`), which
    /// gets what the recursion leaves. When the recursion alone needs more, with `stop_at_cap` the count
    /// stops (`count_all` then gives a lower bound and `over_cap` says so), else it goes on with
    /// no cache.
    pub(super) fn with_memory(mut self, bytes: usize, stop_at_cap: bool) -> Self {
        self.cache = CountCache::new(bytes);
        self.meter = Meter::new(metered(bytes));
        self.stop_at_cap = stop_at_cap;
        self
    }

    /// Whether the count went past its memory cap and stopped there (see `with_memory`): its
    /// result is then only a lower bound.
    pub(super) fn over_cap(&self) -> bool {
        self.stop_at_cap && self.meter.is_over()
    }

    /// This searcher raising `counted` as `count_all` goes (see `count_all`).
    pub(super) fn with_progress(mut self, counted: Arc<AtomicU64>) -> Self {
        self.counted = Some(counted);
        self
    }

    /// Counts the completions of the initial state, capped at `limit`. With a progress counter
    /// (`with_progress`) it raises that counter to lower bounds of the count as it goes: the
    /// branches finished so far, times the counts of the regions already counted beside them
    /// (a region's partial count is only a bound once the regions beside it are known not to be
    /// empty, so only the last region counted of a split raises it).
    pub(super) fn count_all(&mut self, limit: Option<&BigUint>) -> BigUint {
        let scope = self.e.m.candidates.clone();
        let chain = self.counted.is_some().then(Chain::root);
        self.count(&scope, limit, Pending::Everything, chain.as_ref())
    }

    /// The most bytes the cache of region counts held at once.
    #[cfg(test)]
    pub(super) fn cache_peak(&self) -> usize {
        self.cache.peak()
    }

    /// Raises the progress counter, if any, for a node of `chain` that has counted `partial`.
    fn raise(&self, chain: Option<&Chain>, partial: &BigUint) {
        if let (Some(chain), Some(counted)) = (chain, &self.counted) {
            chain.raise(counted, partial);
        }
    }

    fn unknowns(&self, cells: &[u32]) -> Vec<u32> {
        cells
            .iter()
            .copied()
            .filter(|&c| self.e.s.is_unknown(c))
            .collect()
    }

    /// Propagates, then probes unknown cells of `scope` until no probe fails; leaves each
    /// probed cell's score in `score`. Only cells near a change are probed again: a probe's
    /// outcome rarely changes when nothing around the cell did.
    fn settle(&mut self, scope: &[u32], pending: Pending) -> Result<(), Conflict> {
        let since = match pending {
            Pending::Settled => return Ok(()),
            Pending::Everything => None,
            Pending::Since(mark) => Some(mark),
        };
        self.nodes += 1;
        if self.nodes > self.near_nodes {
            self.near_only = false;
        }
        self.e.propagate()?;
        let w = &mut self.work;
        let stamp = crate::generation::advance(&mut w.stamp, || {
            w.in_scope.fill(0);
            w.queued.fill(0);
            w.deep_queued.fill(0);
        });
        crate::generation::advance(&mut w.epoch, || {
            w.covered.fill(0);
            w.covered_deep.fill(0);
        });
        for &c in scope {
            w.in_scope[c as usize] = stamp;
        }
        w.list.clear();
        w.deep.clear();
        match since {
            Some(mark) if self.near_only => self.queue_near(mark),
            // From scratch, or probing everywhere: every unknown square of the scope.
            _ => {
                for &c in scope.iter().rev() {
                    if self.e.s.is_unknown(c) {
                        w.queued[c as usize] = stamp;
                        w.list.push(c);
                        w.deep_queued[c as usize] = stamp;
                        w.deep.push(c);
                    }
                }
            }
        }
        loop {
            // Cheap probes first: most failed probes fail without the flows' filtering.
            while let Some(c) = self.work.list.pop() {
                self.work.queued[c as usize] = 0;
                if self.e.s.is_unknown(c) {
                    self.probe_both(c, false)?;
                }
            }
            // Without flows a deep probe is a cheap one.
            let Some(c) = self.work.deep.pop().filter(|_| self.e.m.matching) else {
                break;
            };
            self.work.deep_queued[c as usize] = 0;
            if self.e.s.is_unknown(c) {
                self.probe_both(c, true)?;
            }
        }
        Ok(())
    }

    /// Probes both values of an unknown cell (`deep`: with the flows' filtering); a value that
    /// fails is ruled out and the cells near its consequences queued again, else the cell's
    /// score is the product of what each value decided. A value some earlier probe implied
    /// (since the state last changed) is not probed: it would succeed. What both values imply
    /// holds in every solution and is assigned.
    fn probe_both(&mut self, c: u32, deep: bool) -> Result<(), Conflict> {
        let w = &mut self.work;
        crate::generation::advance(&mut w.first_stamp, || w.first.fill(0));
        let mut decided = [0; 2];
        let mut probed = [false; 2];
        for (i, v) in [TENT, NO_TENT].into_iter().enumerate() {
            let lit = 2 * c as usize + usize::from(v == TENT);
            let cov = if deep {
                &self.work.covered_deep
            } else {
                &self.work.covered
            };
            if cov[lit] == self.work.epoch {
                decided[i] = self.last[lit];
                continue;
            }
            probed[i] = true;
            match self.probe(c, v, deep, i == 0) {
                Some(n) => {
                    decided[i] = n;
                    self.last[lit] = n;
                }
                None => {
                    let other = if v == TENT { NO_TENT } else { TENT };
                    let mark = self.e.mark();
                    self.e.assign(c, other)?;
                    self.e.propagate()?;
                    self.queue_near(mark);
                    return Ok(());
                }
            }
        }
        if probed == [true, true] && !self.common.is_empty() {
            let mark = self.e.mark();
            let common = std::mem::take(&mut self.common);
            for &(x, v) in &common {
                self.e.assign(x, v)?;
            }
            self.common = common;
            self.e.propagate()?;
            self.queue_near(mark);
        }
        self.score[c as usize] = (decided[0] + 1) * (decided[1] + 1);
        Ok(())
    }

    /// Queues for probing the unknown cells of the scope near the cells decided since `mark`:
    /// within two steps of touch, or sharing a tree with one.
    fn queue_near(&mut self, mark: usize) {
        let m = self.e.m;
        let s = &self.e.s;
        let w = &mut self.work;
        let stamp = w.stamp;
        let push = |x: u32, w: &mut Work| {
            if !s.is_unknown(x) || w.in_scope[x as usize] != stamp {
                return;
            }
            if w.queued[x as usize] != stamp {
                w.queued[x as usize] = stamp;
                w.list.push(x);
            }
            if w.deep_queued[x as usize] != stamp {
                w.deep_queued[x as usize] = stamp;
                w.deep.push(x);
            }
        };
        // The state changed: what earlier probes implied may no longer be safe to skip.
        crate::generation::advance(&mut w.epoch, || {
            w.covered.fill(0);
            w.covered_deep.fill(0);
        });
        for &d in &s.trail[mark..] {
            for &x in m.touch.get(d as usize) {
                push(x, w);
                for &y in m.touch.get(x as usize) {
                    push(y, w);
                }
            }
            for &t in m.cell_trees.get(d as usize) {
                for &y in m.tree_cells.get(t as usize) {
                    push(y, w);
                }
            }
        }
    }

    /// Tries a value and takes it back: how many cells it decided, or `None` on a
    /// contradiction. A cheap probe runs the local deductions and checks that the flows can
    /// still be repaired (a few short augmenting paths); a deep one adds the flows' filtering,
    /// which makes probes far stronger but costs the whole grid. A successful probe marks what
    /// it implied as covered; on the cell's `first` value it also records it, on the second it
    /// collects into `common` what both implied.
    fn probe(&mut self, c: u32, v: u8, deep: bool, first: bool) -> Option<u64> {
        let mark = self.e.mark();
        let ok = self.e.assign(c, v).is_ok()
            && if deep {
                self.e.propagate().is_ok()
            } else {
                self.e.propagate_probe().is_ok()
            };
        let decided = (self.e.mark() - mark) as u64;
        if ok {
            let w = &mut self.work;
            if first {
                self.common.clear();
            }
            for &x in &self.e.s.trail[mark + 1..] {
                let lit = 2 * x as usize + usize::from(self.e.s.cell[x as usize] == TENT);
                w.covered[lit] = w.epoch;
                if deep {
                    w.covered_deep[lit] = w.epoch;
                }
                if first {
                    w.first[lit] = w.first_stamp;
                } else if w.first[lit] == w.first_stamp {
                    self.common.push((x, self.e.s.cell[x as usize]));
                }
            }
        }
        self.e.abort();
        self.e.undo_to(mark);
        ok.then_some(decided)
    }

    /// The unknown cell with the best score.
    fn choose(&self, unknown: &[u32]) -> u32 {
        let mut best = unknown[0];
        for &c in unknown {
            if self.score[c as usize] > self.score[best as usize] {
                best = c;
            }
        }
        best
    }

    /// Counts the completions of `scope` (capped at `limit`); `settled` when the state is
    /// already propagated and probed. The state is unchanged on return. `chain`, when given,
    /// places this node in the lower bound `count_all` raises.
    fn count(
        &mut self,
        scope: &[u32],
        limit: Option<&BigUint>,
        pending: Pending,
        chain: Option<&Chain>,
    ) -> BigUint {
        let mark = self.e.mark();
        let result = self.count_here(scope, limit, pending, chain);
        self.e.undo_to(mark);
        self.raise(chain, &result);
        result
    }

    fn count_here(
        &mut self,
        scope: &[u32],
        limit: Option<&BigUint>,
        pending: Pending,
        chain: Option<&Chain>,
    ) -> BigUint {
        // Past the cap every count left is 0: what was counted stays a lower bound.
        if self.over_cap() || self.settle(scope, pending).is_err() {
            return BigUint::ZERO;
        }
        let unknown = self.unknowns(scope);
        if unknown.is_empty() {
            return BigUint::from(1u32);
        }
        let key = self.region_key(&unknown);
        if let Some(known) = key.as_ref().and_then(|k| self.cache.get(k)) {
            return match limit {
                Some(l) if known > *l => l.clone(),
                _ => known,
            };
        }
        let held = vec_bytes(&unknown) + key.as_ref().map_or(0, vec_bytes);
        self.meter.hold(held);
        if self.cache.bytes() > self.meter.room() {
            self.cache.set_budget(self.meter.room());
        }
        let result = self.count_split(unknown, limit, chain);
        self.meter.release(held);
        if let Some(key) = key {
            // A count below the cap is exact, unless the memory cap cut it short.
            if limit.is_none_or(|l| &result < l) && !self.over_cap() {
                self.cache.set_budget(self.meter.room());
                self.cache.insert(key, result.clone());
            }
        }
        result
    }

    /// Under the local rule, what the completions of a closed set of unknown cells depend on:
    /// the cells, the tents still missing in each of their lines, and which of their trees still
    /// lack a tent (touching is fixed by the cells). `None` under the matching rule, where tents
    /// elsewhere in a chain of trees matter too.
    fn region_key(&self, unknown: &[u32]) -> Option<Vec<u8>> {
        let m = self.e.m;
        if m.matching {
            return None;
        }
        let s = &self.e.s;
        let mut lines: Vec<u32> = Vec::new();
        let mut trees: Vec<u32> = Vec::new();
        for &c in unknown {
            lines.push(m.row_line(c) as u32);
            lines.push(m.col_line(c) as u32);
            trees.extend(
                m.cell_trees
                    .get(c as usize)
                    .iter()
                    .filter(|&&t| s.tree_tents[t as usize] == 0),
            );
        }
        lines.sort_unstable();
        lines.dedup();
        trees.sort_unstable();
        trees.dedup();
        // The cells come in increasing order (scopes keep the order of `candidates`); the lines'
        // needs follow in the order of the lines, which the cells determine.
        let mut key = Vec::with_capacity(2 * unknown.len() + lines.len() + 2 * trees.len() + 8);
        push_sorted(&mut key, unknown);
        for l in lines {
            push_varint(&mut key, m.target[l as usize] - s.line_tents[l as usize]);
        }
        push_sorted(&mut key, &trees);
        Some(key)
    }

    fn count_split(
        &mut self,
        unknown: Vec<u32>,
        limit: Option<&BigUint>,
        chain: Option<&Chain>,
    ) -> BigUint {
        let mut regions = self.split(&unknown);
        if regions.len() > 1 {
            let held = regions.iter().map(vec_bytes).sum::<usize>() + vec_bytes(&regions);
            self.meter.hold(held);
            let total = self.count_regions(&mut regions, limit, chain);
            self.meter.release(held);
            return total;
        }
        let c = self.choose(&unknown);
        let mut total = BigUint::ZERO;
        for v in [TENT, NO_TENT] {
            let mark = self.e.mark();
            if self.e.assign(c, v).is_ok() {
                let rest = limit.map(|l| l - &total);
                let inner = chain.map(|c| c.after(&total));
                total += self.count(
                    &unknown,
                    rest.as_ref(),
                    Pending::Since(mark),
                    inner.as_ref(),
                );
            }
            self.e.undo_to(mark);
            if limit.is_some_and(|l| &total >= l) {
                break;
            }
        }
        total
    }

    /// The product of the counts of `regions`, which share no constraint (smallest first).
    fn count_regions(
        &mut self,
        regions: &mut [Vec<u32>],
        limit: Option<&BigUint>,
        chain: Option<&Chain>,
    ) -> BigUint {
        regions.sort_by_key(Vec::len);
        let one = BigUint::from(1u32);
        let mut total = one.clone();
        let last = regions.len() - 1;
        for (i, region) in regions.iter().enumerate() {
            // Once the cap is reached, later regions only need to be non-empty.
            let reached = limit.is_some_and(|l| &total >= l);
            // The regions before the last are all known non-empty when it is counted.
            let inner = chain.filter(|_| i == last).map(|c| c.times(&total));
            let k = self.count(
                region,
                if reached { Some(&one) } else { limit },
                Pending::Settled,
                inner.as_ref(),
            );
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

    /// Splits unknown cells into classes that share no constraint.
    fn split(&mut self, scope: &[u32]) -> Vec<Vec<u32>> {
        let m = self.e.m;
        let s = &self.e.s;
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
                    if s.cell[y as usize] != NO_TENT {
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
