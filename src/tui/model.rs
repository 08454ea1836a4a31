//! The TUI's state: which screen, the game being played, the theme, the overlays. Immutable:
//! [`update`](super::update::update) returns a new model.

use std::sync::Arc;
use std::time::Duration;

use crate::game::Game;
use crate::games::AnyGame;
use crate::games::any::IntoAny;
use crate::games::{lightup::LightUp, mosaic::Mosaic, tents::Tents};
use crate::grid::{Pos, Topology};
use crate::look::Look;
use crate::play::Play;
use crate::theme::{GlyphSet, Theme, Themes};

/// A game being played, of any of the three games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Session {
    /// Tents.
    Tents(Play<Tents>),
    /// Light Up.
    LightUp(Play<LightUp>),
    /// Mosaic.
    Mosaic(Play<Mosaic>),
}

/// Runs `$body` with `$p` bound to the `Play<G>` inside a [`Session`].
macro_rules! with_session {
    ($session:expr, $p:ident => $body:expr) => {
        match $session {
            $crate::tui::model::Session::Tents($p) => $body,
            $crate::tui::model::Session::LightUp($p) => $body,
            $crate::tui::model::Session::Mosaic($p) => $body,
        }
    };
}
pub(crate) use with_session;

/// A game the TUI can play: its look, and the ways back into a [`Session`] and out of an
/// [`AnyGame`].
pub trait Playable: Look + IntoAny {
    /// Wraps a game in play into a session.
    fn session(play: Play<Self>) -> Session;
    /// The game inside `game`, when it is of this kind.
    fn from_any(game: &AnyGame) -> Option<&Self>;
}

impl Playable for Tents {
    fn session(play: Play<Self>) -> Session {
        Session::Tents(play)
    }
    fn from_any(game: &AnyGame) -> Option<&Self> {
        match game {
            AnyGame::Tents(g) => Some(g),
            _ => None,
        }
    }
}
impl Playable for LightUp {
    fn session(play: Play<Self>) -> Session {
        Session::LightUp(play)
    }
    fn from_any(game: &AnyGame) -> Option<&Self> {
        match game {
            AnyGame::LightUp(g) => Some(g),
            _ => None,
        }
    }
}
impl Playable for Mosaic {
    fn session(play: Play<Self>) -> Session {
        Session::Mosaic(play)
    }
    fn from_any(game: &AnyGame) -> Option<&Self> {
        match game {
            AnyGame::Mosaic(g) => Some(g),
            _ => None,
        }
    }
}

impl Session {
    /// A fresh session (empty history) on a puzzle.
    pub fn new(game: AnyGame) -> Session {
        match game {
            AnyGame::Tents(g) => Session::Tents(Play::new(g)),
            AnyGame::LightUp(g) => Session::LightUp(Play::new(g)),
            AnyGame::Mosaic(g) => Session::Mosaic(Play::new(g)),
        }
    }

    /// Size and wrapping of the board.
    pub fn topology(&self) -> Topology {
        with_session!(self, p => p.state().topology())
    }

    /// Whether the current position is solved.
    pub fn is_won(&self) -> bool {
        with_session!(self, p => p.state().is_won())
    }

    /// The puzzle alone: its clues and rules, every piece the player placed cleared.
    pub fn puzzle(&self) -> AnyGame {
        with_session!(self, p => p.state().cleared().into_any())
    }

    /// Moves made: entries on the undo stack.
    pub fn moves(&self) -> usize {
        with_session!(self, p => p.history().done().len())
    }

    /// Entries in the history, done and undone.
    pub fn moves_recorded(&self) -> usize {
        with_session!(self, p => p.history().done().len() + p.history().undone().len())
    }

    /// The game's name for players.
    pub fn title(&self) -> &'static str {
        with_session!(self, p => game_title(p))
    }

    /// The letters that place this game's pieces by name.
    pub fn piece_letters(&self) -> Vec<char> {
        with_session!(self, p => piece_letters(p))
    }
}

fn game_title<G: Game>(_: &Play<G>) -> &'static str {
    G::KIND.title()
}

fn piece_letters<G: Look>(_: &Play<G>) -> Vec<char> {
    G::piece_keys().iter().map(|k| k.key).collect()
}

/// A prompt that needs a yes or no before acting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Confirm {
    /// Clear every square and the history.
    Restart,
    /// Replace the position with the solution (one undoable entry).
    Reveal,
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
    /// The solution was revealed.
    Revealed,
}

/// The play screen: a puzzle, its cursor and its clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayScreen {
    /// The game and its history.
    pub session: Session,
    /// The square under the cursor.
    pub cursor: Pos,
    /// When play started (time since the program started).
    pub started: Duration,
    /// Set the first time the position is won; cleared by restart.
    pub finish: Option<Finish>,
    /// A reveal is waiting for the solver.
    pub solving: bool,
}

impl PlayScreen {
    /// A fresh play screen on a puzzle, started at `now`.
    pub fn new(game: AnyGame, now: Duration) -> PlayScreen {
        PlayScreen {
            session: Session::new(game),
            cursor: Pos::new(0, 0),
            started: now,
            finish: None,
            solving: false,
        }
    }
}

/// Which screen is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Playing a puzzle.
    Play(PlayScreen),
}

/// What the command line asked of the TUI.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// `--theme NAME`: the theme to start with once themes are loaded.
    pub theme: Option<String>,
    /// `--ascii`: draw with the ASCII glyph set whatever the theme says.
    pub ascii: bool,
}

/// The whole state of the TUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// The screen shown.
    pub screen: Screen,
    /// The overlay drawn over it.
    pub overlay: Overlay,
    /// The last message of an action (cleared by the next action).
    pub message: Option<Message>,
    /// A lasting notice, such as a broken theme file; shown when there is no message.
    pub notice: Option<Message>,
    /// Every usable theme.
    pub themes: Arc<Themes>,
    /// The name of the theme in use.
    pub theme_name: String,
    /// What the command line asked for.
    pub settings: Settings,
    /// Terminal size in columns and rows.
    pub size: (u16, u16),
    /// Time since the program started, as last told by a tick.
    pub now: Duration,
    /// Set once the player asked to quit.
    pub quitting: bool,
}

impl Model {
    /// The play screen on `game`, with the built-in themes until the loop loads the rest.
    pub fn new(game: AnyGame, settings: Settings) -> Model {
        let themes = Arc::new(Themes::builtin());
        let theme_name = settings
            .theme
            .as_deref()
            .filter(|name| themes.get(name).is_some())
            .unwrap_or(crate::theme::DEFAULT_THEME)
            .to_string();
        Model {
            screen: Screen::Play(PlayScreen::new(game, Duration::ZERO)),
            overlay: Overlay::None,
            message: None,
            notice: None,
            themes,
            theme_name,
            settings,
            size: (80, 24),
            now: Duration::ZERO,
            quitting: false,
        }
    }

    /// The theme in use (the default if its name went missing).
    pub fn theme(&self) -> &Theme {
        self.themes
            .get(&self.theme_name)
            .unwrap_or_else(|| self.themes.default_theme())
    }

    /// The glyph set the board is drawn with: ASCII when forced, else the theme's.
    pub fn glyphs(&self) -> GlyphSet {
        if self.settings.ascii {
            GlyphSet::Ascii
        } else {
            self.theme().glyphs
        }
    }

    /// The play screen, when it is the one shown.
    pub fn play(&self) -> Option<&PlayScreen> {
        match &self.screen {
            Screen::Play(p) => Some(p),
        }
    }

    /// Whether work is under way that will answer with a message (the loop then polls sooner).
    pub fn busy(&self) -> bool {
        match &self.screen {
            Screen::Play(p) => p.solving,
        }
    }

    /// The piece letters of the game on screen (none on screens without a game).
    pub fn piece_letters(&self) -> Vec<char> {
        match &self.screen {
            Screen::Play(p) => p.session.piece_letters(),
        }
    }

    /// The message line's content: the action's message, else the lasting notice.
    pub fn message_line(&self) -> Option<&Message> {
        self.message.as_ref().or(self.notice.as_ref())
    }
}
