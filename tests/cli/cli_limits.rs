//! The size limits docs/cli.md states, through the real binary: a puzzle file above the cap, an
//! endless input, and a grid above the largest any reader accepts.

use std::process::{Command, Output};

use gridpuzzles::cli::load::MAX_FILE_BYTES;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
        .args(args)
        .env("GRIDPUZZLES_HOME", env!("CARGO_TARGET_TMPDIR"))
        .output()
        .expect("run gridpuzzles")
}

fn refused(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn a_puzzle_file_above_the_cap_is_refused_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.txt");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(MAX_FILE_BYTES + 1).unwrap();
    drop(file);
    let path = path.to_str().unwrap();
    let err = refused(&["check", path]);
    assert_eq!(
        err,
        format!(
            "gridpuzzles: {path}: cannot read: larger than 40 MiB, the most a puzzle file may hold\n"
        )
    );
}

#[cfg(unix)]
#[test]
fn an_endless_input_is_refused_not_read_forever() {
    let err = refused(&["solve", "/dev/zero"]);
    assert!(err.contains("larger than 40 MiB"), "{err}");
}

#[test]
fn a_grid_above_the_largest_is_refused_at_its_header() {
    for (what, puzzle) in [
        ("tents id", "4097x4096:a,0"),
        ("light up id", "4097x4096:a"),
        ("mosaic id", "4097x4096h0:a"),
    ] {
        let err = refused(&["check", puzzle]);
        assert!(
            err.contains("column 1: expected a grid of at most 16777216 squares"),
            "{what}: {err}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    for (what, header) in [
        ("tents file", "4097 4096 0 0\n"),
        ("light up file", "4097 4096 0\n"),
        ("mosaic file", "4097 4096 0 0\n-e\n"),
    ] {
        let path = dir.path().join("p.txt");
        std::fs::write(&path, header).unwrap();
        let err = refused(&["check", path.to_str().unwrap()]);
        assert!(
            err.contains("line 1, column 1: expected a grid of at most 16777216 squares"),
            "{what}: {err}"
        );
    }
}
