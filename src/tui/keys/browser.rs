//! The puzzle browser's keys: the keymap, its help overlay and its key bar all read this table.

use crossterm::event::KeyCode;

use super::row::{Binding, Row, always, entry};
use super::shared::{
    ASCII, ASCII_WORDS, BACK, HELP, HELP_WORDS, QUIT, THEME, THEME_WORDS, letter, plain,
};
use crate::tui::msg::{Direction, Msg};

/// The browser's rows, in the help overlay's order.
pub const BROWSER: &[Row] = &[
    Row::Keys(
        Binding::new(
            key_list![
                plain(KeyCode::Up, Msg::Move(Direction::Up)),
                plain(KeyCode::Down, Msg::Move(Direction::Down)),
                letter('j', Msg::Move(Direction::Down)),
                letter('k', Msg::Move(Direction::Up)),
            ],
            "move",
        )
        .bar(0, entry("arrows", "move", ("jk", "move"), 9)),
    ),
    Row::Keys(Binding::new(
        key_list![
            plain(KeyCode::PageUp, Msg::PageUp),
            plain(KeyCode::PageDown, Msg::PageDown),
        ],
        "one page up / down",
    )),
    Row::Keys(Binding::new(
        key_list![
            plain(KeyCode::Home, Msg::Home),
            plain(KeyCode::End, Msg::End),
        ],
        "first / last line",
    )),
    Row::Keys(
        Binding::new(
            key_list![plain(KeyCode::Enter, Msg::Open)],
            "open the puzzle (or the new random puzzle form)",
        )
        .bar(1, entry("Enter", "open", ("Enter", "open"), 8)),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('n', Msg::NewPuzzle)],
            "new random puzzle of the selected game",
        )
        .bar(4, always("n", "new random", ("n", "new"))),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('o', Msg::OpenPrompt)],
            "open a Tatham game ID, a puzzle file or a puzzle's name",
        )
        .bar(5, entry("o", "open ID", ("o", "open"), 3)),
    ),
    Row::Keys(Binding::new(
        key_list![
            letter('d', Msg::DeleteMade),
            plain(KeyCode::Delete, Msg::DeleteMade),
        ],
        "delete the selected puzzle made here (asks first)",
    )),
    Row::Keys(
        Binding::new(key_list![letter('S', Msg::ShowStats)], "statistics")
            .bar(6, entry("S", "stats", ("S", "stats"), 2)),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('g', Msg::CycleGameFilter)],
            "filter by game: all, {games}",
        )
        .bar(2, entry("g", "game", ("g", "game"), 5)),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('s', Msg::CycleStatusFilter)],
            "filter by status: all, new, in progress, solved",
        )
        .bar(3, entry("s", "status", ("s", "stat"), 4)),
    ),
    Row::Keys(Binding::new(BACK, "clear the filters")),
    Row::Keys(Binding::new(THEME, THEME_WORDS).bar(7, entry("c", "theme", ("c", "thm"), 2))),
    Row::Keys(Binding::new(ASCII, ASCII_WORDS).bar(8, entry("a", "ascii", ("a", "ascii"), 1))),
    Row::Keys(Binding::new(HELP, HELP_WORDS).bar(9, always("?", "help", ("?", "help")))),
    Row::Keys(Binding::new(QUIT, "quit").bar(10, always("q", "quit", ("q", "quit")))),
    Row::Note("", ""),
    Row::Note("marks", "* solved (best time), ~ in progress"),
    Row::Note(
        "made here",
        "puzzles made by {key:new_puzzle} are kept, listed under their game",
    ),
    Row::Note("mouse", "click selects a line, a second click opens it"),
];
