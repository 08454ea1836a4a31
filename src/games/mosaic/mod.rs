//! Mosaic: colour every square black or white so that each clue counts exactly its number of
//! black squares in its neighbourhood (docs/rules.md#mosaic).

pub mod deduce;
mod format;
pub mod gen_params;
pub mod generate;
mod look;
pub mod options;
mod print;
mod rules;
mod rules_text;
mod solve;
mod tatham;

use std::sync::Arc;

use crate::game::{
    Count, CountWatch, ErrorMark, FileShape, Game, GameKind, IdOption, MoveKind, OverMemory,
    ParseError,
};
use crate::grid::{Grid, Pos, Topology};

pub use gen_params::{ClueDensity, GenParams};
pub use options::{LoadFlags, Neighbourhood, Options, neighbourhood_name};
pub use print::glyph;
pub use rules::{Status, neighbourhood_dirs};

/// The course's default 5x5 game (`game_default()`), in the text format.
const DEFAULT_GAME: &str = "5 5 0 0\n\
0e-e-e3e-e\n\
-e5e-e-e-e\n\
-e-e4e-e1e\n\
6e-e6e3e-e\n\
-e-e-e-e-e\n";

/// The colour of a square: what a move writes.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Colour {
    /// Not coloured yet.
    #[default]
    Empty,
    /// Coloured white (the secondary piece).
    White,
    /// Coloured black (the primary piece).
    Black,
}

/// Largest clue a square can carry (a 3x3 block holds 9 squares).
pub const MAX_CLUE: u8 = 9;

/// A Mosaic position: fixed clues, the player's colours and the options in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mosaic {
    neighbourhood: Neighbourhood,
    /// Shared between positions: clues never change in play.
    clues: Arc<Grid<Option<u8>>>,
    colours: Grid<Colour>,
}

impl Mosaic {
    /// A puzzle with the given clues and every square empty.
    /// Fails when a clue is above 9.
    pub fn new(clues: Grid<Option<u8>>, neighbourhood: Neighbourhood) -> Result<Self, String> {
        let colours = Grid::filled(clues.topology(), Colour::Empty);
        Self::from_parts(clues, colours, neighbourhood)
    }

    /// A position from its clues and colours (same topology, clues at most 9).
    pub fn from_parts(
        clues: Grid<Option<u8>>,
        colours: Grid<Colour>,
        neighbourhood: Neighbourhood,
    ) -> Result<Self, String> {
        if clues.topology() != colours.topology() {
            return Err("clues and colours must have the same size and wrapping".into());
        }
        if let Some((p, c)) = clues
            .iter()
            .find_map(|(p, c)| c.filter(|&c| c > MAX_CLUE).map(|c| (p, c)))
        {
            return Err(format!("clue {c} at {p} is above {MAX_CLUE}"));
        }
        Ok(Mosaic {
            neighbourhood,
            clues: Arc::new(clues),
            colours,
        })
    }

    /// The course's default 5x5 game.
    pub fn default_game() -> Self {
        Self::parse(DEFAULT_GAME).expect("the built-in default game is well formed")
    }

    /// Which squares a clue counts.
    pub fn neighbourhood(&self) -> Neighbourhood {
        self.neighbourhood
    }

    /// This puzzle with clues counting `neighbourhood`.
    pub fn with_neighbourhood(&self, neighbourhood: Neighbourhood) -> Mosaic {
        Mosaic {
            neighbourhood,
            ..self.clone()
        }
    }

    /// The clue on a square, if any.
    pub fn clue(&self, pos: Pos) -> Option<u8> {
        self.clues[pos]
    }

    /// The colour of a square.
    pub fn colour(&self, pos: Pos) -> Colour {
        self.colours[pos]
    }

    /// All clues, row-major.
    pub fn clues(&self) -> &Grid<Option<u8>> {
        &self.clues
    }

    /// All colours, row-major.
    pub fn colours(&self) -> &Grid<Colour> {
        &self.colours
    }

    /// The squares a clue on `pos` counts, one per direction of the neighbourhood (on tiny
    /// wrapped grids a square may come back more than once).
    pub fn neighbours(&self, pos: Pos) -> impl Iterator<Item = Pos> + use<> {
        self.topology()
            .neighbours(pos, neighbourhood_dirs(self.neighbourhood))
    }

    /// The colours the solver's deduction rules force without any search (`Empty` where they
    /// decide nothing); `None` when the clues contradict each other. Colours in the position are
    /// ignored. A puzzle whose deduction leaves no `Empty` square has exactly one solution.
    pub fn deduced(&self) -> Option<Grid<Colour>> {
        solve::deduce(self)
    }

    /// This position with every colour replaced.
    fn with_colours(&self, colours: Grid<Colour>) -> Self {
        Mosaic {
            neighbourhood: self.neighbourhood,
            clues: Arc::clone(&self.clues),
            colours,
        }
    }
}

/// Neighbourhood `$n` as an option of the game-ID prefix, under the name the options summary
/// and `--neighbourhood` use; Tatham's IDs read as `Full`.
macro_rules! neighbourhood_option {
    ($n:ident) => {
        IdOption {
            word: neighbourhood_name(Neighbourhood::$n),
            setting: "neighbourhood",
            tatham: matches!(Neighbourhood::$n, Neighbourhood::Full),
            written: true,
            apply: |g| Mosaic {
                neighbourhood: Neighbourhood::$n,
                ..g.clone()
            },
            in_force: |g| g.neighbourhood == Neighbourhood::$n,
        }
    };
}

impl Game for Mosaic {
    type Piece = Colour;

    type Options = Options;
    type Flags = LoadFlags;

    const KIND: GameKind = GameKind::Mosaic;
    const EMPTY: Colour = Colour::Empty;
    const PRIMARY: Colour = Colour::Black;
    const SECONDARY: Colour = Colour::White;

    fn topology(&self) -> Topology {
        self.colours.topology()
    }

    fn piece(&self, pos: Pos) -> Colour {
        self.colours[pos]
    }

    /// Every square may take every colour, clued squares included, and docs/rules.md#mosaic defines
    /// no losing Mosaic move: a clue driven into error is reported by [`Game::error_marks`]
    /// instead.
    fn check_move(&self, _pos: Pos, _piece: Colour) -> MoveKind {
        MoveKind::Regular
    }

    fn apply(&self, pos: Pos, piece: Colour) -> Self {
        self.with_colours(self.colours.with(pos, piece))
    }

    fn cleared(&self) -> Self {
        self.with_colours(Grid::filled(self.topology(), Colour::Empty))
    }

    fn error_marks(&self) -> Vec<ErrorMark> {
        rules::error_marks(self)
    }

    fn is_won(&self) -> bool {
        rules::is_won(self)
    }

    fn default_puzzle() -> Self {
        Self::default_game()
    }

    fn parse(text: &str) -> Result<Self, ParseError> {
        format::parse(text)
    }

    fn format(&self) -> String {
        format::format(self)
    }

    fn from_tatham_id(id: &str) -> Result<Self, ParseError> {
        tatham::parse_id(id)
    }

    fn to_tatham_id(&self) -> String {
        tatham::to_id(self)
    }

    const ID_OPTIONS: &'static [IdOption<Self>] = &[
        neighbourhood_option!(Full),
        neighbourhood_option!(Ortho),
        neighbourhood_option!(FullExclude),
        neighbourhood_option!(OrthoExclude),
    ];

    /// Four header numbers, then two characters a square, the second a colour `e`, `w` or `b`;
    /// else the header's rows plus one lines.
    fn file_likeness(shape: &FileShape) -> u8 {
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
        match shape.body.first() {
            _ if shape.header.len() == 3 => 0,
            Some(first) if mosaic_row(first) => 3,
            _ if shape.header.len() == 4
                && shape.rows().map(|r| r + 1) == Some(shape.body.len()) =>
            {
                2
            }
            _ => 0,
        }
    }

    /// Mosaic alone has clues above 4, and `h` (hidden) among its parameters.
    fn id_likeness(params: &str, desc: &str) -> u8 {
        let high_clue = desc.bytes().any(|b| (b'5'..=b'9').contains(&b));
        let hidden = params.contains('h') && !params.contains('b') && !params.contains('s');
        if high_clue || hidden { 3 } else { 0 }
    }

    fn options(&self) -> Options {
        Options {
            neighbourhood: self.neighbourhood,
        }
    }

    fn with_flags_given(&self, flags: &LoadFlags) -> Self {
        Mosaic {
            neighbourhood: flags.neighbourhood.unwrap_or(self.neighbourhood),
            ..self.clone()
        }
    }

    fn with_wrapping(&self, wrapping: bool) -> Self {
        Mosaic {
            clues: Arc::new((*self.clues).clone().with_wrapping(wrapping)),
            colours: self.colours.clone().with_wrapping(wrapping),
            ..self.clone()
        }
    }

    fn options_summary(&self) -> String {
        let neighbourhood = format!("neighbourhood {}", neighbourhood_name(self.neighbourhood));
        if self.topology().wrapping {
            format!("wrapping, {neighbourhood}")
        } else {
            neighbourhood
        }
    }

    fn solve(&self) -> Option<Self> {
        solve::first_solution(self).map(|colours| self.with_colours(colours))
    }

    fn count(&self, limit: Option<u64>) -> Count {
        solve::count(self, limit)
    }

    fn count_telling(&self, limit: Option<u64>, watch: &CountWatch) -> Result<Count, OverMemory> {
        let n = solve::count_telling(self, limit, watch);
        crate::count_bound::raise(&watch.counted, &n);
        Ok(n)
    }

    fn print_board(&self) -> String {
        print::print_board(self)
    }

    fn piece_for_command(letter: char) -> Option<Colour> {
        match letter {
            'b' => Some(Colour::Black),
            'w' => Some(Colour::White),
            'e' => Some(Colour::Empty),
            _ => None,
        }
    }

    fn piece_char(piece: Colour) -> char {
        match piece {
            Colour::Black => 'b',
            Colour::White => 'w',
            Colour::Empty => 'e',
        }
    }

    fn piece_name(piece: Colour) -> &'static str {
        match piece {
            Colour::Black => "black",
            Colour::White => "white",
            Colour::Empty => "empty",
        }
    }
}
