//! The backbone of a puzzle: the squares that are the same in every solution.
//!
//! Found with the clause-learning engine: one solution, then for each square not yet seen to
//! differ, a solve assuming the other value. No solution means the square is settled (and is
//! fixed for the solves after it); a solution shows every square where it differs from the
//! first, which need not be tried again.

use super::lcg::Lcg;
use super::model::Model;

/// Per candidate, its value in every solution (`Some(true)` a tent, `Some(false)` grass) or
/// `None` where solutions differ; `None` overall when there is no solution. The engine's learnt
/// clauses stay within a quarter of `memory_bytes` (see `Lcg::set_memory`).
pub(super) fn backbone(m: &Model, memory_bytes: usize) -> Option<Vec<Option<bool>>> {
    let mut engine = Lcg::new(m)?;
    engine.set_memory(memory_bytes);
    let first = engine.solve(&[])?;
    let mut differs = vec![false; first.len()];
    for k in 0..first.len() {
        if differs[k] {
            continue;
        }
        match engine.solve(&[(k as u32, !first[k])]) {
            None => engine.fix(k as u32, first[k]),
            Some(other) => {
                for (d, (a, b)) in differs.iter_mut().zip(first.iter().zip(&other)) {
                    *d |= a != b;
                }
            }
        }
    }
    let settled = first
        .iter()
        .zip(&differs)
        .map(|(&tent, &d)| (!d).then_some(tent));
    Some(settled.collect())
}
