//! Light Up: generation time per size and difficulty (each iteration uses the next of a few
//! seeds, so the median is over seeds), and hint time on 30x30 positions.
//!
//! Run: `cargo bench --bench lightup_generate`

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gridpuzzles::deduce::{Deduce, GenOptions, Generate, HintOutcome, Tier};
use gridpuzzles::game::{Game, Neighbourhood};
use gridpuzzles::games::lightup::LightUp;

/// Seeds cycled through by each generation benchmark.
const SEEDS: u64 = 5;

fn options(size: usize, difficulty: Tier) -> GenOptions {
    GenOptions {
        rows: size,
        cols: size,
        difficulty,
        wrapping: false,
        diagadj: false,
        symmetric: true,
        neighbourhood: Neighbourhood::Full,
    }
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("lightup_generate");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for size in [10, 25, 50] {
        for difficulty in Tier::ALL {
            let o = options(size, difficulty);
            group.bench_with_input(
                BenchmarkId::new(format!("{size}x{size}"), difficulty),
                &o,
                |b, o| {
                    let mut seed = 0;
                    b.iter(|| {
                        seed = (seed + 1) % SEEDS;
                        black_box(LightUp::generate(o, seed).expect("generated"))
                    })
                },
            );
        }
    }
    group.finish();
}

/// Positions met while solving a 30x30 hard puzzle by hints: the start, and the position where
/// the next hint needs case analysis.
fn positions_30x30() -> Vec<(&'static str, LightUp)> {
    let puzzle = LightUp::generate(&options(30, Tier::Hard), 1).expect("generated");
    let mut out = vec![("start", puzzle.clone())];
    let mut pos = puzzle;
    while let HintOutcome::Hint(h) = pos.hint() {
        if h.rule.tier == Tier::Hard {
            out.push(("before-case-analysis", pos.clone()));
            break;
        }
        for &(p, piece) in &h.sets {
            pos = pos.apply(p, piece);
        }
    }
    // A position where no rule applies (an open grid): every probe of case analysis fails.
    let open = format!("30 30 0\n{}", format!("{}\n", "b".repeat(30)).repeat(30));
    out.push(("stuck-open-grid", LightUp::parse(&open).expect("valid")));
    out
}

fn hints(c: &mut Criterion) {
    let mut group = c.benchmark_group("lightup_hint_30x30");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for (name, pos) in positions_30x30() {
        group.bench_function(name, |b| b.iter(|| black_box(pos.hint())));
    }
    group.finish();
}

criterion_group!(benches, generation, hints);
criterion_main!(benches);
