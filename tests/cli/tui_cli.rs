//! The player's command line without a terminal: argument errors come before the screen opens.

use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    let home = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
        .args(args)
        .env("GRIDPUZZLES_HOME", home.path())
        .stdin(Stdio::null())
        .output()
        .expect("run gridpuzzles")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn an_unknown_theme_is_refused_with_the_list_of_names() {
    let out = run(&["play", "7x7:b1f2iB2g1Bi2fBb", "--theme", "neon"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("unknown theme `neon`"), "{err}");
    assert!(
        err.contains("themes: default, light, ansi16, high-contrast, mono, ascii"),
        "{err}"
    );
    let bare = run(&["--theme", "neon"]);
    assert_eq!(bare.status.code(), Some(2));
    assert!(stderr(&bare).contains("unknown theme `neon`"));
}

#[test]
fn a_bad_puzzle_is_reported_before_the_screen_opens() {
    let out = run(&["play", "7x7:b1f2iB2g1Bi2fB"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.starts_with("gridpuzzles: game ID 7x7:b1f2iB2g1Bi2fB: line 1, column"),
        "{err}"
    );
    let missing = run(&["play", "no/such/file.txt"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("no such file"));
}

#[test]
fn the_player_needs_a_terminal() {
    let out = run(&["play", "7x7:b1f2iB2g1Bi2fBb"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the player needs a terminal"),
        "{}",
        stderr(&out)
    );
    let bare = run(&[]);
    assert_eq!(bare.status.code(), Some(2));
    assert!(stderr(&bare).contains("the player needs a terminal"));
}

#[test]
fn help_lists_play_and_the_player_options() {
    let out = run(&["--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("play"), "{help}");
    assert!(help.contains("--theme <NAME>"), "{help}");
    assert!(help.contains("--ascii"), "{help}");
}
