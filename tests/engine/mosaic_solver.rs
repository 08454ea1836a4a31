//! The Mosaic solver against a brute-force oracle, plus solver behaviour on special grids.

use gridpuzzles::game::{Count, Game};
use gridpuzzles::games::mosaic::{Colour, Mosaic, Neighbourhood};
use gridpuzzles::grid::{Grid, Pos, Topology};
use proptest::prelude::*;

use crate::common::mosaic_picture::{self, NEIGHBOURHOODS};

/// Counts, by trying every colouring, those the game's own rules call won.
fn brute_force(game: &Mosaic) -> u64 {
    let t = game.topology();
    let n = t.len();
    (0u64..1 << n)
        .filter(|bits| {
            let colours: Vec<Colour> = (0..n)
                .map(|i| {
                    if bits >> i & 1 == 1 {
                        Colour::Black
                    } else {
                        Colour::White
                    }
                })
                .collect();
            let colours = Grid::from_cells(t, colours).unwrap();
            Mosaic::from_parts(game.clues().clone(), colours, game.neighbourhood())
                .unwrap()
                .is_won()
        })
        .count() as u64
}

/// A random small puzzle: sizes up to 12 squares, every option, clues planted from a random
/// colouring (so most puzzles have solutions) or, now and then, arbitrary.
fn small_puzzle() -> impl Strategy<Value = Mosaic> {
    (1usize..=4, 1usize..=4, any::<bool>(), 0usize..4)
        .prop_filter("at most 12 squares", |(r, c, _, _)| r * c <= 12)
        .prop_flat_map(|(rows, cols, wrapping, n)| {
            let len = rows * cols;
            (
                Just((rows, cols, wrapping, n)),
                proptest::collection::vec(any::<bool>(), len),
                proptest::collection::vec(0u8..4, len),
                proptest::collection::vec(0u8..10, len),
            )
        })
        .prop_map(|((rows, cols, wrapping, n), black, kind, noise)| {
            let t = Topology::new(rows, cols, wrapping);
            let neighbourhood = NEIGHBOURHOODS[n];
            let planted = mosaic_picture::picture(t, &black, neighbourhood);
            let clues: Vec<Option<u8>> = t
                .positions()
                .enumerate()
                .map(|(i, p)| match kind[i] {
                    0 => None,
                    1 if noise[i] < 2 => Some(noise[i] * 4),
                    _ => Some(mosaic_picture::clue_at(&planted, p)),
                })
                .collect();
            Mosaic::new(Grid::from_cells(t, clues).unwrap(), neighbourhood).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn count_equals_brute_force(game in small_puzzle()) {
        let expected = brute_force(&game);
        prop_assert_eq!(game.count(None), Count::from(expected), "{}", game.format());
    }

    #[test]
    fn limited_count_is_capped_exact_count(game in small_puzzle(), limit in 0u64..5) {
        let expected = brute_force(&game).min(limit);
        prop_assert_eq!(game.count(Some(limit)), Count::from(expected));
    }

    #[test]
    fn solve_returns_a_won_position_iff_a_solution_exists(game in small_puzzle()) {
        match game.solve() {
            Some(solved) => {
                prop_assert!(solved.is_won(), "{}", solved.format());
                prop_assert_eq!(solved.clues(), game.clues());
                prop_assert_eq!(solved.topology(), game.topology());
            }
            None => prop_assert_eq!(brute_force(&game), 0),
        }
    }
}

#[test]
fn squares_outside_every_clue_double_the_count() {
    let t = Topology::new(3, 30, false);
    let game = Mosaic::new(Grid::filled(t, None), Neighbourhood::Full).unwrap();
    assert_eq!(game.count(None), Count::from(1u8) << 90);
    assert_eq!(game.count(Some(1000)), Count::from(1000u32));
    let solved = game.solve().unwrap();
    assert!(solved.is_won());
}

#[test]
fn colours_in_the_position_are_ignored() {
    let g = Mosaic::default_game().apply(Pos::new(0, 0), Colour::Black);
    assert_eq!(g.count(None), Count::from(1u8));
    let solved = g.solve().unwrap();
    assert_eq!(solved.colour(Pos::new(0, 0)), Colour::White);
}

#[test]
fn impossible_clue_has_no_solution() {
    // A 9 in a corner of a non-wrapping grid sees only 4 squares.
    let g = Mosaic::parse("2 2 0 0\n9e-e\n-e-e\n").unwrap();
    assert_eq!(g.count(None), Count::ZERO);
    assert!(g.solve().is_none());
    // Ortho-exclude on a 1x1 grid: the clue sees nothing, so only 0 can be met.
    let zero = Mosaic::parse("1 1 0 3\n0e\n").unwrap();
    assert_eq!(zero.count(None), Count::from(2u8));
    let one = Mosaic::parse("1 1 0 3\n1e\n").unwrap();
    assert_eq!(one.count(None), Count::ZERO);
}

#[test]
fn tiny_wrapped_grids_count_per_direction() {
    // On a wrapping 1x1 grid the full 3x3 block is the square itself nine times.
    let nine = Mosaic::parse("1 1 1 0\n9e\n").unwrap();
    assert_eq!(nine.count(None), Count::from(1u8));
    assert_eq!(nine.solve().unwrap().colour(Pos::new(0, 0)), Colour::Black);
    let one = Mosaic::parse("1 1 1 0\n1e\n").unwrap();
    assert_eq!(one.count(None), Count::ZERO);
    // 1x2 wrapping, full: each square seen 3 times, the other 6 times; clue 3 on (0,0) means
    // (0,0) black and (0,1) white.
    let g = Mosaic::parse("1 2 1 0\n3e-e\n").unwrap();
    assert_eq!(g.count(None), Count::from(1u8));
    let s = g.solve().unwrap();
    assert_eq!(s.colour(Pos::new(0, 0)), Colour::Black);
    assert_eq!(s.colour(Pos::new(0, 1)), Colour::White);
}

/// A planted 100x100 puzzle: clues on the squares where `keep(row, col)` holds.
fn planted_large(wrapping: bool, n: Neighbourhood, keep: impl Fn(usize, usize) -> bool) -> Mosaic {
    let t = Topology::new(100, 100, wrapping);
    // A fixed, irregular picture: black where a simple hash of the square is odd.
    let black: Vec<bool> = t
        .positions()
        .map(|p| (p.row * 7919 + p.col * 104_729 + p.row * p.col * 31) % 11 % 2 == 1)
        .collect();
    let picture = mosaic_picture::picture(t, &black, n);
    mosaic_picture::planted(&picture, |p| keep(p.row, p.col))
}

#[test]
fn large_grids_solve() {
    let all = planted_large(false, Neighbourhood::Full, |_, _| true);
    let solved = all.solve().expect("planted");
    assert!(solved.is_won());
    assert_eq!(all.count(Some(1)), Count::from(1u8));
    let some = planted_large(true, Neighbourhood::Ortho, |r, c| (r * 3 + c * 5) % 7 < 5);
    let solved = some.solve().expect("planted");
    assert!(solved.is_won());
    assert!(solved.topology().wrapping);
}

#[test]
fn deduction_rules_decide_what_they_can_and_no_more() {
    // Clue rule: a 0 makes its block white, a 4 in a corner makes its block black.
    let g = Mosaic::parse("2 4 0 0\n0e-e-e4e\n-e-e-e-e\n").unwrap();
    let d = g.deduced().unwrap();
    assert_eq!(d[Pos::new(0, 0)], Colour::White);
    assert_eq!(d[Pos::new(1, 1)], Colour::White);
    assert_eq!(d[Pos::new(0, 3)], Colour::Black);
    assert_eq!(d[Pos::new(1, 2)], Colour::Black);
    // Pair rule: 1 then 2 on a row; neither clue alone decides anything, together they make
    // the 1's private square white and the 2's private square black.
    let g = Mosaic::parse("1 4 0 0\n-e1e2e-e\n").unwrap();
    let d = g.deduced().unwrap();
    assert_eq!(d[Pos::new(0, 0)], Colour::White);
    assert_eq!(d[Pos::new(0, 3)], Colour::Black);
    assert_eq!(d[Pos::new(0, 1)], Colour::Empty);
    assert_eq!(d[Pos::new(0, 2)], Colour::Empty);
    assert_eq!(g.count(None), Count::from(2u8));
    // Contradicting clues.
    assert!(
        Mosaic::parse("1 2 0 0\n0e2e\n")
            .unwrap()
            .deduced()
            .is_none()
    );
}
