//! The help overlay's messages: it scrolls, and closes on `?`, Esc or `q` (the keymap sends
//! all three as [`Msg::ToggleHelp`]) or a click; anything else is ignored.

use crate::tui::layout::WHEEL_STEP;
use crate::tui::layout::help::page;
use crate::tui::model::{Model, Overlay};
use crate::tui::msg::{Direction, Msg};

/// Opens the help at its top: the rules come first.
pub fn open(model: &mut Model) {
    model.overlay = Overlay::Help;
    model.help_scroll = 0;
}

/// `msg` to the open help.
pub fn act(model: &mut Model, msg: Msg) {
    let page = page(model);
    let last = page.last_scroll();
    // A page keeps one row of the one before in sight.
    let step = page.shown().saturating_sub(1).max(1);
    let at = model.help_scroll.min(last);
    model.help_scroll = match msg {
        // Back is Esc's message elsewhere: closing is what it means here too.
        Msg::ToggleHelp | Msg::Back | Msg::Click { .. } => {
            model.overlay = Overlay::None;
            0
        }
        Msg::Move(Direction::Up) => at.saturating_sub(1),
        Msg::Move(Direction::Down) => (at + 1).min(last),
        Msg::Wheel(Direction::Up) => at.saturating_sub(WHEEL_STEP),
        Msg::Wheel(Direction::Down) => (at + WHEEL_STEP).min(last),
        Msg::PageUp => at.saturating_sub(step),
        Msg::PageDown => (at + step).min(last),
        Msg::Home | Msg::First => 0,
        Msg::End | Msg::Last => last,
        _ => at,
    };
}

/// Keeps the help's scroll offset within its rows at the model's size (after a resize).
pub fn keep_in_range(model: &mut Model) {
    if model.overlay == Overlay::Help {
        model.help_scroll = model.help_scroll.min(page(model).last_scroll());
    }
}
