//! `play` and the bare `gridpuzzles`: the full-screen player, straight on one puzzle or on the
//! pack browser.

use std::io::IsTerminal;

use super::args::PlayArgs;
use super::{Failure, Outcome};
use crate::theme::{ColorChoice, ColorEnv, ThemeError, ThemeErrorKind, Themes, term_has_emoji};
use crate::tui::model::OpenRequest;
use crate::tui::puzzle_ref::puzzle_ref;
use crate::tui::{self, Model, Msg, Settings};

/// The player's command-line options (global: `--theme`, `--ascii`, `--color`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UiOptions {
    /// `--theme NAME`.
    pub theme: Option<String>,
    /// `--ascii`.
    pub ascii: bool,
    /// `--color`.
    pub color: ColorChoice,
}

/// Runs `play PUZZLE`: pack puzzles keep their progress under their pack name, other puzzles
/// (files, game IDs, pack puzzles with changed options) under a key naming the puzzle itself.
pub fn run(args: &PlayArgs, ui: &UiOptions) -> Outcome {
    let PlayArgs {
        puzzle: args,
        proof,
    } = args;
    let read = super::load::load_with_origin(&args.puzzle, &args.options)?;
    let puzzle = puzzle_ref(&args.puzzle, &read.game, read.made);
    let game = read.game;
    let first = vec![Msg::OpenPuzzle(OpenRequest { game, puzzle })];
    start(first, ui, *proof)
}

/// Runs `gridpuzzles` without a command: the pack browser.
pub fn run_default(ui: &UiOptions) -> Outcome {
    start(Vec::new(), ui, false)
}

fn start(first: Vec<Msg>, ui: &UiOptions, proof: bool) -> Outcome {
    if let Some(name) = &ui.theme {
        let loaded = tui::effect::load_themes();
        check_theme(name, &loaded.themes, &loaded.errors)?;
    }
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Failure::input(
            "the player needs a terminal (stdin and stdout must not be redirected)",
        ));
    }
    let env = ColorEnv::from_process();
    let depth = env.depth(ui.color);
    let settings = Settings {
        theme: ui.theme.clone(),
        ascii: ui.ascii,
        theme_glyphs: false,
        no_emoji: !term_has_emoji(env.term.as_deref()),
        depth,
    };
    let model = Model {
        open_in_proof: proof,
        ..Model::browser(settings)
    };
    tui::run(model, first, depth).map_err(|e| Failure::input(format!("terminal error: {e}")))
}

/// Refuses a theme name that no usable theme has: with the errors of the file of that name
/// (path, line and column) when there is one that could not be used — and those of the parent
/// it could not load — else with the list of names.
pub fn check_theme(name: &str, themes: &Themes, errors: &[ThemeError]) -> Result<(), Failure> {
    if themes.get(name).is_some() {
        return Ok(());
    }
    let located = errors_of(name, errors);
    if located.is_empty() {
        return Err(Failure::input(format!(
            "unknown theme `{name}`; themes: {}",
            themes.names().join(", ")
        )));
    }
    let located: Vec<String> = located.iter().map(ToString::to_string).collect();
    Err(Failure::input(format!(
        "theme `{name}` cannot be used: {}",
        located.join("; ")
    )))
}

/// The errors of the theme file called `name`, then of each broken parent up its chain.
fn errors_of<'a>(name: &str, errors: &'a [ThemeError]) -> Vec<&'a ThemeError> {
    let stem_is = |e: &ThemeError, n: &str| e.path.file_stem().is_some_and(|s| s == n);
    let mut found: Vec<&ThemeError> = Vec::new();
    let mut names = vec![name.to_string()];
    while let Some(n) = names.pop() {
        for e in errors.iter().filter(|e| stem_is(e, &n)) {
            if found.iter().any(|f| std::ptr::eq(*f, e)) {
                continue; // a parent cycle names a file twice
            }
            found.push(e);
            // A parent whose file could not be parsed is unknown; one that parsed but could
            // not be resolved is broken: either way its own errors say why.
            if let ThemeErrorKind::BrokenParent(parent) | ThemeErrorKind::UnknownParent(parent) =
                &e.kind
            {
                names.push(parent.clone());
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_themes_are_refused_with_the_list() {
        let themes = Themes::builtin();
        assert!(check_theme("mono", &themes, &[]).is_ok());
        let err = check_theme("neon", &themes, &[]).unwrap_err();
        assert_eq!(err.code, 2);
        assert!(
            err.message.contains("unknown theme `neon`"),
            "{}",
            err.message
        );
        assert!(
            err.message.contains("default, light, ansi16"),
            "{}",
            err.message
        );
    }

    #[test]
    fn a_broken_theme_file_is_refused_with_its_located_errors() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
        write(
            "broken.toml",
            "description = \"x\"\n[styles]\ncursor = { fg = \"nope\" }\n",
        );
        write("child.toml", "parent = \"broken\"\n");
        write("latin1.toml", "description = \"ok\"\n# caf\u{e9}\n");
        std::fs::write(dir.path().join("bytes.toml"), b"a = 1\n# caf\xe9\n").unwrap();
        let (themes, errors) = Themes::load(Some(dir.path()));
        let message = |name| check_theme(name, &themes, &errors).unwrap_err().message;

        let broken = message("broken");
        let file = dir.path().join("broken.toml");
        assert!(
            broken.starts_with(&format!(
                "theme `broken` cannot be used: {}:3:",
                file.display()
            )),
            "{broken}"
        );
        // The child's own line, then why its parent failed.
        let child = message("child");
        assert!(child.contains("child.toml:1:"), "{child}");
        assert!(child.contains("broken.toml:3:"), "{child}");
        // Bytes that are not UTF-8 are placed at the first bad one.
        let bytes = message("bytes");
        assert!(bytes.contains("bytes.toml:2:6: not UTF-8 text"), "{bytes}");
        assert!(check_theme("latin1", &themes, &errors).is_ok());
        assert!(message("neon").contains("unknown theme `neon`"));
    }
}
