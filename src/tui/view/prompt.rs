//! The open prompt, drawn over the browser: what was typed, and why it could not be opened.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};

use super::paint::{cell_style, panel};
use crate::game::GameKind;
use crate::theme::{Role, Theme};
use crate::tui::layout::centred;
use crate::tui::layout::footer;
use crate::tui::model::OpenPrompt;

/// What the prompt asks for: "Tatham game ID (tents:…, lightup:…, mosaic:…), puzzle file or
/// name:", with every game of the list.
pub fn ask() -> String {
    let prefixes: Vec<String> = GameKind::ALL
        .iter()
        .map(|k| format!("{}:…", k.id()))
        .collect();
    format!(
        "Tatham game ID ({}), puzzle file or name:",
        prefixes.join(", ")
    )
}

/// The keys under the entry.
pub const PROMPT_KEYS: &str = "Enter open  ←→ Home End move  Ctrl-U/W erase  Esc cancel";

/// The prompt's lines: the question, the entry (its end shown when it is longer than the
/// line, the cursor after it), then the reason of a refused entry, wrapped.
pub fn prompt_lines(prompt: &OpenPrompt, width: u16) -> Vec<(String, Role)> {
    let width = usize::from(width);
    let mut lines = vec![(ask(), Role::Text)];
    lines.push((entry_line(prompt, width), Role::Cursor));
    if let Some(error) = &prompt.error {
        for line in footer::lines(error, width as u16) {
            lines.push((line, Role::Error));
        }
    }
    lines.push((String::new(), Role::Text));
    lines.push((PROMPT_KEYS.to_string(), Role::Banner));
    lines
}

/// The entry's line, `width` columns: `> ` and the part of the entry around the cursor. At the
/// end of the entry the cursor is a block after it (`…` while the entry is read); inside it,
/// the character under the cursor is drawn reversed ([`cursor_column`]).
fn entry_line(prompt: &OpenPrompt, width: usize) -> String {
    let entry: Vec<char> = prompt.field.text().chars().collect();
    let room = width.saturating_sub(3);
    let (first, _) = prompt.field.window(room + 1);
    let shown: String = entry[first..].iter().take(room + 1).collect();
    if prompt.field.cursor() < entry.len() {
        return format!("> {}", shown.chars().take(room + 1).collect::<String>());
    }
    let shown: String = entry[entry.len().saturating_sub(room)..].iter().collect();
    let cursor = if prompt.reading { "…" } else { "█" };
    format!("> {shown}{cursor}")
}

/// The screen column of the entry's cursor inside the line (after `> `), when it stands on a
/// character of the entry rather than after its end.
fn cursor_column(prompt: &OpenPrompt, width: usize) -> Option<usize> {
    let len = prompt.field.text().chars().count();
    (prompt.field.cursor() < len).then(|| {
        let (_, at) = prompt.field.window(width.saturating_sub(3) + 1);
        2 + at
    })
}

/// Draws the prompt centred in `area`, as wide as the screen allows.
pub fn draw(buf: &mut Buffer, area: Rect, prompt: &OpenPrompt, theme: &Theme) {
    let width = area.width.saturating_sub(4).min(100);
    let lines = prompt_lines(prompt, width.saturating_sub(4));
    let popup = centred(area, width, lines.len() as u16 + 2);
    Clear.render(popup, buf);
    buf.set_style(popup, cell_style(theme, &[]));
    let block = panel(theme, "Open a puzzle");
    let inner = block.inner(popup);
    block.render(popup, buf);
    let max = usize::from(inner.width.saturating_sub(1));
    let inside = cursor_column(prompt, usize::from(width.saturating_sub(4)));
    for (i, (line, role)) in lines.iter().enumerate().take(usize::from(inner.height)) {
        let y = inner.y + i as u16;
        // With the cursor inside the entry, the line is text and the cursor one cell.
        let role = match (i, inside) {
            (1, Some(_)) => Role::Text,
            _ => *role,
        };
        buf.set_stringn(
            inner.x + 1,
            y,
            line,
            max,
            cell_style(theme, &[Role::Text, role]),
        );
        if let (1, Some(column)) = (i, inside)
            && let Some(cell) = buf.cell_mut((inner.x + 1 + column as u16, y))
        {
            cell.set_style(cell_style(theme, &[Role::Text, Role::Cursor]))
                .modifier
                .insert(ratatui::style::Modifier::REVERSED);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_entry_shows_its_end_and_a_reason_wraps() {
        let prompt = OpenPrompt {
            field: crate::tui::text_field::TextField::new(&("x".repeat(50) + "END")),
            error: Some("word ".repeat(20)),
            reading: false,
        };
        let lines = prompt_lines(&prompt, 30);
        assert!(lines[1].0.ends_with("END█"), "{:?}", lines[1]);
        assert_eq!(lines[1].0.chars().count(), 30);
        let reason: Vec<_> = lines.iter().filter(|(_, r)| *r == Role::Error).collect();
        assert!(reason.len() >= 3, "{lines:?}");
        assert!(reason.iter().all(|(l, _)| l.chars().count() <= 30));
    }
}
