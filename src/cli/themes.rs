//! `themes`: the available colour themes, built-in and the user's.

use super::{Outcome, emit};
use crate::theme::{Themes, theme_listing};

/// Runs `themes`: lists every theme; broken user theme files are reported on stderr.
pub fn run() -> Outcome {
    let dir = crate::paths::user_themes_dir();
    let (themes, errors) = Themes::load(dir.as_deref());
    for e in &errors {
        eprintln!("gridpuzzles: {e} (skipped)");
    }
    emit(None, &theme_listing(&themes))
}
