//! Grids, positions and the topology: the one place that knows about edges and wrapping.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A square of a grid: row `row`, column `col`, `(0, 0)` at the top left.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Pos {
    /// Row index, from the top.
    pub row: usize,
    /// Column index, from the left.
    pub col: usize,
}

impl Pos {
    /// The square at row `row`, column `col`.
    pub const fn new(row: usize, col: usize) -> Self {
        Pos { row, col }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// A step from one square to a neighbour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dir {
    /// Row step: -1, 0 or 1.
    pub dr: isize,
    /// Column step: -1, 0 or 1.
    pub dc: isize,
}

impl Dir {
    /// Up, right, down, left.
    pub const ORTHOGONAL: [Dir; 4] = [
        Dir { dr: -1, dc: 0 },
        Dir { dr: 0, dc: 1 },
        Dir { dr: 1, dc: 0 },
        Dir { dr: 0, dc: -1 },
    ];
    /// The four diagonal steps.
    pub const DIAGONAL: [Dir; 4] = [
        Dir { dr: -1, dc: -1 },
        Dir { dr: -1, dc: 1 },
        Dir { dr: 1, dc: 1 },
        Dir { dr: 1, dc: -1 },
    ];
    /// The eight steps to the squares around, row-major.
    pub const AROUND: [Dir; 8] = [
        Dir { dr: -1, dc: -1 },
        Dir { dr: -1, dc: 0 },
        Dir { dr: -1, dc: 1 },
        Dir { dr: 0, dc: -1 },
        Dir { dr: 0, dc: 1 },
        Dir { dr: 1, dc: -1 },
        Dir { dr: 1, dc: 0 },
        Dir { dr: 1, dc: 1 },
    ];
    /// The 3x3 block including the square itself, row-major.
    pub const BLOCK: [Dir; 9] = [
        Dir { dr: -1, dc: -1 },
        Dir { dr: -1, dc: 0 },
        Dir { dr: -1, dc: 1 },
        Dir { dr: 0, dc: -1 },
        Dir { dr: 0, dc: 0 },
        Dir { dr: 0, dc: 1 },
        Dir { dr: 1, dc: -1 },
        Dir { dr: 1, dc: 0 },
        Dir { dr: 1, dc: 1 },
    ];
    /// The square itself and its four orthogonal neighbours.
    pub const CROSS: [Dir; 5] = [
        Dir { dr: -1, dc: 0 },
        Dir { dr: 0, dc: -1 },
        Dir { dr: 0, dc: 0 },
        Dir { dr: 0, dc: 1 },
        Dir { dr: 1, dc: 0 },
    ];
}

/// A row or a column of a grid (what "fill the row with grass" names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// Row `i`.
    Row(usize),
    /// Column `j`.
    Col(usize),
}

impl Line {
    /// The line's squares in order, none for a line off `topology`'s grid.
    pub fn squares(self, topology: Topology) -> Vec<Pos> {
        match self {
            Line::Row(r) if r < topology.rows => {
                (0..topology.cols).map(|c| Pos::new(r, c)).collect()
            }
            Line::Col(c) if c < topology.cols => {
                (0..topology.rows).map(|r| Pos::new(r, c)).collect()
            }
            _ => Vec::new(),
        }
    }
}

/// Size and wrapping of a grid: answers every "what is next to what" question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Topology {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Whether the grid is a torus (right edge meets left, bottom meets top).
    pub wrapping: bool,
}

impl Topology {
    /// A grid of `rows` x `cols` squares.
    pub const fn new(rows: usize, cols: usize, wrapping: bool) -> Self {
        Topology {
            rows,
            cols,
            wrapping,
        }
    }

    /// Number of squares.
    pub const fn len(&self) -> usize {
        self.rows * self.cols
    }

    /// Whether the grid has no square.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Row-major index of a square.
    pub const fn index(&self, p: Pos) -> usize {
        p.row * self.cols + p.col
    }

    /// The square at a row-major index.
    pub const fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.cols, index % self.cols)
    }

    /// Whether a square lies on the grid.
    pub const fn contains(&self, p: Pos) -> bool {
        p.row < self.rows && p.col < self.cols
    }

    /// The square at signed coordinates, if on the grid (never wraps: used for user input).
    pub fn checked(&self, row: i64, col: i64) -> Option<Pos> {
        let (r, c) = (usize::try_from(row).ok()?, usize::try_from(col).ok()?);
        self.contains(Pos::new(r, c)).then_some(Pos::new(r, c))
    }

    /// All squares, row-major.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        let cols = self.cols;
        (0..self.len()).map(move |i| Pos::new(i / cols, i % cols))
    }

    /// The neighbour of `p` one step along `d`, wrapping or stopping at the edge.
    pub fn step(&self, p: Pos, d: Dir) -> Option<Pos> {
        let row = Self::axis(p.row, d.dr, self.rows, self.wrapping)?;
        let col = Self::axis(p.col, d.dc, self.cols, self.wrapping)?;
        Some(Pos::new(row, col))
    }

    fn axis(v: usize, delta: isize, size: usize, wrapping: bool) -> Option<usize> {
        let moved = v as isize + delta;
        if (0..size as isize).contains(&moved) {
            Some(moved as usize)
        } else if wrapping && size > 0 {
            Some(moved.rem_euclid(size as isize) as usize)
        } else {
            None
        }
    }

    /// The neighbours of `p` along each of `dirs`, one per direction that stays on the grid.
    ///
    /// On tiny wrapped grids the same square may come back from two directions (or be `p` itself):
    /// neighbour counts are per direction, as the course's reference library counts them.
    pub fn neighbours<'a>(
        &self,
        p: Pos,
        dirs: &'a [Dir],
    ) -> impl Iterator<Item = Pos> + 'a + use<'a> {
        let t = *self;
        dirs.iter().filter_map(move |&d| t.step(p, d))
    }

    /// The up to 4 orthogonal neighbours.
    pub fn orthogonal(&self, p: Pos) -> impl Iterator<Item = Pos> + use<> {
        self.neighbours(p, &Dir::ORTHOGONAL)
    }

    /// The up to 4 diagonal neighbours.
    pub fn diagonal(&self, p: Pos) -> impl Iterator<Item = Pos> + use<> {
        self.neighbours(p, &Dir::DIAGONAL)
    }

    /// The up to 8 squares around `p`.
    pub fn around(&self, p: Pos) -> impl Iterator<Item = Pos> + use<> {
        self.neighbours(p, &Dir::AROUND)
    }

    /// The 3x3 block centred on `p`, `p` included.
    pub fn block(&self, p: Pos) -> impl Iterator<Item = Pos> + use<> {
        self.neighbours(p, &Dir::BLOCK)
    }

    /// The squares seen from `p` (excluded) walking along `d`, until the edge, or, when wrapping,
    /// until the walk would come back to `p` — each square of the line is visited at most once.
    /// The caller stops the walk at walls.
    pub fn ray(&self, p: Pos, d: Dir) -> Ray {
        let len = match (d.dr, d.dc) {
            (0, 0) => 0,
            (0, _) => self.cols,
            (_, 0) => self.rows,
            _ => self.rows.min(self.cols),
        };
        Ray {
            topology: *self,
            at: p,
            dir: d,
            left: len.saturating_sub(1),
        }
    }
}

/// Iterator over the squares along a ray; see [`Topology::ray`].
#[derive(Clone, Debug)]
pub struct Ray {
    topology: Topology,
    at: Pos,
    dir: Dir,
    left: usize,
}

impl Iterator for Ray {
    type Item = Pos;
    fn next(&mut self) -> Option<Pos> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let next = self.topology.step(self.at, self.dir)?;
        self.at = next;
        Some(next)
    }
}

/// A rectangular grid of `T`, row-major, with its topology.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    topology: Topology,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid with every square set to `value`.
    pub fn filled(topology: Topology, value: T) -> Self {
        Grid {
            topology,
            cells: vec![value; topology.len()],
        }
    }

    /// A copy of this grid with one square changed (grids are values; the original is untouched).
    pub fn with(&self, p: Pos, value: T) -> Self {
        let mut next = self.clone();
        next[p] = value;
        next
    }
}

impl<T> Grid<T> {
    /// A grid from row-major cells; `None` when the count does not match the topology.
    pub fn from_cells(topology: Topology, cells: Vec<T>) -> Option<Self> {
        (cells.len() == topology.len()).then_some(Grid { topology, cells })
    }

    /// The grid's size and wrapping.
    pub fn topology(&self) -> Topology {
        self.topology
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.topology.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.topology.cols
    }

    /// The square at `p`, if on the grid.
    pub fn get(&self, p: Pos) -> Option<&T> {
        self.topology
            .contains(p)
            .then(|| &self.cells[self.topology.index(p)])
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// Mutable cells, row-major (for builders; states stay immutable through [`Grid::with`]).
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Each square with its position, row-major.
    pub fn iter(&self) -> impl Iterator<Item = (Pos, &T)> {
        let t = self.topology;
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, v)| (t.pos(i), v))
    }

    /// One row's cells.
    pub fn row(&self, row: usize) -> &[T] {
        &self.cells[row * self.topology.cols..(row + 1) * self.topology.cols]
    }

    /// A grid of the same shape with every cell mapped.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid {
            topology: self.topology,
            cells: self.cells.iter().map(f).collect(),
        }
    }

    /// The same cells under another wrapping setting.
    pub fn with_wrapping(mut self, wrapping: bool) -> Self {
        self.topology.wrapping = wrapping;
        self
    }
}

impl<T> Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, p: Pos) -> &T {
        &self.cells[self.topology.index(p)]
    }
}

impl<T> IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, p: Pos) -> &mut T {
        let i = self.topology.index(p);
        &mut self.cells[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_lists_its_squares_in_order_and_none_off_the_grid() {
        let t = Topology::new(2, 3, false);
        let row: Vec<Pos> = (0..3).map(|c| Pos::new(1, c)).collect();
        assert_eq!(Line::Row(1).squares(t), row);
        assert_eq!(Line::Col(2).squares(t), [Pos::new(0, 2), Pos::new(1, 2)]);
        assert!(Line::Row(2).squares(t).is_empty());
        assert!(Line::Col(3).squares(t).is_empty());
    }

    #[test]
    fn orthogonal_neighbours_stop_at_edges_without_wrapping() {
        let t = Topology::new(3, 3, false);
        let n: Vec<_> = t.orthogonal(Pos::new(0, 0)).collect();
        assert_eq!(n, vec![Pos::new(0, 1), Pos::new(1, 0)]);
    }

    #[test]
    fn orthogonal_neighbours_wrap_on_a_torus() {
        let t = Topology::new(3, 3, true);
        let n: Vec<_> = t.orthogonal(Pos::new(0, 0)).collect();
        assert_eq!(
            n,
            vec![
                Pos::new(2, 0),
                Pos::new(0, 1),
                Pos::new(1, 0),
                Pos::new(0, 2)
            ]
        );
    }

    #[test]
    fn tiny_wrapped_grid_counts_neighbours_per_direction() {
        let t = Topology::new(2, 2, true);
        let n: Vec<_> = t.orthogonal(Pos::new(0, 0)).collect();
        assert_eq!(n.len(), 4);
        assert_eq!(n.iter().filter(|&&p| p == Pos::new(0, 1)).count(), 2);
        let t1 = Topology::new(1, 1, true);
        assert!(t1.orthogonal(Pos::new(0, 0)).all(|p| p == Pos::new(0, 0)));
    }

    #[test]
    fn block_and_around_sizes() {
        let t = Topology::new(5, 5, false);
        assert_eq!(t.block(Pos::new(2, 2)).count(), 9);
        assert_eq!(t.around(Pos::new(2, 2)).count(), 8);
        assert_eq!(t.around(Pos::new(0, 0)).count(), 3);
        assert_eq!(t.block(Pos::new(4, 4)).count(), 4);
        assert_eq!(t.diagonal(Pos::new(0, 4)).count(), 1);
    }

    #[test]
    fn ray_stops_at_edge() {
        let t = Topology::new(3, 4, false);
        let r: Vec<_> = t.ray(Pos::new(1, 1), Dir { dr: 0, dc: 1 }).collect();
        assert_eq!(r, vec![Pos::new(1, 2), Pos::new(1, 3)]);
        assert_eq!(t.ray(Pos::new(0, 0), Dir { dr: -1, dc: 0 }).count(), 0);
    }

    #[test]
    fn wrapped_ray_visits_each_square_of_its_line_once() {
        let t = Topology::new(3, 4, true);
        let r: Vec<_> = t.ray(Pos::new(1, 1), Dir { dr: 0, dc: 1 }).collect();
        assert_eq!(r, vec![Pos::new(1, 2), Pos::new(1, 3), Pos::new(1, 0)]);
        let down: Vec<_> = t.ray(Pos::new(2, 0), Dir { dr: 1, dc: 0 }).collect();
        assert_eq!(down, vec![Pos::new(0, 0), Pos::new(1, 0)]);
    }

    #[test]
    fn checked_refuses_off_grid_coordinates() {
        let t = Topology::new(2, 3, true);
        assert_eq!(t.checked(1, 2), Some(Pos::new(1, 2)));
        assert_eq!(t.checked(-1, 0), None);
        assert_eq!(t.checked(2, 0), None);
        assert_eq!(t.checked(0, 3), None);
    }

    #[test]
    fn grid_with_leaves_the_original_untouched() {
        let g = Grid::filled(Topology::new(2, 2, false), 0u8);
        let h = g.with(Pos::new(1, 0), 7);
        assert_eq!(g[Pos::new(1, 0)], 0);
        assert_eq!(h[Pos::new(1, 0)], 7);
        assert_eq!(h.row(1), &[7, 0]);
    }
}
