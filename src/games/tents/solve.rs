//! The Tents solver: first solution and exact solution count (docs/rules.md#tents,
//! docs/rules.md#solver-generator-and-hints).
//!
//! Counts beyond a limit of 1000 are by constraint propagation (line counts and placements,
//! no-touch, trees needing a tent, and under the matching rule a maintained tree–tent matching)
//! plus depth-first search, where regions that share no live constraint are counted apart and
//! their counts multiplied.
//! A first solution and a count capped at up to 1000 (2 proves uniqueness, as the generator
//! asks) go to a clause-learning SAT solver with the line and matching reasoning as
//! propagators inside it (`lcg`). The puzzle as plain clauses, the benches' baseline, is the
//! `tents-sat` crate beside this one, outside the product.
//! An exact count without a limit takes the route of `count_exact`: clusters (`count_clusters`,
//! `count_search`) when trees are sparse, each small group of trees and tent squares listed once
//! and only the line counts linking the groups, which counts puzzles with billions of solutions;
//! else the clause-learning engine when it finds few solutions; else the search.
//!
//! Adjacency follows the topology, per direction, but a square is never adjacent to itself: on a
//! 1-wide torus a tent's left and right neighbours are the tent itself, which is not "another
//! tent", so it does not break rule 1; a tree that is its own neighbour gives itself no tent
//! square. A square reached from two directions is one neighbour for adjacency.

mod backbone;
mod count_blocks;
mod count_bridges;
mod count_cache;
mod count_clusters;
mod count_exact;
mod count_masks;
mod count_memory;
mod count_probes;
mod count_search;
mod engine;
mod flow;
mod flow_graph;
mod lcg;
mod line;
mod line_scratch;
mod model;
mod scc;
mod search;
mod state;

#[cfg(test)]
pub(crate) mod test_reader;
#[cfg(test)]
mod tests;

use num_bigint::BigUint;

use super::Rule4;
use crate::budget::{Budget, OutOfTime};
use crate::game::Count;
use crate::grid::Topology;
pub use count_cache::{CountOptions, DEFAULT_MEMORY_BYTES, OverMemory};
#[cfg(test)]
use count_exact::count_by_clusters;
use model::Model;
use search::Searcher;

/// A Tents puzzle as the solver sees it: the trees, the counts and the rules.
#[derive(Clone, Debug)]
pub struct TentsPuzzle {
    /// Size and wrapping.
    pub topology: Topology,
    /// Whether each square holds a tree, row-major.
    pub trees: Vec<bool>,
    /// Expected tents per row.
    pub row_counts: Vec<usize>,
    /// Expected tents per column.
    pub col_counts: Vec<usize>,
    /// Whether tents may touch diagonally.
    pub diagadj: bool,
    /// Which rule 4 applies.
    pub rule4: Rule4,
}

/// Up to this limit a capped count (such as "unique?", a limit of 2) goes to the clause-learning
/// engine, which lists solutions one by one; an exact count, or a count capped higher, first
/// lists this many (`count_exact`), and the search counts only when there are more: listing
/// is bounded at seconds on dense puzzles, where the search can take far longer.
const LCG_LIST_LIMIT: u64 = 1000;

/// From this many tent squares (about a 20x20 dense puzzle) an exact count first lists
/// solutions with the clause-learning engine (see `count_exact`); below it the search counts
/// at once.
const LCG_MIN_CANDIDATES: usize = 400;

/// One solution (the tents, row-major), or `None` when the puzzle has none.
///
/// The clause-learning engine at every size: from 20x20 on it is the faster, and below it
/// costs next to nothing more than the search.
pub fn first_solution(p: &TentsPuzzle) -> Option<Vec<bool>> {
    let m = Model::new(p)?;
    lcg::solutions(&m, 1).pop()
}

/// `first_solution`, or `Err(OutOfTime)` when `budget` runs out first.
pub fn first_solution_within(
    p: &TentsPuzzle,
    budget: &Budget,
) -> Result<Option<Vec<bool>>, OutOfTime> {
    let Some(m) = Model::new(p) else {
        return Ok(None);
    };
    Ok(lcg::solutions_within(&m, 1, budget)?.pop())
}

/// `min(count, limit)` for a limit up to `LCG_LIST_LIMIT` (the solutions are listed), or
/// `Err(OutOfTime)` when `budget` runs out first. A higher limit is counted without a budget.
pub fn count_within(p: &TentsPuzzle, limit: u64, budget: &Budget) -> Result<Count, OutOfTime> {
    if limit > LCG_LIST_LIMIT {
        return Ok(count_solutions(p, Some(limit)));
    }
    let Some(m) = Model::new(p) else {
        return Ok(BigUint::ZERO);
    };
    Ok(BigUint::from(
        lcg::solutions_within(&m, limit, budget)?.len(),
    ))
}

/// The exact number of solutions; with `Some(n)`, `min(count, n)` (the search stops there).
/// Its caches stay within `DEFAULT_MEMORY_BYTES`, less what its search holds (see
/// `CountOptions`); the search holds what it needs.
pub fn count_solutions(p: &TentsPuzzle, limit: Option<u64>) -> Count {
    count_solutions_with(p, limit, &CountOptions::default())
        .unwrap_or_else(|_| unreachable!("a count without `stop_at_cap` never stops at the cap"))
}

/// `count_solutions` within `opts.memory_bytes`, raising `opts.counted` as it goes:
/// `Err(OverMemory)` when the count stopped at that cap (with `opts.stop_at_cap` only).
pub fn count_solutions_with(
    p: &TentsPuzzle,
    limit: Option<u64>,
    opts: &CountOptions,
) -> Result<Count, OverMemory> {
    if limit == Some(0) {
        return Ok(BigUint::ZERO);
    }
    let Some(m) = Model::new(p) else {
        return Ok(BigUint::ZERO);
    };
    match limit {
        None => count_exact::count(&m, opts),
        Some(l) if l <= LCG_LIST_LIMIT => Ok(BigUint::from(lcg::count_listed(
            &m,
            l,
            opts.memory_bytes,
            &opts.counted,
        ))),
        Some(l) => count_exact::count_up_to(&m, &BigUint::from(l), opts),
    }
}

/// An engine for a capped count, to compare them (benches, examples).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The depth-first search with probing.
    Search,
    /// Clause learning with the line and matching propagators inside the solver.
    Lcg,
}

/// `min(count, limit)` by one engine, whatever the puzzle's size.
#[doc(hidden)]
pub fn count_by_route(p: &TentsPuzzle, limit: u64, route: Route) -> u64 {
    let Some(m) = Model::new(p) else {
        return 0;
    };
    match route {
        Route::Search => {
            let n = Searcher::for_model(&m).count_all(Some(&BigUint::from(limit)));
            u64::try_from(n).unwrap_or(limit)
        }
        Route::Lcg => lcg::solutions(&m, limit).len() as u64,
    }
}
