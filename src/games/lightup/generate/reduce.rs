//! Removing numbers from a fully numbered puzzle until it is as bare as the target tier allows
//! (after Tatham's generator): numbers the rules never used go first, then the others one by one
//! in random order, each removal kept only if the rules up to the target still solve the puzzle.
//! A puzzle the rules solve has exactly one solution, so no separate uniqueness check is needed
//! on the way; the hard tier uses the solver's counter to skip non-unique candidates cheaply.

use rand_chacha::ChaCha8Rng;

use crate::deduce::Tier;
use crate::game::Game;
use crate::grid::{Pos, Topology};

use super::super::deduce::{solve_focused, solve_up_to};
use super::super::{LightUp, Square};
use super::plant::shuffle;

fn numbered_walls(game: &LightUp) -> Vec<Pos> {
    game.squares()
        .iter()
        .filter(|(_, s)| s.number().is_some())
        .map(|(p, _)| p)
        .collect()
}

fn without_number(game: &LightUp, p: Pos) -> LightUp {
    game.with_square(p, Square::Wall(None))
        .expect("the position is on the grid")
}

fn solves(game: &LightUp, max: Tier) -> bool {
    solve_up_to(game, max).tier.is_some()
}

/// The puzzle with as many numbers removed as tier `target` allows, or `None` when this
/// planted puzzle cannot give that tier exactly. For the hard tier, a removal the easy and
/// tricky rules cannot make up for is kept when case analysis near the removed numbers (and
/// near the earlier such removals) solves the puzzle.
pub fn reduce(game: LightUp, target: Tier, rng: &mut ChaCha8Rng) -> Option<LightUp> {
    let level = target.min(Tier::Tricky);
    let solved = solve_up_to(&game, level);
    solved.tier?;
    let dbg = std::env::var("LU_DEBUG").is_ok();
    let n0 = numbered_walls(&game).len();
    let t0 = std::time::Instant::now();
    let mut game = strip_unused(game, &solved.used, level);
    let n1 = numbered_walls(&game).len();
    let mut order = numbered_walls(&game);
    shuffle(&mut order, rng);
    let mut cased: Vec<Pos> = Vec::new();
    let topology = game.topology();
    let (mut ok, mut tried, mut free) = (0, 0, 0);
    for &p in &order {
        if game.square(p).and_then(Square::number).is_none() {
            continue;
        }
        tried += 1;
        let candidate = without_number(&game, p);
        let solved = if target == Tier::Hard {
            let mut probes = cased.clone();
            probes.extend(near(topology, p));
            let solved = solve_focused(&candidate, Tier::Hard, Some(&probes));
            if solved.tier == Some(Tier::Hard) {
                cased = solved.cased.clone();
            }
            solved
        } else {
            solve_up_to(&candidate, level)
        };
        if solved.tier.is_some() {
            ok += 1;
            let before = numbered_walls(&candidate).len();
            game = strip_unused(candidate, &solved.used, level);
            free += before - numbered_walls(&game).len();
        }
    }
    if dbg {
        eprintln!(
            "reduce: full {n0} stripped {n1} tried {tried} ok {ok} free {free} hard {} in {:?}",
            cased.len(),
            t0.elapsed()
        );
    }
    match target {
        Tier::Easy => Some(game),
        Tier::Tricky => (!solves(&game, Tier::Easy)).then_some(game),
        Tier::Hard => (!cased.is_empty()).then_some(game),
    }
}

/// Removes every number the rules did not use, if the rules still solve the puzzle without them.
fn strip_unused(game: LightUp, used: &[bool], level: Tier) -> LightUp {
    let unused: Vec<Pos> = numbered_walls(&game)
        .into_iter()
        .zip(used)
        .filter(|&(_, &u)| !u)
        .map(|(p, _)| p)
        .collect();
    if unused.is_empty() {
        return game;
    }
    let stripped = unused
        .iter()
        .fold(game.clone(), |g, &p| without_number(&g, p));
    if solves(&stripped, level) {
        stripped
    } else {
        game
    }
}

/// The squares within two rows and columns of `p` (wrapping if the grid does).
fn near(t: Topology, p: Pos) -> Vec<Pos> {
    let shift = |v: usize, d: isize, size: usize| -> Option<usize> {
        let moved = v as isize + d;
        if (0..size as isize).contains(&moved) {
            Some(moved as usize)
        } else if t.wrapping {
            Some(moved.rem_euclid(size as isize) as usize)
        } else {
            None
        }
    };
    let mut out = Vec::new();
    for dr in -2isize..=2 {
        for dc in -2isize..=2 {
            if let (Some(r), Some(c)) = (shift(p.row, dr, t.rows), shift(p.col, dc, t.cols)) {
                let q = Pos::new(r, c);
                if !out.contains(&q) {
                    out.push(q);
                }
            }
        }
    }
    out
}
