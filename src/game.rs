//! The shared face of a game: every puzzle of the collection implements [`Game`].

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use crate::budget::{Budget, OutOfTime};
use crate::grid::{Pos, Topology};

/// Number of solutions; arbitrary precision because independent regions multiply.
pub type Count = num_bigint::BigUint;

/// The memory cap of a count (`count` on the command line) unless the caller gives another:
/// 256 MiB.
pub const COUNT_MEMORY_BYTES: usize = 256 << 20;

/// What a count is given besides its limit: a place to tell how far it has got, and the memory
/// it may hold.
#[derive(Clone, Debug)]
pub struct CountWatch {
    /// Raised (never lowered) to a lower bound of the count as it goes, for a caller that shows
    /// progress from another thread. Saturates at `u64::MAX`.
    pub counted: Arc<AtomicU64>,
    /// The most bytes the count may hold besides the puzzle (its caches, its search's
    /// sub-problems, learnt clauses). Its caches give way to the search; when the search alone
    /// would need more, the count stops there ([`OverMemory`]).
    pub memory_bytes: usize,
}

impl Default for CountWatch {
    fn default() -> Self {
        CountWatch {
            counted: Arc::default(),
            memory_bytes: COUNT_MEMORY_BYTES,
        }
    }
}

/// A count that stopped at its memory cap before it was done: the puzzle has at least
/// `at_least` solutions (those counted so far).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverMemory {
    pub at_least: Count,
}

/// Generates [`GameKind`] from [`game_list!`](crate::game_list).
macro_rules! define_kind {
    ([] $( $(#[doc = $doc:literal])* $variant:ident($game:ty) $id:literal $title:literal
        [$($alias:literal),*] ),* $(,)?) => {
        /// The games of the collection.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum GameKind {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl GameKind {
            /// Every game, in menu order.
            pub const ALL: [GameKind; [$(GameKind::$variant),*].len()] =
                [$(GameKind::$variant),*];

            /// The short lower-case name used on the command line and in pack names.
            pub fn id(self) -> &'static str {
                match self {
                    $( GameKind::$variant => $id, )*
                }
            }

            /// The name shown to players.
            pub fn title(self) -> &'static str {
                match self {
                    $( GameKind::$variant => $title, )*
                }
            }

            /// Other names the command line and the pack accept (`light-up`, `akari`).
            pub fn aliases(self) -> &'static [&'static str] {
                match self {
                    $( GameKind::$variant => &[$($alias),*], )*
                }
            }

            /// What the game is, in a few words (the list's doc line).
            pub fn about(self) -> &'static str {
                match self {
                    $( GameKind::$variant => concat!($($doc),*).trim(), )*
                }
            }
        }
    };
}

crate::game_list!([define_kind]);

impl GameKind {
    /// Every game's ID prefix in backquotes, for messages: "`tents:`, `lightup:` or `mosaic:`".
    pub fn prefix_list() -> String {
        let prefixes: Vec<String> = GameKind::ALL
            .iter()
            .map(|k| format!("`{}:`", k.id()))
            .collect();
        match prefixes.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// Parses a game name: its id or another name, in any case, with or without `-`, `_` or
    /// spaces (`tents`, `Light Up`, `akari`).
    pub fn from_id(s: &str) -> Option<Self> {
        let plain = |s: &str| s.to_ascii_lowercase().replace(['-', '_', ' '], "");
        let wanted = plain(s);
        GameKind::ALL.into_iter().find(|kind| {
            std::iter::once(kind.id())
                .chain(kind.aliases().iter().copied())
                .any(|name| plain(name) == wanted)
        })
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// How a move would change the game, checked before it is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Refused: it changes nothing.
    Illegal,
    /// Allowed, but the position can no longer be won without undoing it.
    Losing,
    /// Allowed.
    Regular,
}

/// What an error mark points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// A square.
    Square(Pos),
    /// A row's clue (Tents counts).
    Row(usize),
    /// A column's clue (Tents counts).
    Col(usize),
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Square(p) => write!(f, "square {p}"),
            Target::Row(r) => write!(f, "row {r}"),
            Target::Col(c) => write!(f, "column {c}"),
        }
    }
}

/// A square or clue in error, with why.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ErrorMark {
    /// What is in error.
    pub target: Target,
    /// A short reason, e.g. "tents touch".
    pub reason: String,
}

impl fmt::Display for ErrorMark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.target, self.reason)
    }
}

/// A located defect in a puzzle file or game ID: line and column are 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {col}: expected {expected}")]
pub struct ParseError {
    /// 1-based line number (1 for a game ID).
    pub line: usize,
    /// 1-based column (character position).
    pub col: usize,
    /// What should have been there.
    pub expected: String,
}

impl ParseError {
    /// An error at `line`, `col` (1-based).
    pub fn new(line: usize, col: usize, expected: impl Into<String>) -> Self {
        ParseError {
            line,
            col,
            expected: expected.into(),
        }
    }
}

/// `text` as a message repeats it: whole when it has at most `max_chars` characters, else its
/// first `max_chars - 1` and an ellipsis (cut on a character boundary).
pub fn ellipsized(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        None => text.to_string(),
        Some(_) => {
            let keep = text
                .char_indices()
                .nth(max_chars.saturating_sub(1))
                .map_or(text.len(), |(i, _)| i);
            format!("{}…", &text[..keep])
        }
    }
}

/// The largest grid, in squares, that any reader (text files, Tatham IDs) accepts: a header
/// or ID cannot make the program allocate more than this (4096x4096).
pub const MAX_SQUARES: usize = 1 << 24;

/// A puzzle file's shape as the games look at it before reading it: the header's words and
/// the lines after it that are not blank (docs/rules.md#file-formats).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileShape<'a> {
    /// The first line's words.
    pub header: Vec<&'a str>,
    /// The other lines with something on them, `\r` cut.
    pub body: Vec<&'a str>,
}

impl<'a> FileShape<'a> {
    /// The shape of `text`.
    pub fn of(text: &'a str) -> FileShape<'a> {
        let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
        let header = lines.next().unwrap_or("").split_whitespace().collect();
        let body = lines.filter(|l| !l.trim().is_empty()).collect();
        FileShape { header, body }
    }

    /// The first header word as a number (every format's row count).
    pub fn rows(&self) -> Option<usize> {
        self.header.first().and_then(|r| r.parse().ok())
    }
}

/// An option that gridpuzzles' game-ID prefix names (`tents+diagadj:`) because Tatham's IDs
/// cannot carry it: its word there and how it reads on a puzzle of game `G`.
pub struct IdOption<G> {
    /// The word in the prefix, in lower case (`diagadj`, `local`, `full-exclude`).
    pub word: &'static str,
    /// The setting it chooses (`rule 4`, `neighbourhood`): a prefix gives each setting once.
    pub setting: &'static str,
    /// Whether a plain Tatham ID already reads this way (Tents' `matching`, Mosaic's `full`):
    /// such a word is read but never written.
    pub tatham: bool,
    /// Whether an ID written for a puzzle with this option in force names it (rule 4 `local`
    /// is read but not written: it is the text format's own default, not an option an ID
    /// loses).
    pub written: bool,
    /// The puzzle with this option in force.
    pub apply: fn(&G) -> G,
    /// Whether this option is in force on the puzzle.
    pub in_force: fn(&G) -> bool,
}

// By hand: derived impls would ask `G: Copy`, and only function pointers are held.
impl<G> Clone for IdOption<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for IdOption<G> {}

impl<G> fmt::Debug for IdOption<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word)
    }
}

impl<G> IdOption<G> {
    /// The option for a reader: `rule 4 local`, `diagadj`.
    pub fn describe(&self) -> String {
        if self.setting == self.word {
            self.word.to_string()
        } else {
            format!("{} {}", self.setting, self.word)
        }
    }
}

/// A puzzle position: its clues, its squares and its rules. Values are immutable:
/// applying a move returns a new position.
pub trait Game: Clone + PartialEq + Eq + fmt::Debug + Send + Sync + 'static {
    /// What a move writes into a square (tent, bulb, black, ...).
    type Piece: Copy
        + Eq
        + fmt::Debug
        + Send
        + Sync
        + serde::Serialize
        + serde::de::DeserializeOwned
        + 'static;

    /// The game's own options beside size and wrapping (Tents: diagonal touching and rule 4;
    /// Mosaic: the neighbourhood; Light Up: none).
    type Options: Copy + fmt::Debug + Default + PartialEq + Eq + std::hash::Hash + Send + Sync;
    /// Those options as flags of every puzzle-reading command (`--rule4`; none for Light Up):
    /// the commands take every game's and hand the puzzle's game its own (see `cli::load`).
    type Flags: clap::Args + clap::FromArgMatches + fmt::Debug;

    /// Which game this is.
    const KIND: GameKind;
    /// The piece that empties a square.
    const EMPTY: Self::Piece;
    /// The primary piece: tent / bulb / black.
    const PRIMARY: Self::Piece;
    /// The secondary piece: grass / mark / white.
    const SECONDARY: Self::Piece;

    /// Size and wrapping.
    fn topology(&self) -> Topology;
    /// The player's piece on a square (for fixed squares such as trees or walls, what a
    /// move there would replace; moves on them are illegal anyway).
    fn piece(&self, pos: Pos) -> Self::Piece;
    /// Classifies putting `piece` on `pos` (on the grid) without playing it.
    fn check_move(&self, pos: Pos, piece: Self::Piece) -> MoveKind;
    /// The position after putting `piece` on `pos`; only called for non-illegal moves.
    fn apply(&self, pos: Pos, piece: Self::Piece) -> Self;
    /// The position with every square the player may change emptied.
    fn cleared(&self) -> Self;
    /// Every square and clue currently in error.
    fn error_marks(&self) -> Vec<ErrorMark>;
    /// Whether the position is solved.
    fn is_won(&self) -> bool;

    /// The game's default puzzle (the course's default game).
    fn default_puzzle() -> Self;
    /// Reads the game's text format.
    fn parse(text: &str) -> Result<Self, ParseError>;
    /// How much a file of this shape looks like the game's format, 0 for not at all: the game
    /// that scores highest reads a file no option names (the first in the game list on a tie),
    /// so its reader's errors are the ones shown.
    fn file_likeness(shape: &FileShape) -> u8;
    /// How much a Tatham ID's `PARAMS` and `DESC` look like the game's, 0 for not at all: when
    /// no game reads an ID, the error shown is that of the game scoring highest.
    fn id_likeness(params: &str, desc: &str) -> u8;
    /// Writes the canonical text format.
    fn format(&self) -> String;
    /// Imports a Tatham descriptive game ID (`PARAMS:DESC`).
    fn from_tatham_id(id: &str) -> Result<Self, ParseError>;
    /// Exports the puzzle (clues only) as a plain Tatham descriptive game ID, whatever its
    /// options (progress keys are made from it, so it must not change); see
    /// [`crate::games::game_id::write`] for an ID that keeps them.
    fn to_tatham_id(&self) -> String;
    /// The game's own options that its game-ID prefix names, the words of one setting
    /// together (wrapping, every game's, is not listed: the prefix reader adds it).
    const ID_OPTIONS: &'static [IdOption<Self>];
    /// The options in force.
    fn options(&self) -> Self::Options;
    /// This puzzle with the flags given on the command line; one not given keeps its setting.
    fn with_flags_given(&self, flags: &Self::Flags) -> Self;
    /// This puzzle on a grid that wraps around, or not.
    fn with_wrapping(&self, wrapping: bool) -> Self;
    /// A one-line summary of the options in force (`wrapping, diagadj, rule 4 local`).
    fn options_summary(&self) -> String;

    /// The first solution of the puzzle (pieces already placed are ignored), as a position.
    fn solve(&self) -> Option<Self>;
    /// The number of solutions, stopping once `limit` is reached when given.
    fn count(&self, limit: Option<u64>) -> Count;
    /// `count`, raising `watch.counted` (never lowering it) to a lower bound of the count as
    /// it goes, within `watch.memory_bytes`: `Err(OverMemory)` when the count would need more
    /// to go on. The default raises the bound only at the end and ignores the cap (for a game
    /// whose counter keeps within it by itself).
    fn count_telling(&self, limit: Option<u64>, watch: &CountWatch) -> Result<Count, OverMemory> {
        let n = self.count(limit);
        crate::count_bound::raise(&watch.counted, &n);
        Ok(n)
    }
    /// `solve`, or `Err(OutOfTime)` when `budget` runs out first. A game whose solver always
    /// answers quickly keeps this default, which ignores the budget.
    fn solve_within(&self, budget: &Budget) -> Result<Option<Self>, OutOfTime> {
        let _ = budget;
        Ok(self.solve())
    }
    /// `count(Some(limit))`, or `Err(OutOfTime)` when `budget` runs out first (default as for
    /// `solve_within`).
    fn count_within(&self, limit: u64, budget: &Budget) -> Result<Count, OutOfTime> {
        let _ = budget;
        Ok(self.count(Some(limit)))
    }

    /// The board in the course's `game_print` layout, for `text` mode.
    fn print_board(&self) -> String;
    /// The piece a `text`-mode command letter sets (`t` → tent, ...).
    fn piece_for_command(letter: char) -> Option<Self::Piece>;
    /// A piece's character in the game's text format (`*` tent, `b` black, ...).
    fn piece_char(piece: Self::Piece) -> char;
    /// A piece's name for messages and the history panel ("tent", "bulb", ...).
    fn piece_name(piece: Self::Piece) -> &'static str;
}

/// Classifies a move given in signed user coordinates: off the grid is illegal.
pub fn classify<G: Game>(game: &G, row: i64, col: i64, piece: G::Piece) -> MoveKind {
    match game.topology().checked(row, col) {
        Some(pos) => game.check_move(pos, piece),
        None => MoveKind::Illegal,
    }
}
