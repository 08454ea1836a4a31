//! Tents: generation time per size, difficulty and variant (each iteration uses the next of a
//! few seeds, so the median is over seeds), and hint time on 30x30 positions.
//!
//! Run: `cargo bench --bench tents_generate`

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gridpuzzles::deduce::{Deduce, GenOptions, Generate, Tier, apply_hints_below};
use gridpuzzles::game::{Game, Neighbourhood};
use gridpuzzles::games::tents::Tents;

/// Seeds cycled through by each generation benchmark.
const SEEDS: u64 = 5;

fn options(size: usize, difficulty: Tier, wrapping: bool, diagadj: bool) -> GenOptions {
    GenOptions {
        rows: size,
        cols: size,
        difficulty,
        wrapping,
        diagadj,
        symmetric: false,
        neighbourhood: Neighbourhood::Full,
    }
}

fn bench_generation(c: &mut Criterion, name: &str, sizes: &[usize], wrapping: bool, diagadj: bool) {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    for &size in sizes {
        for difficulty in Tier::ALL {
            let o = options(size, difficulty, wrapping, diagadj);
            group.bench_with_input(
                BenchmarkId::new(format!("{size}x{size}"), difficulty),
                &o,
                |b, o| {
                    let mut seed = 0;
                    b.iter(|| {
                        seed = (seed + 1) % SEEDS;
                        black_box(Tents::generate(o, seed).expect("generated"))
                    })
                },
            );
        }
    }
    group.finish();
}

fn generation(c: &mut Criterion) {
    bench_generation(c, "tents_generate", &[10, 25, 50, 100], false, false);
    bench_generation(c, "tents_generate_wrapping", &[50], true, false);
    bench_generation(c, "tents_generate_diagadj", &[50], false, true);
}

fn hints(c: &mut Criterion) {
    let mut group = c.benchmark_group("tents_hint_30x30");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    let hard = Tents::generate(&options(30, Tier::Hard, false, false), 1).expect("generated");
    let tricky = Tents::generate(&options(30, Tier::Tricky, false, false), 1).expect("generated");
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
