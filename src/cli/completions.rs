//! `completions SHELL`: the shell completion script, generated from the same clap definition
//! the program parses with, so it never lists a command or option the program lacks.

use clap::CommandFactory;

use super::args::{Cli, CompletionsArgs};
use super::{Outcome, to_stdout};

/// Writes the completion script of `args.shell` to stdout.
pub fn run(args: &CompletionsArgs) -> Outcome {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "gridpuzzles", &mut script);
    // The generators write UTF-8 (the help texts are Rust strings).
    to_stdout(&String::from_utf8_lossy(&script))?;
    Ok(0)
}
