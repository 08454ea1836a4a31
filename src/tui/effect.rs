//! Side effects `update` asks for; the loop performs them and feeds results back as messages.

use std::sync::Arc;

use super::msg::{LoadedThemes, Msg};
use crate::theme::Themes;

/// Something only the loop around `update` may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Leave the program, restoring the terminal.
    Quit,
    /// Read the built-in and user themes; answered by [`Msg::ThemesLoaded`].
    LoadThemes,
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

/// Performs one effect; returns the message that reports its result, if any. `Quit` is left to
/// the loop, which stops.
pub fn perform(effect: &Effect) -> Option<Msg> {
    match effect {
        Effect::Quit => None,
        Effect::LoadThemes => Some(Msg::ThemesLoaded(load_themes())),
    }
}
