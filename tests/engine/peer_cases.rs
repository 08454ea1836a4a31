//! Every file in tests/data/peer-cases (copied from the course projects) loads (game recognised from content), round-trips through the
//! canonical writer, is won exactly when EXPECTED.md says, and counts as EXPECTED.md says.

use gridpuzzles::game::Game;
use gridpuzzles::games::AnyGame;
use gridpuzzles::with_game;

use crate::common::peer_cases;
use peer_cases::{expected, peer_dir};

fn load(file: &str) -> (String, AnyGame) {
    let text = std::fs::read_to_string(peer_dir().join(file)).expect("peer file");
    let game = AnyGame::parse(&text, None).unwrap_or_else(|e| panic!("{file}: {e}"));
    (text, game)
}

#[test]
fn every_peer_file_is_listed_and_recognised() {
    let listed = expected();
    assert!(listed.len() >= 60, "EXPECTED.md lists {}", listed.len());
    for e in &listed {
        let (_, game) = load(&e.file);
        let prefix = e.file.split('_').next().unwrap();
        assert_eq!(game.kind().id(), prefix, "{}", e.file);
    }
    let on_disk = std::fs::read_dir(peer_dir())
        .unwrap()
        .filter(|f| {
            f.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "txt")
        })
        .count();
    assert_eq!(on_disk, listed.len());
}

#[test]
fn every_peer_file_round_trips() {
    for e in expected() {
        let (text, game) = load(&e.file);
        let saved = game.format();
        let normalised = text.replace("\r\n", "\n");
        if saved != normalised {
            // Not canonical as written (missing final newline, trailing space...): equal after a reload.
            let again = AnyGame::parse(&saved, Some(game.kind())).unwrap();
            assert_eq!(again, game, "{}", e.file);
            assert_eq!(again.format(), saved, "{}", e.file);
        }
    }
}

#[test]
fn won_as_given_matches_expected() {
    for e in expected() {
        let (_, game) = load(&e.file);
        let won = with_game!(&game, g => g.is_won());
        assert_eq!(won, e.won, "{}", e.file);
    }
}

#[test]
fn counts_match_expected() {
    for e in expected() {
        let Some(want) = e.count else { continue };
        let (_, game) = load(&e.file);
        let got = with_game!(&game, g => g.count(None));
        assert_eq!(got, want.into(), "{}", e.file);
        let limited = with_game!(&game, g => g.count(Some(2)));
        assert_eq!(limited, want.min(2).into(), "{} with limit 2", e.file);
    }
}

#[test]
fn every_first_solution_is_won_and_fits_the_puzzle() {
    for e in expected() {
        let (_, game) = load(&e.file);
        let solved = with_game!(&game, g => g.solve().map(|s| (s.is_won(), s.format())));
        match (e.count, solved) {
            (Some(0), None) => {}
            (Some(0), Some(_)) => panic!("{}: solved a puzzle with no solution", e.file),
            (_, None) if e.count.is_some() => panic!("{}: no solution found", e.file),
            (_, Some((won, _))) => assert!(won, "{}: solution is not won", e.file),
            _ => {}
        }
    }
}
