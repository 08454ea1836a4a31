//! Painting with the mouse, as in Simon Tatham's games: a drag keeps to the row or column it
//! started along and paints what its first square received over every square it passes there,
//! as one history entry. The view moves only when the drag goes past its edge. Pure.

use super::advance::{advance, wrap};
use crate::grid::{Line, Pos};
use crate::history::Action;
use crate::look::Look;
use crate::play::Play;
use crate::tui::layout::{Viewport, play_layout};
use crate::tui::model::{Drag, Model, Session, with_session};

/// A press on `pos` was just handled (the game was `before` it): a drag starts there when the
/// press changed the square to something a drag paints.
pub fn start(model: &mut Model, before: &Session, pos: Pos) {
    let Some(screen) = model.play_mut() else {
        return;
    };
    let paints =
        screen.session != *before && with_session!(&screen.session, p => first_paints(p, pos));
    screen.drag = Some(Drag {
        after: screen.session.clone(),
        squares: vec![pos],
        line: None,
        paints,
    });
}

/// Whether the press that just set `pos` (the newest history entry) starts a painting drag.
fn first_paints<G: Look>(play: &Play<G>, pos: Pos) -> bool {
    let piece = play.state().piece(pos);
    piece == G::EMPTY || G::drag_paints(piece)
}

/// The mouse moved to terminal cell (`column`, `row`) with the button held. The drag keeps to
/// one row or column: the pointer is projected onto it, and every square from the drag's last
/// one up to the projection takes the drag's piece (a quick move skips cells). Past the view's
/// edge along the line, the view scrolls one square toward the pointer and the drag reaches
/// the square brought in; otherwise the view stays put. A drag whose game was changed since
/// (by a key) paints no more.
pub fn drag_to(model: &mut Model, column: u16, row: u16) {
    let now = model.now;
    let Some(layout) = play_layout(model) else {
        return;
    };
    let Some(screen) = model.play_mut() else {
        return;
    };
    let Some(drag) = screen.drag.clone() else {
        return;
    };
    if !drag.paints || drag.after != screen.session {
        return;
    }
    let (Some(&first), Some(&last)) = (drag.squares.first(), drag.squares.last()) else {
        return;
    };
    let toward = layout.square_toward(column, row);
    let Some(line) = drag.line.or_else(|| line_of(first, toward)) else {
        return;
    };
    let (pos, origin) = reach(line, toward, layout.view, layout.board);
    if origin != layout.view.origin() {
        screen.scroll = origin;
    }
    if pos == last {
        // Nothing newly reached: a drag that has not left its first square has no line yet.
        return;
    }
    let mut squares = drag.squares;
    for p in along(last, pos) {
        if !squares.contains(&p) {
            squares.push(p);
        }
    }
    let session = with_session!(&screen.session, p => wrap(paint(p, &squares)));
    advance(screen, session.clone(), now, false);
    screen.cursor = pos;
    screen.view_held = true;
    screen.drag = Some(Drag {
        after: session,
        squares,
        line: Some(line),
        paints: true,
    });
}

/// The line a drag from `first` keeps to once the pointer is over `toward` (a square, maybe
/// past the view): the column when the pointer went further up or down than sideways, else
/// the row, as Tatham's Tents decides. None while the pointer is still over `first`.
pub fn line_of(first: Pos, toward: (isize, isize)) -> Option<Line> {
    let down = (toward.0 - first.row as isize).abs();
    let right = (toward.1 - first.col as isize).abs();
    match (down, right) {
        (0, 0) => None,
        _ if down > right => Some(Line::Col(first.col)),
        _ => Some(Line::Row(first.row)),
    }
}

/// The square a drag along `line` reaches with the pointer over `toward` (a square, maybe past
/// the view or the board), and the view's origin then: the pointer's projection on the line
/// when it is in view; past the view's edge, the view one square further that way along the
/// line (when the board goes on) and the square at that edge. The other axis never scrolls.
pub fn reach(
    line: Line,
    toward: (isize, isize),
    view: Viewport,
    board: (usize, usize),
) -> (Pos, Pos) {
    let (wanted, first, shown, total) = match line {
        Line::Row(_) => (toward.1, view.first_col, view.cols, board.1),
        Line::Col(_) => (toward.0, view.first_row, view.rows, board.0),
    };
    let (first, at) = if wanted < first as isize {
        let first = first.saturating_sub(1);
        (first, first)
    } else if wanted >= (first + shown) as isize {
        let first = (first + 1).min(total.saturating_sub(shown));
        (first, first + shown.max(1) - 1)
    } else {
        (first, wanted as usize)
    };
    match line {
        Line::Row(r) => (Pos::new(r, at), Pos::new(view.first_row, first)),
        Line::Col(c) => (Pos::new(at, c), Pos::new(first, view.first_col)),
    }
}

/// The squares from `from` (excluded) to `to` (included) on the row or column they share,
/// in order: a quick drag reports squares apart, and the drag passed over those between.
pub fn along(from: Pos, to: Pos) -> Vec<Pos> {
    let steps = |a: usize, b: usize| -> Vec<usize> {
        if a <= b {
            (a + 1..=b).collect()
        } else {
            (b..a).rev().collect()
        }
    };
    if from.row == to.row {
        steps(from.col, to.col)
            .into_iter()
            .map(|c| Pos::new(from.row, c))
            .collect()
    } else {
        steps(from.row, to.row)
            .into_iter()
            .map(|r| Pos::new(r, from.col))
            .collect()
    }
}

/// `play` (whose newest entry is the drag so far) with that entry replaced by one that paints
/// the first square's piece over `squares`. Painting a piece changes only empty squares;
/// emptying clears only squares holding what the first square held, so a drag never wipes out
/// pieces of another kind. Fixed squares (trees, walls, clues) are skipped.
fn paint<G: Look>(play: &Play<G>, squares: &[Pos]) -> Play<G> {
    let Some(&first) = squares.first() else {
        return play.clone();
    };
    let base = play.undo();
    let piece = play.state().piece(first);
    let was = base.state().piece(first);
    let moves: Vec<(Pos, G::Piece)> = squares
        .iter()
        .copied()
        .filter(|&p| {
            let here = base.state().piece(p);
            p == first
                || (piece == G::EMPTY && here == was)
                || (piece != G::EMPTY && here == G::EMPTY)
        })
        .map(|p| (p, piece))
        .collect();
    let action = if moves.len() == 1 {
        Action::Set
    } else {
        Action::Drag
    };
    base.play_compound(action, &moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(row: usize, col: usize) -> Pos {
        Pos::new(row, col)
    }

    #[test]
    fn along_steps_square_by_square_on_the_shared_line() {
        assert_eq!(along(p(2, 2), p(2, 5)), [p(2, 3), p(2, 4), p(2, 5)]);
        assert_eq!(along(p(3, 1), p(1, 1)), [p(2, 1), p(1, 1)]);
        assert_eq!(along(p(0, 4), p(0, 2)), [p(0, 3), p(0, 2)]);
        assert!(along(p(4, 4), p(4, 4)).is_empty());
    }

    #[test]
    fn the_first_square_reached_chooses_the_line() {
        assert_eq!(line_of(p(5, 5), (5, 5)), None);
        assert_eq!(line_of(p(5, 5), (5, 6)), Some(Line::Row(5)));
        assert_eq!(line_of(p(5, 5), (7, 5)), Some(Line::Col(5)));
        assert_eq!(line_of(p(5, 5), (4, 7)), Some(Line::Row(5)));
        assert_eq!(line_of(p(5, 5), (9, 4)), Some(Line::Col(5)));
        // A diagonal step is taken along the row, as Tatham's Tents does.
        assert_eq!(line_of(p(5, 5), (6, 6)), Some(Line::Row(5)));
        // Off the board too: the pointer past the view's edge.
        assert_eq!(line_of(p(0, 0), (-3, 0)), Some(Line::Col(0)));
    }

    fn view(first_row: usize, first_col: usize) -> Viewport {
        Viewport {
            first_row,
            first_col,
            rows: 16,
            cols: 36,
        }
    }

    #[test]
    fn in_view_the_pointer_is_projected_onto_the_line() {
        let v = view(0, 0);
        // Along a column, wherever the pointer is sideways.
        assert_eq!(
            reach(Line::Col(3), (9, 30), v, (50, 50)),
            (p(9, 3), p(0, 0))
        );
        assert_eq!(
            reach(Line::Col(3), (9, -4), v, (50, 50)),
            (p(9, 3), p(0, 0))
        );
        // Along a row, even with the pointer below the view: rows never scroll.
        assert_eq!(
            reach(Line::Row(2), (40, 7), v, (50, 50)),
            (p(2, 7), p(0, 0))
        );
    }

    #[test]
    fn past_the_edge_the_view_steps_once_along_the_line_only() {
        let v = view(10, 4);
        // Below the view (rows 10-25): one row down, the new last row reached.
        assert_eq!(
            reach(Line::Col(6), (40, 50), v, (50, 50)),
            (p(26, 6), p(11, 4))
        );
        // Above it: one row up.
        assert_eq!(reach(Line::Col(6), (2, 0), v, (50, 50)), (p(9, 6), p(9, 4)));
        // Right of it (columns 4-39): one column right; left: one left.
        assert_eq!(
            reach(Line::Row(12), (0, 45), v, (50, 50)),
            (p(12, 40), p(10, 5))
        );
        assert_eq!(
            reach(Line::Row(12), (30, -1), v, (50, 50)),
            (p(12, 3), p(10, 3))
        );
        // At the board's edge the view stays and the drag stops at the last square.
        let end = view(34, 14);
        assert_eq!(
            reach(Line::Col(20), (55, 0), end, (50, 50)),
            (p(49, 20), p(34, 14))
        );
        assert_eq!(
            reach(Line::Row(40), (40, 60), end, (50, 50)),
            (p(40, 49), p(34, 14))
        );
        let start = view(0, 0);
        assert_eq!(
            reach(Line::Col(1), (-2, 1), start, (50, 50)),
            (p(0, 1), p(0, 0))
        );
    }
}
