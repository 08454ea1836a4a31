//! How Mosaic looks in the TUI: colours, with clues on their squares, dimmed once satisfied.

use super::{Colour, Mosaic, Neighbourhood, Status, neighbourhood_name};
use crate::game::Game;
use crate::grid::Pos;
use crate::look::{Counter, Face, Look, PieceKey, SquareLook};
use crate::theme::{Role, Symbol};

const KEYS: &[PieceKey<Colour>] = &[
    PieceKey {
        key: 'b',
        piece: Colour::Black,
    },
    PieceKey {
        key: 'w',
        piece: Colour::White,
    },
];

impl Look for Mosaic {
    // Both colours are painted along a drag, as in Tatham's Mosaic.
    fn drag_paints(_: Colour) -> bool {
        true
    }

    fn square_look(&self, pos: Pos) -> SquareLook {
        let colour = self.colour(pos);
        let Some(clue) = self.clue(pos) else {
            let (symbol, roles): (Symbol, &'static [Role]) = match colour {
                Colour::Empty => (Symbol::Empty, &[Role::Empty]),
                Colour::Black => (Symbol::Black, &[Role::Empty, Role::Black]),
                Colour::White => (Symbol::White, &[Role::Empty, Role::White]),
            };
            return SquareLook {
                face: Face::Symbol(symbol),
                roles,
            };
        };
        // The clue's digit takes the square's colour; a satisfied clue is dimmed on top.
        let satisfied = self.status(pos) == Status::Satisfied;
        let roles: &'static [Role] = match (colour, satisfied) {
            (Colour::Empty, false) => &[Role::Empty, Role::Clue],
            (Colour::Empty, true) => &[Role::Empty, Role::Clue, Role::Dim],
            (Colour::Black, false) => &[Role::Empty, Role::Black],
            (Colour::Black, true) => &[Role::Empty, Role::Black, Role::Dim],
            (Colour::White, false) => &[Role::Empty, Role::White],
            (Colour::White, true) => &[Role::Empty, Role::White, Role::Dim],
        };
        SquareLook {
            face: Face::Number(clue),
            roles,
        }
    }

    fn counters(&self) -> Vec<Counter> {
        let empty = self
            .colours()
            .cells()
            .iter()
            .filter(|&&c| c == Colour::Empty)
            .count();
        vec![Counter {
            label: "squares left",
            value: empty as i64,
        }]
    }

    fn rules_text(&self) -> Vec<String> {
        super::rules_text::rules_text(self.options().neighbourhood, self.topology().wrapping)
    }

    fn option_tags(&self) -> Vec<&'static str> {
        match self.options().neighbourhood {
            Neighbourhood::Full => Vec::new(),
            other => vec![neighbourhood_name(other)],
        }
    }

    fn piece_keys() -> &'static [PieceKey<Colour>] {
        KEYS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn clues_sit_on_their_squares_and_dim_when_satisfied() {
        let g = Mosaic::default_game();
        let clue = g.square_look(Pos::new(0, 0));
        assert_eq!(clue.face, Face::Number(0));
        assert_eq!(clue.roles, &[Role::Empty, Role::Clue]);
        // The 0 clue at (0,0) counts (0,0) (0,1) (1,0) (1,1): all white satisfies it.
        let done = [(0, 0), (0, 1), (1, 0), (1, 1)]
            .iter()
            .fold(g.clone(), |g, &(r, c)| {
                g.apply(Pos::new(r, c), Colour::White)
            });
        assert_eq!(
            done.square_look(Pos::new(0, 0)).roles,
            &[Role::Empty, Role::White, Role::Dim]
        );
        assert_eq!(
            done.square_look(Pos::new(0, 1)).face,
            Face::Symbol(Symbol::White)
        );
        assert_eq!(done.counters()[0].value, 21);
    }

    #[test]
    fn keys_are_black_and_white() {
        assert_eq!(Mosaic::piece_for_key('b'), Some(Colour::Black));
        assert_eq!(Mosaic::piece_for_key('w'), Some(Colour::White));
        assert_eq!(Mosaic::piece_for_key('t'), None);
    }
}
