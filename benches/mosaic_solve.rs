//! Mosaic: solve and prove unique (count with limit 2) planted puzzles from 10x10 to 100x100.
//!
//! Puzzles are made here, seeded and reproducible: a random colouring, clues on a random half of
//! the squares, clues added where the deduction rules leave squares undecided until none is left,
//! then some clues removed again while the counter still finds exactly one solution (so the
//! solver also has to search).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group};
use gridpuzzles::game::{Count, Game};
use gridpuzzles::games::mosaic::{Colour, Mosaic, Neighbourhood};
use gridpuzzles::grid::{Grid, Topology};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A puzzle with exactly one solution, planted from `seed`.
fn planted(size: usize, seed: u64) -> Mosaic {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let t = Topology::new(size, size, false);
    let colours: Vec<Colour> = (0..t.len())
        .map(|_| {
            if rng.random_bool(0.5) {
                Colour::Black
            } else {
                Colour::White
            }
        })
        .collect();
    let picture = Mosaic::from_parts(
        Grid::filled(t, None),
        Grid::from_cells(t, colours).expect("size"),
        Neighbourhood::Full,
    )
    .expect("picture");
    let truth: Vec<u8> = t
        .positions()
        .map(|p| {
            picture
                .neighbours(p)
                .filter(|&q| picture.colour(q) == Colour::Black)
                .count() as u8
        })
        .collect();
    let mut clued: Vec<bool> = (0..t.len()).map(|_| rng.random_bool(0.5)).collect();
    let make = |clued: &[bool]| {
        let clues = clued
            .iter()
            .zip(&truth)
            .map(|(&c, &n)| c.then_some(n))
            .collect();
        Mosaic::new(
            Grid::from_cells(t, clues).expect("size"),
            Neighbourhood::Full,
        )
        .expect("clues")
    };
    loop {
        let deduced = make(&clued).deduced().expect("planted clues agree");
        let open: Vec<usize> = (0..t.len())
            .filter(|&i| deduced.cells()[i] == Colour::Empty)
            .collect();
        if open.is_empty() {
            break;
        }
        // Clue squares next to the undecided ones.
        let mut candidates: Vec<usize> = open
            .iter()
            .flat_map(|&i| picture.neighbours(t.pos(i)))
            .map(|p| t.index(p))
            .filter(|&i| !clued[i])
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        if candidates.is_empty() {
            // Every clue is given and the picture is still ambiguous: try another picture.
            if make(&clued).count(Some(2)) == Count::from(1u8) {
                break;
            }
            return planted(size, seed.wrapping_add(1_000_003));
        }
        let fallback = candidates[rng.random_range(0..candidates.len())];
        candidates.retain(|_| rng.random_bool(0.3));
        clued[fallback] = true;
        for i in candidates {
            clued[i] = true;
        }
    }
    for _ in 0..t.len() / 20 {
        let i = rng.random_range(0..t.len());
        if clued[i] {
            clued[i] = false;
            if make(&clued).count(Some(2)) != Count::from(1u8) {
                clued[i] = true;
            }
        }
    }
    make(&clued)
}

fn solve_and_prove_unique(game: &Mosaic) -> (Mosaic, Count) {
    let solved = game.solve().expect("planted puzzles have a solution");
    (solved, game.count(Some(2)))
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("mosaic_solve");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    for size in [10, 25, 50, 100] {
        let game = planted(size, 2024 + size as u64);
        let (solved, count) = solve_and_prove_unique(&game);
        assert!(solved.is_won());
        assert_eq!(count, Count::from(1u8));
        let clues = game.clues().cells().iter().flatten().count();
        let deduced = game.deduced().expect("consistent");
        let open = deduced
            .cells()
            .iter()
            .filter(|&&c| c == Colour::Empty)
            .count();
        eprintln!("{size}x{size}: {clues} clues, {open} squares left open by the deduction rules");
        group.bench_with_input(BenchmarkId::new("solve+unique", size), &game, |b, g| {
            b.iter(|| solve_and_prove_unique(black_box(g)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);

/// `MOSAIC_PROFILE=<size>:<iterations>` runs one size that many times without criterion (for
/// `perf stat` on a busy machine, where CPU time says more than wall time).
fn main() {
    if let Some((size, iterations)) = std::env::var("MOSAIC_PROFILE")
        .ok()
        .and_then(|v| {
            v.split_once(':')
                .map(|(a, b)| (a.parse::<usize>(), b.parse::<u32>()))
        })
        .and_then(|(a, b)| Some((a.ok()?, b.ok()?)))
    {
        let game = planted(size, 2024 + size as u64);
        for _ in 0..iterations {
            black_box(solve_and_prove_unique(black_box(&game)));
        }
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
