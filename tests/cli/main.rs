//! The command line: the real binary run without a terminal, its output, exit codes and files.
//!
//! One test crate for the layer, so the library is linked once for it and not once a file: each
//! file here is a module (`cargo test --test cli NAME::` runs one). A new test file of this
//! layer goes in this folder with a `mod` line below; see tests/README.md.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod cli_completions;
mod cli_count;
mod cli_files;
mod cli_game_id;
mod cli_generate;
mod cli_hint;
mod cli_limits;
mod cli_stats;
mod tui_cli;
