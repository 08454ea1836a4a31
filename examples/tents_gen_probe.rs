//! Generation time and shape of Tents puzzles per seed, with the generator's own knobs.
//!
//! Run: `cargo run --release --example tents_gen_probe -- SIDE TIER [SEEDS] [wrapping] [diagadj]
//! [density=F] [spread=F] [floor=F] [min=F] [budget=F] [apart=0|1]` (SEEDS seeds from 0; the
//! `name=value` words override the generator's knobs); prints, per seed, the time, trees per
//! square, lines with count 0 and pairs of tents touching diagonally in the solution.
use std::time::Instant;

use gridpuzzles::deduce::{GenOptions, Tier};
use gridpuzzles::games::tents::{GenParams, generate};

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
            "apart" => knobs.apart = value != 0.0,
            _ => panic!("{usage}"),
        }
    }
    for seed in 0..seeds {
        let start = Instant::now();
        let result = generate::generate_with(&options, seed, knobs);
        let elapsed = start.elapsed().as_secs_f64();
        match result {
            Ok(g) => {
                let shape = generate::shape(&g);
                let tents = gridpuzzles::games::tents::solve::first_solution(&g.puzzle())
                    .expect("a generated puzzle has a solution");
                let tent = |r: usize, c: usize| r < side && c < side && tents[r * side + c];
                let diagonal = (0..side)
                    .flat_map(|r| (0..side).map(move |c| (r, c)))
                    .filter(|&(r, c)| tent(r, c))
                    .map(|(r, c)| {
                        usize::from(tent(r + 1, c + 1)) + usize::from(c > 0 && tent(r + 1, c - 1))
                    })
                    .sum::<usize>();
                println!(
                    "seed {seed}: {elapsed:.3} s, {:.3} trees per square, {} of {} lines with count 0, {diagonal} tents touching diagonally",
                    shape.trees_per_square,
                    shape.zero_lines,
                    2 * side
                );
            }
            Err(e) => println!("seed {seed}: {elapsed:.3} s, {e}"),
        }
    }
}
