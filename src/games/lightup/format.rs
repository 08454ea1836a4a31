//! The Light Up text format (docs/rules.md#light-up-file): a header `<rows> <cols> <wrapping>` and
//! one character per square. Readers accept a missing final newline and CRLF line ends; anything
//! else that is wrong is a [`ParseError`] naming the line, the column and what was expected.

use crate::game::{MAX_SQUARES, ParseError};
use crate::grid::{Grid, Topology};

use super::{LightUp, Square};

const SQUARE_CHARS: &str = "a square (b * - w or 0-4)";

/// Reads a position from the text format.
pub fn parse(text: &str) -> Result<LightUp, ParseError> {
    let lines = split_lines(text);
    let header = lines.first().copied().unwrap_or("");
    let (rows, cols, wrapping) = parse_header(header)?;
    let mut cells = Vec::new();
    for row in 0..rows {
        let line_no = row + 2;
        let Some(line) = lines.get(row + 1) else {
            return Err(ParseError::new(
                line_no,
                1,
                format!("row {row} of {rows} ({cols} squares)"),
            ));
        };
        let mut count = 0;
        for (k, c) in line.chars().enumerate() {
            if k == cols {
                return Err(ParseError::new(
                    line_no,
                    k + 1,
                    format!("end of line (rows have {cols} squares)"),
                ));
            }
            let square = Square::from_char(c)
                .ok_or_else(|| ParseError::new(line_no, k + 1, SQUARE_CHARS))?;
            cells.push(square);
            count += 1;
        }
        if count < cols {
            return Err(ParseError::new(
                line_no,
                count + 1,
                format!("{SQUARE_CHARS}: rows have {cols} squares, this one has {count}"),
            ));
        }
    }
    if lines.len() > rows + 1 {
        return Err(ParseError::new(rows + 2, 1, "end of file"));
    }
    let topology = Topology::new(rows, cols, wrapping);
    let grid = Grid::from_cells(topology, cells)
        .ok_or_else(|| ParseError::new(1, 1, "a grid size matching the rows"))?;
    LightUp::new(grid).ok_or_else(|| ParseError::new(1, 1, "wall numbers 0-4"))
}

/// The file's lines without their `\n` or `\r\n` ends; a final newline ends the last line
/// rather than starting an empty one.
fn split_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.split('\n').collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    lines
        .into_iter()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect()
}

/// Reads `<rows> <cols> <wrapping 0|1>` from line 1.
fn parse_header(line: &str) -> Result<(usize, usize, bool), ParseError> {
    let chars: Vec<char> = line.chars().collect();
    let mut at = 0;
    let rows = number(&chars, &mut at, "the number of rows")?;
    space(&chars, &mut at)?;
    let cols = number(&chars, &mut at, "the number of columns")?;
    space(&chars, &mut at)?;
    let wrapping = match chars.get(at) {
        Some('0') => false,
        Some('1') => true,
        _ => return Err(ParseError::new(1, at + 1, "wrapping 0 or 1")),
    };
    at += 1;
    if at < chars.len() {
        return Err(ParseError::new(
            1,
            at + 1,
            "end of line after the wrapping flag",
        ));
    }
    if rows.checked_mul(cols).is_none_or(|n| n > MAX_SQUARES) {
        return Err(ParseError::new(
            1,
            1,
            format!("a grid of at most {MAX_SQUARES} squares"),
        ));
    }
    Ok((rows, cols, wrapping))
}

/// A positive decimal number starting at `*at`.
fn number(chars: &[char], at: &mut usize, what: &str) -> Result<usize, ParseError> {
    let start = *at;
    while chars.get(*at).is_some_and(char::is_ascii_digit) {
        *at += 1;
    }
    if *at == start {
        return Err(ParseError::new(1, start + 1, what));
    }
    let digits: String = chars[start..*at].iter().collect();
    match digits.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(ParseError::new(
            1,
            start + 1,
            format!("{what}, at least 1 and not too large"),
        )),
    }
}

/// Exactly one space.
fn space(chars: &[char], at: &mut usize) -> Result<(), ParseError> {
    if chars.get(*at) == Some(&' ') {
        *at += 1;
        Ok(())
    } else {
        Err(ParseError::new(1, *at + 1, "a single space"))
    }
}

/// Writes the canonical text format.
pub fn format(game: &LightUp) -> String {
    let squares = game.squares();
    let t = squares.topology();
    let mut out = format!("{} {} {}\n", t.rows, t.cols, u8::from(t.wrapping));
    for row in 0..t.rows {
        out.extend(squares.row(row).iter().map(|s| s.to_char()));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Pos;

    #[test]
    fn reads_and_writes_the_canonical_form() {
        let text = "2 3 1\nb*-\nw04\n";
        let g = parse(text).unwrap();
        assert!(g.wrapping());
        assert_eq!(g.square(Pos::new(0, 1)), Some(Square::Bulb));
        assert_eq!(g.square(Pos::new(1, 2)), Some(Square::Wall(Some(4))));
        assert_eq!(format(&g), text);
    }

    #[test]
    fn tolerates_crlf_and_a_missing_final_newline() {
        let g = parse("2 3 0\r\nbbb\r\nbwb").unwrap();
        assert_eq!(format(&g), "2 3 0\nbbb\nbwb\n");
        assert_eq!(parse("2 3 0\r\nbbb\r\nbwb\r\n").unwrap(), g);
    }

    fn err(text: &str) -> (usize, usize) {
        let e = parse(text).unwrap_err();
        (e.line, e.col)
    }

    #[test]
    fn header_defects_are_located() {
        assert_eq!(err(""), (1, 1));
        assert_eq!(err("x 3 0\n"), (1, 1));
        assert_eq!(err("2  3 0\n"), (1, 3));
        assert_eq!(err("2 3 2\nbbb\nbbb\n"), (1, 5));
        assert_eq!(err("2 3 0 \nbbb\nbbb\n"), (1, 6));
        assert_eq!(err("0 3 0\n"), (1, 1));
        assert_eq!(err("2 0 0\n"), (1, 3));
        assert_eq!(err("2 99999999999999999999999 0\n"), (1, 3));
    }

    #[test]
    fn grid_defects_are_located() {
        assert_eq!(err("2 3 0\nbbb\n"), (3, 1));
        assert_eq!(err("2 3 0\nbb\nbbb\n"), (2, 3));
        assert_eq!(err("2 3 0\nbbbb\nbbb\n"), (2, 4));
        assert_eq!(err("2 3 0\nbbb\nb5b\n"), (3, 2));
        assert_eq!(err("2 3 0\nbbb\nbbb\nbbb\n"), (4, 1));
        assert_eq!(err("2 3 0\nbbb\nbbb\n\n"), (4, 1));
        assert_eq!(err("2 3 0\nb\rb\nbbb\n"), (2, 2));
        assert_eq!(err("1 2 0\nbé\n"), (2, 2));
    }

    #[test]
    fn errors_say_what_was_expected() {
        let e = parse("2 3 0\nbxb\nbbb\n").unwrap_err();
        assert!(e.expected.contains("b * - w or 0-4"), "{e}");
        let e = parse("2 3 7\n").unwrap_err();
        assert!(e.expected.contains("wrapping"), "{e}");
    }
}
