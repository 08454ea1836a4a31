//! Tents solver: a plain backtracking search over the squares next to a tree.
//!
//! This is the simple, obviously correct stand-in for the fast propagation solver; the interface
//! ([`TentsPuzzle`], [`first_solution`], [`count_solutions`]) is the one the game relies on.

use super::matching::maximum_matching;
use super::rules::touching;
use crate::game::{Count, Rule4};
use crate::grid::{Pos, Topology};

/// A Tents puzzle without the player's pieces: where the trees are, the counts and the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TentsPuzzle {
    /// Size and wrapping.
    pub topology: Topology,
    /// Whether each square (row-major) holds a tree.
    pub trees: Vec<bool>,
    /// Expected tents of each row.
    pub row_counts: Vec<usize>,
    /// Expected tents of each column.
    pub col_counts: Vec<usize>,
    /// Whether tents may touch diagonally.
    pub diagadj: bool,
    /// The rule-4 variant.
    pub rule4: Rule4,
}

/// The first solution found: which squares (row-major) hold a tent.
pub fn first_solution(p: &TentsPuzzle) -> Option<Vec<bool>> {
    let mut found = None;
    Search::new(p).run(&mut |tents| {
        found = Some(tents.to_vec());
        false
    });
    found
}

/// The number of solutions, stopping as soon as `limit` are found when a limit is given.
pub fn count_solutions(p: &TentsPuzzle, limit: Option<u64>) -> Count {
    let mut n: u64 = 0;
    if limit == Some(0) {
        return Count::from(0u32);
    }
    Search::new(p).run(&mut |_| {
        n += 1;
        limit.is_none_or(|l| n < l)
    });
    Count::from(n)
}

/// Backtracking state: squares are decided one by one, row-major; a square may hold a tent only
/// when it is next to a tree, the row, column and total stay within their counts and no tent
/// touches it. Complete assignments are checked against the counts and rule 4.
struct Search<'a> {
    p: &'a TentsPuzzle,
    /// Squares next to a tree (the only places a tent can go), row-major.
    candidates: Vec<Pos>,
    trees: usize,
    tents: Vec<bool>,
    placed: usize,
    row_tents: Vec<usize>,
    col_tents: Vec<usize>,
    /// Candidates not yet decided in each row and column.
    row_left: Vec<usize>,
    col_left: Vec<usize>,
}

impl<'a> Search<'a> {
    fn new(p: &'a TentsPuzzle) -> Self {
        let t = p.topology;
        let candidates: Vec<Pos> = t
            .positions()
            .filter(|&q| !p.trees[t.index(q)] && t.orthogonal(q).any(|n| p.trees[t.index(n)]))
            .collect();
        let mut row_left = vec![0; t.rows];
        let mut col_left = vec![0; t.cols];
        for q in &candidates {
            row_left[q.row] += 1;
            col_left[q.col] += 1;
        }
        Search {
            p,
            candidates,
            trees: p.trees.iter().filter(|&&x| x).count(),
            tents: vec![false; t.len()],
            placed: 0,
            row_tents: vec![0; t.rows],
            col_tents: vec![0; t.cols],
            row_left,
            col_left,
        }
    }

    /// Calls `found` with every solution until it returns `false`; returns `false` if stopped.
    fn run(&mut self, found: &mut dyn FnMut(&[bool]) -> bool) -> bool {
        self.step(0, found)
    }

    fn step(&mut self, k: usize, found: &mut dyn FnMut(&[bool]) -> bool) -> bool {
        let Some(&q) = self.candidates.get(k) else {
            return !self.is_solution() || found(&self.tents);
        };
        let (r, c) = (q.row, q.col);
        let t = self.p.topology;
        self.row_left[r] -= 1;
        self.col_left[c] -= 1;
        let mut go_on = true;
        let tent_fits = self.row_tents[r] < self.p.row_counts[r]
            && self.col_tents[c] < self.p.col_counts[c]
            && self.placed < self.trees
            && !touching(t, q, self.p.diagadj).any(|n| self.tents[t.index(n)]);
        if tent_fits {
            self.set(q, true);
            go_on = self.step(k + 1, found);
            self.set(q, false);
        }
        let room_left = self.row_tents[r] + self.row_left[r] >= self.p.row_counts[r]
            && self.col_tents[c] + self.col_left[c] >= self.p.col_counts[c];
        if go_on && room_left {
            go_on = self.step(k + 1, found);
        }
        self.row_left[r] += 1;
        self.col_left[c] += 1;
        go_on
    }

    fn set(&mut self, q: Pos, tent: bool) {
        let i = self.p.topology.index(q);
        self.tents[i] = tent;
        let delta = |n: &mut usize| if tent { *n += 1 } else { *n -= 1 };
        delta(&mut self.row_tents[q.row]);
        delta(&mut self.col_tents[q.col]);
        delta(&mut self.placed);
    }

    /// Counts exact, as many tents as trees, and rule 4 (every tent is next to a tree already).
    fn is_solution(&self) -> bool {
        let p = self.p;
        let t = p.topology;
        if self.placed != self.trees
            || self.row_tents != p.row_counts
            || self.col_tents != p.col_counts
        {
            return false;
        }
        let trees: Vec<Pos> = t.positions().filter(|&q| p.trees[t.index(q)]).collect();
        match p.rule4 {
            Rule4::Local => trees
                .iter()
                .all(|&q| t.orthogonal(q).any(|n| self.tents[t.index(n)])),
            Rule4::Matching => {
                let adj: Vec<Vec<usize>> = trees
                    .iter()
                    .map(|&q| {
                        t.orthogonal(q)
                            .filter(|&n| self.tents[t.index(n)])
                            .map(|n| t.index(n))
                            .collect()
                    })
                    .collect();
                maximum_matching(&adj, t.len()).saturates_left()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(rows: &[&str], row_counts: &[usize], col_counts: &[usize]) -> TentsPuzzle {
        let topology = Topology::new(rows.len(), rows[0].len(), false);
        TentsPuzzle {
            topology,
            trees: rows
                .iter()
                .flat_map(|r| r.chars())
                .map(|c| c == 'x')
                .collect(),
            row_counts: row_counts.to_vec(),
            col_counts: col_counts.to_vec(),
            diagadj: false,
            rule4: Rule4::Local,
        }
    }

    #[test]
    fn single_tree_with_one_place() {
        let p = puzzle(&["x", " "], &[0, 1], &[1]);
        assert_eq!(first_solution(&p), Some(vec![false, true]));
        assert_eq!(count_solutions(&p, None), Count::from(1u32));
    }

    #[test]
    fn counts_exactly_and_honours_the_limit() {
        // Two trees in the middle row: tents in opposite corners, either diagonal.
        let p = puzzle(&["   ", "x x", "   "], &[1, 0, 1], &[1, 0, 1]);
        assert_eq!(count_solutions(&p, None), Count::from(2u32));
        assert_eq!(count_solutions(&p, Some(1)), Count::from(1u32));
        assert_eq!(count_solutions(&p, Some(0)), Count::from(0u32));
        assert_eq!(count_solutions(&p, Some(5)), Count::from(2u32));
        let first = first_solution(&p).unwrap();
        let tents: Vec<usize> = (0..9).filter(|&i| first[i]).collect();
        assert!(tents == vec![0, 8] || tents == vec![2, 6], "{tents:?}");
    }

    #[test]
    fn impossible_counts_have_no_solution() {
        let p = puzzle(&[" x "], &[1], &[0, 0, 0]);
        assert_eq!(count_solutions(&p, None), Count::from(0u32));
        assert_eq!(first_solution(&p), None);
        let p = TentsPuzzle {
            col_counts: vec![1, 0, 0],
            ..p
        };
        assert_eq!(first_solution(&p), Some(vec![true, false, false]));
    }

    #[test]
    fn matching_rule_rejects_a_shared_tent() {
        // The course's README example: won under local, not under matching.
        let p = puzzle(&["  x", "x  ", "  x"], &[1, 1, 1], &[2, 0, 1]);
        assert_eq!(count_solutions(&p, None), Count::from(1u32));
        assert_eq!(
            first_solution(&p),
            Some(vec![
                true, false, false, false, false, true, true, false, false
            ])
        );
        let m = TentsPuzzle {
            rule4: Rule4::Matching,
            ..p
        };
        assert_eq!(count_solutions(&m, None), Count::from(0u32));
        assert_eq!(first_solution(&m), None);
    }
}
