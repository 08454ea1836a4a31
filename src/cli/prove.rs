//! `prove PUZZLE [OUTPUT]` and `verify PROOF` (docs/cli.md#prove-and-verify,
//! docs/rules.md#proof-mode): a proof by the game's own rules in the text format, and the check of
//! one.

use std::path::Path;

use super::args::{OutputArgs, VerifyArgs};
use super::{Failure, Outcome, load::load, to_stdout};
use crate::games::Listed;
use crate::proof::tree::target_text;
use crate::proof::{ProofRules, judge, prove, text};

/// Runs `prove`: exit 1 when the rules cannot finish the puzzle.
pub fn run_prove(args: &OutputArgs) -> Outcome {
    let game = load(&args.puzzle.puzzle, &args.puzzle.options)?;
    let written = crate::with_game!(&game, g => prove_text(g))?;
    match &args.output {
        Some(path) => write_whole(path, &written),
        None => to_stdout(&written).map(|_| 0),
    }
}

fn prove_text<G: ProofRules + Listed>(g: &G) -> Result<String, Failure> {
    let proof = prove(g).map_err(|e| Failure::negative(e.to_string()))?;
    Ok(text::write(&proof))
}

/// Writes the whole file at once (a temp file renamed over it), so no half proof is left.
fn write_whole(path: &Path, text: &str) -> Outcome {
    crate::progress::atomic::write_atomic(path, text.as_bytes())
        .map_err(|e| Failure::input(format!("{}: cannot write: {e}", path.display())))?;
    Ok(0)
}

/// Runs `verify`: exit 0 complete and valid, 1 with the first invalid step or the open
/// branches, 2 for a file that cannot be read.
pub fn run_verify(args: &VerifyArgs) -> Outcome {
    let path = &args.proof;
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::input(format!("{}: cannot read: {e}", path.display())))?;
    let content = String::from_utf8(bytes)
        .map_err(|_| Failure::input(format!("{}: not UTF-8 text", path.display())))?;
    let located = |e: crate::game::ParseError| Failure::input(format!("{}: {e}", path.display()));
    let kind = text::game_of(&content).map_err(located)?;
    crate::with_kind!(kind, G => verify_text::<G>(&content).map_err(located)?)
}

/// Judges a proof of game `G`; a malformed one is a parse error.
fn verify_text<G: ProofRules + Listed>(content: &str) -> Result<Outcome, crate::game::ParseError> {
    let proof = text::read::<G>(content)?;
    let report = judge(&proof);
    if let Some(bad) = report.invalid.first() {
        let at = bad
            .at
            .map_or(String::new(), |t| format!(" at {}", target_text(t)));
        return Ok(Err(Failure::negative(format!(
            "line {}: invalid step by {}{at}: {}",
            bad.line, bad.rule, bad.reason
        ))));
    }
    if report.open > 0 {
        let s = if report.open == 1 { "" } else { "es" };
        return Ok(Err(Failure::negative(format!(
            "incomplete: {} open branch{s}",
            report.open
        ))));
    }
    let summary = format!(
        "proof complete: {} steps, {} case splits, rules used: {}\n",
        report.steps,
        report.splits,
        report.rules_used.join(", ")
    );
    Ok(to_stdout(&summary).map(|_| 0))
}
