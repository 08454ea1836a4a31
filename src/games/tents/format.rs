//! The Tents text format (docs/rules.md#tents-file), read and written exactly.
//!
//! ```text
//! <rows> <cols> <wrapping 0|1> <diagadj 0|1>
//! <expected tents of row 0> ... <row rows-1> ␣
//! <expected tents of col 0> ... <col cols-1> ␣
//! <row 0 squares>            (' ' empty, 'x' tree, '*' tent, '-' grass)
//! ...
//! ```
//!
//! Tolerated: a missing final newline, CRLF line ends, a missing trailing space after the last
//! number of a line (the header included: the course's own files have one there), rows shorter
//! than the grid (padded with `EMPTY`), and empty lines after the last row. Everything else is a
//! [`ParseError`] at its 1-based line and column. Files load with rule 4 `local`.

use super::{Square, Tents};
use crate::game::ParseError;
use crate::games::tents::Rule4;
use crate::grid::{Grid, Topology};

/// The largest grid a file may describe, so that a hostile header cannot exhaust memory.
pub(super) const MAX_SQUARES: usize = crate::game::MAX_SQUARES;

/// The character of a square in the text format.
pub(super) fn square_char(s: Square) -> char {
    match s {
        Square::Empty => ' ',
        Square::Tree => 'x',
        Square::Tent => '*',
        Square::Grass => '-',
    }
}

/// The square a character of the text format stands for.
fn char_square(c: char) -> Option<Square> {
    match c {
        ' ' => Some(Square::Empty),
        'x' => Some(Square::Tree),
        '*' => Some(Square::Tent),
        '-' => Some(Square::Grass),
        _ => None,
    }
}

/// Writes the canonical form: one space after every count, a newline after every line.
pub(super) fn write(g: &Tents) -> String {
    let t = g.grid.topology();
    let mut out = format!(
        "{} {} {} {}\n",
        t.rows,
        t.cols,
        u8::from(t.wrapping),
        u8::from(g.diagadj)
    );
    for counts in [&g.row_counts, &g.col_counts] {
        for n in counts.iter() {
            out.push_str(&n.to_string());
            out.push(' ');
        }
        out.push('\n');
    }
    for r in 0..t.rows {
        out.extend(g.grid.row(r).iter().map(|&s| square_char(s)));
        out.push('\n');
    }
    out
}

/// Reads a Tents file; see the module documentation for what is tolerated.
pub(super) fn parse(text: &str) -> Result<Tents, ParseError> {
    let lines = split_lines(text);
    let line = |i: usize| lines.get(i).copied();

    let header = numbers(line(0), 1, 4, |k| {
        [
            "the number of rows",
            "the number of columns",
            "wrapping (0 or 1)",
            "diagadj (0 or 1)",
        ][k]
            .to_string()
    })?;
    let (rows, cols) = (header[0].value, header[1].value);
    for n in &header[..2] {
        if n.value == 0 {
            return Err(ParseError::new(1, n.col, "a grid size of at least 1"));
        }
    }
    let wrapping = flag(header[2], "wrapping as 0 or 1")?;
    let diagadj = flag(header[3], "diagadj as 0 or 1")?;
    if rows.checked_mul(cols).is_none_or(|n| n > MAX_SQUARES) {
        return Err(ParseError::new(
            1,
            1,
            format!("a grid of at most {MAX_SQUARES} squares"),
        ));
    }

    let row_counts = numbers(line(1), 2, rows, |k| {
        format!("the expected tents of row {k} ({rows} numbers)")
    })?;
    let col_counts = numbers(line(2), 3, cols, |k| {
        format!("the expected tents of column {k} ({cols} numbers)")
    })?;

    let topology = Topology::new(rows, cols, wrapping);
    let mut grid = Grid::filled(topology, Square::Empty);
    for r in 0..rows {
        let line_no = r + 4;
        let Some(text) = line(r + 3) else {
            return Err(ParseError::new(
                line_no,
                1,
                format!("row {r} of the grid ({rows} rows, only {r} given)"),
            ));
        };
        for (c, ch) in text.chars().enumerate() {
            if c >= cols {
                return Err(ParseError::new(
                    line_no,
                    c + 1,
                    format!("the end of row {r} (the grid has {cols} columns)"),
                ));
            }
            grid.cells_mut()[r * cols + c] = char_square(ch).ok_or_else(|| {
                ParseError::new(
                    line_no,
                    c + 1,
                    "a square: ' ' empty, 'x' tree, '*' tent or '-' grass",
                )
            })?;
        }
    }
    if let Some(extra) = (rows + 3..lines.len()).find(|&i| !lines[i].is_empty()) {
        return Err(ParseError::new(
            extra + 1,
            1,
            format!("the end of the file after the {rows} rows of the grid"),
        ));
    }

    let values = |ns: Vec<Number>| ns.into_iter().map(|n| n.value).collect();
    Ok(Tents::new(
        grid,
        values(row_counts),
        values(col_counts),
        diagadj,
        Rule4::Local,
    )
    .expect("counts were read to the grid's size"))
}

/// The lines of `text`: split on `\n`, one `\r` before it dropped; a final newline ends the last
/// line rather than starting an empty one.
fn split_lines(text: &str) -> Vec<&str> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    if text.is_empty() {
        return Vec::new();
    }
    body.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect()
}

/// A number read from a line, with its 1-based column.
#[derive(Clone, Copy, Debug)]
struct Number {
    value: usize,
    col: usize,
}

/// Reads exactly `n` non-negative numbers separated by single spaces, with an optional single
/// space after the last. `what(k)` names the `k`-th number for error messages.
fn numbers(
    line: Option<&str>,
    line_no: usize,
    n: usize,
    what: impl Fn(usize) -> String,
) -> Result<Vec<Number>, ParseError> {
    let chars: Vec<char> = line.unwrap_or("").chars().collect();
    let mut out = Vec::with_capacity(n.min(chars.len() / 2 + 1));
    let mut at = 0;
    for k in 0..n {
        if k > 0 {
            if at >= chars.len() {
                return Err(ParseError::new(
                    line_no,
                    at + 1,
                    format!("a space and {}", what(k)),
                ));
            }
            if chars[at] != ' ' {
                return Err(ParseError::new(line_no, at + 1, "a space"));
            }
            at += 1;
        }
        let start = at;
        let mut value: usize = 0;
        while let Some(d) = chars.get(at).and_then(|c| c.to_digit(10)) {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(d as usize))
                .ok_or_else(|| {
                    ParseError::new(
                        line_no,
                        start + 1,
                        format!("{} (a smaller number)", what(k)),
                    )
                })?;
            at += 1;
        }
        if at == start {
            return Err(ParseError::new(line_no, at + 1, what(k)));
        }
        out.push(Number {
            value,
            col: start + 1,
        });
    }
    let trailing_space = chars.get(at) == Some(&' ');
    let end = at + usize::from(trailing_space);
    if end < chars.len() {
        return Err(ParseError::new(
            line_no,
            end + 1,
            format!("the end of the line after {n} numbers"),
        ));
    }
    Ok(out)
}

/// A 0/1 option of the header.
fn flag(n: Number, expected: &str) -> Result<bool, ParseError> {
    match n.value {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(ParseError::new(1, n.col, expected)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::grid::Pos;

    const SMALL: &str = "2 3 1 0\n1 0 \n0 0 1 \nx *\n- x\n";

    #[test]
    fn reads_and_writes_the_canonical_form() {
        let g = parse(SMALL).unwrap();
        assert_eq!(g.row_counts(), &[1, 0]);
        assert_eq!(g.col_counts(), &[0, 0, 1]);
        assert!(g.topology().wrapping);
        assert!(!g.diagadj());
        assert_eq!(g.rule4(), Rule4::Local);
        assert_eq!(g.piece(Pos::new(0, 0)), Square::Tree);
        assert_eq!(g.piece(Pos::new(0, 1)), Square::Empty);
        assert_eq!(g.piece(Pos::new(0, 2)), Square::Tent);
        assert_eq!(g.piece(Pos::new(1, 0)), Square::Grass);
        assert_eq!(write(&g), SMALL);
    }

    #[test]
    fn tolerances() {
        let g = parse(SMALL).unwrap();
        assert_eq!(parse(SMALL.trim_end_matches('\n')).unwrap(), g);
        assert_eq!(parse(&SMALL.replace('\n', "\r\n")).unwrap(), g);
        assert_eq!(parse(&SMALL.replace(" \n", "\n")).unwrap(), g);
        assert_eq!(parse("2 3 1 0 \n1 0 \n0 0 1 \nx *\n- x\n").unwrap(), g);
        assert_eq!(parse(&format!("{SMALL}\n\n")).unwrap(), g);
    }

    #[test]
    fn short_rows_are_padded_and_trailing_spaces_are_squares() {
        let g = parse("2 3 0 0\n0 0 \n0 0 0 \nx\n  x\n").unwrap();
        assert_eq!(
            g.grid().row(0),
            &[Square::Tree, Square::Empty, Square::Empty]
        );
        assert_eq!(
            g.grid().row(1),
            &[Square::Empty, Square::Empty, Square::Tree]
        );
        let e = parse("2 3 0 0\n0 0 \n0 0 0 \nx   \n   \n").unwrap_err();
        assert_eq!((e.line, e.col), (4, 4));
        let empty_row = parse("2 1 0 0\n0 0 \n0 \nx\n\n").unwrap();
        assert_eq!(empty_row.grid().row(1), &[Square::Empty]);
    }

    #[test]
    fn empty_input_is_located_at_the_start() {
        let e = parse("").unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
        assert_eq!(e.expected, "the number of rows");
    }

    #[test]
    fn split_lines_handles_final_newlines() {
        assert_eq!(split_lines("a\nb\n"), vec!["a", "b"]);
        assert_eq!(split_lines("a\nb"), vec!["a", "b"]);
        assert_eq!(split_lines("a\r\n\r\n"), vec!["a", ""]);
        assert!(split_lines("").is_empty());
        assert_eq!(split_lines("\n"), vec![""]);
    }
}
