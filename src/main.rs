//! The `gridpuzzles` binary: parse the command line and dispatch.

use clap::Parser;

/// mimalloc rather than the system's allocator: the Tents counter clones many small
/// sub-problems (the 100x100 peer case's exact count, two threads: 14.1-14.4 s against
/// 15.4-15.7 s wall; solving is 0-3% faster). Its version 2: version 3, the crate's default,
/// took 0.6 ms more processor time at every start (1.8 against 1.2 ms for a 10x10 count).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    gridpuzzles::cli::run(gridpuzzles::cli::args::Cli::parse())
}
