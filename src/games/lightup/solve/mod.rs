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
//! Probing (failed literals) adds the player's "a bulb here would leave that square unlightable"
//! and its mirror image. Search branches on the smallest "at least one bulb among these" set
//! (a wall still short of bulbs, or an unlit cell's candidates) as "the first of them that is a
//! bulb", which splits the solutions into disjoint cases. The undecided cells are split into
//! independent regions solved separately; counts of regions multiply and are cached.

mod branch;
mod model;
mod regions;
mod search;

use num_bigint::BigUint;

use crate::count_bound::Chain;
use crate::game::{Count, CountWatch};

use super::LightUp;
use model::Model;
use search::Search;

/// A cell not decided yet.
const UNKNOWN: u8 = 0;
/// A cell holding a bulb.
const BULB: u8 = 1;
/// A cell without a bulb.
const EMPTY: u8 = 2;
/// No cell, segment or wall.
const NONE: u32 = u32::MAX;

/// Regions larger than this are not cached (their keys would cost more than they save).
const CACHE_MAX_CELLS: usize = 256;
/// Smaller sets of cells are searched without probing: there it costs more than it saves.
const PROBE_MIN_CELLS: usize = 64;
/// Grids with more cells than this search on a thread with a large stack.
const BIG_GRID_CELLS: usize = 2_000;
const BIG_STACK_BYTES: usize = 256 << 20;

/// The first solution: the puzzle's walls with the solution's bulbs, every other square blank.
pub fn first_solution(game: &LightUp) -> Option<LightUp> {
    first_solution_with(game, PROBE_MIN_CELLS)
}

/// The number of solutions; with `limit`, the count stops there (the result is then `limit`).
/// Its cache of region counts stays within half the default memory cap of a count.
pub fn count(game: &LightUp, limit: Option<u64>) -> Count {
    count_with(game, limit, PROBE_MIN_CELLS, None)
}

/// `count`, raising `watch.counted` to lower bounds of the count as it goes (the cases of each
/// branch counted so far, times the regions counted beside them), its cache within half of
/// `watch.memory_bytes` (the search itself holds little: a trail and scratch per cell).
pub fn count_telling(game: &LightUp, limit: Option<u64>, watch: &CountWatch) -> Count {
    count_with(game, limit, PROBE_MIN_CELLS, Some(watch))
}

/// Up to `limit` distinct solutions, in search order.
pub fn solutions(game: &LightUp, limit: usize) -> Vec<LightUp> {
    solutions_with(game, limit, PROBE_MIN_CELLS)
}

fn first_solution_with(game: &LightUp, probe_min: usize) -> Option<LightUp> {
    let model = Model::new(game);
    with_stack_for(&model, || {
        let mut search = Search::new(&model, probe_min);
        let all = search.unknown_cells();
        (search.start() && search.find_region(&all))
            .then(|| model.position(game, &search.bulbs_since(0)))
    })
}

fn count_with(
    game: &LightUp,
    limit: Option<u64>,
    probe_min: usize,
    watch: Option<&CountWatch>,
) -> Count {
    let limit = limit.map(BigUint::from);
    if limit.as_ref().is_some_and(|l| *l == BigUint::ZERO) {
        return BigUint::ZERO;
    }
    let model = Model::new(game);
    with_stack_for(&model, || {
        let mut search = Search::new(&model, probe_min);
        if let Some(watch) = watch {
            search.counted = Some(std::sync::Arc::clone(&watch.counted));
            search.cache_budget = watch.memory_bytes / 2;
        }
        let all = search.unknown_cells();
        if !search.start() {
            return BigUint::ZERO;
        }
        let chain = watch.map(|_| Chain::root());
        search.count_region(&all, limit.as_ref(), chain.as_ref())
    })
}

fn solutions_with(game: &LightUp, limit: usize, probe_min: usize) -> Vec<LightUp> {
    if limit == 0 {
        return Vec::new();
    }
    let model = Model::new(game);
    with_stack_for(&model, || {
        let mut search = Search::new(&model, probe_min);
        let all = search.unknown_cells();
        if !search.start() {
            return Vec::new();
        }
        let forced = search.bulbs_since(0);
        combine(&[forced], &search.list_region(&all, limit), limit)
            .iter()
            .map(|bulbs| model.position(game, bulbs))
            .collect()
    })
}

/// Every way to extend a partial solution of `left` with one of `right`, the first `limit`.
fn combine(left: &[Vec<u32>], right: &[Vec<u32>], limit: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for a in left {
        for b in right {
            if out.len() == limit {
                return out;
            }
            out.push(a.iter().chain(b).copied().collect());
        }
    }
    out
}

fn cap(n: Count, limit: Option<&Count>) -> Count {
    match limit {
        Some(l) if n > *l => l.clone(),
        _ => n,
    }
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
            Err(error) => thread_unavailable(&error),
        }
    })
}

/// Spawning a thread only fails when the system is out of resources; a deep search has no
/// sensible fallback without the stack.
fn thread_unavailable(error: &std::io::Error) -> ! {
    panic!("could not start the solver thread: {error}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::lightup::Square;
    use crate::grid::Pos;
    use crate::grid::Topology;

    fn game(text: &str) -> LightUp {
        LightUp::parse(text).unwrap()
    }

    #[test]
    fn segments_follow_walls_and_wrap() {
        // Row 0 wraps around its single wall: cells (0,1), (0,2), (0,0) form one segment.
        let g = game("2 4 1\nbbbw\nbbbb\n");
        let m = Model::new(&g);
        let h: Vec<u32> = m.hseg.clone();
        assert_eq!(h[0], h[1]);
        assert_eq!(h[1], h[2]);
        assert_ne!(h[2], h[3]);
        assert_eq!(m.seg_cells.get(h[3] as usize).len(), 4);
        let flat = game("2 4 0\nbwbb\nbbbb\n");
        let m = Model::new(&flat);
        assert_ne!(m.hseg[0], m.hseg[1]);
        assert_eq!(m.hseg[1], m.hseg[2]);
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
    fn a_large_open_grid_counts_through_the_cache() {
        // 8! permutation matrices: counted exactly without enumerating them one by one.
        let row = "bbbbbbbb\n";
        let g = game(&format!("8 8 0\n{}", row.repeat(8)));
        assert_eq!(count(&g, None), 40320u32.into());
    }

    /// The bound raised as the count goes never passes the count (the bound kept is the most
    /// ever raised) and ends at it; a cache held to a few KB, emptied again and again, changes
    /// nothing.
    #[test]
    fn a_count_telling_its_progress_ends_at_the_count_within_a_tiny_cache() {
        // 6! permutation matrices.
        let row = "bbbbbb\n";
        let g = game(&format!("6 6 0\n{}", row.repeat(6)));
        for memory_bytes in [crate::game::COUNT_MEMORY_BYTES, 8 << 10] {
            let watch = CountWatch {
                memory_bytes,
                ..CountWatch::default()
            };
            assert_eq!(count_telling(&g, None, &watch), 720u32.into());
            let counted = watch.counted.load(std::sync::atomic::Ordering::Relaxed);
            assert_eq!(counted, 720, "{memory_bytes}");
        }
    }

    #[test]
    fn all_walls_have_one_solution_unless_a_number_needs_bulbs() {
        assert_eq!(count(&game("1 2 0\nw0\n"), None), 1u32.into());
        assert_eq!(count(&game("1 2 0\nw1\n"), None), BigUint::ZERO);
        assert!(first_solution(&game("1 2 0\nw1\n")).is_none());
        assert!(first_solution(&game("1 2 0\nw0\n")).unwrap().is_won());
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
        assert!(solutions(&g, 0).is_empty());
    }

    #[test]
    fn big_grids_search_on_a_big_stack() {
        // 2001 cells, each alone between walls: beyond BIG_GRID_CELLS, solved by propagation.
        let g = game(&format!("1 4001 0\n{}b\n", "bw".repeat(2000)));
        assert!(Model::new(&g).pos_of.len() > BIG_GRID_CELLS);
        assert!(first_solution(&g).unwrap().is_won());
        assert_eq!(count(&g, None), 1u32.into());
        assert_eq!(solutions(&g, 2).len(), 1);
    }

    /// Counts winning bulb sets by trying every subset of the free squares.
    fn brute_force(puzzle: &LightUp) -> u64 {
        let free: Vec<Pos> = puzzle
            .topology()
            .positions()
            .filter(|&p| puzzle.square(p).is_some_and(|s| !s.is_wall()))
            .collect();
        (0u32..1 << free.len())
            .filter(|mask| {
                let mut squares = puzzle.squares().clone();
                for (k, &p) in free.iter().enumerate() {
                    if mask & (1 << k) != 0 {
                        squares[p] = Square::Bulb;
                    }
                }
                LightUp::new(squares).is_some_and(|g| g.is_won())
            })
            .count() as u64
    }

    fn small_puzzle() -> impl Strategy<Value = LightUp> {
        let square = prop_oneof![
            6 => Just(Square::Blank),
            1 => Just(Square::Wall(None)),
            2 => (0u8..=4).prop_map(|n| Square::Wall(Some(n))),
        ];
        (1usize..=4, 1usize..=4, any::<bool>())
            .prop_flat_map(move |(rows, cols, wrapping)| {
                proptest::collection::vec(square.clone(), rows * cols).prop_map(move |cells| {
                    let t = Topology::new(rows, cols, wrapping);
                    LightUp::new(crate::grid::Grid::from_cells(t, cells).unwrap()).unwrap()
                })
            })
            .prop_filter("at most 12 free squares", |g| {
                g.squares().cells().iter().filter(|s| !s.is_wall()).count() <= 12
            })
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        /// Probing everywhere, nowhere, and by default all agree with brute force.
        #[test]
        fn probing_never_changes_the_answer(puzzle in small_puzzle()) {
            let expected = brute_force(&puzzle);
            for probe_min in [0, usize::MAX] {
                prop_assert_eq!(count_with(&puzzle, None, probe_min, None), Count::from(expected));
                prop_assert_eq!(
                    count_with(&puzzle, Some(2), probe_min, None),
                    Count::from(expected.min(2))
                );
                let listed = solutions_with(&puzzle, 1000, probe_min);
                prop_assert_eq!(listed.len() as u64, expected);
                prop_assert!(listed.iter().all(|s| s.is_won()));
                match first_solution_with(&puzzle, probe_min) {
                    Some(s) => prop_assert!(expected > 0 && s.is_won()),
                    None => prop_assert_eq!(expected, 0),
                }
            }
        }
    }
}
