//! The Tents text format: the course's files round-trip, tolerances hold, every defect is located,
//! and no input makes the reader panic.

use gridpuzzles::game::{Count, Game, ParseError};
use gridpuzzles::games::tents::{Rule4, Square, Tents};
use gridpuzzles::grid::Pos;
use proptest::prelude::*;

use crate::common::peer_cases::peer_dir;

/// Every Tents peer file: (file name, content).
fn peer_files() -> Vec<(String, String)> {
    let dir = peer_dir();
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("peer cases at {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("tents_") && n.ends_with(".txt"))
        })
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

fn peer(name: &str) -> Tents {
    let text = std::fs::read_to_string(peer_dir().join(name)).unwrap();
    Tents::parse(&text).unwrap()
}

/// What the canonical writer makes of a file that uses only the tolerated liberties: a trailing
/// space after every number line, none after the header, a final newline.
fn canonical_by_hand(text: &str) -> String {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let mut out = String::new();
    for (i, line) in body.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        match i {
            0 => out.push_str(line.trim_end_matches(' ')),
            1 | 2 => {
                out.push_str(line.trim_end_matches(' '));
                out.push(' ');
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

#[test]
fn there_are_thirty_tents_peer_files() {
    assert_eq!(peer_files().len(), 30);
}

#[test]
fn every_peer_file_loads_and_saves_back_in_canonical_form() {
    let mut identical = 0;
    for (name, text) in peer_files() {
        let g = Tents::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(g.rule4(), Rule4::Local, "{name}");
        let saved = g.format();
        assert_eq!(saved, canonical_by_hand(&text), "{name}");
        if saved == text {
            identical += 1;
        }
        let reloaded = Tents::parse(&saved).unwrap();
        assert_eq!(reloaded, g, "{name}");
        assert_eq!(reloaded.format(), saved, "{name}");
    }
    // The others miss a final newline or a trailing space, or have one after the header.
    assert_eq!(identical, 19);
}

#[test]
fn peer_file_headers_are_read() {
    let g = peer("tents_guewenc_univ_tents_game_30_30wd.txt");
    assert_eq!((g.topology().rows, g.topology().cols), (30, 30));
    assert!(g.topology().wrapping);
    assert!(g.diagadj());
    let g = peer("tents_keahorvath_Tents_level5.txt");
    assert_eq!((g.topology().rows, g.topology().cols), (10, 15));
    assert!(!g.topology().wrapping);
    assert_eq!(g.row_counts(), &[3, 4, 3, 5, 2, 3, 2, 5, 2, 1]);
    assert_eq!(g.col_counts().len(), 15);
}

#[test]
fn peer_defaults_match_the_built_in_defaults() {
    assert_eq!(
        peer("tents_laamphan_c-game-tents_game_default.txt"),
        Tents::default_2020()
    );
    assert_eq!(
        peer("tents_unknown-repo-2025-teacher_game_aux_default2025.txt"),
        Tents::default_2025()
    );
}

#[test]
fn peer_won_as_given() {
    for (name, text) in peer_files() {
        let won = Tents::parse(&text).unwrap().is_won();
        assert_eq!(won, name.contains("default_solution"), "{name}");
    }
}

#[test]
fn small_peer_files_have_the_expected_number_of_solutions() {
    let expected = [
        ("tents_laamphan_c-game-tents_game_2x4.txt", 1u32),
        ("tents_laamphan_c-game-tents_game_3x3.txt", 2),
        ("tents_laamphan_c-game-tents_game_3x3d.txt", 1),
        ("tents_laamphan_c-game-tents_game_3x3w.txt", 1),
        ("tents_laamphan_c-game-tents_game_3x3wd.txt", 1),
        ("tents_laamphan_c-game-tents_game_4x4w.txt", 1),
        ("tents_guewenc_univ_tents_game_nb_sol4.txt", 4),
    ];
    for (name, count) in expected {
        let g = peer(name);
        assert_eq!(g.count(None), Count::from(count), "{name}");
        let solved = g.solve().expect("solvable");
        assert!(solved.is_won(), "{name}");
        assert_eq!(
            solved.count(None),
            Count::from(count),
            "{name}: pieces are ignored"
        );
    }
}

// ---------------------------------------------------------------- tolerances

const SMALL: &str = "3 4 0 1\n1 0 1 \n1 0 0 1 \nx  *\n-  x\n    \n";

#[test]
fn canonical_small_file_round_trips_byte_for_byte() {
    let g = Tents::parse(SMALL).unwrap();
    assert_eq!(g.format(), SMALL);
    assert!(g.diagadj());
    assert_eq!(g.piece(Pos::new(0, 3)), Square::Tent);
    assert_eq!(g.piece(Pos::new(1, 0)), Square::Grass);
    assert_eq!(g.piece(Pos::new(2, 3)), Square::Empty);
}

#[test]
fn tolerated_liberties_read_the_same_game() {
    let g = Tents::parse(SMALL).unwrap();
    let variants = [
        SMALL.strip_suffix('\n').unwrap().to_string(),
        SMALL.replace('\n', "\r\n"),
        SMALL.replace("1 0 1 \n", "1 0 1\n"),
        SMALL.replace("1 0 0 1 \n", "1 0 0 1\n"),
        SMALL.replace("3 4 0 1\n", "3 4 0 1 \n"),
        SMALL.replace("\n    \n", "\n\n"),
        SMALL.replace("-  x\n    \n", "-  x\n \n"),
        format!("{SMALL}\n\n\n"),
        format!("{}\r\n\r\n", SMALL.replace('\n', "\r\n")),
    ];
    for v in variants {
        assert_eq!(Tents::parse(&v).as_ref(), Ok(&g), "{v:?}");
    }
}

#[test]
fn trailing_spaces_on_a_grid_row_are_squares() {
    let e = Tents::parse("3 4 0 1\n1 0 1 \n1 0 0 1 \nx  * \n-  x\n    \n").unwrap_err();
    assert_eq!((e.line, e.col), (4, 5));
    assert!(e.expected.contains("end of row 0"), "{}", e.expected);
}

// ---------------------------------------------------------------- located errors

fn error(text: &str) -> ParseError {
    Tents::parse(text).expect_err(text)
}

fn at(text: &str, line: usize, col: usize) {
    let e = error(text);
    assert_eq!((e.line, e.col), (line, col), "{text:?}: {e}");
    assert!(!e.expected.is_empty());
}

#[test]
fn header_errors() {
    at("", 1, 1);
    at("\n", 1, 1);
    at("3 4 0", 1, 6);
    at("3 4 0\n1 0 1 \n1 0 0 1 \n", 1, 6);
    at("3 4 0 1 0\n", 1, 9);
    at("3 4 0 1  \n", 1, 9);
    at("a 4 0 1\n", 1, 1);
    at("3 b 0 1\n", 1, 3);
    at("3 4 2 1\n", 1, 5);
    at("3 4 0 7\n", 1, 7);
    at("0 4 0 1\n", 1, 1);
    at("3 0 0 1\n", 1, 3);
    at("3  4 0 1\n", 1, 3);
    at(" 3 4 0 1\n", 1, 1);
    at("3\t4 0 1\n", 1, 2);
    at("-3 4 0 1\n", 1, 1);
    at("3 4 0 1x\n", 1, 8);
    at("99999999999999999999999 4 0 1\n", 1, 1);
    at("100000 100000 0 0\n", 1, 1);
}

#[test]
fn header_error_messages_say_what_was_expected() {
    assert_eq!(error("3 4 0").expected, "a space and diagadj (0 or 1)");
    assert_eq!(error("x").expected, "the number of rows");
    assert_eq!(error("3 4 5 0").expected, "wrapping as 0 or 1");
    assert_eq!(
        error("3 4 0 0 1").expected,
        "the end of the line after 4 numbers"
    );
}

#[test]
fn count_line_errors() {
    let head = "3 4 0 0\n";
    at(head, 2, 1);
    at(&format!("{head}1 0\n"), 2, 4);
    at(&format!("{head}1 0 1 1 \n"), 2, 7);
    at(&format!("{head}1 x 1 \n"), 2, 3);
    at(&format!("{head}1 0 1 \n"), 3, 1);
    at(&format!("{head}1 0 1 \n1 0 0\n"), 3, 6);
    at(&format!("{head}1 0 1 \n1 0 0 1 1\n"), 3, 9);
    at(&format!("{head}1,0,1\n"), 2, 2);
    at(&format!("{head}1 0 1 \n1 0 0 -1 \n"), 3, 7);
    let e = error(&format!("{head}1 0\n"));
    assert!(e.expected.contains("row 2"), "{}", e.expected);
    let e = error(&format!("{head}1 0 1 \n1 0 \n"));
    assert!(e.expected.contains("column 2"), "{}", e.expected);
}

#[test]
fn grid_errors() {
    let head = "3 4 0 0\n1 0 1 \n1 0 0 1 \n";
    at(head, 4, 1);
    at(&format!("{head}x  *\n"), 5, 1);
    at(&format!("{head}x  *\n-  x\n"), 6, 1);
    at(&format!("{head}x  X\n-  x\n    \n"), 4, 4);
    at(&format!("{head}x  *\n- ?x\n    \n"), 5, 3);
    at(&format!("{head}x  *\n-  x\n    *\n"), 6, 5);
    at(&format!("{head}x\r *\n-  x\n    \n"), 4, 2);
    at(&format!("{head}x\t *\n-  x\n    \n"), 4, 2);
    at(&format!("{head}xé *\n-  x\n    \n"), 4, 2);
    at(&format!("{head}x  *\n-  x\n    \nx\n"), 7, 1);
    at(&format!("{head}x  *\n-  x\n    \n\n \n"), 8, 1);
    let e = error(&format!("{head}x  *\n"));
    assert!(e.expected.contains("row 1"), "{}", e.expected);
    let e = error(&format!("{head}x  *\n-  x\n    \nmore\n"));
    assert!(e.expected.contains("end of the file"), "{}", e.expected);
}

#[test]
fn columns_count_characters_not_bytes() {
    at("3 4 0 0\n1 0 1 \n1 0 0 1 \néé é\n", 4, 1);
    at("3 4 0 0\n1 0 1 \n1 0 0 1 \n  xé\n", 4, 4);
}

#[test]
fn error_display_names_line_column_and_expectation() {
    let e = error("3 4 0 7\n");
    assert_eq!(
        e.to_string(),
        "line 1, column 7: expected diagadj as 0 or 1"
    );
}

// ---------------------------------------------------------------- never a panic

fn square_char() -> impl Strategy<Value = char> {
    prop::sample::select(vec![' ', 'x', '*', '-'])
}

prop_compose! {
    /// A random valid position under the local rule (what files hold).
    fn any_game()(rows in 1usize..7, cols in 1usize..7)(
        cells in prop::collection::vec(square_char(), rows * cols),
        row_counts in prop::collection::vec(0usize..12, rows),
        col_counts in prop::collection::vec(0usize..12, cols),
        wrapping in any::<bool>(),
        diagadj in any::<bool>(),
        rows in Just(rows),
        cols in Just(cols),
    ) -> String {
        let mut text = format!("{rows} {cols} {} {}\n", u8::from(wrapping), u8::from(diagadj));
        for counts in [&row_counts, &col_counts] {
            for n in counts {
                text.push_str(&format!("{n} "));
            }
            text.push('\n');
        }
        for row in cells.chunks(cols) {
            text.extend(row);
            text.push('\n');
        }
        text
    }
}

/// Edits of a valid file: replace, insert or delete one character at a position.
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let ch = prop::sample::select(vec![
        ' ', '\n', '\r', 'x', '*', '-', '0', '1', '9', 'a', 'é',
    ]);
    prop_oneof![
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), ch).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
    ]
}

fn apply_edits(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Replace(i, c) if !chars.is_empty() => chars[i % n] = c,
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % n);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #[test]
    fn parse_format_round_trips(text in any_game()) {
        let g = Tents::parse(&text).unwrap();
        prop_assert_eq!(g.format(), text.clone());
        prop_assert_eq!(Tents::parse(&g.format()).unwrap(), g);
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        if let Ok(g) = Tents::parse(&text) {
            prop_assert_eq!(Tents::parse(&g.format()).unwrap(), g);
        }
    }

    #[test]
    fn edited_files_never_panic_and_errors_are_located(
        text in any_game(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let edited = apply_edits(&text, &edits);
        match Tents::parse(&edited) {
            Ok(g) => prop_assert_eq!(Tents::parse(&g.format()).unwrap(), g),
            Err(e) => {
                let lines = edited.split('\n').count() + 1;
                prop_assert!(e.line >= 1 && e.line <= lines, "{:?} {}", edited, e);
                prop_assert!(e.col >= 1, "{:?} {}", edited, e);
                prop_assert!(!e.expected.is_empty());
            }
        }
    }
}
