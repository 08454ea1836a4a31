//! The TUI's state: which screen, the game being played, the theme, the overlays. Immutable:
//! [`update`](super::update::update) returns a new model.

use std::sync::Arc;
use std::time::Duration;

use super::browser::Browser;
use super::error_set::ErrorSet;
use super::form::NewPuzzleForm;
use super::generate::GenRequest;
use super::keys::KeyBindings;
use super::pack_view;
use super::panel::PanelChoice;
use super::proof_mode::{ProofMode, ProofState};
use super::solution::KeptSolution;
use crate::deduce::{Hint, Progress, Rule};
use crate::game::Target;
use crate::games::AnyGame;
use crate::grid::Pos;
use crate::progress::{Made, Solve, Timestamp};
use crate::theme::{GlyphSet, Theme, Themes};

// The game in play has its own file; its types are part of the model.
pub(crate) use super::session::with_session;
pub use super::session::{InPlay, Playable, Session};

/// A prompt that needs a yes or no before acting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Confirm {
    /// Clear every square and the history.
    Restart,
    /// Replace the position with the solution (one undoable entry).
    Reveal,
    /// Back to the browser from a random puzzle whose moves are not kept.
    LeaveRandom,
    /// Quit from a random puzzle whose moves are not kept.
    QuitRandom,
    /// Delete the selected puzzle made here, with its progress.
    DeleteMade,
}

/// What is drawn over the screen, taking the keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlay {
    /// Nothing: keys go to the screen.
    None,
    /// The help overlay.
    Help,
    /// A confirmation prompt.
    Confirm(Confirm),
    /// The form asking for a new random puzzle's size and difficulty.
    NewPuzzle(NewPuzzleForm),
    /// The prompt for a game ID, a file or a puzzle name to open ([`Model::prompt`]).
    Open,
    /// The statistics ([`Model::stats`]).
    Stats,
    /// Proof mode's rule picker ([`PlayScreen::proof`]).
    Rules,
}

/// The open prompt: what was typed, and why it could not be opened.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenPrompt {
    /// The text typed so far, and the cursor in it.
    pub field: crate::tui::text_field::TextField,
    /// Why the last entry could not be opened (cleared by typing).
    pub error: Option<String>,
    /// The loop is reading the entry.
    pub reading: bool,
}

/// How a message line reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tone {
    /// Plain information.
    Info,
    /// Something refused or going wrong.
    Warning,
}

/// A one-line message under the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Message {
    /// The text.
    pub text: String,
    /// How it reads.
    pub tone: Tone,
}

impl Message {
    /// Plain information.
    pub fn info(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            tone: Tone::Info,
        }
    }

    /// A refusal or a problem.
    pub fn warning(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            tone: Tone::Warning,
        }
    }
}

/// How the puzzle was finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Finish {
    /// Solved by the player, in this time.
    Solved(Duration),
    /// Solved with the help of hints applied with `n`, in this time (no best time).
    Helped(Duration),
    /// The solution was revealed.
    Revealed,
}

/// Which puzzle is played and where its progress is kept.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PuzzleRef {
    /// The name its progress is saved under; `None`: not saved (random puzzles).
    pub key: Option<String>,
    /// What the status line calls it (empty: nothing).
    pub title: String,
    /// How it was made, for a puzzle made by the new-puzzle form (saved with its progress).
    pub made: Option<Arc<Made>>,
}

impl PuzzleRef {
    /// A puzzle whose progress is saved under `key`.
    pub fn saved(key: impl Into<String>, title: impl Into<String>) -> PuzzleRef {
        PuzzleRef {
            key: Some(key.into()),
            title: title.into(),
            made: None,
        }
    }

    /// A puzzle whose progress is not kept.
    pub fn unsaved(title: impl Into<String>) -> PuzzleRef {
        PuzzleRef {
            key: None,
            title: title.into(),
            made: None,
        }
    }
}

/// A puzzle to open, with the name its progress is kept under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenRequest {
    /// The puzzle as it starts.
    pub game: AnyGame,
    /// Its name and progress key.
    pub puzzle: PuzzleRef,
}

/// What the saved record says beyond the position: solved once, the best time, every solve.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Record {
    /// Solved at least once (kept after a restart).
    pub solved: bool,
    /// The fastest solve.
    pub best: Option<Duration>,
    /// Every solve, oldest first; one made in this sitting has no time stamp until it is saved.
    pub solves: Vec<Solve>,
}

impl Record {
    /// The record after a solve in `time`.
    pub fn with_solve(self, time: Duration) -> Record {
        Record {
            solved: true,
            best: Some(self.best.map_or(time, |b| b.min(time))),
            solves: with(self.solves, solve_in(time, false)),
        }
    }

    /// The record after a solve with hints in `time`: solved, the best time unchanged.
    pub fn with_helped_solve(self, time: Duration) -> Record {
        Record {
            solved: true,
            solves: with(self.solves, solve_in(time, true)),
            ..self
        }
    }
}

/// A solve in `time`, stamped when it is saved.
fn solve_in(time: Duration, hints: bool) -> Solve {
    Solve {
        at: Timestamp(0),
        ms: u64::try_from(time.as_millis()).unwrap_or(u64::MAX),
        hints,
    }
}

fn with(mut solves: Vec<Solve>, solve: Solve) -> Vec<Solve> {
    solves.push(solve);
    solves
}

/// A hint on screen: what the board highlights, and what a second `n` applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownHint {
    /// The rule the deduction uses.
    pub rule: Rule,
    /// The squares it decides.
    pub sets: Vec<Pos>,
    /// The squares and clues it looked at.
    pub premises: Vec<Target>,
    /// Why, in one sentence.
    pub explanation: String,
}

impl ShownHint {
    /// The on-screen part of a game's hint.
    pub fn of<P>(hint: &Hint<P>) -> ShownHint {
        ShownHint {
            rule: hint.rule,
            sets: hint.sets.iter().map(|&(p, _)| p).collect(),
            premises: hint.premises.clone(),
            explanation: hint.explanation.clone(),
        }
    }

    /// Whether `hint` is the deduction shown (same rule, same squares).
    pub fn shows<P>(&self, hint: &Hint<P>) -> bool {
        self.rule == hint.rule
            && self.sets.len() == hint.sets.len()
            && self.sets.iter().zip(&hint.sets).all(|(a, (b, _))| a == b)
    }
}

/// The play screen: a puzzle, its cursor and its clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayScreen {
    /// The game and its history. Set through [`PlayScreen::put_session`], which keeps
    /// `errors` in step.
    pub session: Session,
    /// The error marks of `session`'s position (read with [`PlayScreen::errors`]).
    errors: ErrorSet,
    /// The square under the cursor.
    pub cursor: Pos,
    /// When this sitting started (time since the program started).
    pub started: Duration,
    /// Time played in earlier sittings (from saved progress).
    pub carried: Duration,
    /// Set the first time the position is won; cleared by restart.
    pub finish: Option<Finish>,
    /// A reveal is waiting for the solver.
    pub solving: bool,
    /// Which puzzle, and where its progress goes.
    pub puzzle: PuzzleRef,
    /// Solved flag and best time.
    pub record: Record,
    /// Whether a progress file exists (or is about to be written).
    pub persisted: bool,
    /// A lasting warning about this puzzle (its progress was set aside, cannot be saved).
    pub notice: Option<Message>,
    /// The hint shown since the last `n`, until the position changes.
    pub hint: Option<ShownHint>,
    /// The top-left square of the board's view when the board is larger than the screen.
    pub scroll: Pos,
    /// The view was placed by the mouse (or restored as it was left): it stays where it is
    /// while the cursor is in sight, without the margin the keys keep round the cursor, so a
    /// click never scrolls the board under the pointer. A key that moves the cursor lets the
    /// view follow it again.
    pub view_held: bool,
    /// A hint for the current position is being worked out (cleared when it answers or the
    /// position changes).
    pub thinking: bool,
    /// Squares marked on the board besides a hint's: those that differ from the solution when
    /// `n` found the position already wrong (cleared when the position changes).
    pub marks: Vec<Pos>,
    /// Paused with `P`: the board is hidden and takes no moves.
    pub paused: bool,
    /// The puzzle's solution, solved in the background when it opened: hints judge positions
    /// with it rather than solving again. Dropped with the screen when the puzzle is left.
    pub solution: KeptSolution,
    /// Whether the clock runs: not while paused, finished, or under the help or a prompt.
    /// `started` is when it last started running.
    pub running: bool,
    /// The drag in progress with a mouse button held, if any.
    pub drag: Option<Drag>,
    /// The clock and finish each restart of this sitting replaced, latest last: undoing a
    /// restart brings them back with the position.
    pub restarts: Vec<ClockBefore>,
    /// The puzzle is open in another player: what taking it over needs once that player lets
    /// it go.
    pub waiting_for: Option<Waiting>,
    /// Proof mode, while it is on: the proof, and the game kept aside ([`Self::session`] is
    /// then the proof's board).
    pub proof: Option<ProofMode>,
    /// A proof written earlier and left (proof mode off): kept to come back to, and saved.
    pub proof_kept: Option<ProofState>,
}

/// A puzzle open in another player, to be taken over once that player lets it go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// Its progress key.
    pub key: String,
    /// When taking it over was last tried (time since the program started).
    pub tried: Duration,
    /// The other player's save as it was read when the puzzle opened (none: nothing was
    /// saved). A save found changed at the takeover is kept, with this player's moves
    /// replayed on it.
    pub read: Option<Session>,
}

/// The clock and the finish a restart replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockBefore {
    /// Time played before the restart.
    pub elapsed: Duration,
    /// How the position was finished then.
    pub finish: Option<Finish>,
}

/// A mouse drag on the board: the first square's click and the squares painted after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drag {
    /// The game the drag left (a drag is dropped when the game has changed since).
    pub after: Session,
    /// The squares the drag has passed, its first square first, all on `line`; the last one
    /// is where the pointer's projection on the line was last.
    pub squares: Vec<Pos>,
    /// The row or column the drag keeps to: none until it first reaches another square, then
    /// the one along which it did (as in Tatham's Tents).
    pub line: Option<crate::grid::Line>,
    /// Whether the drag paints further squares (not when its first click placed a piece that is
    /// placed one click at a time, such as a Tents tent).
    pub paints: bool,
}

impl PlayScreen {
    /// A fresh play screen on a puzzle, started at `now`, not saved.
    pub fn new(game: AnyGame, now: Duration) -> PlayScreen {
        let session = Session::new(game);
        PlayScreen {
            errors: ErrorSet::of(&session),
            session,
            cursor: Pos::new(0, 0),
            started: now,
            carried: Duration::ZERO,
            finish: None,
            solving: false,
            puzzle: PuzzleRef::default(),
            record: Record::default(),
            persisted: false,
            notice: None,
            hint: None,
            scroll: Pos::new(0, 0),
            view_held: false,
            thinking: false,
            marks: Vec::new(),
            paused: false,
            solution: KeptSolution::Unknown,
            running: true,
            drag: None,
            restarts: Vec::new(),
            waiting_for: None,
            proof: None,
            proof_kept: None,
        }
    }

    /// The error marks of the position in play, worked out when it was put in play.
    pub fn errors(&self) -> &ErrorSet {
        &self.errors
    }

    /// Puts `session` in play with its error marks.
    pub fn put_session(&mut self, session: Session) {
        self.errors = ErrorSet::of(&session);
        self.session = session;
    }

    /// The game as played: the session, or in proof mode the one kept aside.
    pub fn game(&self) -> &Session {
        self.proof.as_ref().map_or(&self.session, |p| &p.aside)
    }

    /// The proof to save with the puzzle's progress: the one being written, or one left.
    pub fn saved_proof(&self) -> Option<crate::progress::SavedProof> {
        match (&self.proof, &self.proof_kept) {
            (Some(mode), _) => Some(crate::progress::SavedProof {
                text: mode.text(),
                on: true,
                pending: super::proof_mode::pending_text(&mode.proof),
            }),
            (None, Some(kept)) => Some(crate::progress::SavedProof {
                text: super::proof_mode::proof_text(kept),
                on: false,
                pending: super::proof_mode::pending_text(kept),
            }),
            (None, None) => None,
        }
    }

    /// Time played on this puzzle: frozen at the solve time while the solved position stands,
    /// and not counting time the clock was stopped.
    pub fn elapsed(&self, now: Duration) -> Duration {
        match self.finish {
            Some(Finish::Solved(d) | Finish::Helped(d)) if self.session.is_won() => d,
            _ if !self.running => self.carried,
            _ => self.carried + now.saturating_sub(self.started),
        }
    }

    /// Starts or stops the clock at `now` (time already played is kept in `carried`).
    pub fn set_running(&mut self, running: bool, now: Duration) {
        if running == self.running {
            return;
        }
        if running {
            self.started = now;
        } else {
            self.carried += now.saturating_sub(self.started);
        }
        self.running = running;
    }
}

/// Which screen is shown.
// One model exists at a time: boxing the play screen would save nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The puzzle-pack browser (its state is [`Model::browser`], kept while playing).
    Browser,
    /// Playing a puzzle.
    Play(PlayScreen),
}

/// What the command line asked of the TUI (then the saved settings, for `ascii`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// `--theme NAME`: the theme to start with once themes are loaded (not saved).
    pub theme: Option<String>,
    /// Draw with the ASCII glyph set whatever the theme says: `--ascii`, the saved setting,
    /// or `a` at run time.
    pub ascii: bool,
    /// Draw with the theme's glyphs even though the terminal has no emoji (`no_emoji`): the
    /// saved setting, or `a` at run time. `ascii` wins over it.
    pub theme_glyphs: bool,
    /// The terminal draws no emoji, as its `TERM` says (the Linux console, a VT100, …): ASCII
    /// glyphs unless the player chose the theme's.
    pub no_emoji: bool,
    /// The colours the terminal shows (`--color`, `NO_COLOR`, `COLORTERM`, `TERM`); themes are
    /// brought down to it. Full colour unless told otherwise.
    pub depth: crate::theme::ColorDepth,
}

/// The whole state of the TUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// The screen shown.
    pub screen: Screen,
    /// The browser's state, kept while a puzzle is played.
    pub browser: Browser,
    /// The overlay drawn over it.
    pub overlay: Overlay,
    /// The last message of an action (cleared by the next action).
    pub message: Option<Message>,
    /// A lasting notice, such as a broken theme file; shown when there is no message.
    pub notice: Option<Message>,
    /// Progress could not be saved, and no save has worked since: shown with every message,
    /// and leaving or quitting asks first.
    pub unsaved: Option<Message>,
    /// Every usable theme.
    pub themes: Arc<Themes>,
    /// The keys of each screen: the defaults until keys.toml is read, then its rebindings.
    pub keys: Arc<KeyBindings>,
    /// The name of the theme in use.
    pub theme_name: String,
    /// What the command line asked for.
    pub settings: Settings,
    /// The settings as saved in the data folder (what `c` and `a` change and save).
    pub stored: crate::progress::Settings,
    /// The random puzzle being generated, if any.
    pub generating: Option<GenRequest>,
    /// When the puzzle being generated was asked for.
    pub generating_since: Duration,
    /// How far the generator got, as last told (its phase and fraction).
    pub generating_progress: Progress,
    /// Terminal size in columns and rows.
    pub size: (u16, u16),
    /// Time since the program started, as last told by a tick.
    pub now: Duration,
    /// Set once the player asked to quit.
    pub quitting: bool,
    /// Whether the play screen's side panel is drawn (`p` toggles it).
    pub panel: PanelChoice,
    /// The open prompt's state while [`Overlay::Open`] is shown.
    pub prompt: OpenPrompt,
    /// The statistics report's lines once the loop has worked them out (or why not).
    pub stats: Option<Result<Arc<[String]>, String>>,
    /// The first line of the statistics shown.
    pub stats_scroll: usize,
    /// The first row of the help shown while [`Overlay::Help`] is ([`crate::tui::layout::help`]
    /// lays it out); 0 each time the help opens.
    pub help_scroll: usize,
    /// The next puzzle opened opens in proof mode (`play --proof`).
    pub open_in_proof: bool,
}

impl Model {
    /// The play screen on `game` (progress not saved), with the built-in themes until the loop
    /// loads the rest; Esc leads to the browser of the embedded pack.
    pub fn new(game: AnyGame, settings: Settings) -> Model {
        Model {
            screen: Screen::Play(PlayScreen::new(game, Duration::ZERO)),
            ..Model::browser(settings)
        }
    }

    /// The browser of the embedded pack: the start screen.
    pub fn browser(settings: Settings) -> Model {
        Model::with_browser(Browser::new(pack_view::catalogue()), settings)
    }

    /// The browser of `browser`'s puzzles (tests and screenshots use hand-made lists).
    pub fn with_browser(browser: Browser, settings: Settings) -> Model {
        let themes = Arc::new(Themes::builtin().for_depth(settings.depth));
        let theme_name = settings
            .theme
            .as_deref()
            .filter(|name| themes.get(name).is_some())
            .unwrap_or(crate::theme::DEFAULT_THEME)
            .to_string();
        Model {
            screen: Screen::Browser,
            browser,
            overlay: Overlay::None,
            message: None,
            notice: None,
            unsaved: None,
            themes,
            keys: Arc::default(),
            theme_name,
            settings,
            stored: crate::progress::Settings::default(),
            generating: None,
            generating_since: Duration::ZERO,
            generating_progress: Progress::default(),
            size: (80, 24),
            now: Duration::ZERO,
            quitting: false,
            panel: PanelChoice::Auto,
            prompt: OpenPrompt::default(),
            stats: None,
            stats_scroll: 0,
            help_scroll: 0,
            open_in_proof: false,
        }
    }

    /// The theme in use (the default if its name went missing).
    pub fn theme(&self) -> &Theme {
        self.themes
            .get(&self.theme_name)
            .unwrap_or_else(|| self.themes.default_theme())
    }

    /// The glyph set the board is drawn with: ASCII when the player forced it, or when the
    /// terminal has no emoji and the player did not choose the theme's glyphs; else the theme's.
    pub fn glyphs(&self) -> GlyphSet {
        if self.ascii_chosen() {
            GlyphSet::Ascii
        } else {
            self.theme().glyphs
        }
    }

    /// Whether the board is drawn in ASCII whatever the theme says (what `a` switches).
    pub fn ascii_chosen(&self) -> bool {
        let s = &self.settings;
        s.ascii || (s.no_emoji && !s.theme_glyphs)
    }

    /// The play screen, when it is the one shown.
    pub fn play(&self) -> Option<&PlayScreen> {
        match &self.screen {
            Screen::Play(p) => Some(p),
            Screen::Browser => None,
        }
    }

    /// The play screen, mutably, when it is the one shown.
    pub fn play_mut(&mut self) -> Option<&mut PlayScreen> {
        match &mut self.screen {
            Screen::Play(p) => Some(p),
            Screen::Browser => None,
        }
    }

    /// Whether work is under way that will answer with a message (the loop then polls sooner).
    pub fn busy(&self) -> bool {
        self.generating.is_some() || self.play().is_some_and(|p| p.solving)
    }

    /// The name of the first key that sends `msg` on the screen shown (`P`), for messages
    /// that tell the player which key to press.
    pub fn key_name(&self, msg: &super::msg::Msg) -> String {
        match self.screen {
            Screen::Play(_) => self.keys.play.key_name(msg),
            Screen::Browser => self.keys.browser.key_name(msg),
        }
    }

    /// The piece letters of the game on screen (none on screens without a game).
    pub fn piece_letters(&self) -> Vec<char> {
        match &self.screen {
            Screen::Play(p) => p.session.piece_letters(),
            Screen::Browser => Vec::new(),
        }
    }

    /// Whether leaving now would lose moves: moves on a puzzle whose progress is not saved (open
    /// in another player, a data folder that cannot be used) and not solved, or any moves since
    /// a save failed.
    pub fn would_lose_moves(&self) -> bool {
        self.play().is_some_and(|p| {
            let moved = p.game().moves() > 0;
            let not_kept = p.puzzle.key.is_none() && !p.game().is_won();
            moved && (not_kept || self.unsaved.is_some())
        })
    }

    /// What the message line shows: [`Model::message_line`], with the warning that progress is
    /// not being saved in front of any other message, so it stays in sight.
    pub fn message_shown(&self) -> Option<Message> {
        let line = self.message_line();
        match (&self.unsaved, line) {
            (Some(unsaved), Some(line)) if line != unsaved => Some(Message::warning(format!(
                "{} | {}",
                unsaved.text, line.text
            ))),
            (Some(unsaved), _) => Some(unsaved.clone()),
            (None, line) => line.cloned(),
        }
    }

    /// The message line's content: the action's message, else the puzzle's notice, else the
    /// lasting notice.
    pub fn message_line(&self) -> Option<&Message> {
        static THINKING: std::sync::LazyLock<Message> =
            std::sync::LazyLock::new(|| Message::info("thinking…"));
        let thinking = self.play().is_some_and(|p| p.thinking).then(|| &*THINKING);
        self.message
            .as_ref()
            .or(thinking)
            .or(self.play().and_then(|p| p.notice.as_ref()))
            .or(self.notice.as_ref())
    }
}
