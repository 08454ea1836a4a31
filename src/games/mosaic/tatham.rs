//! Tatham's descriptive Mosaic game IDs, `WxH:DESC` (docs/rules.md#tatham-game-ids): the
//! description walks the grid row-major, `0`..`9` is a clue square and `a`..`z` a run of 1..26
//! unclued squares.
//!
//! Tatham's Mosaic has neither wrapping nor other neighbourhoods: imports get the defaults
//! (full 3x3 block, no wrapping) and exports carry the clues only.

use super::Mosaic;
use crate::game::{Game, MAX_SQUARES, ParseError};
use crate::games::mosaic::Neighbourhood;
use crate::grid::{Grid, Topology};

/// Reads a descriptive ID; seed IDs and malformed descriptions are errors whose column is the
/// 1-based character position in the ID.
pub fn parse_id(id: &str) -> Result<Mosaic, ParseError> {
    let chars: Vec<char> = id.chars().collect();
    let at = |i: usize, what: &str| ParseError::new(1, i + 1, what);
    let (cols, i) = number(&chars, 0).ok_or_else(|| at(0, "the width W of `WxH:DESC`"))?;
    if chars.get(i) != Some(&'x') {
        return Err(at(i, "'x' between the width and the height"));
    }
    let (rows, j) = number(&chars, i + 1).ok_or_else(|| at(i + 1, "the height H"))?;
    if cols == 0 {
        return Err(at(0, "a width of at least 1"));
    }
    if rows == 0 {
        return Err(at(i + 1, "a height of at least 1"));
    }
    let total = rows
        .checked_mul(cols)
        .filter(|&n| n <= MAX_SQUARES)
        .ok_or_else(|| at(0, &format!("a grid of at most {MAX_SQUARES} squares")))?;
    // Extra parameter letters after WxH (such as `h0`) are ignored up to the ':'.
    let mut k = j;
    while k < chars.len() && chars[k] != ':' {
        if chars[k] == '#' {
            return Err(at(
                k,
                "a descriptive ID `WxH:DESC`: random-seed IDs (`#`) cannot be reproduced",
            ));
        }
        k += 1;
    }
    if k == chars.len() {
        return Err(at(k, "':' followed by the clue description"));
    }
    let mut clues = Vec::new();
    for (n, &c) in chars.iter().enumerate().skip(k + 1) {
        let left = total - clues.len();
        match c {
            '0'..='9' if left >= 1 => clues.push(Some(c as u8 - b'0')),
            'a'..='z' if usize::from(c as u8 - b'a' + 1) <= left => {
                clues.extend(std::iter::repeat_n(None, usize::from(c as u8 - b'a' + 1)));
            }
            '0'..='9' | 'a'..='z' if left == 0 => {
                return Err(at(
                    n,
                    &format!("end of the description: the {rows}x{cols} grid is already full"),
                ));
            }
            'a'..='z' => {
                let last = char::from(b'a' + (left - 1) as u8);
                return Err(at(
                    n,
                    &format!(
                        "a run of at most {left} squares ('a'..'{last}'): the grid ends there"
                    ),
                ));
            }
            _ => {
                return Err(at(
                    n,
                    "a clue '0'..'9' or a run of unclued squares 'a'..'z'",
                ));
            }
        }
    }
    if clues.len() < total {
        return Err(at(
            chars.len(),
            &format!(
                "{} more square{}: the description covers {} of the {rows}x{cols} grid",
                total - clues.len(),
                if total - clues.len() == 1 { "" } else { "s" },
                clues.len()
            ),
        ));
    }
    let topology = Topology::new(rows, cols, false);
    let clues = Grid::from_cells(topology, clues)
        .ok_or_else(|| at(0, "a description covering the whole grid"))?;
    Mosaic::new(clues, Neighbourhood::Full).map_err(|e| at(0, &e))
}

/// The decimal number starting at `i`, and the index after it.
fn number(chars: &[char], i: usize) -> Option<(usize, usize)> {
    let mut value: usize = 0;
    let mut k = i;
    while let Some(d) = chars.get(k).and_then(|c| c.to_digit(10)) {
        value = value.checked_mul(10)?.checked_add(d as usize)?;
        k += 1;
    }
    (k > i).then_some((value, k))
}

/// Writes the clues as a descriptive ID (the options do not travel).
pub fn to_id(game: &Mosaic) -> String {
    let t = game.topology();
    let mut out = format!("{}x{}:", t.cols, t.rows);
    let mut run = 0usize;
    let flush = |out: &mut String, run: &mut usize| {
        while *run > 0 {
            let n = (*run).min(26);
            out.push(char::from(b'a' + (n - 1) as u8));
            *run -= n;
        }
    };
    for clue in game.clues().cells() {
        match clue {
            Some(c) => {
                flush(&mut out, &mut run);
                out.push(char::from(b'0' + c));
            }
            None => run += 1,
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
        let g = Mosaic::default_game();
        let id = to_id(&g);
        assert_eq!(id, "5x5:0b3b5e4a16a63f");
        assert_eq!(parse_id(&id).unwrap(), g);
    }

    #[test]
    fn width_is_columns() {
        let g = parse_id("3x2:1e").unwrap();
        assert_eq!(g.topology(), Topology::new(2, 3, false));
        assert_eq!(g.clue(Pos::new(0, 0)), Some(1));
        assert_eq!(g.clue(Pos::new(1, 2)), None);
    }

    #[test]
    fn long_runs_use_several_letters() {
        let clues = Grid::filled(Topology::new(3, 10, false), None);
        let g = Mosaic::new(clues, Neighbourhood::Full).unwrap();
        assert_eq!(to_id(&g), "10x3:zd");
        assert_eq!(parse_id("10x3:zd").unwrap(), g);
    }

    #[test]
    fn seed_ids_are_refused() {
        let e = parse_id("5x5#12345").unwrap_err();
        assert_eq!(e.col, 4);
        assert!(e.expected.contains("seed"));
    }
}
