//! Drawing primitives every part of the screen shares: styles layered from theme roles, the
//! bordered panel, and text put in the buffer (wrapped or cut to fit by the layout's
//! [`text`](crate::tui::layout::text)).

use ratatui::buffer::{Buffer, Cell, CellDiffOption};
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::Line;
use ratatui::widgets::{Clear, Widget};
use unicode_width::UnicodeWidthStr;

use super::bordered::Bordered;
use crate::theme::{Role, Theme, blends_in};

/// A bordered panel in the theme's grid style, titled in its title style.
pub fn panel<'a>(theme: &Theme, title: &'a str) -> Bordered<'a> {
    Bordered::new(theme.style(Role::Grid))
        .title(Line::styled(format!(" {title} "), theme.style(Role::Title)))
}

/// The background style patched with `roles`, in order: a full style for a cell, whose text
/// never takes the colour of its own background (see [`visible_text`]).
pub fn cell_style(theme: &Theme, roles: &[Role]) -> Style {
    let screen = theme.style(Role::Background);
    visible_text(screen.patch(theme.layered(roles)), screen)
}

/// `style` with text that shows on its background. Roles are brought down to a colour depth one
/// by one, so two that differ at 24 bits can meet in one colour: at 16 colours, dim #808080 text
/// on the default theme's #303030 board, or a light wall's #444444 marks on its #3a3a3a, are
/// dark grey on dark grey. Nor is text readable in the other colour of its background's family
/// of the 16 (light yellow on yellow, dark gray on black), whose shades the terminal's palette
/// sets, often close. Such text takes the screen's background colour, which surfaces are drawn
/// apart from, or else the screen's text colour, or else the terminal's own.
fn visible_text(style: Style, screen: Style) -> Style {
    let (Some(fg), Some(bg)) = (style.fg, style.bg) else {
        return style;
    };
    // Reset means the terminal's own colour of each kind: a foreground and a background that
    // differ.
    if fg == Color::Reset || !blends_in(fg, bg) {
        return style;
    }
    let other = [screen.bg, screen.fg]
        .into_iter()
        .flatten()
        .find(|&c| c != Color::Reset && !blends_in(c, bg))
        .unwrap_or(Color::Reset);
    style.fg(other)
}

/// Writes `text` at (`x`, `y`), at most `max_width` columns and never past the buffer's edge;
/// returns the column after it. ASCII text (nearly everything but board glyphs) skips ratatui's
/// grapheme segmentation, which dominates the cost of drawing a frame otherwise.
pub fn put_text(
    buf: &mut Buffer,
    x: u16,
    y: u16,
    text: &str,
    max_width: usize,
    style: Style,
) -> u16 {
    if !text.is_ascii() {
        return buf.set_stringn(x, y, text, max_width, style).0;
    }
    let area = buf.area;
    if y < area.y || y >= area.bottom() || x < area.x {
        return x;
    }
    let room = usize::from(area.right().saturating_sub(x)).min(max_width);
    let mut bytes = [0u8; 4];
    let mut col = x;
    for c in text.chars().filter(|c| !c.is_control()).take(room) {
        buf[(col, y)]
            .set_symbol(c.encode_utf8(&mut bytes))
            .set_style(style);
        col += 1;
    }
    col
}

/// The cells of row `y` from column `x` on, `width` of them or fewer where the buffer ends;
/// none when (`x`, `y`) is outside it. Writing a run of cells through one slice skips the
/// position checks of ratatui's per-cell indexing.
pub fn row_cells(buf: &mut Buffer, x: u16, y: u16, width: u16) -> &mut [Cell] {
    let area = buf.area;
    if !area.contains(Position::new(x, y)) {
        return &mut [];
    }
    let start = buf.index_of(x, y);
    let len = width.min(area.right() - x);
    &mut buf.content[start..start + usize::from(len)]
}

/// Sets `style` on every cell of `area`, as `Buffer::set_style` does, a row at a time.
pub fn restyle(buf: &mut Buffer, area: Rect, style: Style) {
    restyle_around(buf, area, Rect::ZERO, style);
}

/// Sets `style` on every cell of `area` but those of `hole`, which the caller paints whole:
/// the screen's background is not laid under the board's squares only to be painted over.
pub fn restyle_around(buf: &mut Buffer, area: Rect, hole: Rect, style: Style) {
    let area = area.intersection(buf.area);
    let hole = hole.intersection(area);
    for y in area.top()..area.bottom() {
        let cells = row_cells(buf, area.x, y, area.width);
        let (before, rest) = if hole.is_empty() || y < hole.top() || y >= hole.bottom() {
            (cells, &mut [][..])
        } else {
            let (before, rest) = cells.split_at_mut(usize::from(hole.x - area.x));
            (before, &mut rest[usize::from(hole.width)..])
        };
        for cell in before.iter_mut().chain(rest) {
            cell.set_style(style);
        }
    }
}

/// Empties `area` for a popup drawn over the screen. A two-column glyph just left of it (a board
/// square's emoji) would otherwise cover the popup's left border: the terminal draws the glyph's
/// second half there, so that glyph gives way to a blank.
pub fn clear_popup(buf: &mut Buffer, area: Rect) {
    let area = area.intersection(buf.area);
    Clear.render(area, buf);
    if area.is_empty() || area.x <= buf.area.x {
        return;
    }
    for y in area.top()..area.bottom() {
        let cell = &mut buf[(area.x - 1, y)];
        let forced_wide = matches!(cell.diff_option, CellDiffOption::ForcedWidth(w) if w.get() > 1);
        if forced_wide || cell.symbol().width() > 1 {
            cell.set_symbol(" ").set_diff_option(CellDiffOption::None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_glyph_straddling_a_popups_left_edge_gives_way_to_its_border() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 8, 2));
        buf.set_string(1, 0, "🌲", Style::new());
        let two = std::num::NonZeroU16::new(2).unwrap();
        buf[(1, 0)].set_diff_option(CellDiffOption::ForcedWidth(two));
        buf.set_string(0, 1, "🌲", Style::new());
        let popup = Rect::new(2, 0, 4, 2);
        clear_popup(&mut buf, popup);
        Bordered::new(Style::new()).render(popup, &mut buf);
        assert_eq!(buf[(1, 0)].symbol(), " ");
        assert_eq!(buf[(1, 0)].diff_option, CellDiffOption::None);
        // A glyph wholly left of the edge stays.
        assert_eq!(buf[(0, 1)].symbol(), "🌲");
        let previous = Buffer::empty(buf.area);
        let drawn: Vec<(u16, u16)> = previous
            .diff(&buf)
            .into_iter()
            .map(|(x, y, _)| (x, y))
            .collect();
        assert!(drawn.contains(&(2, 0)), "the border is written: {drawn:?}");
    }

    #[test]
    fn text_never_takes_its_background_colour() {
        let screen = Style::new().fg(Color::Gray).bg(Color::Black);
        let hidden = Style::new().fg(Color::Blue).bg(Color::Blue);
        assert_eq!(visible_text(hidden, screen).fg, Some(Color::Black));
        // The other colour of the background's family is no better, the screen's black on dark
        // gray included.
        let dark = Style::new().bg(Color::DarkGray);
        let grey_on_grey = dark.fg(Color::DarkGray);
        assert_eq!(visible_text(grey_on_grey, screen).fg, Some(Color::Gray));
        let light_on_yellow = Style::new().fg(Color::LightYellow).bg(Color::Yellow);
        assert_eq!(visible_text(light_on_yellow, screen).fg, Some(Color::Black));
        let grey_on_black = Style::new().fg(Color::DarkGray).bg(Color::Black);
        assert_eq!(visible_text(grey_on_black, screen).fg, Some(Color::Gray));
        let on_black = Style::new().fg(Color::Black).bg(Color::Black);
        assert_eq!(visible_text(on_black, screen).fg, Some(Color::Gray));
        let plain = Style::new().fg(Color::Reset).bg(Color::Reset);
        assert_eq!(visible_text(plain, Style::new()), plain);
        let shown = dark.fg(Color::White);
        assert_eq!(visible_text(shown, screen), shown);
        assert_eq!(
            visible_text(hidden, Style::new()).fg,
            Some(Color::Reset),
            "a screen without colours leaves the terminal's own"
        );
    }
}

#[cfg(test)]
mod put_text_tests {
    use super::*;

    #[test]
    fn ascii_and_wide_text_land_alike() {
        let area = Rect::new(0, 0, 6, 1);
        let mut fast = Buffer::empty(area);
        let mut slow = Buffer::empty(area);
        assert_eq!(put_text(&mut fast, 1, 0, "abcdefgh", 4, Style::new()), 5);
        slow.set_stringn(1, 0, "abcdefgh", 4, Style::new());
        assert_eq!(fast, slow);
        let mut wide = Buffer::empty(area);
        put_text(&mut wide, 0, 0, "ab🌲", 6, Style::new());
        assert_eq!(wide[(2, 0)].symbol(), "🌲");
        // Off the buffer: nothing written, no panic.
        assert_eq!(put_text(&mut fast, 2, 5, "x", 1, Style::new()), 2);
    }
}
