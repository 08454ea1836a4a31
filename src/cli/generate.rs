//! `generate GAME [--size RxC] [--difficulty D] [--wrapping] [--diagadj] [--seed N] [--count K]
//! [--output DIR]`: new puzzles with exactly one solution, in the text format.

use std::path::Path;

use super::args::GenerateArgs;
use super::{Failure, Outcome, emit};
use crate::deduce::{GenOptions, Generate, Tier};
use crate::game::Game;
use crate::game::GameKind;
use crate::games::mosaic::generate::{self as mosaic, ClueDensity};

/// Runs `generate`.
pub fn run(args: &GenerateArgs) -> Outcome {
    let kind = args.game;
    let (rows, cols) = match &args.size {
        Some(s) => parse_size(s)?,
        None => default_size(kind),
    };
    let difficulty = Tier::from_id(&args.difficulty).ok_or_else(|| {
        Failure::input(format!(
            "--difficulty {}: expected easy, tricky or hard",
            args.difficulty
        ))
    })?;
    if args.diagadj && kind != GameKind::Tents {
        return Err(Failure::input("--diagadj applies to Tents only"));
    }
    if args.density.is_some() && kind != GameKind::Mosaic {
        return Err(Failure::input("--density applies to Mosaic only"));
    }
    let density = args
        .density
        .map_or(ClueDensity::Minimal, ClueDensity::Percent);
    let options = GenOptions {
        rows,
        cols,
        difficulty,
        wrapping: args.wrapping,
        diagadj: args.diagadj,
        symmetric: args.symmetric,
        neighbourhood: args.neighbourhood.unwrap_or_default(),
    };
    let first_seed = args.seed.unwrap_or_else(clock_seed);
    if args.seed.is_none() {
        eprintln!("gridpuzzles: seed {first_seed} (pass --seed {first_seed} to make these again)");
    }
    let mut printed = String::new();
    for k in 0..args.count {
        let seed = first_seed.wrapping_add(k);
        // Only Mosaic's generator takes a clue density (checked above).
        let text = if kind == GameKind::Mosaic {
            mosaic::generate(&options, density, seed)
                .map(|g| g.format())
                .map_err(|e| Failure::negative(format!("seed {seed}: {e}")))?
        } else {
            crate::with_kind!(kind, G => make::<G>(&options, seed))?
        };
        match &args.output {
            Some(dir) => {
                let name = format!("{}-{rows}x{cols}-{}-{seed}.txt", kind.id(), difficulty.id());
                write_into(dir, &name, &text)?;
            }
            None => {
                if k > 0 {
                    printed.push('\n');
                }
                printed.push_str(&text);
            }
        }
    }
    if args.output.is_none() {
        emit(None, &printed)?;
    }
    Ok(0)
}

fn make<G: Generate>(options: &GenOptions, seed: u64) -> Result<String, Failure> {
    G::generate(options, seed)
        .map(|g| g.format())
        .map_err(|e| Failure::negative(format!("seed {seed}: {e}")))
}

fn write_into(dir: &Path, name: &str, text: &str) -> Result<(), Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::input(format!("{}: cannot create: {e}", dir.display())))?;
    let path = dir.join(name);
    std::fs::write(&path, text)
        .map_err(|e| Failure::input(format!("{}: cannot write: {e}", path.display())))?;
    println!("{}", path.display());
    Ok(())
}

/// Parses `RxC` (rows x columns) or a single `N` for a square grid.
pub fn parse_size(s: &str) -> Result<(usize, usize), Failure> {
    let bad = || Failure::input(format!("--size {s}: expected ROWSxCOLS, such as 10x10"));
    let (r, c) = s.split_once(['x', 'X']).unwrap_or((s, s));
    let rows: usize = r.trim().parse().map_err(|_| bad())?;
    let cols: usize = c.trim().parse().map_err(|_| bad())?;
    if rows == 0 || cols == 0 {
        return Err(bad());
    }
    Ok((rows, cols))
}

fn default_size(kind: GameKind) -> (usize, usize) {
    match kind {
        GameKind::Tents => (8, 8),
        GameKind::LightUp => (7, 7),
        GameKind::Mosaic => (10, 10),
    }
}

/// A seed from the clock, for runs without `--seed` (the generator itself never reads a clock).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}
