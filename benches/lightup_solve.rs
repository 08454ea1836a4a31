//! Light Up: solve and prove unique (count with limit 2 == 1) on seeded planted-solution puzzles
//! up to 50x50, and on an 18x10 ID that Tatham's own solver gives up on.
//!
//! Run: `cargo bench --bench lightup_solve`

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gridpuzzles::game::{Count, Game};
use gridpuzzles::games::lightup::LightUp;

#[path = "lightup_support/planted.rs"]
mod planted;
use planted::planted_puzzle;

/// One solution, Tatham's solver gives up on it (search depth 5).
const HARD_ID: &str = "18x10:gBc1b2g2e2d1b2c2h2e3c2dBd1g1bBb2b1fBbBb1bBgBd2dBi1h1c2b1dBe2bBdBb3cBg";

fn solve_and_prove_unique(g: &LightUp) -> LightUp {
    let solution = g.solve().expect("solvable");
    assert_eq!(g.count(Some(2)), Count::from(1u32));
    solution
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("lightup_solve_unique");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for size in [10, 20, 30, 50] {
        for seed in 1..=3 {
            let started = std::time::Instant::now();
            let g = planted_puzzle(size, seed);
            let made_in = started.elapsed();
            let walls = g.squares().cells().iter().filter(|s| s.is_wall()).count();
            let clues = g
                .squares()
                .cells()
                .iter()
                .filter(|s| s.number().is_some())
                .count();
            eprintln!(
                "{size}x{size} seed {seed}: {walls} walls, {clues} numbered (made in {made_in:.2?})"
            );
            assert!(solve_and_prove_unique(&g).is_won());
            group.bench_with_input(
                BenchmarkId::new(format!("{size}x{size}"), seed),
                &g,
                |b, g| b.iter(|| solve_and_prove_unique(black_box(g))),
            );
        }
    }
    let hard = LightUp::from_tatham_id(HARD_ID).expect("valid ID");
    assert!(solve_and_prove_unique(&hard).is_won());
    group.bench_function("18x10_tatham_gives_up", |b| {
        b.iter(|| solve_and_prove_unique(black_box(&hard)))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    // Plots take longer to draw than the benchmarks take to run.
    config = Criterion::default().without_plots();
    targets = bench
}
criterion_main!(benches);
