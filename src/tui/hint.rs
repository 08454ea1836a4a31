//! The hint the `n` key asks for, worked out away from `update` (on an effect worker): the
//! next deduction to show, or the position after applying the one shown, and what to tell the
//! player. Pure but for the solver's time budget: the same session and shown hint give the
//! same answer when the solver answers in time. A position the solution kept by the player
//! judges asks no solver at all.

use std::sync::Arc;

use crate::budget::Budget;
use crate::deduce::known::{Judged, Known, judge_within};
use crate::deduce::{HintOutcome, prelude};
use crate::game::Target;
use crate::grid::Pos;
use crate::history::Action;
use crate::play::Play;
use crate::tui::model::{Message, Playable, Session, ShownHint, with_session};
use crate::tui::msg::HintAnswer;
use crate::tui::solution::{self, KnownSolution};

/// What `n` does on `session`, with `shown` the hint shown since the last `n` (if any) and
/// `known` what a solve of the puzzle found (if it has answered).
pub fn work_out(
    session: &Session,
    shown: Option<&ShownHint>,
    known: Option<&KnownSolution>,
    budget: &Budget,
) -> HintAnswer {
    let (step, learned) = with_session!(session, p => {
        let (step, learned) = hint_step(p, shown, solution::of_game(known), budget);
        let step = (step.0.map(Playable::session), step.1, step.2, step.3);
        (step, learned.map(|k| Arc::new(solution::wrap(k))))
    });
    let (next, shown, message, marks) = step;
    HintAnswer {
        asked: session.clone(),
        next,
        shown,
        message,
        marks,
        learned,
    }
}

/// What `n` does on a concrete game, and what its solver learned (see [`Judged::learned`]).
type Step<G> = (
    (Option<Play<G>>, Option<ShownHint>, Message, Vec<Pos>),
    Option<Known<G>>,
);

/// What `n` does on a concrete game: the position after it (when a hint was applied), the
/// hint to show, what to tell the player, and the squares to mark (those that differ from the
/// solution when the position is already wrong); with a solution the solver found on the way.
fn hint_step<G: Playable>(
    play: &Play<G>,
    shown: Option<&ShownHint>,
    known: Option<&Known<G>>,
    budget: &Budget,
) -> Step<G> {
    let mut learned = None;
    let outcome = prelude::hint_judged(play.state(), || {
        let judged: Judged<G> = judge_within(known, play.state(), budget);
        learned = judged.learned;
        judged.standing
    });
    let step = match outcome {
        HintOutcome::OffSolution(squares) => {
            let text = off_solution_text(play, &squares, known, budget);
            (None, None, Message::warning(text), squares)
        }
        HintOutcome::Error(marks) => {
            // The broken rule's squares are marked and brought into view.
            let t = play.state().topology();
            let squares = marks
                .iter()
                .map(|m| match m.target {
                    Target::Square(p) => p,
                    Target::Row(r) => Pos::new(r, 0),
                    Target::Col(c) => Pos::new(0, c),
                })
                .filter(|&p| t.contains(p))
                .collect();
            let (next, shown, message) = rule_step(play, shown, HintOutcome::Error(marks));
            (next, shown, message, squares)
        }
        outcome => {
            let (next, shown, message) = rule_step(play, shown, outcome);
            (next, shown, message, Vec::new())
        }
    };
    (step, learned)
}

/// What `n` does on a position some solution extends (or that is won, broken or stuck, or
/// whose puzzle has no solution).
fn rule_step<G: Playable>(
    play: &Play<G>,
    shown: Option<&ShownHint>,
    outcome: HintOutcome<G::Piece>,
) -> (Option<Play<G>>, Option<ShownHint>, Message) {
    let unchecked = if matches!(outcome, HintOutcome::Unchecked(_)) {
        " (unchecked: the solver could not tell in time whether this position still leads to \
         a solution)"
    } else {
        ""
    };
    match outcome {
        HintOutcome::Hint(hint) | HintOutcome::Unchecked(hint)
            if shown.is_some_and(|s| s.shows(&hint)) =>
        {
            let next = play.play_compound(Action::Hint(hint.rule.name.to_string()), &hint.sets);
            let text = format!("hint applied: {} (z undoes it)", hint.rule.name);
            (Some(next), None, Message::info(text))
        }
        HintOutcome::Hint(hint) | HintOutcome::Unchecked(hint) => {
            let text = format!(
                "{} ({}): {}. n again applies it{unchecked}",
                hint.rule.name,
                hint.rule.tier,
                hint.explanation.trim_end_matches('.')
            );
            (None, Some(ShownHint::of(&hint)), Message::info(text))
        }
        HintOutcome::Undecided => (
            None,
            None,
            Message::warning(
                "no rule applies, and the solver could not tell in time whether this position \
                 still leads to a solution",
            ),
        ),
        HintOutcome::Won => (None, None, Message::info("already solved: no hint needed")),
        HintOutcome::Error(marks) => {
            let text = format!(
                "no hint: the position breaks a rule ({}); undo with z first",
                marks
                    .first()
                    .map(|m| m.to_string())
                    .unwrap_or_else(|| "no solution from here".into())
            );
            (None, None, Message::warning(text))
        }
        // Answered by `hint_step`, which marks the squares.
        HintOutcome::OffSolution(_) => (None, None, Message::warning("no hint")),
        HintOutcome::Unsolvable => (
            None,
            None,
            Message::warning("no hint: this puzzle has no solution"),
        ),
        HintOutcome::Stuck => (
            None,
            None,
            Message::warning("no rule applies: from here the puzzle has several solutions"),
        ),
    }
}

/// What `n` says on a position no solution extends: the step that left every solution (from the
/// history) and the squares that differ from the solution.
fn off_solution_text<G: Playable>(
    play: &Play<G>,
    squares: &[Pos],
    known: Option<&Known<G>>,
    budget: &Budget,
) -> String {
    const SHOWN: usize = 6;
    let mut list: Vec<String> = squares.iter().take(SHOWN).map(|p| p.to_string()).collect();
    if squares.len() > SHOWN {
        list.push(format!("and {} more", squares.len() - SHOWN));
    }
    let done = play.history().done();
    let step = prelude::wrong_since_knowing(&play.positions(), known, budget).map(|i| {
        let square = done[i]
            .changes
            .first()
            .map(|c| format!(" at {}", c.pos))
            .unwrap_or_default();
        let undo = match done.len() - i {
            1 => "z undoes it".to_string(),
            n => format!("z {n} times undoes it"),
        };
        format!(
            "move {} of {}{square} left every solution ({undo}); ",
            i + 1,
            done.len(),
        )
    });
    format!(
        "no hint: the position is already wrong: {}these squares differ from the solution \
         (marked): {}",
        step.unwrap_or_default(),
        list.join(", ")
    )
}
