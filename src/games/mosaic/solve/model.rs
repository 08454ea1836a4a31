//! The puzzle as a constraint model: one 0/1 variable per square (1 = black) and, for each clue,
//! a linear equation `sum(coef * x) = clue` over the squares of its neighbourhood.
//!
//! Coefficients are 1 except on tiny wrapped grids, where a neighbourhood reaches the same square
//! from several directions and SPEC counts it once per direction.

use super::super::Mosaic;
use crate::game::Game;

/// Compressed rows: `items[start[i]..start[i + 1]]` belong to row `i`.
#[derive(Clone, Debug, Default)]
pub struct Csr<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy> Csr<T> {
    fn from_rows(rows: impl IntoIterator<Item = Vec<T>>) -> Self {
        let mut csr = Csr {
            start: vec![0],
            items: Vec::new(),
        };
        for row in rows {
            csr.items.extend(row);
            csr.start.push(csr.items.len() as u32);
        }
        csr
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
    /// For each unit clue, the other unit clues sharing at least one square with it.
    pub partners: Csr<u32>,
}

impl Model {
    /// Builds the model of `game`'s clues (its colours are ignored).
    pub fn new(game: &Mosaic) -> Model {
        let t = game.topology();
        let mut targets = Vec::new();
        let mut rows = Vec::new();
        for pos in t.positions() {
            let Some(clue) = game.clue(pos) else { continue };
            let mut cells: Vec<u32> = game.neighbours(pos).map(|p| t.index(p) as u32).collect();
            cells.sort_unstable();
            let mut terms: Vec<(u32, i32)> = Vec::with_capacity(cells.len());
            for c in cells {
                match terms.last_mut() {
                    Some((last, coef)) if *last == c => *coef += 1,
                    _ => terms.push((c, 1)),
                }
            }
            targets.push(i32::from(clue));
            rows.push(terms);
        }
        let unit: Vec<bool> = rows
            .iter()
            .map(|r| r.iter().all(|&(_, k)| k == 1))
            .collect();
        let mut per_cell: Vec<Vec<(u32, i32)>> = vec![Vec::new(); t.len()];
        for (con, terms) in rows.iter().enumerate() {
            for &(cell, coef) in terms {
                per_cell[cell as usize].push((con as u32, coef));
            }
        }
        let partners = Self::partners(&rows, &per_cell, &unit);
        Model {
            cells: t.len(),
            targets,
            terms: Csr::from_rows(rows),
            unit,
            cell_cons: Csr::from_rows(per_cell),
            partners,
        }
    }

    fn partners(rows: &[Vec<(u32, i32)>], per_cell: &[Vec<(u32, i32)>], unit: &[bool]) -> Csr<u32> {
        let mut seen = vec![u32::MAX; rows.len()];
        Csr::from_rows(rows.iter().enumerate().map(|(a, terms)| {
            let mut out = Vec::new();
            if unit[a] {
                for &(cell, _) in terms {
                    for &(b, _) in &per_cell[cell as usize] {
                        let b_idx = b as usize;
                        if b_idx != a && unit[b_idx] && seen[b_idx] != a as u32 {
                            seen[b_idx] = a as u32;
                            out.push(b);
                        }
                    }
                }
            }
            out
        }))
    }

    /// Number of clues.
    pub fn constraints(&self) -> usize {
        self.targets.len()
    }
}
