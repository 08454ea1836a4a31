//! Mosaic generation per size and difficulty (minimal clues, several seeds) and hint time on
//! 30x30 positions. Short run: `cargo bench --bench mosaic_generate`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gridpuzzles::deduce::{Deduce, GenOptions, Generate, Tier, apply_hints_below};
use gridpuzzles::game::{Game, Neighbourhood};
use gridpuzzles::games::mosaic::Mosaic;

/// Seeds cycled through by the generation benchmarks.
const SEEDS: u64 = 5;

fn options(side: usize, difficulty: Tier) -> GenOptions {
    GenOptions {
        rows: side,
        cols: side,
        difficulty,
        wrapping: false,
        diagadj: false,
        symmetric: false,
        neighbourhood: Neighbourhood::Full,
    }
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("mosaic_generate");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for side in [10, 30, 50, 100] {
        for tier in Tier::ALL {
            let id = BenchmarkId::new(tier.id(), format!("{side}x{side}"));
            let mut seed = 0;
            group.bench_with_input(id, &options(side, tier), |b, o| {
                b.iter(|| {
                    seed = (seed + 1) % SEEDS;
                    black_box(Mosaic::generate(o, seed).expect("a puzzle"))
                })
            });
        }
    }
    group.finish();
}

fn hints(c: &mut Criterion) {
    let mut group = c.benchmark_group("mosaic_hint_30x30");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let hard = Mosaic::generate(&options(30, Tier::Hard), 1).expect("a puzzle");
    let tricky = Mosaic::generate(&options(30, Tier::Tricky), 1).expect("a puzzle");
    let cases = [
        ("cleared-hard", hard.cleared()),
        (
            "before-tricky-step",
            apply_hints_below(&tricky.cleared(), Tier::Tricky),
        ),
        (
            "before-case-analysis",
            apply_hints_below(&hard.cleared(), Tier::Hard),
        ),
    ];
    for (name, position) in cases {
        group.bench_function(name, |b| b.iter(|| black_box(position.hint())));
    }
    group.finish();
}

criterion_group!(benches, generation, hints);
criterion_main!(benches);
