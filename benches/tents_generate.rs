//! Tents: generation time per size, tier and variant, with the shape of what is made (trees per
//! square, lines whose count is 0), then hint time on 30x30 positions.
//!
//! Run: `cargo bench --bench tents_generate`. The generation table is printed first: per case,
//! the median and the largest time over its seeds (wall clock, one thread), how many seeds
//! gave up, the fewest trees per square, the most lines with count 0 and the fewest pairs of
//! tents touching diagonally in a solution (diagadj only). Sides above
//! `TENTS_GENERATE_MAX_SIDE` (default 100) are skipped.

mod common;

use std::time::Instant;

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
    for side in [30, 50] {
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
        times.sort_by(f64::total_cmp);
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
            times[times.len() / 2],
            times[times.len() - 1],
            format!("{gave_up}/{}", case.seeds),
            density,
            most_zero,
            lines,
            touching
        );
    }
}

/// Hint time on positions of 30x30 puzzles (criterion).
fn hints(c: &mut Criterion) {
    let positions = common::positions_30x30::<Tents>(|tier| common::square(30, tier));
    common::hints(c, "tents_hint_30x30", &positions);
}

fn main() {
    generation_table();
    let mut c = Criterion::default().configure_from_args();
    hints(&mut c);
    c.final_summary();
}
