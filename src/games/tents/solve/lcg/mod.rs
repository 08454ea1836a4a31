//! Lazy clause generation: a clause-learning SAT solver of our own (`cdcl`) whose clauses are
//! only the binary no-touch pairs and "a tent next to each tree", with the line counts and the
//! tree–tent matching as propagators inside it that explain each square they force and each
//! conflict they find by a clause (`theory`). Learning from those explanations gives the solver
//! the search's reasoning without encoding it: no totalizers, no ownership variables.
//!
//! Solutions are enumerated by one solver: after each, a clause rules its tents out and the
//! search goes on with everything learnt, so proving uniqueness costs little more than solving.
//! Unless the puzzle is under the matching rule without diagonal touching, a solution of that
//! strictest variant, found first by its stronger propagators, guides the search
//! (`strict_guide`).
//!
//! Why a core of our own rather than batsat's theory hook, which the engine used before: the
//! no-touch pairs are lists of implications instead of watched clauses, the theory is called
//! without a trait object, and probing at level 0 (`Cdcl::probe`) runs the propagators without a
//! search. Measured on the whole yang-zhu set under matching (`tents_solve_times`, geometric mean
//! of the 22 size medians, two runs each): batsat's hook 22.1-22.6 ms; our core with the same
//! settings 19.2-19.7 ms (fewer conflicts at 100x100, 111 482 against 138 357 on the ten, but its
//! median 154 against 137 ms); with probing 14.0-14.9 ms; then with bands not queued by a tent,
//! probes tried again only near a change, and static calls, 11.7-11.8 ms (50x50 median 21-22 ms,
//! 100x100 71-72 ms); with what both values of a probed square set, 11.6-12.5 ms (100x100 62-65
//! ms); with at most three passes of probing, 11.3-11.4 ms (50x50 median 14.6 ms, 100x100 63.5-63.7
//! ms); built with POPCNT (`.cargo/config.toml`), with the matching's squares' trees packed, and
//! with the setup's clauses added through one scratch list, 10.6-10.7 ms (50x50 median 13.5-14.1
//! ms, 100x100 60-63 ms). Probing alone settles four of the ten 50x50 and one 100x100 with no
//! search at all. Under the local rule: 25.6 ms with batsat's hook, 13.2-13.4 ms now. Not kept: the unit a failed
//! probe's first UIP gives (100x100 median 64 to 85 ms); first activities from the trees' open
//! squares (50x50 median down, 100x100 up, overall within noise); other restart bases (30, 50, 200:
//! 12.2-12.3 against 11.7-11.9 ms) and first reductions of the learnt clauses (at 500 or 10 000
//! conflicts: 12.0 ms); Glucose's restarts on the learnt clauses' levels (14.3-14.9 against
//! 14.0-14.2 ms with Luby's); probing only tents (12.5-12.8 against 12.0-12.2 ms), or once only, or
//! again after the first restarts (13.8-14.1 against 13.2 ms: half the conflicts, but the probes
//! cost more), or at every restart only near what changed (12.6-12.7 against 11.7-11.9 ms); first
//! activities from how much each probe set (50x50 median 16-18 against 22 ms, but 100x100 84
//! against 74 ms); decay 0.7, 0.8, 0.85 (within noise or slower); a second clause to rule out a
//! solution, "some other square holds a tent" (within 1%); a race of two configurations (the
//! per-puzzle best of two runs would give the medians 16.2 to 15.3 ms at 50x50 and 73.7 to 72 ms at
//! 100x100, before the cost of two busy cores). Against the same puzzles as plain clauses (`sat`),
//! one process, interleaved (`tents_solve_times --compare`, yang-zhu 50x50 and 100x100, ten each,
//! under matching): 50x50 median 15 ms against 115 ms, 100x100 66 ms against 1.99 s (on batsat's
//! hook: 23 ms against 111 ms, 139 ms against 1.84 s).
//!
//! Where a hard puzzle's time goes (50x50, matching): probing about 3 ms, then 600-2 100 conflicts
//! at a depth of about 9 decisions, backjumps of 1-2 levels, learnt clauses of 18 literals
//! (LBD 5) on average; the first solution takes all but 30-170 of them. Also tried, and not kept,
//! timed by processor time with the hardware bit count (`CPU_TIME=1 tents_solve_times`, geometric
//! mean 10.7-10.8 ms, 50x50 median 13.6-13.7 ms, 100x100 60-62 ms): literals that every open
//! literal of a tree's clause sets, after probing (a few to 86 more facts a puzzle, but 50x50 to
//! 18.8 ms and 100x100 to 74-77 ms); the search's row and column flows run at level 0 after
//! probing, then probing again (0 to 9 more facts on the six hard 50x50, none faster: 30.4 to
//! 40.6 ms, 15.6 to 19.8 ms); deciding, instead of by activity, a tent next to the unserved
//! tree with the fewest open squares (every hard 50x50 slower, 14.2 to 42.3 ms at worst); bumping
//! the variables of the learnt literals' reasons (geometric mean 13.0-13.7 ms); target phases,
//! the longest conflict-free trail's values, kept whole or per restart (more conflicts on five of
//! the six hard 50x50, and dearer proofs of uniqueness); asking once per check, not per square,
//! whether a line is at a bound (the checks' order changes: 100x100 55.6 ms but 50x50 17.2 ms,
//! geometric mean 11.6 ms); a slack kept per line and band, so that a capacity is counted only
//! once it may be near the count (the very same search, but 3% slower: with POPCNT the count
//! costs less than the bookkeeping); the puzzle's binary clauses packed into one list once the
//! search starts (the same search, within noise: 10.66-11.03 against 10.62-10.82 ms); fat
//! link-time optimisation with one codegen unit, and
//! `target-cpu=native` rather than only POPCNT (within noise); decisions by learning rate
//! (LRB: a variable's share of the conflicts while it was set, averaged with a step from 0.4
//! down to 0.06) instead of activity (ten 50x50, median 20.0 against 14.0 ms; ten 100x100,
//! 105.9 against 65.7 ms).
//!
//! The notes below were measured on batsat's hook. What did not pay: a race of two
//! configurations on two threads, first answer wins (the rival with a faster decay and
//! random initial activities; median of the race against one solver: 41 against 44 ms at
//! 50x50, 360 against 300 ms at 100x100, as two busy cores each run slower); the tent side of
//! the matching checked over the whole grid at every check (4 times slower, and no fewer
//! conflicts: 16 162 against 17 825 on the ten 50x50), and flows with the line counts (as the
//! search has) as a conflict check: their cut explanations are long and conflicts rose by a
//! quarter. Nor did these, measured on the whole set with three seeds of random initial
//! activities (geometric mean of the times, 18.8 ms as it is): explanations cut to the squares
//! a bound needs (bands 0.5% faster, lines 1.3% slower); theory conflicts kept as clauses (2.7%
//! faster, but the 100x100 median 13% slower on average, and slower on every seed); decay 0.7,
//! 0.8, deep minimisation, other restart schedules (all within 2%, or slower). Nor, once: the
//! no-touch pairs forced by the theory instead of held as clauses (100x100 median 141 to
//! 281 ms), first phases from the matching (50x50 median 24 to 33 ms).
//!
//! Where the time goes: on a unique puzzle the first solve is the proof. With the solution given
//! as phases, proving that no second one exists took more conflicts than finding it (50x50:
//! 1 066-8 158 against 446-3 138 in all), so a faster way to a first solution would not help.
//! Nor did, later (whole set under matching, geometric mean of the size medians 22.4 ms):
//! trees confined to one line matched against its count, as a propagator (9% fewer conflicts
//! on four 50x50, but 27.7 ms); glucose's restarts on the learnt clauses' levels, in a patched
//! batsat (50x50 median 23 to 21 ms, 100x100 141 to 185 ms; a race of both, first answer
//! wins, would give 22 to 20 ms and 133 to 117 ms at best); batsat's learnt clause limits,
//! clause decay, restart base and random decisions (within 2% or slower); the matching checked
//! first (23.3 ms), or each propagator only once those before it force nothing (24.4 ms).

mod bands;
mod cdcl;
mod ctx;
pub(super) mod lines;
mod matching;
mod reasons;
mod theory;
mod var_heap;

use batsat::{Lit, lbool};

use super::model::Model;
use super::state::UNKNOWN;
use crate::budget::{Budget, OutOfTime};
use cdcl::{Cdcl, Settings};
use ctx::lit;
use lines::Lines;
use theory::TentsTheory;

/// Activity decay of the branching heuristic: faster than MiniSat's 0.95, so recent conflicts
/// steer the search (with tents first, conflicts on the 50x50 bench fell from 31 165 to
/// 17 814 in all; 100x100: 175 947 to 140 073).
const VAR_DECAY: f64 = 0.85;

/// Under the matching rule an even faster decay, with basic rather than deep minimisation of
/// learnt clauses (`tents_solve_times`, yang-zhu under matching, medians: 40x40 7.7 to 5.8 ms,
/// 50x50 36.9 to 30.9 ms, 60x60 34.7 to 34.5 ms, 70x70 63 to 56 ms, 80x80 106 to 90 ms,
/// 100x100 329 to 191 ms; over all 22 sizes of the set, 18 medians fell, 90x90, 100x50 and
/// 100x60 rose by 15 to 20%, 100x90 by 3%). Under the local rule both were worse: decay 0.75
/// took the 50x50 median from 210 to 306 ms, and basic minimisation its slowest puzzle from
/// 0.5 to 1.2 s.
const MATCHING_VAR_DECAY: f64 = 0.75;

/// From this many tent squares an engine is guided by a solution of its strictest variant (see
/// `strict_guide`). Below, solving twice costs more than it saves (yang-zhu under the local
/// rule, `count --limit 2`, medians: 20x20, about 200 squares, 0.24 ms unguided, 0.40 guided;
/// 100x10, about 510: 0.82 and 1.05 ms; 30x30, about 460: 4.8 and 1.6 ms; 100x20, about 1020:
/// 11.2 and 4.7 ms).
pub(super) const GUIDE_MIN_CANDIDATES: usize = 400;

#[cfg(test)]
thread_local! {
    /// Tests set this to guide a local-rule engine (`Some(true)`) or not (`Some(false)`) whatever
    /// the puzzle's size.
    pub(super) static GUIDE: std::cell::Cell<Option<bool>> = const { std::cell::Cell::new(None) };
}

/// Whether an engine on `m` is guided by a solution of its strictest variant (see
/// `strict_guide`): only when `m` is not that variant itself.
fn guided(m: &Model) -> bool {
    if m.matching && !m.diagadj {
        return false;
    }
    #[cfg(test)]
    if let Some(guide) = GUIDE.with(|g| g.get()) {
        return guide;
    }
    m.candidates.len() >= GUIDE_MIN_CANDIDATES
}

/// Up to `limit` solutions of `m`, each as its tents (row-major); fewer when there are fewer.
pub(super) fn solutions(m: &Model, limit: u64) -> Vec<Vec<bool>> {
    solutions_within(m, limit, &Budget::unlimited()).unwrap_or_default()
}

/// `solutions`, or `Err(OutOfTime)` when `budget` runs out before they are all found.
pub(super) fn solutions_within(
    m: &Model,
    limit: u64,
    budget: &Budget,
) -> Result<Vec<Vec<bool>>, OutOfTime> {
    let Some(mut engine) = Lcg::within(m, budget)? else {
        return Ok(Vec::new());
    };
    let mut found = Vec::new();
    while (found.len() as u64) < limit {
        let Some(tents) = engine.try_solve(&[])? else {
            break;
        };
        found.push(grid_of(m, &tents));
        if !engine.block(&tents) {
            break;
        }
    }
    Ok(found)
}

/// A solution as tents per square (row-major), from tents per candidate.
pub(super) fn grid_of(m: &Model, tents: &[bool]) -> Vec<bool> {
    let mut grid = vec![false; m.cell_count()];
    for (&c, &tent) in m.candidates.iter().zip(tents) {
        grid[c as usize] = tent;
    }
    grid
}

/// The clause-learning engine on one model: solve again and again, under assumptions or with
/// clauses added in between, keeping everything learnt.
pub(super) struct Lcg<'m> {
    solver: Cdcl,
    th: TentsTheory<'m>,
    /// Whether solves stop at a budget (see `Lcg::within`).
    budgeted: bool,
}

impl<'m> Lcg<'m> {
    /// The engine with the puzzle's clauses, or `None` when the model plainly has no solution.
    /// Under the local rule its first phases are a solution of its strictest variant when
    /// there is one (see `strict_guide`).
    pub(super) fn new(m: &'m Model) -> Option<Self> {
        Self::within(m, &Budget::unlimited()).ok().flatten()
    }

    /// `new`, with every solve (the guide's too) limited to `budget`: `Err(OutOfTime)` when it
    /// runs out before the engine is ready.
    pub(super) fn within(m: &'m Model, budget: &Budget) -> Result<Option<Self>, OutOfTime> {
        if !lines_can_hold_their_counts(m) {
            return Ok(None);
        }
        let Some(mut th) = TentsTheory::new(m) else {
            return Ok(None);
        };
        let settings = if m.matching {
            Settings {
                var_decay: MATCHING_VAR_DECAY,
                deep_minimise: false,
            }
        } else {
            Settings {
                var_decay: VAR_DECAY,
                deep_minimise: true,
            }
        };
        let guide = if guided(m) {
            strict_guide(m, budget)?
        } else {
            None
        };
        // Under the matching rule decisions place tents: a tent settles its neighbours, its lines,
        // its bands and a tree, where a square left empty settles little (50x50 bench: 43% fewer
        // conflicts with `VAR_DECAY`). Under the local rule that made the 50x50 bench three times
        // slower; there the solver keeps saving phases, unless it is guided: then each square's
        // phase is the guide's, for good (a first solve under the guide as assumptions, to leave
        // it as saved phases instead, made the bench many times slower).
        let first = if m.matching {
            lbool::TRUE
        } else {
            lbool::UNDEF
        };
        let phases = (0..m.candidates.len())
            .map(|k| guide.as_ref().map_or(first, |g| lbool::from(g[k])))
            .collect();
        let mut solver = Cdcl::new(m.candidates.len(), phases, &settings);
        solver.set_budget(budget.clone());
        // A tent empties the squares it touches and, under matching, its tree's other own
        // squares (at most three).
        let own = if m.matching { 3 } else { 0 };
        for (k, &c) in m.candidates.iter().enumerate() {
            solver.reserve_implications(lit(k as u32, true), m.touch.get(c as usize).len() + own);
        }
        for (k, &c) in m.candidates.iter().enumerate() {
            for &x in m.touch.get(c as usize) {
                let kx = m.cand_of_cell[x as usize];
                if kx as usize > k {
                    solver.add_clause(&[lit(k as u32, false), lit(kx, false)]);
                }
            }
        }
        if m.matching {
            squares_of_one_tree_exclude_each_other(&mut solver, m);
        }
        let mut clause = Vec::new();
        for t in 0..m.tree_count() {
            clause.clear();
            clause.extend(m.tree_cands.get(t).iter().map(|&k| lit(k, true)));
            solver.add_clause(&clause);
        }
        // A guided engine takes its guide's solution at once; probing before, with the local
        // rule's weaker propagators, costs more than it saves (whole set under local, geometric
        // mean of the size medians: 15.9 to 14.4 ms without it).
        if guide.is_none() {
            solver.probe(&mut th);
        }
        budget.check()?;
        Ok(Some(Lcg {
            solver,
            th,
            budgeted: !budget.is_unlimited(),
        }))
    }

    /// A solution with each assumed candidate `(k, tent)` as given, as tents per candidate, or
    /// `None` when there is none.
    /// (On an engine without a budget, which never runs out.)
    pub(super) fn solve(&mut self, assumed: &[(u32, bool)]) -> Option<Vec<bool>> {
        debug_assert!(
            !self.budgeted,
            "a budgeted engine is asked through `try_solve`"
        );
        self.try_solve(assumed).ok().flatten()
    }

    /// `solve`, or `Err(OutOfTime)` when the engine's budget ran out first.
    pub(super) fn try_solve(
        &mut self,
        assumed: &[(u32, bool)],
    ) -> Result<Option<Vec<bool>>, OutOfTime> {
        let assumptions: Vec<Lit> = assumed.iter().map(|&(k, tent)| lit(k, tent)).collect();
        if !self.solver.solve(&mut self.th, &assumptions)? {
            return Ok(None);
        }
        Ok(Some(self.solver.model().to_vec()))
    }

    /// Rules out one solution (tents per candidate); false when nothing is left.
    pub(super) fn block(&mut self, tents: &[bool]) -> bool {
        // Another solution lacks one of these tents (all solutions have as many).
        let clause: Vec<Lit> = (0..tents.len() as u32)
            .filter(|&k| tents[k as usize])
            .map(|k| lit(k, false))
            .collect();
        !clause.is_empty() && self.solver.add_clause(&clause)
    }

    /// Conflicts, decisions and propagations so far: tests compare two searches by them.
    #[cfg(test)]
    pub(super) fn search_counts(&self) -> [u64; 3] {
        self.solver.counts
    }

    /// Fixes candidate `k` for every later solve.
    pub(super) fn fix(&mut self, k: u32, tent: bool) {
        self.solver.add_clause(&[lit(k, tent)]);
    }
}

/// A solution of the strictest variant of `m` (`Model::strictest`: the matching rule, no
/// diagonal touching), which is a solution of `m` too (tents per candidate), or `None` when
/// there is none. That variant's propagators (the matching, and bands, which need no diagonal
/// touching) find it far sooner than `m`'s own find any solution; with it as phases, the engine
/// on `m` takes it at once and looks for others near it (yang-zhu 50x50 under the local rule,
/// `count --limit 2`: median 146 to 24 ms, the local engine's conflicts from 2 339-19 253 to
/// 1-76 a puzzle; 100x100: six of ten not done in 60 s, median 140 ms; see
/// `docs/tents-solver.md` for diagonal touching).
/// When the strict variant has no solution the try costs little (100x100 puzzles made so, as in
/// `a_local_puzzle_without_a_matching_solution_is_solved_unguided`: under 0.9 s) but the
/// unguided search after it is slow (2 s to over 60 s). Neither guide tried then helped: the
/// longest partial assignment of the failed try, or a solution under a matching that leaves one
/// tree and one tent unpaired (the solution found in 22 ms on the 40x40 of that test, but in
/// 21.6 s on a 100x100 solved unguided in 2.1 s: without tight sets, the matching is weak).
fn strict_guide(m: &Model, budget: &Budget) -> Result<Option<Vec<bool>>, OutOfTime> {
    let strict = m.strictest();
    match Lcg::within(&strict, budget)? {
        Some(mut engine) => engine.try_solve(&[]),
        None => Ok(None),
    }
}

/// Under the matching rule, two squares next to one tree and no other cannot both be tents:
/// clauses the matching would only find by a conflict.
fn squares_of_one_tree_exclude_each_other(solver: &mut Cdcl, m: &Model) {
    for t in 0..m.tree_count() {
        let own: Vec<u32> = m
            .tree_cands
            .get(t)
            .iter()
            .copied()
            .filter(|&k| m.cell_trees.get(m.candidates[k as usize] as usize).len() == 1)
            .collect();
        for (i, &a) in own.iter().enumerate() {
            for &b in &own[i + 1..] {
                solver.add_clause(&[lit(a, false), lit(b, false)]);
            }
        }
    }
}

/// Whether every line's squares can hold its count with none empty yet: the propagators assume
/// it, since a failure with no empty square would have no literal to blame.
fn lines_can_hold_their_counts(m: &Model) -> bool {
    let mut lines = Lines::new(m);
    let open = vec![UNKNOWN; m.candidates.len()];
    (0..m.line_count()).all(|l| lines.capacity(m, &open, l) >= m.target[l] as usize)
}
