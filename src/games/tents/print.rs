//! The course's `game_print` layout (docs/cli.md#text-mode), used by `text` mode.

use super::Tents;
use super::format::square_char;

/// The board with column indices on top, row indices on the left (both modulo 10), each row's
/// expected tents on its right and the columns' below.
pub(super) fn game_print(g: &Tents) -> String {
    let t = g.grid.topology();
    let rule: String = "-".repeat(t.cols);
    let mut out = String::from("   ");
    out.extend((0..t.cols).map(|c| digit(c % 10)));
    out.push_str(&format!("\n   {rule}\n"));
    for r in 0..t.rows {
        let squares: String = g.grid.row(r).iter().map(|&s| square_char(s)).collect();
        out.push_str(&format!("{} |{squares}| {}\n", r % 10, g.row_counts[r]));
    }
    out.push_str(&format!("   {rule}\n"));
    out.push_str(&column_count_lines(&g.col_counts));
    out
}

/// The column counts under the grid, one character per column: one line when every count is a
/// single digit; otherwise a line per digit, most significant first, blank above shorter counts
/// (docs/cli.md#text-mode), so 10 never reads as a 1 and a 0 in two columns.
fn column_count_lines(counts: &[usize]) -> String {
    let texts: Vec<String> = counts.iter().map(usize::to_string).collect();
    let lines = texts.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for line in 0..lines {
        let digits: String = texts
            .iter()
            .map(|text| match line.checked_sub(lines - text.len()) {
                Some(k) => char::from(text.as_bytes()[k]),
                None => ' ',
            })
            .collect();
        // No trailing blanks: a tens line ends at its last count of 10 or more.
        out.push_str(&format!("   {}\n", digits.trim_end()));
    }
    out
}

/// The character of a digit 0–9.
fn digit(d: usize) -> char {
    char::from_digit(d as u32, 10).unwrap_or('?')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn default_game_layout() {
        let expected = "   01234567
   --------
0 |    xx  | 3
1 |x      x| 0
2 |    x   | 4
3 |x    x  | 0
4 | x      | 4
5 |x   x x | 0
6 |        | 1
7 |x       | 0
   --------
   40121121
";
        assert_eq!(Tents::default_2020().print_board(), expected);
    }

    #[test]
    fn indices_wrap_modulo_10_on_wide_and_tall_grids() {
        let text = format!(
            "11 12 0 0\n{}\n{}\n{}",
            "0 ".repeat(11),
            "0 ".repeat(12),
            "\n".repeat(11)
        );
        let g = Tents::parse(&text).unwrap();
        let board = g.print_board();
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "   012345678901");
        assert_eq!(lines[1], format!("   {}", "-".repeat(12)));
        assert_eq!(lines[2], format!("0 |{}| 0", " ".repeat(12)));
        assert_eq!(lines[12], format!("0 |{}| 0", " ".repeat(12)));
        assert_eq!(lines[13], lines[1]);
        assert_eq!(lines[14], format!("   {}", "0".repeat(12)));
        assert_eq!(lines.len(), 15);
    }

    #[test]
    fn counts_of_ten_and_more_take_two_lines() {
        assert_eq!(column_count_lines(&[4, 0, 1]), "   401\n");
        assert_eq!(column_count_lines(&[1, 10, 9, 12]), "    1 1\n   1092\n");
        assert_eq!(column_count_lines(&[]), "   \n");
    }
}
