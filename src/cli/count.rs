//! `count PUZZLE [OUTPUT] [--limit N]`: the number of solutions.

use super::args::CountArgs;
use super::{Outcome, emit, load::load};
use crate::game::{Count, Game};

/// Runs `count`. When `--limit N` stops the count, the output is still the number alone (N)
/// and stderr says the puzzle has at least that many solutions.
pub fn run(args: &CountArgs) -> Outcome {
    let target = &args.target;
    let game = load(&target.puzzle.puzzle, &target.puzzle.options)?;
    let count = crate::with_game!(&game, g => g.count(args.limit));
    if let Some(limit) = args.limit.filter(|&limit| count >= Count::from(limit)) {
        let solutions = if limit == 1 { "solution" } else { "solutions" };
        eprintln!("gridpuzzles: at least {limit} {solutions} (stopped at --limit {limit})");
    }
    emit(target.output.as_deref(), &format!("{count}\n"))
}
