//! Who is next to whom on a Tents grid, shared by the rules engine, the generator and the
//! solver's model: the facts that depend only on the size, wrapping and `diagadj`.

use crate::grid::{Dir, Topology};

/// Lists of many owners stored back to back.
#[derive(Clone)]
pub(in crate::games::tents) struct Csr {
    offsets: Vec<u32>,
    items: Vec<u32>,
}

impl Csr {
    /// The lists of owners `0..n`, each written by `list` onto the end of the items.
    pub(in crate::games::tents) fn build(
        n: usize,
        mut list: impl FnMut(usize, &mut Vec<u32>),
    ) -> Self {
        let mut offsets = Vec::with_capacity(n + 1);
        let mut items = Vec::with_capacity(n * 4);
        offsets.push(0);
        for i in 0..n {
            list(i, &mut items);
            offsets.push(items.len() as u32);
        }
        Csr { offsets, items }
    }

    /// The lists, packed one after another.
    pub(in crate::games::tents) fn from_lists(lists: Vec<Vec<u32>>) -> Self {
        let mut offsets = Vec::with_capacity(lists.len() + 1);
        let mut items = Vec::new();
        offsets.push(0);
        for list in lists {
            items.extend(list);
            offsets.push(items.len() as u32);
        }
        Csr { offsets, items }
    }

    /// The items of owner `i`.
    #[inline]
    pub(in crate::games::tents) fn get(&self, i: usize) -> &[u32] {
        &self.items[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }
}

/// Who is next to whom on a grid: depends only on the size, wrapping and `diagadj`, so the
/// generator builds it once for all its candidate puzzles. Lists keep the directions' order.
pub(in crate::games::tents) struct Geometry {
    /// Size and wrapping.
    pub topology: Topology,
    /// Per cell: its distinct orthogonal neighbours, never itself.
    pub ortho: Csr,
    /// Per cell: the distinct squares a tent there must not touch, never itself.
    pub touch: Csr,
}

impl Geometry {
    /// The neighbour lists of a grid.
    pub(in crate::games::tents) fn new(topology: Topology, diagadj: bool) -> Self {
        let n = topology.len();
        let distinct = |i: usize, dirs: &[Dir], out: &mut Vec<u32>| {
            let start = out.len();
            for q in topology.neighbours(topology.pos(i), dirs) {
                let q = topology.index(q) as u32;
                if q as usize != i && !out[start..].contains(&q) {
                    out.push(q);
                }
            }
        };
        let touch_dirs: &[Dir] = if diagadj {
            &Dir::ORTHOGONAL
        } else {
            &Dir::AROUND
        };
        Geometry {
            topology,
            ortho: Csr::build(n, |i, out| distinct(i, &Dir::ORTHOGONAL, out)),
            touch: Csr::build(n, |i, out| distinct(i, touch_dirs, out)),
        }
    }
}
