//! Solve and prove unique the Tents puzzles of `benches/data/tents-yangzhu/`, grouped by
//! size. The puzzles are unique under Tatham's (matching) rule 4, so that rule is used.
//!
//! Only sizes up to `TENTS_BENCH_MAX_CELLS` cells (default 2500: up to 50x50 and 100x20, 70 of
//! the 212 puzzles) are measured here, ten runs each: larger ones take seconds per run. The
//! bench `tents_solve_all` runs every puzzle once instead. `TENTS_BENCH_DIR` overrides the
//! folder.

#[path = "../src/games/tents/solve/test_reader.rs"]
mod test_reader;

use gridpuzzles::games::tents::Rule4;
use std::collections::BTreeMap;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};

use gridpuzzles::games::tents::solve::{TentsPuzzle, count_solutions};
use gridpuzzles::grid::Topology;

fn puzzles() -> BTreeMap<(usize, usize), Vec<(String, TentsPuzzle)>> {
    let dir = std::env::var("TENTS_BENCH_DIR").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/tents-yangzhu").into()
    });
    let max_cells: usize = std::env::var("TENTS_BENCH_MAX_CELLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2500);
    let mut by_size: BTreeMap<(usize, usize), Vec<(String, TentsPuzzle)>> = BTreeMap::new();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("bench folder {dir}: {e}"));
    for entry in entries {
        let path = entry.expect("folder entry").path();
        let text = std::fs::read_to_string(&path).expect("readable puzzle");
        let t = test_reader::read(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if t.rows * t.cols > max_cells {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let p = TentsPuzzle {
            topology: Topology::new(t.rows, t.cols, t.wrapping),
            trees: t.trees,
            row_counts: t.row_counts,
            col_counts: t.col_counts,
            diagadj: t.diagadj,
            rule4: Rule4::Matching,
        };
        by_size.entry((t.rows, t.cols)).or_default().push((name, p));
    }
    for list in by_size.values_mut() {
        list.sort_by(|a, b| a.0.cmp(&b.0));
    }
    by_size
}

fn solve_and_prove_unique(c: &mut Criterion) {
    for ((rows, cols), list) in puzzles() {
        let mut group = c.benchmark_group(format!("tents_solve/{rows}x{cols}"));
        group.sample_size(10);
        // Ten runs per puzzle, not the 55 of linear sampling: some take most of a second. The
        // default 100 000 bootstrap resamples cost about 5 s of analysis per puzzle.
        group.sampling_mode(SamplingMode::Flat);
        group.nresamples(10_000);
        group.warm_up_time(Duration::from_millis(200));
        group.measurement_time(Duration::from_millis(500));
        for (name, p) in &list {
            assert_eq!(
                count_solutions(p, Some(2)),
                1u32.into(),
                "{name} is not unique"
            );
            group.bench_with_input(BenchmarkId::from_parameter(name), p, |b, p| {
                b.iter(|| count_solutions(p, Some(2)))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, solve_and_prove_unique);
criterion_main!(benches);
