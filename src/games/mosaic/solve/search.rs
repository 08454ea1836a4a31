//! Search over the undecided squares: independent regions (connected components of the
//! square–clue graph) are solved separately and their counts multiplied. Inside a region the
//! solver first probes (a square whose colour propagates to a contradiction takes the other
//! colour, which keeps the search from wandering into large regions without solution), then
//! branches on a square of the tightest clue and propagates after each choice. Region counts
//! are cached: the same region with the same missing black counts recurs in many branches, and
//! its count does not depend on how it was reached.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use num_bigint::BigUint;

use crate::count_bound::Chain;
use crate::game::COUNT_MEMORY_BYTES;
use crate::heap_bytes::block;

use super::model::Model;
use super::propagate::{BLACK, State, UNKNOWN, WHITE};

/// Counts solutions of the squares still undecided, optionally recording the first one.
pub struct Search<'m> {
    m: &'m Model,
    /// The propagation state being searched.
    pub state: State<'m>,
    /// Stop counting once this many solutions are found.
    limit: Option<BigUint>,
    /// The first solution found, square by square, when asked for.
    pub solution: Option<Vec<u8>>,
    seen: Vec<u32>,
    generation: u32,
    /// Region counts by [`Search::key`]; with a solution to record, only regions without
    /// solutions are reused (a reused count would not record its squares).
    cache: HashMap<Box<[u32]>, Cached, foldhash::fast::FixedState>,
    /// What the cache's keys and counts hold (its table taken as up to `TABLE_SLOTS` slots an
    /// entry), and the most they may: it is emptied when they would go past it.
    cache_bytes: usize,
    cache_budget: usize,
    /// A lower bound of the count, raised as it goes (see `split`), if asked.
    counted: Option<Arc<AtomicU64>>,
    con_seen: Vec<bool>,
    /// Whether regions are probed before branching (always, except in tests comparing both).
    probing: bool,
}

/// A region's count as far as it was counted.
struct Cached {
    /// The count, or the limit it was stopped at.
    count: BigUint,
    /// Whether `count` is the exact count (it stayed below its limit).
    exact: bool,
}

/// `min(n, limit)`.
fn cap(n: BigUint, limit: Option<&BigUint>) -> BigUint {
    match limit {
        Some(l) if n > *l => l.clone(),
        _ => n,
    }
}

fn reached(n: &BigUint, limit: Option<&BigUint>) -> bool {
    limit.is_some_and(|l| n >= l)
}

/// Slots of the cache's table per entry, at most (a table grows by doubling once seven eighths
/// full), with room for its control bytes.
const TABLE_SLOTS: usize = 3;

impl<'m> Search<'m> {
    /// A search over `m` that records a solution when `record` is set.
    pub fn new(m: &'m Model, limit: Option<u64>, record: bool) -> Self {
        Search {
            m,
            state: State::new(m),
            limit: limit.map(BigUint::from),
            solution: record.then(|| vec![UNKNOWN; m.cells]),
            seen: vec![0; m.cells],
            generation: 0,
            cache: HashMap::default(),
            cache_bytes: 0,
            cache_budget: COUNT_MEMORY_BYTES / 2,
            counted: None,
            con_seen: vec![false; m.constraints()],
            probing: true,
        }
    }

    /// This search raising `counted` to lower bounds of the count as it goes (the branches
    /// counted so far, times the regions counted beside them and the free squares), its cache
    /// within `cache_bytes`.
    pub fn telling(mut self, counted: Arc<AtomicU64>, cache_bytes: usize) -> Self {
        self.counted = Some(counted);
        self.cache_budget = cache_bytes;
        self
    }

    /// Counts every solution (capped at the limit): squares outside every clue are free and
    /// double the count; the rest is propagated, split into regions and searched.
    pub fn run(&mut self) -> BigUint {
        let limit = self.limit.clone();
        if limit == Some(BigUint::ZERO) {
            return BigUint::ZERO;
        }
        // Squares no clue counts, not fixed beforehand: each doubles the count.
        let free: Vec<u32> = (0..self.m.cells as u32)
            .filter(|&c| self.m.cell_cons.row(c as usize).is_empty())
            .filter(|&c| self.state.value[c as usize] == UNKNOWN)
            .collect();
        if !self.state.propagate() {
            return BigUint::ZERO;
        }
        let cells: Vec<u32> = (0..self.m.cells as u32)
            .filter(|&c| self.state.value[c as usize] == UNKNOWN)
            .filter(|&c| !self.m.cell_cons.row(c as usize).is_empty())
            .collect();
        // Each solution of the rest is 2^free solutions.
        let chain = self
            .counted
            .as_ref()
            .map(|_| Chain::root().times(&(BigUint::from(1u32) << free.len())));
        let n = self.split(&cells, limit.as_ref(), None, chain.as_ref());
        if n == BigUint::ZERO {
            return n;
        }
        self.record_from(0);
        if let Some(sol) = &mut self.solution {
            for &c in &free {
                sol[c as usize] = WHITE;
            }
        }
        cap(n << free.len(), limit.as_ref())
    }

    /// Copies the decisions made since `mark` into the recorded solution.
    fn record_from(&mut self, mark: usize) {
        if let Some(sol) = &mut self.solution {
            for &c in &self.state.trail[mark..] {
                sol[c as usize] = self.state.value[c as usize];
            }
        }
    }

    /// The product of the counts of the regions formed by the still undecided `cells`, capped
    /// at `limit`. Once the product is large, later regions only need counting far enough to
    /// reach the limit (at least 1: a region without solution still makes the product 0).
    ///
    /// `since` is where on the trail the decisions not yet probed around start (`None`: probe
    /// every square). `chain`, when given, places this count in the lower bound raised as the
    /// search goes: only the last region is on it, the others being known not empty then.
    fn split(
        &mut self,
        cells: &[u32],
        limit: Option<&BigUint>,
        since: Option<usize>,
        chain: Option<&Chain>,
    ) -> BigUint {
        let mut total = BigUint::from(1u32);
        let regions = self.regions(cells);
        let last = regions.len().saturating_sub(1);
        for (i, region) in regions.iter().enumerate() {
            let sub = limit.map(|l| {
                let rest = (l + &total - 1u32) / &total;
                rest.max(BigUint::from(1u32))
            });
            let inner = chain.filter(|_| i == last).map(|c| c.times(&total));
            let n = self.count_region(region, sub.as_ref(), since, inner.as_ref());
            if n == BigUint::ZERO {
                return n;
            }
            total = cap(total * n, limit);
        }
        self.raise(chain, &total);
        total
    }

    /// Raises the lower bound of the count, if one is kept, for a node of `chain` that has
    /// counted `partial`.
    fn raise(&self, chain: Option<&Chain>, partial: &BigUint) {
        if let (Some(chain), Some(counted)) = (chain, &self.counted) {
            chain.raise(counted, partial);
        }
    }

    /// The connected components of the undecided squares among `cells`, smallest first.
    fn regions(&mut self, cells: &[u32]) -> Vec<Vec<u32>> {
        let g = self.next_generation();
        let mut regions = Vec::new();
        for &start in cells {
            if self.state.value[start as usize] != UNKNOWN || self.seen[start as usize] == g {
                continue;
            }
            self.seen[start as usize] = g;
            let mut region = vec![start];
            let mut next = 0;
            while next < region.len() {
                let cell = region[next] as usize;
                next += 1;
                for &(con, _) in self.m.cell_cons.row(cell) {
                    for &(other, _) in self.m.terms.row(con as usize) {
                        let o = other as usize;
                        if self.state.value[o] == UNKNOWN && self.seen[o] != g {
                            self.seen[o] = g;
                            region.push(other);
                        }
                    }
                }
            }
            regions.push(region);
        }
        regions.sort_by_key(Vec::len);
        regions
    }

    /// The square to branch on in a region and the colour to try first: a square of the clue
    /// with the fewest undecided squares (ties: the one closest to forcing), and the colour
    /// that clue leans to.
    fn branch_choice(&self, region: &[u32]) -> (u32, u8) {
        let mut best: Option<(i32, i32, u32, u8)> = None;
        for &cell in region {
            for &(con, _) in self.m.cell_cons.row(cell as usize) {
                let c = con as usize;
                let u = self.state.unknown[c];
                let need = self.state.need(c);
                let slack = need.min(u - need);
                let key = (u, slack);
                if best.is_none_or(|(bu, bs, _, _)| key < (bu, bs)) {
                    let first = if 2 * need >= u { BLACK } else { WHITE };
                    best = Some((u, slack, cell, first));
                }
            }
        }
        best.map_or((region[0], WHITE), |(_, _, cell, v)| (cell, v))
    }

    /// What a region's count depends on: its squares and the blacks each of its clues still
    /// needs (a region holds every undecided square of the clues that touch it).
    fn key(&mut self, region: &[u32]) -> Box<[u32]> {
        let mut cells = region.to_vec();
        cells.sort_unstable();
        let mut cons = Vec::new();
        for &cell in &cells {
            for &(con, _) in self.m.cell_cons.row(cell as usize) {
                if !self.con_seen[con as usize] {
                    self.con_seen[con as usize] = true;
                    cons.push(con);
                }
            }
        }
        for &con in &cons {
            self.con_seen[con as usize] = false;
        }
        cons.sort_unstable();
        let mut key = cells;
        key.push(u32::MAX);
        key.extend(cons.iter().map(|&c| self.state.need(c as usize) as u32));
        key.into_boxed_slice()
    }

    /// Counts the solutions of one connected region of undecided squares, up to `limit`.
    fn count_region(
        &mut self,
        region: &[u32],
        limit: Option<&BigUint>,
        since: Option<usize>,
        chain: Option<&Chain>,
    ) -> BigUint {
        let key = self.key(region);
        if let Some(hit) = self.cache.get(&key)
            && (hit.exact || reached(&hit.count, limit))
            && (self.solution.is_none() || hit.count == BigUint::ZERO)
        {
            let n = cap(hit.count.clone(), limit);
            self.raise(chain, &n);
            return n;
        }
        let base = self.state.trail.len();
        let total = if self.probing && !self.probe(region, since) {
            BigUint::ZERO
        } else if self.state.trail.len() > base {
            // Probing decided squares: the region may have split or been solved.
            let n = self.split(region, limit, Some(base), chain);
            if n != BigUint::ZERO {
                self.record_from(base);
            }
            n
        } else {
            self.branch(region, limit, chain)
        };
        self.state.undo(base);
        self.remember(key, &total, limit);
        total
    }

    /// Failed-square probing: a square whose colour leads to a contradiction by propagation
    /// gets the other colour. Only squares sharing a clue with the decisions made since `since`
    /// are probed (all of them when `None`): elsewhere nothing changed since the last probe.
    /// Returns `false` when both colours of a square fail.
    fn probe(&mut self, region: &[u32], since: Option<usize>) -> bool {
        let mut since = since;
        loop {
            let candidates = match since {
                None => region.to_vec(),
                Some(mark) => self.near(region, mark),
            };
            let before = self.state.trail.len();
            for cell in candidates {
                if self.state.value[cell as usize] != UNKNOWN {
                    continue;
                }
                for v in [BLACK, WHITE] {
                    let mark = self.state.trail.len();
                    self.state.assign(cell, v);
                    let ok = self.state.propagate();
                    self.state.undo(mark);
                    if !ok {
                        self.state.assign(cell, BLACK + WHITE - v);
                        if !self.state.propagate() {
                            return false;
                        }
                        break;
                    }
                }
            }
            if self.state.trail.len() == before {
                return true;
            }
            since = Some(before);
        }
    }

    /// The undecided squares of `region` sharing a clue with a square decided since `mark`.
    /// (Decisions since `mark` may reach other regions too: probing their squares here could
    /// blame this region for another's contradiction, and its cached count would be wrong.)
    fn near(&mut self, region: &[u32], mark: usize) -> Vec<u32> {
        let (mut inside, mut g) = (self.next_generation(), self.next_generation());
        if g != inside + 1 {
            // The marks wrapped around between the two: take two fresh ones.
            (inside, g) = (self.next_generation(), self.next_generation());
        }
        for &cell in region {
            self.seen[cell as usize] = inside;
        }
        let mut out = Vec::new();
        for &decided in &self.state.trail[mark..] {
            for &(con, _) in self.m.cell_cons.row(decided as usize) {
                for &(cell, _) in self.m.terms.row(con as usize) {
                    let c = cell as usize;
                    if self.state.value[c] == UNKNOWN && self.seen[c] == inside {
                        self.seen[c] = g;
                        out.push(cell);
                    }
                }
            }
        }
        out
    }

    /// A fresh mark for `seen` (older marks all differ from it).
    fn next_generation(&mut self) -> u32 {
        crate::generation::advance(&mut self.generation, || self.seen.fill(0))
    }

    /// Caches a region's count (only its failures while a solution is being recorded).
    fn remember(&mut self, key: Box<[u32]>, total: &BigUint, limit: Option<&BigUint>) {
        if self.solution.is_none() || *total == BigUint::ZERO {
            let slot = size_of::<(Box<[u32]>, Cached)>() + 1;
            let bytes = block(key.len() * 4) + block(total.iter_u64_digits().len() * 8);
            let bytes = bytes + TABLE_SLOTS * slot;
            if self.cache_bytes + bytes > self.cache_budget {
                // A fresh table: an emptied one would keep its slots.
                self.cache = HashMap::default();
                self.cache_bytes = 0;
            }
            if bytes > self.cache_budget {
                return;
            }
            self.cache_bytes += bytes;
            let exact = !reached(total, limit);
            self.cache.insert(
                key,
                Cached {
                    count: total.clone(),
                    exact,
                },
            );
        }
    }

    /// Branches on one square of the region and counts both colours (`chain` as for `split`).
    fn branch(
        &mut self,
        region: &[u32],
        limit: Option<&BigUint>,
        chain: Option<&Chain>,
    ) -> BigUint {
        let (cell, first) = self.branch_choice(region);
        let mut total = BigUint::ZERO;
        for v in [first, BLACK + WHITE - first] {
            let mark = self.state.trail.len();
            self.state.assign(cell, v);
            if self.state.propagate() {
                let rest = limit.map(|l| l - &total);
                let inner = chain.map(|c| c.after(&total));
                let n = self.split(region, rest.as_ref(), Some(mark), inner.as_ref());
                if n != BigUint::ZERO && total == BigUint::ZERO {
                    self.record_from(mark);
                }
                total += n;
                self.raise(chain, &total);
            }
            self.state.undo(mark);
            if reached(&total, limit) {
                break;
            }
        }
        cap(total, limit)
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::{Colour, Mosaic};
    use super::*;
    use crate::games::mosaic::Neighbourhood;
    use crate::grid::{Grid, Topology};

    /// A puzzle planted from a pseudo-random picture, with clues on about `percent`% of squares.
    fn planted(size: usize, percent: u64, n: Neighbourhood, seed: u64) -> Mosaic {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let t = Topology::new(size, size, false);
        let picture: Vec<Colour> = (0..t.len())
            .map(|_| {
                if next() % 2 == 0 {
                    Colour::Black
                } else {
                    Colour::White
                }
            })
            .collect();
        let picture = Mosaic::from_parts(
            Grid::filled(t, None),
            Grid::from_cells(t, picture).unwrap(),
            n,
        )
        .unwrap();
        let clues = t
            .positions()
            .map(|p| {
                (next() % 100 < percent).then(|| {
                    picture
                        .neighbours(p)
                        .filter(|&q| picture.colour(q) == Colour::Black)
                        .count() as u8
                })
            })
            .collect();
        Mosaic::new(Grid::from_cells(t, clues).unwrap(), n).unwrap()
    }

    fn count(game: &Mosaic, probing: bool) -> BigUint {
        let m = Model::new(game);
        let mut search = Search::new(&m, None, false);
        search.probing = probing;
        search.run()
    }

    /// The bound raised as the count goes never passes the count (the bound kept is the most
    /// ever raised) and ends at it (free squares included); a cache held to a few KB changes
    /// nothing.
    #[test]
    fn a_count_telling_its_progress_ends_at_the_count_within_a_tiny_cache() {
        use std::sync::atomic::Ordering;
        for (size, percent, seed) in [(6, 35, 5), (6, 25, 2), (7, 40, 1)] {
            let g = planted(size, percent, Neighbourhood::Full, seed);
            let m = Model::new(&g);
            let n = Search::new(&m, None, false).run();
            assert!(n > BigUint::from(10u32), "{n}");
            for cache_bytes in [COUNT_MEMORY_BYTES, 4 << 10] {
                let counted = Arc::new(AtomicU64::new(0));
                let mut telling =
                    Search::new(&m, None, false).telling(Arc::clone(&counted), cache_bytes);
                assert_eq!(telling.run(), n);
                let counted = BigUint::from(counted.load(Ordering::Relaxed));
                assert_eq!(counted, n, "{size} {percent}% {seed}");
            }
        }
    }

    /// Probing only strengthens propagation: with the region cache on, counts must not change.
    /// (Probes that strayed into a neighbouring region once cached wrong zero counts; these
    /// puzzles caught it.)
    #[test]
    fn probing_never_changes_counts() {
        let cases = [
            (35, 5, Neighbourhood::FullExclude),
            (35, 25, Neighbourhood::Full),
            (45, 10, Neighbourhood::FullExclude),
            (45, 23, Neighbourhood::Full),
            (55, 6, Neighbourhood::FullExclude),
            (55, 40, Neighbourhood::Full),
            (45, 1, Neighbourhood::Ortho),
            (45, 2, Neighbourhood::OrthoExclude),
        ];
        for (percent, seed, n) in cases {
            let g = planted(10, percent, n, seed);
            assert_eq!(
                count(&g, true),
                count(&g, false),
                "{percent}% seed {seed} {n:?}"
            );
        }
    }
}
