//! Every game, tier and variant at 100x100: how long the generator takes (the new-puzzle form
//! offers these sizes, and a player waits for them).
//!
//! Run: `cargo bench --bench generate_giant [-- FILTER]`. Prints one line per case: the median
//! and the largest wall-clock time over its seeds, the same for the CPU time of the process, how many seeds gave up or ran past the cap,
//! and for Tents the fewest trees per square and the most lines whose count is 0. Only cases
//! whose label contains FILTER run (`-- "tents hard"`, `-- lightup`, `-- wrapping`).
//! Environment: `GIANT_SEEDS` seeds per case (default 3: 0, 1, 2), `GIANT_SIDE` the side
//! (default 100), `GIANT_CAP_SECS` the most one seed may take before its job is cancelled
//! through its `GenCtl` (default 120; it then counts as over the cap).

/// The binary's allocator, so the times are those a player sees (the system's allocator made
/// Mosaic's generator several times slower).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::sync::mpsc;
use std::time::{Duration, Instant};

use gridpuzzles::deduce::{GenCtl, GenError, GenOptions, Tier};
use gridpuzzles::games::mosaic::{self, Neighbourhood};
use gridpuzzles::games::{AnyGame, AnyGenParams, any_gen_params, lightup, tents};

/// One case: its label and options.
struct Case {
    label: String,
    options: GenOptions<AnyGenParams>,
}

/// Every game x tier x variant at `side` x `side`.
fn cases(side: usize) -> Vec<Case> {
    let mut out = Vec::new();
    let mut add = |label: String, wrapping: bool, difficulty: Tier, params: AnyGenParams| {
        out.push(Case {
            label,
            options: GenOptions {
                rows: side,
                cols: side,
                difficulty,
                wrapping,
                params,
            },
        });
    };
    for tier in Tier::ALL {
        for (wrapping, diagadj) in [(false, false), (true, false), (false, true), (true, true)] {
            let mut label = format!("tents {tier}");
            if wrapping {
                label += " wrapping";
            }
            if diagadj {
                label += " diagadj";
            }
            let params = AnyGenParams::Tents(tents::GenParams { diagadj });
            add(label, wrapping, tier, params);
        }
    }
    for tier in Tier::ALL {
        for (wrapping, symmetric, words) in [
            (false, false, ""),
            (true, false, " wrapping"),
            (false, true, " symmetric"),
        ] {
            let params = AnyGenParams::LightUp(lightup::GenParams { symmetric });
            add(format!("lightup {tier}{words}"), wrapping, tier, params);
        }
    }
    for tier in Tier::ALL {
        for nb in Neighbourhood::ALL {
            let params = AnyGenParams::Mosaic(mosaic::GenParams {
                neighbourhood: nb,
                ..Default::default()
            });
            let name = mosaic::neighbourhood_name(nb);
            add(format!("mosaic {tier} {name}"), false, tier, params);
        }
        let params = AnyGenParams::Mosaic(mosaic::GenParams::default());
        add(format!("mosaic {tier} full wrapping"), true, tier, params);
    }
    out
}

/// How one seed went.
enum Run {
    /// Made in this many seconds (wall clock, CPU of the process).
    Made(Seconds, AnyGame),
    /// The generator gave up after this many seconds.
    GaveUp(Seconds),
    /// Cancelled at the cap.
    OverCap,
}

/// Wall-clock and CPU seconds of one job. The CPU time (every thread of the process, the
/// Tents climb's helper included) says what the job costs on a machine shared with other
/// work, where the wall clock also counts the waits for a core.
#[derive(Clone, Copy)]
struct Seconds {
    wall: f64,
    cpu: f64,
}

/// CPU seconds the process used so far (user and system, every thread); 0 where unknown.
#[cfg(not(unix))]
fn cpu_seconds() -> f64 {
    0.0
}

/// CPU seconds the process used so far (user and system, every thread).
#[cfg(unix)]
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// Generates `options` from `seed`, cancelling the job once it has taken `cap`.
fn run(options: &GenOptions<AnyGenParams>, seed: u64, cap: Duration) -> Run {
    let ctl = GenCtl::new();
    let (done, finished) = mpsc::channel::<()>();
    let watchdog = {
        let ctl = ctl.clone();
        std::thread::spawn(move || {
            if finished.recv_timeout(cap).is_err() {
                ctl.cancel();
            }
        })
    };
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let made = any_gen_params::generate_ctl(options, seed, &ctl);
    let seconds = Seconds {
        wall: start.elapsed().as_secs_f64(),
        cpu: cpu_seconds() - cpu,
    };
    let _ = done.send(());
    let _ = watchdog.join();
    match made {
        Ok(game) => Run::Made(seconds, game),
        Err(GenError::Cancelled) => Run::OverCap,
        Err(_) => Run::GaveUp(seconds),
    }
}

/// The median and the largest of some times (over-cap times as infinity).
fn median_and_max(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], times[times.len() - 1])
}

/// A time in seconds, or "> cap" for an over-cap (infinite) one.
fn shown(seconds: f64, cap: Duration) -> String {
    if seconds.is_finite() {
        format!("{seconds:.2}")
    } else {
        format!("> {}", cap.as_secs())
    }
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    // `cargo bench` passes `--bench`; the first other argument is the filter.
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .unwrap_or_default();
    let seeds: u64 = env_or("GIANT_SEEDS", 3);
    let side: usize = env_or("GIANT_SIDE", 100);
    let cap = Duration::from_secs(env_or("GIANT_CAP_SECS", 120));
    println!(
        "{:<32} {:>9} {:>9} {:>9} {:>9} {:>8} {:>8} {:>9} {:>10}",
        format!("{side}x{side}, {seeds} seeds"),
        "median s",
        "max s",
        "cpu med",
        "cpu max",
        "gave up",
        "over cap",
        "trees/sq",
        "zero lines"
    );
    for case in cases(side)
        .into_iter()
        .filter(|c| c.label.contains(&filter))
    {
        let (mut times, mut cpu) = (Vec::new(), Vec::new());
        let (mut gave_up, mut over_cap) = (0, 0);
        let mut least_density = f64::INFINITY;
        let mut most_zero = 0;
        for seed in 0..seeds {
            match run(&case.options, seed, cap) {
                Run::Made(seconds, game) => {
                    times.push(seconds.wall);
                    cpu.push(seconds.cpu);
                    if let AnyGame::Tents(g) = game {
                        let shape = tents::generate::shape(&g);
                        least_density = least_density.min(shape.trees_per_square);
                        most_zero = most_zero.max(shape.zero_lines);
                    }
                }
                Run::GaveUp(seconds) => {
                    times.push(seconds.wall);
                    cpu.push(seconds.cpu);
                    gave_up += 1;
                }
                Run::OverCap => {
                    times.push(f64::INFINITY);
                    cpu.push(f64::INFINITY);
                    over_cap += 1;
                }
            }
        }
        let (median, max) = median_and_max(times);
        let (cpu_median, cpu_max) = median_and_max(cpu);
        let (density, zero) = if least_density.is_finite() {
            (format!("{least_density:.3}"), most_zero.to_string())
        } else {
            ("-".to_string(), "-".to_string())
        };
        println!(
            "{:<32} {:>9} {:>9} {:>9} {:>9} {:>8} {:>8} {:>9} {:>10}",
            case.label,
            shown(median, cap),
            shown(max, cap),
            shown(cpu_median, cap),
            shown(cpu_max, cap),
            gave_up,
            over_cap,
            density,
            zero
        );
    }
}
