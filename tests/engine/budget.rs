//! Callers other than `solve` and `count` ask the solvers with a time budget: a
//! spent budget gives "out of time", never a wrong answer; a hint then still gives the rules'
//! deduction, marked unchecked; a generous budget answers as the unlimited calls do.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use gridpuzzles::budget::{Budget, OutOfTime};
use gridpuzzles::deduce::{Deduce, HintOutcome, prelude};
use gridpuzzles::game::Game;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::tents::Tents;
use gridpuzzles::tui::effect::solve_any_within;
use gridpuzzles::tui::hint::work_out;
use gridpuzzles::tui::model::Session;

fn spent() -> Budget {
    Budget::lasting(Duration::ZERO)
}

fn generous() -> Budget {
    Budget::lasting(Duration::from_secs(600))
}

#[test]
fn a_spent_budget_is_out_of_time_for_the_tents_engine() {
    let g = Tents::default_2020();
    assert_eq!(g.solve_within(&spent()), Err(OutOfTime));
    assert_eq!(g.count_within(2, &spent()), Err(OutOfTime));
    let puzzle = AnyGame::Tents(g);
    assert_eq!(solve_any_within(&puzzle, &spent()), Err(OutOfTime));
}

#[test]
fn a_generous_budget_answers_as_the_unlimited_calls() {
    let g = Tents::default_2020();
    assert_eq!(g.solve_within(&generous()), Ok(g.solve()));
    assert_eq!(g.count_within(2, &generous()), Ok(g.count(Some(2))));
}

#[test]
fn games_whose_solvers_are_always_quick_ignore_the_budget() {
    let g = LightUp::parse("3 3 0\nbbb\nb1b\nbbb\n").unwrap();
    assert_eq!(g.count_within(2, &spent()), Ok(g.count(Some(2))));
    assert_eq!(g.solve_within(&spent()), Ok(g.solve()));
}

#[test]
fn a_hint_the_solver_cannot_check_in_time_is_the_rules_deduction_marked_unchecked() {
    let g = Tents::default_2020();
    let HintOutcome::Hint(rules) = g.next_deduction(None) else {
        panic!("the rules have a first deduction on the default puzzle");
    };
    assert_eq!(
        prelude::hint_within(&g, &spent()),
        HintOutcome::Unchecked(rules)
    );
    // With time, the same position gets a checked hint.
    assert!(matches!(
        prelude::hint_within(&g, &generous()),
        HintOutcome::Hint(_)
    ));
}

#[test]
fn the_player_says_a_hint_is_unchecked() {
    let session = Session::new(AnyGame::Tents(Tents::default_2020()));
    let answer = work_out(&session, None, None, &spent());
    assert!(answer.shown.is_some(), "the hint is shown");
    assert!(
        answer.message.text.contains("unchecked"),
        "{}",
        answer.message.text
    );
    let answer = work_out(&session, None, None, &generous());
    assert!(!answer.message.text.contains("unchecked"));
}

#[test]
fn a_raised_stop_flag_ends_a_long_search() {
    // Two rows of a 100x100 swapped: under the local rule the engine searches seconds for the
    // solutions it has (no solution under the matching rule guides it). Raising the flag ends
    // the count with an answer that is either "out of time" or the true one (one or two).
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/data/tents-yangzhu/tents-100x100-1.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.swap(3, 4);
    let g = Tents::parse(&(lines.join("\n") + "\n")).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let budget = Budget::unlimited().or_until(Arc::clone(&stop));
    let worker = std::thread::spawn(move || g.count_within(2, &budget));
    std::thread::sleep(Duration::from_millis(200));
    stop.store(true, Ordering::Relaxed);
    let answer = worker.join().expect("the count does not panic");
    assert!(
        matches!(answer, Err(OutOfTime)) || answer == Ok(1u32.into()) || answer == Ok(2u32.into()),
        "{answer:?}"
    );
}
