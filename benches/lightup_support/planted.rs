//! A planted-solution generator for the Light Up benchmark: seeded, so puzzles are reproducible.

use gridpuzzles::game::Game;
use gridpuzzles::games::lightup::{LightUp, Piece, Square};
use gridpuzzles::grid::{Grid, Pos, Topology};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const WALL_DENSITY: f64 = 0.2;
/// Share of the walls numbered before the clues that make the solution unique are added.
const FIRST_CLUES: f64 = 0.5;
/// Other solutions looked at per round of clue adding.
const ALTERNATIVES: usize = 16;

/// A puzzle with exactly one solution: random walls, bulbs placed greedily until everything is
/// lit, half the walls numbered from those bulbs, then clues added until the solution is unique.
/// Each round lists a few other solutions and, for each one no new clue rules out yet, numbers a
/// wall next to a square where it differs that tells it apart; when no wall can, such a square
/// becomes a wall and the bulbs are completed again.
pub fn planted_puzzle(size: usize, seed: u64) -> LightUp {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let t = Topology::new(size, size, false);
    let mut walls: Vec<bool> = (0..t.len())
        .map(|_| rng.random_bool(WALL_DENSITY))
        .collect();
    let mut clued: Vec<bool> = walls
        .iter()
        .map(|&w| w && rng.random_bool(FIRST_CLUES))
        .collect();
    let mut bulbs = vec![false; t.len()];
    plant_bulbs(t, &walls, &mut bulbs, &mut rng);
    loop {
        let puzzle = build(t, &walls, &bulbs, &clued);
        let planted = with_bulbs(&puzzle, &bulbs);
        let others: Vec<LightUp> = puzzle
            .solutions(ALTERNATIVES)
            .into_iter()
            .filter(|s| *s != planted)
            .collect();
        if others.is_empty() {
            return puzzle;
        }
        let mut added: Vec<Pos> = Vec::new();
        for other in &others {
            let bulbs_around =
                |p: Pos, bulb: &dyn Fn(Pos) -> bool| t.orthogonal(p).filter(|&q| bulb(q)).count();
            let tells = |w: Pos| {
                bulbs_around(w, &|q| bulbs[t.index(q)])
                    != bulbs_around(w, &|q| other.square(q) == Some(Square::Bulb))
            };
            if added.iter().any(|&w| tells(w)) {
                continue;
            }
            let differs: Vec<Pos> = t
                .positions()
                .filter(|&p| (other.square(p) == Some(Square::Bulb)) != bulbs[t.index(p)])
                .collect();
            let mut telling: Vec<Pos> = differs
                .iter()
                .flat_map(|&p| t.orthogonal(p))
                .filter(|&w| walls[t.index(w)] && !clued[t.index(w)] && tells(w))
                .collect();
            telling.sort();
            telling.dedup();
            if telling.is_empty() {
                if added.is_empty() {
                    let &cell = differs
                        .iter()
                        .find(|&&p| !bulbs[t.index(p)])
                        .expect("the other solution has a bulb the planted one lacks");
                    walls[t.index(cell)] = true;
                    plant_bulbs(t, &walls, &mut bulbs, &mut rng);
                }
                break;
            }
            let w = telling[rng.random_range(0..telling.len())];
            clued[t.index(w)] = true;
            added.push(w);
        }
    }
}

/// Adds bulbs, in a random order, on squares not yet lit, until every square is lit.
fn plant_bulbs(t: Topology, walls: &[bool], bulbs: &mut [bool], rng: &mut ChaCha8Rng) {
    let mut order: Vec<Pos> = t.positions().collect();
    order.shuffle(rng);
    let mut position = with_bulbs(&build(t, walls, bulbs, &vec![false; t.len()]), bulbs);
    for p in order {
        if !walls[t.index(p)] && !position.is_lit(p) {
            bulbs[t.index(p)] = true;
            position = position.apply(p, Piece::Bulb);
        }
    }
}

/// The puzzle with bulbs where `bulbs` has them.
fn with_bulbs(puzzle: &LightUp, bulbs: &[bool]) -> LightUp {
    let mut squares = puzzle.squares().clone();
    for (cell, &bulb) in squares.cells_mut().iter_mut().zip(bulbs) {
        if bulb {
            *cell = Square::Bulb;
        }
    }
    LightUp::new(squares).expect("numbers 0-4")
}

/// The puzzle: walls, numbered (from `bulbs`) where `clued`; no bulbs.
fn build(t: Topology, walls: &[bool], bulbs: &[bool], clued: &[bool]) -> LightUp {
    let mut squares = Grid::filled(t, Square::Blank);
    for p in t.positions() {
        let i = t.index(p);
        if clued[i] {
            let n = t.orthogonal(p).filter(|&q| bulbs[t.index(q)]).count() as u8;
            squares[p] = Square::Wall(Some(n));
        } else if walls[i] {
            squares[p] = Square::Wall(None);
        }
    }
    LightUp::new(squares).expect("numbers 0-4")
}
