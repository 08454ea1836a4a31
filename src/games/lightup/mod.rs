//! Light Up (Akari): light every square with bulbs; no bulb may light another, and a numbered
//! wall needs exactly that many bulbs next to it (docs/rules.md#light-up).
//!
//! Move classification: docs/rules.md#light-up only defines `ILLEGAL` (a move on a wall or off the
//! grid) and legal moves, like the course's `game_check_move`; every legal move is `REGULAR`, even
//! one that makes a bulb light another (that shows as an error flag instead).

pub mod deduce;
mod format;
pub mod gen_params;
pub mod generate;
mod look;
mod print;
mod rules;
mod rules_text;
mod solve;
mod tatham;

use crate::game::{
    Count, CountWatch, ErrorMark, FileShape, Game, GameKind, IdOption, MoveKind, OverMemory,
    ParseError,
};
use crate::grid::{Grid, Pos, Topology};

pub use gen_params::GenParams;
pub use rules::Flags;

/// The course's default game, as a Tatham game ID.
pub const DEFAULT_GAME_ID: &str = "7x7:b1f2iB2g1Bi2fBb";

/// The largest number a wall can carry (a square has four orthogonal neighbours).
pub const MAX_WALL_NUMBER: u8 = 4;

/// What a square holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Square {
    /// Nothing placed yet.
    Blank,
    /// A light bulb.
    Bulb,
    /// The player's "no bulb here" mark.
    Mark,
    /// A black wall, with its number of adjacent bulbs when numbered (0–4).
    Wall(Option<u8>),
}

impl Square {
    /// Whether the square is a wall (numbered or not).
    pub fn is_wall(self) -> bool {
        matches!(self, Square::Wall(_))
    }

    /// The wall's number, if this is a numbered wall.
    pub fn number(self) -> Option<u8> {
        match self {
            Square::Wall(n) => n,
            _ => None,
        }
    }

    /// The player's piece on this square (`None` for walls).
    pub fn piece(self) -> Option<Piece> {
        match self {
            Square::Blank => Some(Piece::Blank),
            Square::Bulb => Some(Piece::Bulb),
            Square::Mark => Some(Piece::Mark),
            Square::Wall(_) => None,
        }
    }

    /// The square's character in the text format (`b * - w 0-4`).
    pub fn to_char(self) -> char {
        match self {
            Square::Blank => 'b',
            Square::Bulb => '*',
            Square::Mark => '-',
            Square::Wall(None) => 'w',
            Square::Wall(Some(n)) => char::from(b'0' + n.min(9)),
        }
    }

    /// The square a text-format character stands for.
    pub fn from_char(c: char) -> Option<Square> {
        match c {
            'b' => Some(Square::Blank),
            '*' => Some(Square::Bulb),
            '-' => Some(Square::Mark),
            'w' => Some(Square::Wall(None)),
            '0'..='4' => Some(Square::Wall(Some(c as u8 - b'0'))),
            _ => None,
        }
    }
}

/// What a move puts on a (non-wall) square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Piece {
    /// Empties the square.
    Blank,
    /// A light bulb.
    Bulb,
    /// A "no bulb here" mark.
    Mark,
}

impl From<Piece> for Square {
    fn from(piece: Piece) -> Square {
        match piece {
            Piece::Blank => Square::Blank,
            Piece::Bulb => Square::Bulb,
            Piece::Mark => Square::Mark,
        }
    }
}

/// A Light Up position: its squares and options, with the derived lit/error flags kept in step.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LightUp {
    squares: Grid<Square>,
    flags: Grid<Flags>,
}

impl LightUp {
    /// A position from its squares; `None` when a wall carries a number above 4.
    pub fn new(squares: Grid<Square>) -> Option<Self> {
        let valid = squares
            .cells()
            .iter()
            .all(|s| s.number().is_none_or(|n| n <= MAX_WALL_NUMBER));
        valid.then(|| Self::with_flags(squares))
    }

    /// A grid of blank squares.
    pub fn empty(topology: Topology) -> Self {
        Self::with_flags(Grid::filled(topology, Square::Blank))
    }

    /// The course's default 7x7 game.
    pub fn default_game() -> Self {
        tatham::parse(DEFAULT_GAME_ID).expect("the default game ID is valid")
    }

    fn with_flags(squares: Grid<Square>) -> Self {
        let flags = rules::flags(&squares);
        LightUp { squares, flags }
    }

    /// This position with any square (walls included) replaced; `None` off the grid or for a
    /// wall number above 4. Used to build puzzles; play goes through [`Game::apply`].
    pub fn with_square(&self, pos: Pos, square: Square) -> Option<Self> {
        if !self.squares.topology().contains(pos) {
            return None;
        }
        if square.number().is_some_and(|n| n > MAX_WALL_NUMBER) {
            return None;
        }
        Some(Self::with_flags(self.squares.with(pos, square)))
    }

    /// All squares, row-major.
    pub fn squares(&self) -> &Grid<Square> {
        &self.squares
    }

    /// The square at `pos` (`None` off the grid).
    pub fn square(&self, pos: Pos) -> Option<Square> {
        self.squares.get(pos).copied()
    }

    /// Whether the grid wraps around (torus).
    pub fn wrapping(&self) -> bool {
        self.squares.topology().wrapping
    }

    /// Whether a bulb lights `pos` (false off the grid and on walls).
    pub fn is_lit(&self, pos: Pos) -> bool {
        self.flags.get(pos).is_some_and(|f| f.lit)
    }

    /// Whether `pos` carries the error flag (false off the grid).
    pub fn has_error(&self, pos: Pos) -> bool {
        self.flags.get(pos).is_some_and(|f| f.error)
    }

    /// The derived flags of every square, row-major.
    pub fn flags(&self) -> &Grid<Flags> {
        &self.flags
    }

    /// Number of bulbs on the grid.
    pub fn bulb_count(&self) -> usize {
        self.squares
            .cells()
            .iter()
            .filter(|&&s| s == Square::Bulb)
            .count()
    }

    /// Number of non-wall squares not yet lit ("lights left" in a status line).
    pub fn unlit_count(&self) -> usize {
        self.squares
            .cells()
            .iter()
            .zip(self.flags.cells())
            .filter(|(s, f)| !s.is_wall() && !f.lit)
            .count()
    }

    /// Up to `limit` distinct solutions (bulb positions as in [`Game::solve`]), in search order.
    pub fn solutions(&self, limit: usize) -> Vec<LightUp> {
        solve::solutions(self, limit)
    }
}

/// Light Up's options: none beside size and wrapping.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options;

/// Light Up's own flags on the command line: none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::Args)]
#[group(skip)]
pub struct LoadFlags {}

impl Game for LightUp {
    type Piece = Piece;

    type Options = Options;
    type Flags = LoadFlags;

    const KIND: GameKind = GameKind::LightUp;
    const EMPTY: Piece = Piece::Blank;
    const PRIMARY: Piece = Piece::Bulb;
    const SECONDARY: Piece = Piece::Mark;

    fn topology(&self) -> Topology {
        self.squares.topology()
    }

    fn piece(&self, pos: Pos) -> Piece {
        self.square(pos)
            .and_then(Square::piece)
            .unwrap_or(Piece::Blank)
    }

    fn check_move(&self, pos: Pos, _piece: Piece) -> MoveKind {
        match self.square(pos) {
            None | Some(Square::Wall(_)) => MoveKind::Illegal,
            Some(_) => MoveKind::Regular,
        }
    }

    fn apply(&self, pos: Pos, piece: Piece) -> Self {
        match self.square(pos) {
            None | Some(Square::Wall(_)) => self.clone(),
            Some(_) => Self::with_flags(self.squares.with(pos, piece.into())),
        }
    }

    fn cleared(&self) -> Self {
        Self::with_flags(self.squares.map(|&s| match s {
            Square::Wall(_) => s,
            _ => Square::Blank,
        }))
    }

    fn error_marks(&self) -> Vec<ErrorMark> {
        rules::error_marks(&self.squares, &self.flags)
    }

    fn is_won(&self) -> bool {
        rules::is_won(&self.squares, &self.flags)
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
        tatham::parse(id)
    }

    fn to_tatham_id(&self) -> String {
        tatham::format(self)
    }

    // Wrapping is Light Up's only option.
    const ID_OPTIONS: &'static [IdOption<Self>] = &[];

    /// Light Up alone has a three-number header.
    fn file_likeness(shape: &FileShape) -> u8 {
        if shape.header.len() == 3 { 4 } else { 0 }
    }

    /// `B` walls are Light Up's; it is also the last resort for an ID no other game claims.
    fn id_likeness(_params: &str, desc: &str) -> u8 {
        if desc.contains('B') { 4 } else { 1 }
    }

    fn options(&self) -> Options {
        Options
    }

    fn with_flags_given(&self, _: &LoadFlags) -> Self {
        self.clone()
    }

    fn with_wrapping(&self, wrapping: bool) -> Self {
        Self::with_flags(self.squares.clone().with_wrapping(wrapping))
    }

    fn options_summary(&self) -> String {
        if self.wrapping() {
            "wrapping".into()
        } else {
            "no wrapping".into()
        }
    }

    fn solve(&self) -> Option<Self> {
        solve::first_solution(self)
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

    fn piece_for_command(letter: char) -> Option<Piece> {
        match letter {
            'l' => Some(Piece::Bulb),
            'm' => Some(Piece::Mark),
            'b' => Some(Piece::Blank),
            _ => None,
        }
    }

    fn piece_char(piece: Piece) -> char {
        match piece {
            Piece::Blank => 'b',
            Piece::Bulb => '*',
            Piece::Mark => '-',
        }
    }

    fn piece_name(piece: Piece) -> &'static str {
        match piece {
            Piece::Blank => "blank",
            Piece::Bulb => "bulb",
            Piece::Mark => "mark",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(r: usize, c: usize) -> Pos {
        Pos::new(r, c)
    }

    #[test]
    fn square_characters_round_trip() {
        for c in ['b', '*', '-', 'w', '0', '1', '2', '3', '4'] {
            assert_eq!(Square::from_char(c).map(Square::to_char), Some(c));
        }
        assert_eq!(Square::from_char('5'), None);
        assert_eq!(Square::from_char('x'), None);
    }

    #[test]
    fn default_game_has_the_course_walls() {
        let g = LightUp::default_game();
        assert_eq!(g.topology(), Topology::new(7, 7, false));
        assert_eq!(g.square(p(0, 2)), Some(Square::Wall(Some(1))));
        assert_eq!(g.square(p(2, 5)), Some(Square::Wall(None)));
        assert_eq!(g.square(p(5, 4)), Some(Square::Wall(Some(2))));
        assert_eq!(g.square(p(6, 6)), Some(Square::Blank));
    }

    #[test]
    fn moves_on_walls_are_illegal_and_change_nothing() {
        let g = LightUp::default_game();
        assert_eq!(g.check_move(p(0, 2), Piece::Bulb), MoveKind::Illegal);
        assert_eq!(g.check_move(p(0, 2), Piece::Blank), MoveKind::Illegal);
        assert_eq!(g.check_move(p(9, 9), Piece::Bulb), MoveKind::Illegal);
        assert_eq!(g.apply(p(0, 2), Piece::Bulb), g);
        assert_eq!(g.apply(p(9, 9), Piece::Bulb), g);
        assert_eq!(g.check_move(p(0, 0), Piece::Mark), MoveKind::Regular);
    }

    #[test]
    fn apply_leaves_the_original_untouched() {
        let g = LightUp::default_game();
        let h = g.apply(p(3, 3), Piece::Bulb);
        assert_eq!(g.square(p(3, 3)), Some(Square::Blank));
        assert!(!g.is_lit(p(3, 0)));
        assert_eq!(h.square(p(3, 3)), Some(Square::Bulb));
        assert!(h.is_lit(p(3, 0)));
    }

    #[test]
    fn cleared_keeps_walls_only() {
        let g = LightUp::default_game()
            .apply(p(0, 0), Piece::Bulb)
            .apply(p(6, 6), Piece::Mark);
        assert_eq!(g.cleared(), LightUp::default_game());
    }

    #[test]
    fn new_refuses_wall_numbers_above_four() {
        let t = Topology::new(1, 2, false);
        assert!(LightUp::new(Grid::filled(t, Square::Wall(Some(5)))).is_none());
        assert!(LightUp::new(Grid::filled(t, Square::Wall(Some(4)))).is_some());
        let g = LightUp::empty(t);
        assert!(g.with_square(p(0, 0), Square::Wall(Some(7))).is_none());
        assert!(g.with_square(p(3, 0), Square::Wall(None)).is_none());
    }

    #[test]
    fn wrapping_is_the_only_option() {
        let g = LightUp::default_game();
        let w = g.with_wrapping(true);
        assert!(w.wrapping());
        assert_eq!(w.options_summary(), "wrapping");
        assert_eq!(g.options_summary(), "no wrapping");
        assert_eq!(w.with_wrapping(false), g);
        assert_eq!(g.with_flags_given(&LoadFlags {}), g);
    }

    #[test]
    fn commands_and_names() {
        assert_eq!(LightUp::piece_for_command('l'), Some(Piece::Bulb));
        assert_eq!(LightUp::piece_for_command('m'), Some(Piece::Mark));
        assert_eq!(LightUp::piece_for_command('b'), Some(Piece::Blank));
        assert_eq!(LightUp::piece_for_command('t'), None);
        assert_eq!(LightUp::piece_name(Piece::Bulb), "bulb");
        assert_eq!(LightUp::piece_name(Piece::Mark), "mark");
        assert_eq!(LightUp::piece_name(Piece::Blank), "blank");
    }
}
