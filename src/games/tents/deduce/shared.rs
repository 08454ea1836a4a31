//! Shared neighbour: a tree that still needs its tent has it on one of its empty squares, so a
//! square touching all of them cannot hold a tent (the classic case: two spots diagonal to
//! each other rule out the square in the corner they share).

use super::board::{Board, GRASS};
use super::catalogue::SHARED_NEIGHBOUR;
use super::step::{Sets, Step, Why};

/// The squares ruled out by a tree's empty squares, if any.
pub(super) fn shared_neighbour(b: &Board, tree: u32) -> Option<Step> {
    let lay = b.layout;
    let t = tree as usize;
    if b.adj_tents[t] != 0 || b.adj_empty[t] < 2 {
        return None;
    }
    // On the stack: this runs on every dirty tree and mostly finds nothing.
    let mut room = [0u32; 4];
    let mut n = 0;
    for &q in lay.ortho(t) {
        if b.is_empty(q) {
            room[n] = q;
            n += 1;
        }
    }
    let spots = &room[..n];
    let touches = |a: u32, z: u32| lay.touch(a as usize).contains(&z);
    let mut sets: Sets = lay
        .touch(spots[0] as usize)
        .iter()
        .copied()
        .filter(|&c| b.is_empty(c) && !spots.contains(&c) && spots.iter().all(|&s| touches(s, c)))
        .map(|c| (c, GRASS))
        .collect();
    if sets.is_empty() {
        return None;
    }
    sets.sort_unstable();
    Some(Step {
        rule: &SHARED_NEIGHBOUR,
        sets,
        why: Why::SharedNeighbour {
            tree,
            spots: spots.to_vec(),
        },
    })
}
