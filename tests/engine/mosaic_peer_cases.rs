//! Every Mosaic file in `tests/data/peer-cases/`: loads, round-trips, counts as EXPECTED.md says,
//! and is won as given exactly when EXPECTED.md says so.

use gridpuzzles::game::{Count, Game};
use gridpuzzles::games::mosaic::Mosaic;

use crate::common::peer_cases::{self, peer_dir};

/// (file, won as given, number of solutions) for each Mosaic row of EXPECTED.md.
fn expected() -> Vec<(String, bool, u64)> {
    peer_cases::expected()
        .into_iter()
        .filter(|e| e.file.starts_with("mosaic_"))
        .map(|e| {
            let count = e.count.unwrap_or_else(|| panic!("{}: no count", e.file));
            (e.file, e.won, count)
        })
        .collect()
}

#[test]
fn every_mosaic_peer_file_is_listed() {
    let listed: Vec<String> = expected().into_iter().map(|(f, _, _)| f).collect();
    let mut on_disk: Vec<String> = std::fs::read_dir(peer_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.starts_with("mosaic_"))
        .collect();
    on_disk.sort();
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(sorted, on_disk);
    assert_eq!(listed.len(), 7);
}

#[test]
fn peer_files_load_round_trip_and_count_as_expected() {
    for (file, won, solutions) in expected() {
        let text = std::fs::read_to_string(peer_dir().join(&file)).unwrap();
        let game = Mosaic::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let saved = game.format();
        assert_eq!(Mosaic::parse(&saved).unwrap(), game, "{file}");
        // Canonical files save back byte for byte (some lack only the final newline).
        let canonical = if text.ends_with('\n') {
            text.clone()
        } else {
            format!("{text}\n")
        };
        assert_eq!(saved, canonical, "{file}");
        assert_eq!(game.is_won(), won, "{file}: won as given");
        assert_eq!(game.count(None), Count::from(solutions), "{file}: count");
        assert_eq!(
            game.count(Some(2)),
            Count::from(solutions.min(2)),
            "{file}: limited count"
        );
        match game.solve() {
            Some(solved) => {
                assert!(solutions > 0, "{file}");
                assert!(solved.is_won(), "{file}: solution is won");
                assert!(solved.error_marks().is_empty(), "{file}");
            }
            None => assert_eq!(solutions, 0, "{file}"),
        }
    }
}

#[test]
fn default_file_is_the_built_in_default_and_solves_to_the_solution_file() {
    let read = |f: &str| std::fs::read_to_string(peer_dir().join(f)).unwrap();
    let default = Mosaic::parse(&read("mosaic_ani-owl_mosaic_default.txt")).unwrap();
    assert_eq!(default, Mosaic::default_game());
    let solution = Mosaic::parse(&read("mosaic_ani-owl_mosaic_solution.txt")).unwrap();
    assert_eq!(default.solve().unwrap(), solution);
}
