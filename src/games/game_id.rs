//! Reading a Tatham game ID of any game (docs/rules.md#tatham-game-ids): an optional `tents:` /
//! `lightup:` / `mosaic:` prefix (in any letter case) names the game; without one, the ID is read by every
//! game it is valid for, and an ID valid for two games is the game whose puzzle has exactly one
//! solution, when that can be told within a small bound (reading stays fast whatever the ID);
//! otherwise the error names both games and the prefixes that choose.
//!
//! Tatham's IDs carry no wrapping, no diagonal touching, no rule 4 and no neighbourhood: the
//! prefix may name them after the game (`tents+wrapping+diagadj:`, `mosaic+ortho:`), and
//! [`write`] puts them there when a puzzle has them, so that an ID keeps its puzzle's options.

use std::fmt;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::budget::Budget;
use crate::game::{Game, GameKind, IdOption, ParseError};
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
    /// Not counted: too large, or not done within the bound.
    Unknown,
}

/// The most squares a reading of an ambiguous ID is counted for; larger ones are not counted.
const COUNT_MAX_SQUARES: usize = 2_500;

/// How long the readings of one ambiguous ID may be counted for, in all.
const COUNT_BUDGET: Duration = Duration::from_millis(50);

impl fmt::Display for Solutions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Solutions::None => "no solution",
            Solutions::One => "exactly one solution",
            Solutions::Several => "several solutions",
            Solutions::Unknown => "too many squares to count quickly",
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

/// A game prefix of an ID: the game it names and the option words after it, unchecked, each
/// with the byte offset in the ID where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prefix<'a> {
    /// The game named.
    pub game: GameKind,
    /// The option words (`wrapping` and `diagadj` in `tents+wrapping+diagadj:`).
    pub options: Vec<(usize, &'a str)>,
}

/// Splits a game prefix off `s` — `tents:`, `lightup:`, `mosaic:`, or one with options such as
/// `tents+wrapping+diagadj:`, the game's name in any letter case — and returns it (when there is
/// one) with the rest as it is (a space or a second colon after the prefix is left for the
/// reader to locate, and the option words for [`read`] to check).
pub fn split_prefix(s: &str) -> (Option<Prefix<'_>>, &str) {
    for game in GameKind::ALL {
        let name = game.id();
        if !s
            .get(..name.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(name))
        {
            continue;
        }
        let after = &s[name.len()..];
        let colon = match after.as_bytes().first() {
            Some(b':') => 0,
            // Without a colon, `tents+notes` is a name like any other.
            Some(b'+') => match after.find(':') {
                Some(colon) => colon,
                None => continue,
            },
            _ => continue,
        };
        let mut options = Vec::new();
        let mut plus = name.len();
        for word in after[..colon].split('+').skip(1) {
            options.push((plus + 1, word));
            plus += 1 + word.len();
        }
        return (Some(Prefix { game, options }), &after[colon + 1..]);
    }
    (None, s)
}

/// Whether `s` starts with a prefix that names no game (`light:40x40:…`, `akari+wrapping:…`):
/// letters, perhaps followed by option-like words, before a colon.
fn unknown_prefix(s: &str) -> bool {
    let Some((head, _)) = s.split_once(':') else {
        return false;
    };
    let word = head.split('+').next().unwrap_or(head);
    let letters = |t: &str| t.bytes().all(|b| b.is_ascii_alphabetic());
    let options_like = head[word.len()..]
        .bytes()
        .all(|b| b.is_ascii_alphabetic() || b == b'+' || b == b'-');
    !word.is_empty() && letters(word) && options_like
}

/// Wrapping, every game's option, as the prefix names it.
fn wrapping<G: Game>() -> IdOption<G> {
    IdOption {
        word: "wrapping",
        setting: "wrapping",
        tatham: false,
        written: true,
        apply: |g| g.with_wrapping(true),
        in_force: |g| g.topology().wrapping,
    }
}

/// Every option game `G`'s prefix names: wrapping, then the game's own.
fn prefix_options<G: Game>() -> Vec<IdOption<G>> {
    std::iter::once(wrapping())
        .chain(G::ID_OPTIONS.iter().copied())
        .collect()
}

/// "`a`, `b` or `c`".
fn or_list(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The options the words of a prefix of game `G` name, checked: each a known option (in any
/// letter case), each setting once. Columns count from the start of `id`.
fn chosen_options<G: Game>(
    id: &str,
    words: &[(usize, &str)],
) -> Result<Vec<IdOption<G>>, ParseError> {
    let known = prefix_options::<G>();
    let mut chosen: Vec<IdOption<G>> = Vec::new();
    for &(at, word) in words {
        let col = id[..at].chars().count() + 1;
        // The word is not repeated: the column points at it, and an argument is repeated
        // cut to a length the caller chooses.
        let Some(&option) = known.iter().find(|o| o.word.eq_ignore_ascii_case(word)) else {
            let names: Vec<&str> = known.iter().map(|o| o.word).collect();
            return Err(ParseError::new(
                1,
                col,
                format!(
                    "an option of {} IDs after '+': {}",
                    G::KIND.title(),
                    or_list(&names)
                ),
            ));
        };
        if let Some(earlier) = chosen.iter().find(|o| o.setting == option.setting) {
            return Err(ParseError::new(
                1,
                col,
                format!(
                    "the {} given once only (`{}` is already given)",
                    option.setting, earlier.word
                ),
            ));
        }
        chosen.push(option);
    }
    Ok(chosen)
}

/// Reads `rest`, the ID after its prefix (which starts `shift` characters into `id`), as game
/// `G` with the options `words` name.
fn read_with_options<G: IntoAny>(
    id: &str,
    words: &[(usize, &str)],
    rest: &str,
    shift: usize,
) -> Result<AnyGame, ParseError> {
    let options = chosen_options::<G>(id, words)?;
    let game = G::from_tatham_id(rest).map_err(|e| ParseError {
        col: e.col + shift,
        ..e
    })?;
    Ok(options
        .iter()
        .fold(game, |game, option| (option.apply)(&game))
        .into_any())
}

/// A puzzle's game ID as [`write`] makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenId {
    /// The ID: a plain Tatham ID, or one with gridpuzzles' prefix naming the options.
    pub id: String,
    /// The puzzle's game.
    pub game: GameKind,
    /// The prefix naming the options (`tents+diagadj:`); empty for a plain Tatham ID.
    pub prefix: String,
    /// The options in that prefix, as a reader says them (`diagadj`, `rule 4 local`), each with
    /// how Tatham's IDs read that setting when they have a word for it (`rule 4 matching`).
    pub carried: Vec<(String, Option<String>)>,
}

impl WrittenId {
    /// One line per option the ID carries only in its prefix: Tatham's IDs cannot carry it,
    /// and only gridpuzzles reads the prefix.
    pub fn warnings(&self) -> Vec<String> {
        self.carried
            .iter()
            .map(|(option, tatham)| {
                let read_as = tatham
                    .as_ref()
                    .map_or(String::new(), |t| format!(" (they read as {t})"));
                format!(
                    "warning: Tatham's {} IDs cannot carry {option}{read_as}; the ID carries it in \
                     its prefix `{}`, which only gridpuzzles reads",
                    self.game.title(),
                    self.prefix
                )
            })
            .collect()
    }
}

/// The puzzle's clues as a game ID that reads back as the same puzzle with the same options: a
/// plain Tatham ID ([`Game::to_tatham_id`]) when the puzzle has no option such an ID cannot
/// carry, else that ID after gridpuzzles' prefix naming the game and those options, wrapping
/// first and the game's own in their list's order (`tents+wrapping+diagadj+local:…`).
pub fn write(game: &AnyGame) -> WrittenId {
    crate::with_game!(game, g => write_as(g))
}

fn write_as<G: Game>(g: &G) -> WrittenId {
    let options = prefix_options::<G>();
    let carried: Vec<&IdOption<G>> = options
        .iter()
        .filter(|o| !o.tatham && o.written && (o.in_force)(g))
        .collect();
    let plain = g.to_tatham_id();
    let prefix = if carried.is_empty() {
        String::new()
    } else {
        let words: Vec<&str> = carried.iter().map(|o| o.word).collect();
        format!("{}+{}:", G::KIND.id(), words.join("+"))
    };
    let carried = carried
        .iter()
        .map(|o| {
            let tatham = options
                .iter()
                .find(|t| t.tatham && t.setting == o.setting)
                .map(IdOption::describe);
            (o.describe(), tatham)
        })
        .collect();
    WrittenId {
        id: format!("{prefix}{plain}"),
        game: G::KIND,
        prefix,
        carried,
    }
}

/// Reads `id` as the game `kind` names.
fn read_as(id: &str, kind: GameKind) -> Result<AnyGame, ParseError> {
    crate::with_kind!(kind, G => G::from_tatham_id(id).map(IntoAny::into_any))
}

/// How many solutions `game` has: none, one or several (unknown when `budget` runs out).
fn solutions(game: &AnyGame, budget: &Budget) -> Solutions {
    let Ok(n) = crate::with_game!(game, g => g.count_within(2, budget)) else {
        return Solutions::Unknown;
    };
    if n == 0u32.into() {
        Solutions::None
    } else if n == 1u32.into() {
        Solutions::One
    } else {
        Solutions::Several
    }
}

/// The solutions of each reading of an ambiguous ID, as far as a small bound allows: a reading
/// with no clue at all has several (any blank grid of two squares or more does, in every game);
/// one larger than [`COUNT_MAX_SQUARES`] is not counted; the rest are counted on a worker, and
/// whatever is not done after [`COUNT_BUDGET`] is unknown (the worker's answer is dropped).
fn bounded_solutions(readings: &[AnyGame], clueless: bool) -> Vec<Solutions> {
    let squares = |g: &AnyGame| crate::with_game!(g, g => g.topology().len());
    let mut answers: Vec<Solutions> = readings
        .iter()
        .map(|g| {
            if clueless && squares(g) >= 2 {
                Solutions::Several
            } else {
                Solutions::Unknown
            }
        })
        .collect();
    let to_count: Vec<(usize, AnyGame)> = readings
        .iter()
        .enumerate()
        .filter(|(i, g)| answers[*i] == Solutions::Unknown && squares(g) <= COUNT_MAX_SQUARES)
        .map(|(i, g)| (i, g.clone()))
        .collect();
    if to_count.is_empty() {
        return answers;
    }
    let (tx, rx) = mpsc::channel();
    // The engines that honour a budget stop with the reader; the others are quick at this size.
    let budget = Budget::lasting(COUNT_BUDGET);
    std::thread::spawn(move || {
        for (i, game) in to_count {
            if tx.send((i, solutions(&game, &budget))).is_err() {
                return;
            }
        }
    });
    let deadline = Instant::now() + COUNT_BUDGET;
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(left) {
            Ok((i, n)) => answers[i] = n,
            Err(_) => break,
        }
    }
    answers
}

impl AnyGame {
    /// Imports a Tatham descriptive game ID, with an optional `tents:` / `lightup:` /
    /// `mosaic:` prefix, recognising the game unless `kind` (`--game`) or the prefix names it.
    pub fn from_tatham_id(id: &str, kind: Option<GameKind>) -> Result<AnyGame, IdError> {
        read(id, kind)
    }
}

/// Whether a string looks like a Tatham game ID, so that its errors are the ID reader's, with
/// a column: a known game prefix in any letter case, with or without options (`TENTS:…`,
/// `tents: 15x10:…`, `tents+diagadj:…`), or a `:` or `#` right after something that could be a
/// size, a malformed one included: digits and an `x` (`7x7:b1f2iB2g1Bi2fBb`, `8x8de#12345`,
/// `light:40x40:…` after an unknown prefix, `:7x7:…` after an empty one), a size with a stray
/// sign, space or exponent (`-1x5:a`, ` 7x7:…`, `1e3x1:1h`, `4097x-1:…`) or a missing width
/// (`x5:a`). Text over several lines is not an ID.
pub fn looks_like_tatham_id(s: &str) -> bool {
    if s.contains('\n') {
        return false;
    }
    if split_prefix(s).0.is_some() {
        return true;
    }
    let mut start = 0;
    for (at, _) in s.match_indices([':', '#']) {
        if could_be_size(&s[start..at]) {
            return true;
        }
        start = at + 1;
    }
    false
}

/// Whether `params` could be meant as an ID's `WxH…`: a width made of digits, signs, a decimal
/// point, an exponent and spaces (or none), an `x`, and a digit either in the width or first
/// in the height (after signs and spaces). `index`, `box` or `C` are not sizes; `x86` is one
/// without its width.
fn could_be_size(params: &str) -> bool {
    let Some((width, height)) = params.trim().split_once(['x', 'X']) else {
        return false;
    };
    let numberish = width
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | 'e' | 'E' | ' ' | '\t'));
    let has_digit = width.bytes().any(|b| b.is_ascii_digit());
    let height_digit = height
        .trim_start_matches(['+', '-', ' ', '\t'])
        .starts_with(|c: char| c.is_ascii_digit());
    numberish && (has_digit || height_digit)
}

/// Guesses a game ID's game (the reader whose error message fits a malformed ID best): the game
/// whose [`Game::id_likeness`] is highest, the first in the game list on a tie.
pub fn detect_id(id: &str) -> GameKind {
    let (params, desc) = id.split_once([':', '#']).unwrap_or((id, ""));
    super::any::most_like(|kind| crate::with_kind!(kind, G => G::id_likeness(params, desc)))
}

/// Reads a game ID (with an optional game prefix, perhaps naming options); `kind` is the game
/// `--game` forces. Columns in errors count from the start of `id`, prefix included.
pub fn read(id: &str, kind: Option<GameKind>) -> Result<AnyGame, IdError> {
    let (prefix, rest) = split_prefix(id);
    let shift = id[..id.len() - rest.len()].chars().count();
    let located = |e: ParseError| {
        IdError::Malformed(ParseError {
            col: e.col + shift,
            ..e
        })
    };
    // The word is not repeated: it starts the ID, which the caller repeats cut.
    if prefix.is_none() && unknown_prefix(id) {
        return Err(IdError::Malformed(ParseError::new(
            1,
            1,
            format!(
                "a game prefix {}, or none (this one names no game)",
                GameKind::prefix_list()
            ),
        )));
    }
    let (named, options) = match (prefix, kind) {
        (Some(prefix), Some(option)) if prefix.game != option => {
            return Err(IdError::Conflict {
                prefix: prefix.game,
                option,
            });
        }
        (Some(prefix), _) => (Some(prefix.game), prefix.options),
        (None, named) => (named, Vec::new()),
    };
    if let Some(kind) = named {
        return crate::with_kind!(kind, G => read_with_options::<G>(id, &options, rest, shift))
            .map_err(IdError::Malformed);
    }
    let mut valid: Vec<AnyGame> = GameKind::ALL
        .into_iter()
        .filter_map(|k| read_as(rest, k).ok())
        .collect();
    match valid.len() {
        // The error of the game the ID looks most like says best what is wrong.
        0 => read_as(rest, detect_id(rest)).map_err(located),
        1 => Ok(valid.remove(0)),
        _ => {
            let clueless = !description(rest)
                .bytes()
                .any(|b| b.is_ascii_digit() || b == b'B');
            let counts = bounded_solutions(&valid, clueless);
            let readings: Vec<(GameKind, Solutions)> =
                valid.iter().map(|g| g.kind()).zip(counts).collect();
            let unique: Vec<usize> = (0..readings.len())
                .filter(|&i| readings[i].1 == Solutions::One)
                .collect();
            let unknown = readings.iter().any(|(_, n)| *n == Solutions::Unknown);
            match unique[..] {
                // A single reading with one solution, and no other that might have one.
                [only] if !unknown => Ok(valid.swap_remove(only)),
                _ => Err(IdError::Ambiguous(readings)),
            }
        }
    }
}

/// The part of an ID after its parameters.
fn description(id: &str) -> &str {
    id.split_once([':', '#']).map_or("", |(_, desc)| desc)
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
        // Plainly IDs, so that their errors are located: any letter case and spacing after a
        // prefix, an unknown prefix, bad numbers.
        assert!(looks_like_tatham_id("TENTS:20x20:abc"));
        assert!(looks_like_tatham_id("tents: 15x10:abc"));
        assert!(looks_like_tatham_id("tents::20x20:abc"));
        assert!(looks_like_tatham_id("light:40x40:abc"));
        assert!(looks_like_tatham_id("4097x-1:abc"));
        assert!(!looks_like_tatham_id("notes:today"));
        // Sizes gone wrong, and a prefix with options.
        for id in [
            "-1x5:a",
            "x5:a",
            ":7x7:b1f2iB2g1Bi2fBb",
            " 7x7:b1f2iB2g1Bi2fBb",
            "1e3x1:1h",
            "+7 x 7:a",
            "7.5x7:a",
            "tents+diagadj:2x2:a",
            "TENTS+bogus:2x2:a",
            "akari+wrapping:7x7:b",
        ] {
            assert!(looks_like_tatham_id(id), "{id}");
        }
        for name in [
            "index:7",
            "box:1",
            "ex:5",
            "tents+notes.txt",
            "x:y",
            "/tmp/a:b/c.txt",
            "7x7:a\nb",
        ] {
            assert!(!looks_like_tatham_id(name), "{name}");
        }
    }

    #[test]
    fn sizes_gone_wrong_get_located_errors() {
        for id in [
            "-1x5:a",
            "x5:a",
            ":7x7:b1f2iB2g1Bi2fBb",
            " 7x7:b1f2iB2g1Bi2fBb",
            "1e3x1:1h",
        ] {
            assert!(
                matches!(read(id, None), Err(IdError::Malformed(_))),
                "{id}: {:?}",
                read(id, None)
            );
        }
    }

    #[test]
    fn errors_count_columns_from_the_start_of_the_argument() {
        let col = |id: &str| match read(id, None) {
            Err(IdError::Malformed(e)) => e.col,
            other => panic!("{id}: {other:?}"),
        };
        assert_eq!(col("tents::8x8:d"), 7);
        // Past the prefix: the Tents reader takes the space, and the stream is too short.
        assert_eq!(col("TENTS: 8x8:d"), 13);
        assert_eq!(col("light:40x40:abc"), 1);
        assert_eq!(col("4097x-1:abc"), 6);
        assert_eq!(
            read(
                "TENTS:10x10:aadggbcbbbfmcdf_adaaah,3,2,3,1,2,1,2,2,2,3,4,1,2,2,2,1,3,1,1,4",
                None
            )
            .map(|g| g.kind()),
            Ok(GameKind::Tents)
        );
    }

    #[test]
    fn a_large_ambiguous_id_is_refused_at_once_without_counting() {
        // A blank grid: several solutions in both games, known without search.
        let blank = format!("300x300:{}n", "z".repeat(3461));
        let started = std::time::Instant::now();
        let Err(IdError::Ambiguous(readings)) = read(&blank, None) else {
            panic!("not ambiguous");
        };
        assert!(readings.iter().all(|(_, n)| *n == Solutions::Several));
        // A large one with clues is not counted.
        let clued = format!("100x100:1{}o", "z".repeat(384));
        let Err(IdError::Ambiguous(readings)) = read(&clued, None) else {
            panic!("not ambiguous");
        };
        assert!(readings.iter().all(|(_, n)| *n == Solutions::Unknown));
        assert!(
            IdError::Ambiguous(readings)
                .to_string()
                .contains("--game lightup")
        );
        // Generous: the bound is `COUNT_BUDGET` of counting, and here there is none.
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
    }

    #[test]
    fn a_prefix_names_the_game() {
        let game = |s: &str| split_prefix(s).0.map(|p| p.game);
        assert_eq!(game("mosaic:3x3:b43c2a"), Some(GameKind::Mosaic));
        assert_eq!(split_prefix("mosaic:3x3:b43c2a").1, "3x3:b43c2a");
        assert_eq!(game("lightup:3x3:b43c2a"), Some(GameKind::LightUp));
        assert_eq!(split_prefix("tents:2x2:a").1, "2x2:a");
        assert_eq!(split_prefix("3x3:b43c2a"), (None, "3x3:b43c2a"));
        assert_eq!(split_prefix("akari:3x3:b"), (None, "akari:3x3:b"));
        // Without a colon, a `+` makes no prefix.
        assert_eq!(split_prefix("tents+notes.txt"), (None, "tents+notes.txt"));
        assert_eq!(split_prefix("tentsy:3x3:b").0, None);
    }

    #[test]
    fn a_prefix_may_name_options_after_the_game() {
        let (prefix, rest) = split_prefix("Tents+Wrapping+diagadj:2x2:a");
        let prefix = prefix.unwrap();
        assert_eq!(prefix.game, GameKind::Tents);
        assert_eq!(prefix.options, vec![(6, "Wrapping"), (15, "diagadj")]);
        assert_eq!(rest, "2x2:a");
        let (prefix, _) = split_prefix("mosaic++:3x3:i");
        assert_eq!(prefix.unwrap().options, vec![(7, ""), (8, "")]);
    }

    #[test]
    fn options_in_the_prefix_are_read_in_any_case_and_order() {
        let tents = "4x1:ab,1,0,0,0,1";
        let g = read(&format!("TENTS+LOCAL+wrapping+DiagAdj:{tents}"), None).unwrap();
        let crate::games::OfGame::Tents(t) = &g else {
            panic!("{g:?}")
        };
        assert!(t.topology().wrapping);
        assert_eq!(
            t.options(),
            crate::games::tents::Options {
                diagadj: true,
                rule4: crate::games::tents::Rule4::Local
            }
        );
        // Rule 4 is each format's own and is not written (a file's `local` is no loss).
        assert_eq!(write(&g).id, format!("tents+wrapping+diagadj:{tents}"));
        // Tatham's own reading, said out loud, is the plain ID's.
        let matching = read(&format!("tents+matching:{tents}"), None).unwrap();
        assert_eq!(matching, read(tents, Some(GameKind::Tents)).unwrap());
        assert_eq!(write(&matching).id, tents);
        let g = read("mosaic+Ortho-Exclude:3x3:a4g", None).unwrap();
        let summary = crate::with_game!(&g, g => g.options_summary());
        assert!(summary.contains("ortho-exclude"), "{summary}");
        assert_eq!(write(&g).id, "mosaic+ortho-exclude:3x3:a4g");
        let g = read("lightup+wrapping:2x2:aB1a", None).unwrap();
        assert_eq!(write(&g).id, "lightup+wrapping:2x2:aB1a");
    }

    #[test]
    fn unknown_repeated_or_conflicting_options_are_located() {
        let error = |id: &str| match read(id, None) {
            Err(IdError::Malformed(e)) => (e.col, e.expected),
            other => panic!("{id}: {other:?}"),
        };
        let (col, expected) = error("tents+diagadj+bogus:2x2:a");
        assert_eq!(col, 15);
        assert!(
            expected.contains("`wrapping`, `diagadj`, `local` or `matching`"),
            "{expected}"
        );
        assert_eq!(error("tents+:2x2:a").0, 7);
        assert_eq!(error("lightup+diagadj:2x2:a").0, 9);
        let (col, expected) = error("tents+local+Matching:2x2:a");
        assert_eq!(col, 13);
        assert!(expected.contains("rule 4 given once"), "{expected}");
        assert_eq!(error("mosaic+wrapping+WRAPPING:3x3:i").0, 17);
        assert_eq!(error("mosaic+ortho+full:3x3:i").0, 14);
        // A word is not repeated, whatever its length.
        let (_, expected) = error(&format!("tents+{}:2x2:a", "w".repeat(1000)));
        assert!(!expected.contains("ww"), "{expected}");
        // Past a good prefix, columns count from the start of the argument.
        assert_eq!(error("tents+diagadj:2x2:a?").0, 20);
    }

    #[test]
    fn an_id_of_two_games_is_the_one_with_a_single_solution() {
        // Mosaic: one solution; Light Up: none (a 4 on an edge cannot be met).
        let id = "3x3:b43c2a";
        let lightup = read_as(id, GameKind::LightUp).unwrap();
        let mosaic = read_as(id, GameKind::Mosaic).unwrap();
        let unique = [&lightup, &mosaic]
            .into_iter()
            .filter(|g| solutions(g, &Budget::unlimited()) == Solutions::One)
            .count();
        let read = read(id, None);
        if unique == 1 {
            let g = read.unwrap();
            assert_eq!(solutions(&g, &Budget::unlimited()), Solutions::One);
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
