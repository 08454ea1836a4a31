//! Every built-in theme is readable: at 24-bit colour every glyph and every text
//! stands out from its background by a WCAG 2 contrast ratio of 3:1 at least, and brought down
//! to 16 colours none is drawn in a colour of its background's family (light yellow on yellow,
//! dark gray on black), whose shades the terminal's palette decides.
//!
//! Board squares are drawn by the board's own painter (`draw_square`) in every state of every
//! game, with and without the cursor, an error and a hint's marks, and read back cell by cell;
//! the rest of the screen is checked on the role stacks it is drawn with (`cell_style`). Colour
//! emoji are left out (the terminal decides their colours), and so are colours the theme leaves
//! to the terminal (`ansi16` and `mono` draw on the terminal's own background), which nothing
//! here can know. Frame lines (`grid`) are decoration and not checked.

use crate::common::square_states;

use gridpuzzles::theme::{ColorDepth, GlyphSet, Role, Theme, Themes, blends_in, contrast_ratio};
use gridpuzzles::tui::view::board::{SquareMarks, draw_square};
use gridpuzzles::tui::view::paint::cell_style;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use square_states::games;

/// The least contrast ratio a glyph or text may have on its background (WCAG 2's for large
/// text and for the parts of an interface that must be seen).
const MIN_RATIO: f64 = 3.0;

/// One thing drawn: a name for messages, its text and its colours (before reverse video, which
/// swaps them and so changes neither check).
struct Drawn {
    name: String,
    text: String,
    fg: Color,
    bg: Color,
}

/// Every cell of every board square state, drawn in `theme` with `glyphs`: with and without the
/// cursor, a hint's marks and the game's error marks; blank cells and colour emoji left out.
fn board_cells(theme: &Theme, glyphs: GlyphSet) -> Vec<Drawn> {
    let mut out = Vec::new();
    for (game, states) in games() {
        for (name, look, error) in &states {
            for hint in [None, Some(Role::Hint), Some(Role::Premise)] {
                for cursor in [false, true] {
                    let marks = SquareMarks {
                        hint,
                        error: *error,
                        cursor,
                    };
                    let mut buf = Buffer::empty(Rect::new(0, 0, 2, 1));
                    draw_square(&mut buf, (0, 0), *look, marks, theme, glyphs);
                    for x in 0..2 {
                        let cell = &buf[(x, 0)];
                        let text = cell.symbol();
                        if text.trim().is_empty() || !text.is_ascii() {
                            continue;
                        }
                        let hint = hint.map_or(String::new(), |h| format!(", {h}"));
                        let cursor = if cursor { ", cursor" } else { "" };
                        out.push(Drawn {
                            name: format!("{game} {name}{hint}{cursor}, column {x}"),
                            text: text.to_string(),
                            fg: cell.fg,
                            bg: cell.bg,
                        });
                    }
                }
            }
        }
    }
    out
}

/// The role stacks the rest of the screen draws text with: clue counts in every state (the
/// cursor's line's counts reversed, which keeps their two colours), rulers, panels, the status
/// line, the key bar, banners, lists and messages.
fn screen_styles(theme: &Theme) -> Vec<(String, Style)> {
    let mut out = Vec::new();
    for state in [Role::Satisfied, Role::Unsatisfied, Role::Exceeded] {
        for extra in [None, Some(Role::Premise), Some(Role::Error)] {
            let mut roles = vec![Role::Clue, state];
            roles.extend(extra);
            out.push((format!("count {roles:?}"), cell_style(theme, &roles)));
        }
    }
    let stacks: &[&[Role]] = &[
        &[Role::Text],
        &[Role::Dim],
        &[Role::Title],
        &[Role::Status],
        &[Role::KeyBar],
        &[Role::Banner],
        &[Role::Text, Role::Selected],
        &[Role::Text, Role::Error],
        &[Role::Error],
        &[Role::Text, Role::Cursor],
        &[Role::HistoryCurrent],
        &[Role::HistoryUndone],
        &[Role::Satisfied],
        &[Role::Unsatisfied],
    ];
    for roles in stacks {
        out.push((format!("{roles:?}"), cell_style(theme, roles)));
    }
    let ruler = theme.with_cursor(cell_style(theme, &[Role::Text]));
    out.push(("the cursor's ruler index".to_string(), ruler));
    out
}

/// Everything `theme` draws text or glyphs with.
fn everything(theme: &Theme) -> Vec<Drawn> {
    let mut out = Vec::new();
    for glyphs in [GlyphSet::Ascii, GlyphSet::Emoji] {
        for mut d in board_cells(theme, glyphs) {
            d.name = format!("{glyphs} {}", d.name);
            out.push(d);
        }
    }
    for (name, style) in screen_styles(theme) {
        out.push(Drawn {
            name,
            text: "text".to_string(),
            fg: style.fg.unwrap_or(Color::Reset),
            bg: style.bg.unwrap_or(Color::Reset),
        });
    }
    out
}

#[test]
fn every_glyph_and_text_has_a_contrast_of_three_to_one_at_24_bits() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for theme in Themes::builtin().iter() {
        for d in everything(theme) {
            let Some(ratio) = contrast_ratio(d.fg, d.bg) else {
                continue;
            };
            checked += 1;
            if ratio < MIN_RATIO {
                failures.push(format!(
                    "{}: {} {:?}: {:?} on {:?}, {ratio:.2}:1",
                    theme.name, d.name, d.text, d.fg, d.bg
                ));
            }
        }
    }
    assert!(checked > 1000, "only {checked} pairs had colours to check");
    failures.sort();
    failures.dedup();
    assert!(
        failures.is_empty(),
        "{} below {MIN_RATIO}:1:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn at_16_colours_nothing_is_drawn_in_its_backgrounds_family() {
    let mut failures = Vec::new();
    for theme in Themes::builtin().for_depth(ColorDepth::Ansi16).iter() {
        for d in everything(theme) {
            if d.fg != Color::Reset && d.bg != Color::Reset && blends_in(d.fg, d.bg) {
                failures.push(format!(
                    "{}: {} {:?}: {:?} on {:?}",
                    theme.name, d.name, d.text, d.fg, d.bg
                ));
            }
        }
    }
    failures.sort();
    failures.dedup();
    assert!(
        failures.is_empty(),
        "{} drawn in their background's family:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_checks_see_what_they_should() {
    // Guards the tests above against passing on nothing: the default theme's ASCII board has
    // digits and glyphs in colour, and a pair below the bar is caught.
    let themes = Themes::builtin();
    let drawn = board_cells(themes.default_theme(), GlyphSet::Ascii);
    assert!(drawn.iter().any(|d| d.text == "3" || d.text == "1"));
    assert!(drawn.iter().any(|d| d.text == "#"));
    assert!(
        drawn
            .iter()
            .all(|d| d.fg != Color::Reset && d.bg != Color::Reset)
    );
    let grey = contrast_ratio(Color::Rgb(0x80, 0x80, 0x80), Color::Rgb(0xd0, 0xd0, 0xd0));
    assert!(grey.unwrap() < MIN_RATIO, "the issue's satisfied clue");
    assert!(blends_in(Color::LightYellow, Color::Yellow));
}
