//! Where the player's files live: `GRIDPUZZLES_HOME` when set, else the platform's folders.

use std::path::PathBuf;

/// The environment variable that moves every user file (tests point it at a temp dir).
pub use crate::progress::HOME_ENV;

/// The folder for user themes: `$GRIDPUZZLES_HOME/themes`, else `<config dir>/themes`.
pub fn user_themes_dir() -> Option<PathBuf> {
    themes_dir_from(std::env::var_os(HOME_ENV).map(PathBuf::from))
}

/// [`user_themes_dir`] with the environment value passed in (pure, for tests).
pub fn themes_dir_from(home: Option<PathBuf>) -> Option<PathBuf> {
    match home {
        Some(home) if !home.as_os_str().is_empty() => Some(home.join("themes")),
        _ => directories::ProjectDirs::from("", "", "gridpuzzles")
            .map(|d| d.config_dir().join("themes")),
    }
}

/// The player's key bindings: `$GRIDPUZZLES_HOME/keys.toml`, else `<config dir>/keys.toml`.
pub fn keys_file() -> Option<PathBuf> {
    keys_file_from(std::env::var_os(HOME_ENV).map(PathBuf::from))
}

/// [`keys_file`] with the environment value passed in (pure, for tests).
pub fn keys_file_from(home: Option<PathBuf>) -> Option<PathBuf> {
    let file = crate::tui::keys::KEYS_FILE;
    match home {
        Some(home) if !home.as_os_str().is_empty() => Some(home.join(file)),
        _ => {
            directories::ProjectDirs::from("", "", "gridpuzzles").map(|d| d.config_dir().join(file))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn home_variable_moves_the_themes_folder() {
        assert_eq!(
            themes_dir_from(Some(PathBuf::from("/tmp/gp"))),
            Some(PathBuf::from("/tmp/gp/themes"))
        );
        assert_eq!(
            keys_file_from(Some(PathBuf::from("/tmp/gp"))),
            Some(PathBuf::from("/tmp/gp/keys.toml"))
        );
    }
}
