//! Opening a puzzle (resuming its saved progress), saving it, and going back to the browser.

use crate::games::Listed;
use crate::history::Action;
use crate::progress::SavedView;
use crate::tui::browser::Mark;
use crate::tui::effect::Effect;
use crate::tui::generate::GenRequest;
use crate::tui::model::{
    Finish, Message, Model, OpenRequest, Overlay, PlayScreen, PuzzleRef, Record, Screen, Waiting,
    with_session,
};
use crate::tui::model::{InPlay, Playable, Session};
use crate::tui::saved::{Extras, ProgressOutcome, Resumed, progress_at};

use std::sync::Arc;

use crate::games::AnyGame;
use crate::games::any::IntoAny;
use crate::kept;
use crate::tui::pack_view::PackItem;

/// What the player is told when another player has the puzzle open.
pub const OPEN_ELSEWHERE: &str =
    "open in another gridpuzzles: progress is kept there, not saved here";

/// Opens a puzzle: a keyed one after looking for its saved progress, else at once.
pub fn open(model: &mut Model, request: OpenRequest, effects: &mut Vec<Effect>) {
    model.generating = None;
    if request.puzzle.key.is_some() {
        effects.push(Effect::LoadProgress(request));
    } else {
        show(model, request, ProgressOutcome::Fresh);
    }
}

/// The saved progress of the puzzle being opened was looked for: play it.
pub fn loaded(model: &mut Model, request: OpenRequest, outcome: ProgressOutcome) {
    show(model, request, outcome);
}

/// The play screen on `request`'s puzzle, resumed from `outcome`.
fn show(model: &mut Model, request: OpenRequest, outcome: ProgressOutcome) {
    let mut screen = PlayScreen::new(request.game, model.now);
    screen.puzzle = request.puzzle;
    match outcome {
        ProgressOutcome::Fresh => {}
        ProgressOutcome::Resumed(resumed) => {
            resume(&mut screen, *resumed);
            screen.persisted = true;
        }
        ProgressOutcome::SetAside { moved_to, reason } => {
            screen.notice = Some(Message::warning(format!(
                "saved progress unreadable ({reason}); moved to {}; starting afresh",
                moved_to.display()
            )));
        }
        ProgressOutcome::Failed(e) => {
            // Saving could overwrite what could not be read: play on without saving.
            screen.puzzle.key = None;
            screen.notice = Some(Message::warning(format!("progress not saved: {e}")));
        }
        ProgressOutcome::OpenElsewhere(last_save) => {
            // Its progress belongs to the other player: play on from its last save, without
            // saving here.
            let read = last_save.as_ref().map(|resumed| resumed.session.clone());
            if let Some(resumed) = last_save {
                resume(&mut screen, *resumed);
            }
            // Saving waits until the other player lets the puzzle go.
            screen.waiting_for = screen.puzzle.key.take().map(|key| Waiting {
                key,
                tried: model.now,
                read,
            });
            screen.notice = Some(Message::warning(OPEN_ELSEWHERE));
        }
    }
    if std::mem::take(&mut model.open_in_proof) && screen.proof.is_none() {
        super::proof::enter(&mut screen, None);
    }
    model.screen = Screen::Play(screen);
    model.overlay = Overlay::None;
}

/// Puts saved progress in play: position, history, clock, record, and the cursor and view
/// where they were left (when they fit the board).
fn resume(screen: &mut PlayScreen, resumed: Resumed) {
    screen.put_session(resumed.session);
    if let Some(saved) = resumed.proof {
        super::proof::resume(screen, &saved);
    }
    screen.carried = resumed.elapsed;
    screen.record = resumed.record;
    screen.finish = resumed_finish(screen);
    let t = screen.session.topology();
    if let Some(view) = resumed.view
        && t.contains(view.cursor)
        && t.contains(view.scroll)
    {
        screen.cursor = view.cursor;
        screen.scroll = view.scroll;
        // Exactly as left, even with the cursor near an edge (put there by a click).
        screen.view_held = true;
    }
}

/// How a resumed position was finished: revealed if that was its last move, else solved in
/// the saved time if the record says it was ever solved.
fn resumed_finish(screen: &PlayScreen) -> Option<Finish> {
    finish_of(&screen.session, &screen.record, screen.carried)
}

/// How `session`'s position, played for `elapsed`, was finished when it is put back rather
/// than played to (reopened, or a restart undone): revealed if that was its last move, else
/// solved with hints or solved, if the record says it was ever solved. Not won: unfinished.
pub(super) fn finish_of(
    session: &crate::tui::model::Session,
    record: &crate::tui::model::Record,
    elapsed: std::time::Duration,
) -> Option<Finish> {
    if !session.is_won() {
        return None;
    }
    let revealed = with_session!(session, p => {
        p.history().done().last().is_some_and(|e| e.action == Action::Reveal)
    });
    if revealed {
        Some(Finish::Revealed)
    } else if session.was_helped() {
        Some(Finish::Helped(elapsed))
    } else if record.solved {
        Some(Finish::Solved(elapsed))
    } else {
        None
    }
}

/// A generator answered: open its puzzle if the player still waits for it, kept under a name
/// of its own (saved at once, so leaving it loses nothing) and listed in the browser.
pub fn generated(
    model: &mut Model,
    request: GenRequest,
    result: Result<AnyGame, String>,
    effects: &mut Vec<Effect>,
) {
    if model.generating.as_ref() != Some(&request) {
        return;
    }
    model.generating = None;
    match result {
        Ok(game) => {
            let o = &request.options;
            let key = kept::name(o, request.seed);
            let made = Arc::new(kept::made(o, request.seed, &game));
            model
                .browser
                .add_made(PackItem::made(&key, made.clone(), game.clone()));
            let puzzle = PuzzleRef {
                key: Some(key.clone()),
                title: format!("random {}x{} {}", o.rows, o.cols, o.difficulty),
                made: Some(made),
            };
            show(model, OpenRequest { game, puzzle }, ProgressOutcome::Fresh);
            if let Some(screen) = model.play_mut() {
                screen.persisted = true;
            }
            save(model, effects);
            model.message = Some(Message::info(format!(
                "new {}, seed {}: kept as {key}",
                request.describe(),
                request.seed
            )));
        }
        Err(e) => model.message = Some(Message::warning(format!("no puzzle: {e}"))),
    }
}

/// Asks the loop to save the puzzle in play, if it has a key and something worth keeping (a
/// saved file already, a history, or a solve).
pub fn save(model: &mut Model, effects: &mut Vec<Effect>) {
    let now = model.now;
    let Some(screen) = model.play_mut() else {
        return;
    };
    let Some(key) = screen.puzzle.key.clone() else {
        return;
    };
    let touched = with_session!(screen.game(), p => {
        p.history().can_undo() || p.history().can_redo()
    });
    let proof = screen.saved_proof();
    if !(screen.persisted || touched || screen.record.solved || proof.is_some()) {
        return;
    }
    screen.persisted = true;
    effects.push(Effect::SaveProgress {
        key,
        progress: progress_at(
            screen.game(),
            screen.elapsed(now),
            &screen.record,
            Extras {
                view: Some(SavedView {
                    cursor: screen.cursor,
                    scroll: screen.scroll,
                }),
                made: screen.puzzle.made.as_deref().cloned(),
                proof,
            },
        ),
    });
}

/// Saves after a message that changed the game in play (a move batch ends with one write).
pub fn autosave(before: &Model, next: &mut Model, effects: &mut Vec<Effect>) {
    let changed = match (before.play(), next.play()) {
        (Some(a), Some(b)) => {
            // The proof itself, not the picker over it.
            let proof = |s: &PlayScreen| s.proof.as_ref().map(|m| m.proof.clone());
            a.puzzle == b.puzzle
                && (a.session != b.session || proof(a) != proof(b) || a.proof_kept != b.proof_kept)
        }
        _ => false,
    };
    if changed {
        save(next, effects);
    }
}

/// Esc on the play screen: save, mark the puzzle in the browser, show the browser.
pub fn back_to_browser(model: &mut Model, effects: &mut Vec<Effect>) {
    save(model, effects);
    if let Some(screen) = model.play()
        && let Some(key) = screen.puzzle.key.clone()
    {
        let mark = mark_of(screen);
        model.browser.set_mark(&key, mark);
        // Back on the list, the puzzle just played is the one selected (when the filters show it).
        if let Some(row) = model.browser.row_of(&key) {
            model.browser.select(row);
        }
    }
    model.screen = Screen::Browser;
    super::browser_layout::keep_visible(model);
}

/// The browser mark of a puzzle in play.
pub fn mark_of(screen: &PlayScreen) -> Mark {
    if screen.record.solved {
        Mark::Solved {
            best: screen.record.best,
        }
    } else if screen.game().moves() > 0 {
        Mark::InProgress
    } else {
        Mark::New
    }
}

/// How often a player on a puzzle open elsewhere tries to take it over.
pub const TAKE_OVER_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Asks the loop to try the lock of a puzzle open elsewhere, at most every
/// [`TAKE_OVER_EVERY`].
pub fn try_take_over(model: &mut Model, effects: &mut Vec<Effect>) {
    let now = model.now;
    let Some(screen) = model.play_mut() else {
        return;
    };
    let Some(waiting) = &mut screen.waiting_for else {
        return;
    };
    if now.saturating_sub(waiting.tried) < TAKE_OVER_EVERY {
        return;
    }
    waiting.tried = now;
    let game =
        with_session!(&screen.session, p => crate::game::Game::cleared(p.state()).into_any());
    effects.push(Effect::TakeOver {
        key: waiting.key.clone(),
        game,
    });
}

/// The puzzle open elsewhere is this player's now, and saving starts. A save left unchanged
/// since this player read it is replaced by this player's game, which grew from it. A save
/// that moved on is kept, and this player's moves since the last step the two share are
/// replayed on top of it (those on squares the save changed since are skipped): no saved
/// move is ever dropped, and the player is told how many of its moves were kept.
pub fn took_over(
    model: &mut Model,
    key: String,
    saved: Option<Box<Resumed>>,
    effects: &mut Vec<Effect>,
) {
    let Some(screen) = model.play_mut() else {
        return;
    };
    let Some(waiting) = screen.waiting_for.take_if(|w| w.key == key) else {
        return;
    };
    screen.notice = None;
    let text = match saved {
        Some(theirs) if waiting.read.as_ref() != Some(&theirs.session) => {
            take_their_save(screen, *theirs)
        }
        _ => "now saving here".to_string(),
    };
    screen.puzzle.key = Some(key);
    screen.persisted = true;
    model.message = Some(Message::info(text));
    save(model, effects);
}

/// Puts the other player's save in play with this player's moves replayed on it; says what
/// was kept.
fn take_their_save(screen: &mut PlayScreen, theirs: Resumed) -> String {
    let Some((session, replayed)) = replayed_onto(&screen.session, &theirs.session) else {
        return "now saving here".to_string();
    };
    let saved_steps = history_length(&theirs.session);
    let carried = screen.carried;
    let record = merged_record(&screen.record, &theirs.record);
    let view = (screen.cursor, screen.scroll);
    resume(screen, Resumed { session, ..theirs });
    screen.carried = screen.carried.max(carried);
    screen.record = record;
    (screen.cursor, screen.scroll) = view;
    let mut text = format!(
        "now saving here: the other player's save ({saved_steps} steps) is kept; {} of \
         your moves since replayed on it",
        replayed.kept
    );
    if replayed.skipped > 0 {
        text.push_str(&format!(
            ", {} skipped (squares the other player changed)",
            replayed.skipped
        ));
    }
    text
}

/// `ours` replayed onto `theirs` when both are of one game: the session and the counts.
fn replayed_onto(ours: &Session, theirs: &Session) -> Option<(Session, Counts)> {
    with_session!(ours, p => {
        let theirs = Listed::inside::<InPlay>(theirs)?;
        let replayed = p.replayed_onto(theirs);
        let counts = Counts { kept: replayed.kept, skipped: replayed.skipped };
        Some((Playable::session(replayed.play), counts))
    })
}

/// How many of a player's moves were replayed and skipped.
struct Counts {
    kept: usize,
    skipped: usize,
}

/// Both players' solves: solved if either solved it, the better best time, every solve.
fn merged_record(ours: &Record, theirs: &Record) -> Record {
    let mut solves = theirs.solves.clone();
    solves.extend(
        ours.solves
            .iter()
            .filter(|s| !theirs.solves.contains(s))
            .cloned(),
    );
    Record {
        solved: ours.solved || theirs.solved,
        best: match (ours.best, theirs.best) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        solves,
    }
}

/// Steps in a game's history, undone ones included.
fn history_length(session: &crate::tui::model::Session) -> usize {
    with_session!(session, p => p.history().done().len() + p.history().undone().len())
}
