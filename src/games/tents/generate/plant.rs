//! Planting a random solution: tents that never touch, each with its own tree on a random
//! orthogonal neighbour; the row and column counts follow from the tents.

use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

use std::sync::Arc;

use super::super::Rule4;
use crate::grid::{Grid, Topology};

use super::super::deduce::{Geometry, Layout};
use super::super::rules::touching;
use super::super::{Square, Tents};

/// A uniform index below `n` (drawn as a `u32`, so the same on every platform).
pub(super) fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    debug_assert!(n > 0 && n <= u32::MAX as usize);
    rng.random_range(0..n as u32) as usize
}

/// Fisher–Yates shuffle with [`below`].
pub(super) fn shuffle<T>(v: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..v.len()).rev() {
        let j = below(rng, i + 1);
        v.swap(i, j);
    }
}

/// A square of a planting and its partner, as set by an edit: `(cell, square, partner)`.
pub(super) type Edit = (usize, Square, usize);

/// A planted solution: trees and tents, one tree per tent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Plant {
    /// Size and wrapping.
    pub topology: Topology,
    /// Tents may touch diagonally.
    pub diagadj: bool,
    /// New tents are planted apart diagonally too, though the puzzle lets them touch (see
    /// `Knobs::for_options`).
    pub apart: bool,
    /// Per cell: `Tree`, `Tent` or `Empty`.
    pub cells: Vec<Square>,
    /// Per tent or tree cell: the cell it is paired with.
    pub partner: Vec<usize>,
    /// The rows and columns kept without tents (at a count of 0).
    pub bars: Arc<Bars>,
}

/// Rows and columns where no tent may stand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Bars {
    /// Per row, whether it is barred.
    pub rows: Vec<bool>,
    /// Per column, whether it is barred.
    pub cols: Vec<bool>,
}

impl Bars {
    /// No line barred.
    fn none(topology: Topology) -> Self {
        Bars {
            rows: vec![false; topology.rows],
            cols: vec![false; topology.cols],
        }
    }

    /// `share` of the rows and of the columns (rounded down) spread evenly, each moved by up to
    /// two from its even place at random.
    fn spread(topology: Topology, share: f64, rng: &mut ChaCha8Rng) -> Self {
        let mut lines = |n: usize| -> Vec<bool> {
            let mut on = vec![false; n];
            let k = (n as f64 * share).floor() as usize;
            if k == 0 {
                return on;
            }
            for i in 0..k {
                let even = (2 * i + 1) * n / (2 * k);
                let jitter = below(rng, 5);
                on[(even + jitter).saturating_sub(2).min(n - 1)] = true;
            }
            on
        };
        let rows = lines(topology.rows);
        let cols = lines(topology.cols);
        Bars { rows, cols }
    }

    /// Whether any line is barred.
    fn any(&self) -> bool {
        self.rows.iter().chain(&self.cols).any(|&on| on)
    }

    /// Whether cell `c` of a grid `cols` wide lies on a barred line.
    fn holds(&self, c: usize, cols: usize) -> bool {
        self.rows[c / cols] || self.cols[c % cols]
    }
}

impl Plant {
    /// An empty field.
    pub(super) fn new(topology: Topology, diagadj: bool, apart: bool) -> Self {
        Plant {
            topology,
            diagadj,
            apart,
            cells: vec![Square::Empty; topology.len()],
            partner: vec![usize::MAX; topology.len()],
            bars: Arc::new(Bars::none(topology)),
        }
    }

    /// Whether a tent fits on cell `c`: empty, touching no tent (diagonally neither, unless the
    /// puzzle allows it and the planting does not keep tents apart).
    pub(super) fn tent_fits(&self, c: usize) -> bool {
        let t = self.topology;
        let diagonal_ok = self.diagadj && !self.apart;
        self.cells[c] == Square::Empty
            && !self.bars.holds(c, t.cols)
            && touching(t, t.pos(c), diagonal_ok).all(|q| self.cells[t.index(q)] != Square::Tent)
    }

    /// Plants a tent on `c` (where one fits) with its tree on a random empty orthogonal
    /// neighbour; false when no neighbour is empty.
    pub(super) fn add_pair(&mut self, c: usize, rng: &mut ChaCha8Rng) -> bool {
        let t = self.topology;
        let mut spots: Vec<usize> = t
            .orthogonal(t.pos(c))
            .map(|q| t.index(q))
            .filter(|&q| q != c && self.cells[q] == Square::Empty)
            .collect();
        spots.sort_unstable();
        spots.dedup();
        if spots.is_empty() {
            return false;
        }
        let tree = spots[below(rng, spots.len())];
        self.cells[c] = Square::Tent;
        self.cells[tree] = Square::Tree;
        self.partner[c] = tree;
        self.partner[tree] = c;
        true
    }

    /// The cells within `radius` rows and columns of `centre` (wrapping when the grid does).
    pub(super) fn region(&self, centre: usize, radius: usize) -> Vec<usize> {
        let t = self.topology;
        let (rows, cols) = self.spans(centre, radius);
        let mut out = Vec::with_capacity(rows.len() * cols.len());
        for r in rows {
            out.extend(cols.iter().map(|&c| r * t.cols + c));
        }
        out
    }

    /// The cells of the rows and the columns within `half` of `centre`'s (wrapping when the
    /// grid does).
    pub(super) fn band(&self, centre: usize, half: usize) -> Vec<usize> {
        let t = self.topology;
        let (rows, cols) = self.spans(centre, half);
        // Row by row, ascending: a whole row when it is in the band, else the band's columns.
        let mut whole = vec![false; t.rows];
        for &r in &rows {
            whole[r] = true;
        }
        let mut out = Vec::with_capacity(rows.len() * t.cols + t.rows * cols.len());
        for (r, &whole) in whole.iter().enumerate() {
            if whole {
                out.extend(r * t.cols..(r + 1) * t.cols);
            } else {
                out.extend(cols.iter().map(|&c| r * t.cols + c));
            }
        }
        out
    }

    /// The rows and the columns within `radius` of `centre`'s, ascending.
    fn spans(&self, centre: usize, radius: usize) -> (Vec<usize>, Vec<usize>) {
        let t = self.topology;
        let (r0, c0) = (centre / t.cols, centre % t.cols);
        let span = |v: usize, size: usize| -> Vec<usize> {
            let lo = v as isize - radius as isize;
            let hi = v as isize + radius as isize;
            if lo >= 0 && hi < size as isize {
                return (lo as usize..=hi as usize).collect(); // ascending already
            }
            let mut out: Vec<usize> = (lo..=hi)
                .filter_map(|x| {
                    if (0..size as isize).contains(&x) {
                        Some(x as usize)
                    } else if t.wrapping {
                        Some(x.rem_euclid(size as isize) as usize)
                    } else {
                        None
                    }
                })
                .collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        (span(r0, t.rows), span(c0, t.cols))
    }

    /// Moves the trees of the tents within `radius` of `centre` (of `most` of them, at random)
    /// to other random free neighbours of their tents: the counts stay the same. Each square
    /// is written down in `log` as it was before it changed (see [`Plant::undo`]).
    pub(super) fn retree(
        &mut self,
        centre: usize,
        radius: usize,
        most: usize,
        rng: &mut ChaCha8Rng,
        log: &mut Vec<Edit>,
    ) {
        let t = self.topology;
        let mut tents: Vec<usize> = self
            .region(centre, radius)
            .into_iter()
            .filter(|&c| self.cells[c] == Square::Tent)
            .collect();
        shuffle(&mut tents, rng);
        tents.truncate(most);
        for &c in &tents {
            let old = self.partner[c];
            self.put(old, Square::Empty, self.partner[old], log);
            let mut spots: Vec<usize> = t
                .orthogonal(t.pos(c))
                .map(|q| t.index(q))
                .filter(|&q| q != c && self.cells[q] == Square::Empty)
                .collect();
            spots.sort_unstable();
            spots.dedup();
            let tree = spots[below(rng, spots.len())];
            self.put(tree, Square::Tree, c, log);
            self.put(c, Square::Tent, tree, log);
            if tree != old {
                self.put(old, Square::Empty, usize::MAX, log);
            }
        }
    }

    /// Sets a square and its partner, writing down in `log` what it was.
    fn put(&mut self, i: usize, cell: Square, partner: usize, log: &mut Vec<Edit>) {
        log.push((i, self.cells[i], self.partner[i]));
        self.cells[i] = cell;
        self.partner[i] = partner;
    }

    /// Sets squares as `edits` say, in order.
    pub(super) fn apply<'e>(&mut self, edits: impl IntoIterator<Item = &'e Edit>) {
        for &(i, cell, partner) in edits {
            self.cells[i] = cell;
            self.partner[i] = partner;
        }
    }

    /// Undoes the changes written down in `log`, latest first.
    pub(super) fn undo(&mut self, log: &[Edit]) {
        self.apply(log.iter().rev());
    }

    /// Plants the tents within `radius` of `centre` again: their pairs are lifted and the
    /// region refilled in a random order with as many pairs as before; false when more than
    /// `fewer` fewer fit (the planting is then thinner). The counts of the lines through the
    /// region change.
    pub(super) fn replant(
        &mut self,
        centre: usize,
        radius: usize,
        fewer: usize,
        rng: &mut ChaCha8Rng,
    ) -> bool {
        let mut region = self.region(centre, radius);
        let mut lifted = 0;
        for &c in &region {
            if self.cells[c] == Square::Tent {
                let tree = self.partner[c];
                self.cells[tree] = Square::Empty;
                self.partner[tree] = usize::MAX;
                self.cells[c] = Square::Empty;
                self.partner[c] = usize::MAX;
                lifted += 1;
            }
        }
        shuffle(&mut region, rng);
        let mut planted = 0;
        for &c in &region {
            if planted == lifted {
                break;
            }
            if self.tent_fits(c) && self.add_pair(c, rng) {
                planted += 1;
            }
        }
        planted + fewer >= lifted && (!self.bars.any() || self.lines_keep_tents(centre, radius))
    }

    /// Whether every line through the region within `radius` of `centre` that is not barred
    /// still holds a tent (where lines are barred, the planting has as many counts of 0 as
    /// `looks_usual` allows: a new planting must not add one).
    fn lines_keep_tents(&self, centre: usize, radius: usize) -> bool {
        let t = self.topology;
        let (rows, cols) = self.spans(centre, radius);
        let tent = |r: usize, c: usize| self.cells[r * t.cols + c] == Square::Tent;
        rows.iter()
            .all(|&r| self.bars.rows[r] || (0..t.cols).any(|c| tent(r, c)))
            && cols
                .iter()
                .all(|&c| self.bars.cols[c] || (0..t.rows).any(|r| tent(r, c)))
    }

    /// Fills the cells of `order` (in that order) with pairs wherever a tent fits, until
    /// `target` tents stand on the whole grid.
    pub(super) fn fill(&mut self, order: &[usize], target: usize, rng: &mut ChaCha8Rng) {
        let mut tents = self.tents();
        for &c in order {
            if tents >= target {
                break;
            }
            if self.tent_fits(c) && self.add_pair(c, rng) {
                tents += 1;
            }
        }
    }

    /// Gives each line without a tent one, on a random square of it where a tent fits (lines
    /// with a count of 0 are free grass for the player: only the barred ones keep none).
    pub(super) fn cover_bare_lines(&mut self, rng: &mut ChaCha8Rng) {
        let t = self.topology;
        let (rows, cols) = self.counts();
        let bare_rows = (0..t.rows)
            .filter(|&r| rows[r] == 0)
            .map(|r| (0..t.cols).map(move |c| r * t.cols + c).collect::<Vec<_>>());
        let bare_cols = (0..t.cols)
            .filter(|&c| cols[c] == 0)
            .map(|c| (0..t.rows).map(move |r| r * t.cols + c).collect::<Vec<_>>());
        let lines: Vec<Vec<usize>> = bare_rows.chain(bare_cols).collect();
        for mut line in lines {
            if line.iter().any(|&c| self.cells[c] == Square::Tent) {
                continue; // covered by an earlier line's new tent
            }
            shuffle(&mut line, rng);
            for &c in &line {
                if self.tent_fits(c) && self.add_pair(c, rng) {
                    break;
                }
            }
        }
    }

    /// Whether the planting looks like the puzzles players know
    /// (docs/rules.md#solver-generator-and-hints): at least `min_trees` trees per square (rounded
    /// down), at most 5% of the lines with no tent (one on grids of fewer than 20 lines), and no
    /// line with neither tree nor tent.
    pub(super) fn looks_usual(&self, min_trees: f64) -> bool {
        let t = self.topology;
        let trees = self.cells.iter().filter(|&&s| s == Square::Tree).count();
        let (rows, cols) = self.counts();
        let zero = rows.iter().chain(&cols).filter(|&&n| n == 0).count();
        let row_bare = |r: usize| (0..t.cols).all(|c| self.cells[r * t.cols + c] == Square::Empty);
        let col_bare = |c: usize| (0..t.rows).all(|r| self.cells[r * t.cols + c] == Square::Empty);
        trees >= (min_trees * t.len() as f64).floor() as usize
            && zero * 20 <= (t.rows + t.cols).max(20)
            && !(0..t.rows).any(row_bare)
            && !(0..t.cols).any(col_bare)
    }

    /// Number of tents.
    pub(super) fn tents(&self) -> usize {
        self.cells.iter().filter(|&&s| s == Square::Tent).count()
    }

    /// The tents of each row and of each column.
    pub(super) fn counts(&self) -> (Vec<usize>, Vec<usize>) {
        let t = self.topology;
        let mut rows = vec![0; t.rows];
        let mut cols = vec![0; t.cols];
        for (i, &s) in self.cells.iter().enumerate() {
            if s == Square::Tent {
                rows[i / t.cols] += 1;
                cols[i % t.cols] += 1;
            }
        }
        (rows, cols)
    }

    /// The deduction layout of the puzzle (local rule 4) on a shared geometry.
    pub(super) fn layout(&self, geo: &Arc<Geometry>) -> Layout {
        let (rows, cols) = self.counts();
        let is_tree = self.cells.iter().map(|&s| s == Square::Tree).collect();
        Layout::new(geo.clone(), is_tree, &rows, &cols, Rule4::Local)
    }

    /// The puzzle: the trees and the counts of the tents, under the local rule 4.
    pub(super) fn puzzle(&self) -> Tents {
        let t = self.topology;
        let (rows, cols) = self.counts();
        let cells = self
            .cells
            .iter()
            .map(|&s| if s == Square::Tree { s } else { Square::Empty })
            .collect();
        let grid = Grid::from_cells(t, cells).expect("one square per cell");
        Tents::new(grid, rows, cols, self.diagadj, Rule4::Local).expect("counts match the grid")
    }
}

/// A uniform number in `[0, 1)` from 53 random bits (the same on every platform).
fn unit(rng: &mut ChaCha8Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// How a planting is spread over the lines.
#[derive(Clone, Copy, Debug)]
pub(super) struct Spread {
    /// How uneven the lines are: each gets a weight `floor + (1 - floor) u^power`, `u` uniform
    /// (0 = uniform).
    pub power: f64,
    /// The least weight of a line, so that few lines end up with no tent.
    pub floor: f64,
    /// Share of the rows, and of the columns, kept without tents (count 0), spread evenly.
    pub zero_share: f64,
}

#[cfg(test)]
impl Spread {
    /// The spread of large plantings (power 2, floor 0.1) with `zero_share` of the lines barred.
    pub(super) fn usual(zero_share: f64) -> Self {
        Spread {
            power: 2.0,
            floor: 0.1,
            zero_share,
        }
    }
}

/// A random planting of about `target` tents whose density varies from row to row and column
/// to column: each line gets a weight (see [`Spread`]), and cells are visited in a random
/// order biased towards heavy rows and columns (weighted sampling by keys `v^(1/w)`). Uneven
/// counts give the rules places to start from. Every line gets a tent before the fill starts.
/// With `touching` at `Some(k)` (only where the puzzle lets tents touch diagonally), the
/// tents are planted apart diagonally save the last `k` of the fill, and the planting stays
/// apart for later changes.
pub(super) fn plant_weighted(
    topology: Topology,
    diagadj: bool,
    touching: Option<usize>,
    target: usize,
    spread: Spread,
    rng: &mut ChaCha8Rng,
) -> Plant {
    let touching = touching.filter(|_| diagadj);
    let mut p = Plant::new(topology, diagadj, touching.is_some());
    p.bars = Arc::new(Bars::spread(topology, spread.zero_share, rng));
    let weight = |u: f64| spread.floor + (1.0 - spread.floor) * u.powf(spread.power);
    let rw: Vec<f64> = (0..topology.rows).map(|_| weight(unit(rng))).collect();
    let cw: Vec<f64> = (0..topology.cols).map(|_| weight(unit(rng))).collect();
    let mut keyed: Vec<(f64, usize)> = (0..topology.len())
        .map(|i| {
            let w = rw[i / topology.cols] * cw[i % topology.cols] + 1e-9;
            (unit(rng).powf(1.0 / w), i)
        })
        .collect();
    keyed.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let order: Vec<usize> = keyed.into_iter().map(|(_, i)| i).collect();
    // One tent in every line first: a dense packing elsewhere may leave no room in a line.
    p.cover_bare_lines(rng);
    match touching {
        Some(k) => {
            p.fill(&order, target.saturating_sub(k), rng);
            let tents = p.tents();
            p.apart = false;
            p.fill(&order, target.min(tents + k), rng);
            p.apart = true;
        }
        None => p.fill(&order, target, rng),
    }
    p
}

/// Pairs of tents (`tent`, by cell) that touch diagonally on `topology`.
pub(super) fn diagonal_pairs(topology: Topology, tent: impl Fn(usize) -> bool) -> usize {
    let t = topology;
    let touching: usize = (0..t.len())
        .filter(|&c| tent(c))
        .map(|c| t.diagonal(t.pos(c)).filter(|&q| tent(t.index(q))).count())
        .sum();
    touching / 2
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    /// Pairs of tents of a planting that touch diagonally.
    fn touching(p: &Plant) -> usize {
        diagonal_pairs(p.topology, |c| p.cells[c] == Square::Tent)
    }

    #[test]
    fn a_planting_kept_apart_touches_diagonally_only_where_its_share_allows() {
        let t = Topology::new(30, 30, false);
        let spread = Spread::usual(0.0);
        let plant = |touching: Option<usize>, seed: u64| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            plant_weighted(t, true, touching, 185, spread, &mut rng)
        };
        for seed in 0..4 {
            let apart = plant(Some(0), seed);
            assert_eq!(touching(&apart), 0, "seed {seed}");
            assert!(apart.tents() >= 162, "seed {seed}: {} tents", apart.tents());
            // Each of the 9 tents allowed to touch touches at most 4 others.
            let few = plant(Some(9), seed);
            let pairs = touching(&few);
            assert!((1..=36).contains(&pairs), "seed {seed}: {pairs} pairs");
            assert!(few.tents() > apart.tents(), "seed {seed}");
            // Later changes keep apart: a replanting adds no pair.
            let mut moved = few.clone();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            moved.replant(t.len() / 2, 3, 0, &mut rng);
            assert_ne!(moved, few, "seed {seed}: the replanting changed nothing");
            assert!(touching(&moved) <= pairs, "seed {seed}: after replanting");
            assert!(touching(&plant(None, seed)) > pairs, "seed {seed}");
        }
    }

    #[test]
    fn barred_lines_stay_without_tents_and_new_plantings_leave_no_other_line_bare() {
        for wrapping in [false, true] {
            let t = Topology::new(40, 60, wrapping);
            let spread = Spread::usual(0.05);
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let mut p = plant_weighted(t, false, None, 480, spread, &mut rng);
            // One line in twenty of each direction, rounded down.
            let barred = |b: &[bool]| b.iter().filter(|&&on| on).count();
            assert_eq!((barred(&p.bars.rows), barred(&p.bars.cols)), (2, 3));
            let (mut kept, mut refused) = (0, 0);
            for i in 0..400 {
                let mut next = p.clone();
                if next.replant(below(&mut rng, t.len()), 2, 0, &mut rng) {
                    p = next;
                    kept += 1;
                } else {
                    refused += 1;
                }
                let (rows, cols) = p.counts();
                for (counts, bars) in [(&rows, &p.bars.rows), (&cols, &p.bars.cols)] {
                    for (n, &bar) in counts.iter().zip(bars) {
                        assert_eq!(*n == 0, bar, "wrapping {wrapping}, replanting {i}");
                    }
                }
            }
            assert!(kept > 100 && refused > 0, "{kept} kept, {refused} refused");
            assert!(
                p.looks_usual(0.0),
                "wrapping {wrapping}: {} tents",
                p.tents()
            );
        }
    }

    #[test]
    fn a_move_of_at_most_one_tree_moves_one_and_keeps_the_tents() {
        let t = Topology::new(20, 20, false);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let p = plant_weighted(t, false, None, 80, Spread::usual(0.0), &mut rng);
        let trees = |p: &Plant| -> Vec<usize> {
            (0..t.len())
                .filter(|&c| p.cells[c] == Square::Tree)
                .collect()
        };
        let (mut one, mut many) = (0, 0);
        for centre in 0..t.len() {
            for (most, moved) in [(1, &mut one), (usize::MAX, &mut many)] {
                let mut q = p.clone();
                let mut log = Vec::new();
                q.retree(centre, 2, most, &mut rng, &mut log);
                let gone = trees(&p)
                    .into_iter()
                    .filter(|&c| q.cells[c] != Square::Tree);
                let gone = gone.count();
                assert!(most > 1 || gone <= 1, "centre {centre}: {gone} trees moved");
                *moved = (*moved).max(gone);
                assert_eq!(q.counts(), p.counts(), "centre {centre}: the tents moved");
                q.undo(&log);
                assert_eq!(q, p, "centre {centre}: undone");
            }
        }
        assert_eq!(one, 1);
        assert!(many > 1);
    }
}
