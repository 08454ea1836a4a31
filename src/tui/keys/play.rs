//! The play screen's keys (SPEC §7): the keymap, the help overlay and the key bar all read this
//! table.

use crossterm::event::KeyCode;

use super::key::Key;
use super::row::{Binding, Row, When, always, entry};
use super::shared::{
    ASCII, ASCII_WORDS, BACK, HELP, HELP_WORDS, QUIT, THEME, THEME_WORDS, letter, plain,
};
use crate::tui::msg::{Direction, Msg};

/// The play screen's rows, in the help overlay's order.
pub const PLAY: &[Row] = &[
    Row::Keys(
        Binding::new(
            key_list![
                plain(KeyCode::Up, Msg::Move(Direction::Up)),
                plain(KeyCode::Down, Msg::Move(Direction::Down)),
                plain(KeyCode::Left, Msg::Move(Direction::Left)),
                plain(KeyCode::Right, Msg::Move(Direction::Right)),
                letter('h', Msg::Move(Direction::Left)),
                letter('j', Msg::Move(Direction::Down)),
                letter('k', Msg::Move(Direction::Up)),
                letter('l', Msg::Move(Direction::Right)),
            ],
            "move the cursor (wraps on wrapping grids)",
        )
        .bar(0, entry("arrows", "move", ("hjkl", "move"), 12)),
    ),
    Row::Keys(
        Binding::new(key_list![plain(KeyCode::Enter, Msg::Primary)], "{primary}")
            .bar(1, entry("Enter", "{primary}", ("Enter", "{primary}"), 11)),
    ),
    Row::Keys(
        Binding::new(key_list![letter('-', Msg::Secondary)], "{secondary}")
            .joins()
            .bar(2, entry("-", "{secondary}", ("-", "{secondary}"), 10)),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter(' ', Msg::Cycle)],
            "cycle empty, {primary}, {secondary}",
        )
        .bar(3, entry("Space", "cycle", ("Spc", "cyc"), 3)),
    ),
    Row::Keys(
        Binding::new(
            key_list![
                plain(KeyCode::Backspace, Msg::Clear),
                plain(KeyCode::Delete, Msg::Clear),
                letter('e', Msg::Clear),
            ],
            "empty the square",
        )
        .bar(4, entry("e", "empty", ("e", "del"), 2)),
    ),
    Row::PieceLetters,
    Row::Keys(
        Binding::new(
            key_list![letter('f', Msg::FillRow), letter('F', Msg::FillCol)],
            "fill the cursor's row / column with {secondary}",
        )
        .printed("f / F")
        .bar(5, entry("f/F", "fill", ("f/F", "fill"), 4))
        .when(When::GameFills),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('z', Msg::Undo), letter('u', Msg::Undo)],
            "undo",
        )
        .bar(6, entry("z", "undo", ("z", "undo"), 9)),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('y', Msg::Redo), (Key::Ctrl('r'), Msg::Redo)],
            "redo",
        )
        .joins()
        .bar(7, entry("y", "redo", ("y", "redo"), 8)),
    ),
    Row::Keys(
        Binding::new(key_list![letter('r', Msg::Restart)], "restart")
            .bar(8, entry("r", "restart", ("r", "rst"), 5)),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('s', Msg::Reveal)],
            "reveal the solution (both ask first)",
        )
        .joins()
        .bar(9, entry("s", "reveal", ("s", "show"), 6)),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('n', Msg::Hint)],
            "show a hint; n again applies it",
        )
        .bar(12, always("n", "hint", ("n", "hint"))),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('p', Msg::TogglePanel)],
            "show / hide the side panel (history, hint)",
        )
        .bar(11, entry("p", "panel", ("p", "pnl"), 7))
        .bar_when(When::PanelFolded),
    ),
    Row::Keys(Binding::new(THEME, THEME_WORDS).bar(10, entry("c", "theme", ("c", "thm"), 1))),
    Row::Keys(Binding::new(ASCII, ASCII_WORDS).joins()),
    Row::Keys(Binding::new(HELP, HELP_WORDS).bar(13, always("?", "help", ("?", "help")))),
    Row::Keys(
        Binding::new(BACK, "back to the puzzle browser (progress kept)")
            .bar(14, always("Esc", "back", ("Esc", "back"))),
    ),
    Row::Keys(
        Binding::new(QUIT, "quit (progress kept)").bar(15, always("q", "quit", ("q", "quit"))),
    ),
    Row::Note("", ""),
    Row::Note(
        "mouse",
        "click: {primary} (or clear), right: {secondary}; wheel scrolls",
    ),
];
