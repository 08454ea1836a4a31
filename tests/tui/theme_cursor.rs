//! Every built-in theme, at every colour depth, shows the cursor on every square it can sit on:
//! the colour behind the square (after reverse video) changes, or without colour the reverse
//! video itself does. And every cue keeps a modifier without colour.

use gridpuzzles::theme::{ColorDepth, Role, Theme, Themes};
use ratatui::style::{Color, Modifier, Style};

const DEPTHS: [ColorDepth; 4] = [
    ColorDepth::TrueColor,
    ColorDepth::Ansi256,
    ColorDepth::Ansi16,
    ColorDepth::None,
];

/// The role lists the three games draw their squares with (`Look::square_look`).
const SQUARES: &[&[Role]] = &[
    &[Role::Empty],
    &[Role::Empty, Role::Tree],
    &[Role::Empty, Role::Tent],
    &[Role::Empty, Role::Grass],
    &[Role::Lit],
    &[Role::Lit, Role::Bulb],
    &[Role::Lit, Role::Mark],
    &[Role::Empty, Role::Mark],
    &[Role::Wall],
    &[Role::WallNumber],
    &[Role::Empty, Role::Black],
    &[Role::Empty, Role::White],
    &[Role::Empty, Role::Clue],
    &[Role::Empty, Role::Clue, Role::Dim],
    &[Role::Empty, Role::Black, Role::BlackSatisfied],
    &[Role::Empty, Role::White, Role::WhiteSatisfied],
];

/// What fills the cell behind the glyph: the background, or the foreground under reverse
/// video; `None` stands for the terminal's own default colour of that kind.
#[derive(Debug, PartialEq, Eq)]
enum Fill {
    Colour(Color),
    TerminalBackground,
    TerminalForeground,
}

fn fill(style: Style) -> Fill {
    let reversed = style.add_modifier.contains(Modifier::REVERSED)
        && !style.sub_modifier.contains(Modifier::REVERSED);
    let (colour, default) = if reversed {
        (style.fg, Fill::TerminalForeground)
    } else {
        (style.bg, Fill::TerminalBackground)
    };
    match colour {
        Some(Color::Reset) | None => default,
        Some(c) => Fill::Colour(c),
    }
}

/// The square's style without the cursor, as the board draws it.
fn square(theme: &Theme, roles: &[Role], hint: Option<Role>, error: bool) -> Style {
    let mut all = vec![Role::Background];
    all.extend_from_slice(roles);
    all.extend(hint);
    if error {
        all.push(Role::Error);
    }
    theme.layered(&all)
}

#[test]
fn the_cursor_changes_the_fill_of_every_square_in_every_theme() {
    let mut failures = Vec::new();
    for depth in DEPTHS {
        let themes = Themes::builtin().for_depth(depth);
        for theme in themes.iter() {
            for roles in SQUARES {
                for hint in [None, Some(Role::Hint), Some(Role::Premise)] {
                    for error in [false, true] {
                        let base = square(theme, roles, hint, error);
                        let with = theme.with_cursor(base);
                        if fill(base) == fill(with) {
                            failures.push(format!(
                                "{} at {depth}: {roles:?} hint {hint:?} error {error}: {:?}",
                                theme.name,
                                fill(base)
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "cursor invisible:\n{}",
        failures.join("\n")
    );
}

#[test]
fn without_colour_no_theme_writes_a_colour_and_every_cue_shows() {
    let themes = Themes::builtin().for_depth(ColorDepth::None);
    for theme in themes.iter() {
        for &role in Role::ALL {
            let style = theme.style(role);
            assert!(
                style.fg.is_none() && style.bg.is_none(),
                "{} {role}: {style:?}",
                theme.name
            );
        }
        let empty = square(theme, &[Role::Empty], None, false);
        for cue in [Role::Error, Role::Hint, Role::Premise] {
            let marked = empty.patch(theme.style(cue));
            assert_ne!(marked, empty, "{} {cue} invisible", theme.name);
        }
        let satisfied = theme.layered(&[Role::Clue, Role::Satisfied]);
        let open = theme.layered(&[Role::Clue, Role::Unsatisfied]);
        assert_ne!(satisfied, open, "{}: satisfied clues", theme.name);
        // A black Mosaic clue square differs from an empty one (the digit alone is the same).
        let black = square(theme, &[Role::Empty, Role::Black], None, false);
        let clue = square(theme, &[Role::Empty, Role::Clue], None, false);
        assert_ne!(fill(black), fill(clue), "{}: black clue", theme.name);
    }
}

#[test]
fn the_mono_theme_tells_black_clue_squares_from_empty_ones() {
    for depth in DEPTHS {
        let themes = Themes::builtin().for_depth(depth);
        let mono = themes.get("mono").expect("mono is built in");
        let black = square(mono, &[Role::Empty, Role::Black], None, false);
        let clue = square(mono, &[Role::Empty, Role::Clue], None, false);
        assert_ne!(fill(black), fill(clue), "at {depth}");
    }
}

#[test]
fn the_ansi16_theme_uses_only_named_colours() {
    let themes = Themes::builtin();
    let ansi = themes.get("ansi16").expect("ansi16 is built in");
    for &role in Role::ALL {
        let style = ansi.style(role);
        for colour in [style.fg, style.bg].into_iter().flatten() {
            assert!(
                !matches!(colour, Color::Rgb(..) | Color::Indexed(..)),
                "ansi16 {role}: {colour:?}"
            );
        }
    }
}
