//! The `gridpuzzles` binary: parse the command line and dispatch.

use clap::Parser;

fn main() -> std::process::ExitCode {
    gridpuzzles::cli::run(gridpuzzles::cli::args::Cli::parse())
}
