//! Per-size timing table for the Tents solver: solve + prove unique every puzzle of a folder.
//!
//! `cargo run --release --example tents_solve_times -- [FOLDER] [local|matching]`
//! `cargo run --release --example tents_solve_times -- --count FILE [local|matching]`
//! With `ROUTE=search|clauses|lcg`, the folder is timed on that engine alone.
//! `cargo run --release --example tents_solve_times -- --compare FOLDER [local|matching] [ROUTES]`
//! times each puzzle on each engine in turn (default `lcg,clauses`), side by side.
//! With `CPU_TIME=1` (Unix), a folder is timed by the thread's processor time rather than the
//! wall clock: steadier figures when other work shares the machine.

#[path = "../src/games/tents/solve/test_reader.rs"]
mod test_reader;

use gridpuzzles::games::tents::Rule4;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use gridpuzzles::games::tents::solve::{
    Route, TentsPuzzle, count_by_route, count_solutions, first_solution,
};
use gridpuzzles::grid::Topology;

fn load(path: &std::path::Path, rule4: Rule4) -> TentsPuzzle {
    let text = std::fs::read_to_string(path).expect("readable file");
    let t = test_reader::read(&text).expect("tents text file");
    TentsPuzzle {
        topology: Topology::new(t.rows, t.cols, t.wrapping),
        trees: t.trees,
        row_counts: t.row_counts,
        col_counts: t.col_counts,
        diagadj: t.diagadj,
        rule4,
    }
}

fn rule(arg: Option<&String>) -> Rule4 {
    match arg.map(String::as_str) {
        Some("matching") => Rule4::Matching,
        _ => Rule4::Local,
    }
}

/// A start of timing: the wall clock, or the thread's processor time under `CPU_TIME` (Unix).
struct Clock(Instant, Option<Duration>);

impl Clock {
    fn start() -> Self {
        Clock(Instant::now(), thread_cpu())
    }

    fn elapsed(&self) -> Duration {
        match (self.1, thread_cpu()) {
            (Some(a), Some(b)) => b - a,
            _ => self.0.elapsed(),
        }
    }
}

/// The processor time of this thread so far, when `CPU_TIME` is set (Unix only).
fn thread_cpu() -> Option<Duration> {
    std::env::var_os("CPU_TIME")?;
    #[cfg(unix)]
    {
        use nix::time::{ClockId, clock_gettime};
        let t = clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).ok()?;
        Some(Duration::new(t.tv_sec() as u64, t.tv_nsec() as u32))
    }
    #[cfg(not(unix))]
    None
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--limit") {
        let p = load(std::path::Path::new(&args[1]), rule(args.get(3)));
        let limit: u64 = args[2].parse().expect("limit");
        let start = Instant::now();
        let n = count_solutions(&p, Some(limit));
        println!(
            "{} solutions (limit {limit}) in {:.1} ms",
            n,
            ms(start.elapsed())
        );
        return;
    }
    if args.first().map(String::as_str) == Some("--count") {
        let p = load(std::path::Path::new(&args[1]), rule(args.get(2)));
        let start = Instant::now();
        let n = count_solutions(&p, None);
        println!("{} solutions in {:.1} ms", n, ms(start.elapsed()));
        let start = Instant::now();
        let found = first_solution(&p).is_some();
        println!(
            "first solution found: {found} in {:.1} ms",
            ms(start.elapsed())
        );
        return;
    }
    if args.first().map(String::as_str) == Some("--compare") {
        let routes = args.get(3).map_or("lcg,clauses", String::as_str);
        compare(&args[1], rule(args.get(2)), routes);
        return;
    }
    let dir = args
        .first()
        .cloned()
        .unwrap_or_else(|| "benches/data/tents-yangzhu".into());
    let rule4 = rule(args.get(1));
    // ROUTE=search|clauses|lcg times one engine instead of `count_solutions`.
    let route = std::env::var("ROUTE").ok();
    let mut by_size: BTreeMap<(usize, usize), Vec<(Duration, String)>> = BTreeMap::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("bench folder")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    let mut not_unique = 0;
    for path in files {
        let p = load(&path, rule4);
        let start = Clock::start();
        let k = match route.as_deref() {
            Some(r) => count_by(&p, r).into(),
            None => count_solutions(&p, Some(2)),
        };
        let elapsed = start.elapsed();
        if std::env::var_os("VERBOSE").is_some() {
            println!("{} {:.3} ms -> {}", path.display(), ms(elapsed), k);
        }
        if k != 1u32.into() {
            not_unique += 1;
            println!("{}: {} solutions (limit 2)", path.display(), k);
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        by_size
            .entry((p.topology.rows, p.topology.cols))
            .or_default()
            .push((elapsed, name));
    }
    println!("rule4 {rule4:?}; {not_unique} puzzles not proved unique");
    println!(
        "{:>9} {:>3} {:>10} {:>10}  slowest",
        "size", "n", "median ms", "max ms"
    );
    for ((r, c), mut times) in by_size {
        times.sort();
        let median = times[times.len() / 2].0;
        let (max, slowest) = times.last().unwrap().clone();
        println!(
            "{:>9} {:>3} {:>10.3} {:>10.3}  {}",
            format!("{r}x{c}"),
            times.len(),
            ms(median),
            ms(max),
            slowest
        );
    }
}

/// `min(count, 2)` by the engine named: the search, the clause-learning engine, or the plain
/// SAT encoding of the `tents-sat` crate.
fn count_by(p: &TentsPuzzle, name: &str) -> u64 {
    match name {
        "search" => count_by_route(p, 2, Route::Search),
        "lcg" => count_by_route(p, 2, Route::Lcg),
        "clauses" => tents_sat::count(p, 2),
        other => panic!("unknown route {other}"),
    }
}

/// Times every puzzle of `dir` on each route in turn (interleaved, so that load on the
/// machine hits them alike) and prints median and max per size and route.
fn compare(dir: &str, rule4: Rule4, routes: &str) {
    let routes: Vec<&str> = routes.split(',').collect();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("bench folder")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    let mut times: BTreeMap<((usize, usize), usize), Vec<Duration>> = BTreeMap::new();
    for path in files {
        let p = load(&path, rule4);
        let size = (p.topology.rows, p.topology.cols);
        let mut counts = Vec::new();
        for (i, r) in routes.iter().enumerate() {
            let start = Instant::now();
            counts.push(count_by(&p, r));
            times.entry((size, i)).or_default().push(start.elapsed());
        }
        assert!(
            counts.windows(2).all(|w| w[0] == w[1]),
            "{}: routes disagree: {counts:?}",
            path.display()
        );
    }
    println!("rule4 {rule4:?}; count --limit 2 per puzzle; median is the upper middle");
    println!(
        "{:>9} {:>8} {:>3} {:>10} {:>10}",
        "size", "route", "n", "median ms", "max ms"
    );
    for (((r, c), i), mut t) in times {
        t.sort();
        println!(
            "{:>9} {:>8} {:>3} {:>10.3} {:>10.3}",
            format!("{r}x{c}"),
            routes[i],
            t.len(),
            ms(t[t.len() / 2]),
            ms(*t.last().unwrap())
        );
    }
}
