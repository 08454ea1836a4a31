//! `generate GAME [--size RxC] [--difficulty D] [--wrapping] [the game's own flags] [--seed N]
//! [--count K] [--output DIR]`: new puzzles with exactly one solution, in the text format. The
//! game's own flags (`--diagadj`, `--symmetric`, `--neighbourhood`, `--density`) are declared by
//! the games ([`GameFlags`](super::game_flags::GameFlags)).

use std::path::Path;

use super::args::GenerateArgs;
use super::{Failure, Outcome, emit};
use crate::deduce::{GenOptions, Generate, Tier};
use crate::game::GameKind;
use crate::games::{AnyGenParams, any_gen_params};

/// Runs `generate`.
pub fn run(args: &GenerateArgs) -> Outcome {
    let options = request(args)?;
    let first_seed = args.seed.unwrap_or_else(clock_seed);
    if args.seed.is_none() {
        eprintln!("gridpuzzles: seed {first_seed} (pass --seed {first_seed} to make these again)");
    }
    let mut printed = String::new();
    for k in 0..args.count {
        let seed = first_seed.wrapping_add(k);
        let text = any_gen_params::generate(&options, seed)
            .map(|g| g.format())
            .map_err(|e| Failure::negative(format!("seed {seed}: {e}")))?;
        match &args.output {
            Some(dir) => {
                let name = format!(
                    "{}-{}x{}-{}-{seed}.txt",
                    args.game.id(),
                    options.rows,
                    options.cols,
                    options.difficulty.id()
                );
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

/// What `args` ask the generator for: the size (the game's default when not given), the
/// difficulty, wrapping and the game's own flags. A size outside the game's sides is refused
/// here, as bad input, before any generating.
pub fn request(args: &GenerateArgs) -> Result<GenOptions<AnyGenParams>, Failure> {
    let kind = args.game;
    let (rows, cols) = match &args.size {
        Some(s) => parse_size(s).and_then(|size| within_sides(kind, s, size))?,
        None => crate::with_kind!(kind, G => G::DEFAULT_SIZE),
    };
    let difficulty = Tier::from_id(&args.difficulty).ok_or_else(|| {
        Failure::input(format!(
            "--difficulty {}: expected easy, tricky or hard",
            args.difficulty
        ))
    })?;
    Ok(GenOptions {
        rows,
        cols,
        difficulty,
        wrapping: args.wrapping,
        params: args.own.params(kind).map_err(Failure::input)?,
    })
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

/// Parses `RxC` (rows x columns) or a single `N` for a square grid. Any number parses (`0x5`
/// too): whether the game makes that size is for [`request`] to say.
pub fn parse_size(s: &str) -> Result<(usize, usize), Failure> {
    let bad = || Failure::input(format!("--size {s}: expected ROWSxCOLS, such as 10x10"));
    let (r, c) = s.split_once(['x', 'X']).unwrap_or((s, s));
    let rows: usize = r.trim().parse().map_err(|_| bad())?;
    let cols: usize = c.trim().parse().map_err(|_| bad())?;
    Ok((rows, cols))
}

/// `size` (given as `text`) when both its sides are within what game `kind`'s generator makes
/// ([`Generate::SIDES`]); otherwise an error naming the sizes it makes.
fn within_sides(
    kind: GameKind,
    text: &str,
    (rows, cols): (usize, usize),
) -> Result<(usize, usize), Failure> {
    let (min, max) = crate::with_kind!(kind, G => G::SIDES);
    let sides = min..=max;
    if sides.contains(&rows) && sides.contains(&cols) {
        Ok((rows, cols))
    } else {
        Err(Failure::input(format!(
            "--size {text}: {} sizes run from {min}x{min} to {max}x{max}",
            kind.title()
        )))
    }
}

/// A seed from the clock, for runs without `--seed` (the generator itself never reads a clock).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}
