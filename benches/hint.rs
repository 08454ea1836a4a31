//! `hint` in the library on the puzzles issue 13 names: 30x30 hard puzzles of the three games
//! (the Mosaic ones are `generate mosaic --size 30x30 --difficulty hard --seed 6|7|4`) and a
//! 100x100 Tents, each at its start and where the next hint needs case analysis (the most work
//! a hint does). The puzzles are stored under `benches/data/hint` so the bench does not spend
//! its time generating them. Target: at most 10 ms a hint.
//!
//! `cargo bench --bench hint` (add `-- --measurement-time 1` on a busy machine).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gridpuzzles::deduce::{Deduce, Tier, apply_hints_below};
use gridpuzzles::game::Game;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::mosaic::Mosaic;
use gridpuzzles::games::tents::Tents;

/// The puzzle stored as `benches/data/hint/NAME.txt`.
fn puzzle<G: Game>(name: &str) -> G {
    let path = format!(
        "{}/benches/data/hint/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("bench puzzle");
    G::parse(&text).expect("a valid puzzle")
}

/// Benchmarks one hint from the start of puzzle `name` and from where case analysis is due.
fn hints_of<G: Deduce>(c: &mut Criterion, name: &str) {
    let start = puzzle::<G>(name).cleared();
    let before_case = apply_hints_below(&start, Tier::Hard);
    let mut group = c.benchmark_group(format!("hint/{name}"));
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    group.bench_function("start", |b| b.iter(|| black_box(start.hint())));
    group.bench_function("before-case-analysis", |b| {
        b.iter(|| black_box(before_case.hint()))
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    for seed in [6, 7, 4] {
        hints_of::<Mosaic>(c, &format!("mosaic-30x30-hard-{seed}"));
    }
    hints_of::<LightUp>(c, "lightup-30x30-hard-1");
    hints_of::<Tents>(c, "tents-30x30-hard-1");
    hints_of::<Tents>(c, "tents-100x100-hard-1");
}

criterion_group! {
    name = benches;
    // Plots take longer to draw than the benchmarks take to run.
    config = Criterion::default().without_plots();
    targets = bench
}
criterion_main!(benches);
