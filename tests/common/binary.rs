//! Running the real binary from the command-line tests: each test file takes this module with
//! `#[path = "common/binary.rs"] mod binary;` and uses what it needs.
#![allow(dead_code)]

use std::process::{Command, Output, Stdio};

/// The `gridpuzzles` binary cargo built for the tests.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
}

/// Runs `gridpuzzles ARGS` with no standard input.
pub fn run(args: &[&str]) -> Output {
    bin()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("binary runs")
}

/// A run's standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A run's standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
