//! A strategy for tiny Tents puzzles, shared by the property tests that check solvers
//! against brute force (included with `#[path]`).

use gridpuzzles::games::tents::{Rule4, Square, Tents};
use gridpuzzles::grid::{Grid, Topology};
use proptest::prelude::*;

/// Either rule 4.
pub fn any_rule4() -> impl Strategy<Value = Rule4> {
    prop::sample::select(vec![Rule4::Local, Rule4::Matching])
}

prop_compose! {
    /// A tiny puzzle (at most 12 squares, so brute force stays cheap). Half the time the counts
    /// come from a random set of tent squares, so that solutions are common.
    pub fn tiny_puzzle()(rows in 1usize..=3, cols in 1usize..=4)(
        trees in prop::collection::vec(prop::bool::weighted(0.3), rows * cols),
        tents in prop::collection::vec(prop::bool::weighted(0.3), rows * cols),
        random_counts in (
            prop::collection::vec(0usize..3, rows),
            prop::collection::vec(0usize..3, cols),
        ),
        derived in any::<bool>(),
        wrapping in any::<bool>(),
        diagadj in any::<bool>(),
        rule4 in any_rule4(),
        rows in Just(rows),
        cols in Just(cols),
    ) -> Tents {
        let t = Topology::new(rows, cols, wrapping);
        let cells: Vec<Square> = trees
            .iter()
            .map(|&x| if x { Square::Tree } else { Square::Empty })
            .collect();
        let (row_counts, col_counts) = if derived {
            let tent = |i: usize| tents[i] && !trees[i];
            (
                (0..rows).map(|r| (0..cols).filter(|&c| tent(r * cols + c)).count()).collect(),
                (0..cols).map(|c| (0..rows).filter(|&r| tent(r * cols + c)).count()).collect(),
            )
        } else {
            random_counts
        };
        let grid = Grid::from_cells(t, cells).unwrap();
        Tents::new(grid, row_counts, col_counts, diagadj, rule4).unwrap()
    }
}
