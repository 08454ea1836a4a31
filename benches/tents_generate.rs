//! Tents: generation time per size, tier and variant, with the shape of what is made (trees per
//! square, lines whose count is 0), then hint time on 30x30 positions.
//!
//! Run: `cargo bench --bench tents_generate`. The generation table is printed first: per case,
//! the median and the largest time over its seeds (wall clock, one thread), how many seeds
//! gave up, the fewest trees per square, the most lines with count 0 and the fewest pairs of
//! tents touching diagonally in a solution (diagadj only). Sides above
//! `TENTS_GENERATE_MAX_SIDE` (default 100) are skipped.
//!
//! A knobs table follows: for the generator's knobs that tests force at 30x30 diagadj (the
//! second look, the screen margin), per tier, the time with the knob and without it and whether
//! the puzzle made differs (the tests check what is made with the knob; whether it changes a
//! climb is a tuning figure, read here).
//!
//! With `TATHAM_TENTSGEN` naming a build of Simon Tatham's generator (`benches/tatham/build.sh`),
//! a second table puts it beside ours: the usual puzzles, easy and tricky (Tatham's tiers), 10x10
//! to 30x30, each of its seeds capped at `TATHAM_CAP_SECS` seconds (default 60).

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use criterion::Criterion;
use gridpuzzles::deduce::{GenOptions, Generate, Tier};
use gridpuzzles::games::tents::{GenParams, Tents, generate};

/// One case of the table: a label, the options and how many seeds (0, 1, …) to time.
struct Case {
    label: String,
    options: GenOptions<GenParams>,
    seeds: u64,
}

/// The cases: every tier at 10x10 to 100x100 (3 seeds from 50x50 on, else 5), and the
/// variants at the sizes players meet them.
fn cases() -> Vec<Case> {
    let max_side: usize = std::env::var("TENTS_GENERATE_MAX_SIDE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let mut out = vec![];
    let mut add = |label: String, options: GenOptions<GenParams>, seeds: u64| {
        if options.rows <= max_side {
            out.push(Case {
                label,
                options,
                seeds,
            });
        }
    };
    for side in [10, 25, 30, 50, 100] {
        for tier in Tier::ALL {
            let seeds = if side >= 50 { 3 } else { 5 };
            add(
                format!("{side}x{side} {tier}"),
                common::square(side, tier),
                seeds,
            );
        }
    }
    for side in [30, 50, 100] {
        let wrapping = GenOptions {
            wrapping: true,
            ..common::square(side, Tier::Tricky)
        };
        add(format!("{side}x{side} tricky wrapping"), wrapping, 3);
    }
    for side in [25, 50, 100] {
        let diagadj = GenOptions {
            params: GenParams { diagadj: true },
            ..common::square(side, Tier::Tricky)
        };
        add(format!("{side}x{side} tricky diagadj"), diagadj, 3);
    }
    out
}

/// Times every case and prints the table.
fn generation_table() {
    println!(
        "{:<26} {:>9} {:>9} {:>8} {:>10} {:>11} {:>8}",
        "tents generate", "median s", "max s", "gave up", "trees/sq", "zero lines", "touching"
    );
    for case in cases() {
        let mut times = vec![];
        let mut gave_up = 0;
        let mut least_density = f64::INFINITY;
        let mut most_zero = 0;
        let mut least_touching = usize::MAX;
        for seed in 0..case.seeds {
            let start = Instant::now();
            let made = Tents::generate(&case.options, seed);
            times.push(start.elapsed().as_secs_f64());
            match made {
                Ok(g) => {
                    let shape = generate::shape(&g);
                    least_density = least_density.min(shape.trees_per_square);
                    most_zero = most_zero.max(shape.zero_lines);
                    if g.diagadj() {
                        least_touching = least_touching.min(shape.touching_pairs);
                    }
                }
                Err(_) => gave_up += 1,
            }
        }
        let (median, max) = median_and_max(times);
        let lines = case.options.rows + case.options.cols;
        let density = if least_density.is_finite() {
            format!("{least_density:.3}")
        } else {
            "-".to_string()
        };
        let touching = if least_touching == usize::MAX {
            "-".to_string()
        } else {
            least_touching.to_string()
        };
        println!(
            "{:<26} {:>9.3} {:>9.3} {:>8} {:>10} {:>7} /{:<3} {:>8}",
            case.label,
            median,
            max,
            format!("{gave_up}/{}", case.seeds),
            density,
            most_zero,
            lines,
            touching
        );
    }
}

/// The knobs forced at 30x30 diagadj by the tests, each against the puzzle made without it.
fn knobs_table() {
    println!(
        "{:<30} {:>8} {:>11} {:>9}",
        "tents knob, 30x30 diagadj", "with s", "without s", "changed"
    );
    for difficulty in Tier::ALL {
        let o = GenOptions {
            params: GenParams { diagadj: true },
            ..common::square(30, difficulty)
        };
        let usual = generate::Knobs::for_options(&o);
        let knobs = [
            (
                "second look 10",
                generate::Knobs {
                    second_look: Some(10),
                    ..usual
                },
                generate::Knobs {
                    second_look: None,
                    ..usual
                },
            ),
            (
                "screen margin 1",
                generate::Knobs {
                    screen_margin: 1,
                    ..usual
                },
                generate::Knobs {
                    screen_margin: 0,
                    ..usual
                },
            ),
        ];
        for (name, with, without) in knobs {
            let timed = |knobs| {
                let start = Instant::now();
                let made = generate::generate_with(&o, 0, knobs).ok();
                (made, start.elapsed().as_secs_f64())
            };
            let (a, with_s) = timed(with);
            let (b, without_s) = timed(without);
            println!(
                "{:<30} {:>8.3} {:>11.3} {:>9}",
                format!("{name}, {difficulty:?}"),
                with_s,
                without_s,
                if a == b { "no" } else { "yes" }
            );
        }
    }
}

/// Seconds Tatham's generator (the binary `bin`) took for `params` ("25x25dt") and `seed`, or
/// `None` when it ran past `cap`.
fn tatham_seconds(bin: &str, params: &str, seed: &str, cap: Duration) -> Option<f64> {
    let (_, out) = common::run_capped(Command::new(bin).args([params, seed]), cap)?;
    let text = String::from_utf8_lossy(&out.stdout);
    let seconds = text
        .lines()
        .find_map(|l| l.strip_prefix("seconds: "))
        .and_then(|v| v.trim().parse().ok());
    assert!(
        out.status.success() && text.contains("valid: yes"),
        "{bin} {params} {seed}: {text}"
    );
    Some(seconds.expect("a seconds line"))
}

/// The median and the largest of some times (over-cap times as infinity).
fn median_and_max(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], times[times.len() - 1])
}

/// A time in seconds, or "> cap" for an over-cap (infinite) one.
fn shown(seconds: f64, cap: Duration) -> String {
    if seconds.is_finite() {
        format!("{seconds:.3}")
    } else {
        format!("> {}", cap.as_secs())
    }
}

/// Tatham's generator beside ours (see the module's doc), when `TATHAM_TENTSGEN` is set.
fn tatham_table() {
    let Ok(bin) = std::env::var("TATHAM_TENTSGEN") else {
        return;
    };
    let cap = Duration::from_secs(
        std::env::var("TATHAM_CAP_SECS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(60),
    );
    println!(
        "\n{:<26} {:>9} {:>9} {:>13} {:>13}",
        "beside Tatham", "median s", "max s", "Tatham median", "Tatham max"
    );
    for side in [10, 15, 20, 25, 30] {
        for (tier, letter) in [(Tier::Easy, 'e'), (Tier::Tricky, 't')] {
            let options = common::square(side, tier);
            // (Ours are not capped; at these sizes none gives up, see the table above.)
            let ours = (0..5)
                .map(|seed| {
                    let start = Instant::now();
                    let _ = Tents::generate(&options, seed);
                    start.elapsed().as_secs_f64()
                })
                .collect();
            let params = format!("{side}x{side}d{letter}");
            let theirs = ["1", "2", "3"]
                .iter()
                .map(|seed| tatham_seconds(&bin, &params, seed, cap).unwrap_or(f64::INFINITY))
                .collect();
            let (median, max) = median_and_max(ours);
            let (t_median, t_max) = median_and_max(theirs);
            println!(
                "{:<26} {:>9} {:>9} {:>13} {:>13}",
                format!("{side}x{side} {tier}"),
                shown(median, cap),
                shown(max, cap),
                shown(t_median, cap),
                shown(t_max, cap)
            );
        }
    }
}

/// Hint time on positions of 30x30 puzzles (criterion).
fn hints(c: &mut Criterion) {
    let positions = common::positions_30x30::<Tents>(|tier| common::square(30, tier));
    common::hints(c, "tents_hint_30x30", &positions);
}

fn main() {
    generation_table();
    knobs_table();
    tatham_table();
    let mut c = Criterion::default().configure_from_args();
    hints(&mut c);
    c.final_summary();
}
