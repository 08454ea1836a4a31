//! Clusters for exact counting: trees and their tent squares that constrain each other locally.
//!
//! Two tent squares are in one cluster when they may not both hold a tent (they touch) or when
//! they serve the same tree; rule 1, rule 4 and the trees' needs then never reach outside a
//! cluster, so only the row and column counts link clusters. Each cluster's local solutions are
//! listed once and reduced to what the lines see: tents per line, with how many tent sets give it.

use std::collections::HashMap;

use super::model::{Model, NONE};
use crate::heap_bytes::{block, vec_bytes};
use crate::union_find::UnionFind;

/// A cluster as the counter sees it.
#[derive(Clone)]
pub(super) struct Cluster {
    /// The lines (rows first, then columns) its squares lie in, ascending, then the all-grid line
    /// (`Model::line_count()`): every option's total tents, which must add up to the trees.
    pub lines: Vec<u32>,
    /// Per option, its tents per line of `lines` (`lines.len()` entries per option).
    pub tents: Vec<u8>,
    /// Per option, how many local tent sets put exactly those tents in those lines.
    pub ways: Vec<u64>,
}

impl Cluster {
    /// Number of options.
    pub(super) fn option_count(&self) -> usize {
        self.ways.len()
    }

    /// How far its options' tents on its line slot `j` spread (most less least).
    pub(super) fn range(&self, j: usize) -> i32 {
        let values = (0..self.option_count()).map(|o| self.tents_at(o, j) as i32);
        values.clone().max().unwrap_or(0) - values.min().unwrap_or(0)
    }

    /// Tents of option `o` per line of `lines`.
    #[inline]
    pub(super) fn option(&self, o: usize) -> &[u8] {
        let k = self.lines.len();
        &self.tents[o * k..(o + 1) * k]
    }

    /// Tents of option `o` on its line slot `j` (no slice made: the counter reads one at every
    /// probe).
    #[inline]
    pub(super) fn tents_at(&self, o: usize, j: usize) -> u8 {
        self.tents[o * self.lines.len() + j]
    }
}

/// Largest cluster (in squares) whose local solutions are listed.
const MAX_SQUARES: usize = 40;
/// Most search steps spent listing one cluster's local solutions.
const MAX_STEPS: u64 = 4_000_000;

/// Bytes an option takes while its cluster is listed, besides its tents per line: its entry in
/// the table of options found (which may be up to half empty, and doubles as it grows).
const FOUND_ENTRY_BYTES: usize = 3 * (size_of::<(Vec<u8>, u64)>() + 1);

/// The clusters of a puzzle, or `None` when one is too large to list (the caller then counts
/// another way): too many squares or steps, or the clusters listed so far and the options of
/// the one being listed past `budget` bytes. A cluster with no local solution is kept, with no
/// options.
pub(super) fn clusters(m: &Model, budget: usize) -> Option<Vec<Cluster>> {
    clusters_around(m, &vec![None; m.candidates.len()], &m.target, budget)
}

impl Cluster {
    /// Bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        size_of::<Cluster>()
            + vec_bytes(&self.lines)
            + vec_bytes(&self.tents)
            + vec_bytes(&self.ways)
    }
}

/// The line counts less the `settled` tents: what the open squares must still hold per line.
pub(super) fn open_target(m: &Model, settled: &[Option<bool>]) -> Vec<u32> {
    let mut target = m.target.clone();
    for (k, &c) in m.candidates.iter().enumerate() {
        if settled[k] == Some(true) {
            target[m.row_line(c)] -= 1;
            target[m.col_line(c)] -= 1;
        }
    }
    target
}

/// The clusters of the squares not yet `settled` (per candidate: a tent, grass, or open), with
/// `target` the line counts less the settled tents (`open_target`). Only under the local rule,
/// and only when the settled squares are the same in every solution (a backbone): then a settled
/// tent has no open neighbour (that square is grass in every solution), a tree next to one is
/// served, and the other trees need a tent among their open squares, all in one cluster.
pub(super) fn clusters_around(
    m: &Model,
    settled: &[Option<bool>],
    target: &[u32],
    budget: usize,
) -> Option<Vec<Cluster>> {
    debug_assert!(!m.matching || settled.iter().all(Option::is_none));
    let open = |k: u32| settled[k as usize].is_none();
    let squares = &m.candidates;
    let mut sets = UnionFind::new(squares.len());
    for (k, &c) in squares.iter().enumerate() {
        for &d in m.touch.get(c as usize) {
            let kd = m.cand_of_cell[d as usize];
            if open(k as u32) && open(kd) {
                sets.union(k as u32, kd);
            }
        }
    }
    let mut tree_squares: Vec<Vec<u32>> = Vec::with_capacity(m.tree_count());
    for t in 0..m.tree_count() {
        let all = m
            .tree_cells
            .get(t)
            .iter()
            .map(|&c| m.cand_of_cell[c as usize]);
        if all.clone().any(|k| settled[k as usize] == Some(true)) {
            continue;
        }
        let ks: Vec<u32> = all.filter(|&k| open(k)).collect();
        for w in ks.windows(2) {
            sets.union(w[0], w[1]);
        }
        tree_squares.push(ks);
    }

    let mut group_of_root = vec![NONE; squares.len()];
    let mut members: Vec<Vec<u32>> = Vec::new();
    for k in (0..squares.len() as u32).filter(|&k| open(k)) {
        let r = sets.find(k) as usize;
        if group_of_root[r] == NONE {
            group_of_root[r] = members.len() as u32;
            members.push(Vec::new());
        }
        members[group_of_root[r] as usize].push(k);
    }
    let mut trees_of: Vec<Vec<&[u32]>> = vec![Vec::new(); members.len()];
    for ks in &tree_squares {
        match ks.first() {
            Some(&k) => {
                let g = group_of_root[sets.find(k) as usize];
                trees_of[g as usize].push(ks);
            }
            // A tree with no square for its tent: no solution at all.
            None => {
                return Some(vec![Cluster {
                    lines: Vec::new(),
                    tents: Vec::new(),
                    ways: Vec::new(),
                }]);
            }
        }
    }
    let mut listed = Vec::with_capacity(members.len());
    let mut bytes = 0;
    for (ks, ts) in members.iter().zip(&trees_of) {
        let cluster = list_cluster(m, target, ks, ts, budget.checked_sub(bytes)?)?;
        bytes += cluster.bytes();
        listed.push(cluster);
    }
    Some(listed)
}

/// Lists one cluster's local solutions, or `None` when it is too large: too many squares, too
/// many steps, or its options past `budget` bytes while listed or once listed.
fn list_cluster(
    m: &Model,
    target: &[u32],
    ks: &[u32],
    trees: &[&[u32]],
    budget: usize,
) -> Option<Cluster> {
    if ks.len() > MAX_SQUARES {
        return None;
    }
    let cells: Vec<u32> = ks.iter().map(|&k| m.candidates[k as usize]).collect();
    let local = |c: u32| cells.iter().position(|&x| x == c);
    let mut lines: Vec<u32> = cells
        .iter()
        .flat_map(|&c| [m.row_line(c) as u32, m.col_line(c) as u32])
        .collect();
    lines.sort_unstable();
    lines.dedup();
    let slot = |l: usize| lines.binary_search(&(l as u32)).expect("own line");
    // Per square: the squares of the cluster it touches, its two line slots.
    let touch: Vec<u64> = cells
        .iter()
        .map(|&c| {
            m.touch
                .get(c as usize)
                .iter()
                .filter_map(|&d| local(d))
                .fold(0u64, |acc, i| acc | 1 << i)
        })
        .collect();
    let line_slots: Vec<[usize; 2]> = cells
        .iter()
        .map(|&c| [slot(m.row_line(c)), slot(m.col_line(c))])
        .collect();
    let tree_masks: Vec<u64> = trees
        .iter()
        .map(|ks| {
            ks.iter()
                .filter_map(|&k| local(m.candidates[k as usize]))
                .fold(0u64, |acc, i| acc | 1 << i)
        })
        .collect();
    let caps: Vec<u8> = lines
        .iter()
        .map(|&l| target[l as usize].min(u8::MAX as u32) as u8)
        .collect();

    let mut lister = Lister {
        touch: &touch,
        line_slots: &line_slots,
        tree_masks: &tree_masks,
        caps: &caps,
        matching: m.matching,
        per_line: vec![0; lines.len()],
        found: HashMap::new(),
        steps: 0,
        most_found: budget / (block(lines.len()) + FOUND_ENTRY_BYTES),
    };
    if !lister.walk(0, 0) {
        return None;
    }
    let listed = lister.found.len() * (lines.len() + 1 + size_of::<u64>());
    if listed > budget {
        return None;
    }
    let mut found: Vec<(Vec<u8>, u64)> = lister.found.into_iter().collect();
    found.sort_unstable();
    let rows = lines.iter().filter(|&&l| (l as usize) < m.rows).count();
    let mut tents = Vec::with_capacity(found.len() * (lines.len() + 1));
    let mut ways = Vec::with_capacity(found.len());
    for (t, w) in found {
        let total = t[..rows].iter().map(|&x| x as u32).sum::<u32>();
        tents.extend(t);
        tents.push(total.min(u8::MAX as u32) as u8);
        ways.push(w);
    }
    lines.push(m.line_count() as u32);
    Some(Cluster { lines, tents, ways })
}

/// Depth-first listing of one cluster's tent sets.
struct Lister<'a> {
    touch: &'a [u64],
    line_slots: &'a [[usize; 2]],
    tree_masks: &'a [u64],
    caps: &'a [u8],
    matching: bool,
    per_line: Vec<u8>,
    found: HashMap<Vec<u8>, u64>,
    steps: u64,
    /// The most options the listing may find (its memory budget).
    most_found: usize,
}

impl Lister<'_> {
    /// Decides square `i` onwards given the tents `set`; false when the step budget or the
    /// memory budget ran out.
    fn walk(&mut self, i: usize, set: u64) -> bool {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return false;
        }
        if i == self.touch.len() {
            if self.fits(set) {
                let w = self.found.entry(self.per_line.clone()).or_insert(0);
                *w = w.saturating_add(1);
            }
            return self.found.len() <= self.most_found;
        }
        // A tree whose squares are all decided without a tent can never be served.
        let decided = (1u64 << i) - 1;
        if self
            .tree_masks
            .iter()
            .any(|&t| t & !decided == 0 && t & set == 0)
        {
            return true;
        }
        if !self.walk(i + 1, set) {
            return false;
        }
        let [a, b] = self.line_slots[i];
        if self.touch[i] & set == 0
            && self.per_line[a] < self.caps[a]
            && self.per_line[b] < self.caps[b]
        {
            self.per_line[a] += 1;
            self.per_line[b] += 1;
            let ok = self.walk(i + 1, set | 1 << i);
            self.per_line[a] -= 1;
            self.per_line[b] -= 1;
            return ok;
        }
        true
    }

    /// Whether a complete tent set satisfies rule 4 inside the cluster.
    fn fits(&self, set: u64) -> bool {
        if !self.tree_masks.iter().all(|&t| t & set != 0) {
            return false;
        }
        if !self.matching {
            return true;
        }
        if set.count_ones() as usize != self.tree_masks.len() {
            return false;
        }
        // Trees to tents, one to one (augmenting paths; clusters are small).
        let mut tent_tree = [usize::MAX; 64];
        for t in 0..self.tree_masks.len() {
            let mut seen = 0u64;
            if !self.augment(t, set, &mut seen, &mut tent_tree) {
                return false;
            }
        }
        true
    }

    fn augment(&self, t: usize, set: u64, seen: &mut u64, tent_tree: &mut [usize; 64]) -> bool {
        let mut options = self.tree_masks[t] & set & !*seen;
        while options != 0 {
            let s = options.trailing_zeros() as usize;
            options &= options - 1;
            *seen |= 1 << s;
            if tent_tree[s] == usize::MAX || self.augment(tent_tree[s], set, seen, tent_tree) {
                tent_tree[s] = t;
                return true;
            }
        }
        false
    }
}
