//! Painting with the mouse, as in Simon Tatham's games: a drag paints what its first square
//! received over every square it passes, as one history entry. Pure.

use super::advance::{advance, wrap};
use crate::grid::Pos;
use crate::history::Action;
use crate::look::Look;
use crate::play::Play;
use crate::tui::model::{Drag, Model, Session, with_session};
use crate::tui::view::layout::play_layout;

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
        paints,
    });
}

/// Whether the press that just set `pos` (the newest history entry) starts a painting drag.
fn first_paints<G: Look>(play: &Play<G>, pos: Pos) -> bool {
    let piece = play.state().piece(pos);
    piece == G::EMPTY || G::drag_paints(piece)
}

/// The mouse moved to terminal cell (`column`, `row`) with the button held: every square from
/// the drag's last one to this one takes the drag's piece. A drag whose game was changed since
/// (by a key) paints no more.
pub fn drag_to(model: &mut Model, column: u16, row: u16) {
    let now = model.now;
    let square = play_layout(model).and_then(|l| l.square_at(column, row));
    let Some(screen) = model.play_mut() else {
        return;
    };
    let Some(drag) = screen.drag.clone() else {
        return;
    };
    if !drag.paints || drag.after != screen.session {
        return;
    }
    let Some(pos) = square else {
        return;
    };
    let Some(&last) = drag.squares.last() else {
        return;
    };
    if pos == last {
        return;
    }
    let mut squares = drag.squares;
    for p in line_between(last, pos) {
        if !squares.contains(&p) {
            squares.push(p);
        }
    }
    let session = with_session!(&screen.session, p => wrap(paint(p, &squares)));
    advance(screen, session.clone(), now, false);
    screen.cursor = pos;
    screen.drag = Some(Drag {
        after: session,
        squares,
        paints: true,
    });
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

/// The squares on a straight line from `from` (excluded) to `to` (included), each next to the
/// one before (diagonally too): a quick drag reports squares apart, the drag passed between.
pub fn line_between(from: Pos, to: Pos) -> Vec<Pos> {
    let (dr, dc) = (
        to.row as f64 - from.row as f64,
        to.col as f64 - from.col as f64,
    );
    let steps = dr.abs().max(dc.abs()) as usize;
    let at = |start: usize, d: f64, i: usize| (start as f64 + d * i as f64 / steps as f64).round();
    (1..=steps)
        .map(|i| Pos::new(at(from.row, dr, i) as usize, at(from.col, dc, i) as usize))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_steps_square_by_square() {
        let p = Pos::new;
        assert_eq!(line_between(p(2, 2), p(2, 5)), [p(2, 3), p(2, 4), p(2, 5)]);
        assert_eq!(line_between(p(3, 1), p(1, 1)), [p(2, 1), p(1, 1)]);
        assert_eq!(line_between(p(0, 0), p(2, 2)), [p(1, 1), p(2, 2)]);
        assert_eq!(line_between(p(0, 0), p(1, 3)).len(), 3);
        assert!(line_between(p(4, 4), p(4, 4)).is_empty());
    }
}
