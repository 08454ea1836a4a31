//! Every Light Up file from the peers' repositories loads, round-trips, is won exactly when
//! EXPECTED.md says so, and has the number of solutions EXPECTED.md gives.

use std::fs;

use gridpuzzles::game::{Count, Game};
use gridpuzzles::games::lightup::LightUp;

use crate::common::peer_cases;
use peer_cases::peer_dir as folder;

/// A Light Up row of EXPECTED.md (every one gives its number of solutions).
struct Expected {
    file: String,
    won: bool,
    solutions: u64,
}

fn expected() -> Vec<Expected> {
    peer_cases::expected()
        .into_iter()
        .filter(|e| e.file.starts_with("lightup_"))
        .map(|e| Expected {
            solutions: e.count.unwrap_or_else(|| panic!("{}: no count", e.file)),
            file: e.file,
            won: e.won,
        })
        .collect()
}

fn load(name: &str) -> (String, LightUp) {
    let text = fs::read_to_string(folder().join(name)).unwrap();
    let game = LightUp::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    (text, game)
}

#[test]
fn every_file_in_the_folder_is_listed() {
    let listed: Vec<String> = expected().into_iter().map(|e| e.file).collect();
    assert_eq!(listed.len(), 30);
    for entry in fs::read_dir(folder()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.starts_with("lightup_") && name.ends_with(".txt") {
            assert!(listed.contains(&name), "{name} has no expected result");
        }
    }
}

#[test]
fn files_load_and_round_trip() {
    for e in expected() {
        let (text, game) = load(&e.file);
        let saved = game.format();
        assert_eq!(LightUp::parse(&saved).unwrap(), game, "{}", e.file);
        // Canonical files save back byte for byte; the others only lack the final newline.
        if text.ends_with('\n') {
            assert_eq!(saved, text, "{}", e.file);
        } else {
            assert_eq!(saved, format!("{text}\n"), "{}", e.file);
        }
    }
}

#[test]
fn won_as_given() {
    for e in expected() {
        let (_, game) = load(&e.file);
        assert_eq!(game.is_won(), e.won, "{}", e.file);
        assert_eq!(
            game.is_won(),
            game.error_marks().is_empty() && game.unlit_count() == 0
        );
    }
}

#[test]
fn counts_match() {
    for e in expected() {
        let (_, game) = load(&e.file);
        assert_eq!(game.count(None), Count::from(e.solutions), "{}", e.file);
    }
}

#[test]
fn counts_stop_at_the_limit() {
    for e in expected() {
        let (_, game) = load(&e.file);
        assert_eq!(
            game.count(Some(2)),
            Count::from(e.solutions.min(2)),
            "{}",
            e.file
        );
    }
}

#[test]
fn solutions_are_won_and_keep_the_walls() {
    for e in expected() {
        let (_, game) = load(&e.file);
        match game.solve() {
            Some(s) => {
                assert!(e.solutions > 0, "{}", e.file);
                assert!(s.is_won(), "{}", e.file);
                assert_eq!(s.cleared(), game.cleared(), "{}", e.file);
            }
            None => assert_eq!(e.solutions, 0, "{}", e.file),
        }
    }
}

#[test]
fn unique_puzzles_solve_to_the_given_solution() {
    let (_, puzzle) = load("lightup_jcmerle_Lightup_game_3x10.txt");
    let (_, solution) = load("lightup_jcmerle_Lightup_game_3x10_sol.txt");
    let solved = puzzle.solve().unwrap();
    let bulbs = |g: &LightUp| -> Vec<_> {
        g.squares()
            .iter()
            .filter(|(_, s)| **s == gridpuzzles::games::lightup::Square::Bulb)
            .map(|(p, _)| p)
            .collect()
    };
    assert_eq!(bulbs(&solved), bulbs(&solution));
    let (_, default_solution) = load("lightup_RitualCoder_Lightup_default_solution.txt");
    let solved = LightUp::default_game().solve().unwrap();
    assert_eq!(solved, default_solution);
}
