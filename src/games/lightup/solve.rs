//! The Light Up solver and exact counter.
//!
//! A solution is a set of bulbs that wins the puzzle (bulbs and marks already placed are ignored).
//! The puzzle becomes constraints over the non-wall squares ("cells"):
//! - a *segment* (the cells a ray can reach along a row or column, between walls) holds at most
//!   one bulb;
//! - every cell is lit: one of its two segments holds a bulb;
//! - a numbered wall's neighbours, counted per direction, hold exactly its number of bulbs.
//!
//! Propagation: a bulb empties its segments; a cell only one candidate can light gets it; a wall
//! whose bulbs are all placed empties the rest, one that needs every free neighbour fills them.
//! Probing (failed literals) adds the player's "a bulb here would leave that square unlightable"
//! and its mirror image. Search branches on the smallest "at least one bulb among these" set
//! (a wall still short of bulbs, or an unlit cell's candidates) as "the first of them that is a
//! bulb", which splits the solutions into disjoint cases. The undecided cells are split into
//! independent regions solved separately; counts of regions multiply and are cached.

use std::collections::HashMap;

use num_bigint::BigUint;

use crate::game::Count;
use crate::grid::Topology;

use super::{LightUp, Square};

const UNKNOWN: u8 = 0;
const BULB: u8 = 1;
const EMPTY: u8 = 2;
const NONE: u32 = u32::MAX;

/// Regions larger than this are not cached (their keys would cost more than they save).
const CACHE_MAX_CELLS: usize = 256;
/// The cache is emptied when it grows past this many regions.
const CACHE_MAX_ENTRIES: usize = 200_000;
/// Grids with more cells than this search on a thread with a large stack.
const BIG_GRID_CELLS: usize = 2_000;
const BIG_STACK_BYTES: usize = 256 << 20;

/// The first solution: the puzzle's walls with the solution's bulbs, every other square blank.
pub fn first_solution(game: &LightUp) -> Option<LightUp> {
    let model = Model::new(game);
    with_stack_for(&model, || {
        let mut search = Search::new(&model);
        let all = search.unknown_cells();
        (search.start() && search.find_region(&all))
            .then(|| model.position(game, &search.bulbs_since(0)))
    })
}

/// The number of solutions; with `limit`, the count stops there (the result is then `limit`).
pub fn count(game: &LightUp, limit: Option<u64>) -> Count {
    let limit = limit.map(BigUint::from);
    if limit.as_ref().is_some_and(|l| *l == BigUint::ZERO) {
        return BigUint::ZERO;
    }
    let model = Model::new(game);
    with_stack_for(&model, || {
        let mut search = Search::new(&model);
        let all = search.unknown_cells();
        if !search.start() {
            return BigUint::ZERO;
        }
        search.count_region(&all, limit.as_ref())
    })
}

/// Up to `limit` distinct solutions, in search order.
pub fn solutions(game: &LightUp, limit: usize) -> Vec<LightUp> {
    if limit == 0 {
        return Vec::new();
    }
    let model = Model::new(game);
    with_stack_for(&model, || {
        let mut search = Search::new(&model);
        let all = search.unknown_cells();
        if !search.start() {
            return Vec::new();
        }
        let forced = search.bulbs_since(0);
        combine(&[forced], &search.list_region(&all, limit), limit)
            .iter()
            .map(|bulbs| model.position(game, bulbs))
            .collect()
    })
}

/// Every way to extend a partial solution of `left` with one of `right`, the first `limit`.
fn combine(left: &[Vec<u32>], right: &[Vec<u32>], limit: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for a in left {
        for b in right {
            if out.len() == limit {
                return out;
            }
            out.push(a.iter().chain(b).copied().collect());
        }
    }
    out
}

fn cap(n: Count, limit: Option<&Count>) -> Count {
    match limit {
        Some(l) if n > *l => l.clone(),
        _ => n,
    }
}

/// Runs `f` on a thread with a large stack when the grid is big enough for deep searches.
fn with_stack_for<T: Send>(model: &Model, f: impl FnOnce() -> T + Send) -> T {
    if model.pos_of.len() <= BIG_GRID_CELLS {
        return f();
    }
    std::thread::scope(|scope| {
        match std::thread::Builder::new()
            .stack_size(BIG_STACK_BYTES)
            .spawn_scoped(scope, f)
        {
            Ok(handle) => match handle.join() {
                Ok(value) => value,
                Err(panic) => std::panic::resume_unwind(panic),
            },
            Err(error) => thread_unavailable(&error),
        }
    })
}

/// Spawning a thread only fails when the system is out of resources; a deep search has no
/// sensible fallback without the stack.
fn thread_unavailable(error: &std::io::Error) -> ! {
    panic!("could not start the solver thread: {error}")
}

/// Lists stored back to back in one allocation: list `i` is `items[start[i]..start[i + 1]]`.
struct Lists<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T> Lists<T> {
    fn get(&self, i: usize) -> &[T] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }

    fn len(&self) -> usize {
        self.start.len() - 1
    }
}

/// The puzzle's fixed structure: cells, segments and wall constraints.
struct Model {
    /// Grid index of each cell.
    pos_of: Vec<usize>,
    /// Horizontal and vertical segment of each cell.
    hseg: Vec<u32>,
    vseg: Vec<u32>,
    /// The cells of each segment.
    seg_cells: Lists<u32>,
    /// Each numbered wall's number.
    wall_number: Vec<u8>,
    /// Each numbered wall's neighbouring cells with their weights (directions reaching them).
    wall_cells: Lists<(u32, u8)>,
    /// Each cell's numbered walls with the same weights.
    cell_walls: Lists<(u32, u8)>,
}

impl Model {
    fn new(game: &LightUp) -> Model {
        let squares = game.squares();
        let t = squares.topology();
        let mut cell_of = vec![NONE; t.len()];
        let mut pos_of = Vec::new();
        for (i, s) in squares.cells().iter().enumerate() {
            if !s.is_wall() {
                cell_of[i] = pos_of.len() as u32;
                pos_of.push(i);
            }
        }
        let (hseg, vseg, seg_cells) = segments(t, &cell_of, pos_of.len());
        let mut wall_number = Vec::new();
        let mut wall_cells = Lists {
            start: vec![0],
            items: Vec::new(),
        };
        for (i, s) in squares.cells().iter().enumerate() {
            let Some(number) = s.number() else { continue };
            wall_number.push(number);
            let from = wall_cells.items.len();
            for q in t.orthogonal(t.pos(i)) {
                let c = cell_of[t.index(q)];
                if c == NONE {
                    continue;
                }
                match wall_cells.items[from..].iter_mut().find(|(x, _)| *x == c) {
                    Some((_, w)) => *w += 1,
                    None => wall_cells.items.push((c, 1)),
                }
            }
            wall_cells.start.push(wall_cells.items.len() as u32);
        }
        let cell_walls = invert(&wall_cells, pos_of.len());
        Model {
            pos_of,
            hseg,
            vseg,
            seg_cells,
            wall_number,
            wall_cells,
            cell_walls,
        }
    }

    /// The puzzle's walls with bulbs on the cells listed.
    fn position(&self, game: &LightUp, bulbs: &[u32]) -> LightUp {
        let mut squares = game
            .squares()
            .map(|&s| if s.is_wall() { s } else { Square::Blank });
        for &c in bulbs {
            squares.cells_mut()[self.pos_of[c as usize]] = Square::Bulb;
        }
        LightUp::with_flags(squares)
    }
}

/// For wall → (cell, weight) lists, the cell → (wall, weight) lists.
fn invert(wall_cells: &Lists<(u32, u8)>, cells: usize) -> Lists<(u32, u8)> {
    let mut start = vec![0u32; cells + 1];
    for &(c, _) in &wall_cells.items {
        start[c as usize + 1] += 1;
    }
    for i in 0..cells {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut items = vec![(0, 0); wall_cells.items.len()];
    for w in 0..wall_cells.len() {
        for &(c, weight) in wall_cells.get(w) {
            items[fill[c as usize] as usize] = (w as u32, weight);
            fill[c as usize] += 1;
        }
    }
    Lists { start, items }
}

/// Each cell's horizontal and vertical segment, and the cells of every segment. A segment is a
/// run of cells between walls; on a wrapping line it runs around, and a line without walls is
/// one segment — exactly the squares a bulb's rays reach (see [`Topology::ray`]).
fn segments(t: Topology, cell_of: &[u32], cells: usize) -> (Vec<u32>, Vec<u32>, Lists<u32>) {
    let mut seg_cells = Lists {
        start: vec![0],
        items: Vec::with_capacity(2 * cells),
    };
    let mut hseg = vec![NONE; cells];
    let mut vseg = vec![NONE; cells];
    let rows: Vec<Vec<u32>> = (0..t.rows)
        .map(|r| (0..t.cols).map(|c| cell_of[r * t.cols + c]).collect())
        .collect();
    let cols: Vec<Vec<u32>> = (0..t.cols)
        .map(|c| (0..t.rows).map(|r| cell_of[r * t.cols + c]).collect())
        .collect();
    for (lines, seg) in [(rows, &mut hseg), (cols, &mut vseg)] {
        for line in lines {
            // Start just after a wall so that, when wrapping, no run is cut at the line's end.
            let first_wall = line.iter().position(|&c| c == NONE);
            let from = match first_wall {
                Some(w) if t.wrapping => w + 1,
                _ => 0,
            };
            let mut open = false;
            for &c in line[from..].iter().chain(&line[..from]) {
                if c == NONE {
                    if open {
                        seg_cells.start.push(seg_cells.items.len() as u32);
                        open = false;
                    }
                    continue;
                }
                // The open run becomes segment number `seg_cells.len()` when it closes.
                open = true;
                seg_cells.items.push(c);
                seg[c as usize] = seg_cells.len() as u32;
            }
            if open {
                seg_cells.start.push(seg_cells.items.len() as u32);
            }
        }
    }
    (hseg, vseg, seg_cells)
}

/// The search state: cell values with counters kept in step, and a trail to undo assignments.
struct Search<'a> {
    m: &'a Model,
    val: Vec<u8>,
    seg_unknown: Vec<u32>,
    seg_bulbs: Vec<u32>,
    wall_bulbs: Vec<u8>,
    wall_unknown: Vec<u8>,
    trail: Vec<u32>,
    queue: Vec<(u32, u8)>,
    epoch: u32,
    cell_stamp: Vec<u32>,
    seg_stamp: Vec<u32>,
    wall_stamp: Vec<u32>,
    seg_rep: Vec<u32>,
    wall_rep: Vec<u32>,
    parent: Vec<u32>,
    slot: Vec<u32>,
    cache: HashMap<Vec<u32>, Count, FastHash>,
}

impl<'a> Search<'a> {
    fn new(m: &'a Model) -> Self {
        let cells = m.pos_of.len();
        let segs = m.seg_cells.len();
        let walls = m.wall_number.len();
        Search {
            m,
            val: vec![UNKNOWN; cells],
            seg_unknown: (0..segs).map(|s| m.seg_cells.get(s).len() as u32).collect(),
            seg_bulbs: vec![0; segs],
            wall_bulbs: vec![0; walls],
            wall_unknown: (0..walls)
                .map(|w| m.wall_cells.get(w).iter().map(|&(_, wt)| wt).sum())
                .collect(),
            trail: Vec::with_capacity(cells),
            queue: Vec::new(),
            epoch: 0,
            cell_stamp: vec![0; cells],
            seg_stamp: vec![0; segs],
            wall_stamp: vec![0; walls],
            seg_rep: vec![NONE; segs],
            wall_rep: vec![NONE; walls],
            parent: vec![NONE; cells],
            slot: vec![NONE; cells],
            cache: HashMap::default(),
        }
    }

    /// Checks every constraint once and propagates; false when the puzzle has no solution.
    fn start(&mut self) -> bool {
        for w in 0..self.m.wall_number.len() {
            if !self.check_wall(w as u32) {
                return false;
            }
        }
        for c in 0..self.val.len() {
            if !self.check_cover(c as u32) {
                return false;
            }
        }
        self.propagate()
    }

    fn lit(&self, c: u32) -> bool {
        let c = c as usize;
        self.seg_bulbs[self.m.hseg[c] as usize] > 0 || self.seg_bulbs[self.m.vseg[c] as usize] > 0
    }

    /// Undecided cells that could light `c` (its two segments; they meet only in `c`).
    fn candidates(&self, c: u32) -> u32 {
        let i = c as usize;
        self.seg_unknown[self.m.hseg[i] as usize] + self.seg_unknown[self.m.vseg[i] as usize]
            - u32::from(self.val[i] == UNKNOWN)
    }

    /// The two segments of a cell.
    fn segs(&self, c: u32) -> [usize; 2] {
        [
            self.m.hseg[c as usize] as usize,
            self.m.vseg[c as usize] as usize,
        ]
    }

    /// Assigns `v` to `x`, updates the counters and queues the consequences.
    /// False on a contradiction (the trail still records the assignment, so undo stays exact).
    fn set(&mut self, x: u32, v: u8) -> bool {
        let m = self.m;
        let i = x as usize;
        if self.val[i] != UNKNOWN {
            return self.val[i] == v;
        }
        self.val[i] = v;
        self.trail.push(x);
        let segs = self.segs(x);
        for seg in segs {
            self.seg_unknown[seg] -= 1;
            if v == BULB {
                self.seg_bulbs[seg] += 1;
            }
        }
        for &(w, wt) in m.cell_walls.get(i) {
            self.wall_unknown[w as usize] -= wt;
            if v == BULB {
                self.wall_bulbs[w as usize] += wt;
            }
        }
        if v == BULB {
            if segs.iter().any(|&s| self.seg_bulbs[s] > 1) {
                return false;
            }
            for seg in segs {
                for &y in m.seg_cells.get(seg) {
                    if self.val[y as usize] == UNKNOWN {
                        self.queue.push((y, EMPTY));
                    }
                }
            }
        } else {
            for seg in segs {
                // With three undecided cells left, every cell of the segment keeps two candidates.
                if self.seg_bulbs[seg] == 0 && self.seg_unknown[seg] < 3 {
                    for &q in m.seg_cells.get(seg) {
                        if !self.check_cover(q) {
                            return false;
                        }
                    }
                }
            }
        }
        for &(w, _) in m.cell_walls.get(i) {
            if !self.check_wall(w) {
                return false;
            }
        }
        true
    }

    /// An unlit cell needs a candidate; with exactly one left, it is a bulb.
    fn check_cover(&mut self, q: u32) -> bool {
        if self.lit(q) {
            return true;
        }
        match self.candidates(q) {
            0 => false,
            1 => {
                let m = self.m;
                let only = self
                    .segs(q)
                    .iter()
                    .flat_map(|&s| m.seg_cells.get(s))
                    .copied()
                    .find(|&y| self.val[y as usize] == UNKNOWN);
                if let Some(y) = only {
                    self.queue.push((y, BULB));
                }
                true
            }
            _ => true,
        }
    }

    /// A numbered wall: too many bulbs or too little room fails; otherwise neighbours that would
    /// overshoot are empty and neighbours the wall cannot do without are bulbs.
    fn check_wall(&mut self, w: u32) -> bool {
        let wi = w as usize;
        let (n, b, u) = (
            self.m.wall_number[wi],
            self.wall_bulbs[wi],
            self.wall_unknown[wi],
        );
        if b > n || b + u < n {
            return false;
        }
        if u == 0 {
            return true;
        }
        let need = n - b;
        for &(y, wt) in self.m.wall_cells.get(wi) {
            if self.val[y as usize] == UNKNOWN {
                if wt > need {
                    self.queue.push((y, EMPTY));
                } else if u - wt < need {
                    self.queue.push((y, BULB));
                }
            }
        }
        true
    }

    /// Applies queued assignments until none is left; false on a contradiction.
    fn propagate(&mut self) -> bool {
        while let Some((x, v)) = self.queue.pop() {
            if !self.set(x, v) {
                return false;
            }
        }
        true
    }

    /// Assigns and propagates; on false the caller undoes.
    fn assume(&mut self, x: u32, v: u8) -> bool {
        self.set(x, v) && self.propagate()
    }

    /// Reverts assignments back to trail length `mark` and drops pending consequences.
    fn undo_to(&mut self, mark: usize) {
        self.queue.clear();
        let m = self.m;
        while self.trail.len() > mark {
            let Some(x) = self.trail.pop() else { break };
            let i = x as usize;
            let v = self.val[i];
            self.val[i] = UNKNOWN;
            for seg in self.segs(x) {
                self.seg_unknown[seg] += 1;
                if v == BULB {
                    self.seg_bulbs[seg] -= 1;
                }
            }
            for &(w, wt) in m.cell_walls.get(i) {
                self.wall_unknown[w as usize] += wt;
                if v == BULB {
                    self.wall_bulbs[w as usize] -= wt;
                }
            }
        }
    }

    fn unknown_cells(&self) -> Vec<u32> {
        (0..self.val.len() as u32)
            .filter(|&c| self.val[c as usize] == UNKNOWN)
            .collect()
    }

    /// The bulbs assigned since trail length `mark`.
    fn bulbs_since(&self, mark: usize) -> Vec<u32> {
        self.trail[mark..]
            .iter()
            .copied()
            .filter(|&c| self.val[c as usize] == BULB)
            .collect()
    }

    fn next_epoch(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.cell_stamp.fill(0);
            self.seg_stamp.fill(0);
            self.wall_stamp.fill(0);
            self.epoch = 1;
        }
        self.epoch
    }

    /// Failed-literal probing: an undecided cell whose bulb leads to a contradiction is empty
    /// (typically: the bulb would leave some square unlightable), one whose emptiness does is a
    /// bulb; repeated until nothing changes. False when the cells admit no solution.
    fn probe(&mut self, cells: &[u32]) -> bool {
        loop {
            let mut changed = false;
            for &x in cells {
                if self.val[x as usize] != UNKNOWN {
                    continue;
                }
                for (tried, other) in [(BULB, EMPTY), (EMPTY, BULB)] {
                    let mark = self.trail.len();
                    let possible = self.assume(x, tried);
                    self.undo_to(mark);
                    if !possible {
                        if !self.assume(x, other) {
                            return false;
                        }
                        changed = true;
                        break;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The branching cases for a region: the undecided cells of its smallest "at least one bulb
    /// among these" constraint — a numbered wall still short of bulbs (preferred on ties: that
    /// is where contradictions hide) or an unlit cell's candidates. Case k is "cells 0..k are
    /// empty and cell k is a bulb", so the cases split the solutions into disjoint sets.
    fn branch_cases(&mut self, cells: &[u32]) -> Vec<u32> {
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

    /// Splits the still-undecided cells among `cells` into independent regions: cells sharing a
    /// segment, lighting the same unlit cell, or next to the same numbered wall stay together.
    fn regions(&mut self, cells: &[u32]) -> Vec<Vec<u32>> {
        let m = self.m;
        let remaining: Vec<u32> = cells
            .iter()
            .copied()
            .filter(|&c| self.val[c as usize] == UNKNOWN)
            .collect();
        if remaining.is_empty() {
            return Vec::new();
        }
        let epoch = self.next_epoch();
        let mut touched = Vec::new();
        for &x in &remaining {
            let i = x as usize;
            self.parent[i] = x;
            for seg in self.segs(x) {
                if self.seg_stamp[seg] != epoch {
                    self.seg_stamp[seg] = epoch;
                    self.seg_rep[seg] = x;
                    touched.push(seg);
                } else {
                    self.union(x, self.seg_rep[seg]);
                }
            }
            for &(w, _) in m.cell_walls.get(i) {
                let wi = w as usize;
                if self.wall_stamp[wi] != epoch {
                    self.wall_stamp[wi] = epoch;
                    self.wall_rep[wi] = x;
                } else {
                    self.union(x, self.wall_rep[wi]);
                }
            }
        }
        for &seg in &touched {
            for &q in m.seg_cells.get(seg) {
                if self.val[q as usize] != EMPTY || self.lit(q) {
                    continue;
                }
                let [h, v] = self.segs(q);
                if self.seg_stamp[h] == epoch && self.seg_stamp[v] == epoch {
                    self.union(self.seg_rep[h], self.seg_rep[v]);
                }
            }
        }
        let mut out: Vec<Vec<u32>> = Vec::new();
        for &x in &remaining {
            let root = self.find_root(x) as usize;
            if self.cell_stamp[root] != epoch {
                self.cell_stamp[root] = epoch;
                self.slot[root] = out.len() as u32;
                out.push(Vec::new());
            }
            out[self.slot[root] as usize].push(x);
        }
        out.sort_by_key(Vec::len);
        out
    }

    fn find_root(&mut self, x: u32) -> u32 {
        let mut root = x;
        while self.parent[root as usize] != root {
            root = self.parent[root as usize];
        }
        let mut at = x;
        while self.parent[at as usize] != root {
            let next = self.parent[at as usize];
            self.parent[at as usize] = root;
            at = next;
        }
        root
    }

    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find_root(a), self.find_root(b));
        if ra != rb {
            let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.parent[hi as usize] = lo;
        }
    }

    /// Probes, then solves each independent region in turn, leaving the solution assigned.
    /// On false the caller undoes what was assigned.
    fn find_region(&mut self, cells: &[u32]) -> bool {
        if !self.probe(cells) {
            return false;
        }
        let regions = self.regions(cells);
        regions.iter().all(|r| self.find_branch(r))
    }

    /// Finds one solution of a connected region by branching; nothing stays assigned on failure.
    fn find_branch(&mut self, cells: &[u32]) -> bool {
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
    /// probe, split into independent regions, multiply. Nothing stays assigned.
    fn count_region(&mut self, cells: &[u32], limit: Option<&Count>) -> Count {
        let base = self.trail.len();
        let mut product = BigUint::ZERO;
        if self.probe(cells) {
            product = BigUint::from(1u32);
            for region in self.regions(cells) {
                let n = self.count_branch(&region, limit);
                if n == BigUint::ZERO {
                    product = n;
                    break;
                }
                product *= n;
            }
        }
        self.undo_to(base);
        cap(product, limit)
    }

    /// The number of solutions of a connected region by branching, capped at `limit`; exact
    /// counts of small regions are cached.
    fn count_branch(&mut self, cells: &[u32], limit: Option<&Count>) -> Count {
        let key = (cells.len() <= CACHE_MAX_CELLS).then(|| self.region_key(cells));
        if let Some(n) = key.as_ref().and_then(|k| self.cache.get(k)) {
            return cap(n.clone(), limit);
        }
        let cases = self.branch_cases(cells);
        let base = self.trail.len();
        let mut total = BigUint::ZERO;
        for &c in &cases {
            let mark = self.trail.len();
            if self.assume(c, BULB) {
                total += self.count_region(cells, limit);
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
            if self.cache.len() >= CACHE_MAX_ENTRIES {
                self.cache.clear();
            }
            self.cache.insert(key, total.clone());
        }
        total
    }

    /// What a region's count depends on: its undecided cells, the unlit empty cells they must
    /// light, and the numbered walls around them with the bulbs still needed.
    fn region_key(&mut self, cells: &[u32]) -> Vec<u32> {
        let m = self.m;
        let epoch = self.next_epoch();
        let mut key: Vec<u32> = cells.to_vec();
        key.sort_unstable();
        key.push(NONE);
        let mut unlit = Vec::new();
        let mut walls = Vec::new();
        for &x in cells {
            for seg in self.segs(x) {
                if self.seg_stamp[seg] == epoch {
                    continue;
                }
                self.seg_stamp[seg] = epoch;
                for &q in m.seg_cells.get(seg) {
                    let qi = q as usize;
                    if self.val[qi] == EMPTY && self.cell_stamp[qi] != epoch && !self.lit(q) {
                        self.cell_stamp[qi] = epoch;
                        unlit.push(q);
                    }
                }
            }
            for &(w, _) in m.cell_walls.get(x as usize) {
                let wi = w as usize;
                if self.wall_stamp[wi] != epoch {
                    self.wall_stamp[wi] = epoch;
                    walls.push(w);
                }
            }
        }
        unlit.sort_unstable();
        key.extend(unlit);
        key.push(NONE);
        walls.sort_unstable();
        for w in walls {
            let wi = w as usize;
            key.push(w);
            key.push(u32::from(m.wall_number[wi] - self.wall_bulbs[wi]));
        }
        key
    }

    /// Up to `limit` solutions of the undecided cells among `cells`, each as the bulbs it adds:
    /// probe, split into independent regions, combine. Nothing stays assigned.
    fn list_region(&mut self, cells: &[u32], limit: usize) -> Vec<Vec<u32>> {
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
    fn list_branch(&mut self, cells: &[u32], limit: usize) -> Vec<Vec<u32>> {
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

/// A fast hasher for region keys (lists of small integers); no adversary picks the keys.
#[derive(Clone, Copy, Default)]
struct FastHash;

impl std::hash::BuildHasher for FastHash {
    type Hasher = FastHasher;
    fn build_hasher(&self) -> FastHasher {
        FastHasher(0)
    }
}

/// Multiply-rotate hashing, word by word.
struct FastHasher(u64);

impl std::hash::Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::grid::Pos;

    fn game(text: &str) -> LightUp {
        LightUp::parse(text).unwrap()
    }

    #[test]
    fn segments_follow_walls_and_wrap() {
        // Row 0 wraps around its single wall: cells (0,1), (0,2), (0,0) form one segment.
        let g = game("2 4 1\nbbbw\nbbbb\n");
        let m = Model::new(&g);
        let h: Vec<u32> = m.hseg.clone();
        assert_eq!(h[0], h[1]);
        assert_eq!(h[1], h[2]);
        assert_ne!(h[2], h[3]);
        assert_eq!(m.seg_cells.get(h[3] as usize).len(), 4);
        let flat = game("2 4 0\nbwbb\nbbbb\n");
        let m = Model::new(&flat);
        assert_ne!(m.hseg[0], m.hseg[1]);
        assert_eq!(m.hseg[1], m.hseg[2]);
    }

    #[test]
    fn empty_grids_count_permutations() {
        assert_eq!(count(&game("1 1 0\nb\n"), None), BigUint::from(1u32));
        assert_eq!(count(&game("3 3 0\nbbb\nbbb\nbbb\n"), None), 6u32.into());
        assert_eq!(
            count(&game("4 4 0\nbbbb\nbbbb\nbbbb\nbbbb\n"), None),
            24u32.into()
        );
    }

    #[test]
    fn limit_caps_the_count() {
        let g = game("4 4 0\nbbbb\nbbbb\nbbbb\nbbbb\n");
        assert_eq!(count(&g, Some(5)), 5u32.into());
        assert_eq!(count(&g, Some(100)), 24u32.into());
        assert_eq!(count(&g, Some(0)), BigUint::ZERO);
    }

    #[test]
    fn independent_regions_multiply() {
        // Two 2x2 open rooms separated by walls: 2 solutions each.
        let g = game("2 5 0\nbbwbb\nbbwbb\n");
        assert_eq!(count(&g, None), 4u32.into());
    }

    #[test]
    fn a_large_open_grid_counts_through_the_cache() {
        // 8! permutation matrices: counted exactly without enumerating them one by one.
        let row = "bbbbbbbb\n";
        let g = game(&format!("8 8 0\n{}", row.repeat(8)));
        assert_eq!(count(&g, None), 40320u32.into());
    }

    #[test]
    fn all_walls_have_one_solution_unless_a_number_needs_bulbs() {
        assert_eq!(count(&game("1 2 0\nw0\n"), None), 1u32.into());
        assert_eq!(count(&game("1 2 0\nw1\n"), None), BigUint::ZERO);
        assert!(first_solution(&game("1 2 0\nw1\n")).is_none());
        assert!(first_solution(&game("1 2 0\nw0\n")).unwrap().is_won());
    }

    #[test]
    fn first_solution_is_won_and_ignores_placed_pieces() {
        let g = game("2 3 0\n*-1\n-bb\n");
        let s = first_solution(&g).unwrap();
        assert!(s.is_won());
        assert_eq!(s.cleared(), g.cleared());
    }

    #[test]
    fn wrapping_two_by_two_wall_four() {
        let g = game("2 2 1\n4b\nbb\n");
        assert_eq!(count(&g, None), 1u32.into());
        let s = first_solution(&g).unwrap();
        assert_eq!(s.square(Pos::new(0, 1)), Some(Square::Bulb));
        assert_eq!(s.square(Pos::new(1, 0)), Some(Square::Bulb));
    }

    #[test]
    fn solutions_are_distinct_and_won() {
        let g = game("3 3 0\nbbb\nbbb\nbbb\n");
        let all = solutions(&g, 10);
        assert_eq!(all.len(), 6);
        for (k, s) in all.iter().enumerate() {
            assert!(s.is_won());
            assert!(all[..k].iter().all(|t| t != s));
        }
        assert_eq!(solutions(&g, 2).len(), 2);
        assert!(solutions(&g, 0).is_empty());
    }

    #[test]
    fn big_grids_search_on_a_big_stack() {
        // 2001 cells, each alone between walls: beyond BIG_GRID_CELLS, solved by propagation.
        let g = game(&format!("1 4001 0\n{}b\n", "bw".repeat(2000)));
        assert!(Model::new(&g).pos_of.len() > BIG_GRID_CELLS);
        assert!(first_solution(&g).unwrap().is_won());
        assert_eq!(count(&g, None), 1u32.into());
        assert_eq!(solutions(&g, 2).len(), 1);
    }
}
