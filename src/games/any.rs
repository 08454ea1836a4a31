//! A puzzle of any of the three games, recognised from a file's content (game IDs: see
//! [`game_id`](crate::games::game_id)).

use crate::game::{Game, GameKind, ParseError};
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

/// Recognises a file's game (SPEC §5) from its header and shape, before its lines are read:
/// Light Up has a three-number header; Tents and Mosaic four, and then Tents has the row and
/// column counts (lines of numbers) before its grid, Mosaic two characters per square, the second
/// a colour `e`, `w` or `b`. Blank lines are skipped for this; when nothing else tells, the
/// number of lines does (Tents: rows + 3, Mosaic: rows + 1), else Tents, whose reader then says
/// what it expected where.
pub fn detect_file(text: &str) -> GameKind {
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
    let header: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
    if header.len() == 3 {
        return GameKind::LightUp;
    }
    let body: Vec<&str> = lines.filter(|l| !l.trim().is_empty()).collect();
    let numeric = |l: &str| l.split_whitespace().all(|w| w.parse::<u64>().is_ok());
    let mosaic_row = |l: &str| {
        let chars: Vec<char> = l.chars().collect();
        chars.len() >= 2
            && chars.len().is_multiple_of(2)
            && chars
                .iter()
                .skip(1)
                .step_by(2)
                .all(|c| matches!(c, 'e' | 'w' | 'b'))
    };
    match body.first() {
        Some(first) if numeric(first) => GameKind::Tents,
        Some(first) if mosaic_row(first) => GameKind::Mosaic,
        _ => {
            let rows = header.first().and_then(|r| r.parse::<usize>().ok());
            match rows {
                Some(r) if body.len() == r + 1 && header.len() == 4 => GameKind::Mosaic,
                _ => GameKind::Tents,
            }
        }
    }
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
