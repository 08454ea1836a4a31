//! The Light Up generator: puzzles with exactly one solution at the requested difficulty, the
//! same for the same seed, honouring wrapping and wall symmetry; hints solve them.

use gridpuzzles::deduce::{Deduce, GenError, GenOptions, Generate, HintOutcome, Tier};
use gridpuzzles::game::Game;
use gridpuzzles::games::lightup::{GenParams, LightUp, Piece, Square};

fn options(rows: usize, cols: usize, difficulty: Tier) -> GenOptions<GenParams> {
    GenOptions {
        rows,
        cols,
        difficulty,
        wrapping: false,
        params: GenParams::default(),
    }
}

/// Applies hints from the cleared puzzle to the end, checking each against the solution;
/// returns the hardest tier used and whether the position was won.
fn solve_by_hints(puzzle: &LightUp, solution: &LightUp) -> (Option<Tier>, bool) {
    let mut pos = puzzle.cleared();
    let mut hardest = None;
    loop {
        match pos.hint() {
            HintOutcome::Hint(h) => {
                for &(q, piece) in &h.sets {
                    let bulb = solution.square(q) == Some(Square::Bulb);
                    assert_eq!(bulb, piece == Piece::Bulb, "{}", h.explanation);
                    pos = pos.apply(q, piece);
                }
                hardest = hardest.max(Some(h.rule.tier));
            }
            HintOutcome::Won => return (hardest, true),
            _ => return (hardest, false),
        }
    }
}

fn check(o: &GenOptions<GenParams>, seed: u64) -> LightUp {
    let g = LightUp::generate(o, seed).unwrap_or_else(|e| panic!("{o:?} seed {seed}: {e}"));
    assert_eq!(g.topology().rows, o.rows);
    assert_eq!(g.topology().cols, o.cols);
    assert_eq!(g.wrapping(), o.wrapping);
    assert_eq!(g, g.cleared(), "a new puzzle has no pieces on it");
    assert_eq!(g.count(Some(2)), 1u32.into(), "{}", g.format());
    assert_eq!(g.grade(), Some(o.difficulty), "{}", g.format());
    let solution = g.solve().unwrap();
    let (hardest, won) = solve_by_hints(&g, &solution);
    assert!(won, "{}", g.format());
    assert_eq!(hardest, Some(o.difficulty), "{}", g.format());
    if o.params.symmetric {
        let t = g.topology();
        for p in t.positions() {
            let q = gridpuzzles::grid::Pos::new(t.rows - 1 - p.row, t.cols - 1 - p.col);
            assert_eq!(
                g.square(p).unwrap().is_wall(),
                g.square(q).unwrap().is_wall(),
                "{}",
                g.format()
            );
        }
    }
    g
}

#[test]
fn every_difficulty_on_small_grids() {
    for difficulty in Tier::ALL {
        for seed in 0..4 {
            check(&options(6, 6, difficulty), seed);
        }
        check(&options(5, 8, difficulty), 7);
    }
}

#[test]
fn wrapping_and_symmetric_variants() {
    for difficulty in Tier::ALL {
        for seed in 0..2 {
            let mut o = options(6, 7, difficulty);
            o.wrapping = true;
            check(&o, seed);
            let mut o = options(7, 6, difficulty);
            o.params.symmetric = true;
            check(&o, seed);
            o.wrapping = true;
            check(&o, seed + 10);
        }
    }
}

#[test]
fn a_larger_puzzle() {
    check(&options(12, 12, Tier::Hard), 1);
}

#[test]
fn same_seed_same_puzzle_other_seeds_other_puzzles() {
    let o = options(7, 7, Tier::Tricky);
    let a = LightUp::generate(&o, 42).unwrap();
    assert_eq!(LightUp::generate(&o, 42).unwrap(), a);
    let others: Vec<LightUp> = (0..4).map(|s| LightUp::generate(&o, s).unwrap()).collect();
    let distinct = others
        .iter()
        .enumerate()
        .filter(|(k, g)| others[..*k].iter().all(|h| h != *g))
        .count();
    assert!(distinct >= 3, "{distinct}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(60))]

    #[test]
    fn generated_puzzles_hold_their_promises(
        seed in 0u64..1_000_000,
        rows in 4usize..9,
        cols in 4usize..9,
        tier in 0usize..3,
        wrapping: bool,
        symmetric: bool,
    ) {
        let mut o = options(rows, cols, Tier::ALL[tier]);
        o.wrapping = wrapping;
        o.params.symmetric = symmetric;
        match LightUp::generate(&o, seed) {
            Ok(_) => {
                check(&o, seed);
            }
            // Tiny grids may have no puzzle of a given difficulty.
            Err(GenError::GaveUp { .. }) => proptest::prop_assert!(rows * cols <= 36),
            Err(e) => proptest::prop_assert!(false, "{}", e),
        }
    }
}

#[test]
fn unsupported_options_are_refused() {
    let mut o = options(1, 6, Tier::Easy);
    assert!(matches!(
        LightUp::generate(&o, 0),
        Err(GenError::Unsupported(_))
    ));
    o.rows = 101;
    assert!(matches!(
        LightUp::generate(&o, 0),
        Err(GenError::Unsupported(_))
    ));
}
