//! Game IDs keep their puzzle's options: a puzzle of any game, with any options, written by
//! `convert --to id` (`game_id::write`) and read back as a PUZZLE argument is the same puzzle
//! with the same options, and its file is the file it came from.

use crate::common::tiny_tents;

use gridpuzzles::game::{Game, GameKind};
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::any::IntoAny;
use gridpuzzles::games::game_id;
use gridpuzzles::games::lightup::{LightUp, Square as LightUpSquare};
use gridpuzzles::games::mosaic::{Mosaic, Neighbourhood};
use gridpuzzles::grid::{Grid, Topology};
use proptest::prelude::*;

/// A Light Up position up to 6x6, wrapping or not, with bulbs and marks to be dropped.
fn lightup() -> impl Strategy<Value = LightUp> {
    (1usize..=6, 1usize..=6, any::<bool>()).prop_flat_map(|(rows, cols, wrapping)| {
        let square = prop_oneof![
            6 => Just(LightUpSquare::Blank),
            1 => Just(LightUpSquare::Bulb),
            1 => Just(LightUpSquare::Mark),
            1 => Just(LightUpSquare::Wall(None)),
            2 => (0u8..=4).prop_map(|n| LightUpSquare::Wall(Some(n))),
        ];
        proptest::collection::vec(square, rows * cols).prop_map(move |cells| {
            let t = Topology::new(rows, cols, wrapping);
            LightUp::new(Grid::from_cells(t, cells).unwrap()).unwrap()
        })
    })
}

/// A Mosaic puzzle up to 6x6 with any neighbourhood, wrapping or not.
fn mosaic() -> impl Strategy<Value = Mosaic> {
    (
        1usize..=6,
        1usize..=6,
        any::<bool>(),
        prop::sample::select(Neighbourhood::ALL.to_vec()),
    )
        .prop_flat_map(|(rows, cols, wrapping, neighbourhood)| {
            let clue = prop_oneof![2 => Just(None), 1 => (0u8..=9).prop_map(Some)];
            proptest::collection::vec(clue, rows * cols).prop_map(move |clues| {
                let t = Topology::new(rows, cols, wrapping);
                Mosaic::new(Grid::from_cells(t, clues).unwrap(), neighbourhood).unwrap()
            })
        })
}

/// A puzzle of any game with any options (Tents: wrapping, diagadj and either rule 4, which
/// the ID does not carry).
fn any_puzzle() -> impl Strategy<Value = AnyGame> {
    prop_oneof![
        tiny_tents::tiny_puzzle().prop_map(IntoAny::into_any),
        lightup().prop_map(IntoAny::into_any),
        mosaic().prop_map(IntoAny::into_any),
    ]
}

/// `game` under Tatham's rule 4 when it is Tents: rule 4 is each format's own (a file reads as
/// `local`, an ID as `matching`), so an ID does not carry it.
fn any_rule4(game: &AnyGame) -> AnyGame {
    match game {
        AnyGame::Tents(t) => t
            .with_rule4(gridpuzzles::games::tents::Rule4::Matching)
            .into_any(),
        other => other.clone(),
    }
}

/// Reads an ID as a PUZZLE argument of game `kind` (as `--game` does: a plain Light Up ID may
/// also be a Mosaic one).
fn read(id: &str, kind: GameKind) -> AnyGame {
    gridpuzzles::puzzle_arg::read(id, Some(kind))
        .unwrap_or_else(|e| panic!("{id}: {e}"))
        .game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn ids_keep_the_puzzle_and_its_options(game in any_puzzle()) {
        let kind = game.kind();
        let puzzle = gridpuzzles::with_game!(&game, g => g.cleared().into_any());
        let written = game_id::write(&game);
        let id = &written.id;
        prop_assert_eq!(any_rule4(&read(id, kind)), any_rule4(&puzzle), "{}", id);
        // A prefix exactly when the plain Tatham ID would lose an option, a warning for each
        // option in it, and the plain ID after it.
        let plain = gridpuzzles::with_game!(&game, g => g.to_tatham_id());
        prop_assert_eq!(
            written.prefix.is_empty(),
            any_rule4(&read(&plain, kind)) == any_rule4(&puzzle),
            "{}",
            id
        );
        prop_assert_eq!(id, &format!("{}{plain}", written.prefix));
        prop_assert_eq!(written.warnings().len(), written.carried.len());
        prop_assert_eq!(written.carried.is_empty(), written.prefix.is_empty());
        if !written.prefix.is_empty() {
            let prefix = format!("{}+", kind.id());
            prop_assert!(id.starts_with(&prefix), "{}", id);
        }
    }

    #[test]
    fn file_to_id_to_file_keeps_the_file(game in any_puzzle()) {
        // The file carries everything but Tents' rule 4, which reads as `local` from a file.
        let kind = game.kind();
        let file = gridpuzzles::with_game!(&game, g => g.cleared().format());
        let from_file = AnyGame::parse(&file, Some(kind)).unwrap();
        let id = game_id::write(&from_file).id;
        let back = read(&id, kind);
        prop_assert_eq!(any_rule4(&back), any_rule4(&from_file), "{}", id);
        prop_assert_eq!(back.format(), file, "{}", id);
    }
}
