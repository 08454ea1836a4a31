//! The real binary's `generate` at its edges: sizes outside a game's range and flags of another
//! game are bad input (exit 2), `--count K` writes K puzzles, each as soon as it is made, a
//! reader that goes away ends the run quietly, and an interrupt keeps the puzzles made whole
//! and says how many there are.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Stdio};

use crate::common::binary;
use binary::{bin, run, stderr, stdout};

/// `generate ARGS` is refused as bad input, with nothing on stdout; its stderr.
fn refused(args: &[&str]) -> String {
    let o = run(&[&["generate"], args].concat());
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    assert!(o.stdout.is_empty(), "{args:?}: {}", stdout(&o));
    stderr(&o)
}

/// `generate ARGS` with a piped stdout and stderr.
fn spawn(args: &[&str]) -> Child {
    bin()
        .arg("generate")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs")
}

/// The next `lines` lines of `reader`, each with its newline.
fn read_lines(reader: &mut impl BufRead, lines: usize) -> String {
    let mut text = String::new();
    for _ in 0..lines {
        assert!(
            reader.read_line(&mut text).unwrap() > 0,
            "early end:\n{text}"
        );
    }
    text
}

/// The puzzles of a `generate` output, each with its final newline. They are written a blank
/// line apart, so a puzzle cut short is the last one and does not end with a newline.
fn puzzles(text: &str) -> Vec<String> {
    let mut made: Vec<String> = text.split("\n\n").map(|p| format!("{p}\n")).collect();
    // The last puzzle's own newline ends the text: drop the one added.
    if let Some(last) = made.last_mut() {
        last.pop();
    }
    made.retain(|p| !p.is_empty());
    made
}

#[test]
fn sizes_outside_a_games_range_are_refused_with_the_range() {
    for (args, message) in [
        (
            ["tents", "--size", "3x3"],
            "--size 3x3: Tents sizes run from 4x4 to 100x100",
        ),
        (
            ["tents", "--size", "101x100"],
            "--size 101x100: Tents sizes run from 4x4 to 100x100",
        ),
        (
            ["lightup", "--size", "1x1000"],
            "--size 1x1000: Light Up sizes run from 2x2 to 100x100",
        ),
        (
            ["lightup", "--size", "1x5"],
            "Light Up sizes run from 2x2 to 100x100",
        ),
        (
            ["mosaic", "--size", "0x5"],
            "--size 0x5: Mosaic sizes run from 1x1 to 100x100",
        ),
        (
            ["mosaic", "--size", "100x101"],
            "Mosaic sizes run from 1x1 to 100x100",
        ),
    ] {
        let err = refused(&args);
        assert!(err.contains(message), "{args:?}: {err}");
        // Refused before anything is made: no seed is announced.
        assert!(!err.contains("seed"), "{args:?}: {err}");
    }
    let err = refused(&["tents", "--size", "big"]);
    assert!(err.contains("expected ROWSxCOLS"), "{err}");
}

#[test]
fn the_smallest_sizes_are_made() {
    for args in [
        ["tents", "--size", "4x4"],
        ["lightup", "--size", "2x2"],
        ["mosaic", "--size", "1x1"],
    ] {
        let o = run(&[&["generate"], &args[..], &["--seed", "1"]].concat());
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_flag_of_another_game_is_refused_naming_its_game() {
    for (args, message) in [
        (
            &["tents", "--symmetric"][..],
            "--symmetric is a Light Up option, not a Tents one",
        ),
        (
            &["tents", "--neighbourhood", "full"],
            "--neighbourhood is a Mosaic option, not a Tents one",
        ),
        (
            &["tents", "--density", "50"],
            "--density is a Mosaic option, not a Tents one",
        ),
        (
            &["mosaic", "--symmetric"],
            "--symmetric is a Light Up option, not a Mosaic one",
        ),
        (
            &["mosaic", "--diagadj"],
            "--diagadj is a Tents option, not a Mosaic one",
        ),
        (
            &["lightup", "--diagadj"],
            "--diagadj is a Tents option, not a Light Up one",
        ),
        (
            &["lightup", "--neighbourhood", "ortho"],
            "--neighbourhood is a Mosaic option, not a Light Up one",
        ),
    ] {
        let err = refused(args);
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn each_games_own_flags_are_taken() {
    for args in [
        &["tents", "--diagadj"][..],
        &["lightup", "--symmetric"],
        &["mosaic", "--neighbourhood", "ortho", "--density", "50"],
    ] {
        let o = run(&[&["generate"], args, &["--size", "6x6", "--seed", "1"]].concat());
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn count_three_prints_three_puzzles_a_blank_line_apart() {
    let args = ["generate", "tents", "--size", "6x6", "--seed", "1"];
    let o = run(&[&args[..], &["--count", "3"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let made = puzzles(&text);
    assert_eq!(made.len(), 3, "{text}");
    // Puzzle k is the one seed 1 + k makes alone.
    for (k, puzzle) in made.iter().enumerate() {
        let seed = (1 + k).to_string();
        let alone = run(&["generate", "tents", "--size", "6x6", "--seed", &seed]);
        assert_eq!(*puzzle, stdout(&alone), "seed {seed}");
    }
    assert_eq!(text, made.join("\n"));
}

#[test]
fn count_zero_is_refused() {
    let err = refused(&["tents", "--count", "0"]);
    assert!(err.contains("at least 1"), "{err}");
}

#[test]
fn a_difficulty_no_puzzle_of_that_size_has_is_refused_before_trying() {
    // A run once reported: no 4x4 puzzle on a torus keeps its tents apart, diagonally too, with
    // one solution, planted as the generator plants.
    let err = refused(&[
        "tents",
        "--size",
        "4x4",
        "--wrapping",
        "--seed",
        "440329270",
    ]);
    assert!(
        err.contains("no easy Tents puzzle the generator keeps")
            && err.contains("exists at 4x4 with --wrapping: a search of every one finds none"),
        "{err}"
    );
    assert!(err.trim_end().ends_with("; try a larger --size"), "{err}");
    // An easier difficulty is suggested only where one exists.
    let err = refused(&["tents", "--size", "4x4", "--difficulty", "hard"]);
    assert!(
        err.contains("no hard Tents puzzle the generator keeps"),
        "{err}"
    );
    assert!(
        err.trim_end()
            .ends_with("; try --difficulty easy or tricky, or a larger --size"),
        "{err}"
    );
    let err = refused(&[
        "mosaic",
        "--size",
        "1x1",
        "--neighbourhood",
        "ortho-exclude",
    ]);
    assert!(
        err.contains("no easy Mosaic puzzle exists at 1x1 with --neighbourhood ortho-exclude"),
        "{err}"
    );
    // The table holds one of a size and its transpose: both are refused.
    for size in ["2x3", "3x2"] {
        let err = refused(&["lightup", "--size", size, "--difficulty", "hard"]);
        assert!(
            err.contains(&format!("no hard Light Up puzzle exists at {size}")),
            "{err}"
        );
    }
}

#[test]
fn a_run_that_finds_no_puzzle_exits_1_and_says_what_to_try() {
    // 3x3 tricky Light Up puzzles on a torus exist, but the generator does not find them.
    let o = run(&[
        "generate",
        "lightup",
        "--size",
        "3x3",
        "--wrapping",
        "--difficulty",
        "tricky",
        "--seed",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    let err = stderr(&o);
    assert!(
        err.starts_with("gridpuzzles: seed 1: no tricky puzzle found in "),
        "{err}"
    );
    assert!(
        err.trim_end()
            .ends_with("; try another --seed, --difficulty easy, or a larger --size"),
        "{err}"
    );
}

#[test]
fn a_count_run_that_stops_early_says_how_many_were_made() {
    // Seeds 3 and 4 make a 3x3 Mosaic on a torus, seed 5 does not.
    let o = run(&[
        "generate",
        "mosaic",
        "--size",
        "3x3",
        "--wrapping",
        "--seed",
        "3",
        "--count",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(puzzles(&stdout(&o)).len(), 2, "{}", stdout(&o));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("gridpuzzles: seed 5: no easy puzzle found in "),
        "{err}"
    );
    assert_eq!(
        lines[1],
        "gridpuzzles: stopped: 2 of 3 puzzles made (seeds 3 to 4)"
    );
}

/// The lines of one 30x30 Tents puzzle: the header, two lines of counts, 30 rows.
const LINES_30: usize = 33;

/// Whether `puzzle` is a whole 30x30 Tents puzzle.
fn whole_30x30(puzzle: &str) -> bool {
    let lines: Vec<&str> = puzzle.lines().collect();
    lines.len() == LINES_30
        && lines[0] == "30 30 0 0"
        && lines[3..].iter().all(|row| row.chars().count() == 30)
        && puzzle.ends_with('\n')
}

#[cfg(unix)]
#[test]
fn puzzles_arrive_as_they_are_made_and_an_interrupt_keeps_them_whole() {
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;

    let mut child = spawn(&["tents", "--size", "30x30", "--seed", "1", "--count", "1000"]);
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let first = read_lines(&mut out, LINES_30);
    assert!(
        child.try_wait().unwrap().is_none(),
        "the first puzzle came before the end"
    );
    let alone = run(&["generate", "tents", "--size", "30x30", "--seed", "1"]);
    assert_eq!(first, stdout(&alone));

    kill(Pid::from_raw(child.id() as i32), Signal::SIGINT).unwrap();
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{err}");

    let text = first + &rest;
    let made = puzzles(&text);
    assert!(made.iter().all(|p| whole_30x30(p)), "{text}");
    let n = made.len();
    assert!(
        err.contains(&format!(
            "interrupted: {n} of 1000 puzzles made; --seed {} --count {} makes the rest",
            1 + n,
            1000 - n
        )),
        "{n} puzzles: {err}"
    );
}

#[test]
fn a_reader_that_goes_away_ends_the_run_quietly() {
    let mut child = spawn(&["tents", "--size", "8x8", "--seed", "1", "--count", "1000"]);
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let first = read_lines(&mut out, 1);
    assert_eq!(first, "8 8 0 0\n");
    drop(out);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
}
