//! The board in the course's `game_print` layout (docs/cli.md#text-mode), used by `text` mode.

use crate::game::Game;
use crate::grid::Pos;

use super::{LightUp, Square};

/// The board: column indices, a rule, one line per row, a rule. Indices are printed modulo 10.
/// Squares: `' '` blank unlit, `.` blank lit, `*` bulb, `-` mark, `w` wall, `0`-`4` numbered wall.
pub fn print_board(game: &LightUp) -> String {
    let t = game.topology();
    let digits: String = (0..t.cols).map(digit).collect();
    let rule = "-".repeat(t.cols);
    let mut out = format!("   {digits}\n   {rule}\n");
    for i in 0..t.rows {
        out.push(digit(i));
        out.push_str(" |");
        for j in 0..t.cols {
            out.push(glyph(game, Pos::new(i, j)));
        }
        out.push_str("|\n");
    }
    out.push_str(&format!("   {rule}\n"));
    out
}

fn digit(i: usize) -> char {
    char::from(b'0' + (i % 10) as u8)
}

fn glyph(game: &LightUp, pos: Pos) -> char {
    match game.square(pos) {
        Some(Square::Blank) if game.is_lit(pos) => '.',
        Some(Square::Blank) | None => ' ',
        Some(square) => square.to_char(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lightup::Piece;

    #[test]
    fn default_game_in_the_course_layout() {
        let g = LightUp::default_game();
        let expected = "   0123456\n   -------\n\
                        0 |  1    |\n\
                        1 |  2    |\n\
                        2 |     w2|\n\
                        3 |       |\n\
                        4 |1w     |\n\
                        5 |    2  |\n\
                        6 |    w  |\n   -------\n";
        assert_eq!(print_board(&g), expected);
    }

    #[test]
    fn lit_squares_bulbs_and_marks() {
        let g = LightUp::default_game()
            .apply(Pos::new(3, 3), Piece::Bulb)
            .apply(Pos::new(3, 0), Piece::Mark);
        let board = print_board(&g);
        assert!(board.contains("\n3 |-..*...|\n"), "{board}");
        assert!(board.contains("\n0 |  1.   |\n"), "{board}");
        assert!(board.contains("\n5 |   .2  |\n"), "{board}");
    }

    #[test]
    fn indices_wrap_modulo_ten() {
        let g = LightUp::empty(crate::grid::Topology::new(11, 12, false));
        let board = print_board(&g);
        assert!(board.starts_with("   012345678901\n"));
        assert!(board.contains("\n0 |            |\n   ---"));
    }
}
