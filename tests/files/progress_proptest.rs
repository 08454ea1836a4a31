//! Random progress records survive a save and a load exactly, and list() summarises them.

use gridpuzzles::grid::Pos;
use gridpuzzles::history::{Action, Change, Entry, History};
use gridpuzzles::progress::codec::{decode_progress, decode_summary, encode_progress};
use gridpuzzles::progress::{Loaded, PuzzleProgress, Store, Timestamp};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

/// A Mosaic-like square: a colour and an optional clue (a struct piece with an `Option`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Cell {
    colour: Colour,
    clue: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Colour {
    Empty,
    White,
    Black,
}

fn cell() -> impl Strategy<Value = Cell> {
    (
        prop_oneof![
            Just(Colour::Empty),
            Just(Colour::White),
            Just(Colour::Black)
        ],
        proptest::option::of(0u8..=9),
    )
        .prop_map(|(colour, clue)| Cell { colour, clue })
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        Just(Action::Set),
        any::<usize>().prop_map(Action::FillRow),
        any::<usize>().prop_map(Action::FillCol),
        Just(Action::Reveal),
        any::<String>().prop_map(Action::Hint),
    ]
}

fn entry() -> impl Strategy<Value = Entry<Cell>> {
    let change =
        (0usize..30, 0usize..30, cell(), cell()).prop_map(|(row, col, before, after)| Change {
            pos: Pos::new(row, col),
            before,
            after,
        });
    (action(), prop::collection::vec(change, 0..4))
        .prop_map(|(action, changes)| Entry { action, changes })
}

/// A history built the way play builds one: pushes, with some undos in between.
fn history() -> impl Strategy<Value = History<Cell>> {
    prop::collection::vec((entry(), 0usize..3), 0..12).prop_map(|steps| {
        let mut h = History::new();
        for (entry, undos) in steps {
            h = h.push(entry);
            for _ in 0..undos {
                if let Some((_, back)) = h.undo() {
                    h = back;
                }
            }
        }
        h
    })
}

fn progress() -> impl Strategy<Value = PuzzleProgress<Cell>> {
    (
        any::<String>(),
        "[ x*\\-\n\r\t]{0,40}",
        history(),
        any::<u64>(),
        any::<bool>(),
        any::<Option<u64>>(),
        any::<u64>(),
    )
        .prop_map(
            |(noise, board, history, elapsed_ms, solved, best_ms, saved_at)| PuzzleProgress {
                position: format!("{board}{noise}"),
                history,
                elapsed_ms,
                solved,
                best_ms,
                saved_at: Timestamp(saved_at),
                view: None,
                solves: Vec::new(),
                made: None,
                proof: None,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn progress_round_trips_through_the_store(name in any::<String>(), p in progress()) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        store.save_puzzle(&name, &p).unwrap();
        prop_assert_eq!(store.load_puzzle::<Cell>(&name).unwrap(), Loaded::Found(p.clone()));

        let listing = store.list().unwrap();
        prop_assert!(listing.problems.is_empty());
        prop_assert_eq!(listing.entries.len(), 1);
        let e = &listing.entries[0];
        prop_assert_eq!(&e.name, &name);
        prop_assert_eq!(e.summary.solved, p.solved);
        prop_assert_eq!(e.summary.best_ms, p.best_ms);
        prop_assert_eq!(e.summary.elapsed_ms, p.elapsed_ms);
        prop_assert_eq!(e.summary.moves, p.history.done().len());
        prop_assert_eq!(e.summary.saved_at, p.saved_at);
    }
}

proptest! {
    /// Without the file system, so many more records are tried.
    #[test]
    fn progress_text_round_trips(name in any::<String>(), p in progress()) {
        let text = encode_progress(&name, &p).unwrap();
        let (back_name, back) = decode_progress::<Cell>(&text).unwrap();
        prop_assert_eq!(back_name, name.clone());
        prop_assert_eq!(back, p.clone());
        let summary = decode_summary(&text).unwrap().summary;
        prop_assert_eq!(summary.moves, p.history.done().len());
    }
}
