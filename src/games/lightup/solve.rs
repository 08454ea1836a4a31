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
//! Search branches on the unlit cell with the fewest candidates ("the first of these candidates
//! that is a bulb"), which splits the solutions into disjoint cases. When counting, the undecided
//! cells are split into independent regions whose counts multiply, and region counts are cached.

use std::collections::HashMap;

use num_bigint::BigUint;

use crate::game::{Count, Game};
use crate::grid::{Dir, Grid, Pos};

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
        if !search.start() {
            return None;
        }
        let all = search.unknown_cells();
        for region in search.regions(&all) {
            if !search.find(&region) {
                return None;
            }
        }
        Some(model.position(game, &search.val))
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
        if !search.start() {
            return BigUint::ZERO;
        }
        let all = search.unknown_cells();
        let regions = search.regions(&all);
        search.product(&regions, limit.as_ref())
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
        let mut found = Vec::new();
        if search.start() {
            search.enumerate(&mut found, limit);
        }
        found.iter().map(|val| model.position(game, val)).collect()
    })
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
            Err(_) => unreachable_spawn(),
        }
    })
}

/// Spawning a thread only fails when the system is out of resources; there is no sensible
/// fallback for a search that needs the stack.
fn unreachable_spawn() -> ! {
    panic!("could not start the solver thread")
}

/// A numbered wall as a constraint: its cells with their weights (directions reaching them).
struct WallRule {
    number: u8,
    cells: Vec<(u32, u8)>,
}

/// The puzzle's fixed structure: cells, segments and wall constraints.
struct Model {
    pos_of: Vec<usize>,
    hseg: Vec<u32>,
    vseg: Vec<u32>,
    seg_cells: Vec<Vec<u32>>,
    walls: Vec<WallRule>,
    cell_walls: Vec<Vec<(u32, u8)>>,
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
        let m = pos_of.len();
        let mut seg_cells = Vec::new();
        let horizontal = [Dir::ORTHOGONAL[1], Dir::ORTHOGONAL[3]];
        let vertical = [Dir::ORTHOGONAL[0], Dir::ORTHOGONAL[2]];
        let hseg = segments(squares, &cell_of, &pos_of, horizontal, &mut seg_cells);
        let vseg = segments(squares, &cell_of, &pos_of, vertical, &mut seg_cells);
        let mut walls = Vec::new();
        let mut cell_walls = vec![Vec::new(); m];
        for (i, s) in squares.cells().iter().enumerate() {
            let Some(number) = s.number() else { continue };
            let id = walls.len() as u32;
            let mut cells: Vec<(u32, u8)> = Vec::new();
            for q in t.orthogonal(t.pos(i)) {
                let c = cell_of[t.index(q)];
                if c == NONE {
                    continue;
                }
                match cells.iter_mut().find(|(x, _)| *x == c) {
                    Some((_, w)) => *w += 1,
                    None => cells.push((c, 1)),
                }
            }
            for &(c, w) in &cells {
                cell_walls[c as usize].push((id, w));
            }
            walls.push(WallRule { number, cells });
        }
        Model {
            pos_of,
            hseg,
            vseg,
            seg_cells,
            walls,
            cell_walls,
        }
    }

    /// The puzzle's walls with bulbs where `val` has them.
    fn position(&self, game: &LightUp, val: &[u8]) -> LightUp {
        let mut squares = game.cleared().squares().clone();
        for (c, &v) in val.iter().enumerate() {
            if v == BULB {
                squares.cells_mut()[self.pos_of[c]] = Square::Bulb;
            }
        }
        LightUp::with_flags(squares)
    }
}

/// Labels each cell with its segment along the two opposite directions `dirs`, appending the new
/// segments' cells to `seg_cells`. Uses the topology's rays, so wrapping lines visit each square once.
fn segments(
    squares: &Grid<Square>,
    cell_of: &[u32],
    pos_of: &[usize],
    dirs: [Dir; 2],
    seg_cells: &mut Vec<Vec<u32>>,
) -> Vec<u32> {
    let t = squares.topology();
    let mut seg = vec![NONE; pos_of.len()];
    for c in 0..pos_of.len() {
        if seg[c] != NONE {
            continue;
        }
        let id = seg_cells.len() as u32;
        seg[c] = id;
        let mut members = vec![c as u32];
        let pos: Pos = t.pos(pos_of[c]);
        for d in dirs {
            for q in t.ray(pos, d) {
                let qc = cell_of[t.index(q)];
                if qc == NONE {
                    break;
                }
                if seg[qc as usize] == NONE {
                    seg[qc as usize] = id;
                    members.push(qc);
                }
            }
        }
        members.sort_unstable();
        seg_cells.push(members);
    }
    seg
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
    cache: HashMap<Vec<u32>, Count>,
}

impl<'a> Search<'a> {
    fn new(m: &'a Model) -> Self {
        let cells = m.pos_of.len();
        let segs = m.seg_cells.len();
        let walls = m.walls.len();
        Search {
            m,
            val: vec![UNKNOWN; cells],
            seg_unknown: m.seg_cells.iter().map(|s| s.len() as u32).collect(),
            seg_bulbs: vec![0; segs],
            wall_bulbs: vec![0; walls],
            wall_unknown: m
                .walls
                .iter()
                .map(|w| w.cells.iter().map(|&(_, wt)| wt).sum())
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
            cache: HashMap::new(),
        }
    }

    /// Checks every constraint once and propagates; false when the puzzle has no solution.
    fn start(&mut self) -> bool {
        for w in 0..self.m.walls.len() {
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
        let (h, vs) = (m.hseg[i] as usize, m.vseg[i] as usize);
        self.seg_unknown[h] -= 1;
        self.seg_unknown[vs] -= 1;
        if v == BULB {
            self.seg_bulbs[h] += 1;
            self.seg_bulbs[vs] += 1;
        }
        for &(w, wt) in &m.cell_walls[i] {
            self.wall_unknown[w as usize] -= wt;
            if v == BULB {
                self.wall_bulbs[w as usize] += wt;
            }
        }
        if v == BULB {
            if self.seg_bulbs[h] > 1 || self.seg_bulbs[vs] > 1 {
                return false;
            }
            for seg in [h, vs] {
                for &y in &m.seg_cells[seg] {
                    if self.val[y as usize] == UNKNOWN {
                        self.queue.push((y, EMPTY));
                    }
                }
            }
        } else {
            for seg in [h, vs] {
                if self.seg_bulbs[seg] == 0 {
                    for &q in &m.seg_cells[seg] {
                        if !self.check_cover(q) {
                            return false;
                        }
                    }
                }
            }
        }
        for &(w, _) in &m.cell_walls[i] {
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
                let i = q as usize;
                let m = self.m;
                let only = [m.hseg[i], m.vseg[i]]
                    .iter()
                    .flat_map(|&s| m.seg_cells[s as usize].iter())
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
        let rule = &self.m.walls[wi];
        let (n, b, u) = (rule.number, self.wall_bulbs[wi], self.wall_unknown[wi]);
        if b > n || b + u < n {
            return false;
        }
        if u == 0 {
            return true;
        }
        let need = n - b;
        for &(y, wt) in &rule.cells {
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
                self.queue.clear();
                return false;
            }
        }
        true
    }

    /// Assigns and propagates.
    fn assume(&mut self, x: u32, v: u8) -> bool {
        self.set(x, v) && self.propagate()
    }

    /// Reverts assignments back to trail length `mark`.
    fn undo_to(&mut self, mark: usize) {
        let m = self.m;
        while self.trail.len() > mark {
            let Some(x) = self.trail.pop() else { break };
            let i = x as usize;
            let v = self.val[i];
            self.val[i] = UNKNOWN;
            let (h, vs) = (m.hseg[i] as usize, m.vseg[i] as usize);
            self.seg_unknown[h] += 1;
            self.seg_unknown[vs] += 1;
            if v == BULB {
                self.seg_bulbs[h] -= 1;
                self.seg_bulbs[vs] -= 1;
            }
            for &(w, wt) in &m.cell_walls[i] {
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

    /// The branching cases for a region: the candidates of its unlit cell with the fewest.
    /// Case k is "candidates 0..k are empty and candidate k is a bulb".
    fn branch_cases(&mut self, cells: &[u32]) -> Vec<u32> {
        let m = self.m;
        let epoch = self.next_epoch();
        let mut best = (u32::MAX, NONE);
        'scan: for &x in cells {
            let i = x as usize;
            for seg in [m.hseg[i] as usize, m.vseg[i] as usize] {
                if self.seg_stamp[seg] == epoch {
                    continue;
                }
                self.seg_stamp[seg] = epoch;
                for &q in &m.seg_cells[seg] {
                    if self.lit(q) {
                        continue;
                    }
                    let n = self.candidates(q);
                    if n < best.0 {
                        best = (n, q);
                        if n <= 2 {
                            break 'scan;
                        }
                    }
                }
            }
        }
        let q = best.1 as usize;
        if q == NONE as usize {
            return Vec::new();
        }
        let mut cases: Vec<u32> = [m.hseg[q], m.vseg[q]]
            .iter()
            .flat_map(|&s| m.seg_cells[s as usize].iter())
            .copied()
            .filter(|&y| self.val[y as usize] == UNKNOWN)
            .collect();
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
            for seg in [m.hseg[i] as usize, m.vseg[i] as usize] {
                if self.seg_stamp[seg] != epoch {
                    self.seg_stamp[seg] = epoch;
                    self.seg_rep[seg] = x;
                    touched.push(seg);
                } else {
                    self.union(x, self.seg_rep[seg]);
                }
            }
            for &(w, _) in &m.cell_walls[i] {
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
            for &q in &m.seg_cells[seg] {
                let i = q as usize;
                if self.val[i] != EMPTY || self.lit(q) {
                    continue;
                }
                let (h, v) = (m.hseg[i] as usize, m.vseg[i] as usize);
                if self.seg_stamp[h] == epoch && self.seg_stamp[v] == epoch {
                    self.union(self.seg_rep[h], self.seg_rep[v]);
                }
            }
        }
        let mut index_of_root: HashMap<u32, usize> = HashMap::new();
        let mut out: Vec<Vec<u32>> = Vec::new();
        for &x in &remaining {
            let root = self.find_root(x);
            let k = *index_of_root.entry(root).or_insert_with(|| {
                out.push(Vec::new());
                out.len() - 1
            });
            out[k].push(x);
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

    /// Finds one solution of a region, leaving it assigned; false (and nothing assigned) if none.
    fn find(&mut self, cells: &[u32]) -> bool {
        let cases = self.branch_cases(cells);
        let base = self.trail.len();
        for &c in &cases {
            let mark = self.trail.len();
            if self.assume(c, BULB) {
                let regions = self.regions(cells);
                if regions.iter().all(|r| self.find(r)) {
                    return true;
                }
            }
            self.undo_to(mark);
            if !self.assume(c, EMPTY) {
                break;
            }
        }
        self.undo_to(base);
        false
    }

    /// The product of the regions' counts, capped at `limit`.
    fn product(&mut self, regions: &[Vec<u32>], limit: Option<&Count>) -> Count {
        let mut product = BigUint::from(1u32);
        for region in regions {
            let n = self.count_region(region, limit);
            if n == BigUint::ZERO {
                return n;
            }
            product *= n;
        }
        cap(product, limit)
    }

    /// The number of solutions of a region, capped at `limit`.
    fn count_region(&mut self, cells: &[u32], limit: Option<&Count>) -> Count {
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
                let regions = self.regions(cells);
                total += self.product(&regions, limit);
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
            let i = x as usize;
            for seg in [m.hseg[i] as usize, m.vseg[i] as usize] {
                if self.seg_stamp[seg] == epoch {
                    continue;
                }
                self.seg_stamp[seg] = epoch;
                for &q in &m.seg_cells[seg] {
                    let qi = q as usize;
                    if self.val[qi] == EMPTY && self.cell_stamp[qi] != epoch && !self.lit(q) {
                        self.cell_stamp[qi] = epoch;
                        unlit.push(q);
                    }
                }
            }
            for &(w, _) in &m.cell_walls[i] {
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
            key.push(u32::from(self.m.walls[wi].number - self.wall_bulbs[wi]));
        }
        key
    }

    /// Collects up to `limit` complete solutions (cell values), searching the whole grid.
    fn enumerate(&mut self, found: &mut Vec<Vec<u8>>, limit: usize) {
        let unknown = self.unknown_cells();
        if unknown.is_empty() {
            found.push(self.val.clone());
            return;
        }
        let cases = self.branch_cases(&unknown);
        let base = self.trail.len();
        for &c in &cases {
            let mark = self.trail.len();
            if self.assume(c, BULB) {
                self.enumerate(found, limit);
            }
            self.undo_to(mark);
            if found.len() >= limit || !self.assume(c, EMPTY) {
                break;
            }
        }
        self.undo_to(base);
    }
}

fn cap(n: Count, limit: Option<&Count>) -> Count {
    match limit {
        Some(l) if n > *l => l.clone(),
        _ => n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn game(text: &str) -> LightUp {
        LightUp::parse(text).unwrap()
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
    fn all_walls_have_one_solution_unless_a_number_needs_bulbs() {
        assert_eq!(count(&game("1 2 0\nw0\n"), None), 1u32.into());
        assert_eq!(count(&game("1 2 0\nw1\n"), None), BigUint::ZERO);
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
    }
}
