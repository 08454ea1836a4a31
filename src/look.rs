//! How a game looks: a pure presentation facet every game implements beside its rules.
//!
//! The TUI draws any game through [`Look`] alone: what each square shows and with which theme
//! roles, the clues beside the board, the counters of the status line and the letter keys of its
//! pieces. Nothing here knows about the terminal; styles come from the theme by role.

use crate::game::Game;
use crate::grid::{Line, Pos};
use crate::history::{Action, Entry};
use crate::theme::{Role, Symbol};

/// What a square's two columns show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// A glyph of the theme's glyph set.
    Symbol(Symbol),
    /// A number drawn as text (Light Up wall numbers, Mosaic clues).
    Number(u8),
}

/// One board square: its face and the theme roles its style is layered from, base first.
/// The TUI adds a hint's mark, `Error` and `Cursor` on top, never hiding what these roles show
/// (a number's colours are its square's state: marks colour only its first column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareLook {
    /// What the square shows.
    pub face: Face,
    /// Roles layered in order (later roles win).
    pub roles: &'static [Role],
}

/// How a row or column clue stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClueState {
    /// The count is met exactly.
    Satisfied,
    /// Fewer than the count so far.
    NotYet,
    /// More than the count.
    Exceeded,
}

impl ClueState {
    /// The state of a clue expecting `expected` with `placed` so far.
    pub fn of(placed: usize, expected: usize) -> ClueState {
        match placed.cmp(&expected) {
            std::cmp::Ordering::Equal => ClueState::Satisfied,
            std::cmp::Ordering::Less => ClueState::NotYet,
            std::cmp::Ordering::Greater => ClueState::Exceeded,
        }
    }

    /// The theme role this state is drawn with.
    pub fn role(self) -> Role {
        match self {
            ClueState::Satisfied => Role::Satisfied,
            ClueState::NotYet => Role::Unsatisfied,
            ClueState::Exceeded => Role::Exceeded,
        }
    }
}

/// A clue beside the board (Tents row and column counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineClue {
    /// The expected count.
    pub value: usize,
    /// How it stands now.
    pub state: ClueState,
}

/// A number in the status line, e.g. "tents left 3".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counter {
    /// What is counted.
    pub label: &'static str,
    /// The count (negative when the player overshoots).
    pub value: i64,
}

/// A letter key that places a piece by name (`t` tent, `b` black, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceKey<P> {
    /// The key.
    pub key: char,
    /// The piece it places.
    pub piece: P,
}

/// What filling a line with the secondary piece does (Tents' `f` / `F`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineFill<P> {
    /// The squares that take the secondary piece, played as one history entry.
    pub moves: Vec<(Pos, P)>,
    /// Primary pieces the line still needs: when some are, only the squares none of them can
    /// take are in `moves`.
    pub still_needed: usize,
}

/// The presentation of a game: everything the TUI needs that differs between games.
pub trait Look: Game {
    /// What the square at `pos` shows and how it is styled.
    fn square_look(&self, pos: Pos) -> SquareLook;

    /// Clues at the right of each row, top to bottom; empty when the game has none.
    fn row_clues(&self) -> Vec<LineClue> {
        Vec::new()
    }

    /// Clues below each column, left to right; empty when the game has none.
    fn col_clues(&self) -> Vec<LineClue> {
        Vec::new()
    }

    /// The counters of the status line.
    fn counters(&self) -> Vec<Counter>;

    /// This puzzle's rules in plain words, a paragraph each, written from its options (wrapping
    /// and the game's own): what the help overlay opens on. The first paragraph is the goal in
    /// one sentence, which the browser's help shows for each game's default puzzle.
    fn rules_text(&self) -> Vec<String>;

    /// The puzzle's own options that differ from its game's defaults, a word each (`diagadj`,
    /// `matching`, `ortho`), for lists of puzzles; wrapping is not among them.
    fn option_tags(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// The letter keys that place this game's pieces by name (docs/playing.md#keys-while-playing).
    fn piece_keys() -> &'static [PieceKey<Self::Piece>];

    /// What filling `line` with the secondary piece does, for games that have that command
    /// (Tents' grass fill); `None` when the game has no such command.
    fn fill_moves(&self, _line: Line) -> Option<LineFill<Self::Piece>> {
        None
    }

    /// Whether a mouse drag that placed `piece` on its first square paints it over the squares
    /// it passes. By default every piece but the primary, which is placed one click at a time
    /// (a Tents tent, a Light Up bulb); emptying always paints.
    fn drag_paints(piece: Self::Piece) -> bool {
        piece != Self::PRIMARY
    }

    /// The piece a letter key places in this game, if it is one of its keys.
    fn piece_for_key(key: char) -> Option<Self::Piece> {
        Self::piece_keys()
            .iter()
            .find(|k| k.key == key)
            .map(|k| k.piece)
    }
}

/// One history entry as the history panel shows it: `tent (3,4)`, `fill row 2 with grass (5)`.
pub fn describe_entry<G: Game>(entry: &Entry<G::Piece>) -> String {
    let count = entry.changes.len();
    let filled_with = || {
        entry
            .changes
            .first()
            .map_or("grass", |c| G::piece_name(c.after))
    };
    match &entry.action {
        Action::Set => match entry.changes.first() {
            Some(c) => format!("{} {}", G::piece_name(c.after), c.pos),
            None => "nothing".to_string(),
        },
        Action::FillRow(r) => format!("fill row {r} with {} ({count})", filled_with()),
        Action::FillCol(c) => format!("fill column {c} with {} ({count})", filled_with()),
        Action::Reveal => format!("reveal the solution ({count})"),
        Action::Restart => format!("restart ({count})"),
        Action::Hint(rule) => format!("hint: {rule} ({count})"),
        Action::Drag => match entry.changes.first() {
            Some(c) if c.after == G::EMPTY => format!("emptied {}", squares(count)),
            Some(c) => format!("{} over {}", G::piece_name(c.after), squares(count)),
            None => "nothing".to_string(),
        },
    }
}

fn squares(count: usize) -> String {
    match count {
        1 => "1 square".to_string(),
        n => format!("{n} squares"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tents::{Square, Tents};
    use crate::history::Change;

    fn change(r: usize, c: usize, after: Square) -> Change<Square> {
        Change {
            pos: Pos::new(r, c),
            before: Square::Empty,
            after,
        }
    }

    #[test]
    fn entries_read_as_the_panel_shows_them() {
        let set = Entry {
            action: Action::Set,
            changes: vec![change(3, 4, Square::Tent)],
        };
        assert_eq!(describe_entry::<Tents>(&set), "tent (3,4)");
        let fill = Entry {
            action: Action::FillRow(2),
            changes: (0..5).map(|c| change(2, c, Square::Grass)).collect(),
        };
        assert_eq!(describe_entry::<Tents>(&fill), "fill row 2 with grass (5)");
        let col = Entry {
            action: Action::FillCol(7),
            changes: vec![change(1, 7, Square::Grass)],
        };
        assert_eq!(
            describe_entry::<Tents>(&col),
            "fill column 7 with grass (1)"
        );
        let reveal = Entry {
            action: Action::Reveal,
            changes: vec![change(0, 0, Square::Tent), change(0, 1, Square::Grass)],
        };
        assert_eq!(describe_entry::<Tents>(&reveal), "reveal the solution (2)");
        let hint = Entry {
            action: Action::Hint("finish with grass".into()),
            changes: vec![change(0, 1, Square::Grass)],
        };
        assert_eq!(
            describe_entry::<Tents>(&hint),
            "hint: finish with grass (1)"
        );
        let drag = Entry {
            action: Action::Drag,
            changes: (0..3).map(|c| change(4, c, Square::Grass)).collect(),
        };
        assert_eq!(describe_entry::<Tents>(&drag), "grass over 3 squares");
    }

    #[test]
    fn clue_states_compare_placed_with_expected() {
        assert_eq!(ClueState::of(2, 2), ClueState::Satisfied);
        assert_eq!(ClueState::of(1, 2), ClueState::NotYet);
        assert_eq!(ClueState::of(3, 2), ClueState::Exceeded);
        assert_eq!(ClueState::Exceeded.role(), Role::Exceeded);
    }
}
