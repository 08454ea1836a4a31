//! The real binary reading Tatham game IDs valid for two games (SPEC §5): the game whose puzzle
//! has exactly one solution, an error naming both games and `--game` otherwise, and the
//! `tents:` / `lightup:` / `mosaic:` prefixes.

use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `3x3:b43c2a` is a Light Up ID (no solution: the 4 sits on an edge) and a Mosaic ID (one
/// solution).
const ONE_SOLUTION_AS_MOSAIC: &str = "3x3:b43c2a";
/// `4x4:2b3a1c4a0d` is a Light Up ID and a Mosaic ID, without a solution as either.
const NO_SOLUTION_AS_EITHER: &str = "4x4:2b3a1c4a0d";

#[test]
fn both_ids_are_valid_for_light_up_and_mosaic() {
    for id in [ONE_SOLUTION_AS_MOSAIC, NO_SOLUTION_AS_EITHER] {
        for game in ["lightup", "mosaic"] {
            let o = run(&["convert", id, "--game", game, "--to", "file"]);
            assert!(o.status.success(), "{id} as {game}: {}", stderr(&o));
        }
    }
    let o = run(&["count", ONE_SOLUTION_AS_MOSAIC, "--game", "lightup"]);
    assert_eq!(stdout(&o), "0\n");
    let o = run(&["count", ONE_SOLUTION_AS_MOSAIC, "--game", "mosaic"]);
    assert_eq!(stdout(&o), "1\n");
}

#[test]
fn an_id_of_two_games_is_read_as_the_one_with_a_single_solution() {
    let o = run(&["convert", ONE_SOLUTION_AS_MOSAIC, "--to", "file"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A Mosaic file: a four-number header and two characters per square.
    assert_eq!(stdout(&o), "3 3 0 0\n-e-e4e\n3e-e-e\n-e2e-e\n");
    let o = run(&["count", ONE_SOLUTION_AS_MOSAIC]);
    assert_eq!(stdout(&o), "1\n");
}

#[test]
fn an_id_of_two_games_without_a_single_solution_names_both_and_the_option() {
    let o = run(&["count", NO_SOLUTION_AS_EITHER]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("Light Up"), "{err}");
    assert!(err.contains("Mosaic"), "{err}");
    assert!(err.contains("--game"), "{err}");
    assert!(err.contains(NO_SOLUTION_AS_EITHER), "{err}");
    assert!(stdout(&o).is_empty());
}

#[test]
fn a_prefix_names_the_game() {
    let o = run(&["count", &format!("lightup:{ONE_SOLUTION_AS_MOSAIC}")]);
    assert_eq!(stdout(&o), "0\n", "{}", stderr(&o));
    let o = run(&["count", &format!("mosaic:{NO_SOLUTION_AS_EITHER}")]);
    assert_eq!(stdout(&o), "0\n", "{}", stderr(&o));
    let o = run(&[
        "convert",
        "tents:8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3",
        "--to",
        "id",
    ]);
    assert_eq!(
        stdout(&o).trim_end(),
        "8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3",
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_prefix_that_disagrees_with_the_game_option_is_an_error() {
    let o = run(&[
        "count",
        &format!("mosaic:{ONE_SOLUTION_AS_MOSAIC}"),
        "--game",
        "lightup",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("Mosaic") && err.contains("Light Up"), "{err}");
}

#[test]
fn a_prefix_on_a_malformed_id_reports_that_game_s_error() {
    let o = run(&["count", "mosaic:3x3:b4"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("game ID mosaic:3x3:b4"),
        "{}",
        stderr(&o)
    );
}
