//! The fixed structure of a puzzle as the deduction engine sees it: the non-wall squares
//! ("cells", numbered row-major), the segments a bulb lights, and the numbered walls.

use std::cell::RefCell;
use std::rc::Rc;

use crate::game::Game;
use crate::grid::Pos;
use crate::proof::memo::{Slot, last_built};

use super::super::{LightUp, Square};

/// Marks "no cell / no segment / no wall".
pub const NONE: u32 = u32::MAX;

/// A numbered wall: its square, its number and its neighbour cells with their weights (how many
/// directions reach each one: 2 on tiny wrapped grids).
#[derive(Clone, Copy, Debug)]
pub struct Wall {
    /// The wall's square.
    pub pos: Pos,
    /// Its number.
    pub number: u8,
    len: u8,
    cells: [(u32, u8); 4],
}

impl Wall {
    /// Neighbour cells and weights, each cell once, ascending.
    pub fn cells(&self) -> &[(u32, u8)] {
        &self.cells[..usize::from(self.len)]
    }
}

/// Cells, segments and numbered walls of one puzzle, in flat arrays.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The square of each cell.
    pub pos_of: Vec<Pos>,
    cell_of: Vec<u32>,
    cols: usize,
    /// Each cell's horizontal segment.
    pub hseg: Vec<u32>,
    /// Each cell's vertical segment.
    pub vseg: Vec<u32>,
    seg_start: Vec<u32>,
    seg_list: Vec<u32>,
    /// The numbered walls, row-major.
    pub walls: Vec<Wall>,
    cw_start: Vec<u32>,
    cw_list: Vec<(u32, u8)>,
    sw_start: Vec<u32>,
    sw_list: Vec<u32>,
}

impl Layout {
    /// [`Layout::new`], kept for the next call on the same puzzle on this thread (the proof
    /// checker's rule checks, one per rule and position).
    pub fn shared(game: &LightUp) -> Rc<Layout> {
        thread_local! {
            static LAST: Slot<LightUp, Layout> = const { RefCell::new(None) };
        }
        last_built(&LAST, game.cleared(), || Layout::new(game))
    }

    /// The layout of a puzzle (pieces on it are ignored).
    pub fn new(game: &LightUp) -> Layout {
        let squares = game.squares();
        let topology = squares.topology();
        let mut cell_of = vec![NONE; topology.len()];
        let mut pos_of = Vec::new();
        for (i, s) in squares.cells().iter().enumerate() {
            if !s.is_wall() {
                cell_of[i] = pos_of.len() as u32;
                pos_of.push(topology.pos(i));
            }
        }
        let cells = pos_of.len();
        let mut hseg = vec![NONE; cells];
        let mut vseg = vec![NONE; cells];
        let mut seg_start = Vec::new();
        let mut seg_list = Vec::with_capacity(2 * cells);
        let (rows, cols) = (topology.rows, topology.cols);
        for r in 0..rows {
            let line: Vec<u32> = (0..cols).map(|c| cell_of[r * cols + c]).collect();
            runs(
                &line,
                topology.wrapping,
                &mut hseg,
                &mut seg_start,
                &mut seg_list,
            );
        }
        for c in 0..cols {
            let line: Vec<u32> = (0..rows).map(|r| cell_of[r * cols + c]).collect();
            runs(
                &line,
                topology.wrapping,
                &mut vseg,
                &mut seg_start,
                &mut seg_list,
            );
        }
        seg_start.push(seg_list.len() as u32);
        let mut walls = Vec::new();
        for (i, s) in squares.cells().iter().enumerate() {
            let Square::Wall(Some(number)) = *s else {
                continue;
            };
            let pos = topology.pos(i);
            let mut near = [(0u32, 0u8); 4];
            let mut len = 0usize;
            for q in topology.orthogonal(pos) {
                let c = cell_of[topology.index(q)];
                if c == NONE {
                    continue;
                }
                match near[..len].iter_mut().find(|(x, _)| *x == c) {
                    Some((_, w)) => *w += 1,
                    None => {
                        near[len] = (c, 1);
                        len += 1;
                    }
                }
            }
            near[..len].sort_unstable();
            walls.push(Wall {
                pos,
                number,
                len: len as u8,
                cells: near,
            });
        }
        let mut layout = Layout {
            pos_of,
            cell_of,
            cols,
            hseg,
            vseg,
            seg_start,
            seg_list,
            walls,
            cw_start: Vec::new(),
            cw_list: Vec::new(),
            sw_start: Vec::new(),
            sw_list: Vec::new(),
        };
        layout.link_walls();
        layout
    }

    /// The same puzzle with numbered wall `w` (an index into [`Layout::walls`]) unnumbered.
    pub fn without_wall(&self, w: u32) -> Layout {
        let mut layout = self.clone();
        layout.walls.remove(w as usize);
        layout.link_walls();
        layout
    }

    /// Builds the lists of walls next to each cell and each segment from `walls`.
    fn link_walls(&mut self) {
        let cells = self.pos_of.len();
        let mut start = vec![0u32; cells + 1];
        for wall in &self.walls {
            for &(c, _) in wall.cells() {
                start[c as usize + 1] += 1;
            }
        }
        for c in 0..cells {
            start[c + 1] += start[c];
        }
        let mut fill = start.clone();
        let mut list = vec![(0u32, 0u8); start[cells] as usize];
        for (id, wall) in self.walls.iter().enumerate() {
            for &(c, wt) in wall.cells() {
                list[fill[c as usize] as usize] = (id as u32, wt);
                fill[c as usize] += 1;
            }
        }
        self.cw_start = start;
        self.cw_list = list;
        self.sw_start.clear();
        self.sw_list.clear();
        // The last segment each wall was listed for, to list it once per segment.
        let mut listed_for = vec![NONE; self.walls.len()];
        for seg in 0..self.seg_start.len() - 1 {
            self.sw_start.push(self.sw_list.len() as u32);
            let (a, b) = (
                self.seg_start[seg] as usize,
                self.seg_start[seg + 1] as usize,
            );
            for k in a..b {
                let c = self.seg_list[k] as usize;
                for j in self.cw_start[c] as usize..self.cw_start[c + 1] as usize {
                    let w = self.cw_list[j].0;
                    if listed_for[w as usize] != seg as u32 {
                        listed_for[w as usize] = seg as u32;
                        self.sw_list.push(w);
                    }
                }
            }
        }
        self.sw_start.push(self.sw_list.len() as u32);
    }

    /// The numbered walls next to some cell of a segment, each once.
    pub fn seg_walls(&self, s: u32) -> &[u32] {
        let s = s as usize;
        &self.sw_list[self.sw_start[s] as usize..self.sw_start[s + 1] as usize]
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.pos_of.len()
    }

    /// The cell on a square, if it is not a wall.
    pub fn cell_of(&self, p: Pos) -> Option<u32> {
        self.cell_of
            .get(p.row * self.cols + p.col)
            .copied()
            .filter(|&c| c != NONE)
    }

    /// Number of segments.
    pub fn seg_count(&self) -> usize {
        self.seg_start.len() - 1
    }

    /// A segment's cells, ascending.
    pub fn seg(&self, s: u32) -> &[u32] {
        let s = s as usize;
        &self.seg_list[self.seg_start[s] as usize..self.seg_start[s + 1] as usize]
    }

    /// The numbered walls next to a cell, with the cell's weight for each.
    pub fn walls_of(&self, c: u32) -> &[(u32, u8)] {
        let c = c as usize;
        &self.cw_list[self.cw_start[c] as usize..self.cw_start[c + 1] as usize]
    }

    /// A numbered wall's neighbour cells and weights.
    pub fn wall_cells(&self, w: u32) -> &[(u32, u8)] {
        self.walls[w as usize].cells()
    }

    /// Whether two distinct cells see each other (share a segment).
    pub fn sees(&self, a: u32, b: u32) -> bool {
        let (a, b) = (a as usize, b as usize);
        a != b && (self.hseg[a] == self.hseg[b] || self.vseg[a] == self.vseg[b])
    }

    /// Whether a bulb on `a` lights `b` (`a` lights itself).
    pub fn lights(&self, a: u32, b: u32) -> bool {
        a == b || self.sees(a, b)
    }

    /// The two segments of a cell.
    pub fn segs(&self, c: u32) -> [u32; 2] {
        [self.hseg[c as usize], self.vseg[c as usize]]
    }

    /// The cells lighting `c` or lit by it: its two segments (`c` appears in both).
    pub fn line_cells(&self, c: u32) -> impl Iterator<Item = u32> + '_ {
        let [h, v] = self.segs(c);
        self.seg(h).iter().chain(self.seg(v)).copied()
    }

    /// The weight of cell `c` for wall `w` (0 if not adjacent).
    pub fn weight(&self, w: u32, c: u32) -> u8 {
        self.walls_of(c)
            .iter()
            .find(|&&(x, _)| x == w)
            .map_or(0, |&(_, wt)| wt)
    }
}

/// Splits one row or column (its cells, `NONE` on walls) into segments: runs of cells between
/// walls, joined across the edge when the grid wraps (a line without walls is one segment).
/// Labels the cells in `seg` and appends each segment, ascending, to the flat lists.
fn runs(
    line: &[u32],
    wrapping: bool,
    seg: &mut [u32],
    seg_start: &mut Vec<u32>,
    seg_list: &mut Vec<u32>,
) {
    let n = line.len();
    let first_wall = line.iter().position(|&c| c == NONE);
    // Start just after a wall when wrapping, so no run is cut by the edge.
    let start = match (wrapping, first_wall) {
        (true, Some(w)) => w + 1,
        _ => 0,
    };
    let mut open = false;
    for k in 0..n {
        let i = (start + k) % n;
        let c = line[i];
        if c == NONE {
            if open {
                close_run(seg_start, seg_list);
                open = false;
            }
            continue;
        }
        if !open {
            seg_start.push(seg_list.len() as u32);
            open = true;
        }
        seg[c as usize] = (seg_start.len() - 1) as u32;
        seg_list.push(c);
    }
    if open {
        close_run(seg_start, seg_list);
    }
}

/// Sorts the last segment's cells.
fn close_run(seg_start: &[u32], seg_list: &mut [u32]) {
    let from = seg_start.last().copied().unwrap_or(0) as usize;
    seg_list[from..].sort_unstable();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn layout(text: &str) -> Layout {
        Layout::new(&LightUp::parse(text).unwrap())
    }

    #[test]
    fn segments_stop_at_walls() {
        let l = layout("2 4 0\nbbwb\nbbbb\n");
        // Cells: (0,0)=0 (0,1)=1 (0,3)=2 (1,0..3)=3..6.
        assert!(l.sees(0, 1));
        assert!(!l.sees(1, 2));
        assert!(l.sees(0, 3));
        assert!(!l.sees(2, 5));
        assert!(l.sees(2, 6));
        assert!(l.lights(4, 4));
    }

    #[test]
    fn wrapped_rows_join_around_the_edge() {
        let l = layout("1 4 1\nbwbb\n");
        // Cells (0,0)=0, (0,2)=1, (0,3)=2: the row wraps from (0,3) to (0,0).
        assert!(l.sees(0, 2));
        assert!(l.sees(0, 1));
    }

    #[test]
    fn tiny_wrapped_walls_count_a_neighbour_twice() {
        let l = layout("1 2 1\n1b\n");
        assert_eq!(l.walls.len(), 1);
        assert_eq!(l.walls[0].cells(), &[(0, 2)]);
        assert_eq!(l.weight(0, 0), 2);
    }
}
