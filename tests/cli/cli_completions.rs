//! `completions SHELL` and `man` through the real binary: each script is the shell's own kind
//! and offers every command; the manual page has a section per command and renders with `man -l`
//! where man is installed.

use std::process::{Command, Stdio};

use clap::CommandFactory;
use gridpuzzles::cli::args::Cli;

use crate::common::binary;
use binary::{run, stderr, stdout};

/// Every command the program parses, from its own definition (clap's `help` left out).
fn commands() -> Vec<String> {
    let names: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|name| name != "help")
        .collect();
    // The definition itself is checked against the commands docs/cli.md documents.
    for name in [
        "play",
        "text",
        "solve",
        "count",
        "check",
        "hint",
        "generate",
        "convert",
        "list",
        "themes",
        "prove",
        "verify",
        "stats",
        "completions",
        "man",
    ] {
        assert!(names.iter().any(|n| n == name), "no command {name}");
    }
    names
}

fn has(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

#[test]
fn the_bash_script_defines_the_completion_function_and_names_every_command() {
    let out = run(&["completions", "bash"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let script = stdout(&out);
    assert!(script.contains("_gridpuzzles() {"), "{script}");
    assert!(script.contains("complete -F _gridpuzzles"), "{script}");
    for name in commands() {
        assert!(
            script.contains(&format!("gridpuzzles,{name})")),
            "no case for {name}"
        );
    }
}

#[test]
fn bash_completes_every_command_after_the_program_name() {
    if !has("bash") {
        eprintln!("bash not installed: the script's text is checked by the test above");
        return;
    }
    let script = stdout(&run(&["completions", "bash"]));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gridpuzzles.bash");
    std::fs::write(&path, script).unwrap();
    // What a user's shell does on `gridpuzzles <TAB>`: the words so far, the word completed.
    let probe = format!(
        "source '{}'; COMP_WORDS=(gridpuzzles ''); COMP_CWORD=1; \
         _gridpuzzles gridpuzzles '' gridpuzzles; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        path.display()
    );
    let out = Command::new("bash").args(["-c", &probe]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let offered: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    for name in commands() {
        assert!(offered.contains(&name), "{name} not offered: {offered:?}");
    }
    // And a command's options after it.
    let probe = format!(
        "source '{}'; COMP_WORDS=(gridpuzzles generate --); COMP_CWORD=2; \
         _gridpuzzles gridpuzzles -- generate; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        path.display()
    );
    let out = Command::new("bash").args(["-c", &probe]).output().unwrap();
    let offered = stdout(&out);
    for option in ["--size", "--difficulty", "--seed", "--count"] {
        assert!(offered.lines().any(|l| l == option), "{option}: {offered}");
    }
}

#[test]
fn every_shell_gets_a_script_of_its_own_kind() {
    for (shell, marker) in [
        ("zsh", "#compdef gridpuzzles"),
        ("fish", "complete -c gridpuzzles"),
        ("elvish", "edit:completion:arg-completer[gridpuzzles]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = run(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(script.contains(marker), "{shell}: no {marker}");
        for name in commands() {
            assert!(script.contains(&name), "{shell}: no {name}");
        }
    }
}

#[test]
fn an_unknown_shell_is_bad_input() {
    let out = run(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bash"), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
}

#[test]
fn the_manual_page_has_a_section_per_command_and_the_exit_status() {
    let out = run(&["man"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = stdout(&out);
    assert!(
        page.lines().any(|l| l.starts_with(".TH gridpuzzles 1")),
        "no title: {page}"
    );
    let headings: Vec<&str> = page.lines().filter(|l| l.starts_with(".SH ")).collect();
    for name in commands() {
        let heading = format!(".SH \"GRIDPUZZLES {}\"", name.to_uppercase());
        assert!(
            headings.contains(&heading.as_str()),
            "{heading}: {headings:?}"
        );
    }
    for heading in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH OPTIONS",
        ".SH COMMANDS",
        ".SH \"EXIT STATUS\"",
    ] {
        assert!(headings.contains(&heading), "{heading}: {headings:?}");
    }
    // A command's own options are in its section, under a subsection.
    let generate = page.split(".SH \"GRIDPUZZLES GENERATE\"").nth(1).unwrap();
    let generate = generate.split("\n.SH ").next().unwrap();
    assert!(generate.contains(".SS OPTIONS"), "{generate}");
    assert!(generate.contains("\\-\\-difficulty"), "{generate}");
}

#[test]
fn man_renders_the_page() {
    if !has("man") {
        eprintln!("man not installed: the roff is checked by the test above");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gridpuzzles.1");
    std::fs::write(&path, run(&["man"]).stdout).unwrap();
    let out = Command::new("man")
        .arg("-l")
        .arg(&path)
        .env("MANWIDTH", "80")
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for name in commands() {
        let heading = format!("GRIDPUZZLES {}", name.to_uppercase());
        assert!(text.contains(&heading), "{heading} not rendered");
    }
    assert!(text.contains("EXIT STATUS"), "{text}");
    // One page: no reference to a page of its own per command.
    assert!(!text.contains("gridpuzzles-play(1)"), "{text}");
    assert!(
        !text.contains(".SH") && !text.contains(".TP"),
        "roff left unread: {text}"
    );
}
