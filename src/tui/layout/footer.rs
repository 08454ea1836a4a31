//! What the message area under the board says: the won banner, the last action's message, a
//! lasting notice, or (with the side panel folded away) the hint shown. It grows to
//! [`MAX_LINES`] lines and wraps at word boundaries, so no message is cut; how many lines it
//! takes is part of the layout, and the view draws them.

use super::banner::banner_with_keys;
use super::text::{fit_with_ellipsis, wrap};
use crate::theme::Role;
use crate::tui::model::{Model, PlayScreen, Tone};

/// Most lines the message area takes.
pub const MAX_LINES: u16 = 3;

/// What the message area says, and in which role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Footer {
    /// The text, on one logical line.
    pub text: String,
    /// The role it is drawn in.
    pub role: Role,
    /// The text is the hint shown, which the side panel shows instead when it is drawn.
    pub is_hint: bool,
}

/// The message area's content on the play screen, `won` telling whether its position is solved.
pub fn footer(model: &Model, screen: &PlayScreen, won: bool) -> Option<Footer> {
    if won {
        let kind = screen.session.kind();
        let current = screen.puzzle.key.as_deref();
        let next = model.browser.next_unsolved(kind, current).is_some();
        let banner = banner_with_keys(screen.finish, next, &model.keys.play);
        // A warning (such as why a key did nothing) comes first, until the next key; what an
        // information would say, the banner says.
        let text = match &model.message {
            Some(message) if message.tone == Tone::Warning => {
                format!("{}  ·  {banner}", message.text)
            }
            _ => banner,
        };
        return Some(Footer {
            text,
            role: Role::Banner,
            is_hint: false,
        });
    }
    if let Some(message) = model.message_shown() {
        return Some(Footer {
            text: message.text.clone(),
            role: match message.tone {
                Tone::Info => Role::Text,
                Tone::Warning => Role::Error,
            },
            is_hint: false,
        });
    }
    screen.hint.as_ref().map(|hint| Footer {
        text: format!(
            "hint: {} ({}): {}",
            hint.rule.name, hint.rule.tier, hint.explanation
        ),
        role: Role::Text,
        is_hint: true,
    })
}

/// The lines `text` takes in an area `width` columns wide (a space either side), at most
/// [`MAX_LINES`]; past that the last line ends with an ellipsis.
pub fn lines(text: &str, width: u16) -> Vec<String> {
    let room = usize::from(width.saturating_sub(2)).max(1);
    let mut lines = wrap(text, room);
    let max = usize::from(MAX_LINES);
    if lines.len() > max {
        let rest = lines.split_off(max - 1).join(" ");
        lines.push(fit_with_ellipsis(&rest, room));
    }
    lines
}

/// Rows the message area needs for `footer` at `width` columns: at least one.
pub fn height(footer: Option<&Footer>, width: u16) -> u16 {
    footer.map_or(1, |f| lines(&f.text, width).len().max(1) as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_message_wraps_and_only_a_very_long_one_is_shortened() {
        let reason = "a ".repeat(70);
        let two = lines(reason.trim(), 80);
        assert_eq!(two.len(), 2);
        assert_eq!(two.join(" "), reason.trim());
        let four = "word ".repeat(80);
        let three = lines(four.trim(), 80);
        assert_eq!(three.len(), 3);
        assert!(three[2].ends_with('…'), "{:?}", three[2]);
        assert_eq!(height(None, 80), 1);
    }
}
