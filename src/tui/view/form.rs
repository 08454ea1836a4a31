//! The new random puzzle form, drawn over the browser.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};

use super::layout::centred;
use super::paint::{cell_style, panel};
use crate::theme::{Role, Theme};
use crate::tui::form::{FormField, NewPuzzleForm};

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
}
