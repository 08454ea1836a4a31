//! The help overlay: every key of the current game and its rules in three lines.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};

use super::layout::centred;
use super::paint::{cell_style, panel};
use crate::look::Look;
use crate::play::Play;
use crate::theme::{Role, Theme};
use crate::tui::keys::{self, Bound, Context};
use crate::tui::model::{Session, with_session};

/// The help text for a session with the play keys `keys`: (keys, what they do) lines; an
/// empty key starts a paragraph.
pub fn help_lines(session: &Session, keys: &Bound) -> Vec<(String, String)> {
    with_session!(session, p => game_help(p, keys))
}

fn game_help<G: Look>(play: &Play<G>, keys: &Bound) -> Vec<(String, String)> {
    let mut lines = keys::help_lines(keys, &Context::of_game(play.state(), false));
    lines.push((String::new(), String::new()));
    for (i, rule) in G::rules().iter().enumerate() {
        let key = if i == 0 { "rules" } else { " " };
        lines.push((key.to_string(), rule.to_string()));
    }
    lines
}

/// The browser's help text for its keys `keys`, in the same form as [`help_lines`].
pub fn browser_help_lines(keys: &Bound) -> Vec<(String, String)> {
    keys::help_lines(keys, &Context::default())
}

/// Draws the play screen's overlay, for its keys `keys`, centred in `area`.
pub fn draw(buf: &mut Buffer, area: Rect, session: &Session, keys: &Bound, theme: &Theme) {
    let title = format!("Help: {}", session.title());
    draw_lines(buf, area, &title, &help_lines(session, keys), theme);
}

/// Draws a help overlay of `lines` titled `title`, centred in `area`.
pub fn draw_lines(
    buf: &mut Buffer,
    area: Rect,
    title: &str,
    lines: &[(String, String)],
    theme: &Theme,
) {
    let key_width = lines.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let text_width = lines
        .iter()
        .map(|(k, a)| {
            if k.is_empty() {
                0
            } else {
                key_width + 2 + a.len()
            }
        })
        .max()
        .unwrap_or(0);
    let width = (text_width.max(title.len() + 2) + 4) as u16;
    let popup = centred(area, width, lines.len() as u16 + 2);
    Clear.render(popup, buf);
    buf.set_style(popup, cell_style(theme, &[]));
    let block = panel(theme, title);
    let inner = block.inner(popup);
    block.render(popup, buf);
    let key_style = cell_style(theme, &[Role::Title]);
    let text_style = cell_style(theme, &[Role::Text]);
    let max = usize::from(inner.width.saturating_sub(1));
    for (row, (key, action)) in lines.iter().enumerate().take(usize::from(inner.height)) {
        let y = inner.y + row as u16;
        buf.set_stringn(inner.x + 1, y, key, max, key_style);
        let x = inner.x + 1 + (key_width + 2) as u16;
        if x < inner.right() {
            buf.set_stringn(x, y, action, usize::from(inner.right() - x), text_style);
        }
    }
}
