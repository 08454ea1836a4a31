//! Proofs: `prove` and `verify` (the judge of a proof read back from its text) of a
//! 30x30 hard puzzle of each game, each wanted within 1 s; and checking one step on a 100x100
//! board of each game (the rule's check at the step's squares and each square's verdict, what
//! the player waits for after each step), wanted within 5 ms: at the start the first easy rule
//! that forces something, where the easy rules run out the first tricky one, each with every
//! square it forces.
//!
//! The 30x30 puzzles are those of `benches/data/hint` (with the pack's `mosaic/25x25-hard-01`,
//! measured before); the 100x100 Light Up and Mosaic ones are
//! `generate lightup|mosaic --size 100x100 --difficulty tricky --seed 1`, stored in `benches/data/proof`.
//!
//! Run: `cargo bench --bench proof`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gridpuzzles::deduce::{Rule, RuleKind, Tier};
use gridpuzzles::game::Game;
use gridpuzzles::games::Listed;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::mosaic::Mosaic;
use gridpuzzles::games::tents::{Rule4, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::proof::tree::{direct_verdicts, link_verdicts};
use gridpuzzles::proof::{Link, ProofRules, judge, prove, rules_of_kind, text};

/// The puzzle stored as `benches/data/DIR/NAME.txt`.
fn puzzle<G: Game>(dir: &str, name: &str) -> G {
    let path = format!(
        "{}/benches/data/{dir}/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("bench puzzle");
    G::parse(&text).expect("a valid puzzle")
}

fn prove_and_verify<G: ProofRules + Listed>(c: &mut Criterion, name: &str, g: &G) {
    let written = text::write(&prove(g).expect("a proof"));
    let mut group = c.benchmark_group(format!("proof/{name}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("prove", |b| {
        b.iter(|| prove(black_box(g)).expect("a proof"))
    });
    group.bench_function("verify", |b| {
        b.iter(|| {
            let p = text::read::<G>(black_box(&written)).expect("reads");
            assert!(judge(&p).complete());
        })
    });
    group.finish();
}

/// A pack puzzle.
fn pack<G: Listed>(name: &str) -> G {
    let any = gridpuzzles::pack::find(name)
        .expect("pack puzzle")
        .load()
        .expect("loads");
    G::inside::<gridpuzzles::games::any::Puzzle>(&any)
        .expect("its game")
        .clone()
}

/// The squares a direct step sets.
type Sets<P> = Vec<(Pos, P)>;

/// The first direct rule of `tier` (catalogue order) that forces something on `position`, and
/// every square it forces there: one step, as a player applying it by hand writes it.
fn step_of<G: ProofRules>(position: &G, tier: Tier) -> Option<(Rule, Sets<G::Piece>)> {
    rules_of_kind::<G>(RuleKind::Direct)
        .filter(|r| r.tier == tier)
        .find_map(|rule| {
            let mut sets: Vec<(Pos, G::Piece)> = Vec::new();
            for f in position.forced(&rule).expect("checkable") {
                if !sets.iter().any(|&(p, _)| p == f.pos) {
                    sets.push((f.pos, f.piece));
                }
            }
            (!sets.is_empty()).then_some((rule, sets))
        })
}

/// `position` with the easy rules applied everywhere until none forces anything.
fn after_easy<G: ProofRules>(mut position: G) -> G {
    while let Some((_, sets)) = step_of(&position, Tier::Easy) {
        for (p, v) in sets {
            position = position.apply(p, v);
        }
    }
    position
}

/// Judges one direct step as the judge does: the rule at its squares, then each square.
fn check_step<G: ProofRules>(position: &G, rule: &Rule, sets: &[(Pos, G::Piece)]) {
    let verdicts = direct_verdicts(position, rule, sets).expect("checkable");
    assert!(verdicts.iter().all(|(_, v)| v.is_ok()));
}

/// One step checked at the start of a 100x100 puzzle (an easy rule) and where the easy rules
/// run out (a tricky rule).
fn step_checks<G: ProofRules>(c: &mut Criterion, dir: &str, name: &str) {
    let start = puzzle::<G>(dir, name).cleared();
    let mut group = c.benchmark_group(format!("step/{name}"));
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    let tricky = after_easy(start.clone());
    for (position, tier) in [(start, Tier::Easy), (tricky, Tier::Tricky)] {
        let Some((rule, sets)) = step_of(&position, tier) else {
            continue;
        };
        group.bench_function(format!("{} ({} squares)", rule.id, sets.len()), |b| {
            b.iter(|| check_step(black_box(&position), &rule, &sets))
        });
    }
    group.finish();
}

/// One link checked on a 100x100 Tents board under the matching rule (the player's `L` then
/// `tree-for-tent`): on the solved board with no link yet, and with every other link made.
fn link_checks(c: &mut Criterion) {
    let name = "tents-100x100-hard-1";
    let solved = puzzle::<Tents>("hint", name)
        .with_rule4(Rule4::Matching)
        .solve()
        .expect("a solution under the matching rule");
    let rule = gridpuzzles::proof::rule_named::<Tents>("tree-for-tent").expect("a rule");
    let links: Vec<Link> = solved
        .forced_links(&rule)
        .expect("checkable")
        .into_iter()
        .map(|f| f.link)
        .collect();
    let (last, others) = links.split_last().expect("a tent with one tree");
    let mut linked = solved.clone();
    for &l in others {
        linked = linked.linked(l).expect("a possible link");
    }
    let mut group = c.benchmark_group(format!("link/{name}"));
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    for (what, position, link) in [
        ("no link yet", &solved, links[0]),
        ("every other link made", &linked, *last),
    ] {
        group.bench_function(
            format!("tree-for-tent, {what} ({} links)", position.links().len()),
            |b| {
                b.iter(|| {
                    let verdicts =
                        link_verdicts(black_box(position), &rule, &[link]).expect("checkable");
                    assert!(verdicts.iter().all(|(_, v)| v.is_ok()));
                })
            },
        );
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    link_checks(c);
    for name in [
        "tents-30x30-hard-1",
        "lightup-30x30-hard-1",
        "mosaic-30x30-hard-6",
    ] {
        match name.split('-').next() {
            Some("tents") => prove_and_verify(c, name, &puzzle::<Tents>("hint", name)),
            Some("lightup") => prove_and_verify(c, name, &puzzle::<LightUp>("hint", name)),
            _ => prove_and_verify(c, name, &puzzle::<Mosaic>("hint", name)),
        }
    }
    // The pack's largest hard Mosaic, measured before (docs/benchmarks.md).
    prove_and_verify(
        c,
        "mosaic/25x25-hard-01",
        &pack::<Mosaic>("mosaic/25x25-hard-01"),
    );
    step_checks::<Tents>(c, "hint", "tents-100x100-hard-1");
    step_checks::<LightUp>(c, "proof", "lightup-100x100-tricky-1");
    step_checks::<Mosaic>(c, "proof", "mosaic-100x100-tricky-1");
}

criterion_group! {
    name = benches;
    // Plots take longer to draw than the benchmarks take to run.
    config = Criterion::default().without_plots();
    targets = bench
}
criterion_main!(benches);
