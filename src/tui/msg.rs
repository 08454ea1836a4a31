//! Every input of the TUI as a message: keys, mouse, resize, time, and effect results.

use std::sync::Arc;
use std::time::Duration;

use super::generate::GenRequest;
use super::keys::{KeyBindings, KeysError};
use super::model::{Message, OpenRequest, Session, ShownHint};
use super::saved::ProgressOutcome;
use super::solution::KnownSolution;
use crate::deduce::Progress;
use crate::games::AnyGame;
use crate::progress::{Listing, Loaded, Settings as StoredSettings};
use crate::theme::{ThemeError, Themes};

/// A cursor step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// One row up.
    Up,
    /// One row down.
    Down,
    /// One column left.
    Left,
    /// One column right.
    Right,
}

/// Which mouse button was pressed (or is held through a drag).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Button {
    /// Left button: the primary piece, or clear an occupied square.
    Left,
    /// Right button: the secondary piece.
    Right,
}

/// The themes read by the loop, with every file that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedThemes {
    /// Built-ins plus usable user themes.
    pub themes: Arc<Themes>,
    /// Unusable theme files, located by path, line and column.
    pub errors: Vec<ThemeError>,
}

/// The key bindings read by the loop from keys.toml.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedKeys {
    /// The file's bindings; the defaults when there is no file or it has a problem.
    pub keys: Arc<KeyBindings>,
    /// The file's problems, located by line and column (any of them leaves the file unused).
    pub errors: Vec<KeysError>,
}

/// Everything that can happen to the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    /// Move the cursor one square.
    Move(Direction),
    /// Put the primary piece (tent / bulb / black) on the cursor's square.
    Primary,
    /// Put the secondary piece (grass / mark / white) on the cursor's square.
    Secondary,
    /// Cycle the cursor's square: empty, primary, secondary, empty.
    Cycle,
    /// Empty the cursor's square.
    Clear,
    /// A piece letter (`t g`, `l m`, `b w`): the piece of that name in the current game.
    PieceKey(char),
    /// Tents: fill the cursor's row with grass.
    FillRow,
    /// Tents: fill the cursor's column with grass.
    FillCol,
    /// Undo the last entry.
    Undo,
    /// Redo the last undone entry.
    Redo,
    /// Ask to restart the puzzle.
    Restart,
    /// Ask to reveal the solution.
    Reveal,
    /// Answer the open confirmation prompt.
    Confirm(bool),
    /// Ask for a hint.
    Hint,
    /// Switch to the next colour theme.
    NextTheme,
    /// Open or close the help overlay.
    ToggleHelp,
    /// Back to the puzzle browser.
    Back,
    /// Leave the program.
    Quit,
    /// A mouse press at a terminal cell.
    Click {
        /// Terminal column.
        column: u16,
        /// Terminal row.
        row: u16,
        /// Which button.
        button: Button,
    },
    /// The mouse moved with a button held, over terminal cell (`column`, `row`): a drag paints
    /// what its first square received over every square it passes in the row or column it
    /// keeps to, and scrolls only past the view's edge.
    Drag {
        /// Terminal column.
        column: u16,
        /// Terminal row.
        row: u16,
    },
    /// A mouse button was released: the drag, if any, ends.
    Release,
    /// A mouse wheel notch: the board's view (and the cursor with it) scrolls that way; the
    /// browser's selection moves.
    Wheel(Direction),
    /// Show or hide the play screen's side panel (history and hint).
    TogglePanel,
    /// Enter or leave proof mode.
    ToggleProof,
    /// Proof mode: open the rule picker (name the rule of a step).
    PickRule,
    /// Proof mode (Tents): link the tent or tree under the cursor to the next one beside it.
    Link,
    /// Proof mode: go to the previous / next line of the proof tree.
    Tree(Direction),
    /// The terminal's new size in columns and rows.
    Resize(u16, u16),
    /// Time since the program started.
    Tick(Duration),
    /// The loop finished loading themes.
    ThemesLoaded(LoadedThemes),
    /// The loop started: ask for themes, keys, settings and the saved progress listing.
    Start,
    /// The loop read keys.toml.
    KeysLoaded(LoadedKeys),
    /// Browser: one page up. Play: the cursor a screen up.
    PageUp,
    /// Browser: one page down. Play: the cursor a screen down.
    PageDown,
    /// Browser: the first line. Play: the first square of the cursor's row.
    Home,
    /// Browser: the last line. Play: the last square of the cursor's row.
    End,
    /// Play: the board's first square (top left).
    First,
    /// Play: the board's last square (bottom right).
    Last,
    /// Play: the square of the last move made (the newest entry of the undo stack).
    LastMove,
    /// Play: the cursor to the next error, in reading order.
    NextError,
    /// Play: open the next unsolved puzzle of the pack, of the same game.
    NextPuzzle,
    /// Play: pause or resume (the board hidden and the clock stopped while paused).
    Pause,
    /// Browser: open the selected line (a puzzle, or the new random puzzle form).
    Open,
    /// Browser: the new random puzzle form for the selected game.
    NewPuzzle,
    /// Browser: all games, then each game in turn.
    CycleGameFilter,
    /// Browser: all, new, in progress, solved.
    CycleStatusFilter,
    /// Switch between the theme's glyphs and ASCII (saved).
    ToggleAscii,
    /// Open a puzzle, resuming its saved progress when it has a key.
    OpenPuzzle(OpenRequest),
    /// The loop read the saved settings.
    SettingsLoaded(Result<Loaded<StoredSettings>, String>),
    /// The loop listed the saved progress.
    ProgressListed(Result<Listing, String>),
    /// The loop looked for a puzzle's saved progress.
    ProgressLoaded {
        /// The puzzle being opened.
        request: OpenRequest,
        /// What was found.
        outcome: ProgressOutcome,
    },
    /// A generator finished.
    Generated {
        /// What was asked for.
        request: GenRequest,
        /// The puzzle, or why there is none.
        result: Result<AnyGame, String>,
    },
    /// The generator of this request stopped, as asked ([`Effect::CancelGenerate`](
    /// super::effect::Effect::CancelGenerate)): nothing to show.
    GenCancelled(GenRequest),
    /// How far the generator of `request` got.
    GenProgress {
        /// What was asked for.
        request: GenRequest,
        /// Its phase and fraction.
        progress: Progress,
    },
    /// A generator failed (it panicked); `why` says how.
    GeneratorFailed {
        /// What was asked for.
        request: GenRequest,
        /// The panic's text.
        why: String,
    },
    /// Saving the settings failed, or the data folder cannot be used.
    StoreFailed(String),
    /// Saving the puzzle's progress failed: shown until a save works again.
    ProgressNotSaved(String),
    /// A progress save worked after one that failed.
    ProgressSavedAgain,
    /// A solver finished: the puzzle it was given (pieces cleared) and its first solution.
    Solved {
        /// The puzzle solved.
        puzzle: AnyGame,
        /// Its first solution, `None` when it has none.
        solution: Option<AnyGame>,
    },
    /// A solver failed (it panicked); the text says why.
    SolverFailed(String),
    /// A hint worker answered.
    Hinted(Box<HintAnswer>),
    /// The background solve of a puzzle opened answered.
    SolutionKept {
        /// The puzzle solved (pieces cleared): an answer for another one is stale.
        puzzle: AnyGame,
        /// What the solve found; `None` when it could not tell in time (or failed).
        known: Option<Arc<KnownSolution>>,
    },
    /// Browser: ask for a game ID, a file or a puzzle name to open (`o`).
    OpenPrompt,
    /// A character typed into a prompt or a number field.
    Type(char),
    /// Backspace in a prompt or a number field.
    Erase,
    /// An edit of the open prompt's entry (cursor keys, Home/End, Ctrl-U / Ctrl-W / Ctrl-K);
    /// a number field takes the erasing ones.
    Edit(crate::tui::text_field::Edit),
    /// Text pasted (a bracketed paste): typed into the prompt or a number field.
    Paste(String),
    /// Browser: delete the selected puzzle made here (asks first).
    DeleteMade,
    /// Browser: show the statistics (`S`).
    ShowStats,
    /// The loop read what was typed in the open prompt.
    PuzzleRead {
        /// What was typed.
        text: String,
        /// The puzzle to open, or why there is none (as `play` would say).
        result: Result<Box<OpenRequest>, String>,
    },
    /// The loop deleted a puzzle made here (or says why it could not).
    Deleted {
        /// The puzzle's name.
        name: String,
        /// Why it was not deleted.
        result: Result<(), String>,
    },
    /// The puzzle another player had open is free: this player holds its lock now, and this
    /// is what the other player left in the file.
    TookOver {
        /// The puzzle's progress key.
        key: String,
        /// The other player's last save (none: nothing readable was left).
        saved: Option<Box<crate::tui::saved::Resumed>>,
    },
    /// The loop worked out the statistics: the report's lines, or why there are none.
    StatsLoaded(Result<Arc<[String]>, String>),
}

/// A hint worked out away from `update`, for the position it was asked about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintAnswer {
    /// The game and history the hint was asked for: an answer for another one is stale.
    pub asked: Session,
    /// The game after the hint was applied (a second `n` on the hint shown).
    pub next: Option<Session>,
    /// The hint to show.
    pub shown: Option<ShownHint>,
    /// What to tell the player.
    pub message: Message,
    /// Squares to mark on the board besides a hint's own (those that differ from the solution
    /// when the position is already wrong), in the order the message names them.
    pub marks: Vec<crate::grid::Pos>,
    /// A solution the hint's solver found for a position the kept one could not judge.
    pub learned: Option<Arc<KnownSolution>>,
}
