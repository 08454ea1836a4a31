//! Light Up text files and Tatham game IDs: exact reading, canonical writing, located errors.

use gridpuzzles::game::{Game, ParseError};
use gridpuzzles::games::lightup::{DEFAULT_GAME_ID, LightUp, Square};
use gridpuzzles::grid::Pos;

const DEFAULT_FILE: &str = "7 7 0\nbb1bbbb\nbb2bbbb\nbbbbbw2\nbbbbbbb\n1wbbbbb\nbbbb2bb\nbbbbwbb\n";

fn file_error(text: &str) -> ParseError {
    LightUp::parse(text).unwrap_err()
}

fn id_error(id: &str) -> ParseError {
    LightUp::from_tatham_id(id).unwrap_err()
}

#[test]
fn default_game_from_id_equals_the_course_file() {
    let from_id = LightUp::from_tatham_id(DEFAULT_GAME_ID).unwrap();
    assert_eq!(from_id, LightUp::parse(DEFAULT_FILE).unwrap());
    assert_eq!(from_id, LightUp::default_game());
    assert_eq!(from_id.format(), DEFAULT_FILE);
    assert_eq!(from_id.to_tatham_id(), DEFAULT_GAME_ID);
}

#[test]
fn export_drops_bulbs_and_marks() {
    let g = LightUp::parse("1 4 0\n*-b1\n").unwrap();
    assert_eq!(g.to_tatham_id(), "4x1:c1");
}

#[test]
fn export_of_a_wrapping_puzzle_keeps_the_walls() {
    let g = LightUp::parse("2 2 1\n4b\nbb\n").unwrap();
    let back = LightUp::from_tatham_id(&g.to_tatham_id()).unwrap();
    assert!(!back.wrapping());
    assert_eq!(back.square(Pos::new(0, 0)), Some(Square::Wall(Some(4))));
}

#[test]
fn the_hard_eighteen_by_ten_id_imports() {
    let id = "18x10:gBc1b2g2e2d1b2c2h2e3c2dBd1g1bBb2b1fBbBb1bBgBd2dBi1h1c2b1dBe2bBdBb3cBg";
    let g = LightUp::from_tatham_id(id).unwrap();
    assert_eq!(g.topology().rows, 10);
    assert_eq!(g.topology().cols, 18);
    assert_eq!(g.to_tatham_id(), id);
    assert_eq!(g.count(None), 1u32.into());
    assert!(g.solve().unwrap().is_won());
}

#[test]
fn parameters_may_carry_extra_letters() {
    for id in ["7x7b20s4d0:b1f2iB2g1Bi2fBb", "7x7de:b1f2iB2g1Bi2fBb"] {
        assert_eq!(
            LightUp::from_tatham_id(id).unwrap(),
            LightUp::default_game()
        );
    }
}

#[test]
fn seed_ids_are_refused_clearly() {
    let e = id_error("7x7#123456789");
    assert_eq!((e.line, e.col), (1, 4));
    assert!(e.to_string().contains("seed"), "{e}");
    let e = id_error("7x7b20s4d0#1");
    assert_eq!(e.col, 11);
}

#[test]
fn wrong_totals_are_rejected() {
    // One square short.
    let e = id_error("7x7:b1f2iB2g1Bi2fBa");
    assert_eq!(e.col, 20);
    assert!(e.expected.contains("1 more"), "{e}");
    // One square too many.
    let e = id_error("7x7:b1f2iB2g1Bi2fBc");
    assert_eq!(e.col, 19);
    let e = id_error("7x7:b1f2iB2g1Bi2fBbB");
    assert_eq!(e.col, 20);
    let e = id_error("2x2:");
    assert_eq!(e.col, 5);
}

#[test]
fn bad_characters_are_rejected_where_they_stand() {
    assert_eq!(id_error("7x7:b1f2iB2g1Bi2fBb}").col, 20);
    assert_eq!(id_error("7x7:b1f}2iB2g1Bi2fBb").col, 8);
    assert_eq!(id_error("7x7:b5f2iB2g1Bi2fBb").col, 6);
    assert_eq!(id_error("7x7:b1f2iB2g1Bi2fBb_").col, 20);
    assert_eq!(id_error("3x1:bW").col, 6);
    assert_eq!(id_error("3x1:b é").col, 6);
}

#[test]
fn malformed_sizes_are_rejected() {
    assert_eq!(id_error("").col, 1);
    assert_eq!(id_error(":abc").col, 1);
    assert_eq!(id_error("7:a").col, 2);
    assert_eq!(id_error("7x:a").col, 3);
    assert_eq!(id_error("0x7:a").col, 1);
    assert_eq!(id_error("7x7").col, 4);
    assert_eq!(id_error("99999999999999999999x2:a").col, 1);
    assert_eq!(id_error("4294967296x4294967296:a").col, 1);
}

#[test]
fn a_trailing_newline_after_an_id_is_fine() {
    assert_eq!(
        LightUp::from_tatham_id("7x7:b1f2iB2g1Bi2fBb\n").unwrap(),
        LightUp::default_game()
    );
}

#[test]
fn files_without_final_newline_or_with_crlf_load() {
    let g = LightUp::parse(DEFAULT_FILE.trim_end()).unwrap();
    assert_eq!(g, LightUp::default_game());
    let g = LightUp::parse(&DEFAULT_FILE.replace('\n', "\r\n")).unwrap();
    assert_eq!(g, LightUp::default_game());
    assert_eq!(g.format(), DEFAULT_FILE);
}

#[test]
fn file_errors_name_line_column_and_expectation() {
    let e = file_error("7 7 0\nbb1bbbb\nbb2bbbb\nbbbbbw2\nbbbbXbb\n1wbbbbb\nbbbb2bb\nbbbbwbb\n");
    assert_eq!((e.line, e.col), (5, 5));
    assert!(
        e.to_string()
            .starts_with("line 5, column 5: expected a square")
    );
    let e = file_error("7 7 0\nbb1bbbb\n");
    assert_eq!((e.line, e.col), (3, 1));
    assert!(e.expected.contains("row 1"), "{e}");
    let e = file_error("7 7\nbb1bbbb\n");
    assert_eq!((e.line, e.col), (1, 4));
    let e = file_error("7 7 0 0\nbb1bbbb\n");
    assert_eq!((e.line, e.col), (1, 6));
    let e = file_error("7 x 0\n");
    assert_eq!((e.line, e.col), (1, 3));
    assert!(e.expected.contains("columns"), "{e}");
    let e = file_error("-7 7 0\n");
    assert_eq!((e.line, e.col), (1, 1));
}

#[test]
fn trailing_spaces_are_not_squares_in_light_up() {
    let e = file_error("1 3 0\nbbb \n");
    assert_eq!((e.line, e.col), (2, 4));
    let e = file_error("1 3 0\nbb \n");
    assert_eq!((e.line, e.col), (2, 3));
}

#[test]
fn a_tents_or_mosaic_file_is_not_light_up() {
    assert!(LightUp::parse("2 2 0 0\n1 0 \n1 0 \n*x\n  \n").is_err());
    assert!(LightUp::parse("2 2 0 0\n-e-e\n-e-e\n").is_err());
}

#[test]
fn a_huge_declared_size_without_rows_fails_cleanly() {
    let e = file_error("4096 4096 0\nbbb\n");
    assert_eq!((e.line, e.col), (2, 4));
    // Above the largest grid any reader accepts: refused at the header.
    let e = file_error("100000 100000 0\nbbb\n");
    assert_eq!((e.line, e.col), (1, 1));
    assert_eq!(e.expected, "a grid of at most 16777216 squares");
    let e = file_error("18446744073709551615 18446744073709551615 0\n");
    assert_eq!((e.line, e.col), (1, 1));
}
