//! Removing numbers from a fully numbered puzzle until it is as bare as the target tier allows
//! (after Tatham's generator): numbers the rules never used go first, then the others one by one
//! in random order, each removal kept only if the rules up to the target still solve the puzzle.
//! A puzzle the rules solve has exactly one solution, so no uniqueness check is needed on the
//! way. Each removal is first tried near its number with the rest of the solution given, where
//! a failure already settles it (see `Prepared::fails_near`). For the hard tier, numbers are then removed from the tricky-minimal puzzle while case
//! analysis near them (a quick, weaker form of the hard tier) still solves it.

use rand_chacha::ChaCha8Rng;

use crate::deduce::{Cancelled, GenCtl, Phase, Tier};
use crate::game::Game;
use crate::grid::{Pos, Topology};

use super::super::deduce::Prepared;
use super::super::{LightUp, Square};
use super::plant::shuffle;

/// Whether the generator's case analysis propagates with the tricky rules too.
const HARD_PROBES_TRICKY: bool = false;
/// Numbers tried for removal once the puzzle has become hard.
const HARD_EXTRA_TRIES: u32 = 12;
/// Half-width of the square around a number where the rules must still succeed, the rest of
/// the solution given, before its removal is tried on the whole grid (the quickest of the
/// widths tried: docs/log/generate-giant.md).
const NEAR_REFUSAL: isize = 6;

/// A puzzle being reduced: the position handed back and its prepared structure, in step.
struct Work {
    game: LightUp,
    prep: Prepared,
}

impl Work {
    fn new(game: LightUp) -> Work {
        let prep = Prepared::new(&game);
        Work { game, prep }
    }

    /// Whether the wall at `p` still has its number.
    fn numbered(&self, p: Pos) -> bool {
        self.game.square(p).and_then(Square::number).is_some()
    }

    /// Takes away the numbers at `ps` (the caller checked the result is good).
    fn remove(&mut self, ps: &[Pos], prep: Prepared) {
        for &p in ps {
            self.game = self
                .game
                .with_square(p, Square::Wall(None))
                .expect("the position is on the grid");
        }
        self.prep = prep;
    }
}

/// The puzzle with as many numbers removed as tier `target` allows, or `None` when this
/// planted puzzle cannot give that tier exactly. Reports to `ctl` how many numbers were tried
/// (progress from `super::PLANTED_AT` to `super::CHECKING_FROM`).
pub fn reduce(
    game: LightUp,
    target: Tier,
    rng: &mut ChaCha8Rng,
    ctl: &GenCtl,
) -> Result<Option<LightUp>, Cancelled> {
    let level = target.min(Tier::Tricky);
    let mut work = Work::new(game);
    let solved = work.prep.solve(level, None, true);
    if solved.tier.is_none() {
        return Ok(None);
    }
    strip_unused(&mut work, &solved.used, level);
    let mut order = work.prep.numbered();
    shuffle(&mut order, rng);
    let (from, to) = (super::PLANTED_AT, super::CHECKING_FROM);
    let tell = |i: usize, part: f64| {
        let done = (i as f64 / order.len().max(1) as f64) * part;
        ctl.report(Phase::Removing, from + (to - from) * done);
    };
    // The hard tier's case analysis comes after the first pass, on a tenth of the bar.
    let first_part = if target == Tier::Hard { 0.9 } else { 1.0 };
    let reached = work.prep.reached(level);
    let topology = work.game.topology();
    for (i, &p) in order.iter().enumerate() {
        ctl.check()?;
        tell(i, first_part);
        if !work.numbered(p) {
            continue;
        }
        let candidate = work.prep.without_number(p);
        // Most removals fail late in the pass; the rules fail near the number first (exact,
        // see `Prepared::fails_near`), in a fraction of a solve of the whole grid.
        if let Some(r) = &reached
            && candidate.fails_near(r, &within(topology, p, NEAR_REFUSAL), level)
        {
            continue;
        }
        let solved = candidate.solve(level, None, true);
        if solved.tier.is_some() {
            work.remove(&[p], candidate);
            strip_unused(&mut work, &solved.used, level);
        }
    }
    Ok(match target {
        Tier::Easy => Some(work.game),
        Tier::Tricky => {
            let easy = work.prep.solve(Tier::Easy, None, false).tier.is_some();
            (!easy).then_some(work.game)
        }
        Tier::Hard => {
            tell(order.len(), first_part);
            harden(work, &order, ctl)?
        }
    })
}

/// From a puzzle the easy and tricky rules solve but no number can leave, removes numbers
/// (in `order`) whose loss case analysis near them makes up for; `None` if none does. Once one
/// has gone, only [`HARD_EXTRA_TRIES`] more are tried.
fn harden(mut work: Work, order: &[Pos], ctl: &GenCtl) -> Result<Option<LightUp>, Cancelled> {
    let topology = work.game.topology();
    let mut cased: Vec<Pos> = Vec::new();
    let mut tries_left = None;
    for &p in order {
        ctl.check()?;
        if tries_left == Some(0) {
            break;
        }
        if !work.numbered(p) {
            continue;
        }
        let candidate = work.prep.without_number(p);
        let mut probes = cased.clone();
        probes.extend(near(topology, p));
        let solved = candidate.solve(Tier::Hard, Some(&probes), HARD_PROBES_TRICKY);
        if solved.tier == Some(Tier::Hard) {
            work.remove(&[p], candidate);
            cased = solved.cased;
            tries_left.get_or_insert(HARD_EXTRA_TRIES);
        }
        if let Some(n) = tries_left.as_mut() {
            *n -= 1;
        }
    }
    Ok((!cased.is_empty()).then_some(work.game))
}

/// Removes every number the rules did not use, if the rules still solve the puzzle without them.
fn strip_unused(work: &mut Work, used: &[bool], level: Tier) {
    let unused: Vec<Pos> = work
        .prep
        .numbered()
        .into_iter()
        .zip(used)
        .filter(|&(_, &u)| !u)
        .map(|(p, _)| p)
        .collect();
    if unused.is_empty() {
        return;
    }
    let stripped = unused
        .iter()
        .fold(work.prep.clone(), |prep, &p| prep.without_number(p));
    if stripped.solve(level, None, true).tier.is_some() {
        work.remove(&unused, stripped);
    }
}

/// The squares within two rows and columns of `p` (wrapping if the grid does).
fn near(t: Topology, p: Pos) -> Vec<Pos> {
    within(t, p, 2)
}

/// The squares within `radius` rows and columns of `p` (wrapping if the grid does).
fn within(t: Topology, p: Pos, radius: isize) -> Vec<Pos> {
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
    for dr in -radius..=radius {
        for dc in -radius..=radius {
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

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::super::super::GenParams;
    use super::*;
    use crate::deduce::GenOptions;

    /// The quick refusal near a number is exact: wherever it refuses a removal, the rules fail
    /// on the whole grid too. Over every number of fully numbered planted puzzles (the first
    /// step of the pass), plain and wrapping, easy and tricky.
    #[test]
    fn a_removal_refused_near_the_number_fails_on_the_whole_grid() {
        let (mut refused, mut passed) = (0, 0);
        for (seed, wrapping, level) in [
            (1, false, Tier::Easy),
            (2, true, Tier::Easy),
            (3, false, Tier::Tricky),
            (4, true, Tier::Tricky),
        ] {
            let options = GenOptions {
                rows: 16,
                cols: 16,
                difficulty: level,
                wrapping,
                params: GenParams { symmetric: false },
            };
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let full = super::super::solvable_plant(&options, level, &mut rng, &GenCtl::new())
                .expect("not cancelled")
                .expect("a planting the rules solve");
            let prep = Prepared::new(&full);
            let reached = prep.reached(level).expect("the rules solve it");
            for p in prep.numbered() {
                let candidate = prep.without_number(p);
                for radius in [1, 2, 6] {
                    let near = within(full.topology(), p, radius);
                    if candidate.fails_near(&reached, &near, level) {
                        refused += 1;
                        let whole = candidate.solve(level, None, true);
                        assert_eq!(whole.tier, None, "seed {seed}: {p} refused near it");
                    } else {
                        passed += 1;
                    }
                }
            }
        }
        assert!(
            refused > 0 && passed > 0,
            "{refused} refused, {passed} passed"
        );
    }
}
