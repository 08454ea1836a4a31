//! What the benchmarks share: options for a square grid, the per-size and per-tier generation
//! groups, hint timings on positions of a 30x30 puzzle, and running a program with a time cap.

// Each benchmark includes this module and uses only part of it.
#![allow(dead_code)]

use std::hint::black_box;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion};
use gridpuzzles::deduce::{Deduce, GenOptions, Generate, Tier, apply_hints_below};

/// Seeds cycled through by each generation benchmark, so the median is over seeds.
pub const SEEDS: u64 = 5;

/// Options for a `side` x `side` grid with no variant.
pub fn square<P: Default>(side: usize, difficulty: Tier) -> GenOptions<P> {
    GenOptions {
        rows: side,
        cols: side,
        difficulty,
        wrapping: false,
        params: P::default(),
    }
}

/// One group `name`: generation of every size in `sides` at every tier, with the options
/// `options(side, tier)` gives.
pub fn generation<G: Generate>(
    c: &mut Criterion,
    name: &str,
    sides: &[usize],
    options: impl Fn(usize, Tier) -> GenOptions<G::Params>,
) {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    for &side in sides {
        for tier in Tier::ALL {
            let id = BenchmarkId::new(format!("{side}x{side}"), tier);
            group.bench_with_input(id, &options(side, tier), |b, o| {
                let mut seed = 0;
                b.iter(|| {
                    seed = (seed + 1) % SEEDS;
                    black_box(G::generate(o, seed).expect("generated"))
                })
            });
        }
    }
    group.finish();
}

/// Group `name`: one hint from each of `positions`.
pub fn hints<G: Deduce>(c: &mut Criterion, name: &str, positions: &[(&str, G)]) {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for (label, position) in positions {
        group.bench_function(*label, |b| b.iter(|| black_box(position.hint())));
    }
    group.finish();
}

/// Positions of 30x30 puzzles (made with `options(tier)`): the cleared hard puzzle, the tricky
/// puzzle where its first tricky step is due, the hard one where case analysis is due.
pub fn positions_30x30<G: Deduce + Generate>(
    options: impl Fn(Tier) -> GenOptions<G::Params>,
) -> Vec<(&'static str, G)> {
    let hard = G::generate(&options(Tier::Hard), 1).expect("generated");
    let tricky = G::generate(&options(Tier::Tricky), 1).expect("generated");
    vec![
        ("cleared-hard", hard.cleared()),
        (
            "before-tricky-step",
            apply_hints_below(&tricky.cleared(), Tier::Tricky),
        ),
        (
            "before-case-analysis",
            apply_hints_below(&hard.cleared(), Tier::Hard),
        ),
    ]
}

/// Runs `command` with its output captured (stderr passed through): how long it took and what
/// it printed, or `None` when it ran past `cap` (it is then stopped).
pub fn run_capped(command: &mut Command, cap: Duration) -> Option<(Duration, Output)> {
    let start = Instant::now();
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the program starts");
    loop {
        if child.try_wait().expect("child status").is_some() {
            let elapsed = start.elapsed();
            return Some((elapsed, child.wait_with_output().expect("child output")));
        }
        if start.elapsed() >= cap {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}
