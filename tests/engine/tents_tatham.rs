//! Tatham descriptive game IDs for Tents: import, export, and located errors.

use gridpuzzles::game::{Game, ParseError};
use gridpuzzles::games::tents::{DEFAULT_2025_ID, Rule4, Square, Tents};
use gridpuzzles::grid::{Grid, Pos, Topology};
use proptest::prelude::*;

const ID_2025: &str = "8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3";

#[test]
fn the_2025_id_imports_as_the_course_default() {
    assert_eq!(DEFAULT_2025_ID, ID_2025);
    let g = Tents::from_tatham_id(ID_2025).unwrap();
    assert_eq!(g.row_counts(), &[1, 2, 1, 2, 2, 0, 1, 3]);
    assert_eq!(g.col_counts(), &[3, 0, 2, 1, 2, 1, 2, 1]);
    assert_eq!(g.rule4(), Rule4::Matching);
    assert!(!g.topology().wrapping);
    assert!(!g.diagadj());
    let trees = [
        "x    xx ", "        ", "      x ", "x x     ", "    x   ", "  x     ", "        ",
        " xx  xx ",
    ];
    for (r, row) in trees.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let want = if ch == 'x' {
                Square::Tree
            } else {
                Square::Empty
            };
            assert_eq!(g.piece(Pos::new(r, c)), want, "({r},{c})");
        }
    }
    let local = g.with_rule4(Rule4::Local);
    assert_eq!(local, Tents::default_2025());
}

#[test]
fn the_2025_id_exports_back_to_the_same_string() {
    assert_eq!(
        Tents::from_tatham_id(ID_2025).unwrap().to_tatham_id(),
        ID_2025
    );
    assert_eq!(Tents::default_2025().to_tatham_id(), ID_2025);
}

#[test]
fn export_leaves_out_tents_grass_and_options() {
    let played = Tents::default_2025()
        .apply(Pos::new(0, 1), Square::Tent)
        .apply(Pos::new(1, 1), Square::Grass);
    assert_eq!(played.to_tatham_id(), ID_2025);
}

#[test]
fn the_2020_default_round_trips_through_an_id() {
    let d = Tents::default_2020();
    let id = d.to_tatham_id();
    assert!(id.starts_with("8x8:"), "{id}");
    assert!(id.ends_with(",4,0,1,2,1,1,2,1,3,0,4,0,4,0,1,0"), "{id}");
    let back = Tents::from_tatham_id(&id).unwrap();
    assert_eq!(back.grid(), d.grid());
    assert_eq!(back.row_counts(), d.row_counts());
    assert_eq!(back.col_counts(), d.col_counts());
    assert_eq!(back.rule4(), Rule4::Matching);
}

#[test]
fn width_is_columns_and_height_is_rows() {
    // 3 wide, 2 high: a tree at (0,0) and one at (1,2), then the final tree past the grid.
    let g = Tents::from_tatham_id("3x2:_d_,1,0,0,0,1").unwrap();
    assert_eq!((g.topology().rows, g.topology().cols), (2, 3));
    assert_eq!(g.piece(Pos::new(0, 0)), Square::Tree);
    assert_eq!(g.piece(Pos::new(1, 2)), Square::Tree);
    assert_eq!(g.col_counts(), &[1, 0, 0]);
    assert_eq!(g.row_counts(), &[0, 1]);
    assert_eq!(g.to_tatham_id(), "3x2:_d_,1,0,0,0,1");
}

#[test]
fn extra_parameter_letters_are_ignored() {
    let plain = Tents::from_tatham_id(ID_2025).unwrap();
    for params in ["8x8de", "8x8dt", "8x8d", "8x8 whatever"] {
        let id = ID_2025.replacen("8x8", params, 1);
        assert_eq!(Tents::from_tatham_id(&id).unwrap(), plain, "{id}");
    }
    // A lone width means a square grid, as in Tatham's parameter strings.
    let square = ID_2025.replacen("8x8", "8", 1);
    assert_eq!(Tents::from_tatham_id(&square).unwrap(), plain);
}

#[test]
fn tent_and_grass_marks_are_applied() {
    // "a!" = (0,0) empty, (0,1) a tree turned tent; "-" marks the last of a `z` run grass.
    let g = Tents::from_tatham_id("4x7:a!z-a,0,1,0,0,1,0,0,0,0,0,0").unwrap();
    assert_eq!(g.piece(Pos::new(0, 0)), Square::Empty);
    assert_eq!(g.piece(Pos::new(0, 1)), Square::Tent);
    // z covers cells 2..=26: the last one, 26 = (6,2), is grass; a: cell 27 empty, tree past.
    assert_eq!(g.piece(Pos::new(6, 2)), Square::Grass);
    assert_eq!(g.piece(Pos::new(6, 3)), Square::Empty);
    assert_eq!(
        g.grid()
            .cells()
            .iter()
            .filter(|&&s| s == Square::Tree)
            .count(),
        0
    );
}

#[test]
fn long_empty_runs_use_z() {
    let grid = Grid::filled(Topology::new(10, 10, false), Square::Empty);
    let g = Tents::new(grid, vec![0; 10], vec![0; 10], false, Rule4::Local).unwrap();
    let id = g.to_tatham_id();
    // 100 empty cells: z z z (75), then y (25 empty cells and the final tree past the grid).
    assert!(id.starts_with("10x10:zzzy,"), "{id}");
    assert_eq!(Tents::from_tatham_id(&id).unwrap().grid(), g.grid());
}

// ---------------------------------------------------------------- errors

fn error(id: &str) -> ParseError {
    Tents::from_tatham_id(id).expect_err(id)
}

fn at(id: &str, col: usize) -> ParseError {
    let e = error(id);
    assert_eq!((e.line, e.col), (1, col), "{id:?}: {e}");
    e
}

#[test]
fn seed_ids_are_refused_clearly() {
    let e = at("8x8#911105660705777", 4);
    assert!(e.expected.contains("seed"), "{}", e.expected);
    let e = at("8x8de#911105660705777", 6);
    assert!(e.to_string().contains("cannot be reproduced"), "{e}");
}

#[test]
fn wrong_cell_totals_are_errors() {
    // One tree short: the stream stops before covering W·H+1 cells.
    let short = "8x8:_d_oaaien_b,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3";
    let e = at(short, 16);
    assert!(e.expected.contains("of the 65 cells"), "{}", e.expected);
    // One letter too many: past the final tree.
    let long = "8x8:_d_oaaien_b_a_,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3";
    at(long, 18);
    // A run crossing the end of the grid.
    at("2x2:e,0,0,0,0", 5);
    at("2x2:z_,0,0,0,0", 5);
}

#[test]
fn bad_characters_are_errors() {
    let e = at("8x8:_d_oaaiEn_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3", 12);
    assert!(e.expected.contains("grid character"), "{}", e.expected);
    at("8x8:_d_oaai n_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3", 12);
    at("8x8:_d_oaaien_b_a,3,0,2,1,2,x,2,1,1,2,1,2,2,0,1,3", 29);
    at("8x8:_d_oaaien_b_a;3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3", 18);
}

#[test]
fn wrong_numbers_of_counts_are_errors() {
    let few = "8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1";
    let e = at(few, few.len() + 1);
    assert!(e.expected.contains("row 7"), "{}", e.expected);
    let many = format!("{ID_2025},4");
    let e = at(&many, ID_2025.len() + 1);
    assert!(e.expected.contains("16 counts"), "{}", e.expected);
    at("8x8:_d_oaaien_b_a", 18);
    at("8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,", 49);
    at("8x8:_d_oaaien_b_a,3,,2,1,2,1,2,1,1,2,1,2,2,0,1,3", 21);
    at("8x8:_d_oaaien_b_a,3,99999999999999999999999,2", 21);
}

#[test]
fn malformed_parameters_are_errors() {
    at("", 1);
    at("8x8", 4);
    at(":_,0", 1);
    at("x8:_,0", 1);
    at("0x8:_,0", 1);
    at("8x:_,0", 3);
    at("8x0:_,0", 3);
    at("99999x99999:_", 1);
    at("99999999999999999999x1:_", 1);
}

#[test]
fn marks_outside_the_grid_are_errors() {
    at("2x1:!b,0,0,0", 5);
    at("2x1:b!,0,0,0", 6);
    at("2x1:-b,0,0,0", 5);
}

// ---------------------------------------------------------------- never a panic

prop_compose! {
    /// A random puzzle: trees anywhere, counts anything.
    fn any_puzzle()(rows in 1usize..8, cols in 1usize..40)(
        trees in prop::collection::vec(prop::bool::weighted(0.2), rows * cols),
        row_counts in prop::collection::vec(0usize..30, rows),
        col_counts in prop::collection::vec(0usize..30, cols),
        rows in Just(rows),
        cols in Just(cols),
    ) -> Tents {
        let cells = trees
            .into_iter()
            .map(|t| if t { Square::Tree } else { Square::Empty })
            .collect();
        let grid = Grid::from_cells(Topology::new(rows, cols, false), cells).unwrap();
        Tents::new(grid, row_counts, col_counts, false, Rule4::Matching).unwrap()
    }
}

proptest! {
    #[test]
    fn export_then_import_gives_the_puzzle_back(g in any_puzzle()) {
        let id = g.to_tatham_id();
        let back = Tents::from_tatham_id(&id).unwrap();
        prop_assert_eq!(&back, &g);
        prop_assert_eq!(back.to_tatham_id(), id);
    }

    #[test]
    fn arbitrary_ids_never_panic(id in "[0-9x:#_a-z!,\\-]{0,40}") {
        match Tents::from_tatham_id(&id) {
            Ok(g) => prop_assert!(Tents::from_tatham_id(&g.to_tatham_id()).is_ok()),
            Err(e) => {
                prop_assert_eq!(e.line, 1);
                prop_assert!(e.col >= 1 && e.col <= id.chars().count() + 1, "{:?} {}", id, e);
            }
        }
    }

    #[test]
    fn arbitrary_text_never_panics(id in ".{0,60}") {
        let _ = Tents::from_tatham_id(&id);
    }

    #[test]
    fn edited_ids_never_panic(g in any_puzzle(), at in any::<usize>(), c in "[0-9a-z_!,x#: -]") {
        let mut chars: Vec<char> = g.to_tatham_id().chars().collect();
        let i = at % chars.len();
        chars[i] = c.chars().next().unwrap();
        let id: String = chars.into_iter().collect();
        if let Err(e) = Tents::from_tatham_id(&id) {
            prop_assert!(e.col >= 1 && e.col <= id.chars().count() + 1, "{:?} {}", id, e);
        }
    }
}
