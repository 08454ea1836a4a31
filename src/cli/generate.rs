//! `generate GAME [--size RxC] [--difficulty D] [--wrapping] [the game's own flags] [--seed N]
//! [--count K] [--output DIR]`: new puzzles with exactly one solution, in the text format. The
//! game's own flags (`--diagadj`, `--symmetric`, `--neighbourhood`, `--density`) are declared by
//! the games ([`GameFlags`](super::game_flags::GameFlags)).

use std::io::IsTerminal;
use std::path::Path;

use super::args::GenerateArgs;
use super::gen_progress::Bar;
use super::interrupt::Written;
use super::{Failure, Outcome, to_stdout};
use crate::deduce::{GenCtl, GenError, GenOptions, Generate, Tier};
use crate::files::output::write_output;
use crate::game::GameKind;
use crate::games::{AnyGenParams, any_gen_params};

/// Runs `generate`: each puzzle is written (and flushed) as soon as it is made, so a long run
/// can be read as it goes and an interrupt keeps every puzzle made
/// ([`interrupt`](super::interrupt)). A reader that has gone ends the run quietly. A puzzle
/// that takes over a second shows a progress bar on stderr when that is a terminal
/// ([`gen_progress`](super::gen_progress)).
pub fn run(args: &GenerateArgs) -> Outcome {
    let options = request(args)?;
    let first_seed = args.seed.unwrap_or_else(clock_seed);
    if args.seed.is_none() {
        eprintln!("gridpuzzles: seed {first_seed} (pass --seed {first_seed} to make these again)");
    }
    let total = args.count;
    let written = Written::watch(move |n| interrupted(n, total, first_seed));
    let terminal = std::io::stderr().is_terminal();
    let mut made = 0;
    for k in 0..total {
        let seed = first_seed.wrapping_add(k);
        let ctl = GenCtl::new();
        let bar = terminal.then(|| Bar::start(&ctl, bar_prefix(k, total, seed)));
        let generated = any_gen_params::generate_ctl(&options, seed, &ctl);
        if let Some(bar) = bar {
            bar.stop();
        }
        let delivered = generated
            .map_err(|e| gave_up(&options, seed, &e))
            .and_then(|g| {
                let text = g.format();
                written.one(|| match &args.output {
                    Some(dir) => write_into(dir, &file_name(args, &options, seed), &text),
                    // A blank line between puzzles.
                    None if k > 0 => to_stdout(&format!("\n{text}")),
                    None => to_stdout(&text),
                })
            });
        match delivered {
            Ok(true) => made += 1,
            Ok(false) => break,
            Err(failure) if total > 1 => {
                // The reason first, then how far the run got.
                eprintln!("gridpuzzles: {}", failure.message);
                return Err(Failure {
                    message: stopped(made, total, first_seed),
                    code: failure.code,
                });
            }
            Err(failure) => return Err(failure),
        }
    }
    Ok(0)
}

/// What the progress bar of puzzle `k` (from 0) of `total` says before the bar.
fn bar_prefix(k: u64, total: u64, seed: u64) -> String {
    if total == 1 {
        format!("seed {seed}")
    } else {
        format!("puzzle {} of {total}, seed {seed}", k + 1)
    }
}

/// Why the generator made no puzzle from `seed`, and what to try instead: another seed, an
/// easier difficulty, a larger size (those that can help).
fn gave_up(options: &GenOptions<AnyGenParams>, seed: u64, e: &GenError) -> Failure {
    Failure::negative(format!("seed {seed}: {e}; try {}", advice(options, true)))
}

/// What may make a puzzle where `options` made none: another `--seed` (when `seeds` may
/// help), an easier `--difficulty` that has puzzles at this size, a larger `--size`.
fn advice(options: &GenOptions<AnyGenParams>, seeds: bool) -> String {
    let mut tries = Vec::new();
    if seeds {
        tries.push("another --seed".to_string());
    }
    let easier: Vec<&str> = Tier::ALL
        .into_iter()
        .filter(|&t| t < options.difficulty)
        .filter(|&t| {
            let other = GenOptions {
                difficulty: t,
                ..options.clone()
            };
            any_gen_params::no_puzzle(&other).is_none()
        })
        .map(Tier::id)
        .collect();
    if !easier.is_empty() {
        tries.push(format!("--difficulty {}", easier.join(" or ")));
    }
    let kind = options.params.kind();
    let (_, max) = crate::with_kind!(kind, G => G::SIDES);
    if options.rows < max || options.cols < max {
        tries.push("a larger --size".to_string());
    }
    match tries.as_slice() {
        [] => "other options".to_string(),
        [one] => one.clone(),
        // A comma keeps `--difficulty easy or tricky` one choice.
        [first, last] if !first.contains(" or ") => format!("{first} or {last}"),
        [rest @ .., last] => format!("{}, or {last}", rest.join(", ")),
    }
}

/// What stderr says when a run making `total` puzzles from `first_seed` stops at a puzzle it
/// could not make or write, after `made` of them.
fn stopped(made: u64, total: u64, first_seed: u64) -> String {
    let puzzles = if total == 1 { "puzzle" } else { "puzzles" };
    let done = format!("stopped: {made} of {total} {puzzles} made");
    match made {
        0 => done,
        1 => format!("{done} (seed {first_seed})"),
        _ => format!(
            "{done} (seeds {first_seed} to {})",
            first_seed.wrapping_add(made - 1)
        ),
    }
}

/// What stderr says when a run making `total` puzzles from `first_seed` is interrupted after
/// `made` of them: how many, and the options that make the rest.
fn interrupted(made: u64, total: u64, first_seed: u64) -> String {
    let puzzles = if total == 1 { "puzzle" } else { "puzzles" };
    let done = format!("interrupted: {made} of {total} {puzzles} made");
    if made == total {
        return done;
    }
    let next = first_seed.wrapping_add(made);
    format!(
        "{done}; --seed {next} --count {} makes the rest",
        total - made
    )
}

/// The name of the file `--output` writes the puzzle of `seed` to.
fn file_name(args: &GenerateArgs, options: &GenOptions<AnyGenParams>, seed: u64) -> String {
    format!(
        "{}-{}x{}-{}-{seed}.txt",
        args.game.id(),
        options.rows,
        options.cols,
        options.difficulty.id()
    )
}

/// What `args` ask the generator for: the size (the game's default when not given), the
/// difficulty, wrapping and the game's own flags. A size outside the game's sides, and a
/// difficulty no puzzle of that size and variant has ([`any_gen_params::no_puzzle`]), are
/// refused here, as bad input, before any generating.
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
    let options = GenOptions {
        rows,
        cols,
        difficulty,
        wrapping: args.wrapping,
        params: args.own.params(kind).map_err(Failure::input)?,
    };
    // A difficulty that has no puzzle at this size is bad input, like a size out of range.
    if let Some(why) = any_gen_params::no_puzzle(&options) {
        return Err(Failure::input(format!(
            "{why}; try {}",
            advice(&options, false)
        )));
    }
    Ok(options)
}

/// Writes `text` to the file `name` in `dir` and prints its path; `Ok(false)` when stdout's
/// reader has gone.
fn write_into(dir: &Path, name: &str, text: &str) -> Result<bool, Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::input(format!("{}: cannot create: {e}", dir.display())))?;
    let path = dir.join(name);
    write_output(&path, text.as_bytes()).map_err(|e| Failure::input(e.to_string()))?;
    to_stdout(&format!("{}\n", path.display()))
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
