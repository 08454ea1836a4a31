//! Search over the undecided squares: independent regions (connected components of the
//! square–clue graph) are solved separately and their counts multiplied; inside a region the
//! solver branches on a square of the tightest clue and propagates after each choice.

use num_bigint::BigUint;

use super::model::Model;
use super::propagate::{BLACK, State, UNKNOWN, WHITE};

/// Counts solutions of the squares still undecided, optionally recording the first one.
pub struct Search<'m> {
    m: &'m Model,
    /// The propagation state being searched.
    pub state: State<'m>,
    /// Stop counting a region once it reaches this many solutions.
    limit: Option<BigUint>,
    /// The first solution found, square by square, when asked for.
    pub solution: Option<Vec<u8>>,
    seen: Vec<u32>,
    generation: u32,
}

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
        }
    }

    fn capped(&self, n: BigUint) -> BigUint {
        match &self.limit {
            Some(limit) if n > *limit => limit.clone(),
            _ => n,
        }
    }

    fn reached(&self, n: &BigUint) -> bool {
        self.limit.as_ref().is_some_and(|l| n >= l)
    }

    /// Counts every solution (capped at the limit): squares outside every clue are free and
    /// double the count; the rest is propagated, split into regions and searched.
    pub fn run(&mut self) -> BigUint {
        let free: Vec<u32> = (0..self.m.cells as u32)
            .filter(|&c| self.m.cell_cons.row(c as usize).is_empty())
            .collect();
        if !self.state.propagate() {
            return BigUint::ZERO;
        }
        let cells: Vec<u32> = (0..self.m.cells as u32)
            .filter(|&c| self.state.value[c as usize] == UNKNOWN)
            .filter(|&c| !self.m.cell_cons.row(c as usize).is_empty())
            .collect();
        let n = self.split(&cells);
        if n == BigUint::ZERO {
            return n;
        }
        self.record_from(0);
        if let Some(sol) = &mut self.solution {
            for &c in &free {
                sol[c as usize] = WHITE;
            }
        }
        self.capped(n << free.len())
    }

    /// Copies the decisions made since `mark` into the recorded solution.
    fn record_from(&mut self, mark: usize) {
        if let Some(sol) = &mut self.solution {
            for &c in &self.state.trail[mark..] {
                sol[c as usize] = self.state.value[c as usize];
            }
        }
    }

    /// The product of the counts of the regions formed by the still undecided `cells`.
    fn split(&mut self, cells: &[u32]) -> BigUint {
        let mut total = BigUint::from(1u32);
        for region in self.regions(cells) {
            let n = self.count_region(&region);
            if n == BigUint::ZERO {
                return n;
            }
            total = self.capped(total * n);
        }
        total
    }

    /// The connected components of the undecided squares among `cells`, smallest first.
    fn regions(&mut self, cells: &[u32]) -> Vec<Vec<u32>> {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen.fill(0);
            self.generation = 1;
        }
        let g = self.generation;
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

    /// Counts the solutions of one connected region of undecided squares.
    fn count_region(&mut self, region: &[u32]) -> BigUint {
        let (cell, first) = self.branch_choice(region);
        let mut total = BigUint::ZERO;
        for v in [first, BLACK + WHITE - first] {
            let mark = self.state.trail.len();
            self.state.assign(cell, v);
            if self.state.propagate() {
                let n = self.split(region);
                if n != BigUint::ZERO && total == BigUint::ZERO {
                    self.record_from(mark);
                }
                total += n;
            }
            self.state.undo(mark);
            if self.reached(&total) {
                break;
            }
        }
        self.capped(total)
    }
}
