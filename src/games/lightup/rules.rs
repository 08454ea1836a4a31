//! The rules of Light Up: which squares are lit, which carry the error flag, and when the
//! position is won (docs/rules.md#light-up).

use crate::game::{ErrorMark, Target};
use crate::grid::{Dir, Grid, Pos};

use super::Square;

/// The flags derived from the squares, recomputed after every change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    /// A bulb lights this square (bulbs light their own square).
    pub lit: bool,
    /// A bulb lit by another bulb, or a numbered wall that cannot be or is not satisfied.
    pub error: bool,
}

/// Why a square carries the error flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A bulb that another bulb lights.
    BulbLit,
    /// A numbered wall with more adjacent bulbs than its number.
    TooManyBulbs,
    /// A numbered wall whose bulbs plus unlit blank neighbours fall short of its number.
    NotEnoughRoom,
}

impl ErrorKind {
    /// The short reason shown to players.
    pub fn reason(self) -> &'static str {
        match self {
            ErrorKind::BulbLit => "bulb lit by another bulb",
            ErrorKind::TooManyBulbs => "too many bulbs",
            ErrorKind::NotEnoughRoom => "not enough room for bulbs",
        }
    }
}

/// Lit and error flags of every square, computed from scratch.
pub fn flags(squares: &Grid<Square>) -> Grid<Flags> {
    let topology = squares.topology();
    let mut flags = Grid::filled(topology, Flags::default());
    for (pos, &square) in squares.iter() {
        if square != Square::Bulb {
            continue;
        }
        flags[pos].lit = true;
        for d in Dir::ORTHOGONAL {
            for q in topology.ray(pos, d) {
                match squares[q] {
                    Square::Wall(_) => break,
                    Square::Bulb => flags[pos].error = true,
                    _ => {}
                }
                flags[q].lit = true;
            }
        }
    }
    for (pos, &square) in squares.iter() {
        if let Square::Wall(Some(_)) = square
            && wall_error(squares, &flags, pos).is_some()
        {
            flags[pos].error = true;
        }
    }
    flags
}

/// Why the numbered wall at `pos` is in error, if it is. Neighbours are counted per direction.
fn wall_error(squares: &Grid<Square>, flags: &Grid<Flags>, pos: Pos) -> Option<ErrorKind> {
    let number = usize::from(squares[pos].number()?);
    let (mut bulbs, mut free) = (0, 0);
    for q in squares.topology().orthogonal(pos) {
        match squares[q] {
            Square::Bulb => bulbs += 1,
            Square::Blank if !flags[q].lit => free += 1,
            _ => {}
        }
    }
    if bulbs > number {
        Some(ErrorKind::TooManyBulbs)
    } else if bulbs + free < number {
        Some(ErrorKind::NotEnoughRoom)
    } else {
        None
    }
}

/// Why the square at `pos` carries the error flag, if it does.
pub fn error_kind(squares: &Grid<Square>, flags: &Grid<Flags>, pos: Pos) -> Option<ErrorKind> {
    if !flags.get(pos)?.error {
        return None;
    }
    match squares[pos] {
        Square::Bulb => Some(ErrorKind::BulbLit),
        Square::Wall(Some(_)) => wall_error(squares, flags, pos),
        _ => None,
    }
}

/// One error mark per flagged square, row-major.
pub fn error_marks(squares: &Grid<Square>, flags: &Grid<Flags>) -> Vec<ErrorMark> {
    squares
        .topology()
        .positions()
        .filter_map(|pos| {
            error_kind(squares, flags, pos).map(|kind| ErrorMark {
                target: Target::Square(pos),
                reason: kind.reason().into(),
            })
        })
        .collect()
}

/// Won: every non-wall square lit and no square flagged.
pub fn is_won(squares: &Grid<Square>, flags: &Grid<Flags>) -> bool {
    squares
        .cells()
        .iter()
        .zip(flags.cells())
        .all(|(s, f)| !f.error && (s.is_wall() || f.lit))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Topology;

    fn grid(rows: &[&str], wrapping: bool) -> Grid<Square> {
        let t = Topology::new(rows.len(), rows[0].len(), wrapping);
        let cells = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| Square::from_char(c).unwrap()))
            .collect();
        Grid::from_cells(t, cells).unwrap()
    }

    #[test]
    fn rays_stop_at_walls_and_edges() {
        let g = grid(&["b*bwb", "bbbbb"], false);
        let f = flags(&g);
        let lit: Vec<bool> = f.cells().iter().map(|f| f.lit).collect();
        assert_eq!(
            lit,
            [
                true, true, true, false, false, false, true, false, false, false
            ]
        );
    }

    #[test]
    fn bulbs_lighting_each_other_are_both_flagged() {
        let g = grid(&["*b*w*"], false);
        let f = flags(&g);
        assert!(f[Pos::new(0, 0)].error);
        assert!(f[Pos::new(0, 2)].error);
        assert!(!f[Pos::new(0, 4)].error);
    }

    #[test]
    fn marks_do_not_count_as_room() {
        let g = grid(&["-1-"], false);
        let f = flags(&g);
        assert_eq!(
            error_kind(&g, &f, Pos::new(0, 1)),
            Some(ErrorKind::NotEnoughRoom)
        );
        let g = grid(&["b1-"], false);
        assert_eq!(error_kind(&g, &flags(&g), Pos::new(0, 1)), None);
    }

    #[test]
    fn too_many_bulbs_beats_room() {
        let g = grid(&["*1*"], false);
        let f = flags(&g);
        assert_eq!(
            error_kind(&g, &f, Pos::new(0, 1)),
            Some(ErrorKind::TooManyBulbs)
        );
        assert!(!is_won(&g, &f));
    }

    #[test]
    fn unnumbered_walls_never_err() {
        let g = grid(&["*w*"], false);
        let f = flags(&g);
        assert!(f.cells().iter().all(|f| !f.error));
        assert!(is_won(&g, &f));
    }
}
