//! `hint PUZZLE [--json]`: the next deduction, named after its rule.

use super::args::HintArgs;
use super::{Failure, Outcome, emit, load::load};
use crate::budget::{self, Budget};
use crate::deduce::{Deduce, Hint, HintOutcome, prelude};
use crate::game::{Game, Target};

/// Runs `hint`.
pub fn run(args: &HintArgs) -> Outcome {
    let game = load(&args.puzzle.puzzle, &args.puzzle.options)?;
    crate::with_game!(&game, g => report(g, args.json))
}

fn report<G: Deduce>(game: &G, json: bool) -> Outcome {
    match prelude::hint_within(game, &Budget::lasting(budget::HINT)) {
        HintOutcome::Hint(hint) => emit(None, &hint_output::<G>(&hint, json, true)),
        HintOutcome::Unchecked(hint) => {
            eprintln!(
                "gridpuzzles: unchecked: the solver could not tell within {} s whether this \
                 position still leads to a solution; the deduction follows from the pieces placed",
                budget::HINT.as_secs()
            );
            emit(None, &hint_output::<G>(&hint, json, false))
        }
        HintOutcome::Undecided => Err(Failure::negative(format!(
            "no rule applies, and the solver could not tell within {} s whether this position \
             still leads to a solution",
            budget::HINT.as_secs()
        ))),
        HintOutcome::Won => Err(Failure::negative(
            "the puzzle is already won: no hint needed",
        )),
        HintOutcome::Error(marks) => {
            let list: Vec<String> = marks.iter().map(|m| format!("error: {m}")).collect();
            Err(Failure::negative(format!(
                "the position has errors, so no deduction is sound; fix them first:\n{}",
                list.join("\n")
            )))
        }
        HintOutcome::OffSolution(squares) => {
            let list: Vec<String> = squares.iter().map(|p| p.to_string()).collect();
            Err(Failure::negative(format!(
                "the position is already wrong: no solution keeps every piece placed, so no \
                 deduction is sound; these squares differ from the solution: {}",
                list.join(", ")
            )))
        }
        HintOutcome::Unsolvable => Err(Failure::negative(
            "this puzzle has no solution, so no deduction leads anywhere",
        )),
        HintOutcome::Stuck => Err(Failure::negative(
            "no rule applies: the position allows several solutions",
        )),
    }
}

/// The hint as `hint` prints it: text or JSON; an unchecked one says so in its JSON.
fn hint_output<G: Game>(hint: &Hint<G::Piece>, json: bool, checked: bool) -> String {
    if !json {
        return hint_text::<G>(hint);
    }
    let mut value = hint_json::<G>(hint);
    if !checked && let Some(object) = value.as_object_mut() {
        object.insert("checked".into(), serde_json::Value::Bool(false));
    }
    format!("{value}\n")
}

/// The plain-text hint: rule name and tier, the squares set, the explanation.
pub fn hint_text<G: Game>(hint: &Hint<G::Piece>) -> String {
    let sets: Vec<String> = hint
        .sets
        .iter()
        .map(|(p, v)| format!("{} {p}", G::piece_name(*v)))
        .collect();
    format!(
        "{} ({}, {})\nsets: {}\n{}\n",
        hint.rule.name,
        hint.rule.tier,
        hint.rule.kind.id(),
        sets.join(", "),
        hint.explanation
    )
}

/// The JSON object docs/cli.md#hint defines; values are named by their text-format characters.
pub fn hint_json<G: Game>(hint: &Hint<G::Piece>) -> serde_json::Value {
    let sets: Vec<_> = hint
        .sets
        .iter()
        .map(|(p, v)| {
            serde_json::json!({"row": p.row, "col": p.col, "value": G::piece_char(*v).to_string()})
        })
        .collect();
    let premises: Vec<_> = hint
        .premises
        .iter()
        .map(|t| match t {
            Target::Square(p) => serde_json::json!({"row": p.row, "col": p.col}),
            Target::Row(r) => serde_json::json!({"row": r, "col": null}),
            Target::Col(c) => serde_json::json!({"row": null, "col": c}),
        })
        .collect();
    serde_json::json!({
        "rule": hint.rule.id,
        "name": hint.rule.name,
        "tier": hint.rule.tier.id(),
        "kind": hint.rule.kind.id(),
        "sets": sets,
        "premises": premises,
        "explanation": hint.explanation,
    })
}
