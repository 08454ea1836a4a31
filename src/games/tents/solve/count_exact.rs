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

use super::count_cache::{CountOptions, raise};
use super::count_clusters::Cluster;
use super::model::Model;
use super::search::Searcher;
use super::{LCG_LIST_LIMIT, LCG_MIN_CANDIDATES, backbone, count_clusters, count_search, lcg};
use crate::game::Count;

/// The exact number of solutions of a model.
pub(super) fn count(m: &Model, opts: &CountOptions) -> Count {
    let n = match count_by_clusters(m, opts) {
        Some(n) => n,
        None => count_without_clusters(m, LCG_MIN_CANDIDATES, LCG_LIST_LIMIT, None, opts),
    };
    raise(&opts.counted, &n);
    n
}

/// `min(count, limit)` for a limit above `LCG_LIST_LIMIT`, which the search would otherwise
/// reach alone: steps 2 and 3 with the search stopping at the limit. A dense puzzle with few
/// solutions is then counted by listing them, as an exact count is.
pub(super) fn count_up_to(m: &Model, limit: &BigUint, opts: &CountOptions) -> Count {
    let n = count_without_clusters(m, LCG_MIN_CANDIDATES, LCG_LIST_LIMIT, Some(limit), opts);
    raise(&opts.counted, &n);
    n
}

/// Steps 2 and 3: the clause-learning engine lists up to `lcg_limit` solutions when the model
/// has at least `lcg_from` tent squares, else (or when it lists them all) the search counts, up
/// to `limit` if given (tests lower the first two to reach every step on small puzzles). When
/// the engine lists fewer than `lcg_limit`, that is the count, whatever the limit (a limit is
/// never below `lcg_limit` here).
pub(super) fn count_without_clusters(
    m: &Model,
    lcg_from: usize,
    lcg_limit: u64,
    limit: Option<&BigUint>,
    opts: &CountOptions,
) -> Count {
    debug_assert!(limit.is_none_or(|l| *l >= BigUint::from(lcg_limit)));
    if m.candidates.len() >= lcg_from {
        let listed = lcg::solutions(m, lcg_limit).len() as u64;
        if listed < lcg_limit {
            return BigUint::from(listed);
        }
        raise(&opts.counted, &BigUint::from(listed));
    }
    Searcher::for_model(m)
        .with_cache_bytes(opts.cache_bytes)
        .with_progress(Arc::clone(&opts.counted))
        .count_all(limit)
}

/// The exact count by clusters (see `count_clusters`), or `None` when a cluster is too large to
/// list. Under the local rule the clusters are of the squares outside the backbone: settling
/// those splits clusters and drops options. The whole clusters are
/// listed first all the same: they tell that the puzzle is sparse enough, before the backbone,
/// which costs seconds on a dense puzzle and settles little there. Under the matching rule a
/// settled tent may still serve one tree or another, which links clusters, so they stay whole.
pub(super) fn count_by_clusters(m: &Model, opts: &CountOptions) -> Option<Count> {
    let clusters = count_clusters::clusters(m)?;
    if !m.matching {
        let Some(settled) = backbone::backbone(m) else {
            return Some(BigUint::ZERO);
        };
        let target = count_clusters::open_target(m, &settled);
        if let Some(clusters) = count_clusters::clusters_around(m, &settled, &target) {
            return Some(count_clusters_of(m, &clusters, target, opts));
        }
    }
    Some(count_clusters_of(m, &clusters, m.target.clone(), opts))
}

/// The exact count by `clusters`, each line needing its `target` (then the all-grid line).
fn count_clusters_of(
    m: &Model,
    clusters: &[Cluster],
    mut target: Vec<u32>,
    opts: &CountOptions,
) -> Count {
    target.push(target[..m.rows].iter().sum());
    count_search::count(clusters, m.rows, &target, opts)
}
