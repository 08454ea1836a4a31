//! The course's Light Up behaviour and the rules of docs/rules.md#light-up, square by square.

use gridpuzzles::game::{Game, MoveKind, Target, classify};
use gridpuzzles::games::lightup::{LightUp, Piece, Square};
use gridpuzzles::grid::{Pos, Topology};
use gridpuzzles::play::Play;

fn p(r: usize, c: usize) -> Pos {
    Pos::new(r, c)
}

fn game(text: &str) -> LightUp {
    LightUp::parse(text).unwrap()
}

fn errors(g: &LightUp) -> Vec<Pos> {
    g.topology()
        .positions()
        .filter(|&q| g.has_error(q))
        .collect()
}

/// The default game with bulbs at (0,0) and (3,0) and a mark at (6,6).
fn course_position() -> LightUp {
    LightUp::default_game()
        .apply(p(0, 0), Piece::Bulb)
        .apply(p(3, 0), Piece::Bulb)
        .apply(p(6, 6), Piece::Mark)
}

#[test]
fn course_default_game_with_two_bulbs_and_a_mark() {
    let g = course_position();
    assert!(g.has_error(p(0, 0)));
    assert!(g.has_error(p(3, 0)));
    // The wall 2 at (2,6): free neighbours are (1,6) and the lit (3,6) only.
    assert!(g.has_error(p(2, 6)));
    assert_eq!(errors(&g), vec![p(0, 0), p(2, 6), p(3, 0)]);
    for j in 0..7 {
        assert!(g.is_lit(p(3, j)), "(3,{j}) should be lit");
    }
    // Row 0 up to the wall 1 at (0,2), column 0 up to the wall 1 at (4,0).
    assert!(g.is_lit(p(0, 1)));
    assert!(!g.is_lit(p(0, 3)));
    assert!(g.is_lit(p(1, 0)) && g.is_lit(p(2, 0)));
    assert!(!g.is_lit(p(5, 0)));
    assert!(!g.is_lit(p(6, 6)));
    assert!(!g.is_won());
}

#[test]
fn course_error_marks_name_their_reasons() {
    let marks = course_position().error_marks();
    let described: Vec<(Target, &str)> = marks
        .iter()
        .map(|m| (m.target, m.reason.as_str()))
        .collect();
    assert_eq!(
        described,
        vec![
            (Target::Square(p(0, 0)), "bulb lit by another bulb"),
            (Target::Square(p(2, 6)), "not enough room for bulbs"),
            (Target::Square(p(3, 0)), "bulb lit by another bulb"),
        ]
    );
}

#[test]
fn removing_one_bulb_clears_the_bulb_errors() {
    let g = course_position().apply(p(3, 0), Piece::Blank);
    assert!(!g.has_error(p(0, 0)));
    assert!(!g.has_error(p(2, 6)));
    assert!(!g.is_lit(p(3, 6)));
}

#[test]
fn moves_on_walls_are_illegal() {
    let g = LightUp::default_game();
    for wall in [
        p(0, 2),
        p(1, 2),
        p(2, 5),
        p(2, 6),
        p(4, 0),
        p(4, 1),
        p(5, 4),
        p(6, 4),
    ] {
        for piece in [Piece::Bulb, Piece::Mark, Piece::Blank] {
            assert_eq!(g.check_move(wall, piece), MoveKind::Illegal);
        }
        let play = Play::new(g.clone());
        let (after, kind) = play.play(wall, Piece::Bulb);
        assert_eq!(kind, MoveKind::Illegal);
        assert_eq!(after, play);
    }
}

#[test]
fn every_other_move_is_regular_even_a_bad_one() {
    let g = course_position();
    assert_eq!(g.check_move(p(1, 0), Piece::Bulb), MoveKind::Regular);
    assert_eq!(g.check_move(p(6, 6), Piece::Blank), MoveKind::Regular);
    assert_eq!(g.check_move(p(5, 5), Piece::Mark), MoveKind::Regular);
}

#[test]
fn out_of_grid_moves_are_refused_without_a_crash() {
    let g = LightUp::default_game();
    for (r, c) in [
        (-1, 0),
        (0, -1),
        (7, 0),
        (0, 7),
        (i64::MAX, 3),
        (i64::MIN, i64::MIN),
    ] {
        assert_eq!(classify(&g, r, c, Piece::Bulb), MoveKind::Illegal);
    }
    assert_eq!(classify(&g, 6, 6, Piece::Bulb), MoveKind::Regular);
    let play = Play::new(g.clone());
    let (after, kind) = play.play(p(7, 7), Piece::Bulb);
    assert_eq!(kind, MoveKind::Illegal);
    assert_eq!(after, play);
    assert_eq!(g.check_move(p(100, 0), Piece::Bulb), MoveKind::Illegal);
    assert!(!g.is_lit(p(100, 0)));
    assert!(!g.has_error(p(0, 100)));
    assert_eq!(g.square(p(7, 0)), None);
}

#[test]
fn wrapping_ray_goes_around() {
    let g = game("3 3 1\nbbb\nbwb\nbbb\n").apply(p(1, 0), Piece::Bulb);
    assert!(
        g.is_lit(p(1, 2)),
        "the ray leaves left and comes back on the right"
    );
    assert!(!g.is_lit(p(1, 1)));
    assert!(g.is_lit(p(0, 0)) && g.is_lit(p(2, 0)));
    assert!(!g.has_error(p(1, 0)));
    let g = g.apply(p(1, 2), Piece::Bulb);
    assert!(g.has_error(p(1, 0)));
    assert!(g.has_error(p(1, 2)));
    assert_eq!(errors(&g), vec![p(1, 0), p(1, 2)]);
}

#[test]
fn without_wrapping_the_same_bulbs_are_fine() {
    let g = game("3 3 0\nbbb\nbwb\nbbb\n")
        .apply(p(1, 0), Piece::Bulb)
        .apply(p(1, 2), Piece::Bulb);
    assert!(!g.has_error(p(1, 0)));
    assert!(!g.has_error(p(1, 2)));
}

#[test]
fn a_wrapping_ray_visits_each_square_once_and_never_lights_its_own_bulb_twice() {
    // A single wall-less wrapping row: one bulb lights the row, without erring on itself.
    let g = game("1 4 1\nbbbb\n").apply(p(0, 1), Piece::Bulb);
    assert!((0..4).all(|j| g.is_lit(p(0, j))));
    assert!(!g.has_error(p(0, 1)));
    assert!(g.is_won());
    // One column tall: the vertical rays are empty.
    let g = game("1 1 1\nb\n").apply(p(0, 0), Piece::Bulb);
    assert!(g.is_won());
}

#[test]
fn wrapping_two_by_two_wall_four_is_satisfied_by_two_bulbs() {
    let g = game("2 2 1\n4b\nbb\n");
    let one = g.apply(p(0, 1), Piece::Bulb);
    assert!(
        !one.has_error(p(0, 0)),
        "two of four, and the dark (1,0) still counts twice as room"
    );
    assert!(!one.is_won());
    let marked = one.apply(p(1, 0), Piece::Mark);
    assert!(marked.has_error(p(0, 0)), "a mark is no room");
    let two = one.apply(p(1, 0), Piece::Bulb);
    assert!(!two.has_error(p(0, 0)));
    assert!(two.is_won());
    // Without wrapping the same wall can never be satisfied.
    let flat = game("2 2 0\n4b\nbb\n")
        .apply(p(0, 1), Piece::Bulb)
        .apply(p(1, 0), Piece::Bulb);
    assert!(flat.has_error(p(0, 0)));
    assert!(!flat.is_won());
}

#[test]
fn numbered_wall_with_too_many_bulbs() {
    let g = game("3 3 0\nbbb\nb1b\nbbb\n")
        .apply(p(0, 1), Piece::Bulb)
        .apply(p(1, 0), Piece::Bulb);
    assert!(g.has_error(p(1, 1)));
    assert_eq!(
        g.error_marks()
            .iter()
            .map(|m| m.reason.as_str())
            .collect::<Vec<_>>(),
        vec!["too many bulbs"]
    );
}

#[test]
fn marks_never_count_as_room_but_lit_squares_block_too() {
    let g = game("1 3 0\nb2b\n");
    assert!(!g.has_error(p(0, 1)));
    let marked = g.apply(p(0, 0), Piece::Mark);
    assert!(marked.has_error(p(0, 1)));
    let g = game("3 3 0\nbbb\nb1b\nbbb\n")
        .apply(p(0, 1), Piece::Mark)
        .apply(p(1, 0), Piece::Mark)
        .apply(p(2, 1), Piece::Mark);
    assert!(!g.has_error(p(1, 1)), "(1,2) is still free");
    let g = g.apply(p(0, 2), Piece::Bulb);
    assert!(g.is_lit(p(1, 2)));
    assert!(g.has_error(p(1, 1)), "its last free neighbour is now lit");
}

#[test]
fn wall_zero_errs_only_with_a_bulb() {
    let g = game("1 3 0\nb0b\n");
    assert!(!g.has_error(p(0, 1)));
    assert!(g.apply(p(0, 2), Piece::Bulb).has_error(p(0, 1)));
}

#[test]
fn rays_stop_at_walls_of_any_kind() {
    let g = game("1 5 0\nb1b0b\n").apply(p(0, 2), Piece::Bulb);
    assert!(!g.is_lit(p(0, 0)));
    assert!(!g.is_lit(p(0, 4)));
    assert!(g.is_lit(p(0, 2)));
    assert!(!g.is_lit(p(0, 1)), "walls are never lit");
}

#[test]
fn bulbs_separated_by_a_wall_do_not_light_each_other() {
    let g = game("1 3 0\n*w*\n");
    assert!(errors(&g).is_empty());
    assert!(g.is_won());
    let g = game("1 3 0\n*b*\n");
    assert_eq!(errors(&g), vec![p(0, 0), p(0, 2)]);
}

#[test]
fn won_needs_every_square_lit_and_no_error() {
    let g = game("2 2 0\n*b\nbb\n");
    assert!(!g.is_won(), "(1,1) is dark");
    let g = g.apply(p(1, 1), Piece::Bulb);
    assert!(g.is_won());
    // A mark on a lit square does not matter.
    let g = game("2 2 0\n*-\n-*\n");
    assert!(g.is_won());
    // A mark on a dark square does.
    let g = game("1 3 0\n*w-\n");
    assert!(!g.is_won());
    // A grid of walls only is won when no number needs a bulb.
    assert!(game("1 2 0\nw0\n").is_won());
    assert!(!game("1 2 0\nw1\n").is_won());
}

#[test]
fn counts_and_status_helpers() {
    let g = course_position();
    assert_eq!(g.bulb_count(), 2);
    let dark = g
        .topology()
        .positions()
        .filter(|&q| !g.square(q).unwrap().is_wall() && !g.is_lit(q))
        .count();
    assert_eq!(g.unlit_count(), dark);
}

#[test]
fn undo_redo_restart_recompute_the_flags() {
    let start = Play::new(LightUp::default_game());
    let (a, _) = start.play(p(0, 0), Piece::Bulb);
    let (b, _) = a.play(p(3, 0), Piece::Bulb);
    let (c, _) = b.play(p(6, 6), Piece::Mark);
    assert_eq!(c.state(), &course_position());
    let undone = c.undo().undo();
    assert!(!undone.state().has_error(p(0, 0)));
    assert!(!undone.state().is_lit(p(3, 6)));
    let redone = undone.redo();
    assert!(redone.state().has_error(p(0, 0)));
    assert!(redone.state().has_error(p(2, 6)));
    assert!(redone.state().is_lit(p(3, 6)));
    let restarted = c.restart();
    assert_eq!(restarted.state(), &LightUp::default_game());
    assert!(!restarted.history().can_undo());
    assert!(!restarted.history().can_redo());
    assert!(errors(restarted.state()).is_empty());
}

#[test]
fn play_undo_play_elsewhere_then_redo_does_nothing() {
    let start = Play::new(LightUp::default_game());
    let (a, _) = start.play(p(0, 0), Piece::Bulb);
    let back = a.undo();
    let (other, _) = back.play(p(6, 6), Piece::Mark);
    assert_eq!(other.redo(), other);
    assert_eq!(other.state().square(p(0, 0)), Some(Square::Blank));
}

#[test]
fn undo_and_redo_with_empty_stacks_are_no_ops() {
    let start = Play::new(LightUp::default_game());
    assert_eq!(start.undo(), start);
    assert_eq!(start.redo(), start);
}

#[test]
fn reveal_is_one_undoable_entry() {
    let start = Play::new(LightUp::default_game());
    let (a, _) = start.play(p(0, 0), Piece::Mark);
    let revealed = a.reveal().unwrap();
    assert!(revealed.state().is_won());
    let undone = revealed.undo();
    assert_eq!(undone.state(), a.state());
    assert_eq!(undone.redo().state(), revealed.state());
}

#[test]
fn loaded_positions_carry_their_flags() {
    let g = game("1 4 1\n*bwb\n");
    assert!(g.is_lit(p(0, 3)), "wraps left from (0,0) to (0,3)");
    assert!(!g.is_lit(p(0, 2)));
    let g = game("1 4 0\n*bwb\n");
    assert!(!g.is_lit(p(0, 3)));
    assert_eq!(
        g.topology(),
        Topology::new(1, 4, false),
        "sizes come from the header"
    );
}
