//! `play` and the bare `gridpuzzles`: the full-screen player on one puzzle.

use std::io::IsTerminal;

use super::args::PuzzleArgs;
use super::{Failure, Outcome};
use crate::game::GameKind;
use crate::games::AnyGame;
use crate::theme::Themes;
use crate::tui::{self, Model, Settings};

/// The player's command-line options (global: `--theme`, `--ascii`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UiOptions {
    /// `--theme NAME`.
    pub theme: Option<String>,
    /// `--ascii`.
    pub ascii: bool,
}

/// Runs `play PUZZLE`.
pub fn run(args: &PuzzleArgs, ui: &UiOptions) -> Outcome {
    let game = super::load::load(&args.puzzle, &args.options)?;
    start(game, ui)
}

/// Runs `gridpuzzles` without a command: the course's default Tents game, until the pack
/// browser exists.
pub fn run_default(ui: &UiOptions) -> Outcome {
    start(AnyGame::default_for(GameKind::Tents), ui)
}

fn start(game: AnyGame, ui: &UiOptions) -> Outcome {
    if let Some(name) = &ui.theme {
        check_theme(name, &tui::effect::load_themes().themes)?;
    }
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Failure::input(
            "the player needs a terminal (stdin and stdout must not be redirected)",
        ));
    }
    let settings = Settings {
        theme: ui.theme.clone(),
        ascii: ui.ascii,
    };
    tui::run(Model::new(game, settings))
        .map_err(|e| Failure::input(format!("terminal error: {e}")))?;
    Ok(0)
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
