//! Planting a random puzzle: walls (optionally with 180° rotational symmetry), then bulbs that
//! light every square without lighting each other, then every wall numbered from those bulbs.
//! Where even the fully numbered puzzle leaves squares open, more walls go there.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::grid::{Dir, Grid, Pos, Topology};

use super::super::{LightUp, Square};

/// A uniform index below `n` (drawn as a `u32`, so the same on every platform).
pub fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    debug_assert!(n > 0 && n <= u32::MAX as usize);
    rng.random_range(0..n as u32) as usize
}

/// Fisher–Yates shuffle with [`below`].
pub fn shuffle<T>(v: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..v.len()).rev() {
        let j = below(rng, i + 1);
        v.swap(i, j);
    }
}

/// Walls and a planted solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plant {
    topology: Topology,
    symmetric: bool,
    wall: Vec<bool>,
    bulb: Vec<bool>,
}

impl Plant {
    /// About `percent`% walls at random (with `symmetric`, a square is a wall exactly when its
    /// 180° rotation is), and bulbs lighting every other square.
    pub fn new(topology: Topology, percent: usize, symmetric: bool, rng: &mut ChaCha8Rng) -> Plant {
        let len = topology.len();
        let target = len * percent / 100;
        let mut orbits: Vec<usize> = if symmetric {
            (0..len).filter(|&i| i <= len - 1 - i).collect()
        } else {
            (0..len).collect()
        };
        shuffle(&mut orbits, rng);
        let mut plant = Plant {
            topology,
            symmetric,
            wall: vec![false; len],
            bulb: vec![false; len],
        };
        let mut count = 0;
        for i in orbits {
            if count >= target {
                break;
            }
            count += plant.add_wall(i);
        }
        plant.light(rng);
        plant
    }

    /// Makes square `i` (and its rotation, if symmetric) a wall; the number of walls added.
    fn add_wall(&mut self, i: usize) -> usize {
        let partner = self.topology.len() - 1 - i;
        let mut squares = vec![i];
        if self.symmetric && partner != i {
            squares.push(partner);
        }
        let mut added = 0;
        for k in squares {
            if !self.wall[k] {
                self.wall[k] = true;
                self.bulb[k] = false;
                added += 1;
            }
        }
        added
    }

    /// Which squares the bulbs light.
    fn lit(&self) -> Vec<bool> {
        let t = self.topology;
        let mut lit = vec![false; t.len()];
        for i in (0..t.len()).filter(|&i| self.bulb[i]) {
            lit[i] = true;
            self.light_rays(i, &mut lit);
        }
        lit
    }

    fn light_rays(&self, i: usize, lit: &mut [bool]) {
        let t = self.topology;
        for d in Dir::ORTHOGONAL {
            for q in t.ray(t.pos(i), d) {
                let k = t.index(q);
                if self.wall[k] {
                    break;
                }
                lit[k] = true;
            }
        }
    }

    /// Visits the squares in random order and puts a bulb on each one still dark: no bulb
    /// lights another (a dark square sees none) and every square ends lit.
    fn light(&mut self, rng: &mut ChaCha8Rng) {
        let mut lit = self.lit();
        let mut order: Vec<usize> = (0..self.topology.len())
            .filter(|&i| !self.wall[i] && !lit[i])
            .collect();
        shuffle(&mut order, rng);
        for i in order {
            if !lit[i] {
                self.bulb[i] = true;
                lit[i] = true;
                self.light_rays(i, &mut lit);
            }
        }
    }

    /// Walls up to `count` of the given open squares (chosen at random), then re-lights the
    /// squares they darken.
    pub fn wall_in(&mut self, open: &[Pos], count: usize, rng: &mut ChaCha8Rng) {
        let mut open: Vec<usize> = open.iter().map(|&p| self.topology.index(p)).collect();
        shuffle(&mut open, rng);
        for &i in open.iter().take(count.max(1)) {
            self.add_wall(i);
        }
        self.light(rng);
    }

    /// The puzzle with every wall numbered by the bulbs next to it (counted per direction);
    /// the bulbs themselves are not placed.
    pub fn puzzle(&self) -> LightUp {
        let t = self.topology;
        let cells = (0..t.len())
            .map(|i| {
                if self.wall[i] {
                    let n = t
                        .orthogonal(t.pos(i))
                        .filter(|&q| self.bulb[t.index(q)])
                        .count();
                    Square::Wall(Some(n as u8))
                } else {
                    Square::Blank
                }
            })
            .collect();
        let grid = Grid::from_cells(t, cells).expect("one square per position");
        LightUp::new(grid).expect("at most four neighbours")
    }

    /// The planted solution: the puzzle with its bulbs.
    #[cfg(test)]
    pub fn solution(&self) -> LightUp {
        use crate::game::Game;
        let t = self.topology;
        (0..t.len())
            .filter(|&i| self.bulb[i])
            .fold(self.puzzle(), |g, i| {
                g.apply(t.pos(i), crate::games::lightup::Piece::Bulb)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use rand::SeedableRng;

    #[test]
    fn symmetric_walls_are_rotation_invariant() {
        let t = Topology::new(7, 9, false);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut plant = Plant::new(t, 20, true, &mut rng);
        let n = plant.wall.iter().filter(|&&x| x).count();
        assert!((12..=13).contains(&n), "{n}");
        plant.wall_in(&[Pos::new(1, 1), Pos::new(2, 5)], 2, &mut rng);
        for i in 0..t.len() {
            assert_eq!(plant.wall[i], plant.wall[t.len() - 1 - i]);
        }
    }

    #[test]
    fn planted_bulbs_win_the_numbered_puzzle() {
        for wrapping in [false, true] {
            let t = Topology::new(8, 6, wrapping);
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            let mut plant = Plant::new(t, 20, false, &mut rng);
            assert!(plant.solution().is_won());
            let open: Vec<Pos> = t.positions().filter(|&p| !plant.wall[t.index(p)]).collect();
            plant.wall_in(&open, 5, &mut rng);
            assert!(plant.solution().is_won());
        }
    }
}
