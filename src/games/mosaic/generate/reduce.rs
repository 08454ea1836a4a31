//! Clue removal: a clue may go when the other clues still solve the puzzle with the target
//! tier's rules. That also proves the solution unique (rules only make sound deductions).
//!
//! The test is local. A [`Derivation`] of the solution tells when each square was decided and
//! with which clues. Squares decided before the removed clue's first use do not depend on it;
//! with those squares known, the remaining clues in a window around the removed clue are
//! propagated. If they decide again every square whose deduction used the removed clue, the
//! new deductions are spliced into the derivation just before that first use, and every later
//! deduction still holds (rules are monotone: more decided squares never deduce less). So the
//! derivation stays a proof for the smaller clue set, and each test costs a window, not a grid.
//! A removal the window cannot justify is refused: the result is minimal for this test, which
//! is slightly weaker than a whole-grid re-solve.

use super::derivation::Derivation;
use crate::deduce::Tier;
use crate::games::mosaic::deduce::{Engine, Model, UNKNOWN};
use crate::grid::Pos;

/// Window radii tried in turn (Chebyshev distance from the removed clue, in squares).
const RADII: [usize; 2] = [3, 6];

/// Radius of the window where case analysis (hard tier) probes squares: the removed clue's
/// own block (wider probing costs more than it frees).
const PROBE_RADIUS: usize = 1;

/// The clue set being thinned, over a model with a clue on every square (clue `i` sits on
/// square `i`).
pub struct Reducer<'m> {
    m: &'m Model,
    solution: &'m [bool],
    engine: Engine<'m>,
    /// Which clues are still part of the puzzle.
    pub present: Vec<bool>,
    tier: Tier,
    derivation: Derivation,
    activated: Vec<u32>,
}

impl<'m> Reducer<'m> {
    /// Every clue present; `None` unless they solve the puzzle at `tier`. Removals must keep
    /// it solvable at `tier`.
    pub fn new(m: &'m Model, solution: &'m [bool], tier: Tier) -> Option<Self> {
        let mut engine = Engine::with_all_clues(m);
        engine.start_journal();
        let solved = engine.close(tier).is_ok() && engine.solved();
        let journal = engine.take_journal();
        if !solved {
            return None;
        }
        let derivation = Derivation::new(m.cells(), m.clues(), &journal)?;
        engine.undo(0);
        engine.clear_queues();
        for c in 0..m.clues() as u32 {
            engine.deactivate(c);
        }
        Some(Reducer {
            m,
            solution,
            engine,
            present: vec![true; m.clues()],
            tier,
            derivation,
            activated: Vec::new(),
        })
    }

    /// Tries to remove clue `x`; keeps it when the test cannot justify the removal.
    pub fn try_remove(&mut self, x: u32) -> bool {
        if !self.present[x as usize] {
            return false;
        }
        let Some(first) = self.derivation.first_use(x) else {
            // No deduction rests on it.
            self.present[x as usize] = false;
            return true;
        };
        self.present[x as usize] = false;
        let before = self.derivation.time_of(first);
        let resting = self.derivation.resting_on(x);
        self.engine.start_journal();
        let ok = self.rebuilds(x, before, &resting);
        let journal = self.engine.take_journal();
        if ok {
            self.derivation.insert_before(first, &journal);
        } else {
            self.present[x as usize] = true;
        }
        self.reset();
        ok
    }

    fn reset(&mut self) {
        self.engine.undo(0);
        self.engine.clear_queues();
        for c in self.activated.drain(..) {
            self.engine.deactivate(c);
        }
    }

    /// Whether the present clues near `x`, from the squares decided before time `before`,
    /// decide every square of `resting` again.
    fn rebuilds(&mut self, x: u32, before: u64, resting: &[u32]) -> bool {
        let tricky = self.tier >= Tier::Tricky;
        let centre = self.m.clue_pos(x as usize);
        let t = self.m.topology;
        let whole = t.rows.max(t.cols);
        let reach = resting
            .iter()
            .map(|&c| distance(t, centre, self.m.pos(c)))
            .max()
            .unwrap_or(0);
        let mut inner: Option<usize> = None;
        for r in RADII {
            let r = r.min(whole);
            if r + 1 < reach {
                continue;
            }
            self.load_ring(centre, inner.map(|i| i + 1), r + 1, before);
            self.activate_ring(centre, inner, r);
            inner = Some(r);
            if self.engine.propagate(tricky).is_err() {
                return false;
            }
            if self.all_decided(resting) {
                return true;
            }
            if r == whole {
                break;
            }
        }
        if self.tier == Tier::Hard && inner.is_some_and(|r| r + 1 >= reach) {
            let cells = self.window_cells(centre, PROBE_RADIUS.min(whole));
            if self.engine.probe_closure(&cells).is_err() {
                return false;
            }
            return self.all_decided(resting);
        }
        false
    }

    fn all_decided(&self, cells: &[u32]) -> bool {
        cells.iter().all(|&c| self.engine.value(c) != UNKNOWN)
    }

    /// Colours, as the solution has them, the squares further than `inner` and at most `outer`
    /// from `centre` that were decided before time `before`.
    fn load_ring(&mut self, centre: Pos, inner: Option<usize>, outer: usize, before: u64) {
        let cells: Vec<u32> = window(self.m, centre, outer)
            .filter(|&(dist, _)| inner.is_none_or(|i| dist > i))
            .map(|(_, cell)| cell)
            .collect();
        for cell in cells {
            if self.engine.value(cell) == UNKNOWN && self.derivation.cell_time(cell) < before {
                let v = if self.solution[cell as usize] {
                    crate::games::mosaic::deduce::BLACK
                } else {
                    crate::games::mosaic::deduce::WHITE
                };
                self.engine.assign(cell, v);
            }
        }
    }

    /// Activates the present clues further than `inner` and at most `outer` from `centre`.
    fn activate_ring(&mut self, centre: Pos, inner: Option<usize>, outer: usize) {
        let cells: Vec<u32> = window(self.m, centre, outer)
            .filter(|&(dist, _)| inner.is_none_or(|i| dist > i))
            .map(|(_, cell)| cell)
            .collect();
        for cell in cells {
            if self.present[cell as usize] && !self.engine.is_active(cell) {
                self.engine.activate(cell);
                self.activated.push(cell);
            }
        }
    }

    /// The undecided squares within `d` of `centre` that an active clue counts.
    fn window_cells(&self, centre: Pos, d: usize) -> Vec<u32> {
        window(self.m, centre, d)
            .map(|(_, cell)| cell)
            .filter(|&cell| self.engine.value(cell) == UNKNOWN && self.engine.covered(cell))
            .collect()
    }
}

/// Chebyshev distance, around the torus when the grid wraps.
fn distance(t: crate::grid::Topology, a: Pos, b: Pos) -> usize {
    let axis = |x: usize, y: usize, n: usize| {
        let d = x.abs_diff(y);
        if t.wrapping { d.min(n - d) } else { d }
    };
    axis(a.row, b.row, t.rows).max(axis(a.col, b.col, t.cols))
}

/// The squares at most `d` from `centre`, once each, with their distance.
fn window(m: &Model, centre: Pos, d: usize) -> impl Iterator<Item = (usize, u32)> + use<> {
    let t = m.topology;
    let d = d as isize;
    let (rows, cols) = (t.rows as isize, t.cols as isize);
    let (r0, c0) = (centre.row as isize, centre.col as isize);
    // On a torus, a window wider than the grid must not visit a square twice.
    let span = |n: isize| {
        if t.wrapping && 2 * d + 1 >= n {
            (-(n / 2), (n - 1) / 2)
        } else {
            (-d, d)
        }
    };
    let (rlo, rhi) = span(rows);
    let (clo, chi) = span(cols);
    (rlo..=rhi).flat_map(move |dr| {
        (clo..=chi).filter_map(move |dc| {
            let (r, c) = (r0 + dr, c0 + dc);
            let (r, c) = if t.wrapping {
                (r.rem_euclid(rows), c.rem_euclid(cols))
            } else if (0..rows).contains(&r) && (0..cols).contains(&c) {
                (r, c)
            } else {
                return None;
            };
            let dist = dr.unsigned_abs().max(dc.unsigned_abs());
            Some((dist, (r * cols + c) as u32))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mosaic::Neighbourhood;
    use crate::grid::Topology;

    fn model(rows: usize, cols: usize, wrapping: bool) -> Model {
        let t = Topology::new(rows, cols, wrapping);
        Model::everywhere(t, Neighbourhood::Full, &vec![false; t.len()])
    }

    #[test]
    fn windows_visit_each_square_once_even_on_small_tori() {
        for (rows, cols, wrapping) in [(4, 5, true), (3, 3, true), (9, 9, false), (2, 7, true)] {
            let m = model(rows, cols, wrapping);
            for d in [0, 1, 2, 3, 6] {
                let mut cells: Vec<u32> = window(&m, Pos::new(1, 1), d).map(|(_, c)| c).collect();
                let n = cells.len();
                cells.sort_unstable();
                cells.dedup();
                assert_eq!(cells.len(), n);
                for (dist, c) in window(&m, Pos::new(1, 1), d) {
                    assert!(dist <= d);
                    assert_eq!(distance(m.topology, Pos::new(1, 1), m.pos(c)), dist);
                }
            }
            let whole = window(&m, Pos::new(0, 0), rows.max(cols)).count();
            assert_eq!(whole, rows * cols);
        }
    }

    #[test]
    fn distance_wraps_on_tori() {
        let t = Topology::new(10, 10, true);
        assert_eq!(distance(t, Pos::new(0, 0), Pos::new(9, 9)), 1);
        let t = Topology::new(10, 10, false);
        assert_eq!(distance(t, Pos::new(0, 0), Pos::new(9, 9)), 9);
    }

    #[test]
    fn removals_keep_the_puzzle_solvable() {
        let t = Topology::new(8, 8, false);
        let black: Vec<bool> = (0..64).map(|i| (i * 7 + i / 3) % 5 < 2).collect();
        let m = Model::everywhere(t, Neighbourhood::Full, &black);
        let Some(mut r) = Reducer::new(&m, &black, Tier::Tricky) else {
            panic!("clues everywhere solve this grid");
        };
        let removed = (0..64).filter(|&c| r.try_remove(c)).count();
        assert!(removed > 10);
        let gone = (0..64u32).find(|&c| !r.present[c as usize]).unwrap();
        assert!(!r.try_remove(gone));
        let mut e = Engine::new(&m);
        for c in 0..64 {
            if r.present[c] {
                e.activate(c as u32);
            }
        }
        e.close(Tier::Tricky).unwrap();
        assert!(e.solved());
        for c in 0..64u32 {
            assert_eq!(
                e.value(c) == crate::games::mosaic::deduce::BLACK,
                black[c as usize]
            );
        }
    }
}
