//! `view`: draws the model, nothing else. One file per part of the screen.

pub mod board;
pub mod bordered;
pub mod browser;
pub mod clues;
pub mod confirm;
pub mod footer;
pub mod form;
pub mod help;
pub mod hint;
pub mod history;
pub mod key_bar;
pub mod paint;
pub mod prompt;
pub mod proof_tree;
pub mod rule_picker;
pub mod rulers;
pub mod stats;
pub mod status;
pub mod too_small;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::error_set::ErrorSet;
use super::layout::help::{browser_help, play_help};
use super::layout::{self, banner, text};
use super::model::{Model, Overlay, PlayScreen, Screen};
use crate::theme::{Role, Theme};
use bordered::Bordered;
use paint::panel;

/// Draws the whole screen for `model`.
pub fn view(model: &Model, frame: &mut Frame) {
    let area = frame.area();
    let theme = model.theme();
    match &model.screen {
        Screen::Play(screen) => draw_play(model, screen, frame),
        Screen::Browser => {
            paint::restyle(frame.buffer_mut(), area, theme.style(Role::Background));
            draw_browser(model, frame);
        }
    }
}

fn draw_browser(model: &Model, frame: &mut Frame) {
    let area = frame.area();
    let theme = model.theme();
    let buf = frame.buffer_mut();
    browser::draw(buf, area, model);
    if layout::browser::BrowserLayout::compute(area).is_none() {
        return;
    }
    match model.overlay {
        Overlay::Help => help::draw(
            buf,
            area,
            &browser_help(&model.keys.browser),
            model.help_scroll,
            theme,
        ),
        Overlay::NewPuzzle(form) => form::draw(buf, area, &form, theme),
        Overlay::Confirm(question) => confirm::draw(buf, area, question, theme),
        Overlay::Open => prompt::draw(buf, area, &model.prompt, theme),
        Overlay::Stats => stats::draw(buf, area, model.stats.as_ref(), model.stats_scroll, theme),
        Overlay::None | Overlay::Rules => {
            if let Some(request) = &model.generating {
                let waited = model.now.saturating_sub(model.generating_since);
                let progress = model.generating_progress;
                form::draw_progress(buf, area, request, progress, waited, theme);
            }
        }
    }
}

fn draw_play(model: &Model, screen: &PlayScreen, frame: &mut Frame) {
    let area = frame.area();
    let theme = model.theme();
    // Whether the position is solved is asked once a frame: it checks every rule of the game.
    // In proof mode a solved board is a leaf of the proof: the proof's messages stay.
    let won = screen.session.is_won() && screen.proof.is_none();
    let footer = layout::footer::footer(model, screen, won);
    let Some(layout) =
        layout::layout_with_footer(model, (area.width, area.height), footer.as_ref())
    else {
        let buf = frame.buffer_mut();
        paint::restyle(buf, area, theme.style(Role::Background));
        let geometry = layout::BoardGeometry::of(&screen.session);
        too_small::draw(buf, area, geometry.required_size(), theme);
        return;
    };
    let buf = frame.buffer_mut();
    // The squares paint their cells whole: no background under them.
    let squares = if screen.paused {
        Rect::ZERO
    } else {
        layout.squares
    };
    paint::restyle_around(buf, area, squares, theme.style(Role::Background));
    board_frame(theme, screen, won, &layout).render(layout.board_block, buf);
    if screen.paused {
        draw_paused(buf, &layout, &model.keys.play, theme);
    } else {
        let errors = screen.errors();
        debug_assert_eq!(
            *errors,
            ErrorSet::of(&screen.session),
            "the error marks kept are the position's"
        );
        let paint = board::Paint {
            theme,
            glyphs: model.glyphs(),
            errors,
        };
        board::draw(buf, &layout, screen, &paint);
        rulers::draw(buf, &layout, screen.cursor, theme);
        clues::draw(buf, &layout, screen, theme, errors);
    }
    if let Some(area) = layout.panel {
        draw_side_panel(buf, area, screen, theme);
    }
    status::draw_status(buf, layout.status, model, screen, &layout.view);
    // With the panel drawn, the hint is shown there rather than on the message line.
    let message = footer.filter(|f| !(f.is_hint && layout.panel.is_some()));
    footer::draw(buf, layout.message, message.as_ref(), theme);
    let bar = status::KeyBarContext {
        panel_folded: layout.panel.is_none(),
        paused: screen.paused,
        finished: won,
        errors: screen.errors().count() > 0,
        proving: screen.proof.is_some(),
    };
    status::draw_key_bar(
        buf,
        layout.keys,
        &screen.session,
        bar,
        &model.keys.play,
        theme,
    );
    match model.overlay {
        Overlay::None => {}
        Overlay::Help => help::draw(
            buf,
            area,
            &play_help(&screen.session, &model.keys.play),
            model.help_scroll,
            theme,
        ),
        Overlay::Confirm(question) => confirm::draw(buf, area, question, theme),
        Overlay::Rules => {
            if let Some(mode) = &screen.proof
                && let Some(picker) = &mode.picker
            {
                let choices = crate::tui::proof_mode::shown_choices(
                    screen.session.kind(),
                    screen.cursor,
                    picker.field.text(),
                    &model.stored,
                );
                rule_picker::draw(buf, area, picker, &choices, theme);
            }
        }
        Overlay::NewPuzzle(_) | Overlay::Open | Overlay::Stats => {}
    }
}

/// The side panel: the hint shown on top, then the history, or in proof mode the proof tree.
fn draw_side_panel(buf: &mut Buffer, area: Rect, screen: &PlayScreen, theme: &Theme) {
    let history_area = match &screen.hint {
        Some(shown) => hint::draw(buf, area, shown, theme),
        None => area,
    };
    match &screen.proof {
        Some(mode) => {
            let (lines, current) = mode.lines();
            let summary = mode.summary();
            let title = if summary.complete {
                "Proof: complete".to_string()
            } else {
                format!("Proof: {} open, {} invalid", summary.open, summary.invalid)
            };
            proof_tree::draw(buf, history_area, &title, &lines, current, theme);
        }
        None => history::draw(buf, history_area, &screen.session, theme),
    }
}

/// The board's frame: the game's name on top (and how it was solved, in the banner's colours,
/// once it is), and at the foot, when the board scrolls, which rows and columns are shown.
fn board_frame<'a>(
    theme: &Theme,
    screen: &PlayScreen,
    won: bool,
    layout: &layout::PlayLayout,
) -> Bordered<'a> {
    let title = screen.session.title();
    let block = if won {
        // The longest wording that fits on the frame: a title is never cut.
        let room = usize::from(layout.board_block.width.saturating_sub(2));
        let headline = banner::headline(screen.finish);
        let won = [
            format!(" {title}: {headline} "),
            format!(" {headline} "),
            format!(" {} ", banner::word(screen.finish)),
        ]
        .into_iter()
        .find(|t| t.chars().count() <= room)
        .unwrap_or_default();
        Bordered::new(
            theme
                .style(Role::Banner)
                .remove_modifier(Modifier::REVERSED),
        )
        .title(Line::styled(won, theme.style(Role::Banner)))
    } else {
        panel(theme, title)
    };
    let block = if screen.paused {
        block.title(Line::styled(" paused ", theme.style(Role::Title)))
    } else {
        block
    };
    if !layout.is_scrolled() {
        return block;
    }
    let room = usize::from(layout.board_block.width.saturating_sub(4));
    let long = layout.position_text(false);
    let text = if long.len() + 2 <= room {
        long
    } else {
        layout.position_text(true)
    };
    block.title_bottom(Line::styled(format!(" {text} "), theme.style(Role::Title)))
}

/// The board hidden while paused: its squares blank, and how to resume.
fn draw_paused(
    buf: &mut ratatui::buffer::Buffer,
    layout: &layout::PlayLayout,
    keys: &super::keys::Bound,
    theme: &Theme,
) {
    let area = layout.squares;
    let style = paint::cell_style(theme, &[Role::Dim]);
    for y in area.y..area.bottom() {
        for cell in paint::row_cells(buf, area.x, y, area.width) {
            cell.set_style(style).set_symbol(" ");
        }
    }
    let text = format!("paused: {} resumes", keys.key_name(&super::msg::Msg::Pause));
    let lines = text::wrap(&text, usize::from(area.width));
    let top = area.y + area.height.saturating_sub(lines.len() as u16) / 2;
    for (i, line) in lines.iter().enumerate() {
        let width = line.chars().count() as u16;
        let x = area.x + area.width.saturating_sub(width) / 2;
        paint::put_text(buf, x, top + i as u16, line, usize::from(area.width), style);
    }
}
