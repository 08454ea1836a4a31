//! Property tests of play on Mosaic: history, immutability, solutions.

use gridpuzzles::game::{Game, MoveKind};
use gridpuzzles::games::mosaic::{Colour, Mosaic};
use gridpuzzles::grid::{Grid, Pos, Topology};
use gridpuzzles::play::Play;
use proptest::prelude::*;

use crate::common::mosaic_picture::{self, NEIGHBOURHOODS};

const COLOURS: [Colour; 3] = [Colour::Empty, Colour::White, Colour::Black];

/// A puzzle planted from a random picture (so it has solutions), with some colours set.
fn planted() -> impl Strategy<Value = Mosaic> {
    (1usize..=6, 1usize..=6, any::<bool>(), 0usize..4)
        .prop_flat_map(|(rows, cols, wrapping, n)| {
            (
                Just((rows, cols, wrapping, n)),
                proptest::collection::vec(any::<bool>(), rows * cols),
                proptest::collection::vec(any::<bool>(), rows * cols),
                proptest::collection::vec(0usize..3, rows * cols),
            )
        })
        .prop_map(|((rows, cols, wrapping, n), picture, clued, colours)| {
            let t = Topology::new(rows, cols, wrapping);
            let n = NEIGHBOURHOODS[n];
            let black: Vec<bool> = picture;
            let picture = mosaic_picture::picture(t, &black, n);
            let clues = mosaic_picture::clues(&picture, |p| clued[t.index(p)]);
            let colours = colours.into_iter().map(|c| COLOURS[c]).collect();
            Mosaic::from_parts(
                Grid::from_cells(t, clues).unwrap(),
                Grid::from_cells(t, colours).unwrap(),
                n,
            )
            .unwrap()
        })
}

/// Moves that may fall off the grid.
fn moves() -> impl Strategy<Value = Vec<(usize, usize, usize)>> {
    proptest::collection::vec((0usize..8, 0usize..8, 0usize..3), 0..40)
}

proptest! {
    #[test]
    fn undo_all_returns_the_start_and_redo_all_the_end(game in planted(), moves in moves()) {
        let start = Play::new(game.clone());
        let mut play = start.clone();
        for &(r, c, k) in &moves {
            let before = play.clone();
            let (next, kind) = play.play(Pos::new(r, c), COLOURS[k]);
            if game.topology().contains(Pos::new(r, c)) {
                prop_assert_eq!(kind, MoveKind::Regular);
                prop_assert_eq!(next.state().colour(Pos::new(r, c)), COLOURS[k]);
            } else {
                prop_assert_eq!(kind, MoveKind::Illegal);
                prop_assert_eq!(&next, &before);
            }
            // The old position is untouched.
            prop_assert_eq!(&before, &play);
            play = next;
        }
        let end = play.clone();
        let mut back = end.clone();
        while back.history().can_undo() {
            back = back.undo();
        }
        prop_assert_eq!(back.state(), start.state());
        prop_assert_eq!(back.undo(), back.clone());
        let mut forward = back;
        while forward.history().can_redo() {
            forward = forward.redo();
        }
        prop_assert_eq!(forward.state(), end.state());
        prop_assert_eq!(forward.redo(), forward.clone());
    }

    #[test]
    fn every_solution_is_won_and_error_free(game in planted()) {
        let solved = game.solve();
        prop_assert!(solved.is_some(), "planted puzzles have a solution");
        let solved = solved.unwrap();
        prop_assert!(solved.is_won());
        prop_assert!(solved.error_marks().is_empty());
        prop_assert_eq!(solved.clues(), game.clues());
        prop_assert_eq!(solved.neighbourhood(), game.neighbourhood());
        prop_assert!(game.count(Some(1)) == 1u32.into());
        // The text round trip keeps the solution won.
        prop_assert!(Mosaic::parse(&solved.format()).unwrap().is_won());
    }

    #[test]
    fn error_marks_are_exactly_the_error_clues(game in planted()) {
        let marked: Vec<Pos> = game
            .error_marks()
            .into_iter()
            .map(|m| match m.target {
                gridpuzzles::game::Target::Square(p) => p,
                other => panic!("unexpected target {other:?}"),
            })
            .collect();
        let errors: Vec<Pos> = game
            .topology()
            .positions()
            .filter(|&p| game.status(p) == gridpuzzles::games::mosaic::Status::Error)
            .collect();
        prop_assert_eq!(&marked, &errors);
        prop_assert!(marked.iter().all(|&p| game.clue(p).is_some()));
        if !errors.is_empty() {
            prop_assert!(!game.is_won());
        }
    }

    #[test]
    fn a_won_position_has_every_square_coloured(game in planted()) {
        if game.is_won() {
            prop_assert!(game.colours().cells().iter().all(|&c| c != Colour::Empty));
        }
        prop_assert!(!game.cleared().is_won() || game.topology().is_empty());
    }

    #[test]
    fn deduced_colours_agree_with_every_solution(game in planted()) {
        let deduced = game.deduced().expect("planted puzzles are consistent");
        let solved = game.solve().unwrap();
        for p in game.topology().positions() {
            let d = deduced[p];
            prop_assert!(d == Colour::Empty || d == solved.colour(p));
        }
    }
}
