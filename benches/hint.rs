//! `hint` in the library on 30x30 hard puzzles of the three games
//! (the Mosaic ones are `generate mosaic --size 30x30 --difficulty hard --seed 6|7|4`) and a
//! 100x100 Tents, each at its start and where the next hint needs case analysis (the most work
//! a hint does). The puzzles are stored under `benches/data/hint` so the bench does not spend
//! its time generating them. Target: at most 10 ms a hint.
//!
//! Then the player's hint on the 100x100 Tents (what its hint worker does, and from the key to
//! the frame drawn), with the solution the player keeps from the background solve when the
//! puzzle opens and without it (each hint solving the puzzle again): at the start, where case
//! analysis is due, and one move off the puzzle's first solution (off every solution of the
//! hint bench's puzzle, which has one: the message then names the move that left it; the other
//! has several). Target: within 20 ms to screen.
//!
//! `cargo bench --bench hint` (add `-- --measurement-time 1` on a busy machine; `-- kept` for
//! the player's part alone).

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gridpuzzles::budget::{self, Budget};
use gridpuzzles::deduce::known::Known;
use gridpuzzles::deduce::{Deduce, Tier, apply_hints_below};
use gridpuzzles::game::Game;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::mosaic::Mosaic;
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::play::Play;
use gridpuzzles::tui::effect::Performer;
use gridpuzzles::tui::model::{Model, Playable, Session, Settings};
use gridpuzzles::tui::msg::Msg;
use gridpuzzles::tui::solution::{self, KeptSolution, KnownSolution};
use gridpuzzles::tui::{update, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The puzzle stored as `benches/data/hint/NAME.txt`.
fn puzzle<G: Game>(name: &str) -> G {
    let path = format!(
        "{}/benches/data/hint/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("bench puzzle");
    G::parse(&text).expect("a valid puzzle")
}

/// Benchmarks one hint from the start of puzzle `name` and from where case analysis is due.
fn hints_of<G: Deduce>(c: &mut Criterion, name: &str) {
    let start = puzzle::<G>(name).cleared();
    let before_case = apply_hints_below(&start, Tier::Hard);
    let mut group = c.benchmark_group(format!("hint/{name}"));
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    group.bench_function("start", |b| b.iter(|| black_box(start.hint())));
    group.bench_function("before-case-analysis", |b| {
        b.iter(|| black_box(before_case.hint()))
    });
    group.finish();
}

/// The positions of 100x100 Tents `start` the player's hint is measured on, and what the
/// background solve finds for the puzzle.
fn player_positions(start: Tents) -> (Vec<(&'static str, Session)>, Arc<KnownSolution>) {
    let start = start.cleared();
    let known = Known::of_puzzle(&start, &Budget::unlimited()).expect("no budget");
    let (Known::Only(solution) | Known::OneOf(solution)) = &known else {
        panic!("the bench puzzle has a solution");
    };
    let before_case = apply_hints_below(&start, Tier::Hard);
    // Grass where the first solution has a tent, breaking no rule yet: one move off it (off
    // every solution when it is the only one).
    let wrong = start
        .topology()
        .positions()
        .find(|&p| {
            before_case.piece(p) == Square::Empty
                && solution.piece(p) == Square::Tent
                && before_case.apply(p, Square::Grass).error_marks().is_empty()
        })
        .expect("a square to get wrong quietly");
    let off = Play::new(before_case.clone()).play(wrong, Square::Grass).0;
    let positions = vec![
        ("start", Tents::session(Play::new(start))),
        (
            "before-case-analysis",
            Tents::session(Play::new(before_case)),
        ),
        ("off-first-solution", Tents::session(off)),
    ];
    (positions, Arc::new(solution::wrap(known)))
}

/// The player's hint on the 100x100 Tents: the background solve that finds the solution kept,
/// the worker's part (`tui::hint::work_out` with the player's budget), and from `n` to the
/// frame drawn (the worker spawned and waited for, the
/// answer through `update`, one 80x24 frame), with the kept solution and without.
fn kept_solution(c: &mut Criterion) {
    // The hint bench's 100x100, and the one the render bench draws.
    let yangzhu = format!(
        "{}/benches/data/tents-yangzhu/tents-100x100-1.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let yangzhu = Tents::parse(&std::fs::read_to_string(yangzhu).unwrap()).unwrap();
    let puzzles = [
        (
            "tents-100x100-hard-1",
            puzzle::<Tents>("tents-100x100-hard-1"),
        ),
        ("tents-yangzhu-100x100-1", yangzhu),
    ];
    for (name, start) in puzzles {
        kept_solution_of(c, name, start);
    }
}

/// [`kept_solution`] on one puzzle.
fn kept_solution_of(c: &mut Criterion, puzzle_name: &str, start: Tents) {
    let mut group = c.benchmark_group(format!("hint-kept/{puzzle_name}"));
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    // What the player does once in the background when the puzzle opens.
    let cleared = start.cleared();
    group.bench_function("background-solve", |b| {
        b.iter(|| black_box(Known::of_puzzle(&cleared, &Budget::lasting(budget::KEEP))))
    });
    let (positions, known) = player_positions(start);
    for (name, session) in &positions {
        for (kept, known) in [("kept", Some(&*known)), ("not-kept", None)] {
            group.bench_function(format!("{name}/worker/{kept}"), |b| {
                b.iter(|| {
                    let budget = Budget::lasting(budget::HINT);
                    black_box(gridpuzzles::tui::hint::work_out(
                        session, None, known, &budget,
                    ))
                })
            });
        }
    }
    let mut performer = Performer::new(Err("no data folder".into()));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    for (name, session) in &positions {
        for kept in ["kept", "not-kept"] {
            let mut model = Model::new(AnyGame::Tents(Tents::default_2020()), Settings::default());
            if let Some(screen) = model.play_mut() {
                screen.put_session(session.clone());
                if kept == "kept" {
                    screen.solution = KeptSolution::Known(Arc::clone(&known));
                }
            }
            group.bench_function(format!("{name}/to-screen/{kept}"), |b| {
                b.iter(|| {
                    let (asked, effects) = update(&model, Msg::Hint);
                    for effect in &effects {
                        assert!(performer.perform(effect).is_empty());
                    }
                    let answer = performer.wait(Duration::from_secs(60)).expect("an answer");
                    let (answered, _) = update(&asked, answer);
                    terminal.draw(|frame| view(&answered, frame)).unwrap();
                })
            });
        }
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    for seed in [6, 7, 4] {
        hints_of::<Mosaic>(c, &format!("mosaic-30x30-hard-{seed}"));
    }
    hints_of::<LightUp>(c, "lightup-30x30-hard-1");
    hints_of::<Tents>(c, "tents-30x30-hard-1");
    hints_of::<Tents>(c, "tents-100x100-hard-1");
}

criterion_group! {
    name = benches;
    // Plots take longer to draw than the benchmarks take to run.
    config = Criterion::default().without_plots();
    targets = bench, kept_solution
}
criterion_main!(benches);
