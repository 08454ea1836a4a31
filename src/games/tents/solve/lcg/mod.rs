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
//! Why a core of our own rather than batsat's theory hook: the no-touch pairs are lists of
//! implications instead of watched clauses, the theory is called without a trait object, and
//! probing at level 0 (`Cdcl::probe`) runs the propagators without a search. The measurements
//! behind this and behind every setting below, and what was tried and not kept, are in
//! `docs/tents-solver.md`.

mod bands;
mod cdcl;
mod ctx;
pub(super) mod lines;
mod lit;
mod matching;
mod reasons;
mod theory;
mod var_heap;

use std::sync::atomic::{AtomicU64, Ordering};

use lit::{Lit, Truth};

use super::model::Model;
use super::state::UNKNOWN;
use crate::budget::{Budget, OutOfTime};
use cdcl::{Cdcl, Settings};
use ctx::lit;
use lines::Lines;
use theory::TentsTheory;

/// Activity decay of the branching heuristic: faster than MiniSat's 0.95, so recent conflicts
/// steer the search.
const VAR_DECAY: f64 = 0.85;

/// Under the matching rule an even faster decay, with basic rather than deep minimisation of
/// learnt clauses (faster there, slower under the local rule).
const MATCHING_VAR_DECAY: f64 = 0.75;

/// From this many tent squares an engine is guided by a solution of its strictest variant (see
/// `strict_guide`); below, solving twice costs more than it saves.
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

/// How many solutions `solutions` would list, none of them kept (a 100x100 grid's thousand
/// take 10 MB), its learnt clauses within `memory_bytes` (see `Lcg::set_memory`), `counted`
/// raised to the number found as they are found.
pub(super) fn count_listed(m: &Model, limit: u64, memory_bytes: usize, counted: &AtomicU64) -> u64 {
    let Some(mut engine) = Lcg::new(m) else {
        return 0;
    };
    engine.set_memory(memory_bytes);
    let mut found = 0;
    while found < limit {
        let Some(tents) = engine.solve(&[]) else {
            break;
        };
        found += 1;
        counted.fetch_max(found, Ordering::Relaxed);
        if !engine.block(&tents) {
            break;
        }
    }
    found
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
                // Mixed on the bench set under matching, where no puzzle needed them.
                target_phases: false,
            }
        } else {
            Settings {
                var_decay: VAR_DECAY,
                deep_minimise: true,
                // Solutions of puzzles the strict guide cannot lead to (rows swapped).
                target_phases: true,
            }
        };
        let guide = if guided(m) {
            strict_guide(m, budget)?
        } else {
            None
        };
        // Under the matching rule decisions place tents: a tent settles its neighbours, its lines,
        // its bands and a tree, where a square left empty settles little. Under the local rule
        // (where that was slower) the solver keeps saving phases, unless it is guided: then each
        // square's phase is the guide's, for good.
        let first = if m.matching {
            Truth::True
        } else {
            Truth::Unset
        };
        let phases = (0..m.candidates.len())
            .map(|k| guide.as_ref().map_or(first, |g| Truth::from(g[k])))
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
        // rule's weaker propagators, costs more than it saves.
        if guide.is_none() {
            solver.probe(&mut th);
        }
        budget.check()?;
        Ok(Some(Lcg { solver, th }))
    }

    /// A solution with each assumed candidate `(k, tent)` as given, as tents per candidate, or
    /// `None` when there is none.
    /// (On an engine without a budget, which never runs out.)
    pub(super) fn solve(&mut self, assumed: &[(u32, bool)]) -> Option<Vec<bool>> {
        debug_assert!(
            self.solver.budget().is_unlimited(),
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

    /// Keeps the learnt clauses within a quarter of a count's memory cap `memory_bytes`: the
    /// estimate of their bytes is rough (see `Cdcl::learnt_bytes`), and the engine's own
    /// tables, the learnt pairs of squares among them, take their share.
    pub(super) fn set_memory(&mut self, memory_bytes: usize) {
        self.solver.set_learnt_cap(memory_bytes / 4);
    }

    /// Fixes candidate `k` for every later solve.
    pub(super) fn fix(&mut self, k: u32, tent: bool) {
        self.solver.add_clause(&[lit(k, tent)]);
    }
}

/// A solution of the strictest variant of `m` (`Model::strictest`: the matching rule, no
/// diagonal touching), which is a solution of `m` too (tents per candidate), or `None` when
/// there is none: that variant's propagators (the matching, and bands) find it far sooner than
/// `m`'s own find any solution, and the engine on `m` takes it as its phases.
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
