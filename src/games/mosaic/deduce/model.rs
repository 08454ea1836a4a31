//! The clues as linear constraints over 0/1 squares (1 = black): each clue says
//! `sum(coef * x) = clue` over the squares of its neighbourhood.
//!
//! Coefficients are 1 except on tiny wrapped grids, where a neighbourhood reaches the same square
//! from several directions and docs/rules.md#shared-rules counts it once per direction.

use std::cell::RefCell;
use std::rc::Rc;

use super::super::{Mosaic, neighbourhood_dirs};
use crate::game::Game;
use crate::games::mosaic::Neighbourhood;
use crate::grid::{Pos, Topology};
use crate::proof::memo::{Slot, last_built};

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

/// One clue counting a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The clue.
    pub clue: u32,
    /// How many times it counts the square.
    pub coef: i32,
    /// Where the square sits among the clue's terms (bit `slot` of its masks).
    pub slot: u32,
}

/// A unit clue overlapping another: which of each one's terms they share, as bit masks over
/// term slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partner {
    /// The other clue.
    pub clue: u32,
    /// The shared squares among this clue's terms.
    pub mine: u16,
    /// The shared squares among the other clue's terms.
    pub theirs: u16,
}

/// A clue's number, its square, and the squares it counts.
#[derive(Clone, Debug)]
pub struct Model {
    /// Size and wrapping.
    pub topology: Topology,
    /// The square (row-major index) each clue sits on.
    pub clue_cell: Vec<u32>,
    /// Each clue's number.
    pub target: Vec<i32>,
    /// Each clue's squares with their coefficients, sorted by square.
    pub terms: Csr<(u32, i32)>,
    /// Whether every coefficient of a clue is 1 (the pair rules only reason about those).
    pub unit: Vec<bool>,
    /// For each square, the clues counting it.
    pub cell_clues: Csr<Count>,
    /// For each unit clue, the other unit clues sharing at least one square with it, in clue
    /// order.
    pub partners: Csr<Partner>,
}

/// What a model is built from: the grid, the neighbourhood and the clues.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ClueKey {
    topology: Topology,
    neighbourhood: Neighbourhood,
    clues: Vec<Option<u8>>,
}

impl ClueKey {
    fn of(game: &Mosaic) -> Self {
        let topology = game.topology();
        ClueKey {
            topology,
            neighbourhood: game.neighbourhood(),
            clues: topology.positions().map(|p| game.clue(p)).collect(),
        }
    }
}

impl Model {
    /// The model of a position's clues (its colours are not part of the model).
    pub fn of(game: &Mosaic) -> Model {
        let t = game.topology();
        let clues = t
            .positions()
            .filter_map(|p| game.clue(p).map(|c| (p, i32::from(c))));
        Model::build(t, game.neighbourhood(), clues)
    }

    /// [`Model::of`], kept for the next call with the same clues on this thread: the proof
    /// checker asks for the model once per rule and position, and the clues never change
    /// along a proof (building the pair partners is most of a rule check's time).
    pub fn shared(game: &Mosaic) -> Rc<Model> {
        thread_local! {
            static LAST: Slot<ClueKey, Model> = const { RefCell::new(None) };
        }
        last_built(&LAST, ClueKey::of(game), || Model::of(game))
    }

    /// A model with a clue on every square, each counting the black squares of `black`.
    pub fn everywhere(topology: Topology, neighbourhood: Neighbourhood, black: &[bool]) -> Model {
        let dirs = neighbourhood_dirs(neighbourhood);
        let clues = topology.positions().map(|p| {
            let n = topology
                .neighbours(p, dirs)
                .filter(|&q| black[topology.index(q)])
                .count();
            (p, n as i32)
        });
        Model::build(topology, neighbourhood, clues)
    }

    fn build(
        t: Topology,
        neighbourhood: Neighbourhood,
        clues: impl Iterator<Item = (Pos, i32)>,
    ) -> Model {
        let dirs = neighbourhood_dirs(neighbourhood);
        let mut clue_cell = Vec::new();
        let mut target = Vec::new();
        let mut rows = Vec::new();
        for (pos, clue) in clues {
            let mut cells: Vec<u32> = t.neighbours(pos, dirs).map(|p| t.index(p) as u32).collect();
            cells.sort_unstable();
            let mut terms: Vec<(u32, i32)> = Vec::with_capacity(cells.len());
            for c in cells {
                match terms.last_mut() {
                    Some((last, coef)) if *last == c => *coef += 1,
                    _ => terms.push((c, 1)),
                }
            }
            clue_cell.push(t.index(pos) as u32);
            target.push(clue);
            rows.push(terms);
        }
        let unit: Vec<bool> = rows
            .iter()
            .map(|r| r.iter().all(|&(_, k)| k == 1))
            .collect();
        let mut per_cell: Vec<Vec<Count>> = vec![Vec::new(); t.len()];
        for (con, terms) in rows.iter().enumerate() {
            for (slot, &(cell, coef)) in terms.iter().enumerate() {
                per_cell[cell as usize].push(Count {
                    clue: con as u32,
                    coef,
                    slot: slot as u32,
                });
            }
        }
        let partners = partners(&rows, &per_cell, &unit);
        Model {
            topology: t,
            clue_cell,
            target,
            terms: Csr::from_rows(rows),
            unit,
            cell_clues: Csr::from_rows(per_cell),
            partners,
        }
    }

    /// Number of clues.
    pub fn clues(&self) -> usize {
        self.target.len()
    }

    /// Number of squares.
    pub fn cells(&self) -> usize {
        self.topology.len()
    }

    /// The square a clue sits on.
    pub fn clue_pos(&self, clue: usize) -> Pos {
        self.topology.pos(self.clue_cell[clue] as usize)
    }

    /// How many squares a clue counts (with coefficients).
    pub fn size(&self, clue: u32) -> i32 {
        self.terms.row(clue as usize).iter().map(|&(_, k)| k).sum()
    }

    /// The square at a row-major index.
    pub fn pos(&self, cell: u32) -> Pos {
        self.topology.pos(cell as usize)
    }
}

fn partners(rows: &[Vec<(u32, i32)>], per_cell: &[Vec<Count>], unit: &[bool]) -> Csr<Partner> {
    let mut index = vec![u32::MAX; rows.len()];
    Csr::from_rows(rows.iter().enumerate().map(|(a, terms)| {
        let mut out: Vec<Partner> = Vec::new();
        if unit[a] {
            for (slot, &(cell, _)) in terms.iter().enumerate() {
                for k in &per_cell[cell as usize] {
                    let b = k.clue as usize;
                    if b == a || !unit[b] {
                        continue;
                    }
                    if index[b] == u32::MAX {
                        index[b] = out.len() as u32;
                        out.push(Partner {
                            clue: k.clue,
                            mine: 0,
                            theirs: 0,
                        });
                    }
                    let p = &mut out[index[b] as usize];
                    p.mine |= 1 << slot;
                    p.theirs |= 1 << k.slot;
                }
            }
            for p in &out {
                index[p.clue as usize] = u32::MAX;
            }
        }
        out.sort_unstable_by_key(|p| p.clue);
        out
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    fn model(text: &str) -> Model {
        Model::of(&Mosaic::parse(text).unwrap())
    }

    #[test]
    fn repeated_squares_get_coefficients_on_tiny_tori() {
        // 1x2 torus, ortho: (0,0) is reached up, itself and down; (0,1) left and right.
        let m = model("1 2 1 1\n2e-e\n");
        assert_eq!(m.terms.row(0), &[(0, 3), (1, 2)]);
        assert!(!m.unit[0]);
        assert_eq!(m.size(0), 5);
        assert!(m.partners.row(0).is_empty());
    }

    #[test]
    fn partner_masks_name_the_shared_squares() {
        // Clues on (1,1) and (1,2) of a 3x4 grid share columns 1 and 2.
        let m = model("3 4 0 0\n-e-e-e-e\n-e2e3e-e\n-e-e-e-e\n");
        assert_eq!(m.clues(), 2);
        let p = m.partners.row(0)[0];
        assert_eq!(p.clue, 1);
        let shared: Vec<u32> = (0..9)
            .filter(|s| p.mine >> s & 1 == 1)
            .map(|s| m.terms.row(0)[s].0)
            .collect();
        let theirs: Vec<u32> = (0..9)
            .filter(|s| p.theirs >> s & 1 == 1)
            .map(|s| m.terms.row(1)[s].0)
            .collect();
        assert_eq!(shared, theirs);
        assert_eq!(shared, vec![1, 2, 5, 6, 9, 10]);
        assert_eq!(m.partners.row(1)[0].clue, 0);
    }

    #[test]
    fn everywhere_counts_the_planted_blacks() {
        let t = Topology::new(2, 2, false);
        let m = Model::everywhere(t, Neighbourhood::OrthoExclude, &[true, false, false, true]);
        assert_eq!(m.target, vec![0, 2, 2, 0]);
        assert_eq!(m.clue_pos(3), Pos::new(1, 1));
        let g = Mosaic::new(Grid::filled(t, Some(0)), Neighbourhood::OrthoExclude).unwrap();
        assert_eq!(Model::of(&g).clues(), 4);
    }
}
