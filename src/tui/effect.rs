//! Side effects `update` asks for; the loop performs them and feeds results back as messages.

use std::sync::Arc;
use std::sync::mpsc::Sender;

use super::msg::{LoadedThemes, Msg};
use crate::game::Game;
use crate::games::AnyGame;
use crate::games::any::IntoAny;
use crate::theme::Themes;

/// Something only the loop around `update` may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Leave the program, restoring the terminal.
    Quit,
    /// Read the built-in and user themes; answered by [`Msg::ThemesLoaded`].
    LoadThemes,
    /// Solve this puzzle away from the loop (a solver may take a while); answered by
    /// [`Msg::Solved`].
    Solve(AnyGame),
}

/// What the loop performs before the first frame.
pub const STARTUP: &[Effect] = &[Effect::LoadThemes];

/// Reads built-in themes and the user's theme folder (`GRIDPUZZLES_HOME/themes` or the
/// platform's config folder).
pub fn load_themes() -> LoadedThemes {
    let dir = crate::paths::user_themes_dir();
    let (themes, errors) = Themes::load(dir.as_deref());
    LoadedThemes {
        themes: Arc::new(themes),
        errors,
    }
}

/// The first solution of a puzzle of any game.
pub fn solve_any(puzzle: &AnyGame) -> Option<AnyGame> {
    crate::with_game!(puzzle, g => g.solve().map(IntoAny::into_any))
}

/// Performs one effect; its result arrives on `outbox` as a message: at once for quick work,
/// later from a worker thread for solving. `Quit` is left to the loop, which stops.
pub fn perform(effect: &Effect, outbox: &Sender<Msg>) {
    match effect {
        Effect::Quit => {}
        Effect::LoadThemes => {
            // A closed outbox means the loop is gone: nobody is left to tell.
            let _ = outbox.send(Msg::ThemesLoaded(load_themes()));
        }
        Effect::Solve(puzzle) => {
            let puzzle = puzzle.clone();
            let outbox = outbox.clone();
            std::thread::spawn(move || {
                let solution = solve_any(&puzzle);
                let _ = outbox.send(Msg::Solved { puzzle, solution });
            });
        }
    }
}
