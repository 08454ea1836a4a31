//! The names keys.toml gives the messages of the key tables: one action per message a key can
//! send, named after the message, the same on every screen that has it.

use super::row::Row;
use crate::tui::msg::{Direction, Msg};

/// The action name of `msg`, when a key table can bind it (`hint`, `next_error`, `up`).
pub fn action_name(msg: &Msg) -> Option<&'static str> {
    let name = match msg {
        Msg::Move(Direction::Up) => "up",
        Msg::Move(Direction::Down) => "down",
        Msg::Move(Direction::Left) => "left",
        Msg::Move(Direction::Right) => "right",
        Msg::PageUp => "page_up",
        Msg::PageDown => "page_down",
        Msg::Home => "home",
        Msg::End => "end",
        Msg::First => "first",
        Msg::Last => "last",
        Msg::LastMove => "last_move",
        Msg::Primary => "primary",
        Msg::Secondary => "secondary",
        Msg::Cycle => "cycle",
        Msg::Clear => "clear",
        Msg::FillRow => "fill_row",
        Msg::FillCol => "fill_column",
        Msg::Undo => "undo",
        Msg::Redo => "redo",
        Msg::Restart => "restart",
        Msg::Reveal => "reveal",
        Msg::Hint => "hint",
        Msg::NextError => "next_error",
        Msg::NextPuzzle => "next_puzzle",
        Msg::TogglePanel => "panel",
        Msg::ToggleProof => "proof",
        Msg::PickRule => "rule",
        Msg::Link => "link",
        Msg::Tree(Direction::Up) => "tree_up",
        Msg::Tree(Direction::Down) => "tree_down",
        Msg::Pause => "pause",
        Msg::NextTheme => "theme",
        Msg::ToggleAscii => "ascii",
        Msg::ToggleHelp => "help",
        Msg::Back => "back",
        Msg::Quit => "quit",
        Msg::Open => "open",
        Msg::NewPuzzle => "new_puzzle",
        Msg::OpenPrompt => "open_id",
        Msg::DeleteMade => "delete",
        Msg::ShowStats => "stats",
        Msg::CycleGameFilter => "game_filter",
        Msg::CycleStatusFilter => "status_filter",
        _ => return None,
    };
    Some(name)
}

/// Every action of `table`, in the table's order: its name and the message it sends.
pub fn actions(table: &[Row]) -> Vec<(&'static str, Msg)> {
    let mut out: Vec<(&'static str, Msg)> = Vec::new();
    let sent = table.iter().flat_map(|row| match row {
        Row::Keys(binding) => binding.keys,
        Row::PieceLetters | Row::Note(..) => &[],
    });
    for (_, msg) in sent {
        let name = action_name(msg).unwrap_or_else(|| panic!("{msg:?} has no action name"));
        if !out.iter().any(|(n, _)| *n == name) {
            out.push((name, msg.clone()));
        }
    }
    out
}

/// The message of action `name` in `table`.
pub fn action_msg(table: &[Row], name: &str) -> Option<Msg> {
    actions(table)
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, msg)| msg)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::tui::keys::{BROWSER, PLAY};

    #[test]
    fn every_bound_message_has_one_name_and_each_lies_in_one_row() {
        for table in [PLAY, BROWSER] {
            let actions = actions(table);
            let names: HashSet<_> = actions.iter().map(|(n, _)| n).collect();
            assert_eq!(names.len(), actions.len(), "two messages share a name");
            for (name, msg) in &actions {
                assert!(name.chars().all(|c| c.is_ascii_lowercase() || c == '_'));
                let rows = table
                    .iter()
                    .filter(
                        |row| matches!(row, Row::Keys(b) if b.keys.iter().any(|(_, m)| m == msg)),
                    )
                    .count();
                assert_eq!(rows, 1, "`{name}` is sent by {rows} rows");
            }
        }
    }

    #[test]
    fn the_playing_guide_lists_every_action() {
        // The player's guide holds the keys.toml reference (its section "Rebinding keys").
        let guide = include_str!("../../../docs/playing.md");
        for table in [PLAY, BROWSER] {
            for (name, _) in actions(table) {
                assert!(
                    guide.contains(&format!("`{name}`")),
                    "docs/playing.md lacks `{name}`"
                );
            }
        }
    }

    #[test]
    fn names_find_their_message() {
        assert_eq!(action_msg(PLAY, "next_error"), Some(Msg::NextError));
        assert_eq!(action_msg(PLAY, "open_id"), None);
        assert_eq!(action_msg(BROWSER, "open_id"), Some(Msg::OpenPrompt));
    }
}
