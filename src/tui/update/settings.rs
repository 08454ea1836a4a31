//! Themes and saved settings: loading them, switching theme and glyphs, saving the choice.

use std::sync::Arc;

use crate::progress::{Loaded, Settings as StoredSettings};
use crate::tui::effect::Effect;
use crate::tui::model::{Message, Model};
use crate::tui::msg::{LoadedKeys, LoadedThemes};

/// Takes the loaded themes, keeping the theme in use (or the one asked for on the command
/// line, else the saved one) when it exists.
pub fn apply_themes(model: &mut Model, loaded: LoadedThemes) {
    model.themes = Arc::new(loaded.themes.for_depth(model.settings.depth));
    let wanted = model
        .settings
        .theme
        .clone()
        .or_else(|| model.stored.theme.clone())
        .unwrap_or_else(|| model.theme_name.clone());
    let mut notices = Vec::new();
    if let Some(first) = loaded.errors.first() {
        let more = match loaded.errors.len() - 1 {
            0 => String::new(),
            n => format!(" (and {n} more)"),
        };
        notices.push(format!("theme error: {first}{more}"));
    }
    if model.themes.get(&wanted).is_some() {
        model.theme_name = wanted;
    } else {
        model.theme_name = model.themes.default_theme().name.clone();
        notices.push(format!(
            "unknown theme `{wanted}`; themes: {}",
            model.themes.names().join(", ")
        ));
    }
    if !notices.is_empty() {
        notices.push(format!("using {}", model.theme_name));
        add_notice(model, notices.join("; "));
    }
}

/// Takes the key bindings read from keys.toml; a file with problems was not used: says where
/// the first one is (and how many more there are).
pub fn apply_keys(model: &mut Model, loaded: LoadedKeys) {
    model.keys = loaded.keys;
    if let Some(first) = loaded.errors.first() {
        let more = match loaded.errors.len() - 1 {
            0 => String::new(),
            n => format!(" (and {n} more)"),
        };
        add_notice(
            model,
            format!("keys error: {first}{more}; using the default keys"),
        );
    }
}

/// Takes the saved settings: the saved theme unless the command line chose one, ASCII glyphs
/// if either asks for them. An unreadable file was set aside: say so.
pub fn apply_saved(model: &mut Model, loaded: Result<Loaded<StoredSettings>, String>) {
    match loaded {
        Err(e) => add_notice(model, format!("settings not read: {e}")),
        Ok(Loaded::Missing) => {}
        Ok(Loaded::SetAside {
            moved_to, reason, ..
        }) => add_notice(
            model,
            format!(
                "settings file unreadable ({reason}); moved to {}; using the defaults",
                moved_to.display()
            ),
        ),
        Ok(Loaded::Found(saved)) => {
            model.settings.ascii |= saved.ascii;
            model.settings.theme_glyphs |= saved.theme_glyphs;
            if model.settings.theme.is_none()
                && let Some(name) = &saved.theme
            {
                if model.themes.get(name).is_some() {
                    model.theme_name = name.clone();
                } else {
                    let text =
                        format!("saved theme `{name}` not found; using {}", model.theme_name);
                    add_notice(model, text);
                }
            }
            model.stored = saved;
        }
    }
}

/// Switches to the next theme and saves the choice.
pub fn next_theme(model: &mut Model, effects: &mut Vec<Effect>) {
    let theme = model.themes.next_after(&model.theme_name);
    model.message = Some(Message::info(format!(
        "theme {}: {}",
        theme.name, theme.description
    )));
    model.theme_name = theme.name.clone();
    model.stored.theme = Some(model.theme_name.clone());
    effects.push(Effect::SaveSettings(model.stored.clone()));
}

/// Switches between the theme's glyphs and ASCII, and saves the choice. Only a choice that
/// differs from what the terminal gets by itself is kept: ASCII where it has emoji, the theme's
/// glyphs where it has none; switching back forgets it, so the saved settings still suit
/// another terminal.
pub fn toggle_ascii(model: &mut Model, effects: &mut Vec<Effect>) {
    let ascii = !model.ascii_chosen();
    let no_emoji = model.settings.no_emoji;
    model.settings.ascii = ascii && !no_emoji;
    model.settings.theme_glyphs = !ascii && no_emoji;
    model.stored.ascii = model.settings.ascii;
    model.stored.theme_glyphs = model.settings.theme_glyphs;
    let key = model.key_name(&crate::tui::msg::Msg::ToggleAscii);
    let text = if ascii {
        format!("ASCII glyphs: {key} switches back")
    } else {
        format!("theme glyphs: {key} switches to ASCII")
    };
    model.message = Some(Message::info(text));
    effects.push(Effect::SaveSettings(model.stored.clone()));
}

/// Adds a warning to the lasting notice.
pub fn add_notice(model: &mut Model, text: String) {
    let text = match &model.notice {
        Some(old) => format!("{}; {text}", old.text),
        None => text,
    };
    model.notice = Some(Message::warning(text));
}
