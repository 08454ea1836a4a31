//! The deduction board: the puzzle's fixed structure (neighbour lists, lines, trees) plus a
//! mutable position with the counters the rules read, and a trail to undo trial moves.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::game::{Game, Target};
use crate::games::tents::Rule4;
use crate::grid::{Pos, Topology};
use crate::proof::memo::{Slot, last_built};

use super::super::geometry::Geometry;
use super::super::{Square, Tents};

/// Not decided yet.
pub(in crate::games::tents) const EMPTY: u8 = 0;
/// A tent.
pub(in crate::games::tents) const TENT: u8 = 1;
/// Grass: no tent here.
pub(in crate::games::tents) const GRASS: u8 = 2;
/// A tree (fixed).
pub(in crate::games::tents) const TREE: u8 = 3;

/// Up to four cells (the trees next to a cell).
#[derive(Clone, Copy, Default)]
pub(in crate::games::tents) struct Four {
    len: u8,
    items: [u32; 4],
}

impl Four {
    /// The cells.
    #[inline]
    pub(in crate::games::tents) fn get(&self) -> &[u32] {
        &self.items[..self.len as usize]
    }
}

/// The trees next to each cell.
#[derive(Clone)]
pub(in crate::games::tents) struct TreesOf(Vec<Four>);

impl TreesOf {
    /// The distinct trees orthogonally next to cell `i` (none for a tree).
    #[inline]
    pub(in crate::games::tents) fn get(&self, i: usize) -> &[u32] {
        self.0[i].get()
    }
}

/// The distinct trees orthogonally next to cell `i` (none when `i` is a tree).
fn trees_next_to(geo: &Geometry, is_tree: &[bool], i: usize) -> Four {
    let mut f = Four::default();
    if !is_tree[i] {
        for &q in geo.ortho.get(i) {
            if is_tree[q as usize] {
                f.items[f.len as usize] = q;
                f.len += 1;
            }
        }
    }
    f
}

/// Expected tents per line, rows first, as the layout keeps them.
fn line_counts(rows: &[usize], cols: &[usize]) -> Vec<u32> {
    let clamp = |c: &usize| u32::try_from(*c).unwrap_or(u32::MAX);
    rows.iter().chain(cols).map(clamp).collect()
}

/// What never changes while deducing: neighbours, trees, counts, rules.
#[derive(Clone)]
pub(in crate::games::tents) struct Layout {
    /// The neighbour lists.
    pub geo: Arc<Geometry>,
    /// Size and wrapping.
    pub topology: Topology,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Tatham's rule 4 (a perfect tree–tent matching) is in force.
    pub matching: bool,
    /// Per cell that is not a tree: its distinct orthogonally adjacent trees.
    trees_near: TreesOf,
    /// Whether each cell is a tree.
    pub is_tree: Vec<bool>,
    /// The tree cells, row-major.
    pub trees: Vec<u32>,
    /// Expected tents per line: rows first, then columns.
    pub counts: Vec<u32>,
    /// The board a run of the rules from scratch starts on: trees, every candidate empty, every
    /// other square grass. Kept up to date by [`Layout::flip`], so that the generator's
    /// judgements copy it instead of counting 10 000 squares each time.
    blank: Box<Snapshot>,
    /// Squares flipped by [`Layout::flip_quick`] since `trees` and `blank` were last brought
    /// up to date (repeats allowed; see [`Layout::settle`]).
    unsettled: Vec<u32>,
}

impl Layout {
    /// The layout of a puzzle given by its trees, counts and rules on a geometry.
    pub(in crate::games::tents) fn new(
        geo: Arc<Geometry>,
        is_tree: Vec<bool>,
        row_counts: &[usize],
        col_counts: &[usize],
        rule4: Rule4,
    ) -> Self {
        let topology = geo.topology;
        let n = topology.len();
        let trees_of = TreesOf((0..n).map(|i| trees_next_to(&geo, &is_tree, i)).collect());
        let trees = (0..n as u32).filter(|&i| is_tree[i as usize]).collect();
        let counts = line_counts(row_counts, col_counts);
        let mut layout = Layout {
            geo,
            topology,
            rows: topology.rows,
            cols: topology.cols,
            matching: rule4 == Rule4::Matching,
            trees_near: trees_of,
            is_tree,
            trees,
            counts,
            blank: Box::default(),
            unsettled: Vec::new(),
        };
        let val = (0..n as u32).map(|c| layout.blank_value(c)).collect();
        layout.blank = Box::new(Board::new(&layout, val).snapshot());
        layout
    }

    /// This layout with the tree status of `flips` toggled and, when given, new counts.
    pub(in crate::games::tents) fn edited(
        &self,
        flips: &[u32],
        counts: Option<(&[usize], &[usize])>,
    ) -> Self {
        let mut next = self.clone();
        next.flip(flips);
        if let Some((rows, cols)) = counts {
            next.counts = line_counts(rows, cols);
        }
        next
    }

    /// Toggles the tree status of `flips` in place (twice restores the layout): the
    /// generator tries a change and takes it back without copying every cell.
    pub(in crate::games::tents) fn flip(&mut self, flips: &[u32]) {
        self.flip_quick(flips);
        self.settle();
    }

    /// [`Layout::flip`] of the trees and of who is next to them only: the tree list and the
    /// blank board wait for [`Layout::settle`] (the generator's local estimates read neither,
    /// and most of its changes are taken back right after their estimate).
    pub(in crate::games::tents) fn flip_quick(&mut self, flips: &[u32]) {
        for &c in flips {
            self.is_tree[c as usize] = !self.is_tree[c as usize];
        }
        for &c in flips {
            self.trees_near.0[c as usize] = trees_next_to(&self.geo, &self.is_tree, c as usize);
            for &q in self.geo.ortho.get(c as usize) {
                self.trees_near.0[q as usize] = trees_next_to(&self.geo, &self.is_tree, q as usize);
            }
        }
        self.unsettled.extend_from_slice(flips);
        // A long run of changes taken back leaves nothing to do but a long list to read.
        if self.unsettled.len() > 256 {
            self.settle();
        }
    }

    /// Brings the tree list and the blank board up to date after [`Layout::flip_quick`].
    pub(in crate::games::tents) fn settle(&mut self) {
        if self.unsettled.is_empty() {
            return;
        }
        let mut unsettled = std::mem::take(&mut self.unsettled);
        // The tree list changes only at the squares whose status changed in the end: cheaper
        // than a scan of every cell.
        unsettled.retain(|&c| {
            match (self.trees.binary_search(&c), self.is_tree[c as usize]) {
                (Ok(i), false) => {
                    self.trees.remove(i);
                }
                (Err(i), true) => self.trees.insert(i, c),
                _ => return false,
            }
            true
        });
        // The blank board changes at those squares and where they make or unmake candidates.
        // Out of its box and back, so the box is not allocated anew at every flip.
        let taken = std::mem::take(&mut *self.blank);
        let mut blank = Board::from_snapshot(self, taken);
        for &c in &unsettled {
            blank.retree(c);
            blank.make_blank(c);
            for &q in self.geo.ortho.get(c as usize) {
                blank.make_blank(q);
            }
        }
        *self.blank = blank.snapshot();
        unsettled.clear();
        self.unsettled = unsettled;
    }

    /// A cell's value on the blank board: a tree, an empty candidate, or grass.
    fn blank_value(&self, c: u32) -> u8 {
        if self.is_tree[c as usize] {
            TREE
        } else if self.is_candidate(c) {
            EMPTY
        } else {
            GRASS
        }
    }

    /// The board a run of the rules from scratch starts on (see the field).
    pub(super) fn blank_board(&self) -> Board<'_> {
        debug_assert!(
            self.unsettled.is_empty(),
            "the blank board is not up to date"
        );
        Board::from_snapshot(self, Snapshot::clone(&self.blank))
    }

    /// [`Layout::of`], kept for the next call on the same puzzle on this thread (the proof
    /// checker's rule checks, one per rule and position).
    pub(super) fn shared(g: &Tents) -> Rc<Layout> {
        thread_local! {
            static LAST: Slot<Tents, Layout> = const { RefCell::new(None) };
        }
        last_built(&LAST, g.cleared(), || Layout::of(g))
    }

    /// The layout of a position's puzzle.
    pub(super) fn of(g: &Tents) -> Self {
        let is_tree = g
            .grid()
            .cells()
            .iter()
            .map(|&s| s == Square::Tree)
            .collect();
        Layout::new(
            Arc::new(Geometry::new(g.topology(), g.diagadj())),
            is_tree,
            g.row_counts(),
            g.col_counts(),
            g.rule4(),
        )
    }

    /// The distinct orthogonal neighbours of a cell, never itself.
    #[inline]
    pub(in crate::games::tents) fn ortho(&self, c: usize) -> &[u32] {
        self.geo.ortho.get(c)
    }

    /// The distinct squares a tent on `c` must not touch, never itself.
    #[inline]
    pub(in crate::games::tents) fn touch(&self, c: usize) -> &[u32] {
        self.geo.touch.get(c)
    }

    /// The distinct trees orthogonally next to a cell (none for a tree).
    #[inline]
    pub(in crate::games::tents) fn trees_of(&self, c: usize) -> &[u32] {
        self.trees_near.get(c)
    }

    /// Number of cells.
    #[inline]
    pub(in crate::games::tents) fn len(&self) -> usize {
        self.rows * self.cols
    }

    /// Number of lines: rows, then columns.
    #[inline]
    pub(super) fn line_count(&self) -> usize {
        self.rows + self.cols
    }

    /// A cell's row and column, by one 32-bit division (the rules ask for them at every square
    /// they decide; a 64-bit one was slower).
    #[inline]
    fn row_col(&self, c: u32) -> (usize, usize) {
        let cols = self.cols as u32;
        ((c / cols) as usize, (c % cols) as usize)
    }

    /// The row line and the column line of a cell.
    #[inline]
    pub(super) fn lines_of(&self, c: u32) -> [usize; 2] {
        let (r, k) = self.row_col(c);
        [r, self.rows + k]
    }

    /// Number of cells of a line.
    #[inline]
    pub(super) fn line_len(&self, l: usize) -> usize {
        if l < self.rows { self.cols } else { self.rows }
    }

    /// The `k`-th cell of a line.
    #[inline]
    pub(super) fn line_cell(&self, l: usize, k: usize) -> u32 {
        if l < self.rows {
            (l * self.cols + k) as u32
        } else {
            (k * self.cols + (l - self.rows)) as u32
        }
    }

    /// The cells of a line, in order.
    pub(super) fn line_cells(&self, l: usize) -> impl Iterator<Item = u32> + '_ {
        (0..self.line_len(l)).map(move |k| self.line_cell(l, k))
    }

    /// Whether a line holds a cell.
    #[inline]
    pub(super) fn line_holds(&self, l: usize, c: u32) -> bool {
        self.lines_of(c).contains(&l)
    }

    /// Where a cell sits along a line that holds it.
    #[inline]
    pub(super) fn pos_in_line(&self, l: usize, c: u32) -> usize {
        let (r, k) = self.row_col(c);
        if l < self.rows { k } else { r }
    }

    /// A cell's position on the grid.
    #[inline]
    pub(super) fn pos(&self, c: u32) -> Pos {
        self.topology.pos(c as usize)
    }

    /// A cell as a premise.
    #[inline]
    pub(super) fn square(&self, c: u32) -> Target {
        Target::Square(self.pos(c))
    }

    /// A line's clue as a premise.
    #[inline]
    pub(super) fn clue(&self, l: usize) -> Target {
        if l < self.rows {
            Target::Row(l)
        } else {
            Target::Col(l - self.rows)
        }
    }

    /// "row 3" or "column 5".
    pub(super) fn line_name(&self, l: usize) -> String {
        if l < self.rows {
            format!("row {l}")
        } else {
            format!("column {}", l - self.rows)
        }
    }

    /// Whether the cell is not a tree and has a tree next to it: only such cells can hold tents.
    #[inline]
    pub(in crate::games::tents) fn is_candidate(&self, c: u32) -> bool {
        !self.trees_of(c as usize).is_empty()
    }
}

/// A board's values and counters, detached from its layout.
#[derive(Clone, Debug, Default)]
pub(in crate::games::tents) struct Snapshot {
    /// Which snapshot this is: a new number for every snapshot a board takes, kept by its
    /// copies (the generator's estimates recognise the position their buffers were copied
    /// from, and put back only the squares an estimate changed; see `Snapshot::restore`).
    id: u64,
    /// Per cell: EMPTY, TENT, GRASS or TREE.
    pub val: Vec<u8>,
    line_tents: Vec<u32>,
    line_empty: Vec<u32>,
    adj_tents: Vec<u8>,
    adj_empty: Vec<u8>,
    tents: usize,
    line_bits: Vec<LineBits>,
}

/// Snapshots are equal when their values and counters are (whatever their numbers).
impl PartialEq for Snapshot {
    fn eq(&self, other: &Self) -> bool {
        self.val == other.val
            && self.line_tents == other.line_tents
            && self.line_empty == other.line_empty
            && self.adj_tents == other.adj_tents
            && self.adj_empty == other.adj_empty
            && self.tents == other.tents
            && self.line_bits == other.line_bits
    }
}

/// A number no snapshot has had yet.
fn fresh_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Snapshot {
    /// The snapshot's number (see the field).
    pub(super) fn id(&self) -> u64 {
        self.id
    }

    /// Becomes `other` again where it differed from it only at `cells` (their values, the
    /// counters of their lines and of their orthogonal neighbours): O(cells), where a copy
    /// of every cell is O(board). `layout` gives the neighbours and lines.
    pub(super) fn restore(&mut self, other: &Snapshot, cells: &[u32], layout: &Layout) {
        // Each square puts back a dozen scattered counters: past some share of the board, one
        // copy of the whole is quicker.
        if cells.len() * 16 > self.val.len() {
            self.copy_from(other);
            return;
        }
        for &c in cells {
            let i = c as usize;
            self.val[i] = other.val[i];
            self.adj_tents[i] = other.adj_tents[i];
            self.adj_empty[i] = other.adj_empty[i];
            for &q in layout.ortho(i) {
                let q = q as usize;
                self.adj_tents[q] = other.adj_tents[q];
                self.adj_empty[q] = other.adj_empty[q];
            }
        }
        // The counters of the lines, whole: a few hundred lines against two per square.
        self.line_tents.copy_from_slice(&other.line_tents);
        self.line_empty.copy_from_slice(&other.line_empty);
        self.line_bits.copy_from_slice(&other.line_bits);
        self.tents = other.tents;
        self.id = other.id;
        debug_assert!(self == other, "a restored snapshot differs from its source");
    }

    /// Becomes a copy of `other`, in the room it has.
    pub(super) fn copy_from(&mut self, other: &Snapshot) {
        self.id = other.id;
        self.val.clone_from(&other.val);
        self.line_tents.clone_from(&other.line_tents);
        self.line_empty.clone_from(&other.line_empty);
        self.adj_tents.clone_from(&other.adj_tents);
        self.adj_empty.clone_from(&other.adj_empty);
        self.tents = other.tents;
        self.line_bits.clone_from(&other.line_bits);
    }

    /// The candidate squares (tent squares of `layout`) still undecided.
    pub(in crate::games::tents) fn undecided<'a>(
        &'a self,
        layout: &'a Layout,
    ) -> impl Iterator<Item = u32> + 'a {
        (0..layout.len() as u32)
            .filter(|&c| self.val[c as usize] == EMPTY && layout.is_candidate(c))
    }

    /// How many squares are still empty: the undecided candidates once the rules are closed
    /// (the empty-field rule has made every other square grass), without a scan of every cell.
    pub(in crate::games::tents) fn empty_count(&self, layout: &Layout) -> usize {
        self.line_empty[..layout.rows]
            .iter()
            .map(|&n| n as usize)
            .sum()
    }
}

/// A position on a layout, with per-line and per-tree counters and an undo trail.
#[derive(Clone)]
pub(super) struct Board<'a> {
    /// The fixed structure.
    pub layout: &'a Layout,
    /// Per cell: EMPTY, TENT, GRASS or TREE.
    pub val: Vec<u8>,
    /// Per line: tents placed.
    pub line_tents: Vec<u32>,
    /// Per line: empty cells.
    pub line_empty: Vec<u32>,
    /// Per cell (meaningful for trees): orthogonally adjacent tents (at most 4; bytes keep the
    /// snapshot the generator copies for each estimate small).
    pub adj_tents: Vec<u8>,
    /// Per cell (meaningful for trees): orthogonally adjacent empty cells.
    pub adj_empty: Vec<u8>,
    /// Tents placed in all.
    pub tents: usize,
    /// Per line: its tents and empty cells as bits (see [`LineBits`]).
    pub line_bits: Vec<LineBits>,
    /// Cells set since the board was built, in order, for [`Board::undo_to`].
    trail: Vec<u32>,
}

/// A line's tents and empty cells as bits by position along it, for lines of at most 128
/// cells (the bits of later cells are left out): the line enumeration's first check, run on
/// every changed line, reads these instead of the line's cells.
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub(super) struct LineBits {
    /// Cells holding a tent.
    pub tents: u128,
    /// Empty cells.
    pub empty: u128,
}

impl LineBits {
    /// Records that the cell at `pos` along the line now holds `v`.
    #[inline]
    fn put(&mut self, pos: usize, v: u8) {
        if pos >= 128 {
            return;
        }
        let bit = 1u128 << pos;
        self.tents = if v == TENT {
            self.tents | bit
        } else {
            self.tents & !bit
        };
        self.empty = if v == EMPTY {
            self.empty | bit
        } else {
            self.empty & !bit
        };
    }
}

impl<'a> Board<'a> {
    /// The board with the given values (trees must be TREE exactly where the layout has trees).
    pub(super) fn new(layout: &'a Layout, mut val: Vec<u8>) -> Self {
        let n = layout.len();
        let lines = layout.line_count();
        let mut b = Board {
            layout,
            val: Vec::new(),
            line_tents: vec![0; lines],
            line_empty: vec![0; lines],
            adj_tents: vec![0; n],
            adj_empty: vec![0; n],
            tents: 0,
            line_bits: vec![LineBits::default(); lines],
            trail: Vec::new(),
        };
        // Counted square by square in one pass (the generator builds a board for every
        // judgement from scratch): each line's bits by position along it, row and column.
        for r in 0..layout.rows {
            for k in 0..layout.cols {
                let c = r * layout.cols + k;
                let v = match val[c] {
                    _ if layout.is_tree[c] => TREE,
                    v @ (TENT | GRASS) => v,
                    _ => EMPTY,
                };
                val[c] = v;
                let (row, col) = (r, layout.rows + k);
                b.line_bits[row].put(k, v);
                b.line_bits[col].put(r, v);
                let counts = match v {
                    EMPTY => Some((&mut b.line_empty, &mut b.adj_empty)),
                    TENT => Some((&mut b.line_tents, &mut b.adj_tents)),
                    _ => None,
                };
                if let Some((per_line, per_neighbour)) = counts {
                    per_line[row] += 1;
                    per_line[col] += 1;
                    for &q in layout.ortho(c) {
                        per_neighbour[q as usize] += 1;
                    }
                }
                b.tents += usize::from(v == TENT);
            }
        }
        b.val = val;
        b
    }

    /// The values and counters, without the layout (to carry over to an edited layout).
    pub(super) fn snapshot(self) -> Snapshot {
        self.snapshot_and_trail().0
    }

    /// [`Board::snapshot`], with the cells set since the board was built (in order, but for
    /// those undone).
    pub(super) fn snapshot_and_trail(self) -> (Snapshot, Vec<u32>) {
        let snapshot = Snapshot {
            id: fresh_id(),
            val: self.val,
            line_tents: self.line_tents,
            line_empty: self.line_empty,
            adj_tents: self.adj_tents,
            adj_empty: self.adj_empty,
            tents: self.tents,
            line_bits: self.line_bits,
        };
        (snapshot, self.trail)
    }

    /// A board from a snapshot taken on a layout with the same trees as `layout`.
    pub(super) fn from_snapshot(layout: &'a Layout, s: Snapshot) -> Self {
        Board::from_snapshot_in(layout, s, Vec::new())
    }

    /// [`Board::from_snapshot`], with `trail` as the (emptied) room for its trail.
    pub(super) fn from_snapshot_in(layout: &'a Layout, s: Snapshot, mut trail: Vec<u32>) -> Self {
        trail.clear();
        Board {
            layout,
            val: s.val,
            line_tents: s.line_tents,
            line_empty: s.line_empty,
            adj_tents: s.adj_tents,
            adj_empty: s.adj_empty,
            tents: s.tents,
            line_bits: s.line_bits,
            trail,
        }
    }

    /// Records cell `c`'s new value `v` in the bits of its lines.
    #[inline]
    fn put_bits(&mut self, c: u32, v: u8) {
        let (r, k) = self.layout.row_col(c);
        self.line_bits[r].put(k, v);
        self.line_bits[self.layout.rows + k].put(r, v);
    }

    /// Empties a decided cell again (not through the trail).
    pub(super) fn reset(&mut self, c: u32) {
        let v = self.val[c as usize];
        if v != TENT && v != GRASS {
            return;
        }
        self.val[c as usize] = EMPTY;
        self.put_bits(c, EMPTY);
        for l in self.layout.lines_of(c) {
            self.line_empty[l] += 1;
            if v == TENT {
                self.line_tents[l] -= 1;
            }
        }
        for &q in self.layout.ortho(c as usize) {
            self.adj_empty[q as usize] += 1;
            if v == TENT {
                self.adj_tents[q as usize] -= 1;
            }
        }
        if v == TENT {
            self.tents -= 1;
        }
    }

    /// Turns a cell into a tree or a tree into an empty cell (the layout's `is_tree` says
    /// which it is now); a decided cell is emptied first.
    pub(super) fn retree(&mut self, c: u32) {
        self.reset(c);
        let now_tree = self.layout.is_tree[c as usize];
        let was_tree = self.val[c as usize] == TREE;
        if now_tree == was_tree {
            return;
        }
        self.val[c as usize] = if now_tree { TREE } else { EMPTY };
        self.put_bits(c, self.val[c as usize]);
        for l in self.layout.lines_of(c) {
            if now_tree {
                self.line_empty[l] -= 1;
            } else {
                self.line_empty[l] += 1;
            }
        }
        for &q in self.layout.ortho(c as usize) {
            if now_tree {
                self.adj_empty[q as usize] -= 1;
            } else {
                self.adj_empty[q as usize] += 1;
            }
        }
    }

    /// Gives a square that is not a tree, on the board or in the layout, its value on the
    /// blank board (see [`Layout::blank_value`]); trees come and go by [`Board::retree`].
    fn make_blank(&mut self, c: u32) {
        match (self.val[c as usize], self.layout.blank_value(c)) {
            (EMPTY, GRASS) => self.set(c, GRASS),
            (GRASS, EMPTY) => self.reset(c),
            _ => {}
        }
    }

    /// The board of a game position.
    pub(super) fn of(layout: &'a Layout, g: &Tents) -> Self {
        let val = g
            .grid()
            .cells()
            .iter()
            .map(|&s| match s {
                Square::Empty => EMPTY,
                Square::Tent => TENT,
                Square::Grass => GRASS,
                Square::Tree => TREE,
            })
            .collect();
        Board::new(layout, val)
    }

    /// Decides an EMPTY cell.
    pub(super) fn set(&mut self, c: u32, v: u8) {
        debug_assert_eq!(self.val[c as usize], EMPTY);
        debug_assert!(v == TENT || v == GRASS);
        self.val[c as usize] = v;
        self.put_bits(c, v);
        self.trail.push(c);
        for l in self.layout.lines_of(c) {
            self.line_empty[l] -= 1;
            if v == TENT {
                self.line_tents[l] += 1;
            }
        }
        for &q in self.layout.ortho(c as usize) {
            self.adj_empty[q as usize] -= 1;
            if v == TENT {
                self.adj_tents[q as usize] += 1;
            }
        }
        if v == TENT {
            self.tents += 1;
        }
    }

    /// How many cells have been set (a mark for [`Board::undo_to`]).
    pub(super) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Empties again every cell set after `mark`.
    pub(super) fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let c = self.trail.pop().expect("trail longer than mark");
            let v = self.val[c as usize];
            self.val[c as usize] = EMPTY;
            self.put_bits(c, EMPTY);
            for l in self.layout.lines_of(c) {
                self.line_empty[l] += 1;
                if v == TENT {
                    self.line_tents[l] -= 1;
                }
            }
            for &q in self.layout.ortho(c as usize) {
                self.adj_empty[q as usize] += 1;
                if v == TENT {
                    self.adj_tents[q as usize] -= 1;
                }
            }
            if v == TENT {
                self.tents -= 1;
            }
        }
    }

    /// The value of a cell.
    #[inline]
    pub(super) fn at(&self, c: u32) -> u8 {
        self.val[c as usize]
    }

    /// Whether a cell is undecided.
    #[inline]
    pub(super) fn is_empty(&self, c: u32) -> bool {
        self.val[c as usize] == EMPTY
    }

    /// Whether a cell holds a tent.
    #[inline]
    pub(super) fn is_tent(&self, c: u32) -> bool {
        self.val[c as usize] == TENT
    }

    /// Whether every line holds exactly its tents (the position may still break rule 4).
    pub(super) fn lines_full(&self) -> bool {
        self.line_tents == self.layout.counts
    }

    /// The position as squares, row-major.
    pub(super) fn squares(&self) -> Vec<Square> {
        self.val
            .iter()
            .map(|&v| match v {
                TENT => Square::Tent,
                GRASS => Square::Grass,
                TREE => Square::Tree,
                _ => Square::Empty,
            })
            .collect()
    }
}

/// Converts a deduced value to the game's piece.
pub(super) fn piece(v: u8) -> Square {
    match v {
        TENT => Square::Tent,
        GRASS => Square::Grass,
        TREE => Square::Tree,
        _ => Square::Empty,
    }
}

/// "(3,4)" for a cell; lists of cells as "(3,4), (5,6) and (7,8)", at most `max` named.
pub(super) fn cell_list(layout: &Layout, cells: &[u32], max: usize) -> String {
    let names: Vec<String> = cells.iter().map(|&c| layout.pos(c).to_string()).collect();
    join_names(&names, max)
}

/// "a", "a and b", "a, b and c"; beyond `max` items, "a, b, … and N more".
pub(super) fn join_names(names: &[String], max: usize) -> String {
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n if n <= max => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
        n => format!("{}, … and {} more", names[..max].join(", "), n - max),
    }
}

/// "1 tent", "2 tents".
pub(super) fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
