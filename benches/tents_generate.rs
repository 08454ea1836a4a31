//! Tents: generation time per size, difficulty and variant (each iteration uses the next of a
//! few seeds, so the median is over seeds), and hint time on 30x30 positions.
//!
//! Run: `cargo bench --bench tents_generate`

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use gridpuzzles::deduce::GenOptions;
use gridpuzzles::games::tents::Tents;

fn generation(c: &mut Criterion) {
    common::generation::<Tents>(c, "tents_generate", &[10, 25, 50, 100], common::square);
    common::generation::<Tents>(c, "tents_generate_wrapping", &[50], |side, tier| {
        GenOptions {
            wrapping: true,
            ..common::square(side, tier)
        }
    });
    common::generation::<Tents>(c, "tents_generate_diagadj", &[50], |side, tier| {
        GenOptions {
            diagadj: true,
            ..common::square(side, tier)
        }
    });
}

fn hints(c: &mut Criterion) {
    let positions = common::positions_30x30::<Tents>(|tier| common::square(30, tier));
    common::hints(c, "tents_hint_30x30", &positions);
}

criterion_group!(benches, generation, hints);
criterion_main!(benches);
