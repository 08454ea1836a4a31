//! `prove` and `verify` (the judge of a proof read back from its text) on the pack's largest
//! hard puzzle of each game: Tents 30x30, Light Up and Mosaic 25x25 (the pack has no 30x30 hard
//! Light Up or Mosaic). Issue 49 asks for each within 1 s.
//!
//! Run: `cargo bench --bench proof`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gridpuzzles::games::Listed;
use gridpuzzles::games::any::Puzzle;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::mosaic::Mosaic;
use gridpuzzles::games::tents::Tents;
use gridpuzzles::proof::{ProofRules, judge, prove, text};

fn load<G: Listed>(name: &str) -> G {
    let any = gridpuzzles::pack::find(name)
        .expect("pack puzzle")
        .load()
        .expect("loads");
    G::inside::<Puzzle>(&any).expect("its game").clone()
}

fn bench_game<G: ProofRules + Listed>(c: &mut Criterion, name: &str) {
    let g: G = load(name);
    let written = text::write(&prove(&g).expect("a proof"));
    let mut group = c.benchmark_group("proof");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(3));
    group.bench_function(format!("prove {name}"), |b| {
        b.iter(|| prove(black_box(&g)).expect("a proof"))
    });
    group.bench_function(format!("verify {name}"), |b| {
        b.iter(|| {
            let p = text::read::<G>(black_box(&written)).expect("reads");
            assert!(judge(&p).complete());
        })
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    bench_game::<Tents>(c, "tents/30x30-hard-01");
    bench_game::<LightUp>(c, "lightup/25x25-hard-01");
    bench_game::<Mosaic>(c, "mosaic/25x25-hard-01");
}

criterion_group!(benches, bench);
criterion_main!(benches);
