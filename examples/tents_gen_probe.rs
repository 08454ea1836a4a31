//! Generation time and shape of Tents puzzles per seed, with the generator's own knobs.
//!
//! Run: `cargo run --release --example tents_gen_probe -- SIDE TIER [SEEDS] [wrapping] [diagadj]`
//! (SEEDS seeds from 0); prints, per seed, the time, trees per square and lines with count 0.
use std::time::Instant;

use gridpuzzles::deduce::{GenOptions, Generate, Tier};
use gridpuzzles::games::tents::{GenParams, Square, Tents};

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
                let trees = g
                    .grid()
                    .cells()
                    .iter()
                    .filter(|&&s| s == Square::Tree)
                    .count();
                let zero = g
                    .row_counts()
                    .iter()
                    .chain(g.col_counts())
                    .filter(|&&c| c == 0)
                    .count();
                println!(
                    "seed {seed}: {elapsed:.3} s, {:.3} trees per square, {zero} of {} lines with count 0",
                    trees as f64 / (side * side) as f64,
                    2 * side
                );
            }
            Err(e) => println!("seed {seed}: {elapsed:.3} s, {e}"),
        }
    }
}
