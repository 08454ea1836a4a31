//! `man`: one roff manual page for the whole program. clap_mangen renders one command a page;
//! a player reads one page, so each command's synopsis, description and options follow the
//! top-level page as a section of their own, then the exit status every command shares.

use clap::CommandFactory;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, roman};

use super::args::Cli;
use super::{Failure, Outcome, to_stdout};

/// Writes the manual page to stdout.
pub fn run() -> Outcome {
    to_stdout(&page().map_err(|e| Failure::input(format!("cannot render the manual: {e}")))?)?;
    Ok(0)
}

/// The whole page: the program's own sections, a list of the commands, one
/// `GRIDPUZZLES <COMMAND>` section per command, and EXIT STATUS.
pub fn page() -> std::io::Result<String> {
    let mut cli = Cli::command();
    // Building propagates the global options and names each subcommand `gridpuzzles <name>`.
    cli.build();
    let commands: Vec<&clap::Command> = cli
        .get_subcommands()
        .filter(|s| s.get_name() != "help")
        .collect();
    let man = Man::new(cli.clone());
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    man.render_options_section(&mut out)?;
    // clap_mangen's own list points to a page per command (`gridpuzzles-play(1)`); here every
    // command is a section of this page.
    command_list(&commands).to_writer(&mut out)?;
    for sub in commands {
        out.extend(command_section(sub)?);
    }
    exit_status().to_writer(&mut out)?;
    man.render_version_section(&mut out)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// COMMANDS: each command's name and one line, its section named.
fn command_list(commands: &[&clap::Command]) -> Roff {
    let mut roff = Roff::default();
    roff.control("SH", ["COMMANDS"]);
    for sub in commands {
        roff.control("TP", []);
        roff.text([bold(sub.get_name())]);
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        let section = sub.get_bin_name().unwrap_or_else(|| sub.get_name());
        roff.text([roman(format!(
            "{about} (section {}).",
            section.to_uppercase()
        ))]);
    }
    roff
}

/// One command's section: its synopsis, description and options as clap_mangen renders them
/// for a page of its own, their headings demoted to subsections under the command's heading.
fn command_section(sub: &clap::Command) -> std::io::Result<Vec<u8>> {
    let title = sub
        .get_bin_name()
        .unwrap_or_else(|| sub.get_name())
        .to_uppercase();
    let man = Man::new(sub.clone());
    let mut body = Vec::new();
    man.render_synopsis_section(&mut body)?;
    man.render_description_section(&mut body)?;
    if sub.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut body)?;
    }
    let mut section = Vec::new();
    let mut heading = Roff::default();
    heading.control("SH", [title.as_str()]);
    heading.to_writer(&mut section)?;
    for line in String::from_utf8_lossy(&body).lines() {
        let line = line
            .strip_prefix(".SH ")
            .map_or_else(|| line.to_string(), |rest| format!(".SS {rest}"));
        section.extend(line.as_bytes());
        section.push(b'\n');
    }
    Ok(section)
}

/// The exit codes every command shares (docs/cli.md#exit-codes).
fn exit_status() -> Roff {
    let mut roff = Roff::default();
    roff.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in [
        (
            "0",
            "success: the answer was printed, the game won, the proof valid.",
        ),
        (
            "1",
            "a negative answer: no solution, not won, no hint, an invalid or incomplete proof, the memory cap of count reached.",
        ),
        (
            "2",
            "bad input or usage: an unreadable puzzle, a bad option, a file that cannot be written.",
        ),
        (
            "130, 143",
            "interrupted by SIGINT (Ctrl-C) or SIGTERM; the player exits with 128 plus the signal's number.",
        ),
    ] {
        roff.control("TP", []);
        roff.text([bold(code)]);
        roff.text([roman(meaning)]);
    }
    roff
}
