//! Tents rules: the course's scenarios on the default game, each classification step of
//! docs/rules.md#moves, both rule-4 variants, wrapping and diagadj, error marks, and play sequences
//! through `Play`.

use gridpuzzles::game::{ErrorMark, Game, MoveKind, Target, classify};
use gridpuzzles::games::tents::{Rule4, Square, Tents};
use gridpuzzles::grid::{Grid, Line, Pos, Topology};
use gridpuzzles::history::Action;
use gridpuzzles::play::Play;

use MoveKind::{Illegal, Losing, Regular};
use Square::{Empty, Grass, Tent, Tree};

/// A position from rows of the text format's characters.
fn game(
    rows: &[&str],
    row_counts: &[usize],
    col_counts: &[usize],
    wrapping: bool,
    diagadj: bool,
    rule4: Rule4,
) -> Tents {
    let topology = Topology::new(rows.len(), rows[0].chars().count(), wrapping);
    let cells = rows
        .iter()
        .flat_map(|r| r.chars())
        .map(|c| match c {
            'x' => Tree,
            '*' => Tent,
            '-' => Grass,
            _ => Empty,
        })
        .collect();
    let grid = Grid::from_cells(topology, cells).expect("rectangular rows");
    Tents::new(
        grid,
        row_counts.to_vec(),
        col_counts.to_vec(),
        diagadj,
        rule4,
    )
    .unwrap()
}

/// A position under the local rule without options.
fn plain(rows: &[&str], row_counts: &[usize], col_counts: &[usize]) -> Tents {
    game(rows, row_counts, col_counts, false, false, Rule4::Local)
}

fn at(r: usize, c: usize) -> Pos {
    Pos::new(r, c)
}

fn d() -> Tents {
    Tents::default_2020()
}

/// The course's solution of the default game (its `game_default_solution`).
fn default_solution() -> Tents {
    game(
        &[
            "*--*xx*-", "x------x", "*--*x*-*", "x----x--", "*x*-*-*-", "x---x-x-", "*-------",
            "x-------",
        ],
        &[3, 0, 4, 0, 4, 0, 1, 0],
        &[4, 0, 1, 2, 1, 1, 2, 1],
        false,
        false,
        Rule4::Local,
    )
}

/// The error marks as (target, reason) pairs, for compact assertions.
fn marks(g: &Tents) -> Vec<(Target, String)> {
    g.error_marks()
        .into_iter()
        .map(|ErrorMark { target, reason }| (target, reason))
        .collect()
}

fn has_mark(g: &Tents, target: Target, reason: &str) -> bool {
    marks(g).contains(&(target, reason.to_string()))
}

// ---------------------------------------------------------------- the course's scenarios on D

#[test]
fn course_tent_in_a_row_expecting_none_is_losing() {
    assert_eq!(d().check_move(at(1, 1), Tent), Losing);
}

#[test]
fn course_grass_in_column_zero_is_losing() {
    // Column 0 expects 4 tents and has exactly 4 free squares.
    assert_eq!(d().check_move(at(0, 0), Grass), Losing);
}

#[test]
fn course_any_move_on_a_tree_is_illegal() {
    for piece in [Empty, Tent, Grass, Tree] {
        assert_eq!(d().check_move(at(0, 4), piece), Illegal, "{piece:?}");
    }
}

#[test]
fn course_two_tents_side_by_side() {
    let g = d();
    assert_eq!(g.check_move(at(0, 6), Tent), Regular);
    let g = g.apply(at(0, 6), Tent);
    assert_eq!(g.check_move(at(0, 7), Tent), Losing);
}

#[test]
fn course_diagonal_neighbour_tent_is_regular_with_diagadj() {
    // The course's 3x3 diagadj game: trees (0,0) and (1,1); its solution has diagonal tents.
    let rows = ["x  ", " x ", "   "];
    let with = game(&rows, &[1, 1, 0], &[1, 1, 0], false, true, Rule4::Local);
    let without = game(&rows, &[1, 1, 0], &[1, 1, 0], false, false, Rule4::Local);
    assert_eq!(with.check_move(at(0, 1), Tent), Regular);
    let with = with.apply(at(0, 1), Tent);
    let without = without.apply(at(0, 1), Tent);
    assert_eq!(with.check_move(at(1, 0), Tent), Regular);
    assert_eq!(without.check_move(at(1, 0), Tent), Losing);
    // Orthogonal contact stays forbidden under diagadj.
    assert_eq!(with.check_move(at(0, 2), Tent), Losing);
}

#[test]
fn course_wrapping_3x3_with_one_tree() {
    let rows = ["x  ", "   ", "   "];
    let wrapped = game(&rows, &[1, 0, 0], &[0, 0, 1], true, false, Rule4::Local);
    let flat = game(&rows, &[1, 0, 0], &[0, 0, 1], false, false, Rule4::Local);
    // (0,2) is next to the tree (0,0) only across the edge.
    assert_eq!(wrapped.check_move(at(0, 2), Tent), Regular);
    assert_eq!(flat.check_move(at(0, 2), Tent), Losing);
}

// ----------------------------------------------------------- docs/rules.md#moves, step by step

#[test]
fn step1_tree_values_trees_and_off_grid_are_illegal() {
    let g = d();
    assert_eq!(g.check_move(at(0, 0), Tree), Illegal);
    assert_eq!(g.check_move(at(1, 0), Tent), Illegal);
    assert_eq!(g.check_move(at(1, 0), Grass), Illegal);
    assert_eq!(classify(&g, -1, 0, Tent), Illegal);
    assert_eq!(classify(&g, 0, -1, Grass), Illegal);
    assert_eq!(classify(&g, 8, 0, Tent), Illegal);
    assert_eq!(classify(&g, 0, 8, Empty), Illegal);
    assert_eq!(classify(&g, i64::MAX, i64::MIN, Tent), Illegal);
    assert_eq!(classify(&g, 0, 6, Tent), Regular);
}

#[test]
fn step1_comes_before_step2_empty_on_a_tree() {
    assert_eq!(d().check_move(at(7, 0), Empty), Illegal);
}

#[test]
fn step2_emptying_is_regular_even_in_a_broken_position() {
    let g = d().apply(at(1, 1), Tent).apply(at(1, 2), Tent);
    assert!(!g.error_marks().is_empty());
    assert_eq!(g.check_move(at(1, 1), Empty), Regular);
    assert_eq!(g.check_move(at(3, 3), Empty), Regular);
    // Emptying a square that would otherwise lose as grass.
    assert_eq!(d().check_move(at(0, 0), Empty), Regular);
}

#[test]
fn step4_tents_touching_orthogonally_and_diagonally() {
    let row = plain(&["x  x"], &[2], &[0, 1, 1, 0]).apply(at(0, 1), Tent);
    assert_eq!(row.check_move(at(0, 2), Tent), Losing, "orthogonal contact");
    let rows = [" x ", "   ", " x "];
    let strict = plain(&rows, &[1, 1, 1], &[1, 1, 1]).apply(at(1, 1), Tent);
    assert_eq!(
        strict.check_move(at(0, 0), Tent),
        Losing,
        "diagonal contact"
    );
    let diagadj = game(&rows, &[1, 1, 1], &[1, 1, 1], false, true, Rule4::Local);
    let diagadj = diagadj.apply(at(1, 1), Tent);
    assert_eq!(diagadj.check_move(at(0, 0), Tent), Regular);
}

#[test]
fn step4_contact_across_the_wrapped_edge() {
    // Trees (0,1) and (0,3); tents at (0,0) and (0,4) touch only when the row wraps.
    let rows = [" x x ", "xxxxx"];
    let flat = game(&rows, &[2, 0], &[1, 0, 0, 0, 1], false, false, Rule4::Local);
    let wrapped = game(&rows, &[2, 0], &[1, 0, 0, 0, 1], true, false, Rule4::Local);
    assert_eq!(
        flat.apply(at(0, 0), Tent).check_move(at(0, 4), Tent),
        Regular
    );
    assert_eq!(
        wrapped.apply(at(0, 0), Tent).check_move(at(0, 4), Tent),
        Losing
    );
}

#[test]
fn step5_row_or_column_count_exceeded() {
    // Trees at (1,0) and (1,2); each case breaks only the count it names.
    let rows = ["   ", "x x", "   "];
    let one_each = plain(&rows, &[1, 0, 1], &[1, 0, 1]).apply(at(0, 0), Tent);
    assert_eq!(
        one_each.check_move(at(0, 2), Tent),
        Losing,
        "row 0 expects 1"
    );
    assert_eq!(
        one_each.check_move(at(2, 0), Tent),
        Losing,
        "column 0 expects 1"
    );
    assert_eq!(one_each.check_move(at(2, 2), Tent), Regular);
    let row_of_two = plain(&rows, &[2, 0, 0], &[1, 0, 1]).apply(at(0, 0), Tent);
    assert_eq!(row_of_two.check_move(at(0, 2), Tent), Regular);
}

#[test]
fn step5_counts_are_taken_after_the_move() {
    // Putting a tent again on a tent does not add one.
    let g = d().apply(at(0, 6), Tent);
    assert_eq!(g.check_move(at(0, 6), Tent), Regular);
}

#[test]
fn step6_grass_leaving_too_little_room_in_row_or_column() {
    let g = d();
    // Row 0 expects 3 tents among its 6 free squares.
    assert_eq!(g.check_move(at(0, 1), Grass), Regular);
    let row = g
        .apply(at(0, 1), Grass)
        .apply(at(0, 2), Grass)
        .apply(at(0, 3), Grass);
    assert_eq!(
        row.check_move(at(0, 6), Grass),
        Losing,
        "row 0 needs 3 of 3 left"
    );
    // Column 3 expects 2 tents among its 8 free squares.
    let col = (0..6).fold(g, |g, r| g.apply(at(r, 3), Grass));
    assert_eq!(
        col.check_move(at(6, 3), Grass),
        Losing,
        "column 3 needs 2 of 2 left"
    );
    assert_eq!(col.check_move(at(6, 2), Grass), Regular);
}

#[test]
fn step6_grass_on_a_tent_counts_after_the_move() {
    let g = d().apply(at(0, 0), Tent);
    assert_eq!(g.check_move(at(0, 0), Grass), Losing);
}

#[test]
fn step7_more_tents_than_trees() {
    // One tree, counts allowing two tents next to it on opposite sides.
    let g = plain(&["   ", " x ", "   "], &[1, 0, 1], &[0, 2, 0]);
    assert_eq!(g.check_move(at(0, 1), Tent), Regular);
    let g = g.apply(at(0, 1), Tent);
    assert_eq!(g.check_move(at(2, 1), Tent), Losing);
}

#[test]
fn step8_less_room_than_trees() {
    // Two trees, two free squares, counts of zero (so steps 6 and 10 stay quiet).
    let g = plain(&["x ", " x"], &[0, 0], &[0, 0]);
    assert_eq!(g.check_move(at(0, 1), Grass), Losing);
    let roomy = plain(&["x  ", " x "], &[0, 0], &[0, 0, 0]);
    assert_eq!(roomy.check_move(at(0, 1), Grass), Regular);
}

#[test]
fn step9_tent_without_a_tree() {
    // Row 6 expects one tent; (6,3) has no tree next to it.
    assert_eq!(d().check_move(at(6, 3), Tent), Losing);
    assert_eq!(d().check_move(at(6, 0), Tent), Regular);
}

#[test]
fn step9_wrapping_brings_a_tree_next_to_the_tent() {
    let rows = ["   ", "   ", "x  "];
    let flat = game(&rows, &[1, 0, 0], &[1, 0, 0], false, false, Rule4::Local);
    let wrapped = game(&rows, &[1, 0, 0], &[1, 0, 0], true, false, Rule4::Local);
    assert_eq!(flat.check_move(at(0, 0), Tent), Losing);
    assert_eq!(wrapped.check_move(at(0, 0), Tent), Regular);
}

#[test]
fn step10_grass_closing_a_trees_last_square() {
    let g = plain(&["x ", "  "], &[0, 0], &[0, 0]);
    assert_eq!(g.check_move(at(0, 1), Grass), Regular);
    let g = g.apply(at(0, 1), Grass);
    assert_eq!(g.check_move(at(1, 0), Grass), Losing);
    // The far square is not next to the tree.
    assert_eq!(g.check_move(at(1, 1), Grass), Regular);
}

#[test]
fn step10_counts_in_grid_neighbours_only_and_wraps() {
    // On a torus the corner tree has four neighbours: closing two is not enough.
    let rows = ["x  ", "   ", "   "];
    let wrapped =
        game(&rows, &[0, 0, 0], &[0, 0, 0], true, false, Rule4::Local).apply(at(0, 1), Grass);
    assert_eq!(wrapped.check_move(at(1, 0), Grass), Regular);
    let closing = wrapped.apply(at(1, 0), Grass).apply(at(0, 2), Grass);
    assert_eq!(closing.check_move(at(2, 0), Grass), Losing);
}

#[test]
fn step10_applies_to_a_tree_whose_neighbours_are_all_grass_literally() {
    // docs/rules.md#moves: every in-grid orthogonal neighbour of the tree is grass. A tree next to
    // a tree is never closed by grass alone (its error mark still shows it has no room).
    let g = plain(&["xx  ", "    "], &[0, 0], &[0, 0, 0, 0]).apply(at(1, 0), Grass);
    assert!(has_mark(
        &g,
        Target::Square(at(0, 0)),
        "tree without room for a tent"
    ));
    assert_eq!(g.check_move(at(1, 1), Grass), Regular);
    let h = g.apply(at(1, 1), Grass);
    assert_eq!(h.check_move(at(0, 2), Grass), Regular);
}

#[test]
fn step11_ordinary_moves_are_regular() {
    let g = d();
    assert_eq!(g.check_move(at(0, 0), Tent), Regular);
    assert_eq!(g.check_move(at(1, 1), Grass), Regular);
    assert_eq!(g.check_move(at(7, 7), Grass), Regular);
}

#[test]
fn every_move_of_the_solution_is_regular_from_the_empty_board() {
    let solution = default_solution();
    let mut g = d();
    for p in g.topology().positions() {
        let piece = solution.piece(p);
        if piece != Tree {
            assert_eq!(g.check_move(p, piece), Regular, "{p} {piece:?}");
            g = g.apply(p, piece);
        }
    }
    assert_eq!(g, solution);
    assert!(g.is_won());
}

// ---------------------------------------------------------------- won test and rule 4

#[test]
fn the_default_solution_is_won_and_the_default_is_not() {
    assert!(default_solution().is_won());
    assert!(!d().is_won());
    assert!(default_solution().error_marks().is_empty());
    assert!(d().error_marks().is_empty());
}

#[test]
fn empty_and_grass_do_not_matter_for_the_win() {
    let s = default_solution();
    let emptied = s
        .topology()
        .positions()
        .filter(|&p| s.piece(p) == Grass)
        .fold(s.clone(), |g, p| g.apply(p, Empty));
    assert!(emptied.is_won());
}

/// The course's README example: every tent touches a tree and every tree a tent, but the trees
/// (0,2) and (2,2) share the one tent (1,2).
fn shared_tent(rule4: Rule4) -> Tents {
    game(
        &["*-x", "x-*", "*-x"],
        &[1, 1, 1],
        &[2, 0, 1],
        false,
        false,
        rule4,
    )
}

#[test]
fn shared_tent_is_won_under_local_but_not_under_matching() {
    let local = shared_tent(Rule4::Local);
    assert!(local.is_won());
    assert!(local.error_marks().is_empty());
    let matching = shared_tent(Rule4::Matching);
    assert!(!matching.is_won());
    let unmatched: Vec<Pos> = marks(&matching)
        .into_iter()
        .filter(|(_, r)| r == "cannot be matched")
        .filter_map(|(t, _)| match t {
            Target::Square(p) => Some(p),
            _ => None,
        })
        .collect();
    // Both groups: two tents sharing tree (1,0), two trees sharing tent (1,2).
    assert_eq!(
        unmatched,
        vec![at(0, 0), at(0, 2), at(1, 0), at(1, 2), at(2, 0), at(2, 2)]
    );
}

#[test]
fn matching_solution_is_also_won_under_local() {
    let s = default_solution().with_rule4(Rule4::Matching);
    assert!(s.is_won());
    assert!(s.error_marks().is_empty());
}

#[test]
fn matching_won_when_each_tree_gets_its_own_tent() {
    // Tree (0,1) could take either tent; (1,0) only (0,0): a perfect matching exists.
    let g = game(
        &["*x*", "x--", "---"],
        &[2, 0, 0],
        &[1, 0, 1],
        false,
        false,
        Rule4::Matching,
    );
    assert!(g.is_won());
    assert!(g.error_marks().is_empty());
}

#[test]
fn rule1_touching_tents_lose_the_win_unless_diagonal_under_diagadj() {
    let rows = ["x*", "*x"];
    let strict = game(&rows, &[1, 1], &[1, 1], false, false, Rule4::Local);
    let diag = game(&rows, &[1, 1], &[1, 1], false, true, Rule4::Local);
    assert!(!strict.is_won());
    assert!(has_mark(&strict, Target::Square(at(0, 1)), "tents touch"));
    assert!(has_mark(&strict, Target::Square(at(1, 0)), "tents touch"));
    assert!(diag.is_won());
    assert!(diag.error_marks().is_empty());
}

#[test]
fn rule1_wrapping_makes_far_tents_touch() {
    let rows = ["*x-x*"];
    let flat = game(&rows, &[2], &[1, 0, 0, 0, 1], false, false, Rule4::Local);
    let wrapped = game(&rows, &[2], &[1, 0, 0, 0, 1], true, false, Rule4::Local);
    assert!(flat.is_won());
    assert!(!wrapped.is_won());
    assert!(has_mark(&wrapped, Target::Square(at(0, 0)), "tents touch"));
}

#[test]
fn rule2_counts_must_be_exact() {
    assert!(plain(&["x*"], &[1], &[0, 1]).is_won());
    assert!(!plain(&["x*"], &[1], &[1, 0]).is_won());
    assert!(!plain(&["x*"], &[0], &[0, 1]).is_won());
}

#[test]
fn rule3_as_many_tents_as_trees() {
    // One tent serving two trees: rules 1, 2 and local rule 4 hold, rule 3 does not.
    let g = plain(&["x*x"], &[1], &[0, 1, 0]);
    assert!(!g.is_won());
}

#[test]
fn rule4_local_tent_without_tree_and_tree_without_tent() {
    // Counts and numbers right, but the tent stands away from the tree.
    let g = plain(&["x-*"], &[1], &[0, 0, 1]);
    assert!(!g.is_won());
    assert!(has_mark(
        &g,
        Target::Square(at(0, 2)),
        "tent without a tree"
    ));
    assert!(has_mark(
        &g,
        Target::Square(at(0, 0)),
        "tree without room for a tent"
    ));
}

#[test]
fn one_by_one_wrapping_grid_is_its_own_neighbour() {
    // A lone square on a torus: its neighbours are itself; a tent there touches nothing else.
    let g = game(&[" "], &[0], &[0], true, false, Rule4::Local);
    assert!(g.is_won());
    assert_eq!(g.check_move(at(0, 0), Grass), Regular);
    let one = game(&[" "], &[1], &[1], true, false, Rule4::Local);
    // No tree anywhere: a tent there is losing (more tents than trees, no tree next to it).
    assert_eq!(one.check_move(at(0, 0), Tent), Losing);
}

// ---------------------------------------------------------------- error marks

#[test]
fn error_marks_for_rows_and_columns() {
    let g = d().apply(at(1, 1), Tent);
    assert!(has_mark(&g, Target::Row(1), "too many tents"));
    assert!(!has_mark(
        &g,
        Target::Square(at(1, 1)),
        "tent without a tree"
    ));
    let g = d().apply(at(0, 0), Grass);
    assert_eq!(
        marks(&g),
        vec![(Target::Col(0), "not enough room for tents".to_string())]
    );
    let two = d().apply(at(0, 3), Tent).apply(at(2, 3), Tent);
    assert!(!has_mark(&two, Target::Col(3), "too many tents"));
    let three = two.apply(at(4, 3), Tent);
    assert!(has_mark(&three, Target::Col(3), "too many tents"));
}

#[test]
fn error_marks_for_touching_tents_and_lonely_tents() {
    let g = d().apply(at(0, 6), Tent).apply(at(0, 7), Tent);
    assert!(has_mark(&g, Target::Square(at(0, 6)), "tents touch"));
    assert!(has_mark(&g, Target::Square(at(0, 7)), "tents touch"));
    let g = d().apply(at(6, 3), Tent);
    assert_eq!(
        marks(&g),
        vec![(Target::Square(at(6, 3)), "tent without a tree".to_string())]
    );
}

#[test]
fn error_marks_for_a_tree_without_room() {
    let g = d().apply(at(0, 0), Grass).apply(at(2, 0), Grass);
    // Tree (1,0): neighbours (0,0), (2,0) grass, (1,1) still empty.
    assert!(!has_mark(
        &g,
        Target::Square(at(1, 0)),
        "tree without room for a tent"
    ));
    let g = g.apply(at(1, 1), Grass);
    assert!(has_mark(
        &g,
        Target::Square(at(1, 0)),
        "tree without room for a tent"
    ));
}

#[test]
fn error_marks_are_sorted_and_unique() {
    let g = d()
        .apply(at(1, 1), Tent)
        .apply(at(1, 2), Tent)
        .apply(at(0, 0), Grass);
    let m = g.error_marks();
    let mut sorted = m.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(m, sorted);
    assert!(!m.is_empty());
}

#[test]
fn matching_marks_only_under_matching() {
    // Two trees squeezed around one free square: no room for two tents.
    let rows = ["x x", "---"];
    let local = game(&rows, &[1, 0], &[0, 1, 0], false, false, Rule4::Local);
    let matching = game(&rows, &[1, 0], &[0, 1, 0], false, false, Rule4::Matching);
    assert!(!marks(&local).iter().any(|(_, r)| r == "cannot be matched"));
    assert!(has_mark(
        &matching,
        Target::Square(at(0, 0)),
        "cannot be matched"
    ));
    assert!(has_mark(
        &matching,
        Target::Square(at(0, 2)),
        "cannot be matched"
    ));
}

#[test]
fn matching_marks_nothing_while_a_matching_is_still_possible() {
    let g = d().with_rule4(Rule4::Matching);
    let g = g.apply(at(0, 6), Tent).apply(at(0, 3), Tent);
    assert!(g.error_marks().is_empty(), "{:?}", g.error_marks());
}

// ---------------------------------------------------------------- play sequences

#[test]
fn play_undo_play_elsewhere_then_redo_does_nothing() {
    let p = Play::new(d());
    let (p, kind) = p.play(at(0, 6), Tent);
    assert_eq!(kind, Regular);
    let p = p.undo();
    assert_eq!(p.state(), &d());
    assert!(p.history().can_redo());
    let (p, _) = p.play(at(0, 0), Tent);
    assert!(!p.history().can_redo());
    let after = p.redo();
    assert_eq!(after, p);
    assert_eq!(after.state().piece(at(0, 6)), Empty);
    assert_eq!(after.state().piece(at(0, 0)), Tent);
}

#[test]
fn undo_and_redo_walk_the_history() {
    let start = Play::new(d());
    let (p1, _) = start.play(at(0, 0), Tent);
    let (p2, _) = p1.play(at(0, 1), Grass);
    let (p3, _) = p2.play(at(0, 0), Grass);
    assert_eq!(p3.state().piece(at(0, 0)), Grass);
    let back1 = p3.undo();
    assert_eq!(back1.state(), p2.state());
    let back2 = back1.undo();
    assert_eq!(back2.state(), p1.state());
    let back3 = back2.undo();
    assert_eq!(back3.state(), start.state());
    assert_eq!(back3.undo(), back3, "undo on an empty stack is a no-op");
    let fwd = back3.redo().redo().redo();
    assert_eq!(fwd.state(), p3.state());
    assert_eq!(fwd.redo(), fwd, "redo on an empty stack is a no-op");
}

#[test]
fn illegal_moves_change_nothing_and_losing_moves_are_played() {
    let p = Play::new(d());
    let (q, kind) = p.play(at(0, 4), Tent);
    assert_eq!(kind, Illegal);
    assert_eq!(q, p);
    let (q, kind) = p.play(at(9, 9), Tent);
    assert_eq!(kind, Illegal);
    assert_eq!(q, p);
    let (q, kind) = p.play(at(1, 1), Tent);
    assert_eq!(kind, Losing);
    assert_eq!(q.state().piece(at(1, 1)), Tent);
    assert_eq!(q.history().done().len(), 1);
}

#[test]
fn restart_clears_the_squares_and_the_history() {
    let (p, _) = Play::new(d()).play(at(0, 0), Tent);
    let (p, _) = p.play(at(0, 1), Grass);
    let p = p.undo();
    let r = p.restart();
    assert_eq!(r.state(), &d());
    assert!(!r.history().can_undo());
    assert!(!r.history().can_redo());
    assert_eq!(r.undo(), r);
    assert_eq!(r.redo(), r);
}

#[test]
fn fill_row_is_one_history_entry() {
    let (p, _) = Play::new(d()).play(at(6, 0), Tent);
    let g = p.state().clone();
    let moves = g.fill_moves(Line::Row(6));
    assert_eq!(moves.len(), 7);
    let filled = p.play_compound(Action::FillRow(6), &moves);
    assert_eq!(filled.history().done().len(), 2);
    assert_eq!(filled.history().done()[1].action, Action::FillRow(6));
    for c in 1..8 {
        assert_eq!(filled.state().piece(at(6, c)), Grass);
    }
    assert_eq!(filled.state().piece(at(6, 0)), Tent);
    let undone = filled.undo();
    assert_eq!(undone.state(), &g);
    assert_eq!(undone.redo().state(), filled.state());
}

#[test]
fn fill_column_skips_trees_and_tents() {
    let g = d().apply(at(0, 0), Tent);
    let moves = g.fill_moves(Line::Col(0));
    let rows: Vec<usize> = moves.iter().map(|(p, _)| p.row).collect();
    assert_eq!(rows, vec![2, 4, 6]);
    let filled = Play::new(g.clone()).play_compound(Action::FillCol(0), &moves);
    assert_eq!(filled.history().done().len(), 1);
    assert_eq!(filled.state().piece(at(1, 0)), Tree);
    assert_eq!(filled.state().piece(at(0, 0)), Tent);
    assert_eq!(filled.undo().state(), &g);
}

#[test]
fn reveal_solves_in_one_undoable_entry() {
    let (p, _) = Play::new(d()).play(at(1, 1), Tent);
    let revealed = p.reveal().expect("the default game has a solution");
    assert!(revealed.state().is_won());
    assert_eq!(revealed.state(), &default_solution());
    assert_eq!(revealed.undo().state(), p.state());
}
