//! The puzzle as a constraint model: one 0/1 variable per square (1 = black) and, for each clue,
//! a linear equation `sum(coef * x) = clue` over the squares of its neighbourhood.
//!
//! Coefficients are 1 except on tiny wrapped grids, where a neighbourhood reaches the same square
//! from several directions and SPEC counts it once per direction.

use super::super::{Mosaic, neighbourhood_dirs};
use crate::game::Game;

/// Compressed rows: `items[start[i]..start[i + 1]]` belong to row `i`.
#[derive(Clone, Debug, Default)]
pub struct Csr<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy> Csr<T> {
    /// An empty table, ready for rows to be pushed.
    fn with_capacity(rows: usize, items: usize) -> Self {
        let mut start = Vec::with_capacity(rows + 1);
        start.push(0);
        Csr {
            start,
            items: Vec::with_capacity(items),
        }
    }

    /// Ends the current row.
    fn end_row(&mut self) {
        self.start.push(self.items.len() as u32);
    }

    /// The items of row `i`.
    #[inline]
    pub fn row(&self, i: usize) -> &[T] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The index range of row `i` in the flat item list.
    #[inline]
    pub fn range(&self, i: usize) -> std::ops::Range<usize> {
        self.start[i] as usize..self.start[i + 1] as usize
    }

    /// The item at a flat index.
    #[inline]
    pub fn item(&self, k: usize) -> T {
        self.items[k]
    }
}

/// The constraint model of a Mosaic puzzle.
#[derive(Clone, Debug)]
pub struct Model {
    /// Number of squares (variables).
    pub cells: usize,
    /// Each clue's number.
    pub targets: Vec<i32>,
    /// Each clue's squares with their coefficients, sorted by square.
    pub terms: Csr<(u32, i32)>,
    /// Whether every coefficient of a clue is 1 (the pair rule only reasons about those).
    pub unit: Vec<bool>,
    /// For each square, the clues that count it, with its coefficient there.
    pub cell_cons: Csr<(u32, i32)>,
    /// For each unit clue, the other unit clues sharing at least one square with it.
    pub partners: Csr<u32>,
    /// For each entry of `partners` (by flat index), the squares the two clues share.
    pub shared: Csr<u32>,
}

impl Model {
    /// Builds the model of `game`'s clues (its colours are ignored).
    pub fn new(game: &Mosaic) -> Model {
        let t = game.topology();
        let dirs = neighbourhood_dirs(game.neighbourhood());
        let clued = game.clues().cells().iter().flatten().count();
        let mut targets = Vec::with_capacity(clued);
        let mut terms = Csr::with_capacity(clued, clued * dirs.len());
        let mut unit = Vec::with_capacity(clued);
        for pos in t.positions() {
            let Some(clue) = game.clue(pos) else { continue };
            let mut cells = [0u32; 9];
            let mut n = 0;
            for p in t.neighbours(pos, dirs) {
                cells[n] = t.index(p) as u32;
                n += 1;
            }
            let cells = &mut cells[..n];
            cells.sort_unstable();
            let row_start = terms.items.len();
            for &c in cells.iter() {
                match terms.items[row_start..].last_mut() {
                    Some((last, coef)) if *last == c => *coef += 1,
                    _ => terms.items.push((c, 1)),
                }
            }
            unit.push(terms.items[row_start..].iter().all(|&(_, k)| k == 1));
            terms.end_row();
            targets.push(i32::from(clue));
        }
        let cell_cons = Self::transpose(t.len(), &terms);
        let (partners, shared) = Self::partners(&terms, &cell_cons, &unit);
        Model {
            cells: t.len(),
            targets,
            terms,
            unit,
            cell_cons,
            partners,
            shared,
        }
    }

    /// For each square, the clues that count it.
    fn transpose(cells: usize, terms: &Csr<(u32, i32)>) -> Csr<(u32, i32)> {
        let mut count = vec![0u32; cells + 1];
        for &(cell, _) in &terms.items {
            count[cell as usize + 1] += 1;
        }
        for i in 0..cells {
            count[i + 1] += count[i];
        }
        let mut fill = count.clone();
        let mut items = vec![(0u32, 0i32); terms.items.len()];
        for con in 0..terms.start.len() - 1 {
            for &(cell, k) in terms.row(con) {
                let slot = &mut fill[cell as usize];
                items[*slot as usize] = (con as u32, k);
                *slot += 1;
            }
        }
        Csr {
            start: count,
            items,
        }
    }

    /// Overlapping unit clues and the squares each pair shares.
    fn partners(
        terms: &Csr<(u32, i32)>,
        cell_cons: &Csr<(u32, i32)>,
        unit: &[bool],
    ) -> (Csr<u32>, Csr<u32>) {
        let n = unit.len();
        let mut partners = Csr::with_capacity(n, n * 24);
        let mut shared = Csr::with_capacity(n * 24, n * 24 * 4);
        let mut seen = vec![u32::MAX; n];
        // Squares of the current clue `a`, marked with `a`.
        let mut in_a = vec![u32::MAX; cell_cons.start.len() - 1];
        for a in 0..n {
            if unit[a] {
                let row_start = partners.items.len();
                for &(cell, _) in terms.row(a) {
                    in_a[cell as usize] = a as u32;
                    for &(b, _) in cell_cons.row(cell as usize) {
                        let bi = b as usize;
                        if bi != a && unit[bi] && seen[bi] != a as u32 {
                            seen[bi] = a as u32;
                            partners.items.push(b);
                        }
                    }
                }
                for k in row_start..partners.items.len() {
                    let b = partners.items[k] as usize;
                    // Branch-free: which squares of B are A's is unpredictable.
                    let mut buf = [0u32; 9];
                    let mut len = 0;
                    for &(cell, _) in terms.row(b) {
                        buf[len] = cell;
                        len += usize::from(in_a[cell as usize] == a as u32);
                    }
                    shared.items.extend_from_slice(&buf[..len]);
                    shared.end_row();
                }
            }
            partners.end_row();
        }
        (partners, shared)
    }
    /// Number of clues.
    pub fn constraints(&self) -> usize {
        self.targets.len()
    }
}
