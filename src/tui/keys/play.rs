//! The play screen's keys (docs/playing.md#keys-while-playing): the keymap, the help overlay and
//! the key bar all read this table.

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
        .bar(1, entry("arrows", "move", ("hjkl", "move"), 12))
        .bar_when(When::Unpaused),
    ),
    Row::Keys(
        Binding::new(
            key_list![
                plain(KeyCode::PageUp, Msg::PageUp),
                plain(KeyCode::PageDown, Msg::PageDown),
            ],
            "a screen up / down",
        )
        .bar(17, entry("PgUp/PgDn", "page", ("PgDn", "page"), 0))
        .bar_when(When::Unpaused),
    ),
    Row::Keys(
        Binding::new(
            key_list![
                plain(KeyCode::Home, Msg::Home),
                plain(KeyCode::End, Msg::End),
            ],
            "the row's first / last square",
        )
        .bar(18, entry("Home/End", "row ends", ("End", "row"), 0))
        .bar_when(When::Unpaused),
    ),
    Row::Keys(Binding::new(
        key_list![
            (Key::CtrlKey(KeyCode::Home), Msg::First),
            (Key::CtrlKey(KeyCode::End), Msg::Last),
        ],
        "the board's first / last square",
    )),
    Row::Keys(Binding::new(
        key_list![letter('.', Msg::LastMove)],
        "the square of the last move",
    )),
    Row::Keys(
        Binding::new(
            key_list![plain(KeyCode::Enter, Msg::Primary)],
            "{primary} (on an occupied square: empty it, as a click does)",
        )
        .bar(2, entry("Enter", "{primary}", ("Enter", "{primary}"), 11))
        .bar_when(When::Playing),
    ),
    Row::Keys(
        Binding::new(key_list![letter('-', Msg::Secondary)], "{secondary}")
            .joins()
            .bar(3, entry("-", "{secondary}", ("-", "{secondary}"), 10))
            .bar_when(When::Playing),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter(' ', Msg::Cycle)],
            "cycle empty, {primary}, {secondary}",
        )
        .bar(4, entry("Space", "cycle", ("Spc", "cyc"), 3))
        .bar_when(When::Playing),
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
        .bar(5, entry("e", "empty", ("e", "del"), 2))
        .bar_when(When::Playing),
    ),
    Row::PieceLetters,
    Row::Keys(
        Binding::new(
            key_list![letter('f', Msg::FillRow), letter('F', Msg::FillCol)],
            "fill the cursor's row / column with {secondary}",
        )
        .printed("f / F")
        .bar(6, entry("f/F", "fill", ("f/F", "fill"), 4))
        .bar_when(When::Playing)
        .when(When::GameFills),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('z', Msg::Undo), letter('u', Msg::Undo)],
            "undo",
        )
        .bar(7, entry("z", "undo", ("z", "undo"), 9))
        .bar_when(When::Unpaused),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('y', Msg::Redo), (Key::Ctrl('r'), Msg::Redo)],
            "redo",
        )
        .joins()
        .bar(8, entry("y", "redo", ("y", "redo"), 8))
        .bar_when(When::Playing),
    ),
    Row::Keys(
        Binding::new(key_list![letter('r', Msg::Restart)], "restart")
            .bar(9, entry("r", "restart", ("r", "rst"), 5))
            .bar_when(When::Unpaused),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('s', Msg::Reveal)],
            "reveal the solution (both ask first)",
        )
        .joins()
        .bar(10, entry("s", "reveal", ("s", "show"), 6))
        .bar_when(When::Playing),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('n', Msg::Hint)],
            "show a hint; {key:hint} again applies it",
        )
        .bar(13, always("n", "hint", ("n", "hint")))
        .bar_when(When::Playing),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('x', Msg::NextError)],
            "the next error, in reading order",
        )
        .bar(20, entry("x", "next error", ("x", "error"), 8))
        .bar_when(When::Errors),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('N', Msg::NextPuzzle)],
            "the next unsolved pack puzzle (once solved: {key:primary}, {key:hint})",
        )
        .bar(0, always("Enter", "next puzzle", ("Enter", "next")))
        .bar_shows("primary")
        .bar_when(When::Finished),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('p', Msg::TogglePanel)],
            "show / hide the side panel (history, hint)",
        )
        .bar(12, entry("p", "panel", ("p", "pnl"), 7))
        .bar_when(When::PanelFolded),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('v', Msg::ToggleProof)],
            "proof mode: your own steps checked rule by rule, with cases; {key:proof} again leaves",
        )
        .bar(21, entry("v", "prove", ("v", "prv"), 2))
        .bar_when(When::Playing),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('/', Msg::PickRule)],
            "proof mode: name the rule for the squares set (none: everywhere), a case or a contradiction",
        )
        .bar(22, entry("/", "rule", ("/", "rule"), 30))
        .bar_when(When::Proving),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('L', Msg::Link)],
            "proof mode: link the tent or tree under the cursor to one beside it; again: the next",
        )
        .when(When::GameLinks),
    ),
    Row::Keys(
        Binding::new(
            key_list![
                letter('[', Msg::Tree(Direction::Up)),
                letter(']', Msg::Tree(Direction::Down))
            ],
            "proof mode: the previous / next line of the proof tree",
        )
        .printed("[ / ]")
        .bar(23, entry("[ ]", "tree", ("[]", "tree"), 29))
        .bar_when(When::Proving),
    ),
    Row::Keys(
        Binding::new(
            key_list![letter('P', Msg::Pause)],
            "pause: the board hidden, the clock stopped; {key:pause} again resumes",
        )
        .bar(19, entry("P", "{pause}", ("P", "{pause}"), 6))
        .bar_when(When::Unfinished),
    ),
    Row::Keys(Binding::new(THEME, THEME_WORDS).bar(11, entry("c", "theme", ("c", "thm"), 1))),
    Row::Keys(Binding::new(ASCII, ASCII_WORDS).joins()),
    Row::Keys(Binding::new(HELP, HELP_WORDS).bar(14, always("?", "help", ("?", "help")))),
    Row::Keys(
        Binding::new(BACK, "back to the puzzle browser (progress kept)")
            .bar(15, always("Esc", "back", ("Esc", "back"))),
    ),
    Row::Keys(
        Binding::new(QUIT, "quit (progress kept)").bar(16, always("q", "quit", ("q", "quit"))),
    ),
    Row::Note("", ""),
    Row::Note(
        "mouse",
        "click: {primary} (or clear), right: {secondary}; drag paints; wheel scrolls",
    ),
];
