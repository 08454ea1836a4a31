//! Tatham's descriptive Mosaic IDs: import, export, round trips and malformed IDs.

use gridpuzzles::game::{Count, Game};
use gridpuzzles::games::mosaic::{Mosaic, Neighbourhood};
use gridpuzzles::grid::{Grid, Pos, Topology};
use proptest::prelude::*;

#[test]
fn default_game_exports_and_imports() {
    let d = Mosaic::default_game();
    let id = d.to_tatham_id();
    assert_eq!(id, "5x5:0b3b5e4a16a63f");
    assert_eq!(Mosaic::from_tatham_id(&id).unwrap(), d);
}

#[test]
fn imported_puzzles_use_the_full_block_without_wrapping() {
    let g = Mosaic::from_tatham_id("3x3:a4g").unwrap();
    assert_eq!(g.topology(), Topology::new(3, 3, false));
    assert_eq!(g.neighbourhood(), Neighbourhood::Full);
    assert_eq!(g.clue(Pos::new(0, 1)), Some(4));
    // C(6, 4) colourings of the six squares it sees, times 2^3 for the free bottom row.
    assert_eq!(g.count(None), Count::from(15u32 * 8));
}

#[test]
fn extra_parameter_letters_are_ignored() {
    let plain = Mosaic::from_tatham_id("5x5:0b3b5e4a16a63f").unwrap();
    for id in ["5x5h0:0b3b5e4a16a63f", "5x5h1a:0b3b5e4a16a63f"] {
        assert_eq!(Mosaic::from_tatham_id(id).unwrap(), plain, "{id}");
    }
}

#[test]
fn width_comes_first() {
    let g = Mosaic::from_tatham_id("4x2:1g").unwrap();
    assert_eq!(g.topology(), Topology::new(2, 4, false));
    assert_eq!(g.to_tatham_id(), "4x2:1g");
}

#[test]
fn options_do_not_travel_in_ids() {
    let wrapped = Mosaic::default_game()
        .with_neighbourhood(Neighbourhood::Ortho)
        .with_wrapping(true);
    let back = Mosaic::from_tatham_id(&wrapped.to_tatham_id()).unwrap();
    assert_eq!(back, Mosaic::default_game());
}

/// (ID, column, a word the expectation must contain)
const MALFORMED: &[(&str, usize, &str)] = &[
    ("", 1, "width"),
    ("x5:y", 1, "width"),
    ("5:y", 2, "'x'"),
    ("5x:y", 3, "height"),
    ("0x5:y", 1, "at least 1"),
    ("5x0:", 3, "at least 1"),
    ("5x5", 4, "':'"),
    ("5x5h0", 6, "':'"),
    ("5x5#1234", 4, "seed"),
    ("5x5h#1234", 5, "seed"),
    ("5x5:", 5, "25 more squares"),
    ("5x5:x", 6, "1 more square:"),
    ("5x5:zz", 5, "at most 25 squares ('a'..'y')"),
    ("5x5:xc", 6, "at most 1 squares ('a'..'a')"),
    ("5x5:y0", 6, "already full"),
    ("5x5:w1", 7, "1 more square:"),
    ("5x5:w", 6, "2 more squares"),
    ("2x2:}", 5, "clue"),
    ("2x2:a}b", 6, "clue"),
    ("2x2:A", 5, "clue"),
    ("2x2:d!", 6, "clue"),
    ("2x2:d ", 6, "clue"),
    ("2x2:1-ab", 6, "clue"),
    ("99999999999999999999999x2:a", 1, "width"),
    ("4294967296x4294967296:a", 1, "at most 16777216 squares"),
    ("4097x4096:a", 1, "at most 16777216 squares"),
];

#[test]
fn malformed_ids_are_located_errors() {
    for &(id, col, word) in MALFORMED {
        let e = match Mosaic::from_tatham_id(id) {
            Ok(g) => panic!("{id:?} imported as {g:?}"),
            Err(e) => e,
        };
        assert_eq!((e.line, e.col), (1, col), "{id:?}: {e}");
        assert!(e.expected.contains(word), "{id:?}: {e} (wanted {word:?})");
    }
}

fn any_clues() -> impl Strategy<Value = Mosaic> {
    (1usize..=40, 1usize..=40).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec(
            prop_oneof![3 => Just(None), 1 => (0u8..=9).prop_map(Some)],
            rows * cols,
        )
        .prop_map(move |clues| {
            let t = Topology::new(rows, cols, false);
            Mosaic::new(Grid::from_cells(t, clues).unwrap(), Neighbourhood::Full).unwrap()
        })
    })
}

proptest! {
    #[test]
    fn ids_round_trip(g in any_clues()) {
        let id = g.to_tatham_id();
        prop_assert!(id.chars().all(|c| c.is_ascii_alphanumeric() || c == ':'));
        prop_assert_eq!(Mosaic::from_tatham_id(&id).unwrap(), g);
    }

    #[test]
    fn arbitrary_ids_never_panic(id in "[0-9]{0,3}x?[0-9]{0,3}[a-z#:]{0,3}[a-z0-9}!_ ]{0,30}") {
        if let Ok(g) = Mosaic::from_tatham_id(&id) {
            prop_assert_eq!(Mosaic::from_tatham_id(&g.to_tatham_id()).unwrap(), g);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(id in "\\PC{0,40}") {
        if let Err(e) = Mosaic::from_tatham_id(&id) {
            prop_assert!(e.line == 1 && e.col >= 1 && e.col <= id.chars().count() + 1);
        }
    }
}
