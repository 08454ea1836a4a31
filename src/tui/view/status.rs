//! The three lines under the board: status, message, key bar.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use super::{cell_style, clock, put_text};
use crate::look::Look;
use crate::play::Play;
use crate::theme::{Role, Theme};
use crate::tui::model::{Message, Model, PlayScreen, Session, Tone, with_session};

/// The status line's text: game, size, options, counters, moves, cursor; theme and clock right.
pub fn status_text(model: &Model, screen: &PlayScreen) -> (String, String) {
    let left = with_session!(&screen.session, p => game_status(p));
    let left = format!(
        " {left}  moves {}  at {}",
        screen.session.moves(),
        screen.cursor
    );
    let elapsed = screen.elapsed(model.now);
    let name = match screen.puzzle.title.as_str() {
        "" => String::new(),
        title => format!("{title}  "),
    };
    let right = format!("{name}{}  {} ", model.theme().name, clock(elapsed));
    (left, right)
}

fn game_status<G: Look>(play: &Play<G>) -> String {
    let state = play.state();
    let t = state.topology();
    let counters: Vec<String> = state
        .counters()
        .iter()
        .map(|c| format!("{} {}", c.label, c.value))
        .collect();
    format!(
        "{} {}x{}  {}  {}",
        G::KIND.title(),
        t.rows,
        t.cols,
        state.options_summary(),
        counters.join("  ")
    )
}

/// Draws the status line.
pub fn draw_status(buf: &mut Buffer, area: Rect, model: &Model, screen: &PlayScreen) {
    let theme = model.theme();
    let style = cell_style(theme, &[Role::Status]);
    buf.set_style(area, style);
    let (left, right) = status_text(model, screen);
    let width = usize::from(area.width);
    let (lw, rw) = (left.chars().count(), right.chars().count());
    put_text(buf, area.x, area.y, &left, width, style);
    if lw + 1 + rw <= width {
        put_text(buf, area.x + (width - rw) as u16, area.y, &right, rw, style);
    }
}

/// Draws the message line: the last action's message or the lasting notice.
pub fn draw_message(buf: &mut Buffer, area: Rect, message: Option<&Message>, theme: &Theme) {
    let Some(message) = message else {
        return;
    };
    let style = match message.tone {
        Tone::Info => cell_style(theme, &[Role::Text]),
        Tone::Warning => cell_style(theme, &[Role::Error]),
    };
    put_text(
        buf,
        area.x,
        area.y,
        &format!(" {} ", message.text),
        usize::from(area.width),
        style,
    );
}

/// The key bar's entries for a session: (keys, what they do).
pub fn key_bar_entries(session: &Session) -> Vec<(&'static str, &'static str)> {
    with_session!(session, p => game_keys(p))
}

fn game_keys<G: Look>(play: &Play<G>) -> Vec<(&'static str, &'static str)> {
    let mut keys = vec![
        ("arrows", "move"),
        ("Enter", G::piece_name(G::PRIMARY)),
        ("-", G::piece_name(G::SECONDARY)),
        ("Space", "cycle"),
        ("e", "empty"),
    ];
    if play
        .state()
        .fill_moves(crate::games::tents::Line::Row(0))
        .is_some()
    {
        keys.push(("f/F", "fill"));
    }
    keys.extend([
        ("z", "undo"),
        ("y", "redo"),
        ("r", "restart"),
        ("s", "reveal"),
        ("c", "theme"),
        ("?", "help"),
        ("q", "quit"),
    ]);
    keys
}

/// Draws the key bar.
pub fn draw_key_bar(buf: &mut Buffer, area: Rect, session: &Session, theme: &Theme) {
    let style = cell_style(theme, &[Role::KeyBar]);
    buf.set_style(area, style);
    let bold = style.add_modifier(Modifier::BOLD);
    let end = usize::from(area.right());
    let mut x = area.x + 1;
    for (key, action) in key_bar_entries(session) {
        x = put_text(
            buf,
            x,
            area.y,
            key,
            end.saturating_sub(usize::from(x)),
            bold,
        );
        x = put_text(
            buf,
            x,
            area.y,
            " ",
            end.saturating_sub(usize::from(x)),
            style,
        );
        x = put_text(
            buf,
            x,
            area.y,
            action,
            end.saturating_sub(usize::from(x)),
            style,
        );
        x = put_text(
            buf,
            x,
            area.y,
            "  ",
            end.saturating_sub(usize::from(x)),
            style,
        );
    }
}
