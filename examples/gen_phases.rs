//! Where a generator's time goes: runs one job and prints, every time its reported phase or
//! attempt changes, the seconds since the start; at the end, the seconds spent in each phase
//! and the largest gap between two looks at the cancel flag (how soon a cancel is obeyed).
//!
//! `cargo run --release --example gen_phases -- GAME TIER SIDE SEED [wrapping] [diagadj]
//! [symmetric] [ortho|full-exclude|ortho-exclude]`, e.g. `-- tents hard 100 3 diagadj`.

/// The binary's allocator, so the times are those a player sees (the system's allocator made
/// Mosaic's generator several times slower).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use gridpuzzles::deduce::{GenCtl, GenOptions, Tier};
use gridpuzzles::game::GameKind;
use gridpuzzles::games::mosaic::{self, Neighbourhood};
use gridpuzzles::games::{AnyGenParams, any_gen_params, lightup, tents};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "GAME TIER SIDE SEED [wrapping] [diagadj] [symmetric] [NEIGHBOURHOOD]";
    let [game, tier, side, seed, flags @ ..] = args.as_slice() else {
        panic!("usage: {usage}");
    };
    let kind = GameKind::from_id(game).expect("a game: tents, lightup or mosaic");
    let difficulty = Tier::from_id(tier).expect("a tier: easy, tricky or hard");
    let side: usize = side.parse().expect("a side");
    let seed: u64 = seed.parse().expect("a seed");
    let has = |f: &str| flags.iter().any(|x| x == f);
    let params = match kind {
        GameKind::Tents => AnyGenParams::Tents(tents::GenParams {
            diagadj: has("diagadj"),
        }),
        GameKind::LightUp => AnyGenParams::LightUp(lightup::GenParams {
            symmetric: has("symmetric"),
        }),
        GameKind::Mosaic => AnyGenParams::Mosaic(mosaic::GenParams {
            neighbourhood: Neighbourhood::ALL
                .into_iter()
                .find(|&n| has(mosaic::neighbourhood_name(n)))
                .unwrap_or_default(),
            ..Default::default()
        }),
    };
    let options = GenOptions {
        rows: side,
        cols: side,
        difficulty,
        wrapping: has("wrapping"),
        params,
    };
    let ctl = GenCtl::new();
    let start = Instant::now();
    let result = std::thread::scope(|s| {
        let job = s.spawn(|| any_gen_params::generate_ctl(&options, seed, &ctl));
        let mut last = None;
        let mut since = Duration::ZERO;
        let mut spent: BTreeMap<String, Duration> = BTreeMap::new();
        let (mut checks, mut looked) = (ctl.checks(), Duration::ZERO);
        let mut widest = Duration::ZERO;
        while !job.is_finished() {
            std::thread::sleep(Duration::from_millis(1));
            let now = start.elapsed();
            let p = ctl.progress();
            let key = (p.phase, p.attempt);
            if last != Some(key) {
                if let Some((phase, _)) = last {
                    *spent.entry(format!("{phase:?}")).or_default() += now - since;
                }
                println!(
                    "{:8.3} s  {:?} attempt {}",
                    now.as_secs_f64(),
                    p.phase,
                    p.attempt
                );
                last = Some(key);
                since = now;
            }
            let c = ctl.checks();
            if c != checks {
                widest = widest.max(now - looked);
                (checks, looked) = (c, now);
            }
        }
        let end = start.elapsed();
        if let Some((phase, _)) = last {
            *spent.entry(format!("{phase:?}")).or_default() += end - since;
        }
        for (phase, d) in &spent {
            println!("  {phase:<10} {:8.3} s", d.as_secs_f64());
        }
        println!(
            "  total {:.3} s, {} looks at the cancel flag, widest gap {:.1} ms",
            end.as_secs_f64(),
            ctl.checks(),
            widest.as_secs_f64() * 1000.0
        );
        job.join().expect("the job")
    });
    match result {
        Ok(_) => println!("made"),
        Err(e) => println!("no puzzle: {e}"),
    }
}
