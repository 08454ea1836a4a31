//! The game in play, of any game of the collection: a [`Session`] holds its `Play` (position
//! and history), and [`Playable`] is what the TUI asks of a game.

use crate::deduce::Deduce;
use crate::game::Game;
use crate::games::any::IntoAny;
use crate::games::{AnyGame, Listed, OfGame, PerGame};
use crate::grid::Topology;
use crate::history::Action;
use crate::look::Look;
use crate::play::Play;

/// The [`PerGame`] marker of [`Session`]: a game in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InPlay;

impl PerGame for InPlay {
    type Of<G: Game> = Play<G>;
}

/// A game being played, of any game of the collection.
pub type Session = OfGame<InPlay>;

/// Runs `$body` with `$p` bound to the `Play<G>` inside a [`Session`].
pub(crate) use crate::with_game as with_session;

/// A game the TUI can play: its look, its hints, and the ways into a [`Session`] and out of an
/// [`AnyGame`]. Every game of the list is one.
pub trait Playable: Look + Listed + Deduce {
    /// Wraps a game in play into a session.
    fn session(play: Play<Self>) -> Session {
        Self::wrap::<InPlay>(play)
    }
    /// The game inside `game`, when it is of this kind.
    fn from_any(game: &AnyGame) -> Option<&Self> {
        Self::inside(game)
    }
}

impl<G: Look + Listed + Deduce> Playable for G {}

impl Session {
    /// A fresh session (empty history) on a puzzle.
    pub fn new(game: AnyGame) -> Session {
        crate::with_game!(game, g => start(g))
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
        self.kind().title()
    }

    /// The letters that place this game's pieces by name.
    pub fn piece_letters(&self) -> Vec<char> {
        with_session!(self, p => piece_letters(p))
    }

    /// Whether a hint or a reveal stands in the position's history since the last restart: its
    /// solve earns no best time.
    pub fn was_helped(&self) -> bool {
        with_session!(self, p => p
            .history()
            .done()
            .iter()
            .rev()
            .take_while(|e| e.action != Action::Restart)
            .any(|e| matches!(e.action, Action::Hint(_) | Action::Reveal)))
    }
}

fn start<G: Playable>(game: G) -> Session {
    G::session(Play::new(game))
}

fn piece_letters<G: Look>(_: &Play<G>) -> Vec<char> {
    G::piece_keys().iter().map(|k| k.key).collect()
}
