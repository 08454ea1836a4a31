//! A puzzle of any of the three games, recognised from a file's content (game IDs: see
//! [`game_id`](crate::games::game_id)).

use crate::game::{Game, GameKind, Overrides, ParseError};
use crate::games::{lightup::LightUp, mosaic::Mosaic, tents::Tents};

/// A puzzle of one of the games; [`with_game!`](crate::with_game) runs generic code on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    /// A Tents puzzle.
    Tents(Tents),
    /// A Light Up puzzle.
    LightUp(LightUp),
    /// A Mosaic puzzle.
    Mosaic(Mosaic),
}

/// Runs `$body` with `$g` bound to the concrete game inside an [`AnyGame`].
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::games::AnyGame::Tents($g) => $body,
            $crate::games::AnyGame::LightUp($g) => $body,
            $crate::games::AnyGame::Mosaic($g) => $body,
        }
    };
}

/// Rewraps a concrete game into [`AnyGame`]; lets generic code hand a game back.
pub trait IntoAny: Game {
    /// This game as an [`AnyGame`].
    fn into_any(self) -> AnyGame;
}

impl IntoAny for Tents {
    fn into_any(self) -> AnyGame {
        AnyGame::Tents(self)
    }
}
impl IntoAny for LightUp {
    fn into_any(self) -> AnyGame {
        AnyGame::LightUp(self)
    }
}
impl IntoAny for Mosaic {
    fn into_any(self) -> AnyGame {
        AnyGame::Mosaic(self)
    }
}

impl AnyGame {
    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Tents(_) => GameKind::Tents,
            AnyGame::LightUp(_) => GameKind::LightUp,
            AnyGame::Mosaic(_) => GameKind::Mosaic,
        }
    }

    /// The game's default puzzle (the course's default game).
    pub fn default_for(kind: GameKind) -> AnyGame {
        match kind {
            GameKind::Tents => AnyGame::Tents(Tents::default_2020()),
            GameKind::LightUp => AnyGame::LightUp(LightUp::default_game()),
            GameKind::Mosaic => AnyGame::Mosaic(Mosaic::default_game()),
        }
    }

    /// Reads a puzzle file, recognising the game from its content unless `kind` forces it.
    pub fn parse(text: &str, kind: Option<GameKind>) -> Result<AnyGame, ParseError> {
        match kind.unwrap_or_else(|| detect_file(text)) {
            GameKind::Tents => Tents::parse(text).map(AnyGame::Tents),
            GameKind::LightUp => LightUp::parse(text).map(AnyGame::LightUp),
            GameKind::Mosaic => Mosaic::parse(text).map(AnyGame::Mosaic),
        }
    }

    /// The puzzle with command-line option overrides applied.
    pub fn with_overrides(&self, overrides: &Overrides) -> Result<AnyGame, String> {
        crate::with_game!(self, g => g.with_overrides(overrides).map(IntoAny::into_any))
    }

    /// The canonical text format.
    pub fn format(&self) -> String {
        crate::with_game!(self, g => g.format())
    }
}

/// Recognises a file's game (SPEC §5): Tents has numbers on lines 2 and 3, Light Up a
/// three-number header, Mosaic a four-number header and two characters per square.
pub fn detect_file(text: &str) -> GameKind {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or("").split_whitespace().count();
    if header == 3 {
        return GameKind::LightUp;
    }
    let numeric = |l: Option<&str>| {
        l.is_some_and(|l| {
            let l = l.trim_end_matches('\r');
            !l.trim().is_empty() && l.split_whitespace().all(|w| w.parse::<u64>().is_ok())
        })
    };
    let (second, third) = (lines.next(), lines.next());
    if numeric(second) && numeric(third) {
        GameKind::Tents
    } else if header == 4 {
        GameKind::Mosaic
    } else {
        // Unrecognisable: let the Tents reader report what it expected where.
        GameKind::Tents
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
    }
}
