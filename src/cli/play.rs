//! `play` and the bare `gridpuzzles`: the full-screen player, straight on one puzzle or on the
//! pack browser.

use std::io::IsTerminal;
use std::path::Path;

use super::args::PuzzleArgs;
use super::{Failure, Outcome};
use crate::game::Game;
use crate::games::AnyGame;
use crate::games::game_id::looks_like_tatham_id;
use crate::theme::{ColorChoice, ColorEnv, Themes};
use crate::tui::model::{OpenRequest, PuzzleRef};
use crate::tui::{self, Model, Msg, Settings, pack_view};

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
    let game = super::load::load(&args.puzzle, &args.options)?;
    let puzzle = puzzle_ref(&args.puzzle, &game);
    let first = vec![Msg::OpenPuzzle(OpenRequest { game, puzzle })];
    start(first, ui)
}

/// Runs `gridpuzzles` without a command: the pack browser.
pub fn run_default(ui: &UiOptions) -> Outcome {
    start(Vec::new(), ui)
}

/// The name a puzzle's progress is kept under, and its title on screen: a pack puzzle's name
/// (the one asked for, else the first pack puzzle that is the same puzzle, however it was
/// given), else a key made from the puzzle itself.
pub fn puzzle_ref(argument: &str, game: &AnyGame) -> PuzzleRef {
    let asked = if Path::new(argument).exists() || looks_like_tatham_id(argument) {
        None
    } else {
        pack_view::pack_name(argument)
    };
    let catalogue = pack_view::catalogue();
    let same: Vec<&pack_view::PackItem> = catalogue
        .iter()
        .filter(|item| item.game.as_ref() == Ok(game))
        .collect();
    let item = same
        .iter()
        .find(|item| Some(&item.name) == asked.as_ref())
        .or_else(|| same.first());
    match item {
        Some(item) => PuzzleRef::saved(item.name.clone(), item.name.clone()),
        None => PuzzleRef::saved(custom_key(game), short_title(argument)),
    }
}

/// Longest title shown for a file or game ID.
const MAX_TITLE: usize = 28;

/// A file's name without its folders, or a game ID, cut to [`MAX_TITLE`] characters.
fn short_title(argument: &str) -> String {
    let path = Path::new(argument);
    let name = match path.file_name() {
        Some(name) if path.exists() => name.to_string_lossy().into_owned(),
        _ => argument.to_string(),
    };
    if name.chars().count() <= MAX_TITLE {
        name
    } else {
        let cut: String = name.chars().take(MAX_TITLE - 1).collect();
        format!("{cut}…")
    }
}

/// `custom/<game>/<Tatham ID of the clues> (<options>)`: the same puzzle from a file or an ID,
/// with the same options, shares its progress.
pub fn custom_key(game: &AnyGame) -> String {
    crate::with_game!(game, g => format!(
        "custom/{}/{} ({})",
        game.kind().id(),
        g.cleared().to_tatham_id(),
        g.options_summary()
    ))
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
    let depth = ColorEnv::from_process().depth(ui.color);
    let settings = Settings {
        theme: ui.theme.clone(),
        ascii: ui.ascii,
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
    use crate::game::GameKind;

    #[test]
    fn pack_puzzles_keep_their_pack_name_and_others_a_key_of_their_own() {
        let tents = AnyGame::default_for(GameKind::Tents);
        let short = puzzle_ref("tents/default", &tents);
        assert_eq!(short.key.as_deref(), Some("tents/default-2020"));
        assert_eq!(short.title, "tents/default-2020");
        // The pack's Light Up puzzle, given by its game ID, is still the pack puzzle.
        let id = "7x7:b1f2iB2g1Bi2fBb";
        let lightup = AnyGame::from_tatham_id(id, None).unwrap();
        assert_eq!(
            puzzle_ref(id, &lightup).key.as_deref(),
            Some("lightup/default")
        );
        let other = "2x2:aB1a";
        let small = AnyGame::from_tatham_id(other, None).unwrap();
        let by_id = puzzle_ref(other, &small);
        assert_eq!(
            by_id.key.as_deref(),
            Some("custom/lightup/2x2:aB1a (no wrapping)")
        );
        assert_eq!(by_id.title, other);
        let long = "8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3";
        assert_eq!(short_title(long), "8x8:_d_oaaien_b_a,3,0,2,1,2…");
        assert_eq!(short_title("Cargo.toml"), "Cargo.toml");
        let changed = lightup
            .with_overrides(&crate::game::Overrides {
                wrapping: Some(true),
                ..Default::default()
            })
            .unwrap();
        let key = puzzle_ref("lightup/default", &changed).key.unwrap();
        assert!(key.starts_with("custom/lightup/"), "{key}");
        assert!(key.ends_with("(wrapping)"), "{key}");
    }

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
