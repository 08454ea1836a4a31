//! Block lines for the cluster counter: a few neighbouring rows (or columns) together, needing
//! the sum of their counts. They are implied by the rows and columns, as the all-grid line is,
//! but their bounds are tighter than their lines' apart: a cluster whose options trade a tent
//! between two rows of one block puts the same tents in the block whatever it picks.
//!
//! Blocks of about `BLOCK` lines, each cut moved to where fewest clusters cross; the sizes
//! measured are in `docs/tents-solver.md`.

use super::count_clusters::Cluster;

/// About how many rows (or columns) make a block.
pub(super) const BLOCK: usize = 8;

/// How far a cut between blocks may move from `BLOCK` lines on, to where fewer clusters cross.
const CUT_SLACK: usize = 4;

/// Clusters and target with block lines added after the all-grid line, for `rows` rows, then
/// columns, then the all-grid line (each cluster's last line); and per implied line, from the
/// all-grid line on, the rows or columns it sums. Blocks hold about `block` lines; an axis too
/// short for two gets none.
pub(super) fn with_blocks(
    clusters: &[Cluster],
    rows: usize,
    target: &[u32],
    block: usize,
) -> (Vec<Cluster>, Vec<u32>, Vec<Vec<u32>>) {
    let all_grid = target.len() - 1;
    let mut implied = vec![(0..rows as u32).collect::<Vec<u32>>()];
    implied.extend(blocks(clusters, 0, rows, block));
    implied.extend(blocks(clusters, rows, all_grid - rows, block));
    let sums = implied[1..]
        .iter()
        .map(|g| -> u32 { g.iter().map(|&l| target[l as usize]).sum() });
    let target: Vec<u32> = target.iter().copied().chain(sums).collect();
    let clusters = clusters
        .iter()
        .map(|c| with_block_slots(c, &implied, all_grid))
        .collect();
    (clusters, target, implied)
}

/// Cluster `c` with a slot on each block it has squares in (`implied` as from `with_blocks`),
/// its tents there the sum of its tents on the block's lines.
fn with_block_slots(c: &Cluster, implied: &[Vec<u32>], all_grid: usize) -> Cluster {
    let mut lines = c.lines.clone();
    let mut sums: Vec<Vec<usize>> = Vec::new();
    for (i, group) in implied.iter().enumerate().skip(1) {
        let slots: Vec<usize> = (0..c.lines.len())
            .filter(|&j| group.binary_search(&c.lines[j]).is_ok())
            .collect();
        if !slots.is_empty() {
            lines.push((all_grid + i) as u32);
            sums.push(slots);
        }
    }
    let mut tents = Vec::with_capacity(lines.len() * c.option_count());
    for o in 0..c.option_count() {
        tents.extend_from_slice(c.option(o));
        tents.extend(
            sums.iter()
                .map(|slots| slots.iter().map(|&j| c.tents_at(o, j)).sum::<u8>()),
        );
    }
    Cluster {
        lines,
        tents,
        ways: c.ways.clone(),
    }
}

/// The blocks of the `count` lines from `first` on: about `block` lines each, each cut between
/// blocks moved by up to `CUT_SLACK` lines to where fewest clusters have lines on both sides.
/// None when the lines make one block.
fn blocks(clusters: &[Cluster], first: usize, count: usize, block: usize) -> Vec<Vec<u32>> {
    if count < 2 * block {
        return Vec::new();
    }
    // Per cut before line `p` (from `first`), the clusters with lines on both sides.
    let mut crossing = vec![0u32; count + 1];
    for c in clusters {
        let on_axis = c.lines.iter().map(|&l| l as usize);
        let mine = on_axis.filter(|&l| (first..first + count).contains(&l));
        if let Some((lo, hi)) = mine.fold(None, |span, l| match span {
            None => Some((l, l)),
            Some((lo, hi)) => Some((lo.min(l), hi.max(l))),
        }) {
            for cut in &mut crossing[lo - first + 1..=hi - first] {
                *cut += 1;
            }
        }
    }
    let mut groups = Vec::new();
    let mut start = 0;
    while start < count {
        // The last block takes what is left once no block of about `block` lines would follow.
        let end = if start + 2 * block > count {
            count
        } else {
            let ideal = start + block;
            let last = (ideal + CUT_SLACK).min(count - block);
            (ideal.saturating_sub(CUT_SLACK).max(start + 1)..=last)
                .min_by_key(|&p| (crossing[p], p.abs_diff(ideal)))
                .unwrap_or(ideal)
        };
        groups.push((first + start..first + end).map(|l| l as u32).collect());
        start = end;
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cluster on `lines` (then the all-grid line, at 8 here: 4 rows, 4 columns) with these
    /// options' tents per line.
    fn cluster(lines: &[u32], options: &[&[u8]]) -> Cluster {
        let mut tents = Vec::new();
        for option in options {
            tents.extend_from_slice(option);
            let rows: u8 = lines
                .iter()
                .zip(*option)
                .filter(|(l, _)| **l < 4)
                .map(|(_, x)| x)
                .sum();
            tents.push(rows);
        }
        let mut all = lines.to_vec();
        all.push(8);
        Cluster {
            lines: all,
            tents,
            ways: vec![1; options.len()],
        }
    }

    #[test]
    fn blocks_cut_where_fewest_clusters_cross_and_sum_their_lines() {
        // Rows 0-3, columns 4-7. One cluster on rows 1-2 and column 4: a cut between rows 1
        // and 2 would split it, so the rows' cut falls between rows 0-1 or 2-3.
        let across = cluster(&[1, 2, 4], &[&[1, 0, 1], &[0, 1, 1]]);
        let low = cluster(&[3, 6], &[&[1, 1], &[0, 0]]);
        let target = [0, 1, 0, 1, 1, 0, 1, 0, 2];
        let (clusters, target, implied) = with_blocks(&[across, low], 4, &target, 2);
        assert_eq!(
            implied,
            vec![
                vec![0, 1, 2, 3],
                vec![0],
                vec![1, 2, 3],
                vec![4, 5],
                vec![6, 7]
            ]
        );
        // Each block needs the sum of its lines.
        assert_eq!(target, vec![0, 1, 0, 1, 1, 0, 1, 0, 2, 0, 2, 1, 1]);
        // The first cluster's options both put one tent in rows 1-3: the block's slot is fixed.
        assert_eq!(clusters[0].lines, vec![1, 2, 4, 8, 10, 11]);
        assert_eq!(clusters[0].option(0), &[1, 0, 1, 1, 1, 1]);
        assert_eq!(clusters[0].option(1), &[0, 1, 1, 1, 1, 1]);
        assert_eq!(clusters[1].lines, vec![3, 6, 8, 10, 12]);
        assert_eq!(clusters[1].option(0), &[1, 1, 1, 1, 1]);
    }

    #[test]
    fn an_axis_too_short_for_two_blocks_gets_none() {
        let c = cluster(&[0, 5], &[&[1, 1]]);
        let (clusters, target, implied) = with_blocks(&[c], 4, &[1, 0, 0, 0, 0, 1, 0, 0, 1], 3);
        assert_eq!(implied, vec![vec![0, 1, 2, 3]]);
        assert_eq!(target.len(), 9);
        assert_eq!(clusters[0].lines, vec![0, 5, 8]);
    }
}
