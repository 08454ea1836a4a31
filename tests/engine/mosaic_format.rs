//! The Mosaic text format (docs/rules.md#mosaic-file): tolerances, canonical writing, and located
//! errors.

use gridpuzzles::game::{Game, ParseError};
use gridpuzzles::games::mosaic::{Colour, Mosaic, Neighbourhood};
use gridpuzzles::grid::{Grid, Pos, Topology};
use proptest::prelude::*;

fn err(text: &str) -> ParseError {
    match Mosaic::parse(text) {
        Ok(g) => panic!("{text:?} parsed as {g:?}"),
        Err(e) => e,
    }
}

/// (file, line, column, a word the expectation must contain)
const DEFECTS: &[(&str, usize, usize, &str)] = &[
    ("", 1, 1, "header"),
    ("\n", 1, 1, "rows"),
    ("2 2 0\n-e-e\n-e-e\n", 1, 6, "space"),
    ("2 2 0 0 \n-e-e\n-e-e\n", 1, 8, "end of line"),
    ("2 2 0 0 1\n-e-e\n-e-e\n", 1, 8, "end of line"),
    ("2  2 0 0\n-e-e\n-e-e\n", 1, 3, "columns"),
    (" 2 2 0 0\n-e-e\n-e-e\n", 1, 1, "rows"),
    ("a 2 0 0\n-e-e\n-e-e\n", 1, 1, "rows"),
    ("0 2 0 0\n", 1, 1, "at least 1"),
    ("2 0 0 0\n\n\n", 1, 3, "at least 1"),
    ("2 2 2 0\n-e-e\n-e-e\n", 1, 5, "wrapping"),
    ("2 2 0 4\n-e-e\n-e-e\n", 1, 7, "neighbourhood"),
    ("2 2 0 x\n-e-e\n-e-e\n", 1, 7, "neighbourhood"),
    ("2 2 0 0\t\n-e-e\n-e-e\n", 1, 8, "end of line"),
    ("99999999999999999999999 2 0 0\n", 1, 1, "too large"),
    ("2 2 0 0\n-e-e\n", 3, 1, "row 1"),
    ("2 2 0 0\n", 2, 1, "row 0"),
    ("2 2 0 0\n-e-e\n-e-e\n\n", 4, 1, "end of file"),
    ("2 2 0 0\n-e-e\n-e-e\n-e-e\n", 4, 1, "end of file"),
    ("2 2 0 0\n-e-e\n-e-\n", 3, 4, "colour"),
    ("2 2 0 0\n-e-e\n-e\n", 3, 3, "clue"),
    ("2 2 0 0\n-e-e\n-e-e-e\n", 3, 5, "end of line"),
    ("2 2 0 0\n-e-e\n-e-e \n", 3, 5, "end of line"),
    ("2 2 0 0\n-e-e\n-eae\n", 3, 3, "clue"),
    ("2 2 0 0\n-e-e\n-e-x\n", 3, 4, "colour"),
    ("2 2 0 0\n-e-E\n-e-e\n", 2, 4, "colour"),
    ("2 2 0 0\n e-e\n-e-e\n", 2, 1, "clue"),
    ("2 2 0 0\n-é-e\n-e-e\n", 2, 2, "colour"),
    ("2 2 0 0\n-e-e\r\r\n-e-e\n", 2, 5, "end of line"),
    ("2 2 0 0\n-e\r-e\n-e-e\n", 2, 3, "clue"),
    ("1 1 0 0\n-e\n\n", 3, 1, "end of file"),
];

#[test]
fn every_defect_is_located() {
    for &(text, line, col, word) in DEFECTS {
        let e = err(text);
        assert_eq!((e.line, e.col), (line, col), "{text:?}: {e}");
        assert!(e.expected.contains(word), "{text:?}: {e} (wanted {word:?})");
    }
}

#[test]
fn error_message_reads_well() {
    let e = err("2 2 0 0\n-e-e\n-e-x\n");
    assert_eq!(
        e.to_string(),
        "line 3, column 4: expected a colour 'e', 'w' or 'b' after the clue"
    );
}

#[test]
fn tolerances() {
    let canonical = "2 2 1 1\n3b-w\n-e9e\n";
    let g = Mosaic::parse(canonical).unwrap();
    assert_eq!(g.format(), canonical);
    for variant in [
        "2 2 1 1\n3b-w\n-e9e",
        "2 2 1 1\r\n3b-w\r\n-e9e\r\n",
        "2 2 1 1\r\n3b-w\r\n-e9e",
        "2 2 1 1\n3b-w\r\n-e9e\n",
    ] {
        assert_eq!(Mosaic::parse(variant).unwrap(), g, "{variant:?}");
    }
}

#[test]
fn header_fields_map_to_options() {
    for (code, n) in [
        (0, Neighbourhood::Full),
        (1, Neighbourhood::Ortho),
        (2, Neighbourhood::FullExclude),
        (3, Neighbourhood::OrthoExclude),
    ] {
        for wrapping in [0, 1] {
            let text = format!("1 3 {wrapping} {code}\n0e-w1b\n");
            let g = Mosaic::parse(&text).unwrap();
            assert_eq!(g.neighbourhood(), n);
            assert_eq!(g.topology(), Topology::new(1, 3, wrapping == 1));
            assert_eq!(g.clue(Pos::new(0, 2)), Some(1));
            assert_eq!(g.colour(Pos::new(0, 2)), Colour::Black);
            assert_eq!(g.format(), text);
        }
    }
}

#[test]
fn large_grid_round_trips() {
    let t = Topology::new(100, 100, false);
    let clues: Vec<Option<u8>> = (0..t.len())
        .map(|i| (i % 3 == 0).then_some((i % 10) as u8))
        .collect();
    let colours: Vec<Colour> = (0..t.len())
        .map(|i| [Colour::Empty, Colour::White, Colour::Black][i % 7 % 3])
        .collect();
    let g = Mosaic::from_parts(
        Grid::from_cells(t, clues).unwrap(),
        Grid::from_cells(t, colours).unwrap(),
        Neighbourhood::Ortho,
    )
    .unwrap();
    assert_eq!(Mosaic::parse(&g.format()).unwrap(), g);
}

/// Any position with any options.
fn any_game() -> impl Strategy<Value = Mosaic> {
    (1usize..=7, 1usize..=7, any::<bool>(), 0usize..4)
        .prop_flat_map(|(rows, cols, wrapping, n)| {
            (
                Just((rows, cols, wrapping, n)),
                proptest::collection::vec(proptest::option::of(0u8..=9), rows * cols),
                proptest::collection::vec(0usize..3, rows * cols),
            )
        })
        .prop_map(|((rows, cols, wrapping, n), clues, colours)| {
            let t = Topology::new(rows, cols, wrapping);
            let colours = colours
                .into_iter()
                .map(|c| [Colour::Empty, Colour::White, Colour::Black][c])
                .collect();
            let n = [
                Neighbourhood::Full,
                Neighbourhood::Ortho,
                Neighbourhood::FullExclude,
                Neighbourhood::OrthoExclude,
            ][n];
            Mosaic::from_parts(
                Grid::from_cells(t, clues).unwrap(),
                Grid::from_cells(t, colours).unwrap(),
                n,
            )
            .unwrap()
        })
}

proptest! {
    #[test]
    fn parse_of_format_is_identity(g in any_game()) {
        let text = g.format();
        prop_assert_eq!(Mosaic::parse(&text).unwrap(), g.clone());
        prop_assert_eq!(Mosaic::parse(&text.replace('\n', "\r\n")).unwrap(), g.clone());
        prop_assert_eq!(Mosaic::parse(text.trim_end_matches('\n')).unwrap(), g);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,80}") {
        if let Err(e) = Mosaic::parse(&text) {
            prop_assert!(e.line >= 1 && e.col >= 1);
        }
    }

    #[test]
    fn files_like_the_format_never_panic(text in "[0-9 ]{1,12}\n([-0-9ewbx ]{0,10}\r?\n){0,6}") {
        if let Err(e) = Mosaic::parse(&text) {
            prop_assert!(e.line >= 1 && e.col >= 1);
            prop_assert!(e.line <= text.split('\n').count() + 1);
        }
    }

    #[test]
    fn a_corrupted_character_is_an_error_or_a_valid_game(g in any_game(), at in any::<prop::sample::Index>(), c in any::<char>()) {
        let mut chars: Vec<char> = g.format().chars().collect();
        let i = at.index(chars.len());
        chars[i] = c;
        let text: String = chars.into_iter().collect();
        match Mosaic::parse(&text) {
            Ok(h) => prop_assert_eq!(Mosaic::parse(&h.format()).unwrap(), h),
            Err(e) => prop_assert!(e.line >= 1 && e.col >= 1),
        }
    }
}
