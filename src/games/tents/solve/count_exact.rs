//! The route of an exact count (no limit): which engine counts which puzzle.
//!
//! 1. Clusters (`count_clusters`, `count_search`) when every group of trees and tent squares is
//!    small enough to list: only the line counts link the groups, and the counter splits and
//!    caches over them, so sparse puzzles with billions of solutions are counted without listing
//!    them. Under the local rule the squares every solution agrees on (`backbone`) are settled
//!    first.
//! 2. On a large puzzle, the clause-learning engine (`lcg`) lists up to `LCG_LIST_LIMIT`
//!    solutions: fewer than that is the exact count. Dense puzzles mostly have few solutions,
//!    and clause learning proves there are no more far sooner than the search.
//! 3. Otherwise the depth-first search, which splits the unknown squares into regions that share
//!    no live constraint and caches region counts.

use std::sync::Arc;

use num_bigint::BigUint;

use super::count_cache::{CountOptions, OverMemory, over_memory, raise};
use super::count_clusters::Cluster;
use super::model::Model;
use super::search::Searcher;
use super::{LCG_LIST_LIMIT, LCG_MIN_CANDIDATES, backbone, count_clusters, count_search, lcg};
use crate::game::Count;

/// The exact number of solutions of a model, or `Err(OverMemory)` when the count stopped at
/// its memory cap (`CountOptions::stop_at_cap`).
pub(super) fn count(m: &Model, opts: &CountOptions) -> Result<Count, OverMemory> {
    let n = match count_by_clusters(m, opts) {
        Some(n) => n?,
        None => count_without_clusters(m, LCG_MIN_CANDIDATES, LCG_LIST_LIMIT, None, opts)?,
    };
    raise(&opts.counted, &n);
    Ok(n)
}

/// `min(count, limit)` for a limit above `LCG_LIST_LIMIT`, which the search would otherwise
/// reach alone: steps 2 and 3 with the search stopping at the limit. A dense puzzle with few
/// solutions is then counted by listing them, as an exact count is.
pub(super) fn count_up_to(
    m: &Model,
    limit: &BigUint,
    opts: &CountOptions,
) -> Result<Count, OverMemory> {
    let n = count_without_clusters(m, LCG_MIN_CANDIDATES, LCG_LIST_LIMIT, Some(limit), opts)?;
    raise(&opts.counted, &n);
    Ok(n)
}

/// Steps 2 and 3: the clause-learning engine lists up to `lcg_limit` solutions when the model
/// has at least `lcg_from` tent squares, else (or when it lists them all) the search counts, up
/// to `limit` if given (tests lower the first two to reach every step on small puzzles). When
/// the engine lists fewer than `lcg_limit`, that is the count, whatever the limit (a limit is
/// never below `lcg_limit` here). Within `opts.memory_bytes`: the engine's learnt clauses, then
/// the search's recursion and cache (see `Searcher::with_memory`).
pub(super) fn count_without_clusters(
    m: &Model,
    lcg_from: usize,
    lcg_limit: u64,
    limit: Option<&BigUint>,
    opts: &CountOptions,
) -> Result<Count, OverMemory> {
    debug_assert!(limit.is_none_or(|l| *l >= BigUint::from(lcg_limit)));
    if m.candidates.len() >= lcg_from {
        let listed = lcg::count_listed(m, lcg_limit, opts.memory_bytes, &opts.counted);
        if listed < lcg_limit {
            return Ok(BigUint::from(listed));
        }
        raise(&opts.counted, &BigUint::from(listed));
    }
    let mut searcher = Searcher::for_model(m)
        .with_memory(opts.memory_bytes, opts.stop_at_cap)
        .with_progress(Arc::clone(&opts.counted));
    let n = searcher.count_all(limit);
    if searcher.over_cap() {
        return Err(over_memory(&opts.counted, n));
    }
    Ok(n)
}

/// The part of a count's memory cap its clusters may take while listed: the counter holds them
/// again with their block lines, and its plan and its search need the rest.
const LISTING_SHARE: usize = 4;

/// The exact count by clusters (see `count_clusters`), or `None` when a cluster is too large to
/// list (within `LISTING_SHARE` of the memory cap). Under the local rule the clusters are of the squares outside the backbone: settling
/// those splits clusters and drops options. The whole clusters are
/// listed first all the same: they tell that the puzzle is sparse enough, before the backbone,
/// which costs seconds on a dense puzzle and settles little there (they are dropped then, and
/// listed again in the rare case the clusters around the backbone cannot be: the memory of
/// one listing is left for the count). Under the matching rule a settled tent may still serve
/// one tree or another, which links clusters, so they stay whole.
pub(super) fn count_by_clusters(
    m: &Model,
    opts: &CountOptions,
) -> Option<Result<Count, OverMemory>> {
    let budget = opts.memory_bytes / LISTING_SHARE;
    let mut clusters = count_clusters::clusters(m, budget)?;
    if !m.matching {
        drop(clusters);
        let Some(settled) = backbone::backbone(m, opts.memory_bytes) else {
            return Some(Ok(BigUint::ZERO));
        };
        let target = count_clusters::open_target(m, &settled);
        if let Some(clusters) = count_clusters::clusters_around(m, &settled, &target, budget) {
            return Some(count_clusters_of(m, clusters, target, opts));
        }
        clusters = count_clusters::clusters(m, budget)?;
    }
    Some(count_clusters_of(m, clusters, m.target.clone(), opts))
}

/// The exact count by `clusters`, each line needing its `target` (then the all-grid line).
fn count_clusters_of(
    m: &Model,
    clusters: Vec<Cluster>,
    mut target: Vec<u32>,
    opts: &CountOptions,
) -> Result<Count, OverMemory> {
    target.push(target[..m.rows].iter().sum());
    count_search::count(clusters, m.rows, &target, opts)
}
