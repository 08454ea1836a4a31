//! The terminal's colour depth and themes brought down to it: 24-bit colours become the nearest
//! of 256, or the one of the 16 named colours with their hue or grey, and without colour every
//! colour is removed while each cue (cursor, errors, satisfied clues, hints, …) keeps a modifier
//! that survives.

use std::fmt;

use ratatui::style::{Color, Modifier, Style};

use super::{Role, Theme, Themes};

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ColorDepth {
    /// No colour at all (`NO_COLOR`, `--color never`, `TERM=dumb`): modifiers only.
    None,
    /// The 16 named ANSI colours.
    Ansi16,
    /// The 256-colour palette.
    Ansi256,
    /// 24-bit colour.
    #[default]
    TrueColor,
}

/// The `--color` choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColorChoice {
    /// Colour as the environment says (`NO_COLOR`, `COLORTERM`, `TERM`).
    #[default]
    Auto,
    /// Colour even under `NO_COLOR`, at the depth `COLORTERM`/`TERM` give (16 at least).
    Always,
    /// No colour.
    Never,
}

impl fmt::Display for ColorDepth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ColorDepth::None => "no colour",
            ColorDepth::Ansi16 => "16 colours",
            ColorDepth::Ansi256 => "256 colours",
            ColorDepth::TrueColor => "24-bit colour",
        })
    }
}

/// The colour-related environment, read once by the binary and passed in (tests give their own).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ColorEnv {
    /// `NO_COLOR`, when set.
    pub no_color: Option<String>,
    /// `COLORTERM`, when set.
    pub colorterm: Option<String>,
    /// `TERM`, when set.
    pub term: Option<String>,
}

impl ColorEnv {
    /// The process's environment.
    pub fn from_process() -> ColorEnv {
        ColorEnv {
            no_color: std::env::var("NO_COLOR").ok(),
            colorterm: std::env::var("COLORTERM").ok(),
            term: std::env::var("TERM").ok(),
        }
    }

    /// Whether `NO_COLOR` asks for no colour (set and not empty, as no-color.org says).
    pub fn no_color(&self) -> bool {
        self.no_color.as_deref().is_some_and(|v| !v.is_empty())
    }

    /// The depth the terminal claims: `COLORTERM=truecolor|24bit`, else `TERM` (`*-direct`,
    /// `*256color*`, `dumb`), else 16 colours.
    pub fn terminal_depth(&self) -> ColorDepth {
        let colorterm = self.colorterm.as_deref().unwrap_or("").to_ascii_lowercase();
        if colorterm.contains("truecolor") || colorterm.contains("24bit") {
            return ColorDepth::TrueColor;
        }
        let term = self.term.as_deref().unwrap_or("").to_ascii_lowercase();
        if term.ends_with("-direct") || term.contains("truecolor") {
            ColorDepth::TrueColor
        } else if term.contains("256") {
            ColorDepth::Ansi256
        } else if term == "dumb" {
            ColorDepth::None
        } else {
            ColorDepth::Ansi16
        }
    }

    /// The depth to draw with, given the `--color` choice.
    pub fn depth(&self, choice: ColorChoice) -> ColorDepth {
        match choice {
            ColorChoice::Never => ColorDepth::None,
            ColorChoice::Auto if self.no_color() => ColorDepth::None,
            ColorChoice::Auto => self.terminal_depth(),
            ColorChoice::Always => self.terminal_depth().max(ColorDepth::Ansi16),
        }
    }
}

/// The modifiers a role keeps when there is no colour, so every cue still shows; the cursor's
/// reverse video is toggled over squares that are already reversed (see [`Theme::with_cursor`]).
/// White Mosaic squares are italic rather than dim, so a satisfied (dimmed) white clue still
/// differs from an open one.
pub fn no_colour_modifiers(role: Role) -> Modifier {
    match role {
        Role::Cursor | Role::Selected => Modifier::REVERSED | Modifier::BOLD,
        Role::Error | Role::Exceeded => Modifier::BOLD | Modifier::UNDERLINED,
        Role::Satisfied
        | Role::Dim
        | Role::Grass
        | Role::HistoryUndone
        | Role::BlackSatisfied
        | Role::WhiteSatisfied => Modifier::DIM,
        Role::Hint => Modifier::UNDERLINED | Modifier::SLOW_BLINK,
        Role::Premise | Role::White => Modifier::ITALIC,
        Role::Black | Role::Status | Role::Banner => Modifier::REVERSED,
        Role::Clue
        | Role::Tent
        | Role::Bulb
        | Role::Wall
        | Role::WallNumber
        | Role::HistoryCurrent
        | Role::Title => Modifier::BOLD,
        Role::Background
        | Role::Text
        | Role::Grid
        | Role::Unsatisfied
        | Role::Lit
        | Role::Tree
        | Role::Empty
        | Role::Mark
        | Role::KeyBar => Modifier::empty(),
    }
}

/// The RGB value the xterm palette gives a named or indexed colour (`None` for `Reset`).
pub(crate) fn rgb_of(color: Color) -> Option<(u8, u8, u8)> {
    let index = match color {
        Color::Reset => return None,
        Color::Rgb(r, g, b) => return Some((r, g, b)),
        Color::Indexed(i) => i,
        named => named_index(named)?,
    };
    Some(ansi_colours::rgb_from_ansi256(index))
}

/// The palette index (0–15) of a named colour.
pub fn named_index(color: Color) -> Option<u8> {
    NAMED.iter().position(|&c| c == color).map(|i| i as u8)
}

/// The 16 named colours in palette order (0–15).
const NAMED: [Color; 16] = [
    Color::Black,
    Color::Red,
    Color::Green,
    Color::Yellow,
    Color::Blue,
    Color::Magenta,
    Color::Cyan,
    Color::Gray,
    Color::DarkGray,
    Color::LightRed,
    Color::LightGreen,
    Color::LightYellow,
    Color::LightBlue,
    Color::LightMagenta,
    Color::LightCyan,
    Color::White,
];

/// `color` as the terminal of `depth` can show it: the nearest of 256 colours, the named
/// colour of its hue or its grey of 16, `None` without colour.
pub fn downgrade(color: Color, depth: ColorDepth) -> Option<Color> {
    match (depth, color) {
        (ColorDepth::None, _) => None,
        (_, Color::Reset) | (ColorDepth::TrueColor, _) => Some(color),
        (ColorDepth::Ansi256, Color::Rgb(r, g, b)) => {
            Some(Color::Indexed(ansi_colours::ansi256_from_rgb((r, g, b))))
        }
        (ColorDepth::Ansi256, _) => Some(color),
        (ColorDepth::Ansi16, Color::Indexed(i)) if i < 16 => Some(NAMED[usize::from(i)]),
        (ColorDepth::Ansi16, _) if named_index(color).is_some() => Some(color),
        (ColorDepth::Ansi16, _) => rgb_of(color).map(named_for),
    }
}

/// The named colour that stands for `rgb` on a 16-colour terminal: a colour with a clear hue
/// keeps it (the nearest of the six hues, the light one when the colour is light), and greys and
/// faint tints become the grey of their lightness (see [`grey_of`]).
///
/// Why not the nearest colour of the palette: the 16 colours are fully saturated, so plain
/// distance sent every muted colour to a grey (the default theme's greens, its dim lit yellow)
/// and all of a dark theme's tones to black, its board with its walls and black squares.
fn named_for((r, g, b): (u8, u8, u8)) -> Color {
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let chroma = max - min;
    // A hue shows when the colour is saturated enough and not lost in the dark.
    if chroma < 24 || u16::from(chroma) * 4 < u16::from(max) {
        return grey_of(luma(r, g, b));
    }
    let light = u16::from(max) + u16::from(min) >= 255;
    let hues = if light { LIGHT_HUES } else { HUES };
    hues[hue_sixth(r, g, b)]
}

/// Red, yellow, green, cyan, blue and magenta, in the order of the colour wheel.
const HUES: [Color; 6] = [
    Color::Red,
    Color::Yellow,
    Color::Green,
    Color::Cyan,
    Color::Blue,
    Color::Magenta,
];

/// The light ones of [`HUES`], in the same order.
const LIGHT_HUES: [Color; 6] = [
    Color::LightRed,
    Color::LightYellow,
    Color::LightGreen,
    Color::LightCyan,
    Color::LightBlue,
    Color::LightMagenta,
];

/// Which of the six hues of [`HUES`] is nearest the hue of a colour that has one
/// (`max > min`).
fn hue_sixth(r: u8, g: u8, b: u8) -> usize {
    let (r, g, b) = (f32::from(r), f32::from(g), f32::from(b));
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let chroma = max - min;
    // The hue in sixths of a turn: 0 red, 1 yellow, 2 green, ...
    let sixths = if max == r {
        ((g - b) / chroma).rem_euclid(6.0)
    } else if max == g {
        (b - r) / chroma + 2.0
    } else {
        (r - g) / chroma + 4.0
    };
    (sixths + 0.5).floor() as usize % 6
}

/// The lightness the eye sees in a colour, 0 to 255 (Rec. 601 weights).
fn luma(r: u8, g: u8, b: u8) -> u8 {
    let weighted = 299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b);
    (weighted / 1000) as u8
}

/// The grey of the 16 colours for a lightness (0 to 255). Halfway between xterm's greys,
/// except that black stops halfway to #555555, the bright black of most terminals (xterm's
/// #7f7f7f is the lightest): themes draw a board a little lighter than a black screen, and it
/// must not sink into it.
fn grey_of(lightness: u8) -> Color {
    match lightness {
        0..=42 => Color::Black,
        43..=177 => Color::DarkGray,
        178..=241 => Color::Gray,
        _ => Color::White,
    }
}

/// `style` brought down to `depth`; without colour, `role`'s cue modifiers are added.
pub fn style_for_depth(style: Style, role: Role, depth: ColorDepth) -> Style {
    let map = |c: Option<Color>| c.and_then(|c| downgrade(c, depth));
    let mut out = Style {
        fg: map(style.fg),
        bg: map(style.bg),
        ..style
    };
    if depth == ColorDepth::None {
        out = out.add_modifier(no_colour_modifiers(role));
    }
    out
}

impl Theme {
    /// This theme as a terminal of `depth` shows it.
    pub fn for_depth(&self, depth: ColorDepth) -> Theme {
        let styles = Role::ALL
            .iter()
            .map(|&role| style_for_depth(self.style(role), role, depth))
            .collect();
        Theme {
            styles,
            ..self.clone()
        }
    }

    /// `base` with the cursor over it: the cursor's style patched on, and reverse video toggled
    /// rather than added when `base` is already reversed, so the cursor always shows. Where it
    /// turns reverse video off, the cursor also slants and underlines (italic, underlined): a
    /// reversed square under a bold cursor looked like a plain bold one without colour, and the
    /// board draws the cursor over a blank column too, where only a line shows.
    pub fn with_cursor(&self, base: Style) -> Style {
        let cursor = self.style(Role::Cursor);
        let patched = base.patch(cursor);
        let both_reversed = base.add_modifier.contains(Modifier::REVERSED)
            && cursor.add_modifier.contains(Modifier::REVERSED);
        if both_reversed {
            patched
                .remove_modifier(Modifier::REVERSED)
                .add_modifier(Modifier::ITALIC | Modifier::UNDERLINED)
        } else {
            patched
        }
    }
}

impl Themes {
    /// Every theme as a terminal of `depth` shows it.
    pub fn for_depth(&self, depth: ColorDepth) -> Themes {
        Themes {
            themes: self.themes.iter().map(|t| t.for_depth(depth)).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(no_color: Option<&str>, colorterm: Option<&str>, term: Option<&str>) -> ColorEnv {
        ColorEnv {
            no_color: no_color.map(str::to_string),
            colorterm: colorterm.map(str::to_string),
            term: term.map(str::to_string),
        }
    }

    #[test]
    fn depth_comes_from_colorterm_then_term() {
        let auto = ColorChoice::Auto;
        assert_eq!(
            env(None, Some("truecolor"), Some("xterm")).depth(auto),
            ColorDepth::TrueColor
        );
        assert_eq!(
            env(None, Some("24bit"), None).depth(auto),
            ColorDepth::TrueColor
        );
        assert_eq!(
            env(None, None, Some("xterm-256color")).depth(auto),
            ColorDepth::Ansi256
        );
        assert_eq!(
            env(None, None, Some("tmux-256color")).depth(auto),
            ColorDepth::Ansi256
        );
        assert_eq!(
            env(None, None, Some("xterm")).depth(auto),
            ColorDepth::Ansi16
        );
        assert_eq!(env(None, None, None).depth(auto), ColorDepth::Ansi16);
        assert_eq!(env(None, None, Some("dumb")).depth(auto), ColorDepth::None);
        assert_eq!(
            env(None, None, Some("xterm-direct")).depth(auto),
            ColorDepth::TrueColor
        );
    }

    #[test]
    fn no_color_and_the_choice_decide_first() {
        let e = env(Some("1"), Some("truecolor"), Some("xterm-256color"));
        assert_eq!(e.depth(ColorChoice::Auto), ColorDepth::None);
        assert_eq!(e.depth(ColorChoice::Always), ColorDepth::TrueColor);
        let empty = env(Some(""), None, Some("xterm-256color"));
        assert_eq!(empty.depth(ColorChoice::Auto), ColorDepth::Ansi256);
        assert_eq!(
            env(None, Some("truecolor"), None).depth(ColorChoice::Never),
            ColorDepth::None
        );
        assert_eq!(
            env(None, None, Some("dumb")).depth(ColorChoice::Always),
            ColorDepth::Ansi16
        );
    }

    #[test]
    fn colours_come_down_to_what_the_terminal_has() {
        let orange = Color::Rgb(0xff, 0x87, 0x00);
        assert_eq!(
            downgrade(orange, ColorDepth::TrueColor),
            Some(orange),
            "unchanged at full depth"
        );
        assert_eq!(
            downgrade(orange, ColorDepth::Ansi256),
            Some(Color::Indexed(208))
        );
        assert_eq!(
            downgrade(Color::Rgb(0xd7, 0, 0), ColorDepth::Ansi16),
            Some(Color::Red)
        );
        assert_eq!(
            downgrade(Color::Rgb(250, 250, 250), ColorDepth::Ansi16),
            Some(Color::White)
        );
        assert_eq!(
            downgrade(Color::Rgb(10, 10, 10), ColorDepth::Ansi16),
            Some(Color::Black)
        );
        assert_eq!(
            downgrade(Color::Indexed(9), ColorDepth::Ansi16),
            Some(Color::LightRed)
        );
        assert_eq!(
            downgrade(Color::Green, ColorDepth::Ansi16),
            Some(Color::Green)
        );
        assert_eq!(downgrade(Color::Green, ColorDepth::None), None);
        for depth in [ColorDepth::Ansi16, ColorDepth::Ansi256] {
            for c in [Color::Rgb(1, 2, 3), Color::Indexed(200), Color::Indexed(3)] {
                let down = downgrade(c, depth).unwrap();
                let ok = match depth {
                    ColorDepth::Ansi16 => named_index(down).is_some(),
                    _ => !matches!(down, Color::Rgb(..)),
                };
                assert!(ok, "{c:?} at {depth} gave {down:?}");
            }
        }
    }

    #[test]
    fn sixteen_colours_keep_hues_and_keep_dark_tones_apart() {
        let at16 = |r, g, b| downgrade(Color::Rgb(r, g, b), ColorDepth::Ansi16).unwrap();
        // The default theme's near-blacks stay black; its board a little lighter does not.
        assert_eq!(at16(0x1c, 0x1c, 0x1c), Color::Black);
        assert_eq!(at16(0x08, 0x08, 0x08), Color::Black);
        assert_eq!(at16(0x30, 0x30, 0x30), Color::DarkGray);
        // Light greys stay apart from white.
        assert_eq!(at16(0xe4, 0xe4, 0xe4), Color::Gray);
        assert_eq!(at16(0xf5, 0xf5, 0xf0), Color::White);
        // Muted and dark colours keep their hue, light ones take the light variant.
        assert_eq!(at16(0x4e, 0x4a, 0x1e), Color::Yellow);
        assert_eq!(at16(0x5f, 0xaf, 0x5f), Color::LightGreen);
        assert_eq!(at16(0xff, 0x5f, 0x5f), Color::LightRed);
        assert_eq!(at16(0x00, 0x5f, 0x87), Color::Cyan);
        assert_eq!(at16(0xcc, 0x79, 0xa7), Color::LightMagenta);
        // A faint tint is a grey.
        assert_eq!(at16(0xaf, 0x87, 0x87), Color::DarkGray);
        // xterm's own 16 colours come back as themselves.
        for (i, &named) in NAMED.iter().enumerate() {
            let (r, g, b) = ansi_colours::rgb_from_ansi256(i as u8);
            assert_eq!(at16(r, g, b), named, "colour {i}");
        }
    }

    #[test]
    fn without_colour_every_cue_keeps_a_modifier() {
        let style = Style::new().fg(Color::Red).bg(Color::Blue);
        let plain = style_for_depth(style, Role::Error, ColorDepth::None);
        assert_eq!((plain.fg, plain.bg), (None, None));
        assert!(plain.add_modifier.contains(Modifier::UNDERLINED));
        for role in [
            Role::Cursor,
            Role::Error,
            Role::Satisfied,
            Role::Hint,
            Role::Premise,
            Role::Exceeded,
            Role::Black,
        ] {
            assert!(!no_colour_modifiers(role).is_empty(), "{role}");
        }
    }

    #[test]
    fn the_cursor_toggles_reverse_video() {
        let themes = Themes::builtin().for_depth(ColorDepth::None);
        let theme = themes.default_theme();
        let black = theme.layered(&[Role::Empty, Role::Black]);
        assert!(black.add_modifier.contains(Modifier::REVERSED));
        let over = theme.with_cursor(black);
        assert!(!over.add_modifier.contains(Modifier::REVERSED));
        assert!(
            over.add_modifier
                .contains(Modifier::ITALIC | Modifier::UNDERLINED)
        );
        let empty = theme.layered(&[Role::Empty]);
        assert!(
            theme
                .with_cursor(empty)
                .add_modifier
                .contains(Modifier::REVERSED)
        );
    }
}
