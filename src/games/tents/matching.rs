//! Maximum bipartite matching by augmenting paths (for Tatham's rule 4: trees ↔ tents).
//!
//! (The rules' own matching, for the win test and move checks; the solvers keep incremental
//! ones, `solve/flow.rs` and `solve/lcg/matching.rs`, for speed.)

/// A matching between left vertices `0..left.len()` and right vertices `0..right.len()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching {
    /// The right vertex each left vertex is matched with.
    pub left: Vec<Option<usize>>,
    /// The left vertex each right vertex is matched with.
    pub right: Vec<Option<usize>>,
}

impl Matching {
    /// Number of matched pairs.
    pub fn size(&self) -> usize {
        self.left.iter().flatten().count()
    }

    /// Whether every left vertex is matched.
    pub fn saturates_left(&self) -> bool {
        self.left.iter().all(Option::is_some)
    }
}

/// A maximum matching; `adj[u]` lists the right vertices (below `right_len`) next to left
/// vertex `u`. Iterative, so long augmenting paths on big grids cannot overflow the stack.
pub fn maximum_matching(adj: &[Vec<usize>], right_len: usize) -> Matching {
    let mut left = vec![None; adj.len()];
    let mut right: Vec<Option<usize>> = vec![None; right_len];
    // `seen[v] == stamp` marks right vertices already tried from the current start.
    let mut seen = vec![usize::MAX; right_len];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for start in 0..adj.len() {
        stack.clear();
        stack.push((start, 0));
        while let Some(top) = stack.last_mut() {
            let (u, next) = *top;
            let Some(&v) = adj[u].get(next) else {
                stack.pop();
                continue;
            };
            top.1 += 1;
            if seen[v] == start {
                continue;
            }
            seen[v] = start;
            match right[v] {
                Some(w) => stack.push((w, 0)),
                None => {
                    // Each stacked left vertex takes the right vertex it last tried.
                    for &(u, next) in &stack {
                        let v = adj[u][next - 1];
                        left[u] = Some(v);
                        right[v] = Some(u);
                    }
                    break;
                }
            }
        }
    }
    Matching { left, right }
}

/// The left and right vertices reachable by alternating paths from the unmatched left vertices
/// of a maximum matching: a set of left vertices with too few right neighbours (Hall's
/// obstruction), empty when the matching saturates the left side.
pub fn unmatchable_group(adj: &[Vec<usize>], m: &Matching) -> (Vec<bool>, Vec<bool>) {
    let mut left_seen = vec![false; adj.len()];
    let mut right_seen = vec![false; m.right.len()];
    let mut queue: Vec<usize> = (0..adj.len()).filter(|&u| m.left[u].is_none()).collect();
    for &u in &queue {
        left_seen[u] = true;
    }
    while let Some(u) = queue.pop() {
        for &v in &adj[u] {
            if right_seen[v] {
                continue;
            }
            right_seen[v] = true;
            if let Some(w) = m.right[v]
                && !left_seen[w]
            {
                left_seen[w] = true;
                queue.push(w);
            }
        }
    }
    (left_seen, right_seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_perfect_matching_needing_an_augmenting_path() {
        // 0-{0,1}, 1-{0}: the greedy choice 0-0 must be undone.
        let adj = vec![vec![0, 1], vec![0]];
        let m = maximum_matching(&adj, 2);
        assert_eq!(m.size(), 2);
        assert!(m.saturates_left());
        assert_eq!(m.left, vec![Some(1), Some(0)]);
        assert_eq!(m.right, vec![Some(1), Some(0)]);
    }

    #[test]
    fn two_left_sharing_one_right_leave_one_unmatched() {
        let adj = vec![vec![0], vec![0], vec![1]];
        let m = maximum_matching(&adj, 2);
        assert_eq!(m.size(), 2);
        assert!(!m.saturates_left());
        let (l, r) = unmatchable_group(&adj, &m);
        assert_eq!(l, vec![true, true, false]);
        assert_eq!(r, vec![true, false]);
    }

    #[test]
    fn long_augmenting_path_is_followed_without_recursion() {
        // u_i - {v_i, v_(i+1)} greedily takes v_i; the last left vertex wants v_0 only, which
        // shifts every earlier pair by one.
        let n = 20_000;
        let mut adj: Vec<Vec<usize>> = (0..n).map(|i| vec![i, i + 1]).collect();
        adj.push(vec![0]);
        let m = maximum_matching(&adj, n + 1);
        assert_eq!(m.size(), n + 1);
        assert_eq!(m.left[n], Some(0));
        assert_eq!(m.left[0], Some(1));
    }

    #[test]
    fn empty_graph() {
        let m = maximum_matching(&[], 3);
        assert_eq!(m.size(), 0);
        assert!(m.saturates_left());
        let (l, r) = unmatchable_group(&[], &m);
        assert!(l.is_empty());
        assert_eq!(r, vec![false; 3]);
    }
}
