//! The Mosaic text format (docs/rules.md#mosaic-file):
//! `<rows> <cols> <wrapping 0|1> <neighbourhood 0-3>`, then one line per row with two
//! characters per square: the clue (`-` or `0`..`9`) and the colour (`e`, `w`, `b`).
//!
//! Tolerated: a missing final newline and CRLF line ends. Anything else is a [`ParseError`].

use super::{Colour, Mosaic};
use crate::game::{MAX_SQUARES, ParseError};
use crate::games::mosaic::Neighbourhood;
use crate::grid::{Grid, Topology};

const HEADER: &str = "the header `<rows> <cols> <wrapping 0|1> <neighbourhood 0-3>`";

/// Reads a Mosaic file.
pub fn parse(text: &str) -> Result<Mosaic, ParseError> {
    let lines = split_lines(text);
    let Some(header) = lines.first() else {
        return Err(ParseError::new(1, 1, HEADER));
    };
    let (rows, cols, wrapping, neighbourhood) = parse_header(header)?;
    let topology = Topology::new(rows, cols, wrapping);
    let mut clues = Vec::new();
    let mut colours = Vec::new();
    for row in 0..rows {
        let line_no = row + 2;
        let Some(line) = lines.get(row + 1) else {
            return Err(ParseError::new(
                line_no,
                1,
                format!("row {row} of the grid ({rows} rows of {cols} squares)"),
            ));
        };
        parse_row(line, line_no, cols, &mut clues, &mut colours)?;
    }
    if lines.len() > rows + 1 {
        return Err(ParseError::new(
            rows + 2,
            1,
            format!("end of file after the {rows} rows of the grid"),
        ));
    }
    let clues = Grid::from_cells(topology, clues);
    let colours = Grid::from_cells(topology, colours);
    match (clues, colours) {
        (Some(clues), Some(colours)) => Mosaic::from_parts(clues, colours, neighbourhood)
            .map_err(|e| ParseError::new(1, 1, format!("a valid grid ({e})"))),
        _ => Err(ParseError::new(1, 1, "a grid size that fits in memory")),
    }
}

/// Writes the canonical form.
pub fn format(game: &Mosaic) -> String {
    let t = game.colours().topology();
    let neighbourhood = match game.neighbourhood() {
        Neighbourhood::Full => 0,
        Neighbourhood::Ortho => 1,
        Neighbourhood::FullExclude => 2,
        Neighbourhood::OrthoExclude => 3,
    };
    let mut out = format!(
        "{} {} {} {}\n",
        t.rows,
        t.cols,
        u8::from(t.wrapping),
        neighbourhood
    );
    out.reserve(t.rows * (2 * t.cols + 1));
    for (pos, colour) in game.colours().iter() {
        out.push(match game.clue(pos) {
            Some(c) => char::from(b'0' + c),
            None => '-',
        });
        out.push(match colour {
            Colour::Empty => 'e',
            Colour::White => 'w',
            Colour::Black => 'b',
        });
        if pos.col + 1 == t.cols {
            out.push('\n');
        }
    }
    out
}

/// Lines without their `\n` or `\r\n`; a final newline does not start an extra line.
fn split_lines(text: &str) -> Vec<&str> {
    if text.is_empty() {
        return Vec::new();
    }
    let body = text.strip_suffix('\n').unwrap_or(text);
    body.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect()
}

/// A cursor over one line that reports 1-based columns.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    col: usize,
    line: usize,
}

impl<'a> Cursor<'a> {
    fn new(line: &'a str, line_no: usize) -> Self {
        Cursor {
            chars: line.chars().peekable(),
            col: 1,
            line: line_no,
        }
    }

    fn error(&self, expected: impl Into<String>) -> ParseError {
        ParseError::new(self.line, self.col, expected)
    }

    /// A decimal number (digits only), or an error naming `what`.
    fn number(&mut self, what: &str) -> Result<usize, ParseError> {
        let start = self.col;
        let mut value: usize = 0;
        let mut digits = 0;
        while let Some(d) = self.chars.peek().and_then(|c| c.to_digit(10)) {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(d as usize))
                .ok_or_else(|| ParseError::new(self.line, start, format!("{what} (too large)")))?;
            self.chars.next();
            self.col += 1;
            digits += 1;
        }
        if digits == 0 {
            return Err(self.error(what));
        }
        Ok(value)
    }

    fn expect(&mut self, c: char, what: &str) -> Result<(), ParseError> {
        if self.chars.peek() == Some(&c) {
            self.chars.next();
            self.col += 1;
            Ok(())
        } else {
            Err(self.error(what))
        }
    }

    fn end(&mut self, what: &str) -> Result<(), ParseError> {
        match self.chars.peek() {
            None => Ok(()),
            Some(_) => Err(self.error(what)),
        }
    }
}

fn parse_header(line: &str) -> Result<(usize, usize, bool, Neighbourhood), ParseError> {
    let mut cur = Cursor::new(line, 1);
    let rows_col = cur.col;
    let rows = cur.number("the number of rows (at least 1)")?;
    if rows == 0 {
        return Err(ParseError::new(
            1,
            rows_col,
            "a number of rows of at least 1",
        ));
    }
    cur.expect(' ', "a space after the number of rows")?;
    let cols_col = cur.col;
    let cols = cur.number("the number of columns (at least 1)")?;
    if cols == 0 {
        return Err(ParseError::new(
            1,
            cols_col,
            "a number of columns of at least 1",
        ));
    }
    if rows.checked_mul(cols).is_none_or(|n| n > MAX_SQUARES) {
        return Err(ParseError::new(
            1,
            1,
            format!("a grid of at most {MAX_SQUARES} squares"),
        ));
    }
    cur.expect(' ', "a space after the number of columns")?;
    let wrapping_col = cur.col;
    let wrapping = match cur.number("the wrapping flag 0 or 1")? {
        0 => false,
        1 => true,
        _ => return Err(ParseError::new(1, wrapping_col, "the wrapping flag 0 or 1")),
    };
    cur.expect(' ', "a space after the wrapping flag")?;
    let neighbourhood_col = cur.col;
    const NEIGHBOURHOOD: &str =
        "the neighbourhood 0 (full), 1 (ortho), 2 (full exclude) or 3 (ortho exclude)";
    let neighbourhood = match cur.number(NEIGHBOURHOOD)? {
        0 => Neighbourhood::Full,
        1 => Neighbourhood::Ortho,
        2 => Neighbourhood::FullExclude,
        3 => Neighbourhood::OrthoExclude,
        _ => return Err(ParseError::new(1, neighbourhood_col, NEIGHBOURHOOD)),
    };
    cur.end("end of line after the neighbourhood")?;
    Ok((rows, cols, wrapping, neighbourhood))
}

fn parse_row(
    line: &str,
    line_no: usize,
    cols: usize,
    clues: &mut Vec<Option<u8>>,
    colours: &mut Vec<Colour>,
) -> Result<(), ParseError> {
    let mut cur = Cursor::new(line, line_no);
    for _ in 0..cols {
        let clue = match cur.chars.peek() {
            Some('-') => None,
            Some(&c) if c.is_ascii_digit() => Some(c as u8 - b'0'),
            _ => {
                return Err(cur.error(format!(
                    "a clue '-' or '0'..'9' ({cols} squares of two characters per row)"
                )));
            }
        };
        cur.chars.next();
        cur.col += 1;
        let colour = match cur.chars.peek() {
            Some('e') => Colour::Empty,
            Some('w') => Colour::White,
            Some('b') => Colour::Black,
            _ => return Err(cur.error("a colour 'e', 'w' or 'b' after the clue")),
        };
        cur.chars.next();
        cur.col += 1;
        clues.push(clue);
        colours.push(colour);
    }
    cur.end(&format!("end of line after {cols} squares"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::grid::Pos;

    #[test]
    fn reads_a_small_file() {
        let g = parse("2 3 1 2\n1e-w9b\n-b0e-e\n").unwrap();
        assert_eq!(g.topology(), Topology::new(2, 3, true));
        assert_eq!(g.neighbourhood(), Neighbourhood::FullExclude);
        assert_eq!(g.clue(Pos::new(0, 0)), Some(1));
        assert_eq!(g.clue(Pos::new(0, 1)), None);
        assert_eq!(g.clue(Pos::new(0, 2)), Some(9));
        assert_eq!(g.colour(Pos::new(0, 1)), Colour::White);
        assert_eq!(g.colour(Pos::new(0, 2)), Colour::Black);
        assert_eq!(g.colour(Pos::new(1, 0)), Colour::Black);
        assert_eq!(g.clue(Pos::new(1, 1)), Some(0));
    }

    #[test]
    fn writes_canonical_form() {
        let text = "2 3 1 2\n1e-w9b\n-b0e-e\n";
        assert_eq!(format(&parse(text).unwrap()), text);
    }

    #[test]
    fn tolerates_crlf_and_missing_final_newline() {
        let canonical = parse("1 2 0 3\n-e2b\n").unwrap();
        assert_eq!(parse("1 2 0 3\r\n-e2b\r\n").unwrap(), canonical);
        assert_eq!(parse("1 2 0 3\n-e2b").unwrap(), canonical);
        assert_eq!(parse("1 2 0 3\r\n-e2b").unwrap(), canonical);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse("1 2 0 3\n-e2x\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 4));
        assert!(e.expected.contains("colour"), "{e}");
        let e = parse("1 2 0 4\n-e2e\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 7));
        let e = parse("").unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
    }
}
