//! Disjoint sets over `0..n` with path compression, emptied in O(1) between uses: the one
//! union-find the solvers share (Tents clusters and search regions, Light Up regions).

use crate::generation;

/// Disjoint sets of the indices `0..n`; every index starts alone.
#[derive(Clone, Debug, Default)]
pub struct UnionFind {
    parent: Vec<u32>,
    /// Where `parent` holds a link of the current generation; elsewhere the index is alone.
    seen: Vec<u32>,
    generation: u32,
}

impl UnionFind {
    /// `n` indices, each in a set of its own.
    pub fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: vec![0; n],
            seen: vec![0; n],
            generation: 1,
        }
    }

    /// Every index alone again (O(1) but for a rare full clear when the generation wraps).
    pub fn clear(&mut self) {
        let seen = &mut self.seen;
        generation::advance(&mut self.generation, || seen.fill(0));
    }

    /// The representative of `x`'s set; the path to it is compressed.
    pub fn find(&mut self, x: u32) -> u32 {
        let mut root = x;
        while let Some(up) = self.link(root) {
            root = up;
        }
        let mut at = x;
        while let Some(up) = self.link(at) {
            self.parent[at as usize] = root;
            at = up;
        }
        root
    }

    /// Joins the sets of `a` and `b`; the smaller representative stays one, so the result does
    /// not depend on the order of the arguments.
    pub fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.parent[hi as usize] = lo;
            self.seen[hi as usize] = self.generation;
        }
    }

    /// The index above `x`, if `x` is not a representative.
    fn link(&self, x: u32) -> Option<u32> {
        let i = x as usize;
        (self.seen[i] == self.generation && self.parent[i] != x).then_some(self.parent[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_join_and_clear() {
        let mut u = UnionFind::new(6);
        assert_eq!(u.find(4), 4);
        u.union(4, 2);
        u.union(5, 4);
        u.union(0, 1);
        assert_eq!(u.find(5), 2);
        assert_eq!(u.find(4), 2);
        assert_eq!(u.find(1), 0);
        assert_eq!(u.find(3), 3);
        u.clear();
        assert_eq!(u.find(5), 5);
        u.union(3, 5);
        assert_eq!((u.find(5), u.find(4)), (3, 4));
    }

    #[test]
    fn a_wrapping_generation_forgets_every_link() {
        let mut u = UnionFind::new(3);
        u.generation = u32::MAX;
        u.union(1, 2);
        assert_eq!(u.find(2), 1);
        u.clear();
        assert_eq!(u.find(2), 2);
    }
}
