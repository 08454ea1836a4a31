//! Generation time and shape of Tents puzzles per seed, with the generator's own knobs.
//!
//! Run: `cargo run --release --example tents_gen_probe -- SIDE TIER [SEEDS] [wrapping] [diagadj]`
//! (SEEDS seeds from 0); prints, per seed, the time, trees per square and lines with count 0.
use std::time::Instant;

use gridpuzzles::deduce::{GenOptions, Generate, Tier};
use gridpuzzles::games::tents::{GenParams, Tents, generate};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: tents_gen_probe SIDE TIER [SEEDS] [wrapping] [diagadj]";
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
    for seed in 0..seeds {
        let start = Instant::now();
        let result = Tents::generate(&options, seed);
        let elapsed = start.elapsed().as_secs_f64();
        match result {
            Ok(g) => {
                let shape = generate::shape(&g);
                println!(
                    "seed {seed}: {elapsed:.3} s, {:.3} trees per square, {} of {} lines with count 0",
                    shape.trees_per_square,
                    shape.zero_lines,
                    2 * side
                );
            }
            Err(e) => println!("seed {seed}: {elapsed:.3} s, {e}"),
        }
    }
}
