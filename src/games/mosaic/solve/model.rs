//! The puzzle as a constraint model: one 0/1 variable per square (1 = black) and, for each clue,
//! a linear equation `sum(coef * x) = clue` over the squares of its neighbourhood.
//!
//! Coefficients are 1 except on tiny wrapped grids, where a neighbourhood reaches the same square
//! from several directions and docs/rules.md#shared-rules counts it once per direction.

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
        Model {
            cells: t.len(),
            targets,
            terms,
            unit,
            cell_cons,
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

    /// Number of clues.
    pub fn constraints(&self) -> usize {
        self.targets.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mosaic::Neighbourhood;
    use crate::grid::{Grid, Topology};

    fn clued(rows: usize, cols: usize, wrapping: bool, n: Neighbourhood) -> Mosaic {
        let t = Topology::new(rows, cols, wrapping);
        let clues = (0..t.len()).map(|i| (i % 3 != 1).then_some(1)).collect();
        Mosaic::new(Grid::from_cells(t, clues).unwrap(), n).unwrap()
    }

    #[test]
    fn tiny_wrapped_grids_give_coefficients() {
        let m = Model::new(&clued(1, 1, true, Neighbourhood::Full));
        assert_eq!(m.terms.row(0), &[(0, 9)]);
        assert!(!m.unit[0]);
        let m = Model::new(&clued(2, 2, true, Neighbourhood::OrthoExclude));
        assert_eq!(m.terms.row(0), &[(1, 2), (2, 2)]);
    }
}
