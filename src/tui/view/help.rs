//! The help overlay, drawn: its text and its rows at the overlay's width are the layout's
//! ([`crate::tui::layout::help`]); here they are painted, with a foot saying where the scroll is.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::paint::{cell_style, clear_popup, panel, put_text};
use crate::theme::{Role, Theme};
use crate::tui::layout::help::{HelpPage, HelpText};

/// Draws `help` centred in `area`, scrolled down `scroll` rows (at most to its last row).
pub fn draw(buf: &mut Buffer, area: Rect, help: &HelpText, scroll: usize, theme: &Theme) {
    let page = HelpPage::of(help, area);
    let scroll = scroll.min(page.last_scroll());
    clear_popup(buf, page.popup);
    buf.set_style(page.popup, cell_style(theme, &[]));
    let mut block = panel(theme, &help.title);
    for title in foot(&page, scroll, &help.closes) {
        block = block.title_bottom(title.style(theme.style(Role::Title)));
    }
    block.render(page.popup, buf);
    let lead_style = cell_style(theme, &[Role::Title]);
    let text_style = cell_style(theme, &[Role::Text]);
    let width = usize::from(page.text.width);
    let shown = page.rows.iter().skip(scroll).take(page.shown());
    for (i, row) in shown.enumerate() {
        let y = page.text.y + i as u16;
        let x = put_text(buf, page.text.x, y, &row.lead, width, lead_style);
        let room = width.saturating_sub(usize::from(x - page.text.x));
        let style = if row.heading { lead_style } else { text_style };
        put_text(buf, x, y, &row.text, room, style);
    }
}

/// The frame's foot: which rows are shown and whether more lie above or below (when not all
/// fit), and the keys that scroll and close; shorter wordings where the frame is narrow.
fn foot(page: &HelpPage, scroll: usize, closes: &str) -> Vec<Line<'static>> {
    let room = usize::from(page.popup.width.saturating_sub(2));
    let total = page.rows.len();
    if page.last_scroll() == 0 {
        return vec![Line::from(format!(" {closes} close ")).right_aligned()];
    }
    let last = (scroll + page.shown()).min(total);
    let arrows = match (scroll > 0, last < total) {
        (true, true) => " ↑↓ more",
        (true, false) => " ↑ more",
        (false, _) => " ↓ more",
    };
    let position = format!(" lines {}-{last} of {total}{arrows} ", scroll + 1);
    let keys = [
        format!(" ↑↓ PgUp PgDn Home End scroll · {closes} close "),
        format!(" ↑↓ scroll · {closes} close "),
        format!(" {closes} close "),
    ]
    .into_iter()
    .find(|k| position.chars().count() + 1 + k.chars().count() <= room);
    let mut foot = vec![Line::from(position)];
    foot.extend(keys.map(|k| Line::from(k).right_aligned()));
    foot
}
