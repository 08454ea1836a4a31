//! The shipped themes: they parse, resolve, and keep their promises (ANSI-only, no colour, …).

use gridpuzzles::theme::{
    BUILTIN_THEMES, GlyphSet, Origin, Role, Theme, Themes, builtin_raw_themes, theme_listing,
};
use ratatui::style::{Color, Modifier, Style};

fn colours(style: Style) -> Vec<Color> {
    [style.fg, style.bg].into_iter().flatten().collect()
}

fn builtin(name: &str) -> Theme {
    Themes::builtin().get(name).unwrap().clone()
}

#[test]
fn every_shipped_theme_parses_and_resolves_without_error() {
    let (themes, errors) = Themes::load(None);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        themes.names(),
        vec![
            "default",
            "light",
            "ansi16",
            "high-contrast",
            "mono",
            "ascii"
        ]
    );
    assert_eq!(themes.len(), BUILTIN_THEMES.len());
    for theme in themes.iter() {
        assert_eq!(theme.origin, Origin::Builtin);
        assert!(
            !theme.description.is_empty(),
            "{} has no description",
            theme.name
        );
    }
}

#[test]
fn complete_themes_style_every_role_in_their_own_file() {
    // These must not borrow anything from another theme (ansi16 and mono would get 24-bit
    // colours from default; light and high-contrast would look half dark).
    let (raws, errors) = builtin_raw_themes();
    assert!(errors.is_empty(), "{errors:?}");
    for raw in raws.iter().filter(|r| r.name != "ascii") {
        for &role in Role::ALL {
            assert!(raw.style(role).is_some(), "{} lacks {role}", raw.name);
        }
        assert!(raw.parent.is_none(), "{} should stand alone", raw.name);
    }
}

#[test]
fn ansi16_uses_only_the_sixteen_named_colours() {
    let theme = builtin("ansi16");
    let mut seen = 0;
    for &role in Role::ALL {
        for colour in colours(theme.style(role)) {
            seen += 1;
            assert!(
                !matches!(colour, Color::Rgb(..) | Color::Indexed(_)),
                "ansi16 {role} uses {colour:?}"
            );
        }
    }
    assert!(
        seen > 20,
        "ansi16 should still be coloured, saw {seen} colours"
    );
}

#[test]
fn mono_uses_no_colour_at_all() {
    let theme = builtin("mono");
    for &role in Role::ALL {
        assert_eq!(colours(theme.style(role)), vec![], "mono {role}");
    }
}

#[test]
fn cursor_and_errors_carry_a_modifier_in_every_theme() {
    for theme in Themes::builtin().iter() {
        let cursor = theme.style(Role::Cursor).add_modifier;
        assert!(cursor.contains(Modifier::REVERSED), "{} cursor", theme.name);
        for role in [Role::Error, Role::Exceeded] {
            let m = theme.style(role).add_modifier;
            assert!(
                m.contains(Modifier::BOLD | Modifier::UNDERLINED),
                "{} {role}: {m:?}",
                theme.name
            );
        }
    }
}

// The cursor's visibility on every square, at every colour depth: tests/tui/theme_cursor.rs.

#[test]
fn error_stays_visible_under_the_cursor() {
    for theme in Themes::builtin().iter() {
        let style = theme.layered(&[Role::Empty, Role::Tent, Role::Error, Role::Cursor]);
        assert!(
            style
                .add_modifier
                .contains(Modifier::UNDERLINED | Modifier::REVERSED),
            "{}",
            theme.name
        );
    }
}

#[test]
fn high_contrast_never_uses_pure_red_or_green_for_states() {
    let theme = builtin("high-contrast");
    let reddish_or_greenish = |c: Color| match c {
        Color::Red | Color::Green | Color::LightRed | Color::LightGreen => true,
        Color::Rgb(r, g, b) => {
            let (r, g, b) = (i32::from(r), i32::from(g), i32::from(b));
            (r > 150 && g < 80 && b < 80) || (g > 150 && r < 80 && b < 80)
        }
        _ => false,
    };
    for role in [
        Role::Error,
        Role::Exceeded,
        Role::Satisfied,
        Role::Unsatisfied,
    ] {
        for colour in colours(theme.style(role)) {
            assert!(!reddish_or_greenish(colour), "{role} uses {colour:?}");
        }
    }
}

#[test]
fn ascii_theme_is_default_with_ascii_glyphs() {
    let themes = Themes::builtin();
    let ascii = themes.get("ascii").unwrap();
    let default = themes.default_theme();
    assert_eq!(ascii.glyphs, GlyphSet::Ascii);
    assert_eq!(default.glyphs, GlyphSet::Emoji);
    for &role in Role::ALL {
        assert_eq!(ascii.style(role), default.style(role), "{role}");
    }
}

#[test]
fn shipped_styles_are_in_ratatuis_own_serde_format() {
    // Each [styles] entry deserialises as a ratatui `Style` to exactly what the theme resolved.
    let raws = builtin_raw_themes().0;
    for (name, text) in BUILTIN_THEMES {
        let raw = raws.iter().find(|r| r.name == *name).unwrap();
        let table: toml::Table = toml::from_str(text).unwrap();
        let Some(styles) = table.get("styles").and_then(|s| s.as_table()) else {
            continue;
        };
        for (key, value) in styles {
            let direct: Style = value.clone().try_into().unwrap();
            let role = Role::from_key(key).unwrap();
            assert_eq!(Some(direct), raw.style(role), "{name} {key}");
        }
    }
}

#[test]
fn next_after_cycles_through_every_theme_and_back() {
    let themes = Themes::builtin();
    let mut name = themes.default_theme().name.clone();
    let mut visited = vec![name.clone()];
    for _ in 1..themes.len() {
        name = themes.next_after(&name).name.clone();
        visited.push(name.clone());
    }
    assert_eq!(visited, themes.names());
    assert_eq!(themes.next_after(&name).name, "default");
    assert_eq!(themes.next_after("no such theme").name, "default");
}

#[test]
fn listing_has_one_aligned_line_per_theme() {
    let listing = theme_listing(&Themes::builtin());
    let lines: Vec<&str> = listing.lines().collect();
    assert_eq!(lines.len(), 6);
    assert!(lines[0].starts_with("default        Dark"), "{}", lines[0]);
    assert!(
        lines[3].starts_with("high-contrast  High contrast"),
        "{}",
        lines[3]
    );
    assert!(!listing.contains("[user"));
}

#[test]
fn layered_later_roles_win() {
    let theme = builtin("default");
    let style = theme.layered(&[Role::Empty, Role::Tent]);
    assert_eq!(style.bg, theme.style(Role::Empty).bg);
    assert_eq!(style.fg, theme.style(Role::Tent).fg);
    assert_eq!(theme.layered(&[]), Style::new());
}
