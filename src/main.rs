//! The `gridpuzzles` binary: parse the command line and dispatch.

use clap::Parser;

/// mimalloc rather than the system's allocator: the Tents counter clones many small
/// sub-problems. Its version 2: version 3, the crate's default, costs more at every start
/// (figures in `docs/notes.md`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    gridpuzzles::cli::run(gridpuzzles::cli::args::Cli::parse())
}
