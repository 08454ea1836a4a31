//! The board in the course's `game_print` layout (docs/cli.md#text-mode), for `text` mode.

use super::{Colour, Mosaic};
use crate::game::Game;

/// A white clue square, indexed by its clue.
const WHITE_CLUES: [char; 10] = ['🄋', '➀', '➁', '➂', '➃', '➄', '➅', '➆', '➇', '➈'];
/// A black clue square, indexed by its clue.
const BLACK_CLUES: [char; 10] = ['🄌', '➊', '➋', '➌', '➍', '➎', '➏', '➐', '➑', '➒'];

/// The glyph of one square in the course's layout (a digit, a circled digit, □, ■ or a space).
pub fn glyph(clue: Option<u8>, colour: Colour) -> char {
    match (clue, colour) {
        (Some(c), Colour::Empty) => char::from(b'0' + c),
        (Some(c), Colour::White) => WHITE_CLUES[usize::from(c)],
        (Some(c), Colour::Black) => BLACK_CLUES[usize::from(c)],
        (None, Colour::Empty) => ' ',
        (None, Colour::White) => '□',
        (None, Colour::Black) => '■',
    }
}

/// The whole board: column indices, a dashed line, one line per row, a dashed line.
/// Indices are printed modulo 10.
pub fn print_board(game: &Mosaic) -> String {
    let t = game.topology();
    let indices: Vec<String> = (0..t.cols).map(|c| (c % 10).to_string()).collect();
    let dashes = format!("   {}\n", "-".repeat(2 * t.cols));
    let mut out = format!("    {}\n", indices.join(" "));
    out.push_str(&dashes);
    for row in 0..t.rows {
        out.push_str(&format!("{} |", row % 10));
        for (col, colour) in game.colours().row(row).iter().enumerate() {
            out.push(glyph(game.clue(crate::grid::Pos::new(row, col)), *colour));
            out.push(' ');
        }
        out.push_str("|\n");
    }
    out.push_str(&dashes);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_game_layout() {
        let expected = "    0 1 2 3 4\n   ----------\n0 |0     3   |\n1 |  5       |\n2 |    4   1 |\n3 |6   6 3   |\n4 |          |\n   ----------\n";
        assert_eq!(print_board(&Mosaic::default_game()), expected);
    }

    #[test]
    fn coloured_glyphs() {
        assert_eq!(glyph(Some(0), Colour::White), '🄋');
        assert_eq!(glyph(Some(9), Colour::Black), '➒');
        assert_eq!(glyph(None, Colour::White), '□');
        assert_eq!(glyph(None, Colour::Black), '■');
        assert_eq!(glyph(Some(7), Colour::Empty), '7');
    }
}
