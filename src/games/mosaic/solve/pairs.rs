//! For the pair rule: each unit clue's overlapping unit clues and the squares each pair shares,
//! built on first use (most clues are settled by the clue rule before the pair rule looks at
//! them, so most are never built).

use std::ops::Range;

use super::model::Model;

/// Lazily built partner lists.
pub struct Pairs {
    /// Per clue: start of its partners in `partner`, or `u32::MAX` when not built yet.
    first: Vec<u32>,
    /// Per clue: number of partners once built.
    count: Vec<u8>,
    /// The partners, clue after clue.
    partner: Vec<u32>,
    /// Per partner entry: its shared squares are `shared[shared_start[k]..shared_start[k + 1]]`.
    shared_start: Vec<u32>,
    shared: Vec<u32>,
    /// Scratch: `seen[b] == a` when B was met while building A, then `slot[b]` is its index.
    seen: Vec<u32>,
    slot: Vec<u32>,
    meetings: Vec<(u32, u32)>,
    fill: Vec<u32>,
}

impl Pairs {
    /// Nothing built yet.
    pub fn new(m: &Model) -> Self {
        let n = m.constraints();
        Pairs {
            first: vec![u32::MAX; n],
            count: vec![0; n],
            partner: Vec::new(),
            shared_start: vec![0],
            shared: Vec::new(),
            seen: vec![u32::MAX; n],
            slot: vec![0; n],
            meetings: Vec::with_capacity(81),
            fill: Vec::with_capacity(82),
        }
    }

    /// The partner entries of unit clue `a` (indices for [`Pairs::partner`] and
    /// [`Pairs::shared`]), building them on first use.
    pub fn of(&mut self, m: &Model, a: usize) -> Range<usize> {
        if self.first[a] == u32::MAX {
            self.build(m, a);
        }
        let start = self.first[a] as usize;
        start..start + usize::from(self.count[a])
    }

    /// The clue of a partner entry.
    #[inline]
    pub fn partner(&self, k: usize) -> usize {
        self.partner[k] as usize
    }

    /// The squares a partner entry's two clues share, sorted.
    #[inline]
    pub fn shared(&self, k: usize) -> &[u32] {
        &self.shared[self.shared_start[k] as usize..self.shared_start[k + 1] as usize]
    }

    /// A square of A is shared with B exactly when B is among the clues counting it, so one
    /// walk over A's squares and their clues finds both the partners and the shared squares.
    fn build(&mut self, m: &Model, a: usize) {
        let start = self.partner.len();
        self.meetings.clear();
        for &(cell, _) in m.terms.row(a) {
            for &(b, _) in m.cell_cons.row(cell as usize) {
                let bi = b as usize;
                if bi == a || !m.unit[bi] {
                    continue;
                }
                if self.seen[bi] != a as u32 {
                    self.seen[bi] = a as u32;
                    self.slot[bi] = (self.partner.len() - start) as u32;
                    self.partner.push(b);
                }
                self.meetings.push((self.slot[bi], cell));
            }
        }
        // Group the meetings by partner (a counting sort keeps each list sorted by square).
        let k = self.partner.len() - start;
        self.fill.clear();
        self.fill.resize(k + 1, 0);
        for &(s, _) in &self.meetings {
            self.fill[s as usize + 1] += 1;
        }
        for i in 0..k {
            self.fill[i + 1] += self.fill[i];
        }
        let base = self.shared.len();
        for i in 0..k {
            self.shared_start
                .push((base + self.fill[i + 1] as usize) as u32);
        }
        self.shared.resize(base + self.meetings.len(), 0);
        for &(s, cell) in &self.meetings {
            let at = &mut self.fill[s as usize];
            self.shared[base + *at as usize] = cell;
            *at += 1;
        }
        self.first[a] = start as u32;
        // At most 24 clues overlap a 3x3 block (fewer on small wrapped grids).
        self.count[a] = k as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::Mosaic;
    use super::*;
    use crate::game::Neighbourhood;
    use crate::grid::{Grid, Topology};

    fn clued(rows: usize, cols: usize, wrapping: bool, n: Neighbourhood) -> Mosaic {
        let t = Topology::new(rows, cols, wrapping);
        let clues = (0..t.len()).map(|i| (i % 3 != 1).then_some(1)).collect();
        Mosaic::new(Grid::from_cells(t, clues).unwrap(), n).unwrap()
    }

    #[test]
    fn partners_and_shared_squares_match_set_intersections() {
        for n in [
            Neighbourhood::Full,
            Neighbourhood::Ortho,
            Neighbourhood::FullExclude,
            Neighbourhood::OrthoExclude,
        ] {
            for (rows, cols, wrapping) in [(6, 7, false), (6, 7, true), (2, 5, false), (3, 3, true)]
            {
                let m = Model::new(&clued(rows, cols, wrapping, n));
                let mut pairs = Pairs::new(&m);
                let cells = |c: usize| -> Vec<u32> { m.terms.row(c).iter().map(|t| t.0).collect() };
                // Build in a scrambled order: lazily built lists must not depend on it.
                for a in (0..m.constraints()).rev().filter(|a| m.unit[*a]) {
                    let mut expected = Vec::new();
                    for b in 0..m.constraints() {
                        let shared: Vec<u32> = cells(a)
                            .into_iter()
                            .filter(|c| cells(b).contains(c))
                            .collect();
                        if b != a && m.unit[b] && !shared.is_empty() {
                            expected.push((b, shared));
                        }
                    }
                    let mut got: Vec<(usize, Vec<u32>)> = pairs
                        .of(&m, a)
                        .map(|k| (pairs.partner(k), pairs.shared(k).to_vec()))
                        .collect();
                    got.sort();
                    assert_eq!(got, expected, "{n:?} {rows}x{cols} wrapping {wrapping}");
                    assert_eq!(pairs.of(&m, a).len(), expected.len());
                }
            }
        }
    }
}
