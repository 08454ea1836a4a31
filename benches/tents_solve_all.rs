//! Solve and prove unique every Tents puzzle of `benches/data/tents-yangzhu/` (all 212), once
//! each, and print the median and maximum wall-clock time per size.
//!
//! Each puzzle runs in its own process (`gridpuzzles count PUZZLE --rule4 matching --limit 2`;
//! `TENTS_BENCH_RULE4=local` counts under the local rule instead, where most of these puzzles
//! have more than one solution, so two solutions are as good as one),
//! so a puzzle that exceeds the cap (`TENTS_BENCH_CAP_SECS`, default 60) is stopped and shown
//! as "> cap" instead of holding the whole run. The whole set takes under a minute. Times include
//! starting the process and reading the file (one to two milliseconds); the criterion bench
//! `tents_solve` measures the small sizes precisely. `TENTS_BENCH_DIR` overrides the folder.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// How one puzzle went.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Outcome {
    /// Proved unique in this time.
    Unique(Duration),
    /// Stopped at the cap.
    OverCap,
}

fn size_of(path: &Path) -> (usize, usize) {
    let text = std::fs::read_to_string(path).expect("readable puzzle");
    let mut first = text.split_whitespace();
    let mut next = || -> usize {
        first
            .next()
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| panic!("{}: no size line", path.display()))
    };
    (next(), next())
}

/// Runs the real binary on one puzzle under rule 4 `rule4`, stopping it at `cap`.
fn run(path: &Path, rule4: &str, cap: Duration) -> Outcome {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gridpuzzles"));
    command
        .args(["count", "--rule4", rule4, "--limit", "2"])
        .arg(path);
    let Some((elapsed, out)) = common::run_capped(&mut command, cap) else {
        return Outcome::OverCap;
    };
    let count = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let expected = if rule4 == "local" {
        &["1", "2"][..]
    } else {
        &["1"]
    };
    assert!(
        out.status.success() && expected.contains(&count.as_str()),
        "{}: expected {expected:?} solutions, got {count:?} ({})",
        path.display(),
        out.status
    );
    Outcome::Unique(elapsed)
}

fn show(o: Outcome, cap: Duration) -> String {
    match o {
        Outcome::Unique(d) => format!("{:.3}", d.as_secs_f64() * 1e3),
        Outcome::OverCap => format!("> {:.0}", cap.as_secs_f64() * 1e3),
    }
}

fn main() {
    let dir = std::env::var("TENTS_BENCH_DIR").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/tents-yangzhu").into()
    });
    let cap = Duration::from_secs_f64(
        std::env::var("TENTS_BENCH_CAP_SECS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(60.0),
    );
    let rule4 = std::env::var("TENTS_BENCH_RULE4").unwrap_or_else(|_| "matching".into());
    assert!(
        ["local", "matching"].contains(&rule4.as_str()),
        "TENTS_BENCH_RULE4 is local or matching, not {rule4:?}"
    );
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("bench folder {dir}: {e}"))
        .map(|e| e.expect("folder entry").path())
        .collect();
    files.sort();
    let mut by_size: BTreeMap<(usize, usize), Vec<(Outcome, String)>> = BTreeMap::new();
    for path in &files {
        let outcome = run(path, &rule4, cap);
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        by_size
            .entry(size_of(path))
            .or_default()
            .push((outcome, name));
    }
    println!(
        "tents_solve_all: count --limit 2 (rule 4 {rule4}), one run per puzzle, cap {} s",
        cap.as_secs_f64()
    );
    println!(
        "{:>9} {:>3} {:>6} {:>12} {:>12}  slowest",
        "size", "n", "capped", "median ms", "max ms"
    );
    for ((rows, cols), mut runs) in by_size {
        // Over the cap sorts last: it is slower than every finished run.
        runs.sort_by(|a, b| a.0.partial_cmp(&b.0).expect("durations compare"));
        let capped = runs.iter().filter(|r| r.0 == Outcome::OverCap).count();
        // The upper middle of an even count, as the criterion tables are read.
        let median = runs[runs.len() / 2].0;
        let (max, slowest) = runs.last().expect("a size has puzzles").clone();
        println!(
            "{:>9} {:>3} {:>6} {:>12} {:>12}  {}",
            format!("{rows}x{cols}"),
            runs.len(),
            capped,
            show(median, cap),
            show(max, cap),
            slowest
        );
    }
}
