//! The Mosaic generator: one solution (the counter agrees), the requested grade, every
//! neighbourhood and wrapping, reproducible seeds, clue density, sizes it refuses.

use gridpuzzles::deduce::{Deduce, GenError, GenOptions, Generate, Tier};
use gridpuzzles::game::Game;
use gridpuzzles::games::mosaic::{ClueDensity, GenParams, Mosaic, Neighbourhood};

const NEIGHBOURHOODS: [Neighbourhood; 4] = [
    Neighbourhood::Full,
    Neighbourhood::Ortho,
    Neighbourhood::FullExclude,
    Neighbourhood::OrthoExclude,
];

fn options(
    rows: usize,
    cols: usize,
    tier: Tier,
    wrapping: bool,
    n: Neighbourhood,
) -> GenOptions<GenParams> {
    GenOptions {
        rows,
        cols,
        difficulty: tier,
        wrapping,
        params: GenParams {
            neighbourhood: n,
            density: ClueDensity::Minimal,
        },
    }
}

/// `o` keeping clues as `density` says.
fn with_density(o: &GenOptions<GenParams>, density: ClueDensity) -> GenOptions<GenParams> {
    o.with_params(GenParams {
        density,
        ..o.params
    })
}

fn clue_count(g: &Mosaic) -> usize {
    g.clues().cells().iter().filter(|c| c.is_some()).count()
}

/// The checks every generated puzzle must pass.
fn check(g: &Mosaic, o: &GenOptions<GenParams>) {
    let t = g.topology();
    assert_eq!((t.rows, t.cols, t.wrapping), (o.rows, o.cols, o.wrapping));
    assert_eq!(g.neighbourhood(), o.params.neighbourhood);
    assert_eq!(g.count(Some(2)), 1u32.into(), "{}", g.format());
    assert_eq!(g.grade(), Some(o.difficulty), "{}", g.format());
    assert!(g.colours().cells().iter().all(|&c| c == Mosaic::EMPTY));
    // No square outside every clue's neighbourhood (it could take either colour).
    for q in t.positions() {
        assert!(
            t.positions()
                .any(|c| g.clue(c).is_some() && g.neighbours(c).any(|r| r == q)),
            "{q} is free in\n{}",
            g.format()
        );
    }
}

#[test]
fn every_neighbourhood_wrapping_and_tier() {
    let mut made = 0;
    let mut gave_up = Vec::new();
    for n in NEIGHBOURHOODS {
        for wrapping in [false, true] {
            for tier in Tier::ALL {
                for (seed, (rows, cols)) in [(6, 6), (5, 7)].into_iter().enumerate() {
                    let o = options(rows, cols, tier, wrapping, n);
                    match Mosaic::generate(&o, seed as u64) {
                        Ok(g) => {
                            check(&g, &o);
                            made += 1;
                        }
                        Err(GenError::GaveUp { .. }) => gave_up.push(o),
                        Err(e) => panic!("{e}"),
                    }
                }
            }
        }
    }
    // A 6x6 torus with the full neighbourhood gives up on easy: with sides a multiple of 3,
    // even clues everywhere often allow several colourings, and a torus has no edge for the
    // easy rules to start from.
    assert!(made >= 44, "made {made}; gave up on {gave_up:?}");
}

#[test]
fn dozens_of_small_puzzles_are_unique_and_graded() {
    for seed in 0..30u64 {
        let tier = Tier::ALL[seed as usize % 3];
        let side = 4 + seed as usize % 5;
        let o = options(side, side, tier, false, Neighbourhood::Full);
        let g = Mosaic::generate(&o, seed).unwrap();
        check(&g, &o);
    }
}

#[test]
fn a_larger_puzzle_is_minimal_enough() {
    let o = options(16, 16, Tier::Tricky, false, Neighbourhood::Full);
    let g = Mosaic::generate(&o, 3).unwrap();
    check(&g, &o);
    // Clues everywhere would be 256; minimal puzzles keep about half.
    let clues = clue_count(&g);
    assert!((60..=170).contains(&clues), "{clues} clues");
}

#[test]
fn same_seed_same_puzzle_other_seeds_differ() {
    let o = options(7, 7, Tier::Tricky, true, Neighbourhood::Full);
    let a = Mosaic::generate(&o, 42).unwrap();
    let b = Mosaic::generate(&o, 42).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.format(), b.format());
    let others: Vec<Mosaic> = (0..5).map(|s| Mosaic::generate(&o, s).unwrap()).collect();
    let distinct = others.iter().filter(|g| **g != a).count();
    assert!(distinct >= 4);
}

#[test]
fn clue_density_keeps_at_least_the_share_asked() {
    let o = options(8, 8, Tier::Easy, false, Neighbourhood::Full);
    let minimal = Mosaic::generate(&o, 5).unwrap();
    let dense = Mosaic::generate(&with_density(&o, ClueDensity::Percent(80)), 5).unwrap();
    check(&dense, &o);
    assert!(clue_count(&dense) >= 64 * 80 / 100);
    assert!(clue_count(&dense) > clue_count(&minimal));
    let all = Mosaic::generate(&with_density(&o, ClueDensity::Percent(100)), 5).unwrap();
    assert_eq!(clue_count(&all), 64);
}

#[test]
fn sizes_outside_the_range_are_refused() {
    for (rows, cols) in [(0, 5), (5, 0), (101, 5), (5, 101)] {
        let o = options(rows, cols, Tier::Easy, false, Neighbourhood::Full);
        assert!(matches!(
            Mosaic::generate(&o, 1),
            Err(GenError::Unsupported(_))
        ));
    }
}

#[test]
fn impossible_targets_give_up() {
    // A single square is always easy.
    let o = options(1, 1, Tier::Hard, false, Neighbourhood::Full);
    assert!(matches!(
        Mosaic::generate(&o, 1),
        Err(GenError::GaveUp {
            difficulty: Tier::Hard,
            ..
        })
    ));
    let o = options(1, 1, Tier::Easy, false, Neighbourhood::Full);
    check(&Mosaic::generate(&o, 1).unwrap(), &o);
}
