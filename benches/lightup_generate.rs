//! Light Up: generation time per size and difficulty (each iteration uses the next of a few
//! seeds, so the median is over seeds), and hint time on 30x30 positions.
//!
//! Run: `cargo bench --bench lightup_generate`

use criterion::{Criterion, criterion_group, criterion_main};
use gridpuzzles::deduce::{Deduce, GenOptions, Generate, HintOutcome, Tier};
use gridpuzzles::game::Game;
use gridpuzzles::games::lightup::{GenParams, LightUp};

mod common;

fn options(size: usize, difficulty: Tier) -> GenOptions<GenParams> {
    GenOptions {
        params: GenParams { symmetric: true },
        ..common::square(size, difficulty)
    }
}

fn generation(c: &mut Criterion) {
    common::generation::<LightUp>(c, "lightup_generate", &[10, 25, 50], options);
}

/// Positions met while solving a 30x30 hard puzzle by hints: the start, and the position where
/// the next hint needs case analysis.
fn positions_30x30() -> Vec<(&'static str, LightUp)> {
    let puzzle = LightUp::generate(&options(30, Tier::Hard), 1).expect("generated");
    let mut out = vec![("start", puzzle.clone())];
    let mut pos = puzzle;
    while let HintOutcome::Hint(h) = pos.hint() {
        if h.rule.tier == Tier::Hard {
            out.push(("before-case-analysis", pos.clone()));
            break;
        }
        for &(p, piece) in &h.sets {
            pos = pos.apply(p, piece);
        }
    }
    // A position where no rule applies (an open grid): every probe of case analysis fails.
    let open = format!("30 30 0\n{}", format!("{}\n", "b".repeat(30)).repeat(30));
    out.push(("stuck-open-grid", LightUp::parse(&open).expect("valid")));
    out
}

fn hints(c: &mut Criterion) {
    common::hints(c, "lightup_hint_30x30", &positions_30x30());
}

criterion_group!(benches, generation, hints);
criterion_main!(benches);
