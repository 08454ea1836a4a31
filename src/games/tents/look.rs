//! How Tents looks in the TUI: trees, tents and grass, counts coloured by how they stand.

use super::rules::line_counts;
use super::{Rule4, Square, Tents};
use crate::game::Game;
use crate::grid::{Line, Pos};
use crate::look::{ClueState, Counter, Face, LineClue, LineFill, Look, PieceKey, SquareLook};
use crate::theme::{Role, Symbol};

impl Tents {
    /// A tent's symbol: plain, or (proof mode) an arrow toward the tree it is linked to.
    fn tent_symbol(&self, pos: Pos) -> Symbol {
        let Some(link) = self.link_of(pos).filter(|l| l.tent == pos) else {
            return Symbol::Tent;
        };
        let t = self.topology();
        let step = |dr: isize, dc: isize| {
            t.checked(pos.row as i64 + dr as i64, pos.col as i64 + dc as i64)
        };
        [
            (step(0, -1), Symbol::TentLinkedLeft),
            (step(0, 1), Symbol::TentLinkedRight),
            (step(-1, 0), Symbol::TentLinkedUp),
            (step(1, 0), Symbol::TentLinkedDown),
        ]
        .into_iter()
        .find(|(q, _)| *q == Some(link.tree))
        .map_or(Symbol::Tent, |(_, symbol)| symbol)
    }
}

const KEYS: &[PieceKey<Square>] = &[
    PieceKey {
        key: 't',
        piece: Square::Tent,
    },
    PieceKey {
        key: 'g',
        piece: Square::Grass,
    },
];

impl Look for Tents {
    fn square_look(&self, pos: Pos) -> SquareLook {
        let (symbol, roles): (Symbol, &'static [Role]) = match self.grid[pos] {
            Square::Empty => (Symbol::Empty, &[Role::Empty]),
            Square::Tree => (Symbol::Tree, &[Role::Empty, Role::Tree]),
            Square::Tent => (self.tent_symbol(pos), &[Role::Empty, Role::Tent]),
            Square::Grass => (Symbol::Grass, &[Role::Empty, Role::Grass]),
        };
        SquareLook {
            face: Face::Symbol(symbol),
            roles,
        }
    }

    fn row_clues(&self) -> Vec<LineClue> {
        let (tents, _) = line_counts(&self.grid, |s| s == Square::Tent);
        clues(&self.row_counts, &tents)
    }

    fn col_clues(&self) -> Vec<LineClue> {
        let (_, tents) = line_counts(&self.grid, |s| s == Square::Tent);
        clues(&self.col_counts, &tents)
    }

    fn counters(&self) -> Vec<Counter> {
        let expected: usize = self.row_counts.iter().sum();
        let placed = self
            .grid
            .cells()
            .iter()
            .filter(|&&s| s == Square::Tent)
            .count();
        vec![Counter {
            label: "tents left",
            value: expected as i64 - placed as i64,
        }]
    }

    fn rules_text(&self) -> Vec<String> {
        super::rules_text::rules_text(self.options(), self.topology().wrapping)
    }

    fn option_tags(&self) -> Vec<&'static str> {
        let options = self.options();
        let mut tags = Vec::new();
        if options.diagadj {
            tags.push("diagadj");
        }
        if options.rule4 == Rule4::Matching {
            tags.push("matching");
        }
        tags
    }

    fn piece_keys() -> &'static [PieceKey<Square>] {
        KEYS
    }

    fn fill_moves(&self, line: Line) -> Option<LineFill<Square>> {
        let (moves, still_needed) = self.sure_fill_moves(line);
        Some(LineFill {
            moves,
            still_needed,
        })
    }
}

/// The clues of lines expecting `expected` tents and holding `placed`.
fn clues(expected: &[usize], placed: &[usize]) -> Vec<LineClue> {
    expected
        .iter()
        .zip(placed)
        .map(|(&value, &placed)| LineClue {
            value,
            state: ClueState::of(placed, value),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn squares_show_their_piece_over_the_empty_base() {
        let g = Tents::default_2020().apply(Pos::new(0, 0), Square::Tent);
        let tent = g.square_look(Pos::new(0, 0));
        assert_eq!(tent.face, Face::Symbol(Symbol::Tent));
        assert_eq!(tent.roles, &[Role::Empty, Role::Tent]);
        assert_eq!(
            g.square_look(Pos::new(0, 4)).face,
            Face::Symbol(Symbol::Tree)
        );
        assert_eq!(g.square_look(Pos::new(0, 1)).roles, &[Role::Empty]);
    }

    #[test]
    fn clues_count_placed_tents() {
        // Row 1 expects 0: a tent there exceeds it; row 0 expects 3: one is not yet enough.
        let g = Tents::default_2020()
            .apply(Pos::new(0, 0), Square::Tent)
            .apply(Pos::new(1, 1), Square::Tent);
        let rows = g.row_clues();
        assert_eq!(rows[0].value, 3);
        assert_eq!(rows[0].state, ClueState::NotYet);
        assert_eq!(rows[1].state, ClueState::Exceeded);
        assert_eq!(rows[3].state, ClueState::Satisfied);
        let cols = g.col_clues();
        assert_eq!(cols.len(), 8);
        assert_eq!(cols[1].state, ClueState::Exceeded);
        assert_eq!(
            g.counters(),
            vec![Counter {
                label: "tents left",
                value: 10
            }]
        );
    }

    #[test]
    fn keys_and_fill() {
        assert_eq!(Tents::piece_for_key('t'), Some(Square::Tent));
        assert_eq!(Tents::piece_for_key('g'), Some(Square::Grass));
        assert_eq!(Tents::piece_for_key('b'), None);
        let g = Tents::default_2020();
        assert_eq!(
            Look::fill_moves(&g, Line::Row(1)).map(|m| m.moves.len()),
            Some(6)
        );
    }
}
