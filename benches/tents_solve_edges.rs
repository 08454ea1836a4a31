//! The Tents solver on the edges of the yang-zhu set (`benches/data/tents-yangzhu/`, 50x50 and
//! 100x100): each puzzle as it is (the reference), read with diagonal touching allowed, and
//! with its first two rows of trees swapped (a mistyped file: no solution under the matching
//! rule, often some under the local rule), per rule 4, counted up to two (`count_within`).
//! Prints the median and maximum time per group.
//!
//! Not criterion: a slow case takes seconds, and criterion's ten samples per puzzle would make
//! the run minutes long. Each puzzle runs `TENTS_EDGES_RUNS` times (default 3, the median kept),
//! stopped at `TENTS_EDGES_CAP_SECS` (default 5), shown as "> cap".

use std::time::{Duration, Instant};

use gridpuzzles::budget::Budget;
use gridpuzzles::game::Game;
use gridpuzzles::games::tents::solve::{TentsPuzzle, count_within};
use gridpuzzles::games::tents::{Rule4, Tents};

fn read(size: &str, i: usize) -> TentsPuzzle {
    let path = format!(
        "{}/benches/data/tents-yangzhu/tents-{size}-{i}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let game = Tents::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    game.with_rule4(Rule4::Matching).puzzle()
}

/// The puzzle with its first two rows of trees swapped.
fn swapped(mut p: TentsPuzzle) -> TentsPuzzle {
    let cols = p.topology.cols;
    for x in 0..cols {
        p.trees.swap(x, cols + x);
    }
    p
}

/// One timed count up to two, or `None` past the cap.
fn time(p: &TentsPuzzle, cap: Duration) -> Option<Duration> {
    let start = Instant::now();
    count_within(p, 2, &Budget::lasting(cap)).ok()?;
    Some(start.elapsed())
}

fn show(d: Option<Duration>, cap: Duration) -> String {
    d.map_or(format!("> {:.0}", cap.as_secs_f64() * 1e3), |d| {
        format!("{:.1}", d.as_secs_f64() * 1e3)
    })
}

fn main() {
    let env = |k: &str, d: f64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let runs = env("TENTS_EDGES_RUNS", 3.0) as usize;
    let cap = Duration::from_secs_f64(env("TENTS_EDGES_CAP_SECS", 5.0));
    println!("tents_solve_edges: count up to 2, median of {runs} runs per puzzle, cap {cap:?}");
    println!(
        "{:<28} {:>3} {:>10} {:>10}  slowest",
        "group", "n", "median ms", "max ms"
    );
    for size in ["50x50", "100x100"] {
        // The unmodified puzzles first: the targets are relative to them.
        for (what, diagadj, swap) in [
            ("plain", false, false),
            ("diagadj", true, false),
            ("swapped", false, true),
        ] {
            for rule4 in [Rule4::Local, Rule4::Matching] {
                let mut times: Vec<(Option<Duration>, usize)> = (1..=10)
                    .map(|i| {
                        let mut p = read(size, i);
                        p.diagadj = diagadj;
                        p.rule4 = rule4;
                        if swap {
                            p = swapped(p);
                        }
                        let mut t: Vec<Option<Duration>> =
                            (0..runs.max(1)).map(|_| time(&p, cap)).collect();
                        // Past the cap sorts last.
                        t.sort_by_key(|d| d.unwrap_or(Duration::MAX));
                        (t[t.len() / 2], i)
                    })
                    .collect();
                times.sort_by_key(|(d, _)| d.unwrap_or(Duration::MAX));
                let (max, slowest) = times[times.len() - 1];
                println!(
                    "{:<28} {:>3} {:>10} {:>10}  {size}-{slowest}",
                    format!("{what}/{rule4:?}/{size}"),
                    times.len(),
                    show(times[times.len() / 2].0, cap),
                    show(max, cap),
                );
            }
        }
    }
}
