//! Which difficulties exist at the smallest sizes: exhaustive searches over every puzzle with
//! exactly one solution of a size and variant, graded by the same rules as the generators.
//! They back each entry of the generators' tables of sizes where a difficulty has no puzzle at
//! all (`generate` refuses those before trying), and show the searches are not empty-handed:
//! a neighbouring size or variant does have puzzles of that difficulty.
//!
//! `cargo test --release --test engine generate_tiers:: -- --ignored --nocapture` prints the whole
//! census these tables were drawn from.

use std::collections::HashMap;

use gridpuzzles::deduce::{Deduce, GenOptions, Generate, Missing, Tier};
use gridpuzzles::game::Game;
use gridpuzzles::games::lightup::{self, LightUp};
use gridpuzzles::games::mosaic::{self, ClueDensity, Mosaic, Neighbourhood};
use gridpuzzles::games::tents::{self, Rule4, Tents};
use gridpuzzles::grid::{Grid, Pos, Topology};

/// Puzzles with exactly one solution, by grade; and those the rules alone cannot solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Census {
    easy: usize,
    tricky: usize,
    hard: usize,
    ungraded: usize,
}

impl Census {
    fn add(&mut self, grade: Option<Tier>) {
        match grade {
            Some(Tier::Easy) => self.easy += 1,
            Some(Tier::Tricky) => self.tricky += 1,
            Some(Tier::Hard) => self.hard += 1,
            None => self.ungraded += 1,
        }
    }

    fn of(&self, tier: Tier) -> usize {
        match tier {
            Tier::Easy => self.easy,
            Tier::Tricky => self.tricky,
            Tier::Hard => self.hard,
        }
    }
}

/// Bit mask of the squares `around` gives for square `i`, `i` itself left out (tiny wrapped
/// grids bring a square back to itself).
fn mask(t: Topology, i: usize, around: impl Iterator<Item = Pos>) -> u32 {
    around
        .map(|q| t.index(q))
        .filter(|&j| j != i)
        .fold(0, |m, j| m | 1 << j)
}

/// Every way to choose `k` bits of `from`.
fn choose(from: u32, k: u32, mut each: impl FnMut(u32)) {
    fn go(bits: &[u32], k: u32, chosen: u32, each: &mut impl FnMut(u32)) {
        if k == 0 {
            each(chosen);
            return;
        }
        for (n, &b) in bits.iter().enumerate() {
            if bits.len() - n < k as usize {
                break;
            }
            go(&bits[n + 1..], k - 1, chosen | b, each);
        }
    }
    let bits: Vec<u32> = (0..32)
        .map(|i| 1u32 << i)
        .filter(|b| from & b != 0)
        .collect();
    go(&bits, k, 0, &mut each);
}

/// Every Tents puzzle (rule 4 local, as generated) of a size and variant with exactly one
/// solution: each set of tents apart from one another, each set of as many trees beside them
/// (every tent next to a tree, every tree next to a tent), keyed by the trees and the counts;
/// a key reached once is a puzzle with one solution. Second, those of them the generator would
/// keep, planted as players know them ([`usual`]); with `only_kept`, only those are graded
/// (the first census is then empty). Grading stops once `enough` says so of the second.
fn tents_census(
    rows: usize,
    cols: usize,
    wrapping: bool,
    diagadj: bool,
    only_kept: bool,
    enough: &dyn Fn(&Census) -> bool,
) -> (Census, Census) {
    let t = Topology::new(rows, cols, wrapping);
    let n = t.len();
    assert!(n <= 32);
    let orth: Vec<u32> = (0..n).map(|i| mask(t, i, t.orthogonal(t.pos(i)))).collect();
    let touch: Vec<u32> = (0..n)
        .map(|i| match diagadj {
            true => orth[i],
            false => mask(t, i, t.around(t.pos(i))),
        })
        .collect();
    let mut apart = Vec::new();
    fn sets(i: usize, n: usize, tents: u32, banned: u32, touch: &[u32], out: &mut Vec<u32>) {
        if i == n {
            out.push(tents);
            return;
        }
        sets(i + 1, n, tents, banned, touch, out);
        if banned & 1 << i == 0 {
            sets(i + 1, n, tents | 1 << i, banned | touch[i], touch, out);
        }
    }
    sets(0, n, 0, 0, &touch, &mut apart);
    let bits = |m: u32| (0..n).filter(move |&i| m & 1 << i != 0);
    // (trees, counts) -> (solutions found, the last one's tents)
    let mut solutions: HashMap<(u32, Vec<usize>), (u32, u32)> = HashMap::new();
    for tents in apart {
        let room = bits(tents).fold(0, |m, i| m | orth[i]) & !tents;
        choose(room, tents.count_ones(), |trees| {
            if bits(tents).all(|i| orth[i] & trees != 0) {
                let mut counts = vec![0; rows + cols];
                for i in bits(tents) {
                    counts[i / cols] += 1;
                    counts[rows + i % cols] += 1;
                }
                let entry = solutions.entry((trees, counts)).or_default();
                *entry = (entry.0 + 1, tents);
            }
        });
    }
    let mut census = Census::default();
    let mut kept = Census::default();
    for ((trees, counts), (found, tents)) in solutions {
        if found != 1 {
            continue;
        }
        let kept_too = usual(rows, cols, trees | tents, trees, &counts);
        if enough(&kept) {
            break;
        }
        if only_kept && !kept_too {
            continue; // not graded: the first census stays empty
        }
        let cells = (0..n)
            .map(|i| match trees & 1 << i {
                0 => tents::Square::Empty,
                _ => tents::Square::Tree,
            })
            .collect();
        let grid = Grid::from_cells(t, cells).unwrap();
        let (r, c) = counts.split_at(rows);
        let puzzle = Tents::new(grid, r.to_vec(), c.to_vec(), diagadj, Rule4::Local).unwrap();
        assert_eq!(puzzle.count(Some(2)), 1u32.into(), "{}", puzzle.format());
        let grade = puzzle.grade();
        census.add(grade);
        if kept_too {
            kept.add(grade);
        }
    }
    (census, kept)
}

/// The generator's test of a planting (`Plant::looks_usual`): at least 18% trees (rounded
/// down), at most one line in 20 with no tent (one, below 20 lines), no line with neither a tree
/// nor a tent (`used` holds both).
fn usual(rows: usize, cols: usize, used: u32, trees: u32, counts: &[usize]) -> bool {
    let n = rows * cols;
    let min_trees = (tents::generate::MIN_TREE_DENSITY * n as f64).floor() as u32;
    let zero = counts.iter().filter(|&&c| c == 0).count();
    let row_bare = |r: usize| (0..cols).all(|c| used & 1 << (r * cols + c) == 0);
    let col_bare = |c: usize| (0..rows).all(|r| used & 1 << (r * cols + c) == 0);
    trees.count_ones() >= min_trees
        && zero * 20 <= (rows + cols).max(20)
        && !(0..rows).any(row_bare)
        && !(0..cols).any(col_bare)
}

/// Every Light Up puzzle of a size and variant with exactly one solution: each set of walls
/// (half-turn symmetric ones only, for `symmetric`), each of its solutions, each choice of
/// walls to number from it; the puzzle has one solution when no other solution of the walls
/// gives the same numbers there.
fn lightup_census(
    rows: usize,
    cols: usize,
    wrapping: bool,
    symmetric: bool,
    enough: &dyn Fn(&Census) -> bool,
) -> Census {
    let t = Topology::new(rows, cols, wrapping);
    let n = t.len();
    let mut census = Census::default();
    for walls in 0u32..1 << n {
        if enough(&census) {
            break;
        }
        if symmetric && (0..n).any(|i| (walls >> i & 1) != (walls >> (n - 1 - i) & 1)) {
            continue;
        }
        let square = |i: usize, number: Option<u8>| match walls & 1 << i {
            0 => lightup::Square::Blank,
            _ => lightup::Square::Wall(number),
        };
        let bare = Grid::from_cells(t, (0..n).map(|i| square(i, None)).collect()).unwrap();
        let solutions = LightUp::new(bare).unwrap().solutions(usize::MAX);
        // The number each wall shows under each solution (neighbours counted per direction,
        // as the game counts them).
        let numbers: Vec<Vec<u8>> = solutions
            .iter()
            .map(|s| {
                let bulb = |q: Pos| s.square(q) == Some(lightup::Square::Bulb);
                (0..n)
                    .map(|i| t.orthogonal(t.pos(i)).filter(|&q| bulb(q)).count() as u8)
                    .collect()
            })
            .collect();
        let wall_list: Vec<usize> = (0..n).filter(|&i| walls & 1 << i != 0).collect();
        for (k, own) in numbers.iter().enumerate() {
            for shown in 0u32..1 << wall_list.len() {
                let numbered = |w: usize| shown & 1 << w != 0;
                let alike = numbers.iter().filter(|other| {
                    (0..wall_list.len())
                        .filter(|&w| numbered(w))
                        .all(|w| other[wall_list[w]] == own[wall_list[w]])
                });
                if alike.count() != 1 {
                    continue;
                }
                let cells = (0..n)
                    .map(|i| {
                        let w = wall_list.iter().position(|&x| x == i);
                        square(i, w.filter(|&w| numbered(w)).map(|_| own[i]))
                    })
                    .collect();
                let puzzle = LightUp::new(Grid::from_cells(t, cells).unwrap()).unwrap();
                let found = puzzle.solutions(2);
                assert_eq!(found.len(), 1, "{}", puzzle.format());
                let _ = k;
                census.add(puzzle.grade());
            }
        }
    }
    census
}

/// Every Mosaic puzzle of a size and variant with exactly one solution: each set of clue
/// squares, each colouring; the clues a colouring gives there make a puzzle with one solution
/// when no other colouring gives the same.
fn mosaic_census(
    rows: usize,
    cols: usize,
    wrapping: bool,
    nb: Neighbourhood,
    enough: &dyn Fn(&Census) -> bool,
) -> Census {
    let t = Topology::new(rows, cols, wrapping);
    let n = t.len();
    let probe = Mosaic::new(Grid::filled(t, None), nb).unwrap();
    let counted: Vec<Vec<usize>> = (0..n)
        .map(|i| probe.neighbours(t.pos(i)).map(|q| t.index(q)).collect())
        .collect();
    let mut census = Census::default();
    for clued in 0u32..1 << n {
        if enough(&census) {
            break;
        }
        let squares: Vec<usize> = (0..n).filter(|&i| clued & 1 << i != 0).collect();
        let mut colourings: HashMap<Vec<u8>, u32> = HashMap::new();
        for black in 0u32..1 << n {
            let clues: Vec<u8> = squares
                .iter()
                .map(|&i| counted[i].iter().filter(|&&q| black & 1 << q != 0).count() as u8)
                .collect();
            *colourings.entry(clues).or_default() += 1;
        }
        for (clues, found) in colourings {
            if found != 1 || clues.iter().any(|&c| c > mosaic::MAX_CLUE) {
                continue;
            }
            let mut grid = Grid::filled(t, None);
            for (&i, &c) in squares.iter().zip(&clues) {
                grid = grid.with(t.pos(i), Some(c));
            }
            let puzzle = Mosaic::new(grid, nb).unwrap();
            census.add(puzzle.grade());
        }
    }
    census
}

/// Whether `G`'s generator says no puzzle of `options` exists.
fn refused<G: Generate>(options: &GenOptions<G::Params>) -> bool {
    G::no_puzzle(options).is_some()
}

/// Never enough: the whole census.
fn all(_: &Census) -> bool {
    false
}

/// Checks a game's table against the census of each size and variant in `configs`, both ways
/// round: each difficulty the table lists is missing from the census, each it does not list is
/// there. `options(rows, cols, tier, wrapping, variant)` builds the request, `census` counts.
fn check_table<V: Copy + std::fmt::Debug, P>(
    configs: &[((usize, usize), bool, V)],
    options: impl Fn(usize, usize, Tier, bool, V) -> GenOptions<P>,
    refused: impl Fn(&GenOptions<P>) -> bool,
    census: impl Fn(usize, usize, bool, V, &dyn Fn(&Census) -> bool) -> Census,
) {
    for &((a, b), wrapping, variant) in configs {
        for (rows, cols) in [(a, b), (b, a)] {
            let listed: Vec<Tier> = Tier::ALL
                .into_iter()
                .filter(|&t| refused(&options(rows, cols, t, wrapping, variant)))
                .collect();
            // A difficulty listed as missing needs every puzzle graded; otherwise the census
            // may stop once each difficulty has turned up.
            let found = census(rows, cols, wrapping, variant, &|c: &Census| {
                listed.is_empty() && c.easy > 0 && c.tricky > 0 && c.hard > 0
            });
            for tier in Tier::ALL {
                assert_eq!(
                    listed.contains(&tier),
                    found.of(tier) == 0,
                    "{rows}x{cols} wrapping {wrapping} {variant:?} {tier}: {found:?}"
                );
            }
        }
    }
}

/// The sizes and variants of a table, then `more` (sizes beside them, to show the table ends
/// where the census says).
fn configs<V: Copy + PartialEq>(
    table: &[Missing<V>],
    more: &[((usize, usize), bool, V)],
) -> Vec<((usize, usize), bool, V)> {
    let mut configs: Vec<_> = table
        .iter()
        .map(|m| (m.size, m.wrapping, m.variant))
        .collect();
    for &c in more {
        if !configs.contains(&c) {
            configs.push(c);
        }
    }
    configs
}

fn tents_options(
    rows: usize,
    cols: usize,
    tier: Tier,
    wrapping: bool,
    diagadj: bool,
) -> tents::generate::GenOptions {
    GenOptions {
        rows,
        cols,
        difficulty: tier,
        wrapping,
        params: tents::GenParams { diagadj },
    }
}

fn lightup_options(
    rows: usize,
    cols: usize,
    tier: Tier,
    wrapping: bool,
    symmetric: bool,
) -> lightup::generate::GenOptions {
    GenOptions {
        rows,
        cols,
        difficulty: tier,
        wrapping,
        params: lightup::GenParams { symmetric },
    }
}

fn mosaic_options(
    rows: usize,
    cols: usize,
    tier: Tier,
    wrapping: bool,
    nb: Neighbourhood,
) -> mosaic::generate::GenOptions {
    GenOptions {
        rows,
        cols,
        difficulty: tier,
        wrapping,
        params: mosaic::GenParams {
            neighbourhood: nb,
            density: ClueDensity::Minimal,
        },
    }
}

#[test]
fn the_tents_table_is_what_the_census_finds() {
    // Beside the table: 4x4 with tents touching diagonally has every difficulty.
    let more = [((4, 4), false, true), ((4, 4), true, true)];
    check_table(
        &configs(tents::generate::NO_PUZZLE, &more),
        tents_options,
        refused::<Tents>,
        |rows, cols, wrapping, diagadj, enough| {
            tents_census(rows, cols, wrapping, diagadj, true, enough).1
        },
    );
}

#[test]
fn the_light_up_table_is_what_the_census_finds() {
    let mut more = Vec::new();
    for size in [(2, 2), (2, 3), (2, 4), (3, 3)] {
        for wrapping in [false, true] {
            for symmetric in [false, true] {
                more.push((size, wrapping, symmetric));
            }
        }
    }
    more.extend([((2, 6), false, true), ((3, 4), false, true)]);
    check_table(
        &configs(lightup::generate::NO_PUZZLE, &more),
        lightup_options,
        refused::<LightUp>,
        lightup_census,
    );
}

#[test]
fn the_mosaic_table_is_what_the_census_finds() {
    let mut more = Vec::new();
    for size in [(2, 2), (2, 3)] {
        for wrapping in [false, true] {
            for nb in Neighbourhood::ALL {
                more.push((size, wrapping, nb));
            }
        }
    }
    more.push(((3, 3), true, Neighbourhood::Ortho));
    check_table(
        &configs(mosaic::generate::NO_PUZZLE, &more),
        mosaic_options,
        refused::<Mosaic>,
        mosaic_census,
    );
}

/// The whole census, for drawing the tables (slow in a debug build); `CENSUS=tents`,
/// `lightup` or `mosaic` picks one game.
#[test]
#[ignore]
fn print_the_census() {
    let only = std::env::var("CENSUS").unwrap_or_default();
    let wanted = |game: &str| only.is_empty() || only == game;
    for (rows, cols) in [(4, 4), (4, 5), (4, 6)]
        .into_iter()
        .filter(|_| wanted("tents"))
    {
        for wrapping in [false, true] {
            for diagadj in [false, true] {
                let (every, kept) = tents_census(rows, cols, wrapping, diagadj, false, &all);
                let all = every;
                println!(
                    "tents {rows}x{cols} wrapping={wrapping} diagadj={diagadj}: {all:?} usual {kept:?}"
                );
            }
        }
    }
    let sizes = [(2, 2), (2, 3), (2, 4), (3, 3), (2, 5), (2, 6), (3, 4)];
    for (rows, cols) in sizes.into_iter().filter(|_| wanted("lightup")) {
        for wrapping in [false, true] {
            for symmetric in [false, true] {
                let c = lightup_census(rows, cols, wrapping, symmetric, &all);
                println!("lightup {rows}x{cols} wrapping={wrapping} symmetric={symmetric}: {c:?}");
            }
        }
    }
    let sizes = [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (1, 6),
        (2, 2),
        (2, 3),
        (2, 4),
        (3, 3),
    ];
    for (rows, cols) in sizes.into_iter().filter(|_| wanted("mosaic")) {
        for wrapping in [false, true] {
            for nb in Neighbourhood::ALL {
                let c = mosaic_census(rows, cols, wrapping, nb, &all);
                println!("mosaic {rows}x{cols} wrapping={wrapping} {nb:?}: {c:?}");
            }
        }
    }
}
