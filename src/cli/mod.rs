//! The command line: argument definitions and one module per command.

pub mod args;
pub mod check;
pub mod completions;
pub mod convert;
pub mod count;
pub mod game_flags;
pub mod gen_progress;
pub mod generate;
pub mod hint;
pub mod interrupt;
pub mod list;
pub mod load;
pub mod man;
pub mod play;
pub mod prove;
pub mod solve;
pub mod stats;
pub mod text;
pub mod themes;

use std::io::Write;
use std::process::ExitCode;

use crate::files::output::write_output;
use args::{Cli, Command};

/// A command's failure: a message for stderr and the exit code.
#[derive(Debug)]
pub struct Failure {
    /// What went wrong, for stderr.
    pub message: String,
    /// The process exit code (never 0).
    pub code: u8,
}

impl Failure {
    /// A failure with exit code 2 (bad input or usage).
    pub fn input(message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            code: 2,
        }
    }

    /// A failure with exit code 1 (a negative answer, such as "no solution").
    pub fn negative(message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            code: 1,
        }
    }
}

/// What a command returns: its exit code when it ran.
pub type Outcome = Result<u8, Failure>;

/// Writes `text` to the file `output` whole or not at all ([`write_output`]: a failure leaves
/// the old file byte for byte, exit 2), or to stdout when there is none. A reader of stdout
/// that has gone (`| head`) is not an error: there is no one left to tell.
pub fn emit(output: Option<&std::path::Path>, text: &str) -> Outcome {
    match output {
        Some(path) => {
            write_output(path, text.as_bytes()).map_err(|e| Failure::input(e.to_string()))?
        }
        None => {
            to_stdout(text)?;
        }
    }
    Ok(0)
}

/// Writes `text` to stdout and flushes it: `Ok(true)` when written, `Ok(false)` when the
/// reader has gone (a broken pipe), so the caller stops quietly.
pub fn to_stdout(text: &str) -> Result<bool, Failure> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(Failure::input(format!("cannot write to stdout: {e}"))),
    }
}

/// Runs the parsed command line and returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    use crate::theme::ColorChoice;
    let ui = play::UiOptions {
        theme: cli.theme,
        ascii: cli.ascii,
        color: match cli.color {
            args::ColorArg::Auto => ColorChoice::Auto,
            args::ColorArg::Always => ColorChoice::Always,
            args::ColorArg::Never => ColorChoice::Never,
        },
    };
    let result = match cli.command {
        Some(Command::Play(a)) => play::run(&a, &ui),
        Some(Command::Solve(a)) => solve::run(&a),
        Some(Command::Count(a)) => count::run(&a),
        Some(Command::Check(a)) => check::run(&a),
        Some(Command::Convert(a)) => convert::run(&a),
        Some(Command::Text(a)) => text::run(&a),
        Some(Command::Hint(a)) => hint::run(&a),
        Some(Command::Generate(a)) => generate::run(&a),
        Some(Command::Prove(a)) => prove::run_prove(&a),
        Some(Command::Verify(a)) => prove::run_verify(&a),
        Some(Command::Themes) => themes::run(),
        Some(Command::List) => list::run(),
        Some(Command::Stats) => stats::run(),
        Some(Command::Completions(a)) => completions::run(&a),
        Some(Command::Man) => man::run(),
        None => play::run_default(&ui),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(f) => {
            eprintln!("gridpuzzles: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}
