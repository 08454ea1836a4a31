//! `play` and the bare `gridpuzzles`: the full-screen player, straight on one puzzle or on the
//! pack browser.

use std::io::IsTerminal;

use super::args::PuzzleArgs;
use super::{Failure, Outcome};
use crate::theme::{ColorChoice, ColorEnv, Themes, term_has_emoji};
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
pub fn run(args: &PuzzleArgs, ui: &UiOptions) -> Outcome {
    let read = super::load::load_with_origin(&args.puzzle, &args.options)?;
    let puzzle = puzzle_ref(&args.puzzle, &read.game, read.made);
    let game = read.game;
    let first = vec![Msg::OpenPuzzle(OpenRequest { game, puzzle })];
    start(first, ui)
}

/// Runs `gridpuzzles` without a command: the pack browser.
pub fn run_default(ui: &UiOptions) -> Outcome {
    start(Vec::new(), ui)
}

fn start(first: Vec<Msg>, ui: &UiOptions) -> Outcome {
    if let Some(name) = &ui.theme {
        check_theme(name, &tui::effect::load_themes().themes)?;
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
    tui::run(Model::browser(settings), first, depth)
        .map_err(|e| Failure::input(format!("terminal error: {e}")))
}

/// Refuses a theme name that no theme has, listing the names.
pub fn check_theme(name: &str, themes: &Themes) -> Result<(), Failure> {
    match themes.get(name) {
        Some(_) => Ok(()),
        None => Err(Failure::input(format!(
            "unknown theme `{name}`; themes: {}",
            themes.names().join(", ")
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_themes_are_refused_with_the_list() {
        let themes = Themes::builtin();
        assert!(check_theme("mono", &themes).is_ok());
        let err = check_theme("neon", &themes).unwrap_err();
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
}
