//! Mosaic generation per size and difficulty (minimal clues, several seeds) and hint time on
//! 30x30 positions. Short run: `cargo bench --bench mosaic_generate`.

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use gridpuzzles::games::mosaic::Mosaic;

fn generation(c: &mut Criterion) {
    common::generation::<Mosaic>(c, "mosaic_generate", &[10, 30, 50, 100], common::square);
}

fn hints(c: &mut Criterion) {
    let positions = common::positions_30x30::<Mosaic>(|tier| common::square(30, tier));
    common::hints(c, "mosaic_hint_30x30", &positions);
}

criterion_group!(benches, generation, hints);
criterion_main!(benches);
