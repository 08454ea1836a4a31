//! The real binary's `generate` at its edges: a size outside a game's range (refused with the
//! range before anything is made) and a flag of another game are bad input (exit 2).

use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
}

fn run(args: &[&str]) -> Output {
    bin()
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

/// `generate ARGS` is refused as bad input, with nothing on stdout; its stderr.
fn refused(args: &[&str]) -> String {
    let o = run(&[&["generate"], args].concat());
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    assert!(o.stdout.is_empty(), "{args:?}: {}", stdout(&o));
    stderr(&o)
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
