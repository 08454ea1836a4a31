//! Bridge lines of a part of the cluster counter: lines without which the part falls apart, so
//! that branching on the tents one side puts there lets each side be counted apart.

/// The clusters of a part and the lines where two of them vary, as a graph with a node per
/// cluster and per line, an edge where a cluster varies on a line: a bridge line is a cut node.
pub(super) struct Incidence<'g> {
    /// Clusters (nodes `0..clusters`; lines are the nodes after them).
    clusters: usize,
    /// Per line, its (line, cluster place) pairs.
    lines: &'g [&'g [(u32, u32)]],
    /// Per cluster, where its lines start in `cluster_lines` (one more entry at the end).
    start: Vec<usize>,
    cluster_lines: Vec<u32>,
}

impl<'g> Incidence<'g> {
    /// The graph of `clusters` clusters and `lines`.
    pub(super) fn new(clusters: usize, lines: &'g [&'g [(u32, u32)]]) -> Self {
        let mut start = vec![0; clusters + 1];
        for &(_, ci) in lines.iter().flat_map(|g| g.iter()) {
            start[ci as usize + 1] += 1;
        }
        for i in 0..clusters {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut cluster_lines = vec![0; start[clusters]];
        for (g, line) in lines.iter().enumerate() {
            for &(_, ci) in line.iter() {
                cluster_lines[fill[ci as usize]] = g as u32;
                fill[ci as usize] += 1;
            }
        }
        Incidence {
            clusters,
            lines,
            start,
            cluster_lines,
        }
    }

    /// How many nodes node `v` touches.
    fn degree(&self, v: usize) -> usize {
        if v < self.clusters {
            self.start[v + 1] - self.start[v]
        } else {
            self.lines[v - self.clusters].len()
        }
    }

    /// The `e`-th node node `v` touches.
    fn neighbour(&self, v: usize, e: usize) -> usize {
        if v < self.clusters {
            self.clusters + self.cluster_lines[self.start[v] + e] as usize
        } else {
            self.lines[v - self.clusters][e].1 as usize
        }
    }

    /// The line (by index) whose removal leaves the most clusters outside the largest part left,
    /// at least `min_side` of them and at least `min_side` in that part; found in one depth-first
    /// search (Tarjan's cut nodes, with the clusters under each node).
    pub(super) fn best_cut(&self, min_side: usize) -> Option<usize> {
        let (n, total) = (self.clusters, self.clusters + self.lines.len());
        let mut disc = vec![u32::MAX; total];
        let mut low = vec![0u32; total];
        let mut below = vec![0usize; total];
        // Per line: clusters in the subtrees its removal cuts off, and the largest of them.
        let mut cut_off = vec![0usize; self.lines.len()];
        let mut largest_cut_off = vec![0usize; self.lines.len()];
        let mut stack: Vec<(usize, usize, usize)> = vec![(0, usize::MAX, 0)];
        disc[0] = 0;
        below[0] = 1;
        let mut time = 1;
        while let Some(top) = stack.last_mut() {
            let (v, parent, e) = *top;
            if e < self.degree(v) {
                top.2 += 1;
                let u = self.neighbour(v, e);
                if u == parent {
                    continue;
                }
                if disc[u] == u32::MAX {
                    disc[u] = time;
                    low[u] = time;
                    time += 1;
                    below[u] = usize::from(u < n);
                    stack.push((u, v, 0));
                } else {
                    low[v] = low[v].min(disc[u]);
                }
            } else {
                stack.pop();
                if parent != usize::MAX {
                    low[parent] = low[parent].min(low[v]);
                    below[parent] += below[v];
                    if parent >= n && low[v] >= disc[parent] {
                        cut_off[parent - n] += below[v];
                        largest_cut_off[parent - n] = largest_cut_off[parent - n].max(below[v]);
                    }
                }
            }
        }
        let mut best = None;
        let mut best_side = min_side.max(1) - 1;
        for g in 0..self.lines.len() {
            if cut_off[g] == 0 {
                continue;
            }
            let largest = (n - cut_off[g]).max(largest_cut_off[g]);
            let side = n - largest;
            if side > best_side && largest >= min_side {
                best = Some(g);
                best_side = side;
            }
        }
        best
    }

    /// The cluster places outside the largest part left without line `cut`, ascending.
    pub(super) fn outside_largest_part(&self, cut: usize) -> Vec<usize> {
        let n = self.clusters;
        let mut part_of = vec![u32::MAX; n + self.lines.len()];
        let mut sizes = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            if part_of[start] != u32::MAX {
                continue;
            }
            let p = sizes.len() as u32;
            let mut size = 0;
            part_of[start] = p;
            stack.push(start);
            while let Some(v) = stack.pop() {
                size += usize::from(v < n);
                for e in 0..self.degree(v) {
                    let u = self.neighbour(v, e);
                    if u != n + cut && part_of[u] == u32::MAX {
                        part_of[u] = p;
                        stack.push(u);
                    }
                }
            }
            sizes.push(size);
        }
        let largest = (0..sizes.len()).max_by_key(|&p| sizes[p]).unwrap_or(0) as u32;
        (0..n).filter(|&ci| part_of[ci] != largest).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parts left of `n` clusters joined by `lines` (cluster lists) without line `cut`.
    fn parts_without(n: usize, lines: &[Vec<u32>], cut: usize) -> Vec<usize> {
        let mut part: Vec<usize> = (0..n).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for (g, line) in lines.iter().enumerate() {
                let low = line.iter().map(|&c| part[c as usize]).min().unwrap_or(0);
                for &c in line.iter().filter(|_| g != cut) {
                    if part[c as usize] != low {
                        part[c as usize] = low;
                        changed = true;
                    }
                }
            }
        }
        part
    }

    #[test]
    fn the_best_cut_leaves_the_most_clusters_outside_the_largest_part() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        let mut cuts = 0;
        for _ in 0..3000 {
            let n = 2 + next(12) as usize;
            let mut lines: Vec<Vec<u32>> = (0..1 + next(10))
                .map(|_| {
                    let mut line: Vec<u32> =
                        (0..2 + next(3)).map(|_| next(n as u64) as u32).collect();
                    line.sort_unstable();
                    line.dedup();
                    line
                })
                .filter(|line| line.len() >= 2)
                .collect();
            lines.sort_unstable();
            lines.dedup();
            // A part is connected: skip the others.
            if parts_without(n, &lines, usize::MAX).iter().any(|&p| p != 0) {
                continue;
            }
            let pairs: Vec<Vec<(u32, u32)>> = lines
                .iter()
                .enumerate()
                .map(|(g, line)| line.iter().map(|&c| (g as u32, c)).collect())
                .collect();
            let groups: Vec<&[(u32, u32)]> = pairs.iter().map(Vec::as_slice).collect();
            let graph = Incidence::new(n, &groups);
            for min_side in 1..4 {
                // Per line, the clusters outside the largest part left without it.
                let outside: Vec<usize> = (0..lines.len())
                    .map(|g| {
                        let part = parts_without(n, &lines, g);
                        let largest = (0..n)
                            .map(|p| part.iter().filter(|&&q| q == p).count())
                            .max();
                        n - largest.unwrap_or(0)
                    })
                    .collect();
                let fits = |g: usize| outside[g] >= min_side && n - outside[g] >= min_side;
                let best = (0..lines.len())
                    .filter(|&g| fits(g))
                    .map(|g| outside[g])
                    .max();
                match graph.best_cut(min_side) {
                    Some(g) => {
                        assert!(fits(g), "{lines:?} cut {g}");
                        assert_eq!(Some(outside[g]), best, "{lines:?}");
                        let rest = graph.outside_largest_part(g);
                        assert_eq!(rest.len(), outside[g], "{lines:?}");
                        let part = parts_without(n, &lines, g);
                        // Whole parts are outside: none is split.
                        for c in 0..n {
                            let out = rest.contains(&c);
                            assert!((0..n).all(|d| part[d] != part[c] || rest.contains(&d) == out));
                        }
                        cuts += 1;
                    }
                    None => assert_eq!(best, None, "{lines:?}"),
                }
            }
        }
        assert!(cuts > 500, "{cuts} cuts found");
    }
}
