//! Reading Tatham game IDs valid for two games: a blank 300x300 (told apart without search), a
//! clued 100x100 (too large to count) and the small one the counter settles (`3x3:b43c2a`).

use criterion::{Criterion, criterion_group, criterion_main};
use gridpuzzles::games::game_id::read;

fn read_ambiguous_ids(c: &mut Criterion) {
    let blank = format!("300x300:{}n", "z".repeat(3461));
    let clued = format!("100x100:1{}o", "z".repeat(384));
    for (name, id) in [
        ("read id: blank 300x300, two games", blank.as_str()),
        ("read id: clued 100x100, two games", clued.as_str()),
        ("read id: 3x3:b43c2a, counted", "3x3:b43c2a"),
    ] {
        c.bench_function(name, |b| b.iter(|| read(id, None)));
    }
}

criterion_group!(benches, read_ambiguous_ids);
criterion_main!(benches);
