//! The status of each square, the error marks and the win test (docs/rules.md#mosaic).

use super::{Colour, Mosaic};
use crate::game::{ErrorMark, Game, Target};
use crate::games::mosaic::Neighbourhood;
use crate::grid::{Dir, Pos};

/// How a square stands with respect to its neighbourhood.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// A clue that can no longer be met: too many black squares, or too few left to colour.
    Error,
    /// Not decided yet: some square of the neighbourhood is still empty.
    Unsatisfied,
    /// Decided and correct.
    Satisfied,
}

/// The steps from a square to the squares its clue counts.
pub fn neighbourhood_dirs(n: Neighbourhood) -> &'static [Dir] {
    match n {
        Neighbourhood::Full => &Dir::BLOCK,
        Neighbourhood::Ortho => &Dir::CROSS,
        Neighbourhood::FullExclude => &Dir::AROUND,
        Neighbourhood::OrthoExclude => &Dir::ORTHOGONAL,
    }
}

/// Black and empty squares in the neighbourhood of `pos`, counted per direction.
fn black_and_empty(game: &Mosaic, pos: Pos) -> (usize, usize) {
    game.neighbours(pos)
        .fold((0, 0), |(b, e), p| match game.colour(p) {
            Colour::Black => (b + 1, e),
            Colour::Empty => (b, e + 1),
            Colour::White => (b, e),
        })
}

impl Mosaic {
    /// The status of a square, exactly as docs/rules.md#mosaic defines it.
    pub fn status(&self, pos: Pos) -> Status {
        let (black, empty) = black_and_empty(self, pos);
        match self.clue(pos) {
            Some(clue) => {
                let clue = usize::from(clue);
                if black > clue || black + empty < clue {
                    Status::Error
                } else if empty > 0 {
                    Status::Unsatisfied
                } else {
                    Status::Satisfied
                }
            }
            None if empty > 0 => Status::Unsatisfied,
            None => Status::Satisfied,
        }
    }
}

/// The clues in error, with why.
pub fn error_marks(game: &Mosaic) -> Vec<ErrorMark> {
    game.topology()
        .positions()
        .filter_map(|pos| {
            let clue = usize::from(game.clue(pos)?);
            let (black, empty) = black_and_empty(game, pos);
            let reason = if black > clue {
                "too many black squares"
            } else if black + empty < clue {
                "not enough room for black squares"
            } else {
                return None;
            };
            Some(ErrorMark {
                target: Target::Square(pos),
                reason: reason.into(),
            })
        })
        .collect()
}

/// Won when every square is satisfied and, as docs/rules.md#mosaic adds, none is empty. The second
/// part only matters on a 1x1 grid without wrapping under an exclusive neighbourhood, where the
/// square is in no neighbourhood at all and would otherwise be "satisfied" while still empty.
pub fn is_won(game: &Mosaic) -> bool {
    game.colours().cells().iter().all(|&c| c != Colour::Empty)
        && game
            .topology()
            .positions()
            .all(|pos| game.status(pos) == Status::Satisfied)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::grid::{Grid, Topology};

    fn grid(rows: usize, cols: usize, wrapping: bool, n: Neighbourhood) -> Mosaic {
        let clues = Grid::filled(Topology::new(rows, cols, wrapping), None);
        Mosaic::new(clues, n).unwrap()
    }

    #[test]
    fn neighbourhood_sizes_in_the_middle_of_a_grid() {
        let sizes = [
            (Neighbourhood::Full, 9),
            (Neighbourhood::Ortho, 5),
            (Neighbourhood::FullExclude, 8),
            (Neighbourhood::OrthoExclude, 4),
        ];
        for (n, size) in sizes {
            assert_eq!(
                grid(5, 5, false, n).neighbours(Pos::new(2, 2)).count(),
                size
            );
        }
    }

    #[test]
    fn corner_neighbourhoods_stop_at_edges_unless_wrapping() {
        assert_eq!(
            grid(5, 5, false, Neighbourhood::Full)
                .neighbours(Pos::new(0, 0))
                .count(),
            4
        );
        assert_eq!(
            grid(5, 5, true, Neighbourhood::Full)
                .neighbours(Pos::new(0, 0))
                .count(),
            9
        );
    }

    #[test]
    fn unclued_square_is_satisfied_once_its_neighbourhood_is_coloured() {
        let g = grid(1, 2, false, Neighbourhood::Full);
        assert_eq!(g.status(Pos::new(0, 0)), Status::Unsatisfied);
        let g = g.apply(Pos::new(0, 0), Colour::White);
        assert_eq!(g.status(Pos::new(0, 0)), Status::Unsatisfied);
        let g = g.apply(Pos::new(0, 1), Colour::Black);
        assert_eq!(g.status(Pos::new(0, 0)), Status::Satisfied);
        assert!(g.is_won());
    }

    #[test]
    fn a_square_in_no_neighbourhood_must_still_be_coloured() {
        let g = grid(1, 1, false, Neighbourhood::FullExclude);
        assert_eq!(g.status(Pos::new(0, 0)), Status::Satisfied);
        assert!(!g.is_won());
        assert!(g.apply(Pos::new(0, 0), Colour::White).is_won());
    }
}
