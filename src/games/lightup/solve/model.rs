//! The puzzle as the solver sees it: cells (non-wall squares), segments and wall constraints.

use crate::games::lightup::{LightUp, Square};
use crate::grid::Topology;

use super::NONE;

/// Lists stored back to back in one allocation: list `i` is `items[start[i]..start[i + 1]]`.
pub(super) struct Lists<T> {
    pub(super) start: Vec<u32>,
    pub(super) items: Vec<T>,
}

impl<T> Lists<T> {
    pub(super) fn get(&self, i: usize) -> &[T] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }

    pub(super) fn len(&self) -> usize {
        self.start.len() - 1
    }
}

/// The puzzle's fixed structure: cells, segments and wall constraints.
pub(super) struct Model {
    /// Grid index of each cell.
    pub(super) pos_of: Vec<usize>,
    /// Horizontal and vertical segment of each cell.
    pub(super) hseg: Vec<u32>,
    pub(super) vseg: Vec<u32>,
    /// The cells of each segment.
    pub(super) seg_cells: Lists<u32>,
    /// Each numbered wall's number.
    pub(super) wall_number: Vec<u8>,
    /// Each numbered wall's neighbouring cells with their weights (directions reaching them).
    pub(super) wall_cells: Lists<(u32, u8)>,
    /// Each cell's numbered walls with the same weights.
    pub(super) cell_walls: Lists<(u32, u8)>,
}

impl Model {
    pub(super) fn new(game: &LightUp) -> Model {
        let squares = game.squares();
        let t = squares.topology();
        let mut cell_of = vec![NONE; t.len()];
        let mut pos_of = Vec::new();
        for (i, s) in squares.cells().iter().enumerate() {
            if !s.is_wall() {
                cell_of[i] = pos_of.len() as u32;
                pos_of.push(i);
            }
        }
        let (hseg, vseg, seg_cells) = segments(t, &cell_of, pos_of.len());
        let mut wall_number = Vec::new();
        let mut wall_cells = Lists {
            start: vec![0],
            items: Vec::new(),
        };
        for (i, s) in squares.cells().iter().enumerate() {
            let Some(number) = s.number() else { continue };
            wall_number.push(number);
            let from = wall_cells.items.len();
            for q in t.orthogonal(t.pos(i)) {
                let c = cell_of[t.index(q)];
                if c == NONE {
                    continue;
                }
                match wall_cells.items[from..].iter_mut().find(|(x, _)| *x == c) {
                    Some((_, w)) => *w += 1,
                    None => wall_cells.items.push((c, 1)),
                }
            }
            wall_cells.start.push(wall_cells.items.len() as u32);
        }
        let cell_walls = invert(&wall_cells, pos_of.len());
        Model {
            pos_of,
            hseg,
            vseg,
            seg_cells,
            wall_number,
            wall_cells,
            cell_walls,
        }
    }

    /// The puzzle's walls with bulbs on the cells listed.
    pub(super) fn position(&self, game: &LightUp, bulbs: &[u32]) -> LightUp {
        let mut squares = game
            .squares()
            .map(|&s| if s.is_wall() { s } else { Square::Blank });
        for &c in bulbs {
            squares.cells_mut()[self.pos_of[c as usize]] = Square::Bulb;
        }
        LightUp::with_flags(squares)
    }
}

/// For wall → (cell, weight) lists, the cell → (wall, weight) lists.
fn invert(wall_cells: &Lists<(u32, u8)>, cells: usize) -> Lists<(u32, u8)> {
    let mut start = vec![0u32; cells + 1];
    for &(c, _) in &wall_cells.items {
        start[c as usize + 1] += 1;
    }
    for i in 0..cells {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut items = vec![(0, 0); wall_cells.items.len()];
    for w in 0..wall_cells.len() {
        for &(c, weight) in wall_cells.get(w) {
            items[fill[c as usize] as usize] = (w as u32, weight);
            fill[c as usize] += 1;
        }
    }
    Lists { start, items }
}

/// Each cell's horizontal and vertical segment, and the cells of every segment. A segment is a
/// run of cells between walls; on a wrapping line it runs around, and a line without walls is
/// one segment — exactly the squares a bulb's rays reach (see [`Topology::ray`]).
fn segments(t: Topology, cell_of: &[u32], cells: usize) -> (Vec<u32>, Vec<u32>, Lists<u32>) {
    let mut seg_cells = Lists {
        start: vec![0],
        items: Vec::with_capacity(2 * cells),
    };
    let mut hseg = vec![NONE; cells];
    let mut vseg = vec![NONE; cells];
    for row in cell_of.chunks(t.cols.max(1)) {
        line_segments(row, t.wrapping, &mut hseg, &mut seg_cells);
    }
    let mut column = Vec::with_capacity(t.rows);
    for c in 0..t.cols {
        column.clear();
        column.extend((0..t.rows).map(|r| cell_of[r * t.cols + c]));
        line_segments(&column, t.wrapping, &mut vseg, &mut seg_cells);
    }
    (hseg, vseg, seg_cells)
}

/// Appends the segments of one row or column (cell ids, `NONE` for walls) and labels its cells.
fn line_segments(line: &[u32], wrapping: bool, seg: &mut [u32], seg_cells: &mut Lists<u32>) {
    // Start just after a wall so that, when wrapping, no run is cut at the line's end.
    let from = match line.iter().position(|&c| c == NONE) {
        Some(w) if wrapping => w + 1,
        _ => 0,
    };
    let mut open = false;
    for &c in line[from..].iter().chain(&line[..from]) {
        if c == NONE {
            if open {
                seg_cells.start.push(seg_cells.items.len() as u32);
                open = false;
            }
            continue;
        }
        // The open run becomes segment number `seg_cells.len()` when it closes.
        open = true;
        seg_cells.items.push(c);
        seg[c as usize] = seg_cells.len() as u32;
    }
    if open {
        seg_cells.start.push(seg_cells.items.len() as u32);
    }
}
