//! Tents: place one tent next to each tree so that tents never touch and every row and column
//! holds its expected number of tents (docs/rules.md#tents).

pub mod deduce;
mod format;
pub mod gen_params;
pub mod generate;
mod geometry;
mod look;
pub mod matching;
pub mod options;
mod print;
mod rules;
mod rules_text;
mod runs;
pub mod solve;
mod tatham;

use std::sync::Arc;

use crate::budget::{Budget, OutOfTime};
use crate::game::{
    Count, CountWatch, ErrorMark, FileShape, Game, GameKind, IdOption, MoveKind, OverMemory,
    ParseError,
};
use crate::grid::{Grid, Line, Pos, Topology};
use crate::proof::Link;

pub use gen_params::GenParams;
pub use options::{LoadFlags, Options, Rule4};

/// One square of a Tents grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Square {
    /// Nothing decided yet.
    Empty,
    /// A tree: fixed by the puzzle.
    Tree,
    /// A tent placed by the player.
    Tent,
    /// Grass: the player's "no tent here".
    Grass,
}

/// A Tents position: the squares, the expected tent counts and the rules in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tents {
    grid: Grid<Square>,
    row_counts: Vec<usize>,
    col_counts: Vec<usize>,
    diagadj: bool,
    rule4: Rule4,
    /// Proof mode's links (docs/proof-format.md#links): each a tent and the tree beside it it
    /// belongs to. Always empty in play; a tent that goes takes its link with it.
    links: Vec<Link>,
}

impl Tents {
    /// A position from its squares (the grid's topology carries wrapping), the expected tents of
    /// each row and column, and the rules; the counts must match the grid's size.
    pub fn new(
        grid: Grid<Square>,
        row_counts: Vec<usize>,
        col_counts: Vec<usize>,
        diagadj: bool,
        rule4: Rule4,
    ) -> Result<Self, String> {
        if grid.topology().is_empty() {
            return Err("a Tents grid needs at least one square".to_string());
        }
        if row_counts.len() != grid.rows() {
            return Err(format!(
                "{} row counts given for {} rows",
                row_counts.len(),
                grid.rows()
            ));
        }
        if col_counts.len() != grid.cols() {
            return Err(format!(
                "{} column counts given for {} columns",
                col_counts.len(),
                grid.cols()
            ));
        }
        Ok(Tents {
            grid,
            row_counts,
            col_counts,
            diagadj,
            rule4,
            links: Vec::new(),
        })
    }

    /// The course's 2020 default game (rows `3 0 4 0 4 0 1 0`, columns `4 0 1 2 1 1 2 1`).
    pub fn default_2020() -> Self {
        const TREES: [&str; 8] = [
            "    xx  ", "x      x", "    x   ", "x    x  ", " x      ", "x   x x ", "        ",
            "x       ",
        ];
        let topology = Topology::new(8, 8, false);
        let cells = TREES
            .iter()
            .flat_map(|row| row.chars())
            .map(|c| {
                if c == 'x' {
                    Square::Tree
                } else {
                    Square::Empty
                }
            })
            .collect();
        let grid = Grid::from_cells(topology, cells).expect("8x8 cells");
        Tents::new(
            grid,
            vec![3, 0, 4, 0, 4, 0, 1, 0],
            vec![4, 0, 1, 2, 1, 1, 2, 1],
            false,
            Rule4::Local,
        )
        .expect("counts match the 8x8 grid")
    }

    /// The course's 2025 default game (rows `1 2 1 2 2 0 1 3`), under the course's local rule 4.
    pub fn default_2025() -> Self {
        let imported = Self::from_tatham_id(DEFAULT_2025_ID).expect("the 2025 default ID is valid");
        Tents {
            rule4: Rule4::Local,
            ..imported
        }
    }

    /// The squares.
    pub fn grid(&self) -> &Grid<Square> {
        &self.grid
    }

    /// Expected tents of each row.
    pub fn row_counts(&self) -> &[usize] {
        &self.row_counts
    }

    /// Expected tents of each column.
    pub fn col_counts(&self) -> &[usize] {
        &self.col_counts
    }

    /// Whether tents may touch diagonally.
    pub fn diagadj(&self) -> bool {
        self.diagadj
    }

    /// The rule-4 variant in force.
    pub fn rule4(&self) -> Rule4 {
        self.rule4
    }

    /// This puzzle under rule 4 `rule4`.
    pub fn with_rule4(&self, rule4: Rule4) -> Tents {
        Tents {
            rule4,
            ..self.clone()
        }
    }

    /// This puzzle with diagonal touching allowed, or not.
    pub fn with_diagadj(&self, diagadj: bool) -> Tents {
        Tents {
            diagadj,
            ..self.clone()
        }
    }

    /// The moves that fill every `EMPTY` square of `line` with grass (none for a line off the
    /// grid); play them as one history entry (the course's fill, docs/rules.md#fill-with-grass).
    pub fn fill_moves(&self, line: Line) -> Vec<(Pos, Square)> {
        line.squares(self.topology())
            .into_iter()
            .filter(|&p| self.grid[p] == Square::Empty)
            .map(|p| (p, Square::Grass))
            .collect()
    }

    /// The player's fill of `line` (none for a line off the grid), to play as one history
    /// entry, and how many tents the line still needs. A line with all its tents has every
    /// `EMPTY` square filled, as [`Tents::fill_moves`] does; a line still needing tents only
    /// the squares no tent can take (no tree beside them, or a tent touching them), so the
    /// fill never takes a square a missing tent needs.
    pub fn sure_fill_moves(&self, line: Line) -> (Vec<(Pos, Square)>, usize) {
        let t = self.topology();
        let squares = line.squares(t);
        let expected = match line {
            Line::Row(r) => self.row_counts.get(r),
            Line::Col(c) => self.col_counts.get(c),
        };
        let placed = squares
            .iter()
            .filter(|&&p| self.grid[p] == Square::Tent)
            .count();
        let needed = expected.map_or(0, |&e| e.saturating_sub(placed));
        let no_tent_here = |p: Pos| {
            let touching = if self.diagadj {
                t.orthogonal(p).collect::<Vec<_>>()
            } else {
                t.around(p).collect()
            };
            !t.orthogonal(p).any(|q| self.grid[q] == Square::Tree)
                || touching.iter().any(|&q| self.grid[q] == Square::Tent)
        };
        let moves = squares
            .into_iter()
            .filter(|&p| self.grid[p] == Square::Empty && (needed == 0 || no_tent_here(p)))
            .map(|p| (p, Square::Grass))
            .collect();
        (moves, needed)
    }

    /// The puzzle itself (trees, counts, rules), without what the player placed.
    pub fn puzzle(&self) -> solve::TentsPuzzle {
        solve::TentsPuzzle {
            topology: self.topology(),
            trees: self
                .grid
                .cells()
                .iter()
                .map(|&s| s == Square::Tree)
                .collect(),
            row_counts: self.row_counts.clone(),
            col_counts: self.col_counts.clone(),
            diagadj: self.diagadj,
            rule4: self.rule4,
        }
    }

    /// This position with the given tents (row-major) and grass on every other free square.
    fn with_solution(&self, tents: &[bool]) -> Self {
        let grid = Grid::from_cells(
            self.topology(),
            self.grid
                .cells()
                .iter()
                .zip(tents)
                .map(|(&s, &tent)| match (s, tent) {
                    (Square::Tree, _) => Square::Tree,
                    (_, true) => Square::Tent,
                    (_, false) => Square::Grass,
                })
                .collect(),
        )
        .expect("one flag per square");
        self.with_grid(grid)
    }

    /// The same puzzle and rules with other squares; the links whose tent is still there kept.
    fn with_grid(&self, grid: Grid<Square>) -> Self {
        let links = self
            .links
            .iter()
            .filter(|l| grid[l.tent] == Square::Tent)
            .copied()
            .collect();
        Tents {
            grid,
            row_counts: self.row_counts.clone(),
            col_counts: self.col_counts.clone(),
            diagadj: self.diagadj,
            rule4: self.rule4,
            links,
        }
    }

    /// The links made in proof mode, in the order made.
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// The link of the tent or tree at `pos`, if it has one.
    pub fn link_of(&self, pos: Pos) -> Option<Link> {
        self.links
            .iter()
            .copied()
            .find(|l| l.tent == pos || l.tree == pos)
    }

    /// This position with `link` made, or why it cannot be: links pair tents with trees one to
    /// one, so they belong to the matching rule; the tent and the tree must be side by side and
    /// neither linked yet.
    pub fn with_link(&self, link: Link) -> Result<Tents, String> {
        let t = self.topology();
        let Link { tent, tree } = link;
        if self.rule4 != Rule4::Matching {
            return Err("links pair tents with trees one to one: they belong to rule 4's matching variant, and this puzzle is under the local one".into());
        }
        if !t.contains(tent) || self.grid[tent] != Square::Tent {
            return Err(format!("{tent} holds no tent"));
        }
        if !t.contains(tree) || self.grid[tree] != Square::Tree {
            return Err(format!("{tree} holds no tree"));
        }
        if !t.orthogonal(tent).any(|q| q == tree) {
            return Err(format!(
                "the tent at {tent} is not beside the tree at {tree}"
            ));
        }
        if let Some(l) = self.link_of(tent) {
            return Err(format!("the tent at {tent} is linked already ({l})"));
        }
        if let Some(l) = self.link_of(tree) {
            return Err(format!("the tree at {tree} is linked already ({l})"));
        }
        let mut next = self.clone();
        next.links.push(link);
        Ok(next)
    }
}

/// The course's 2025 default game as a Tatham game ID.
pub const DEFAULT_2025_ID: &str = "8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3";

impl Game for Tents {
    type Piece = Square;

    type Options = Options;
    type Flags = LoadFlags;

    const KIND: GameKind = GameKind::Tents;
    const EMPTY: Square = Square::Empty;
    const PRIMARY: Square = Square::Tent;
    const SECONDARY: Square = Square::Grass;

    fn topology(&self) -> Topology {
        self.grid.topology()
    }

    fn piece(&self, pos: Pos) -> Square {
        self.grid[pos]
    }

    fn check_move(&self, pos: Pos, piece: Square) -> MoveKind {
        rules::check_move(self, pos, piece)
    }

    fn apply(&self, pos: Pos, piece: Square) -> Self {
        self.with_grid(self.grid.with(pos, piece))
    }

    fn cleared(&self) -> Self {
        self.with_grid(self.grid.map(|&s| match s {
            Square::Tree => Square::Tree,
            _ => Square::Empty,
        }))
    }

    fn error_marks(&self) -> Vec<ErrorMark> {
        rules::error_marks(self)
    }

    fn is_won(&self) -> bool {
        rules::is_won(self)
    }

    fn default_puzzle() -> Self {
        Self::default_2020()
    }

    fn parse(text: &str) -> Result<Self, ParseError> {
        format::parse(text)
    }

    fn format(&self) -> String {
        format::write(self)
    }

    fn from_tatham_id(id: &str) -> Result<Self, ParseError> {
        tatham::import(id)
    }

    fn to_tatham_id(&self) -> String {
        tatham::export(self)
    }

    const ID_OPTIONS: &'static [IdOption<Self>] = &[
        IdOption {
            word: "diagadj",
            setting: "diagadj",
            tatham: false,
            written: true,
            apply: |g| {
                g.with_flags_given(&LoadFlags {
                    diagadj: Some(true),
                    rule4: None,
                })
            },
            in_force: |g| g.diagadj,
        },
        IdOption {
            word: "local",
            setting: "rule 4",
            tatham: false,
            // Each format has its own rule 4 (docs/rules.md#rule-4-local-or-matching: local for
            // files, matching for IDs), so a file's `local` is not an option an ID loses.
            written: false,
            apply: |g| {
                g.with_flags_given(&LoadFlags {
                    diagadj: None,
                    rule4: Some(Rule4::Local),
                })
            },
            in_force: |g| g.rule4 == Rule4::Local,
        },
        IdOption {
            word: "matching",
            setting: "rule 4",
            tatham: true,
            written: true,
            apply: |g| {
                g.with_flags_given(&LoadFlags {
                    diagadj: None,
                    rule4: Some(Rule4::Matching),
                })
            },
            in_force: |g| g.rule4 == Rule4::Matching,
        },
    ];

    /// Four header numbers, then the row and column counts: lines of numbers.
    fn file_likeness(shape: &FileShape) -> u8 {
        let numeric = |l: &str| l.split_whitespace().all(|w| w.parse::<u64>().is_ok());
        match (shape.header.len(), shape.body.first()) {
            (3, _) => 0,
            (_, Some(first)) if numeric(first) => 3,
            // Otherwise Tents is the fallback, whose reader says what it expected where.
            _ => 1,
        }
    }

    /// Tents IDs alone give counts after a comma.
    fn id_likeness(_params: &str, desc: &str) -> u8 {
        if desc.contains(',') { 5 } else { 0 }
    }

    fn options(&self) -> Options {
        Options {
            diagadj: self.diagadj,
            rule4: self.rule4,
        }
    }

    fn with_flags_given(&self, flags: &LoadFlags) -> Self {
        Tents {
            diagadj: flags.diagadj.unwrap_or(self.diagadj),
            rule4: flags.rule4.unwrap_or(self.rule4),
            ..self.clone()
        }
    }

    fn with_wrapping(&self, wrapping: bool) -> Self {
        self.with_grid(self.grid.clone().with_wrapping(wrapping))
    }

    fn options_summary(&self) -> String {
        let mut parts = Vec::new();
        if self.topology().wrapping {
            parts.push("wrapping");
        }
        if self.diagadj {
            parts.push("diagadj");
        }
        parts.push(match self.rule4 {
            Rule4::Local => "rule 4: local",
            Rule4::Matching => "rule 4: matching",
        });
        parts.join(", ")
    }

    fn solve(&self) -> Option<Self> {
        solve::first_solution(&self.puzzle()).map(|tents| self.with_solution(&tents))
    }

    fn count(&self, limit: Option<u64>) -> Count {
        solve::count_solutions(&self.puzzle(), limit)
    }

    fn count_telling(&self, limit: Option<u64>, watch: &CountWatch) -> Result<Count, OverMemory> {
        let options = solve::CountOptions {
            counted: Arc::clone(&watch.counted),
            memory_bytes: watch.memory_bytes,
            stop_at_cap: true,
        };
        solve::count_solutions_with(&self.puzzle(), limit, &options)
    }

    fn solve_within(&self, budget: &Budget) -> Result<Option<Self>, OutOfTime> {
        let tents = solve::first_solution_within(&self.puzzle(), budget)?;
        Ok(tents.map(|tents| self.with_solution(&tents)))
    }

    fn count_within(&self, limit: u64, budget: &Budget) -> Result<Count, OutOfTime> {
        solve::count_within(&self.puzzle(), limit, budget)
    }

    fn print_board(&self) -> String {
        print::game_print(self)
    }

    fn piece_for_command(letter: char) -> Option<Square> {
        match letter {
            't' => Some(Square::Tent),
            'g' => Some(Square::Grass),
            'e' => Some(Square::Empty),
            _ => None,
        }
    }

    fn piece_char(piece: Square) -> char {
        match piece {
            Square::Empty => ' ',
            Square::Tree => 'x',
            Square::Tent => '*',
            Square::Grass => '-',
        }
    }

    fn piece_name(piece: Square) -> &'static str {
        match piece {
            Square::Empty => "empty",
            Square::Tree => "tree",
            Square::Tent => "tent",
            Square::Grass => "grass",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_checks_count_lengths() {
        let grid = Grid::filled(Topology::new(2, 3, false), Square::Empty);
        assert!(Tents::new(grid.clone(), vec![0, 0], vec![0, 0, 0], false, Rule4::Local).is_ok());
        let err = Tents::new(grid.clone(), vec![0], vec![0, 0, 0], false, Rule4::Local);
        assert_eq!(err.unwrap_err(), "1 row counts given for 2 rows");
        let err = Tents::new(grid, vec![0, 0], vec![0; 4], false, Rule4::Local);
        assert_eq!(err.unwrap_err(), "4 column counts given for 3 columns");
        let empty = Grid::filled(Topology::new(0, 0, false), Square::Empty);
        assert!(Tents::new(empty, vec![], vec![], false, Rule4::Local).is_err());
    }

    #[test]
    fn default_games_have_the_course_counts() {
        let d = Tents::default_2020();
        assert_eq!(d.row_counts(), &[3, 0, 4, 0, 4, 0, 1, 0]);
        assert_eq!(d.col_counts(), &[4, 0, 1, 2, 1, 1, 2, 1]);
        assert_eq!(d.piece(Pos::new(0, 4)), Square::Tree);
        assert_eq!(d.piece(Pos::new(0, 0)), Square::Empty);
        assert_eq!(d.rule4(), Rule4::Local);
        let d25 = Tents::default_2025();
        assert_eq!(d25.row_counts(), &[1, 2, 1, 2, 2, 0, 1, 3]);
        assert_eq!(d25.col_counts(), &[3, 0, 2, 1, 2, 1, 2, 1]);
        assert_eq!(d25.rule4(), Rule4::Local);
        assert_eq!(d25.piece(Pos::new(0, 0)), Square::Tree);
    }

    #[test]
    fn cleared_keeps_trees_only() {
        let d = Tents::default_2020()
            .apply(Pos::new(0, 0), Square::Tent)
            .apply(Pos::new(0, 1), Square::Grass);
        let c = d.cleared();
        assert_eq!(c, Tents::default_2020());
    }

    #[test]
    fn apply_leaves_the_original_untouched() {
        let d = Tents::default_2020();
        let e = d.apply(Pos::new(0, 0), Square::Tent);
        assert_eq!(d.piece(Pos::new(0, 0)), Square::Empty);
        assert_eq!(e.piece(Pos::new(0, 0)), Square::Tent);
    }

    #[test]
    fn fill_moves_cover_empty_squares_of_the_line_only() {
        let d = Tents::default_2020().apply(Pos::new(0, 0), Square::Tent);
        let moves = d.fill_moves(Line::Row(0));
        let cols: Vec<usize> = moves.iter().map(|(p, _)| p.col).collect();
        assert_eq!(cols, vec![1, 2, 3, 6, 7]);
        assert!(moves.iter().all(|&(p, s)| p.row == 0 && s == Square::Grass));
        let col = d.fill_moves(Line::Col(0));
        let rows: Vec<usize> = col.iter().map(|(p, _)| p.row).collect();
        assert_eq!(rows, vec![2, 4, 6]);
        assert!(d.fill_moves(Line::Row(8)).is_empty());
        assert!(d.fill_moves(Line::Col(99)).is_empty());
    }

    #[test]
    fn the_player_s_fill_never_takes_a_square_a_missing_tent_needs() {
        let d = Tents::default_2020().apply(Pos::new(0, 0), Square::Tent);
        // Row 0 needs 3 tents and holds 1: only the squares no tent can take are filled,
        // (0,1) touching the tent and (0,2) with no tree beside it.
        let (moves, needed) = d.sure_fill_moves(Line::Row(0));
        let cols: Vec<usize> = moves.iter().map(|(p, _)| p.col).collect();
        assert_eq!((cols, needed), (vec![1, 2], 2));
        assert!(moves.iter().all(|&(p, s)| p.row == 0 && s == Square::Grass));
        // Row 1 needs none: every empty square is filled.
        let (row1, needed) = d.sure_fill_moves(Line::Row(1));
        assert_eq!((row1.len(), needed), (6, 0));
        // Column 0 needs 3 more, and each of its empty squares has a tree beside it.
        let (col, needed) = d.sure_fill_moves(Line::Col(0));
        assert_eq!((col.len(), needed), (0, 3));
        // Under diagadj a diagonal neighbour of a tent may still be a tent.
        let diag = Tents::default_2020()
            .with_diagadj(true)
            .apply(Pos::new(2, 5), Square::Tent);
        let (moves, _) = diag.sure_fill_moves(Line::Row(1));
        assert!(
            moves.iter().any(|(p, _)| p.col == 4),
            "row 1 needs no tent: all filled"
        );
        let (moves, _) = diag.sure_fill_moves(Line::Col(4));
        assert!(
            !moves.iter().any(|(p, _)| p.row == 3),
            "(3,4) only touches (2,5) diagonally"
        );
        assert!(d.sure_fill_moves(Line::Row(8)).0.is_empty());
    }

    #[test]
    fn flags_given_apply_and_the_others_keep_the_puzzles_settings() {
        let d = Tents::default_2020();
        let flags = LoadFlags {
            diagadj: Some(true),
            rule4: Some(Rule4::Matching),
        };
        let e = d.with_flags_given(&flags).with_wrapping(true);
        assert!(e.topology().wrapping);
        assert!(e.diagadj());
        assert_eq!(e.rule4(), Rule4::Matching);
        assert_eq!(e.options_summary(), "wrapping, diagadj, rule 4: matching");
        assert_eq!(d.options_summary(), "rule 4: local");
        assert_eq!(d.with_flags_given(&LoadFlags::default()), d);
        assert_eq!(e.with_flags_given(&LoadFlags::default()), e);
        assert_eq!(
            e.with_rule4(Rule4::Local)
                .with_diagadj(false)
                .with_wrapping(false),
            d
        );
    }

    #[test]
    fn command_letters_and_names() {
        assert_eq!(Tents::piece_for_command('t'), Some(Square::Tent));
        assert_eq!(Tents::piece_for_command('g'), Some(Square::Grass));
        assert_eq!(Tents::piece_for_command('e'), Some(Square::Empty));
        assert_eq!(Tents::piece_for_command('x'), None);
        assert_eq!(Tents::piece_name(Square::Tent), "tent");
        assert_eq!(Tents::piece_name(Square::Grass), "grass");
        assert_eq!(Tents::piece_name(Square::Empty), "empty");
        assert_eq!(Tents::piece_name(Square::Tree), "tree");
    }

    #[test]
    fn solve_places_tents_and_grass_everywhere_else() {
        let solved = Tents::default_2020()
            .solve()
            .expect("the default game has a solution");
        let expected = [
            "*--*xx*-", "x------x", "*--*x*-*", "x----x--", "*x*-*-*-", "x---x-x-", "*-------",
            "x-------",
        ];
        for (r, row) in expected.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let want = match ch {
                    '*' => Square::Tent,
                    'x' => Square::Tree,
                    _ => Square::Grass,
                };
                assert_eq!(solved.piece(Pos::new(r, c)), want, "square ({r},{c})");
            }
        }
        assert!(solved.is_won());
        assert_eq!(Tents::default_2020().count(None), Count::from(1u32));
    }
}
