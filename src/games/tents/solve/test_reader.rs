//! TEST-ONLY reader for the Tents text format, for the solver's tests and benchmark.
//! The real parser lives with the game; this one only pulls out what the solver needs and
//! reports the first problem as a string.

/// What the solver needs from a Tents text file.
#[derive(Clone, Debug)]
pub struct TextPuzzle {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Whether the grid wraps.
    pub wrapping: bool,
    /// Whether tents may touch diagonally.
    pub diagadj: bool,
    /// Expected tents per row.
    pub row_counts: Vec<usize>,
    /// Expected tents per column.
    pub col_counts: Vec<usize>,
    /// Trees, row-major.
    pub trees: Vec<bool>,
}

fn numbers(line: Option<&str>, what: &str) -> Result<Vec<usize>, String> {
    let line = line.ok_or_else(|| format!("missing {what}"))?;
    line.split_whitespace()
        .map(|w| w.parse().map_err(|_| format!("bad number {w:?} in {what}")))
        .collect()
}

/// Reads a Tents text file: header, row counts, column counts, grid ('x' = tree).
pub fn read(text: &str) -> Result<TextPuzzle, String> {
    let mut lines = text.lines().map(|l| l.strip_suffix('\r').unwrap_or(l));
    let header = numbers(lines.next(), "header")?;
    let [rows, cols, wrapping, diagadj] = header[..] else {
        return Err("header needs 4 numbers".into());
    };
    let row_counts = numbers(lines.next(), "row counts")?;
    let col_counts = numbers(lines.next(), "column counts")?;
    if row_counts.len() != rows || col_counts.len() != cols {
        return Err("wrong number of counts".into());
    }
    let mut trees = vec![false; rows * cols];
    for r in 0..rows {
        let line = lines.next().unwrap_or("");
        for (c, ch) in line.chars().take(cols).enumerate() {
            trees[r * cols + c] = ch == 'x';
        }
    }
    Ok(TextPuzzle {
        rows,
        cols,
        wrapping: wrapping == 1,
        diagadj: diagadj == 1,
        row_counts,
        col_counts,
        trees,
    })
}
