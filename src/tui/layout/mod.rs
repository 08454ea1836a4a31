//! Where everything goes on screen: pure geometry shared by the view (to draw) and by `update`
//! (to turn a mouse click into a square, page a list and keep the cursor in view). It depends
//! on the model, never on `view`; the text whose length decides a height (the message area's,
//! the browser's message, the help's rows) is worked out here too, and the view draws it.
//!
//! A board larger than the screen is seen through a [`Viewport`] that follows the cursor; the
//! rulers and the counts are drawn beside the visible part only, so they stay pinned like a
//! spreadsheet's frozen headers. The side panel (history, hint) folds away before the board
//! gives up a column.

pub mod banner;
pub mod browser;
pub mod footer;
pub mod help;
pub mod text;
pub mod viewport;

use ratatui::layout::Rect;

use crate::grid::Pos;
use crate::look::Look;
use crate::play::Play;
use crate::tui::model::{Model, Session, with_session};

pub use crate::tui::panel::PanelChoice;
pub use viewport::Viewport;

/// Columns every square spans.
pub const SQUARE_WIDTH: u16 = 2;
/// Fewest rows under the board area: status line, message line, key bar (a long message takes
/// up to [`footer::MAX_LINES`] lines).
pub const FOOTER_HEIGHT: u16 = 3;
/// Narrowest side panel worth drawing.
pub const HISTORY_MIN_WIDTH: u16 = 20;
/// Widest side panel (the rest of a wide screen stays empty).
pub const HISTORY_MAX_WIDTH: u16 = 48;
/// Lowest panel worth drawing under the board.
pub const PANEL_BELOW_MIN_HEIGHT: u16 = 5;
/// Narrowest screen the play screen is drawn in at all.
pub const MIN_WIDTH: u16 = 12;
/// Squares kept between the cursor and the edge of a scrolled view, when the view is big enough.
pub const SCROLL_MARGIN: usize = 2;
/// Rows a wheel notch scrolls.
pub const WHEEL_STEP: usize = 3;

/// The board's size in squares and the room its rulers and clues take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardGeometry {
    /// Rows of squares.
    pub rows: usize,
    /// Columns of squares.
    pub cols: usize,
    /// Columns right of the board for row clues (0 without them).
    pub row_clue_width: u16,
    /// Rows below the board for column clues: one per digit of the largest (0 without them).
    pub col_clue_height: u16,
}

impl BoardGeometry {
    /// The geometry of a session's board.
    pub fn of(session: &Session) -> BoardGeometry {
        with_session!(session, p => geometry(p))
    }

    /// Columns of the row ruler left of the squares: the widest row index and a space.
    pub fn row_ruler_width(&self) -> u16 {
        digits(self.rows.saturating_sub(1)) + 1
    }

    /// Columns the board block takes besides its squares: frame, ruler, row clues.
    pub fn fixed_width(&self) -> u16 {
        2 + self.row_ruler_width() + self.row_clue_width
    }

    /// Rows the board block takes besides its squares: frame, column ruler, column clues.
    pub fn fixed_height(&self) -> u16 {
        3 + self.col_clue_height
    }

    /// The whole board block's size, every square shown (saturating for huge boards).
    pub fn full_block_size(&self) -> (u16, u16) {
        let w = usize::from(self.fixed_width()) + self.cols * usize::from(SQUARE_WIDTH);
        let h = usize::from(self.fixed_height()) + self.rows;
        (clamp(w), clamp(h))
    }

    /// The smallest terminal the play screen fits in (columns, rows): one square visible.
    pub fn required_size(&self) -> (u16, u16) {
        (
            (self.fixed_width() + SQUARE_WIDTH).max(MIN_WIDTH),
            self.fixed_height() + 1 + FOOTER_HEIGHT,
        )
    }
}

/// Decimal digits of `n`.
pub fn digits(n: usize) -> u16 {
    // Counted, not formatted: the layout asks for every clue of the board each frame.
    n.checked_ilog10().map_or(1, |d| d as u16 + 1)
}

fn clamp(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

fn geometry<G: Look>(play: &Play<G>) -> BoardGeometry {
    let state = play.state();
    let t = state.topology();
    let widest = |clues: Vec<crate::look::LineClue>| {
        clues
            .iter()
            .map(|c| digits(c.value))
            .max()
            .unwrap_or_default()
    };
    let row_digits = widest(state.row_clues());
    BoardGeometry {
        rows: t.rows,
        cols: t.cols,
        row_clue_width: if row_digits == 0 {
            0
        } else {
            1 + row_digits.max(2)
        },
        col_clue_height: widest(state.col_clues()),
    }
}

/// The squares kept between the cursor and the edge of a view `visible` squares long.
pub fn margin(visible: usize) -> usize {
    SCROLL_MARGIN.min(visible.saturating_sub(1) / 2)
}

/// The first index shown on one axis: `first` moved as little as possible so that `cursor`
/// stays `SCROLL_MARGIN` squares from the edges (less on small views) and the view stays on the
/// board.
pub fn follow(first: usize, cursor: usize, visible: usize, total: usize) -> usize {
    follow_within(first, cursor, visible, total, margin(visible))
}

/// [`follow`] keeping `margin` squares between the cursor and the view's edges.
fn follow_within(
    first: usize,
    cursor: usize,
    visible: usize,
    total: usize,
    margin: usize,
) -> usize {
    if visible == 0 || total <= visible {
        return 0;
    }
    let cursor = cursor.min(total - 1);
    let mut first = first.min(total - visible);
    if cursor < first + margin {
        first = cursor.saturating_sub(margin);
    }
    if cursor + margin >= first + visible {
        first = cursor + margin + 1 - visible;
    }
    first.min(total - visible)
}

/// What the board's view follows: the cursor, from where the view last was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Focus {
    /// The square under the cursor: always in view.
    pub cursor: Pos,
    /// The view's last origin (top-left square): moved as little as possible.
    pub scroll: Pos,
    /// Whether the view keeps [`SCROLL_MARGIN`] squares between the cursor and its edges, as
    /// it does for the keys. Without it the view moves only to bring the cursor back in
    /// sight: a view the mouse placed stays put, so what the pointer points at stays there.
    pub margin: bool,
}

impl Focus {
    /// The keys' focus: the cursor, with the margin kept.
    pub fn keys(cursor: Pos, scroll: Pos) -> Focus {
        Focus {
            cursor,
            scroll,
            margin: true,
        }
    }
}

/// Rectangles of the play screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayLayout {
    /// The bordered board block.
    pub board_block: Rect,
    /// The squares shown (two columns each).
    pub squares: Rect,
    /// Which squares those are.
    pub view: Viewport,
    /// The board's whole size in squares (rows, columns).
    pub board: (usize, usize),
    /// Row indices, left of the squares.
    pub row_ruler: Rect,
    /// Column indices, above the squares.
    pub col_ruler: Rect,
    /// The row clues right of the squares (zero-sized without them).
    pub row_clues: Rect,
    /// The column clues below the squares (zero-sized without them).
    pub col_clues: Rect,
    /// The side panel (history and hint), beside or below the board, when it is drawn.
    pub panel: Option<Rect>,
    /// The status line.
    pub status: Rect,
    /// The message line (or the won banner).
    pub message: Rect,
    /// The key bar.
    pub keys: Rect,
}

impl PlayLayout {
    /// Lays the play screen out in `area` with the view following `focus` and `message_lines`
    /// rows for the message (fewer when the screen has no room for them and one row of
    /// squares); `None` when not even one square fits.
    pub fn compute(
        area: Rect,
        geometry: BoardGeometry,
        focus: Focus,
        panel: PanelChoice,
        message_lines: u16,
    ) -> Option<PlayLayout> {
        let (need_w, need_h) = geometry.required_size();
        if area.width < need_w || area.height < need_h || geometry.rows == 0 || geometry.cols == 0 {
            return None;
        }
        let message_lines = message_lines.clamp(1, 1 + area.height - need_h);
        let main_height = area.height - FOOTER_HEIGHT - (message_lines - 1);
        let fixed_w = geometry.fixed_width();
        let (full_w, full_h) = geometry.full_block_size();
        let side = side_width(area.width, fixed_w, full_w, panel);
        let board_room = area.width - side.unwrap_or(0) - fixed_w;
        let view_cols = geometry.cols.min(usize::from(board_room / SQUARE_WIDTH));
        let view_rows = geometry
            .rows
            .min(usize::from(main_height - geometry.fixed_height()));
        let axis = |first: usize, cursor: usize, shown: usize, total: usize| {
            let m = if focus.margin { margin(shown) } else { 0 };
            follow_within(first, cursor, shown, total, m)
        };
        let Focus { cursor, scroll, .. } = focus;
        let view = Viewport {
            first_row: axis(scroll.row, cursor.row, view_rows, geometry.rows),
            first_col: axis(scroll.col, cursor.col, view_cols, geometry.cols),
            rows: view_rows,
            cols: view_cols,
        };
        let squares_w = clamp(view_cols) * SQUARE_WIDTH;
        let rows_h = clamp(view_rows);
        let board_block = Rect::new(
            area.x,
            area.y,
            fixed_w + squares_w,
            geometry.fixed_height() + rows_h,
        );
        let ruler_w = geometry.row_ruler_width();
        let squares = Rect::new(area.x + 1 + ruler_w, area.y + 2, squares_w, rows_h);
        let panel = match side {
            Some(width) => Some(Rect::new(
                board_block.right(),
                area.y,
                width.min(area.right() - board_block.right()),
                main_height,
            )),
            None => {
                let below = main_height - board_block.height;
                let fits_whole = full_w <= area.width && full_h <= main_height;
                (panel != PanelChoice::Hidden && fits_whole && below >= PANEL_BELOW_MIN_HEIGHT)
                    .then(|| Rect::new(area.x, board_block.bottom(), area.width, below))
            }
        };
        let footer_y = area.y + main_height;
        let line = |i: u16| Rect::new(area.x, footer_y + i, area.width, 1);
        Some(PlayLayout {
            board_block,
            squares,
            view,
            board: (geometry.rows, geometry.cols),
            row_ruler: Rect::new(area.x + 1, squares.y, ruler_w, rows_h),
            col_ruler: Rect::new(squares.x, area.y + 1, squares_w, 1),
            row_clues: Rect::new(squares.right(), squares.y, geometry.row_clue_width, rows_h),
            col_clues: Rect::new(
                squares.x,
                squares.bottom(),
                squares_w,
                geometry.col_clue_height,
            ),
            panel,
            status: line(0),
            message: Rect::new(area.x, footer_y + 1, area.width, message_lines),
            keys: line(1 + message_lines),
        })
    }

    /// Whether part of the board is off screen.
    pub fn is_scrolled(&self) -> bool {
        self.view.rows < self.board.0 || self.view.cols < self.board.1
    }

    /// The square drawn at terminal cell (`column`, `row`), if any.
    pub fn square_at(&self, column: u16, row: u16) -> Option<Pos> {
        let s = self.squares;
        let inside = column >= s.x && column < s.right() && row >= s.y && row < s.bottom();
        inside.then(|| {
            Pos::new(
                self.view.first_row + usize::from(row - s.y),
                self.view.first_col + usize::from((column - s.x) / SQUARE_WIDTH),
            )
        })
    }

    /// The square (row, column) the terminal cell (`column`, `row`) would show if the squares
    /// went on past the view's edges: the square drawn there when there is one, else one
    /// beyond the view (negative above or left of it, possibly off the board). A drag
    /// projects the pointer with it wherever the pointer is.
    pub fn square_toward(&self, column: u16, row: u16) -> (isize, isize) {
        let s = self.squares;
        let n = |v: u16| v as isize;
        let down = n(row) - n(s.y);
        let right = (n(column) - n(s.x)).div_euclid(n(SQUARE_WIDTH));
        (
            self.view.first_row as isize + down,
            self.view.first_col as isize + right,
        )
    }

    /// The terminal cell of a square's first column, when the square is on screen.
    pub fn cell_of(&self, pos: Pos) -> Option<(u16, u16)> {
        self.view.contains(pos).then(|| {
            (
                self.squares.x + clamp(pos.col - self.view.first_col) * SQUARE_WIDTH,
                self.squares.y + clamp(pos.row - self.view.first_row),
            )
        })
    }

    /// What the view shows, for the frame's foot: `rows 20-41 of 50  cols 0-35 of 50`, only
    /// the axes that scroll; `short` gives `r20-41/50 c0-35/50`. Empty when all is shown.
    pub fn position_text(&self, short: bool) -> String {
        let axis = |name: &str, first: usize, shown: usize, total: usize| {
            if shown >= total {
                return None;
            }
            let last = first + shown - 1;
            Some(if short {
                format!("{}{first}-{last}/{total}", &name[..1])
            } else {
                format!("{name} {first}-{last} of {total}")
            })
        };
        let parts: Vec<String> = [
            axis("rows", self.view.first_row, self.view.rows, self.board.0),
            axis("cols", self.view.first_col, self.view.cols, self.board.1),
        ]
        .into_iter()
        .flatten()
        .collect();
        parts.join(if short { " " } else { "  " })
    }
}

/// The play screen's layout for `model` (its terminal size, panel choice and message); `None`
/// off the play screen or when not even one square fits.
pub fn play_layout(model: &Model) -> Option<PlayLayout> {
    play_layout_in(model, model.size)
}

/// The same on a terminal of `size` (columns, rows): the view draws in the frame it is given.
pub fn play_layout_in(model: &Model, size: (u16, u16)) -> Option<PlayLayout> {
    let screen = model.play()?;
    let footer = footer::footer(model, screen, screen.session.is_won());
    layout_with_footer(model, size, footer.as_ref())
}

/// The play screen's layout on a terminal of `size` with `footer` in the message area (the
/// view works the footer out once a frame and draws it too).
pub fn layout_with_footer(
    model: &Model,
    size: (u16, u16),
    footer: Option<&footer::Footer>,
) -> Option<PlayLayout> {
    let screen = model.play()?;
    let (columns, rows) = size;
    let geometry = BoardGeometry::of(&screen.session);
    let compute = |lines| {
        PlayLayout::compute(
            Rect::new(0, 0, columns, rows),
            geometry,
            Focus {
                cursor: screen.cursor,
                scroll: screen.scroll,
                margin: !screen.view_held,
            },
            model.panel,
            lines,
        )
    };
    let layout = compute(footer::height(footer, columns))?;
    // The side panel shows the hint whole: the message area then needs no room for it.
    match footer {
        Some(f) if f.is_hint && layout.panel.is_some() && layout.message.height > 1 => compute(1),
        _ => Some(layout),
    }
}

/// The side panel's width: beside the whole board when it fits (`Auto`), always (`Shown`, the
/// board narrowing down to one square), or never.
fn side_width(width: u16, fixed_w: u16, full_w: u16, choice: PanelChoice) -> Option<u16> {
    let free = width.saturating_sub(full_w);
    match choice {
        PanelChoice::Auto => (free >= HISTORY_MIN_WIDTH).then(|| free.min(HISTORY_MAX_WIDTH)),
        PanelChoice::Shown => {
            let panel = free.clamp(HISTORY_MIN_WIDTH, HISTORY_MAX_WIDTH);
            (width >= fixed_w + SQUARE_WIDTH + panel).then_some(panel)
        }
        PanelChoice::Hidden => None,
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

    fn big(rows: usize, cols: usize) -> BoardGeometry {
        BoardGeometry {
            rows,
            cols,
            row_clue_width: 3,
            col_clue_height: 2,
        }
    }

    fn at(area: (u16, u16), g: BoardGeometry, cursor: Pos) -> PlayLayout {
        let area = Rect::new(0, 0, area.0, area.1);
        PlayLayout::compute(
            area,
            g,
            Focus::keys(cursor, Pos::new(0, 0)),
            PanelChoice::Auto,
            1,
        )
        .unwrap()
    }

    #[test]
    fn digits_are_those_written() {
        for n in [0, 1, 9, 10, 99, 100, 12345, usize::MAX] {
            assert_eq!(usize::from(digits(n)), n.to_string().len(), "{n}");
        }
    }

    #[test]
    fn tents_board_has_room_for_its_counts_and_rulers() {
        let g = tents_geometry();
        assert_eq!(g.row_clue_width, 3);
        assert_eq!(g.col_clue_height, 1);
        assert_eq!(g.row_ruler_width(), 2);
        assert_eq!(g.full_block_size(), (8 * 2 + 2 + 3 + 2, 8 + 1 + 1 + 2));
        assert_eq!(g.required_size(), (MIN_WIDTH, 2 + 1 + 1 + 1 + 3));
    }

    #[test]
    fn clicks_map_to_squares_and_back() {
        let layout = at((80, 24), tents_geometry(), Pos::new(0, 0));
        assert_eq!(layout.squares, Rect::new(3, 2, 16, 8));
        assert_eq!(layout.square_at(3, 2), Some(Pos::new(0, 0)));
        assert_eq!(layout.square_at(4, 2), Some(Pos::new(0, 0)));
        assert_eq!(layout.square_at(5, 3), Some(Pos::new(1, 1)));
        assert_eq!(layout.square_at(2, 2), None);
        assert_eq!(layout.square_at(18, 9), Some(Pos::new(7, 7)));
        assert_eq!(layout.square_at(19, 9), None);
        assert_eq!(layout.square_at(18, 10), None);
        assert_eq!(layout.cell_of(Pos::new(7, 7)), Some((17, 9)));
        // Past the squares the mapping goes on, for drags to project.
        assert_eq!(layout.square_toward(4, 2), (0, 0));
        assert_eq!(layout.square_toward(2, 1), (-1, -1));
        assert_eq!(layout.square_toward(19, 12), (10, 8));
        assert!(layout.panel.is_some());
        assert!(!layout.is_scrolled());
        assert_eq!(layout.position_text(false), "");
    }

    #[test]
    fn a_big_board_scrolls_to_keep_the_cursor_in_view() {
        let g = big(50, 50);
        let top = at((80, 24), g, Pos::new(0, 0));
        assert_eq!(top.panel, None, "the panel folds away first");
        assert_eq!(top.view.first_row, 0);
        assert!(top.view.rows >= 15 && top.view.cols >= 30);
        assert!(top.board_block.right() <= 80 && top.board_block.bottom() <= 21);
        let corner = at((80, 24), g, Pos::new(49, 49));
        assert!(corner.view.contains(Pos::new(49, 49)));
        assert_eq!(corner.view.first_row + corner.view.rows, 50);
        assert_eq!(corner.view.first_col + corner.view.cols, 50);
        let (x, y) = corner.cell_of(Pos::new(49, 49)).unwrap();
        assert_eq!(corner.square_at(x + 1, y), Some(Pos::new(49, 49)));
        assert_eq!(
            corner.position_text(false),
            format!(
                "rows {}-49 of 50  cols {}-49 of 50",
                corner.view.first_row, corner.view.first_col
            )
        );
    }

    #[test]
    fn following_moves_the_view_as_little_as_possible() {
        // 10 of 50 shown, margin 2.
        assert_eq!(follow(0, 0, 10, 50), 0);
        assert_eq!(follow(0, 7, 10, 50), 0);
        assert_eq!(follow(0, 8, 10, 50), 1);
        assert_eq!(follow(20, 22, 10, 50), 20);
        assert_eq!(follow(20, 21, 10, 50), 19);
        assert_eq!(follow(45, 49, 10, 50), 40);
        assert_eq!(follow(3, 49, 100, 50), 0);
        // A one-square view shows the cursor itself.
        assert_eq!(follow(0, 17, 1, 50), 17);
        assert_eq!(follow(40, 17, 1, 50), 17);
    }

    #[test]
    fn the_panel_can_be_forced_or_hidden() {
        let g = big(50, 50);
        let area = Rect::new(0, 0, 80, 24);
        let shown = PlayLayout::compute(
            area,
            g,
            Focus::keys(Pos::new(0, 0), Pos::new(0, 0)),
            PanelChoice::Shown,
            1,
        )
        .unwrap();
        let panel = shown.panel.unwrap();
        assert!(panel.width >= HISTORY_MIN_WIDTH);
        assert!(panel.x >= shown.board_block.right());
        let small = tents_geometry();
        let hidden = PlayLayout::compute(
            area,
            small,
            Focus::keys(Pos::new(0, 0), Pos::new(0, 0)),
            PanelChoice::Hidden,
            1,
        )
        .unwrap();
        assert_eq!(hidden.panel, None);
    }

    #[test]
    fn too_small_areas_have_no_layout() {
        let g = tents_geometry();
        let (w, h) = g.required_size();
        let compute = |w, h| {
            PlayLayout::compute(
                Rect::new(0, 0, w, h),
                g,
                Focus::keys(Pos::new(0, 0), Pos::new(0, 0)),
                PanelChoice::Auto,
                1,
            )
        };
        assert!(compute(w - 1, 24).is_none());
        assert!(compute(80, h - 1).is_none());
        let tiny = compute(w, h).unwrap();
        // Twelve columns leave room for two squares beside the ruler and the counts.
        assert_eq!((tiny.view.rows, tiny.view.cols), (1, 2));
        assert_eq!(tiny.panel, None);
    }
}
