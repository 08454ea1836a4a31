//! Words for hints: clues, squares, lists and counts in one-sentence explanations.

use super::engine::BLACK;
use super::logic::Conflict;
use super::model::Model;

/// "clue 3 at (2,4)".
pub fn clue(m: &Model, clue: u32) -> String {
    format!(
        "clue {} at {}",
        m.target[clue as usize],
        m.clue_pos(clue as usize)
    )
}

/// "Clue 3 at (2,4)", for the start of a sentence.
pub fn clue_cap(m: &Model, clue_id: u32) -> String {
    let mut s = clue(m, clue_id);
    s.replace_range(0..1, "C");
    s
}

/// "(1,2)", "(1,2) and (1,3)", "(1,2), (1,3) and (2,2)".
pub fn squares(m: &Model, cells: &[u32]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| m.pos(c).to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// "is" or "are" for a list of `n` squares.
pub fn verb(n: usize) -> &'static str {
    if n == 1 { "is" } else { "are" }
}

/// "1 black square", "3 black squares".
pub fn blacks(n: i32) -> String {
    if n == 1 {
        "1 black square".into()
    } else {
        format!("{n} black squares")
    }
}

/// "black" or "white".
pub fn colour(v: u8) -> &'static str {
    if v == BLACK { "black" } else { "white" }
}

/// What a conflict looks like, as the end of a sentence.
pub fn conflict(m: &Model, c: Conflict) -> String {
    match c {
        Conflict::TooMany(k) => format!("{} counting too many black squares", clue(m, k)),
        Conflict::TooFew(k) => format!("{} without room for its black squares", clue(m, k)),
        Conflict::Pair(a, b) => format!(
            "{} and {} disagreeing about the squares they share",
            clue(m, a),
            clue(m, b)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::mosaic::Mosaic;

    #[test]
    fn lists_and_counts_read_naturally() {
        let m = Model::of(&Mosaic::parse("2 2 0 0\n3e-e\n-e-e\n").unwrap());
        assert_eq!(squares(&m, &[0]), "(0,0)");
        assert_eq!(squares(&m, &[0, 3]), "(0,0) and (1,1)");
        assert_eq!(squares(&m, &[0, 1, 3]), "(0,0), (0,1) and (1,1)");
        assert_eq!(blacks(1), "1 black square");
        assert_eq!(blacks(2), "2 black squares");
        assert_eq!(clue_cap(&m, 0), "Clue 3 at (0,0)");
        assert_eq!(verb(1), "is");
        assert!(conflict(&m, Conflict::TooMany(0)).contains("clue 3 at (0,0)"));
    }
}
