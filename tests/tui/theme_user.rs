//! User themes: a folder of TOML files adds themes and overrides built-ins by name.

use std::fs;

use gridpuzzles::theme::{GlyphSet, Origin, Role, Themes, theme_listing};
use ratatui::style::{Color, Modifier};

fn write(dir: &tempfile::TempDir, name: &str, text: &str) {
    fs::write(dir.path().join(name), text).unwrap();
}

#[test]
fn user_theme_overrides_a_builtin_by_name_and_adds_new_ones() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir,
        "light.toml",
        "description = \"My light\"\n[styles]\ntext = { fg = \"#010203\" }\n",
    );
    write(&dir, "zebra.toml", "description = \"Stripes\"\n");
    write(
        &dir,
        "aurora.toml",
        "description = \"Glow\"\nglyphs = \"ascii\"\n",
    );
    write(&dir, "notes.txt", "not a theme");
    let (themes, errors) = Themes::load(Some(dir.path()));
    assert!(errors.is_empty(), "{errors:?}");

    // Built-ins keep their fixed order (the override takes light's slot), then user themes A-Z.
    assert_eq!(
        themes.names(),
        vec![
            "default",
            "light",
            "ansi16",
            "high-contrast",
            "mono",
            "ascii",
            "aurora",
            "zebra"
        ]
    );
    let light = themes.get("light").unwrap();
    assert_eq!(
        light.origin,
        Origin::UserOverride(dir.path().join("light.toml"))
    );
    assert_eq!(light.description, "My light");
    assert_eq!(light.style(Role::Text).fg, Some(Color::Rgb(1, 2, 3)));
    // Without a parent, the rest comes from default, not from the built-in light it replaced.
    let default = themes.default_theme();
    assert_eq!(
        light.style(Role::Background),
        default.style(Role::Background)
    );

    let aurora = themes.get("aurora").unwrap();
    assert_eq!(aurora.origin, Origin::User(dir.path().join("aurora.toml")));
    assert_eq!(aurora.glyphs, GlyphSet::Ascii);
    assert_eq!(themes.get("zebra").unwrap().glyphs, GlyphSet::Emoji);

    let listing = theme_listing(&themes);
    let line = |name: &str| {
        listing
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap()
            .to_string()
    };
    assert!(
        line("light").contains("My light [user override: "),
        "{listing}"
    );
    assert!(line("aurora").contains("Glow [user: "), "{listing}");
    assert!(!line("default").contains("[user"), "{listing}");
    assert_eq!(listing.lines().count(), 8);
}

#[test]
fn a_user_override_can_tweak_the_builtin_it_replaces() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir,
        "light.toml",
        "parent = \"light\"\n[styles]\ncursor = { bg = \"blue\", add_modifier = \"REVERSED\" }\n",
    );
    let builtin = Themes::builtin();
    let builtin_light = builtin.get("light").unwrap();
    let (themes, errors) = Themes::load(Some(dir.path()));
    assert!(errors.is_empty(), "{errors:?}");
    let light = themes.get("light").unwrap();
    assert!(light.is_user_override());
    assert_eq!(light.style(Role::Cursor).bg, Some(Color::Blue));
    assert_eq!(
        light.style(Role::Background),
        builtin_light.style(Role::Background)
    );
    assert_eq!(light.style(Role::Tent), builtin_light.style(Role::Tent));
}

#[test]
fn inheritance_follows_parent_chains_then_default() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir,
        "base.toml",
        "parent = \"mono\"\nglyphs = \"ascii\"\n[styles]\ntent = { fg = \"cyan\" }\n",
    );
    write(
        &dir,
        "child.toml",
        "parent = \"base\"\n[styles]\ntree = { fg = \"green\" }\n",
    );
    write(&dir, "orphan.toml", "[styles]\ntree = { fg = \"green\" }\n");
    let (themes, errors) = Themes::load(Some(dir.path()));
    assert!(errors.is_empty(), "{errors:?}");
    let mono = themes.get("mono").unwrap();
    let default = themes.default_theme();

    let child = themes.get("child").unwrap();
    assert_eq!(child.style(Role::Tree).fg, Some(Color::Green)); // its own
    assert_eq!(child.style(Role::Tent).fg, Some(Color::Cyan)); // from base
    assert_eq!(child.style(Role::Cursor), mono.style(Role::Cursor)); // from mono
    assert_eq!(child.glyphs, GlyphSet::Ascii); // glyph set inherited too
    assert_eq!(child.description, "");

    let orphan = themes.get("orphan").unwrap();
    assert_eq!(orphan.style(Role::Tree).fg, Some(Color::Green));
    assert_eq!(orphan.style(Role::Cursor), default.style(Role::Cursor));
    assert_eq!(orphan.glyphs, default.glyphs);
}

#[test]
fn a_role_given_replaces_the_parents_style_whole() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir,
        "plain.toml",
        "[styles]\ncursor = { add_modifier = \"UNDERLINED\" }\n",
    );
    let (themes, errors) = Themes::load(Some(dir.path()));
    assert!(errors.is_empty(), "{errors:?}");
    let cursor = themes.get("plain").unwrap().style(Role::Cursor);
    assert_eq!((cursor.fg, cursor.bg), (None, None));
    assert_eq!(cursor.add_modifier, Modifier::UNDERLINED);
}

#[test]
fn a_user_default_changes_what_other_themes_fall_back_to() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir,
        "default.toml",
        "glyphs = \"ascii\"\n[styles]\ngrid = { fg = \"magenta\" }\n",
    );
    write(&dir, "mine.toml", "description = \"Mine\"\n");
    let builtin = Themes::builtin();
    let (themes, errors) = Themes::load(Some(dir.path()));
    assert!(errors.is_empty(), "{errors:?}");
    let default = themes.default_theme();
    assert!(default.is_user_override());
    assert_eq!(default.style(Role::Grid).fg, Some(Color::Magenta));
    // Roles the user default leaves out come from the built-in default.
    assert_eq!(
        default.style(Role::Tent),
        builtin.default_theme().style(Role::Tent)
    );
    let mine = themes.get("mine").unwrap();
    assert_eq!(mine.style(Role::Grid).fg, Some(Color::Magenta));
    assert_eq!(mine.glyphs, GlyphSet::Ascii);
    // The ascii built-in names default as parent and so picks up the user's grid colour too.
    assert_eq!(
        themes.get("ascii").unwrap().style(Role::Grid).fg,
        Some(Color::Magenta)
    );
}

#[test]
fn next_after_cycles_through_user_themes_too() {
    let dir = tempfile::tempdir().unwrap();
    write(&dir, "b.toml", "");
    write(&dir, "a.toml", "");
    let (themes, _) = Themes::load(Some(dir.path()));
    let mut name = "default".to_string();
    let mut visited = Vec::new();
    for _ in 0..themes.len() {
        visited.push(name.clone());
        name = themes.next_after(&name).name.clone();
    }
    assert_eq!(name, "default");
    assert_eq!(visited, themes.names());
    assert_eq!(&visited[6..], ["a", "b"]);
}

#[test]
fn with_glyphs_forces_ascii_without_touching_styles() {
    let themes = Themes::builtin();
    let default = themes.default_theme();
    let forced = default.with_glyphs(GlyphSet::Ascii);
    assert_eq!(forced.glyphs, GlyphSet::Ascii);
    assert_eq!(forced.style(Role::Tent), default.style(Role::Tent));
    assert_eq!(forced.glyph(gridpuzzles::theme::Symbol::Tent), "/\\");
    assert_eq!(default.glyph(gridpuzzles::theme::Symbol::Tent), "⛺");
}
