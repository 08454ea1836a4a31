//! Tatham descriptive game IDs for Tents (docs/rules.md#tatham-game-ids):
//! `WxH:STREAM,c0,…,c(W-1),r0,…,r(H-1)`.
//!
//! The stream walks the cells row-major over W·H+1 cells: `_` is a tree, `a`..`y` are 1..25
//! empty cells then a tree, `z` is 25 empty cells; the last tree falls just past the grid.
//! `!` / `-` turn the cell just described into a tent / grass, as Tatham's own reader does.
//! Errors are located at line 1, column = 1-based character position in the ID.

use super::format::MAX_SQUARES;
use super::{Square, Tents};
use crate::game::ParseError;
use crate::games::tents::Rule4;
use crate::grid::{Grid, Topology};

/// The longest run of empty cells one stream letter (`z`) stands for.
const RUN: usize = 25;

/// A character of the ID with its 1-based column.
type Located = (usize, char);

/// Imports a descriptive ID; the puzzle gets Tatham's rule 4 (`matching`) and no wrapping.
pub(super) fn import(id: &str) -> Result<Tents, ParseError> {
    let lead = id.chars().take_while(|c| c.is_whitespace()).count();
    let chars: Vec<Located> = id
        .trim()
        .chars()
        .enumerate()
        .map(|(i, c)| (i + lead + 1, c))
        .collect();
    let end_col = lead + chars.len() + 1;
    let err = |col: usize, expected: String| ParseError::new(1, col, expected);

    let split = chars.iter().position(|&(_, c)| c == ':' || c == '#');
    let Some(split) = split else {
        return Err(err(
            end_col,
            "':' and the game description after the parameters (WxH:DESC)".to_string(),
        ));
    };
    if chars[split].1 == '#' {
        return Err(err(
            chars[split].0,
            "a descriptive game ID (WxH:DESC): random-seed IDs (WxH#SEED) cannot be reproduced"
                .to_string(),
        ));
    }
    let params_col = lead + 1;
    let (width, height) = params(&chars[..split], params_col)?;
    if width.checked_mul(height).is_none_or(|n| n > MAX_SQUARES) {
        return Err(err(
            params_col,
            format!("a grid of at most {MAX_SQUARES} squares"),
        ));
    }

    let desc = &chars[split + 1..];
    let stream_len = desc
        .iter()
        .position(|&(_, c)| c == ',')
        .unwrap_or(desc.len());
    let stream_end = desc.get(stream_len).map_or(end_col, |&(col, _)| col);
    let topology = Topology::new(height, width, false);
    let grid = stream(&desc[..stream_len], topology, stream_end)?;

    let counts = counts(&desc[stream_len..], width + height, width, end_col)?;
    let (cols, rows) = counts.split_at(width);
    Ok(
        Tents::new(grid, rows.to_vec(), cols.to_vec(), false, Rule4::Matching)
            .expect("counts were read to the grid's size"),
    )
}

/// Reads `W`, `x`, `H` and ignores what follows (difficulty letters and the like). A lone `W`
/// means a square grid, as in Tatham's own parameter strings. `col` is where they start.
fn params(chars: &[Located], col: usize) -> Result<(usize, usize), ParseError> {
    let (width, rest) = number(chars)?;
    let width = width.filter(|&w| w > 0).ok_or_else(|| {
        ParseError::new(1, col, "the grid width, a whole number of at least 1 (WxH)")
    })?;
    let height = match rest.first() {
        Some(&(col, 'x')) => {
            let (height, _ignored) = number(&rest[1..])?;
            height.filter(|&h| h > 0).ok_or_else(|| {
                ParseError::new(
                    1,
                    col + 1,
                    "the grid height after 'x', a whole number of at least 1",
                )
            })?
        }
        _ => width,
    };
    Ok((width, height))
}

/// Reads the digits at the start of `chars`: the value, if any digit was there, and the rest.
fn number(chars: &[Located]) -> Result<(Option<usize>, &[Located]), ParseError> {
    let digits = chars.iter().take_while(|(_, c)| c.is_ascii_digit()).count();
    let mut value: Option<usize> = None;
    for &(_, c) in &chars[..digits] {
        let digit = c as usize - '0' as usize;
        value = Some(
            value
                .unwrap_or(0)
                .checked_mul(10)
                .and_then(|v| v.checked_add(digit))
                .ok_or_else(|| ParseError::new(1, chars[0].0, "a smaller number"))?,
        );
    }
    Ok((value, &chars[digits..]))
}

/// Decodes the tree stream into a grid; `end_col` is the column just after the stream.
fn stream(chars: &[Located], t: Topology, end_col: usize) -> Result<Grid<Square>, ParseError> {
    let cells = t.len();
    let mut grid = Grid::filled(t, Square::Empty);
    let mut next = 0; // the next cell to describe
    let mut past_end = false; // the final tree, just past the grid, has been read
    for &(col, c) in chars {
        let too_much = || {
            ParseError::new(
                1,
                col,
                format!("',' and the counts: the stream already covers the {cells} cells"),
            )
        };
        match c {
            '_' | 'a'..='y' => {
                if past_end {
                    return Err(too_much());
                }
                let run = if c == '_' {
                    0
                } else {
                    c as usize - 'a' as usize + 1
                };
                if next + run > cells {
                    return Err(too_much());
                }
                next += run;
                if next == cells {
                    past_end = true;
                } else {
                    grid.cells_mut()[next] = Square::Tree;
                    next += 1;
                }
            }
            'z' => {
                if past_end || next + RUN > cells {
                    return Err(too_much());
                }
                next += RUN;
            }
            '!' | '-' => {
                if next == 0 || past_end {
                    return Err(ParseError::new(
                        1,
                        col,
                        "a tent ('!') or grass ('-') mark only after a cell of the grid",
                    ));
                }
                grid.cells_mut()[next - 1] = if c == '!' {
                    Square::Tent
                } else {
                    Square::Grass
                };
            }
            _ => {
                return Err(ParseError::new(
                    1,
                    col,
                    "a grid character: '_', 'a'..'z', '!' or '-'",
                ));
            }
        }
    }
    if !past_end {
        return Err(ParseError::new(
            1,
            end_col,
            format!(
                "more of the stream: it covers {next} of the {} cells (the grid's {cells} and a \
                 final tree)",
                cells + 1
            ),
        ));
    }
    Ok(grid)
}

/// Reads `,n` exactly `n_counts` times (the first `width` are column counts), then the end.
fn counts(
    chars: &[Located],
    n_counts: usize,
    width: usize,
    end_col: usize,
) -> Result<Vec<usize>, ParseError> {
    let name = |k: usize| {
        if k < width {
            format!("the tent count of column {k}")
        } else {
            format!("the tent count of row {}", k - width)
        }
    };
    let mut rest = chars;
    let mut out = Vec::with_capacity(n_counts.min(chars.len()));
    for k in 0..n_counts {
        match rest.first() {
            None => {
                return Err(ParseError::new(
                    1,
                    end_col,
                    format!(
                        "',' and {}: {n_counts} counts, columns first, only {k} given",
                        name(k)
                    ),
                ));
            }
            Some(&(col, ',')) => {
                let (value, after) = number(&rest[1..])?;
                out.push(value.ok_or_else(|| ParseError::new(1, col + 1, name(k)))?);
                rest = after;
            }
            Some(&(col, _)) => return Err(ParseError::new(1, col, format!("',' and {}", name(k)))),
        }
    }
    if let Some(&(col, _)) = rest.first() {
        return Err(ParseError::new(
            1,
            col,
            format!("the end of the ID after {n_counts} counts"),
        ));
    }
    Ok(out)
}

/// Exports the clues (trees and counts; tents and grass are left out) as a descriptive ID.
pub(super) fn export(g: &Tents) -> String {
    let t = g.grid.topology();
    let mut out = format!("{}x{}:", t.cols, t.rows);
    let mut run = 0;
    for i in 0..=t.len() {
        let tree = i == t.len() || g.grid.cells()[i] == Square::Tree;
        if tree {
            out.push(if run == 0 {
                '_'
            } else {
                char::from(b'a' + (run - 1) as u8)
            });
            run = 0;
        } else {
            run += 1;
            if run > RUN {
                out.push('z');
                run -= RUN;
            }
        }
    }
    for n in g.col_counts.iter().chain(&g.row_counts) {
        out.push(',');
        out.push_str(&n.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::grid::Pos;

    #[test]
    fn exports_runs_longer_than_a_letter_with_z() {
        let grid = Grid::filled(Topology::new(3, 10, false), Square::Empty);
        let g = Tents::new(grid, vec![0; 3], vec![0; 10], false, Rule4::Local).unwrap();
        // 30 empty cells then the final tree: z (25) + e (5 then a tree).
        let id = export(&g);
        assert_eq!(id, "10x3:ze,0,0,0,0,0,0,0,0,0,0,0,0,0");
        assert_eq!(import(&id).unwrap().grid(), g.grid());
    }

    #[test]
    fn exactly_25_empty_cells_then_a_tree() {
        let mut cells = vec![Square::Empty; 26];
        cells[25] = Square::Tree;
        let grid = Grid::from_cells(Topology::new(1, 26, false), cells).unwrap();
        let g = Tents::new(grid, vec![1], vec![0; 26], false, Rule4::Local).unwrap();
        let id = export(&g);
        assert!(id.starts_with("26x1:y_,"), "{id}");
        assert_eq!(import(&id).unwrap().grid(), g.grid());
    }

    #[test]
    fn marks_change_the_cell_just_described() {
        // 2x2: "a" = one empty cell then a tree at 1, "!" makes that cell a tent; "a" = cell 2
        // empty then tree at 3; "-" makes it grass; "_" = final tree past the grid.
        let g = import("2x2:a!a-_,1,0,1,0").unwrap();
        assert_eq!(g.piece(Pos::new(0, 1)), Square::Tent);
        assert_eq!(g.piece(Pos::new(1, 1)), Square::Grass);
        assert_eq!(g.piece(Pos::new(0, 0)), Square::Empty);
        let e = import("2x2:!d,1,0,1,0").unwrap_err();
        assert_eq!(e.col, 5);
    }

    #[test]
    fn leading_and_trailing_whitespace_is_ignored_but_columns_count_it() {
        let g = import("  2x1:b,0,0,0 \n").unwrap();
        assert_eq!(g.topology().cols, 2);
        let e = import("  2x1:b?,0,0,0").unwrap_err();
        assert_eq!(e.col, 8);
        let e = import("  0x1:b,0,0,0").unwrap_err();
        assert_eq!(e.col, 3);
    }
}
