//! Tatham's Light Up game IDs `WxH:DESC` (docs/rules.md#tatham-game-ids). The description walks the
//! squares row-major with runs crossing rows: `a`..`z` = 1..26 blank squares, `B` = unnumbered
//! wall, `0`..`4` = numbered wall. Columns in errors are character positions in the ID (1-based).

use crate::game::{MAX_SQUARES, ParseError};
use crate::grid::{Grid, Topology};

use super::{LightUp, Square};

/// Imports a descriptive game ID. Extra letters after `WxH` in the parameters are ignored;
/// seed IDs (`PARAMS#SEED`) are refused.
pub fn parse(id: &str) -> Result<LightUp, ParseError> {
    let chars: Vec<char> = id.trim_end().chars().collect();
    let colon = chars.iter().position(|&c| c == ':');
    let params_end = colon.unwrap_or(chars.len());
    if let Some(hash) = chars[..params_end].iter().position(|&c| c == '#') {
        return Err(ParseError::new(
            1,
            hash + 1,
            "a descriptive game ID `WxH:DESC`; random-seed IDs `WxH#SEED` cannot be reproduced",
        ));
    }
    let mut at = 0;
    let cols = dimension(&chars[..params_end], &mut at, "the width W of `WxH`")?;
    if chars.get(at) != Some(&'x') {
        return Err(ParseError::new(1, at + 1, "`x` between width and height"));
    }
    at += 1;
    let rows = dimension(&chars[..params_end], &mut at, "the height H of `WxH`")?;
    let Some(colon) = colon else {
        return Err(ParseError::new(
            1,
            chars.len() + 1,
            "`:` and the grid description",
        ));
    };
    let total = rows
        .checked_mul(cols)
        .filter(|&n| n <= MAX_SQUARES)
        .ok_or_else(|| ParseError::new(1, 1, format!("a grid of at most {MAX_SQUARES} squares")))?;
    let mut cells = Vec::new();
    for (k, &c) in chars.iter().enumerate().skip(colon + 1) {
        let (square, run) = match c {
            'a'..='z' => (Square::Blank, usize::from(c as u8 - b'a') + 1),
            'B' => (Square::Wall(None), 1),
            '0'..='4' => (Square::Wall(Some(c as u8 - b'0')), 1),
            _ => {
                return Err(ParseError::new(
                    1,
                    k + 1,
                    "a square code: `a`-`z` (blank run), `B` (wall) or `0`-`4` (numbered wall)",
                ));
            }
        };
        if cells.len() + run > total {
            return Err(ParseError::new(
                1,
                k + 1,
                format!("no more than {total} squares ({cols}x{rows}) in the description"),
            ));
        }
        cells.extend(std::iter::repeat_n(square, run));
    }
    if cells.len() < total {
        return Err(ParseError::new(
            1,
            chars.len() + 1,
            format!(
                "{} more squares: the description covers {} of {total} ({cols}x{rows})",
                total - cells.len(),
                cells.len()
            ),
        ));
    }
    let grid = Grid::from_cells(Topology::new(rows, cols, false), cells)
        .ok_or_else(|| ParseError::new(1, 1, "a description matching the size"))?;
    LightUp::new(grid).ok_or_else(|| ParseError::new(1, 1, "wall numbers 0-4"))
}

/// A positive decimal number starting at `*at`.
fn dimension(chars: &[char], at: &mut usize, what: &str) -> Result<usize, ParseError> {
    let start = *at;
    while chars.get(*at).is_some_and(char::is_ascii_digit) {
        *at += 1;
    }
    let digits: String = chars[start..*at].iter().collect();
    match digits.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(ParseError::new(1, start + 1, format!("{what}, at least 1"))),
    }
}

/// Exports the puzzle's walls (bulbs and marks are dropped; Tatham's IDs have no wrapping).
pub fn format(game: &LightUp) -> String {
    let t = game.squares().topology();
    let mut out = format!("{}x{}:", t.cols, t.rows);
    let mut run = 0;
    let flush = |out: &mut String, run: &mut usize| {
        while *run > 0 {
            let n = (*run).min(26);
            out.push(char::from(b'a' + (n - 1) as u8));
            *run -= n;
        }
    };
    for &square in game.squares().cells() {
        match square {
            Square::Wall(None) => {
                flush(&mut out, &mut run);
                out.push('B');
            }
            Square::Wall(Some(n)) => {
                flush(&mut out, &mut run);
                out.push(char::from(b'0' + n));
            }
            _ => run += 1,
        }
    }
    flush(&mut out, &mut run);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Pos;

    #[test]
    fn default_game_round_trips() {
        let id = "7x7:b1f2iB2g1Bi2fBb";
        let g = parse(id).unwrap();
        assert_eq!(format(&g), id);
    }

    #[test]
    fn width_is_columns_and_runs_cross_rows() {
        let g = parse("3x2:dBa").unwrap();
        assert_eq!(g.squares().rows(), 2);
        assert_eq!(g.squares().cols(), 3);
        assert_eq!(g.square(Pos::new(1, 1)), Some(Square::Wall(None)));
        assert_eq!(g.square(Pos::new(1, 0)), Some(Square::Blank));
    }

    #[test]
    fn long_runs_split_at_26() {
        let g = parse("10x3:zd").unwrap();
        assert_eq!(format(&g), "10x3:zd");
        let g = parse("10x3:mmd").unwrap();
        assert_eq!(format(&g), "10x3:zd");
    }

    #[test]
    fn extra_parameters_are_ignored() {
        let g = parse("7x7b20s4d0:b1f2iB2g1Bi2fBb").unwrap();
        assert_eq!(g, parse("7x7:b1f2iB2g1Bi2fBb").unwrap());
    }

    fn col(id: &str) -> usize {
        let e = parse(id).unwrap_err();
        assert_eq!(e.line, 1);
        e.col
    }

    #[test]
    fn malformed_ids_are_located() {
        assert_eq!(col("7x7#12345"), 4);
        assert_eq!(col("7x7"), 4);
        assert_eq!(col("x7:a"), 1);
        assert_eq!(col("7y7:a"), 2);
        assert_eq!(col("7x0:a"), 3);
        assert_eq!(col("2x2:a}b"), 6);
        assert_eq!(col("2x2:aC"), 6);
        assert_eq!(col("2x2:a5"), 6);
        assert_eq!(col("2x2:c"), 6);
        assert_eq!(col("2x2:cBa"), 7);
        assert_eq!(col("2x2:e"), 5);
    }

    #[test]
    fn seed_ids_are_refused_clearly() {
        let e = parse("7x7#12345").unwrap_err();
        assert!(e.expected.contains("seed"), "{e}");
    }
}
