//! The solution the player keeps: a puzzle opened is solved once in the background, and hints
//! (with their "already wrong" check) and the reveal use that solution instead of solving the
//! puzzle again. Model-level: no terminal. A budget already spent stands for "no solver may
//! run": a hint that still answers in full did not ask one.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use gridpuzzles::budget::Budget;
use gridpuzzles::deduce::known::Known;
use gridpuzzles::game::Game;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::tui::effect::{Effect, Performer};
use gridpuzzles::tui::hint::work_out;
use gridpuzzles::tui::model::{
    Confirm, Model, OpenRequest, Overlay, PlayScreen, PuzzleRef, Screen, Settings,
};
use gridpuzzles::tui::msg::{Direction, HintAnswer, Msg};
use gridpuzzles::tui::solution::{self, KeptSolution, KnownSolution};
use gridpuzzles::tui::update;

fn puzzle() -> AnyGame {
    AnyGame::Tents(Tents::default_2020())
}

fn screen(model: &Model) -> &PlayScreen {
    model.play().expect("the play screen")
}

/// A budget that has run out: any solver asked with it answers "out of time".
fn spent() -> Budget {
    Budget::unlimited().or_until(Arc::new(AtomicBool::new(true)))
}

/// What the background solve finds for the 2020 puzzle: its only solution.
fn known() -> Arc<KnownSolution> {
    let AnyGame::Tents(g) = puzzle() else {
        unreachable!()
    };
    let solution = g.solve().expect("the 2020 puzzle has a solution");
    Arc::new(solution::wrap(Known::Only(solution)))
}

/// The browser, then the 2020 puzzle opened (unsaved, so at once): the effects it asked for.
fn opened() -> (Model, Vec<Effect>) {
    let request = OpenRequest {
        game: puzzle(),
        puzzle: PuzzleRef::unsaved("2020"),
    };
    update(
        &Model::browser(Settings::default()),
        Msg::OpenPuzzle(request),
    )
}

/// The 2020 puzzle open, its background solve answered.
fn kept() -> Model {
    let (model, _) = opened();
    update(
        &model,
        Msg::SolutionKept {
            puzzle: puzzle(),
            known: Some(known()),
        },
    )
    .0
}

/// Presses `n` and answers it as the worker would, but with no time for any solver.
fn hint_without_solver(model: &Model) -> (Model, HintAnswer) {
    let (asked, effects) = update(model, Msg::Hint);
    let [
        Effect::Hint {
            session,
            shown,
            known,
        },
    ] = effects.as_slice()
    else {
        panic!("one hint effect and no solve, got {effects:?}");
    };
    let answer = work_out(session, shown.as_ref(), known.as_deref(), &spent());
    let answered = update(&asked, Msg::Hinted(Box::new(answer.clone()))).0;
    (answered, answer)
}

#[test]
fn opening_a_puzzle_solves_it_in_the_background() {
    let (model, effects) = opened();
    assert_eq!(effects, vec![Effect::KeepSolution(puzzle())]);
    assert_eq!(screen(&model).solution, KeptSolution::Solving);
    let kept = kept();
    assert_eq!(screen(&kept).solution, KeptSolution::Known(known()));
}

#[test]
fn a_hint_uses_the_kept_solution_and_asks_no_solver() {
    let (shown, answer) = hint_without_solver(&kept());
    let hint = screen(&shown).hint.as_ref().expect("a hint is shown");
    assert_eq!(hint.rule.id, "finish-with-grass");
    let text = &shown.message.as_ref().unwrap().text;
    assert!(!text.contains("unchecked"), "{text}");
    assert_eq!(answer.learned, None);
    // The second `n` applies it, still without a solver.
    let (applied, _) = hint_without_solver(&shown);
    let text = &applied.message.as_ref().unwrap().text;
    assert!(text.starts_with("hint applied"), "{text}");
    assert_eq!(screen(&applied).session.moves(), 1);
}

#[test]
fn without_the_kept_solution_the_hint_asks_the_solver_as_before() {
    // Before the background solve answers, a hint with no time for the solver is unchecked.
    let (model, _) = opened();
    let (shown, _) = hint_without_solver(&model);
    let text = &shown.message.as_ref().unwrap().text;
    assert!(text.contains("unchecked"), "{text}");
}

/// A square where the solution has a tent and grass breaks no rule yet (on the empty board).
fn quietly_wrong_square() -> Pos {
    let AnyGame::Tents(g) = puzzle() else {
        unreachable!()
    };
    let solution = g.solve().unwrap();
    g.topology()
        .positions()
        .find(|&p| {
            solution.piece(p) == Square::Tent && g.apply(p, Square::Grass).error_marks().is_empty()
        })
        .expect("a square to get wrong quietly")
}

/// The model with the cursor moved to `to` from the top-left square.
fn cursor_to(model: &Model, to: Pos) -> Model {
    let steps = std::iter::repeat_n(Msg::Move(Direction::Down), to.row)
        .chain(std::iter::repeat_n(Msg::Move(Direction::Right), to.col));
    steps.fold(model.clone(), |m, msg| update(&m, msg).0)
}

#[test]
fn a_wrong_position_is_found_with_the_kept_solution_and_the_step_named() {
    let wrong = quietly_wrong_square();
    let model = cursor_to(&kept(), wrong);
    assert_eq!(screen(&model).cursor, wrong);
    let model = update(&model, Msg::PieceKey('g')).0;
    assert_eq!(screen(&model).errors().count(), 0);
    let (answered, answer) = hint_without_solver(&model);
    assert!(answer.shown.is_none());
    let text = &answered.message.as_ref().unwrap().text;
    assert!(text.contains("already wrong"), "{text}");
    assert!(text.contains("move 1 of 1"), "{text}");
    assert_eq!(screen(&answered).marks, vec![wrong]);
}

#[test]
fn a_stale_or_failed_background_answer_keeps_nothing() {
    let (model, _) = opened();
    let other = puzzle().with_wrapping(true);
    let stale = update(
        &model,
        Msg::SolutionKept {
            puzzle: other,
            known: Some(known()),
        },
    )
    .0;
    assert_eq!(screen(&stale).solution, KeptSolution::Solving);
    let failed = update(
        &model,
        Msg::SolutionKept {
            puzzle: puzzle(),
            known: None,
        },
    )
    .0;
    assert_eq!(screen(&failed).solution, KeptSolution::Unknown);
}

#[test]
fn leaving_stops_the_background_solve_and_drops_the_solution() {
    let (solving, _) = opened();
    let (left, effects) = update(&solving, Msg::Back);
    assert_eq!(left.screen, Screen::Browser);
    assert!(effects.contains(&Effect::StopSolving), "{effects:?}");
    // Once answered, nothing is left to stop; the screen (and the solution) is gone.
    let (left, effects) = update(&kept(), Msg::Back);
    assert_eq!(left.screen, Screen::Browser);
    assert!(!effects.contains(&Effect::StopSolving), "{effects:?}");
    let (reopened, _) = update(
        &left,
        Msg::OpenPuzzle(OpenRequest {
            game: puzzle(),
            puzzle: PuzzleRef::unsaved("2020"),
        }),
    );
    assert_eq!(screen(&reopened).solution, KeptSolution::Solving);
}

#[test]
fn the_reveal_shows_the_kept_solution_at_once() {
    let asked = update(&kept(), Msg::Reveal).0;
    assert_eq!(asked.overlay, Overlay::Confirm(Confirm::Reveal));
    let (revealed, effects) = update(&asked, Msg::Confirm(true));
    assert!(
        !effects.iter().any(|e| matches!(e, Effect::Solve(_))),
        "{effects:?}"
    );
    assert!(revealed.play().unwrap().session.is_won());
    let AnyGame::Tents(g) = puzzle() else {
        unreachable!()
    };
    let solution = g.solve().unwrap();
    let gridpuzzles::tui::model::Session::Tents(p) = &screen(&revealed).session else {
        unreachable!()
    };
    assert_eq!(
        p.state().piece(Pos::new(0, 3)),
        solution.piece(Pos::new(0, 3))
    );
    assert!(
        [Square::Tent, Square::Grass].contains(&p.state().piece(Pos::new(1, 1))),
        "every square decided"
    );
}

#[test]
fn the_performer_solves_in_the_background_and_answers_what_it_found() {
    let mut performer = Performer::new(Err("no data folder".into()));
    assert!(
        performer
            .perform(&Effect::KeepSolution(puzzle()))
            .is_empty()
    );
    let answer = performer.wait(Duration::from_secs(60)).expect("an answer");
    assert_eq!(
        answer,
        Msg::SolutionKept {
            puzzle: puzzle(),
            known: Some(known()),
        }
    );
    assert!(!performer.busy());
    // Stopping when nothing runs does nothing.
    assert!(performer.perform(&Effect::StopSolving).is_empty());
}
