//! A box with a plain border and titles on its top and bottom edges, left-aligned unless their
//! line is right-aligned: what ratatui's `Block::bordered()` draws, cell for cell, without its
//! pass over every cell inside the box (which only sets the block's own style; ours have none).
//! The board's frame encloses most of a big screen, and that pass was a good share of a frame.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::Line;
use ratatui::widgets::{Block, Widget};

/// A bordered box and its titles.
#[derive(Clone, Debug, Default)]
pub struct Bordered<'a> {
    border_style: Style,
    top: Vec<Line<'a>>,
    bottom: Vec<Line<'a>>,
}

impl<'a> Bordered<'a> {
    /// A box whose border is drawn in `border_style`.
    pub fn new(border_style: Style) -> Bordered<'a> {
        Bordered {
            border_style,
            ..Bordered::default()
        }
    }

    /// Adds a title on the top edge, after (right of) the ones already there.
    pub fn title(mut self, title: Line<'a>) -> Bordered<'a> {
        self.top.push(title);
        self
    }

    /// Adds a title on the bottom edge, after the ones already there.
    pub fn title_bottom(mut self, title: Line<'a>) -> Bordered<'a> {
        self.bottom.push(title);
        self
    }

    /// The area inside the border.
    pub fn inner(&self, area: Rect) -> Rect {
        Block::bordered().inner(area)
    }
}

impl Widget for Bordered<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Widget::render(&self, area, buf);
    }
}

impl Widget for &Bordered<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        draw_border(area, self.border_style, buf);
        let (top, bottom) = (area.top(), area.bottom() - 1);
        draw_titles(&self.top, area, top, buf);
        draw_titles(&self.bottom, area, bottom, buf);
    }
}

/// The four sides, then the four corners over them, in the order ratatui draws them (which
/// decides what a box one cell wide or tall shows).
fn draw_border(area: Rect, style: Style, buf: &mut Buffer) {
    let set = border::PLAIN;
    let (left, top) = (area.left(), area.top());
    let (right, bottom) = (area.right() - 1, area.bottom() - 1);
    let mut put = |x: u16, y: u16, symbol: &str| {
        buf[(x, y)].set_symbol(symbol).set_style(style);
    };
    for y in top..=bottom {
        put(left, y, set.vertical_left);
    }
    for x in left..=right {
        put(x, top, set.horizontal_top);
    }
    for y in top..=bottom {
        put(right, y, set.vertical_right);
    }
    for x in left..=right {
        put(x, bottom, set.horizontal_bottom);
    }
    put(right, bottom, set.bottom_right);
    put(right, top, set.top_right);
    put(left, bottom, set.bottom_left);
    put(left, top, set.top_left);
}

/// Titles on row `y` between the side borders, a blank column between two: left-aligned ones
/// from the left, each cut at the right border, then right-aligned ones from the right.
fn draw_titles(titles: &[Line], area: Rect, y: u16, buf: &mut Buffer) {
    let room = Rect::new(area.x + 1, y, area.width.saturating_sub(2), 1);
    let right = |t: &&Line| t.alignment == Some(Alignment::Right);
    let mut left_room = room;
    for title in titles.iter().filter(|t| !right(t)) {
        if left_room.is_empty() {
            break;
        }
        let width = width_of(title);
        let drawn = Rect {
            width: width.min(left_room.width),
            ..left_room
        };
        title.render(drawn, buf);
        let advance = width.saturating_add(1);
        left_room.x = left_room.x.saturating_add(advance);
        left_room.width = left_room.width.saturating_sub(advance);
    }
    let mut right_room = room;
    for title in titles.iter().filter(right).rev() {
        if right_room.is_empty() {
            break;
        }
        let width = width_of(title);
        let drawn = Rect {
            x: right_room
                .right()
                .saturating_sub(width)
                .max(right_room.left()),
            width: width.min(right_room.width),
            ..right_room
        };
        title.render(drawn, buf);
        right_room.width = right_room.width.saturating_sub(width).saturating_sub(1);
    }
}

fn width_of(title: &Line) -> u16 {
    u16::try_from(title.width()).unwrap_or(u16::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Modifier};

    /// The same cells as ratatui's block, titles too long for the box included.
    #[test]
    fn draws_what_a_bordered_block_draws() {
        let border = Style::new().fg(Color::Blue);
        let title = Style::new().fg(Color::Red).add_modifier(Modifier::BOLD);
        for (w, h) in [(1, 1), (1, 3), (3, 1), (2, 2), (9, 4), (30, 6)] {
            for titles in [0, 1, 2] {
                let area = Rect::new(1, 1, w, h);
                let mut ours = Bordered::new(border);
                let mut theirs = Block::bordered().border_style(border);
                for t in [" Tents 100x100 ", " paused "].iter().take(titles) {
                    ours = ours.title(Line::styled(*t, title));
                    theirs = theirs.title(Line::styled(*t, title));
                }
                if titles > 0 {
                    ours = ours.title_bottom(Line::styled(" rows 1-4 ", title));
                    theirs = theirs.title_bottom(Line::styled(" rows 1-4 ", title));
                }
                if titles > 1 {
                    for t in [" n applies it ", " more "] {
                        ours = ours.title_bottom(Line::styled(t, title).right_aligned());
                        theirs = theirs.title_bottom(Line::styled(t, title).right_aligned());
                    }
                }
                let mut a = Buffer::empty(Rect::new(0, 0, 34, 9));
                let mut b = a.clone();
                (&ours).render(area, &mut a);
                (&theirs).render(area, &mut b);
                assert_eq!(a, b, "{w}x{h} with {titles} titles");
                assert_eq!(ours.inner(area), theirs.inner(area));
            }
        }
    }
}
