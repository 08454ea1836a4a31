//! The course's Mosaic behaviour and the rules of docs/rules.md#mosaic, scenario by scenario.

use gridpuzzles::game::{Game, MoveKind, Target, classify};
use gridpuzzles::games::mosaic::{Colour, LoadFlags, Mosaic, Neighbourhood, Status};
use gridpuzzles::grid::{Grid, Pos, Topology};
use gridpuzzles::play::Play;

const B: Colour = Colour::Black;
const W: Colour = Colour::White;
const E: Colour = Colour::Empty;

fn at(r: usize, c: usize) -> Pos {
    Pos::new(r, c)
}

/// A grid from rows of two-character squares (the file format's body).
fn grid(rows: &[&str], wrapping: bool, n: Neighbourhood) -> Mosaic {
    let code = match n {
        Neighbourhood::Full => 0,
        Neighbourhood::Ortho => 1,
        Neighbourhood::FullExclude => 2,
        Neighbourhood::OrthoExclude => 3,
    };
    let text = format!(
        "{} {} {} {}\n{}\n",
        rows.len(),
        rows[0].len() / 2,
        u8::from(wrapping),
        code,
        rows.join("\n")
    );
    Mosaic::parse(&text).unwrap()
}

#[test]
fn default_game_black_on_clue_zero_is_an_error() {
    let d = Mosaic::default_game();
    assert_eq!(d.clue(at(0, 0)), Some(0));
    assert_eq!(d.status(at(0, 0)), Status::Unsatisfied);
    let (play, kind) = Play::new(d).play(at(0, 0), B);
    assert_eq!(kind, MoveKind::Regular);
    assert_eq!(play.state().colour(at(0, 0)), B);
    assert_eq!(play.state().status(at(0, 0)), Status::Error);
    let marks = play.state().error_marks();
    assert_eq!(marks.len(), 1);
    assert_eq!(marks[0].target, Target::Square(at(0, 0)));
    assert_eq!(marks[0].reason, "too many black squares");
}

#[test]
fn undo_then_redo_restores_black_and_error() {
    let (play, _) = Play::new(Mosaic::default_game()).play(at(0, 0), B);
    let undone = play.undo();
    assert_eq!(undone.state().colour(at(0, 0)), E);
    assert_eq!(undone.state().status(at(0, 0)), Status::Unsatisfied);
    assert!(undone.state().error_marks().is_empty());
    let redone = undone.redo();
    assert_eq!(redone.state().colour(at(0, 0)), B);
    assert_eq!(redone.state().status(at(0, 0)), Status::Error);
    assert_eq!(redone, play);
}

#[test]
fn a_black_square_also_errs_the_neighbouring_clue_zero_only() {
    // (1,1) is next to the 0 at (0,0) and is itself the 5.
    let g = Mosaic::default_game().apply(at(1, 1), B);
    assert_eq!(g.status(at(0, 0)), Status::Error);
    assert_eq!(g.status(at(1, 1)), Status::Unsatisfied);
    assert_eq!(g.status(at(2, 2)), Status::Unsatisfied);
}

/// The centre of a 3x3 grid under each neighbourhood, with this colouring:
/// ```text
/// B B B
/// W B B
/// W W E
/// ```
#[test]
fn every_neighbourhood_counts_its_own_squares() {
    let colours = ["b", "b", "b", "w", "b", "b", "w", "w", "e"];
    // (neighbourhood, black seen, empty seen)
    let cases = [
        (Neighbourhood::Full, 5, 1),
        (Neighbourhood::Ortho, 3, 0),
        (Neighbourhood::FullExclude, 4, 1),
        (Neighbourhood::OrthoExclude, 2, 0),
    ];
    for (n, black, empty) in cases {
        for clue in 0..=9u8 {
            let rows: Vec<String> = (0..3)
                .map(|r| {
                    (0..3)
                        .map(|c| {
                            let k = if (r, c) == (1, 1) {
                                clue.to_string()
                            } else {
                                "-".to_string()
                            };
                            format!("{k}{}", colours[r * 3 + c])
                        })
                        .collect()
                })
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let g = grid(&rows, false, n);
            let clue = usize::from(clue);
            let expected = if black > clue || black + empty < clue {
                Status::Error
            } else if empty > 0 {
                Status::Unsatisfied
            } else {
                Status::Satisfied
            };
            assert_eq!(g.status(at(1, 1)), expected, "{n:?} clue {clue}");
        }
    }
    // The same colouring, concretely.
    let full = grid(&["-b-b-b", "-w6b-b", "-w-w-e"], false, Neighbourhood::Full);
    assert_eq!(full.status(at(1, 1)), Status::Unsatisfied);
    let ortho = grid(&["-b-b-b", "-w3b-b", "-w-w-e"], false, Neighbourhood::Ortho);
    assert_eq!(ortho.status(at(1, 1)), Status::Satisfied);
    let fe = grid(
        &["-b-b-b", "-w3b-b", "-w-w-e"],
        false,
        Neighbourhood::FullExclude,
    );
    assert_eq!(fe.status(at(1, 1)), Status::Error);
    let oe = grid(
        &["-b-b-b", "-w2b-b", "-w-w-e"],
        false,
        Neighbourhood::OrthoExclude,
    );
    assert_eq!(oe.status(at(1, 1)), Status::Satisfied);
}

#[test]
fn error_reasons_tell_too_many_from_not_enough_room() {
    // A 4 in a corner sees 4 squares; one white leaves room for 3 only.
    let g = grid(&["4w-e", "-e-e"], false, Neighbourhood::Full);
    assert_eq!(g.status(at(0, 0)), Status::Error);
    assert_eq!(
        g.error_marks()[0].reason,
        "not enough room for black squares"
    );
    let g = grid(&["1b-b", "-e-e"], false, Neighbourhood::Full);
    assert_eq!(g.error_marks()[0].reason, "too many black squares");
    assert_eq!(
        g.error_marks()[0].to_string(),
        "square (0,0): too many black squares"
    );
}

#[test]
fn unclued_squares_are_satisfied_only_when_their_neighbourhood_is_coloured() {
    let g = grid(&["-w-e", "-b-w"], false, Neighbourhood::Full);
    assert_eq!(g.status(at(0, 0)), Status::Unsatisfied);
    assert_eq!(g.status(at(1, 1)), Status::Unsatisfied);
    assert!(!g.is_won());
    let g = g.apply(at(0, 1), W);
    assert!(
        g.topology()
            .positions()
            .all(|p| g.status(p) == Status::Satisfied)
    );
    assert!(g.is_won());
    // Ortho-exclude: a square's own colour does not matter to its own status.
    let g = grid(&["-e-b"], false, Neighbourhood::OrthoExclude);
    assert_eq!(g.status(at(0, 0)), Status::Satisfied);
    assert_eq!(g.status(at(0, 1)), Status::Unsatisfied);
}

#[test]
fn wrapping_neighbourhoods_reach_across_the_edges() {
    // 3x3 torus: the full block of (0,0) is the whole grid.
    let g = grid(&["9b-b-b", "-b-b-b", "-b-b-e"], true, Neighbourhood::Full);
    assert_eq!(g.status(at(0, 0)), Status::Unsatisfied);
    assert_eq!(g.apply(at(2, 2), B).status(at(0, 0)), Status::Satisfied);
    let flat = grid(&["9b-b-b", "-b-b-b", "-b-b-e"], false, Neighbourhood::Full);
    assert_eq!(flat.status(at(0, 0)), Status::Error);
    // Ortho-exclude on a 3x3 torus: (0,0) sees (2,0), (0,1), (1,0) and (0,2).
    let g = grid(
        &["2w-b-w", "-w-w-w", "-b-w-w"],
        true,
        Neighbourhood::OrthoExclude,
    );
    assert_eq!(g.status(at(0, 0)), Status::Satisfied);
    let g = grid(
        &["2w-b-w", "-w-w-w", "-b-w-w"],
        false,
        Neighbourhood::OrthoExclude,
    );
    assert_eq!(g.status(at(0, 0)), Status::Error);
}

#[test]
fn tiny_wrapped_grids_count_a_square_once_per_direction() {
    // 2x2 torus, ortho-exclude: (0,0) reaches (0,1) from the left and from the right.
    let g = grid(&["2e-b", "-w-e"], true, Neighbourhood::OrthoExclude);
    assert_eq!(g.status(at(0, 0)), Status::Satisfied);
    let g = grid(&["1e-b", "-w-e"], true, Neighbourhood::OrthoExclude);
    assert_eq!(g.status(at(0, 0)), Status::Error);
    // 1x1 torus, full: the square is its own neighbour nine times.
    assert_eq!(
        grid(&["9b"], true, Neighbourhood::Full).status(at(0, 0)),
        Status::Satisfied
    );
    assert_eq!(
        grid(&["8b"], true, Neighbourhood::Full).status(at(0, 0)),
        Status::Error
    );
    assert_eq!(
        grid(&["4b"], true, Neighbourhood::OrthoExclude).status(at(0, 0)),
        Status::Satisfied
    );
}

#[test]
fn every_square_takes_every_colour_and_off_grid_moves_are_refused() {
    let d = Mosaic::default_game();
    for p in d.topology().positions() {
        for piece in [B, W, E] {
            assert_eq!(d.check_move(p, piece), MoveKind::Regular);
        }
    }
    for (r, c) in [
        (-1, 0),
        (0, -1),
        (5, 0),
        (0, 5),
        (i64::MAX, 2),
        (i64::MIN, i64::MIN),
    ] {
        assert_eq!(classify(&d, r, c, B), MoveKind::Illegal, "({r},{c})");
    }
    assert_eq!(classify(&d, 4, 4, B), MoveKind::Regular);
    let play = Play::new(d.clone());
    let (after, kind) = play.play(at(5, 0), B);
    assert_eq!(kind, MoveKind::Illegal);
    assert_eq!(after, play);
    let (after, kind) = play.play(at(0, 99), W);
    assert_eq!(kind, MoveKind::Illegal);
    assert!(!after.history().can_undo());
}

#[test]
fn history_play_undo_play_elsewhere_then_redo_does_nothing() {
    let (p1, _) = Play::new(Mosaic::default_game()).play(at(0, 0), W);
    let undone = p1.undo();
    let (p2, _) = undone.play(at(1, 1), B);
    assert_eq!(p2.redo(), p2);
    assert_eq!(p2.state().colour(at(0, 0)), E);
    assert_eq!(p2.state().colour(at(1, 1)), B);
}

#[test]
fn restart_empties_every_square_and_clears_history() {
    let d = Mosaic::default_game();
    let (p, _) = Play::new(d.clone()).play(at(0, 0), W);
    let (p, _) = p.play(at(3, 3), B);
    let r = p.restart();
    assert_eq!(r.state(), &d);
    assert!(!r.history().can_undo());
    assert!(!r.history().can_redo());
    assert_eq!(r.state().clues(), d.clues());
}

#[test]
fn reveal_is_one_undoable_entry_and_wins() {
    let play = Play::new(Mosaic::default_game());
    let revealed = play.reveal().unwrap();
    assert!(revealed.state().is_won());
    assert_eq!(revealed.history().done().len(), 1);
    assert_eq!(revealed.undo().state(), play.state());
}

#[test]
fn solution_file_is_won_and_any_change_breaks_it() {
    let text = "5 5 0 0\n0w-w-b3w-w\n-w5w-b-w-b\n-b-b4b-w1w\n6b-b6w3w-w\n-b-b-b-b-w\n";
    let won = Mosaic::parse(text).unwrap();
    assert!(won.is_won());
    assert!(won.error_marks().is_empty());
    for p in won.topology().positions() {
        let flipped = if won.colour(p) == B { W } else { B };
        assert!(!won.apply(p, flipped).is_won(), "flip {p}");
        assert!(!won.apply(p, E).is_won(), "empty {p}");
    }
}

#[test]
fn apply_leaves_the_original_untouched_and_cleared_keeps_clues() {
    let d = Mosaic::default_game();
    let g = d.apply(at(2, 2), B);
    assert_eq!(d.colour(at(2, 2)), E);
    assert_eq!(g.colour(at(2, 2)), B);
    assert_eq!(g.piece(at(2, 2)), B);
    assert_eq!(g.cleared(), d);
}

#[test]
fn pieces_commands_and_names() {
    assert_eq!(Mosaic::piece_for_command('b'), Some(B));
    assert_eq!(Mosaic::piece_for_command('w'), Some(W));
    assert_eq!(Mosaic::piece_for_command('e'), Some(E));
    assert_eq!(Mosaic::piece_for_command('t'), None);
    assert_eq!(Mosaic::piece_name(B), "black");
    assert_eq!(Mosaic::piece_name(W), "white");
    assert_eq!(Mosaic::piece_name(E), "empty");
    assert_eq!(Mosaic::EMPTY, E);
    assert_eq!(Mosaic::PRIMARY, B);
    assert_eq!(Mosaic::SECONDARY, W);
}

#[test]
fn flags_change_wrapping_and_neighbourhood() {
    let d = Mosaic::default_game();
    assert_eq!(d.options_summary(), "neighbourhood full");
    let flags = LoadFlags {
        neighbourhood: Some(Neighbourhood::OrthoExclude),
    };
    let g = d.with_flags_given(&flags).with_wrapping(true);
    assert!(g.topology().wrapping);
    assert_eq!(g.neighbourhood(), Neighbourhood::OrthoExclude);
    assert_eq!(g.clues().cells(), d.clues().cells());
    assert_eq!(g.options_summary(), "wrapping, neighbourhood ortho-exclude");
    assert!(g.format().starts_with("5 5 1 3\n"));
    assert_eq!(d.with_flags_given(&LoadFlags::default()), d);
    assert_eq!(
        g.with_neighbourhood(Neighbourhood::Full)
            .with_wrapping(false),
        d
    );
}

#[test]
fn overrides_change_the_count() {
    let g = Mosaic::parse("3 3 0 0\n1e-e-e\n-e-e-e\n-e-e-e\n").unwrap();
    // Full, no wrapping: 4 choices in the corner block, 5 free squares.
    assert_eq!(g.count(None), (4u32 * 32).into());
    let wrapped = g.with_wrapping(true);
    assert_eq!(wrapped.count(None), 9u32.into());
}

#[test]
fn print_board_shows_every_glyph() {
    let g = grid(
        &["0e0w0b-e-w-b", "9e9w9b5e5w5b"],
        false,
        Neighbourhood::Full,
    );
    let expected =
        "    0 1 2 3 4 5\n   ------------\n0 |0 🄋 🄌   □ ■ |\n1 |9 ➈ ➒ 5 ➄ ➎ |\n   ------------\n";
    assert_eq!(g.print_board(), expected);
}

#[test]
fn print_board_indices_wrap_modulo_ten() {
    let clues = Grid::filled(Topology::new(12, 12, false), None);
    let g = Mosaic::new(clues, Neighbourhood::Full).unwrap();
    let board = g.print_board();
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "    0 1 2 3 4 5 6 7 8 9 0 1");
    assert_eq!(lines[1], format!("   {}", "-".repeat(24)));
    assert!(lines[12].starts_with("0 |"));
    assert!(lines[13].starts_with("1 |"));
    assert_eq!(lines.len(), 15);
}
