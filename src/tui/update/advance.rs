//! Putting a new position in play: what every change of position does to the play screen
//! (the shown hint and marks go stale, a first win is recorded).

use crate::play::Play;
use crate::tui::model::{Finish, PlayScreen, Playable, Session};

/// Puts `session` in play: the hint shown goes stale, and a first win is recorded.
pub(super) fn advance(
    screen: &mut PlayScreen,
    session: Session,
    now: std::time::Duration,
    revealed: bool,
) {
    let was_won = screen.session.is_won();
    if session != screen.session {
        // A hint still being worked out was for the position left behind.
        screen.thinking = false;
    }
    screen.put_session(session);
    screen.hint = None;
    screen.marks.clear();
    // A board solved in proof mode is a leaf of the proof, not a solve of the puzzle.
    if screen.session.is_won() && !was_won && screen.proof.is_none() {
        note_finish(screen, now, revealed);
    }
}

/// Records the first win of this position: the time, and for a solve the record.
fn note_finish(screen: &mut PlayScreen, now: std::time::Duration, revealed: bool) {
    if screen.finish.is_some() {
        return;
    }
    let time = screen.elapsed(now);
    if revealed {
        // Revealing is not solving: the record stays as it was.
        screen.finish = Some(Finish::Revealed);
    } else if screen.session.was_helped() {
        screen.finish = Some(Finish::Helped(time));
        screen.record = std::mem::take(&mut screen.record).with_helped_solve(time);
    } else {
        screen.finish = Some(Finish::Solved(time));
        screen.record = std::mem::take(&mut screen.record).with_solve(time);
    }
}

/// A concrete game's play as the session that holds it.
pub(super) fn wrap<G: Playable>(play: Play<G>) -> Session {
    G::session(play)
}
