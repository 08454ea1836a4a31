//! The open prompt, drawn over the browser: what was typed, and why it could not be opened.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};

use super::footer;
use super::layout::centred;
use super::paint::{cell_style, panel};
use crate::game::GameKind;
use crate::theme::{Role, Theme};
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
pub const PROMPT_KEYS: &str = "Enter open  Backspace erase  Esc cancel";

/// The prompt's lines: the question, the entry (its end shown when it is longer than the
/// line, the cursor after it), then the reason of a refused entry, wrapped.
pub fn prompt_lines(prompt: &OpenPrompt, width: u16) -> Vec<(String, Role)> {
    let width = usize::from(width);
    let mut lines = vec![(ask(), Role::Text)];
    let entry: Vec<char> = prompt.text.chars().collect();
    let room = width.saturating_sub(3);
    let shown: String = entry[entry.len().saturating_sub(room)..].iter().collect();
    let cursor = if prompt.reading { "…" } else { "█" };
    lines.push((format!("> {shown}{cursor}"), Role::Cursor));
    if let Some(error) = &prompt.error {
        for line in footer::lines(error, width as u16) {
            lines.push((line, Role::Error));
        }
    }
    lines.push((String::new(), Role::Text));
    lines.push((PROMPT_KEYS.to_string(), Role::Banner));
    lines
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
    for (i, (line, role)) in lines.iter().enumerate().take(usize::from(inner.height)) {
        let y = inner.y + i as u16;
        buf.set_stringn(
            inner.x + 1,
            y,
            line,
            max,
            cell_style(theme, &[Role::Text, *role]),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_entry_shows_its_end_and_a_reason_wraps() {
        let prompt = OpenPrompt {
            text: "x".repeat(50) + "END",
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
