//! Where everything of the play screen goes: pure geometry shared by the view (to draw) and by
//! `update` (to turn a mouse click into a square).

use ratatui::layout::Rect;

use crate::grid::Pos;
use crate::look::Look;
use crate::play::Play;
use crate::tui::model::{Session, with_session};

/// Columns every square spans.
pub const SQUARE_WIDTH: u16 = 2;
/// Rows under the board area: status line, message line, key bar.
pub const FOOTER_HEIGHT: u16 = 3;
/// Narrowest history panel worth drawing.
pub const HISTORY_MIN_WIDTH: u16 = 20;
/// Widest history panel.
pub const HISTORY_MAX_WIDTH: u16 = 34;
/// Narrowest screen the footer lines are readable in.
pub const MIN_WIDTH: u16 = 24;

/// The board's size in squares and the room its clues take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardGeometry {
    /// Rows of squares.
    pub rows: u16,
    /// Columns of squares.
    pub cols: u16,
    /// Columns right of the board for row clues (0 without them).
    pub row_clue_width: u16,
    /// Rows below the board for column clues (0 without them).
    pub col_clue_height: u16,
}

impl BoardGeometry {
    /// The geometry of a session's board.
    pub fn of(session: &Session) -> BoardGeometry {
        with_session!(session, p => geometry(p))
    }

    /// Width of the squares.
    pub fn squares_width(&self) -> u16 {
        self.cols.saturating_mul(SQUARE_WIDTH)
    }

    /// The bordered board block: squares, clues and a one-cell frame.
    pub fn block_size(&self) -> (u16, u16) {
        (
            self.squares_width()
                .saturating_add(self.row_clue_width)
                .saturating_add(2),
            self.rows
                .saturating_add(self.col_clue_height)
                .saturating_add(2),
        )
    }

    /// The smallest terminal the play screen fits in (columns, rows).
    pub fn required_size(&self) -> (u16, u16) {
        let (w, h) = self.block_size();
        (w.max(MIN_WIDTH), h.saturating_add(FOOTER_HEIGHT))
    }
}

fn clamp(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

fn geometry<G: Look>(play: &Play<G>) -> BoardGeometry {
    let state = play.state();
    let t = state.topology();
    let rows = state.row_clues();
    let widest = rows.iter().map(|c| c.value.to_string().len()).max();
    BoardGeometry {
        rows: clamp(t.rows),
        cols: clamp(t.cols),
        row_clue_width: widest.map_or(0, |w| 1 + clamp(w.max(2))),
        col_clue_height: u16::from(!state.col_clues().is_empty()),
    }
}

/// Rectangles of the play screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayLayout {
    /// The bordered board block.
    pub board_block: Rect,
    /// The squares (two columns each).
    pub squares: Rect,
    /// The row clues right of the squares (zero-sized without them).
    pub row_clues: Rect,
    /// The column clues below the squares (zero-sized without them).
    pub col_clues: Rect,
    /// The history panel, when there is room for it.
    pub history: Option<Rect>,
    /// The status line.
    pub status: Rect,
    /// The message line (or the won banner).
    pub message: Rect,
    /// The key bar.
    pub keys: Rect,
}

impl PlayLayout {
    /// Lays the play screen out in `area`; `None` when the area is too small for the board.
    pub fn compute(area: Rect, geometry: BoardGeometry) -> Option<PlayLayout> {
        let (need_w, need_h) = geometry.required_size();
        if area.width < need_w || area.height < need_h {
            return None;
        }
        let (block_w, block_h) = geometry.block_size();
        let board_block = Rect::new(area.x, area.y, block_w, block_h);
        let inner_x = board_block.x + 1;
        let inner_y = board_block.y + 1;
        let squares = Rect::new(inner_x, inner_y, geometry.squares_width(), geometry.rows);
        let row_clues = Rect::new(
            squares.right(),
            inner_y,
            geometry.row_clue_width,
            geometry.rows,
        );
        let col_clues = Rect::new(
            inner_x,
            squares.bottom(),
            squares.width,
            geometry.col_clue_height,
        );
        let main_height = area.height - FOOTER_HEIGHT;
        let room = area.width - block_w;
        let history = (room >= HISTORY_MIN_WIDTH).then(|| {
            Rect::new(
                board_block.right(),
                area.y,
                room.min(HISTORY_MAX_WIDTH),
                main_height,
            )
        });
        let footer_y = area.y + main_height;
        let line = |i: u16| Rect::new(area.x, footer_y + i, area.width, 1);
        Some(PlayLayout {
            board_block,
            squares,
            row_clues,
            col_clues,
            history,
            status: line(0),
            message: line(1),
            keys: line(2),
        })
    }

    /// The square drawn at terminal cell (`column`, `row`), if any.
    pub fn square_at(&self, column: u16, row: u16) -> Option<Pos> {
        let s = self.squares;
        let inside = column >= s.x && column < s.right() && row >= s.y && row < s.bottom();
        inside.then(|| {
            Pos::new(
                usize::from(row - s.y),
                usize::from((column - s.x) / SQUARE_WIDTH),
            )
        })
    }

    /// The terminal cell of a square's first column.
    pub fn cell_of(&self, pos: Pos) -> (u16, u16) {
        (
            self.squares.x + clamp(pos.col) * SQUARE_WIDTH,
            self.squares.y + clamp(pos.row),
        )
    }
}

/// A `width` x `height` rectangle centred in `area` (clipped to it).
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyGame;
    use crate::games::tents::Tents;

    fn tents_geometry() -> BoardGeometry {
        BoardGeometry::of(&Session::new(AnyGame::Tents(Tents::default_2020())))
    }

    #[test]
    fn tents_board_has_room_for_its_counts() {
        let g = tents_geometry();
        assert_eq!(g.row_clue_width, 3);
        assert_eq!(g.col_clue_height, 1);
        assert_eq!(g.block_size(), (8 * 2 + 3 + 2, 8 + 1 + 2));
        assert_eq!(g.required_size(), (24, 14));
    }

    #[test]
    fn clicks_map_to_squares_and_back() {
        let layout = PlayLayout::compute(Rect::new(0, 0, 80, 24), tents_geometry()).unwrap();
        assert_eq!(layout.square_at(1, 1), Some(Pos::new(0, 0)));
        assert_eq!(layout.square_at(2, 1), Some(Pos::new(0, 0)));
        assert_eq!(layout.square_at(3, 2), Some(Pos::new(1, 1)));
        assert_eq!(layout.square_at(0, 1), None);
        assert_eq!(layout.square_at(16, 8), Some(Pos::new(7, 7)));
        assert_eq!(layout.square_at(17, 8), None);
        assert_eq!(layout.square_at(16, 9), None);
        assert_eq!(layout.cell_of(Pos::new(7, 7)), (15, 8));
        assert!(layout.history.is_some());
    }

    #[test]
    fn too_small_areas_have_no_layout() {
        assert!(PlayLayout::compute(Rect::new(0, 0, 23, 24), tents_geometry()).is_none());
        assert!(PlayLayout::compute(Rect::new(0, 0, 80, 13), tents_geometry()).is_none());
        let narrow = PlayLayout::compute(Rect::new(0, 0, 30, 14), tents_geometry()).unwrap();
        assert_eq!(narrow.history, None);
    }
}
