//! A puzzle of any of the three games, recognised from a file's content (game IDs: see
//! [`game_id`](crate::games::game_id)).

use crate::game::{FileShape, Game, GameKind, ParseError};
use crate::games::per_game::{Listed, OfGame, PerGame};

/// The [`PerGame`] marker of [`AnyGame`]: the puzzle itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle;

impl PerGame for Puzzle {
    type Of<G: Game> = G;
}

/// A puzzle of one of the games; [`with_game!`](crate::with_game) runs generic code on it.
pub type AnyGame = OfGame<Puzzle>;

/// Rewraps a concrete game into [`AnyGame`]; lets generic code hand a game back.
pub trait IntoAny: Game {
    /// This game as an [`AnyGame`].
    fn into_any(self) -> AnyGame;
}

impl<G: Listed> IntoAny for G {
    fn into_any(self) -> AnyGame {
        G::wrap::<Puzzle>(self)
    }
}

impl AnyGame {
    /// The game's default puzzle (the course's default game).
    pub fn default_for(kind: GameKind) -> AnyGame {
        crate::with_kind!(kind, G => G::default_puzzle().into_any())
    }

    /// Reads a puzzle file, recognising the game from its content unless `kind` forces it.
    pub fn parse(text: &str, kind: Option<GameKind>) -> Result<AnyGame, ParseError> {
        let kind = kind.unwrap_or_else(|| detect_file(text));
        crate::with_kind!(kind, G => G::parse(text).map(IntoAny::into_any))
    }

    /// The puzzle on a grid that wraps around, or not.
    pub fn with_wrapping(&self, wrapping: bool) -> AnyGame {
        crate::with_game!(self, g => g.with_wrapping(wrapping).into_any())
    }

    /// The canonical text format.
    pub fn format(&self) -> String {
        crate::with_game!(self, g => g.format())
    }
}

/// Recognises a file's game (docs/rules.md#file-formats) from its shape, before its lines are read:
/// the game whose [`Game::file_likeness`] is highest, the first in the game list on a tie.
pub fn detect_file(text: &str) -> GameKind {
    let shape = FileShape::of(text);
    most_like(|kind| crate::with_kind!(kind, G => G::file_likeness(&shape)))
}

/// The game scoring highest by `score`, the first in the game list on a tie.
pub fn most_like(score: impl Fn(GameKind) -> u8) -> GameKind {
    let mut best = GameKind::ALL[0];
    for kind in GameKind::ALL {
        if score(kind) > score(best) {
            best = kind;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_format() {
        assert_eq!(
            detect_file("2 2 0 0\n1 0 \n0 1 \nx \n  \n"),
            GameKind::Tents
        );
        assert_eq!(detect_file("2 2 0\nbb\nbw\n"), GameKind::LightUp);
        assert_eq!(detect_file("1 1 0 0\n-e\n"), GameKind::Mosaic);
        assert_eq!(detect_file("1 1 0 0\r\n3 \r\n1 \r\nx\r\n"), GameKind::Tents);
        // A blank line after the header does not make a Tents file look like a Mosaic one.
        assert_eq!(
            detect_file("2 2 0 0\n\n1 0 \n0 1 \nx \n  \n"),
            GameKind::Tents
        );
        assert_eq!(detect_file("2 2 0 0\n\n-e1w\n-e-b\n"), GameKind::Mosaic);
    }
}
