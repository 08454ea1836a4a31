//! Generation time and shape of Tents puzzles per seed, with the generator's own knobs.
//!
//! Run: `cargo run --release --example tents_gen_probe -- SIDE TIER [SEEDS] [wrapping] [diagadj]
//! [density=F] [spread=F] [floor=F] [min=F] [budget=F] [touching=F] [second=N] [margin=N]
//! [stall=N] [band=N] [lanes=N] [from=N]` (SEEDS seeds from N, 0 by default; the `name=value`
//! words override the generator's knobs, `touching=-1` plants tents touching wherever the
//! puzzle allows, `second=0` skips the second look, `margin=N` judges only candidates the
//! local estimate finds better by N+1 squares while many are open, `stall=N` replants after N
//! candidates in a row that improve nothing, `band=N` estimates a new planting over the rows
//! and columns within N of it before judging it, `band=0` judges at once, `lanes=N` assesses
//! candidates on up to N threads); prints, per seed, the time, trees per square, lines with
//! count 0 and pairs of tents touching diagonally in the solution.
use std::time::Instant;

use gridpuzzles::deduce::{GenOptions, Tier};
use gridpuzzles::games::tents::{GenParams, generate};

/// The binary's allocator, so that the times are the ones `generate` takes.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: tents_gen_probe SIDE TIER [SEEDS] [wrapping] [diagadj] [KNOB=VALUE...]";
    let side: usize = args.get(1).and_then(|s| s.parse().ok()).expect(usage);
    let tier = args.get(2).and_then(|s| Tier::from_id(s)).expect(usage);
    let seeds: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3);
    let flag = |name: &str| args.iter().skip(4).any(|a| a == name);
    let options = GenOptions {
        rows: side,
        cols: side,
        difficulty: tier,
        wrapping: flag("wrapping"),
        params: GenParams {
            diagadj: flag("diagadj"),
        },
    };
    let mut knobs = generate::Knobs::for_options(&options);
    let mut first = 0;
    for word in args.iter().skip(4) {
        let Some((name, value)) = word.split_once('=') else {
            continue;
        };
        let value: f64 = value.parse().expect(usage);
        match name {
            "density" => knobs.density = value,
            "spread" => knobs.spread = value,
            "floor" => knobs.floor = value,
            "min" => knobs.min_trees = value,
            "budget" => knobs.budget_per_cell = value,
            "from" => first = value as u64,
            "margin" => knobs.screen_margin = value as usize,
            "second" => knobs.second_look = (value > 0.0).then_some(value as usize),
            "touching" => knobs.touching = (value >= 0.0).then_some(value),
            "stall" => knobs.stall_limit = value as usize,
            "band" => knobs.replant_band = (value > 0.0).then_some(value as usize),
            "lanes" => knobs.lanes = value as usize,
            "zero" => knobs.zero_share = value,
            _ => panic!("{usage}"),
        }
    }
    for seed in first..first + seeds {
        let start = Instant::now();
        let result = generate::generate_with(&options, seed, knobs);
        let elapsed = start.elapsed().as_secs_f64();
        match result {
            Ok(g) => {
                let shape = generate::shape(&g);
                println!(
                    "seed {seed}: {elapsed:.3} s, {:.3} trees per square, {} of {} lines with count 0, {} pairs of tents touching diagonally",
                    shape.trees_per_square,
                    shape.zero_lines,
                    2 * side,
                    shape.touching_pairs
                );
            }
            Err(e) => println!("seed {seed}: {elapsed:.3} s, {e}"),
        }
    }
}
