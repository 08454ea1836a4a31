//! How Light Up looks in the TUI: lit squares tinted, bulbs, marks and numbered walls.

use super::{LightUp, Piece, Square};
use crate::grid::Pos;
use crate::look::{Counter, Face, Look, PieceKey, SquareLook};
use crate::theme::{Role, Symbol};

const KEYS: &[PieceKey<Piece>] = &[
    PieceKey {
        key: 'l',
        piece: Piece::Bulb,
    },
    PieceKey {
        key: 'm',
        piece: Piece::Mark,
    },
];

impl Look for LightUp {
    fn square_look(&self, pos: Pos) -> SquareLook {
        let lit = self.is_lit(pos);
        let (face, roles): (Face, &'static [Role]) = match self.square(pos) {
            Some(Square::Blank) if lit => (Face::Symbol(Symbol::Lit), &[Role::Lit]),
            Some(Square::Bulb) => (Face::Symbol(Symbol::Bulb), &[Role::Lit, Role::Bulb]),
            Some(Square::Mark) if lit => (Face::Symbol(Symbol::LitMark), &[Role::Lit, Role::Mark]),
            Some(Square::Mark) => (Face::Symbol(Symbol::Mark), &[Role::Empty, Role::Mark]),
            Some(Square::Wall(None)) => (Face::Symbol(Symbol::Wall), &[Role::Wall]),
            Some(Square::Wall(Some(n))) => (Face::Number(n), &[Role::WallNumber]),
            Some(Square::Blank) | None => (Face::Symbol(Symbol::Empty), &[Role::Empty]),
        };
        SquareLook { face, roles }
    }

    fn counters(&self) -> Vec<Counter> {
        vec![
            Counter {
                label: "bulbs",
                value: self.bulb_count() as i64,
            },
            Counter {
                label: "unlit",
                value: self.unlit_count() as i64,
            },
        ]
    }

    fn rules_text(&self) -> Vec<String> {
        super::rules_text::rules_text(self.wrapping())
    }

    fn piece_keys() -> &'static [PieceKey<Piece>] {
        KEYS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn lit_squares_are_tinted_and_walls_show_numbers() {
        let g = LightUp::default_game().apply(Pos::new(3, 3), Piece::Bulb);
        assert_eq!(
            g.square_look(Pos::new(3, 3)),
            SquareLook {
                face: Face::Symbol(Symbol::Bulb),
                roles: &[Role::Lit, Role::Bulb]
            }
        );
        assert_eq!(g.square_look(Pos::new(3, 0)).roles, &[Role::Lit]);
        assert_eq!(g.square_look(Pos::new(6, 6)).roles, &[Role::Empty]);
        let marked = g
            .apply(Pos::new(3, 0), Piece::Mark)
            .apply(Pos::new(6, 6), Piece::Mark);
        assert_eq!(
            marked.square_look(Pos::new(3, 0)).face,
            Face::Symbol(Symbol::LitMark)
        );
        assert_eq!(
            marked.square_look(Pos::new(6, 6)).face,
            Face::Symbol(Symbol::Mark)
        );
        assert_eq!(g.square_look(Pos::new(0, 2)).face, Face::Number(1));
        assert_eq!(
            g.square_look(Pos::new(2, 5)).face,
            Face::Symbol(Symbol::Wall)
        );
        assert!(g.row_clues().is_empty());
        assert_eq!(g.counters()[0].value, 1);
    }

    #[test]
    fn keys_place_bulbs_and_marks_only() {
        assert_eq!(LightUp::piece_for_key('l'), Some(Piece::Bulb));
        assert_eq!(LightUp::piece_for_key('m'), Some(Piece::Mark));
        assert_eq!(LightUp::piece_for_key('b'), None);
    }
}
