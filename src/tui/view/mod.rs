//! `view`: draws the model, nothing else. One file per part of the screen.

pub mod banner;
pub mod board;
pub mod browser;
pub mod clues;
pub mod confirm;
pub mod form;
pub mod help;
pub mod history;
pub mod layout;
pub mod status;
pub mod too_small;

use std::time::Duration;

use ratatui::Frame;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Widget};

use super::model::{Model, Overlay, PlayScreen, Screen};
use crate::theme::{Role, Theme};
use layout::{BoardGeometry, PlayLayout};

/// Draws the whole screen for `model`.
pub fn view(model: &Model, frame: &mut Frame) {
    let area = frame.area();
    let theme = model.theme();
    let buf = frame.buffer_mut();
    buf.set_style(area, theme.style(Role::Background));
    match &model.screen {
        Screen::Play(screen) => draw_play(model, screen, frame),
        Screen::Browser => draw_browser(model, frame),
    }
}

fn draw_browser(model: &Model, frame: &mut Frame) {
    let area = frame.area();
    let theme = model.theme();
    let buf = frame.buffer_mut();
    browser::draw(buf, area, model);
    if browser::BrowserLayout::compute(area).is_none() {
        return;
    }
    match model.overlay {
        Overlay::Help => help::draw_lines(
            buf,
            area,
            "Help: puzzle browser",
            &help::browser_help_lines(),
            theme,
        ),
        Overlay::NewPuzzle(form) => form::draw(buf, area, &form, theme),
        Overlay::None | Overlay::Confirm(_) => {}
    }
}

fn draw_play(model: &Model, screen: &PlayScreen, frame: &mut Frame) {
    let area = frame.area();
    let theme = model.theme();
    let geometry = BoardGeometry::of(&screen.session);
    let Some(layout) = PlayLayout::compute(area, geometry) else {
        too_small::draw(frame.buffer_mut(), area, geometry.required_size(), theme);
        return;
    };
    let buf = frame.buffer_mut();
    panel(theme, screen.session.title()).render(layout.board_block, buf);
    let errors = board::error_targets(&screen.session);
    let paint = board::Paint {
        theme,
        glyphs: model.glyphs(),
        errors: &errors,
    };
    board::draw(buf, &layout, screen, &paint);
    clues::draw(buf, &layout, &screen.session, theme, &errors);
    if let Some(area) = layout.history {
        history::draw(buf, area, &screen.session, theme);
    }
    status::draw_status(buf, layout.status, model, screen);
    if screen.session.is_won() {
        banner::draw(buf, layout.message, screen.finish, theme);
    } else {
        status::draw_message(buf, layout.message, model.message_line(), theme);
    }
    status::draw_key_bar(buf, layout.keys, &screen.session, theme);
    match model.overlay {
        Overlay::None => {}
        Overlay::Help => help::draw(buf, area, &screen.session, theme),
        Overlay::Confirm(question) => confirm::draw(buf, area, question, theme),
        Overlay::NewPuzzle(_) => {}
    }
}

/// A bordered panel in the theme's grid style, titled in its title style.
pub fn panel<'a>(theme: &Theme, title: &'a str) -> Block<'a> {
    Block::bordered()
        .border_style(theme.style(Role::Grid))
        .title(Line::styled(format!(" {title} "), theme.style(Role::Title)))
}

/// The background style patched with `roles`, in order: a full style for a cell.
pub fn cell_style(theme: &Theme, roles: &[Role]) -> Style {
    theme.style(Role::Background).patch(theme.layered(roles))
}

/// A duration as `m:ss`, or `h:mm:ss` from an hour up.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_minutes_and_hours() {
        assert_eq!(clock(Duration::from_secs(0)), "0:00");
        assert_eq!(clock(Duration::from_millis(83_900)), "1:23");
        assert_eq!(clock(Duration::from_secs(3600 + 62)), "1:01:02");
    }
}
