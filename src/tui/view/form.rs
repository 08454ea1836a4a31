//! The new random puzzle form, drawn over the browser, and the panel that stands in for it
//! while the puzzle is made: what is made, a progress bar with the phase and the seconds, and
//! how to stop.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, LineGauge, Widget};

use super::paint::{cell_style, panel};
use crate::deduce::Progress;
use crate::theme::{GlyphSet, Role, Theme};
use crate::tui::form::{FormField, NewPuzzleForm};
use crate::tui::generate::GenRequest;
use crate::tui::layout::centred;

/// The form's lines: (label, value) per field, the selected one marked.
pub fn form_lines(form: &NewPuzzleForm) -> Vec<String> {
    FormField::ALL
        .iter()
        .map(|&field| {
            let marker = if field == form.field { '>' } else { ' ' };
            format!(
                "{marker} {:<11} < {} >",
                field.label(form.kind),
                form.value(field)
            )
        })
        .collect()
}

/// The help line under the fields.
pub const FORM_KEYS: &str = "up/down choose  left/right or digits change  Enter make  Esc cancel";

/// The line saying what the form accepts.
pub fn bounds_line(form: &NewPuzzleForm) -> String {
    let (min, max) = crate::tui::form::sides(form.kind);
    format!("sides {min} to {max}; no seed: one from the clock")
}

/// Draws the form centred in `area`.
pub fn draw(buf: &mut Buffer, area: Rect, form: &NewPuzzleForm, theme: &Theme) {
    let title = format!("New {} puzzle", form.kind.title());
    let lines = form_lines(form);
    let width = FORM_KEYS.len().max(title.len() + 4) as u16 + 4;
    let popup = centred(area, width, lines.len() as u16 + 5);
    Clear.render(popup, buf);
    buf.set_style(popup, cell_style(theme, &[]));
    let block = panel(theme, &title);
    let inner = block.inner(popup);
    block.render(popup, buf);
    let max = usize::from(inner.width.saturating_sub(1));
    for (i, (line, field)) in lines.iter().zip(FormField::ALL).enumerate() {
        let y = inner.y + i as u16;
        if y >= inner.bottom() {
            return;
        }
        let roles: &[Role] = if field == form.field {
            &[Role::Text, Role::Selected]
        } else {
            &[Role::Text]
        };
        buf.set_stringn(inner.x + 1, y, line, max, cell_style(theme, roles));
    }
    let notes = [
        (bounds_line(form), Role::Text),
        (FORM_KEYS.to_string(), Role::Banner),
    ];
    for (i, (text, role)) in notes.iter().enumerate() {
        let y = inner.y + lines.len() as u16 + 1 + i as u16;
        if y < inner.bottom() {
            buf.set_stringn(inner.x + 1, y, text, max, cell_style(theme, &[*role]));
        }
    }
}

/// The progress bar's label: the phase, the part done and the seconds waited (a later
/// attempt, after a planting that failed, says so).
pub fn progress_label(progress: Progress, waited: Duration) -> String {
    let attempt = match progress.attempt {
        0 => String::new(),
        n => format!(", attempt {}", n + 1),
    };
    format!(
        "{} {:>3}%{attempt}  {:.1} s",
        progress.phase.words(),
        (progress.fraction() * 100.0).round(),
        waited.as_secs_f64()
    )
}

/// The line under the progress bar.
pub const PROGRESS_KEYS: &str = "Esc cancels";

/// Draws the panel of a puzzle being made, centred in `area`: `waited` is the time since it
/// was asked for.
pub fn draw_progress(
    buf: &mut Buffer,
    area: Rect,
    request: &GenRequest,
    progress: Progress,
    waited: Duration,
    theme: &Theme,
) {
    let what = format!("{} (seed {})", request.describe(), request.seed);
    let label = progress_label(progress, waited);
    let width = what.len().max(label.len() + 12).max(40) as u16 + 4;
    let popup = centred(area, width, 5);
    Clear.render(popup, buf);
    buf.set_style(popup, cell_style(theme, &[]));
    let block = panel(theme, "Making a puzzle");
    let inner = block.inner(popup);
    block.render(popup, buf);
    let max = usize::from(inner.width.saturating_sub(1));
    let line = |i: u16| Rect::new(inner.x + 1, inner.y + i, inner.width.saturating_sub(2), 1);
    if inner.height < 3 {
        return;
    }
    buf.set_stringn(
        inner.x + 1,
        inner.y,
        &what,
        max,
        cell_style(theme, &[Role::Text]),
    );
    let (filled, unfilled) = match theme.glyphs {
        GlyphSet::Ascii => ("#", "-"),
        _ => ("━", "─"),
    };
    LineGauge::default()
        .ratio(progress.fraction())
        .label(label)
        .filled_symbol(filled)
        .unfilled_symbol(unfilled)
        .style(cell_style(theme, &[Role::Text]))
        .filled_style(cell_style(theme, &[Role::Title]))
        .unfilled_style(cell_style(theme, &[Role::Grid]))
        .render(line(1), buf);
    buf.set_stringn(
        inner.x + 1,
        inner.y + 2,
        PROGRESS_KEYS,
        max,
        cell_style(theme, &[Role::Banner]),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameKind;

    #[test]
    fn the_selected_field_is_marked() {
        let lines = form_lines(&NewPuzzleForm::new(GameKind::Tents).move_field(2));
        assert_eq!(lines[0], "  rows        < 10 >");
        assert_eq!(lines[2], "> difficulty  < easy >");
    }

    #[test]
    fn the_progress_label_tells_phase_part_attempt_and_seconds() {
        let progress = Progress {
            phase: crate::deduce::Phase::Repairing,
            done: 425,
            attempt: 0,
        };
        let waited = Duration::from_millis(3140);
        assert_eq!(progress_label(progress, waited), "repairing  43%  3.1 s");
        let again = Progress {
            attempt: 1,
            ..progress
        };
        assert_eq!(
            progress_label(again, waited),
            "repairing  43%, attempt 2  3.1 s"
        );
    }
}
