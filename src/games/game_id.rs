//! Reading a Tatham game ID of any game (SPEC §5): an optional `tents:` / `lightup:` /
//! `mosaic:` prefix names the game; without one, the ID is read by every game it is valid for,
//! and an ID valid for two games is the game whose puzzle has exactly one solution.

use std::fmt;

use crate::game::{Game, GameKind, ParseError};
use crate::games::any::{AnyGame, IntoAny};

/// How many solutions a reading of an ambiguous ID has, as far as telling them apart needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// No solution.
    None,
    /// Exactly one.
    One,
    /// Two or more.
    Several,
}

impl fmt::Display for Solutions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Solutions::None => "no solution",
            Solutions::One => "exactly one solution",
            Solutions::Several => "several solutions",
        })
    }
}

/// Why a game ID could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    /// Malformed for the game it was read as.
    #[error(transparent)]
    Malformed(#[from] ParseError),
    /// Valid for several games and the solution counts do not single one out.
    #[error("{}", ambiguity_text(.0))]
    Ambiguous(Vec<(GameKind, Solutions)>),
    /// The prefix names one game and `--game` another.
    #[error("the ID's prefix names {} but --game names {}", .prefix.title(), .option.title())]
    Conflict {
        /// The game the prefix names.
        prefix: GameKind,
        /// The game `--game` names.
        option: GameKind,
    },
}

fn ambiguity_text(readings: &[(GameKind, Solutions)]) -> String {
    let games: Vec<&str> = readings.iter().map(|(k, _)| k.title()).collect();
    let counts: Vec<String> = readings
        .iter()
        .map(|(k, n)| format!("as {} it has {n}", k.title()))
        .collect();
    let options: Vec<String> = readings
        .iter()
        .map(|(k, _)| format!("--game {}", k.id()))
        .collect();
    let prefixes: Vec<String> = readings
        .iter()
        .map(|(k, _)| format!("`{}:`", k.id()))
        .collect();
    format!(
        "valid for both {} ({}); say which game with {} (or a prefix {})",
        games.join(" and "),
        counts.join(", "),
        options.join(" or "),
        prefixes.join(" or ")
    )
}

/// Splits a `tents:` / `lightup:` / `mosaic:` prefix off `s`: the game it names and the rest.
pub fn split_prefix(s: &str) -> (Option<GameKind>, &str) {
    GameKind::ALL
        .into_iter()
        .find_map(|k| {
            s.strip_prefix(k.id())
                .and_then(|rest| rest.strip_prefix(':'))
                .map(|rest| (Some(k), rest))
        })
        .unwrap_or((None, s))
}

/// Reads `id` as the game `kind` names.
fn read_as(id: &str, kind: GameKind) -> Result<AnyGame, ParseError> {
    crate::with_kind!(kind, G => G::from_tatham_id(id).map(IntoAny::into_any))
}

/// How many solutions `game` has: none, one or several.
fn solutions(game: &AnyGame) -> Solutions {
    let n = crate::with_game!(game, g => g.count(Some(2)));
    if n == 0u32.into() {
        Solutions::None
    } else if n == 1u32.into() {
        Solutions::One
    } else {
        Solutions::Several
    }
}

impl AnyGame {
    /// Imports a Tatham descriptive game ID, with an optional `tents:` / `lightup:` /
    /// `mosaic:` prefix, recognising the game unless `kind` (`--game`) or the prefix names it.
    pub fn from_tatham_id(id: &str, kind: Option<GameKind>) -> Result<AnyGame, IdError> {
        read(id, kind)
    }
}

/// Whether a string looks like a Tatham game ID (`WxH...:DESC` or `WxH...#SEED`), with an
/// optional game prefix (`mosaic:WxH:DESC`).
pub fn looks_like_tatham_id(s: &str) -> bool {
    let s = split_prefix(s).1;
    let Some(split) = s.find([':', '#']) else {
        return false;
    };
    let params = &s[..split];
    let digits_x_digits = params
        .split_once('x')
        .map(|(w, h)| {
            !w.is_empty()
                && w.bytes().all(|b| b.is_ascii_digit())
                && h.bytes().next().is_some_and(|b| b.is_ascii_digit())
        })
        .unwrap_or(false);
    digits_x_digits && !s.contains('\n')
}

/// Guesses a game ID's game (the reader whose error message fits a malformed ID best): counts
/// after commas are Tents; `B` walls are Light Up;
/// clues above 4 are Mosaic; otherwise the parameter letters decide, Light Up by default.
pub fn detect_id(id: &str) -> GameKind {
    let (params, desc) = id.split_once([':', '#']).unwrap_or((id, ""));
    if desc.contains(',') {
        GameKind::Tents
    } else if desc.contains('B') {
        GameKind::LightUp
    } else if desc.bytes().any(|b| (b'5'..=b'9').contains(&b)) {
        GameKind::Mosaic
    } else if params.contains('h') && !params.contains('b') && !params.contains('s') {
        // Mosaic's parameters carry `h` (hide); Light Up's carry `b`, `s`, `d`.
        GameKind::Mosaic
    } else {
        GameKind::LightUp
    }
}

/// Reads a game ID (with an optional game prefix); `kind` is the game `--game` forces.
pub fn read(id: &str, kind: Option<GameKind>) -> Result<AnyGame, IdError> {
    let (prefix, id) = split_prefix(id);
    let named = match (prefix, kind) {
        (Some(prefix), Some(option)) if prefix != option => {
            return Err(IdError::Conflict { prefix, option });
        }
        (named, None) | (None, named) => named,
        (Some(prefix), Some(_)) => Some(prefix),
    };
    if let Some(kind) = named {
        return Ok(read_as(id, kind)?);
    }
    let mut valid: Vec<AnyGame> = GameKind::ALL
        .into_iter()
        .filter_map(|k| read_as(id, k).ok())
        .collect();
    match valid.len() {
        // The error of the game the ID looks most like says best what is wrong.
        0 => Ok(read_as(id, detect_id(id))?),
        1 => Ok(valid.remove(0)),
        _ => {
            let readings: Vec<(GameKind, Solutions)> =
                valid.iter().map(|g| (g.kind(), solutions(g))).collect();
            let unique: Vec<usize> = (0..readings.len())
                .filter(|&i| readings[i].1 == Solutions::One)
                .collect();
            match unique[..] {
                [only] => Ok(valid.swap_remove(only)),
                _ => Err(IdError::Ambiguous(readings)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_id() {
        assert_eq!(
            detect_id("8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3"),
            GameKind::Tents
        );
        assert_eq!(detect_id("7x7:b1f2iB2g1Bi2fBb"), GameKind::LightUp);
        assert_eq!(detect_id("3x3:a5b2e"), GameKind::Mosaic);
        assert_eq!(detect_id("3x3h0:a3g"), GameKind::Mosaic);
    }

    #[test]
    fn recognises_ids_and_not_paths() {
        assert!(looks_like_tatham_id("7x7:b1f2iB2g1Bi2fBb"));
        assert!(looks_like_tatham_id("10x10h0:abc"));
        assert!(looks_like_tatham_id("8x8de#12345"));
        assert!(looks_like_tatham_id("mosaic:3x3:b43c2a"));
        assert!(!looks_like_tatham_id("puzzles/tents/a.txt"));
        assert!(!looks_like_tatham_id("C:/x.txt"));
        assert!(!looks_like_tatham_id("tents/default-2020"));
    }

    #[test]
    fn a_prefix_names_the_game() {
        assert_eq!(
            split_prefix("mosaic:3x3:b43c2a"),
            (Some(GameKind::Mosaic), "3x3:b43c2a")
        );
        assert_eq!(
            split_prefix("lightup:3x3:b43c2a").0,
            Some(GameKind::LightUp)
        );
        assert_eq!(
            split_prefix("tents:2x2:a"),
            (Some(GameKind::Tents), "2x2:a")
        );
        assert_eq!(split_prefix("3x3:b43c2a"), (None, "3x3:b43c2a"));
        assert_eq!(split_prefix("akari:3x3:b"), (None, "akari:3x3:b"));
    }

    #[test]
    fn an_id_of_two_games_is_the_one_with_a_single_solution() {
        // Mosaic: one solution; Light Up: none (a 4 on an edge cannot be met).
        let id = "3x3:b43c2a";
        let lightup = read_as(id, GameKind::LightUp).unwrap();
        let mosaic = read_as(id, GameKind::Mosaic).unwrap();
        let unique = [&lightup, &mosaic]
            .into_iter()
            .filter(|g| solutions(g) == Solutions::One)
            .count();
        let read = read(id, None);
        if unique == 1 {
            let g = read.unwrap();
            assert_eq!(solutions(&g), Solutions::One);
        } else {
            assert!(matches!(read, Err(IdError::Ambiguous(_))));
        }
    }

    #[test]
    fn a_prefix_and_a_different_game_option_conflict() {
        assert_eq!(
            read("mosaic:3x3:b43c2a", Some(GameKind::LightUp)),
            Err(IdError::Conflict {
                prefix: GameKind::Mosaic,
                option: GameKind::LightUp
            })
        );
        assert_eq!(
            read("mosaic:3x3:b43c2a", Some(GameKind::Mosaic)).map(|g| g.kind()),
            Ok(GameKind::Mosaic)
        );
    }
}
