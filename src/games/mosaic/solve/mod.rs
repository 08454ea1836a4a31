//! The Mosaic solver: first solution and exact solution count
//! (docs/rules.md#solver-generator-and-hints).
//!
//! A solution is a full colouring, colours already in the position ignored, in which every clue
//! counts exactly its number of black squares. Squares no clue counts are free.

mod model;
mod propagate;
mod search;

use super::{Colour, Mosaic};
use crate::game::{Count, CountWatch, Game};
use crate::grid::Grid;
use model::Model;
use propagate::BLACK;
use search::Search;

/// Grids with more squares than this search on a thread with a large stack: the search recurses
/// once per branching decision.
const BIG_GRID: usize = 1_024;

/// Runs `f`, on a thread with a stack sized for `cells` squares when the grid is large (and on
/// this thread if no thread can be started).
fn with_stack<T: Send>(cells: usize, f: impl FnOnce() -> T + Send) -> T {
    if cells <= BIG_GRID {
        return f();
    }
    let size = (64 << 20) + cells.saturating_mul(1024);
    let job = std::sync::Mutex::new(Some(f));
    let take = || job.lock().ok().and_then(|mut j| j.take());
    let spawned = std::thread::scope(|s| {
        let handle = std::thread::Builder::new()
            .stack_size(size)
            .spawn_scoped(s, || take().map(|f| f()))
            .ok()?;
        Some(
            handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        )
    });
    match spawned.flatten() {
        Some(result) => result,
        None => match take() {
            Some(f) => f(),
            None => unreachable!("the job runs exactly once"),
        },
    }
}

/// The colours of the first solution, if any.
pub fn first_solution(game: &Mosaic) -> Option<Grid<Colour>> {
    let model = Model::new(game);
    let values = with_stack(model.cells, || {
        let mut search = Search::new(&model, Some(1), true);
        let n = search.run();
        (n != Count::ZERO).then_some(search.solution).flatten()
    })?;
    Grid::from_cells(game.topology(), colours_of(&values))
}

/// The colours of the first solution keeping every colour already placed, if any.
pub fn first_solution_keeping(game: &Mosaic) -> Option<Grid<Colour>> {
    let model = Model::new(game);
    let values = with_stack(model.cells, || {
        let mut search = Search::new(&model, Some(1), true);
        for (i, colour) in game.colours().cells().iter().enumerate() {
            match colour {
                Colour::Empty => {}
                Colour::White => search.state.assign(i as u32, propagate::WHITE),
                Colour::Black => search.state.assign(i as u32, BLACK),
            }
        }
        let n = search.run();
        (n != Count::ZERO).then_some(search.solution).flatten()
    })?;
    Grid::from_cells(game.topology(), colours_of(&values))
}

/// Solver values as colours.
fn colours_of(values: &[u8]) -> Vec<Colour> {
    values
        .iter()
        .map(|&v| {
            if v == BLACK {
                Colour::Black
            } else {
                Colour::White
            }
        })
        .collect()
}

/// The number of solutions, stopping at `limit` when given. Its cache of region counts stays
/// within half the default memory cap of a count.
pub fn count(game: &Mosaic, limit: Option<u64>) -> Count {
    let model = Model::new(game);
    with_stack(model.cells, || Search::new(&model, limit, false).run())
}

/// `count`, raising `watch.counted` to lower bounds of the count as it goes (see
/// `Search::telling`), its cache within half of `watch.memory_bytes` (the search itself holds
/// little: a trail and scratch per square).
pub fn count_telling(game: &Mosaic, limit: Option<u64>, watch: &CountWatch) -> Count {
    let model = Model::new(game);
    with_stack(model.cells, || {
        Search::new(&model, limit, false)
            .telling(
                std::sync::Arc::clone(&watch.counted),
                watch.memory_bytes / 2,
            )
            .run()
    })
}

/// The colours the deduction rules alone force (no search): `Empty` where undecided, `None`
/// when the clues contradict each other.
pub fn deduce(game: &Mosaic) -> Option<Grid<Colour>> {
    let model = Model::new(game);
    let mut state = propagate::State::new(&model);
    if !state.propagate() {
        return None;
    }
    let colours = state
        .value
        .iter()
        .map(|&v| match v {
            propagate::WHITE => Colour::White,
            BLACK => Colour::Black,
            _ => Colour::Empty,
        })
        .collect();
    Grid::from_cells(game.topology(), colours)
}
