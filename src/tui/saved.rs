//! Saved progress of a puzzle in play: the record written after every move batch and on exit,
//! and resuming it exactly (position and full undo/redo history), checked against the puzzle.

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use super::model::Record;
use super::session::{Playable, Session, with_session};
use crate::game::{Game, MoveKind};
use crate::games::{AnyGame, OfGame, PerGame};
use crate::history::Entry;
use crate::play::Play;
use crate::progress::{
    Loaded, Made, PuzzleProgress, SavedProof, SavedView, Store, StoreError, Timestamp, set_aside,
};

/// The [`PerGame`] marker of [`GameProgress`]: a saved record of a game in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Saved;

impl PerGame for Saved {
    type Of<G: Game> = PuzzleProgress<G::Piece>;
}

/// A saved record of any game of the collection.
pub type GameProgress = OfGame<Saved>;

/// A session rebuilt from saved progress, with its clock and record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumed {
    /// The position and history as saved.
    pub session: Session,
    /// Time played so far.
    pub elapsed: Duration,
    /// Solved flag and best time.
    pub record: Record,
    /// Where the cursor and the view were left (none in older files).
    pub view: Option<SavedView>,
    /// The player's proof, if one was begun.
    pub proof: Option<SavedProof>,
}

/// What opening a puzzle found in the data folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgressOutcome {
    /// Nothing saved: a fresh start.
    Fresh,
    /// Saved progress, resumed.
    Resumed(Box<Resumed>),
    /// The saved file could not be used; it was renamed to `moved_to`. A fresh start.
    SetAside {
        /// Where the file is now.
        moved_to: PathBuf,
        /// Why it could not be used.
        reason: String,
    },
    /// The data folder could not be used: play on, but nothing will be saved.
    Failed(String),
    /// Another player on the same data folder has the puzzle open (it holds the puzzle's
    /// lock): play on from its last save (when readable), but nothing will be saved over its
    /// progress.
    OpenElsewhere(Option<Box<Resumed>>),
}

/// The record to save for a session.
pub fn progress_of(session: &Session, elapsed: Duration, record: &Record) -> GameProgress {
    progress_at(session, elapsed, record, Extras::default())
}

/// What a saved record holds besides the game, the clock and the record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// Where the cursor and the view are.
    pub view: Option<SavedView>,
    /// How the puzzle was made, for one made by the new-puzzle form.
    pub made: Option<Made>,
    /// The player's proof.
    pub proof: Option<SavedProof>,
}

/// The record to save for a session, with where the cursor and view are and how the puzzle
/// was made.
pub fn progress_at(
    session: &Session,
    elapsed: Duration,
    record: &Record,
    extras: Extras,
) -> GameProgress {
    with_session!(session, p => record_of(p, elapsed, record, extras))
}

fn record_of<G: Playable>(
    play: &Play<G>,
    elapsed: Duration,
    record: &Record,
    extras: Extras,
) -> GameProgress {
    G::wrap::<Saved>(PuzzleProgress {
        position: play.state().format(),
        history: play.history().clone(),
        elapsed_ms: millis(elapsed),
        solved: record.solved,
        best_ms: record.best.map(millis),
        // The loop stamps the record when it writes it.
        saved_at: Timestamp(0),
        view: extras.view,
        solves: record.solves.clone(),
        made: extras.made,
        proof: extras.proof,
    })
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Writes `progress` as puzzle `key`'s progress, stamped `saved_at`.
pub fn save(
    store: &Store,
    key: &str,
    progress: &GameProgress,
    saved_at: Timestamp,
) -> Result<(), StoreError> {
    crate::with_game!(progress, p => store.save_puzzle(key, &stamped(p, saved_at)))
}

/// The record stamped `saved_at`, and so are the solves made since the last save and a puzzle
/// just made.
fn stamped<P: Clone>(p: &PuzzleProgress<P>, saved_at: Timestamp) -> PuzzleProgress<P> {
    let mut solves = p.solves.clone();
    for solve in solves.iter_mut().filter(|s| s.at == Timestamp(0)) {
        solve.at = saved_at;
    }
    let made = p.made.clone().map(|made| Made {
        made_at: if made.made_at == Timestamp(0) {
            saved_at
        } else {
            made.made_at
        },
        ..made
    });
    PuzzleProgress {
        saved_at,
        solves,
        made,
        ..p.clone()
    }
}

/// Loads puzzle `key`'s progress for `puzzle`. A file that cannot be read, or that does not fit
/// the puzzle (another puzzle's position, an inconsistent history), is set aside at `now`.
pub fn load(store: &Store, key: &str, puzzle: &AnyGame, now: SystemTime) -> ProgressOutcome {
    crate::with_game!(puzzle, g => load_game(store, key, g, now))
}

fn load_game<G: Playable>(
    store: &Store,
    key: &str,
    puzzle: &G,
    now: SystemTime,
) -> ProgressOutcome {
    let progress = match store.load_puzzle::<G::Piece>(key) {
        Err(e) => return ProgressOutcome::Failed(e.to_string()),
        Ok(Loaded::Missing) => return ProgressOutcome::Fresh,
        Ok(Loaded::SetAside {
            moved_to, reason, ..
        }) => return ProgressOutcome::SetAside { moved_to, reason },
        Ok(Loaded::Found(progress)) => progress,
    };
    match resume(puzzle, &progress) {
        Ok(play) => ProgressOutcome::Resumed(Box::new(Resumed {
            session: G::session(play),
            elapsed: Duration::from_millis(progress.elapsed_ms),
            record: record_in(&progress),
            view: progress.view,
            proof: progress.proof.clone(),
        })),
        Err(reason) => match set_aside::set_aside(&store.puzzle_path(key), now) {
            Ok(moved_to) => ProgressOutcome::SetAside { moved_to, reason },
            Err(e) => ProgressOutcome::Failed(format!("{reason}; {e}")),
        },
    }
}

/// The record part of saved progress.
fn record_in<P>(progress: &PuzzleProgress<P>) -> Record {
    Record {
        solved: progress.solved,
        best: progress.best_ms.map(Duration::from_millis),
        solves: progress.solves.clone(),
    }
}

/// Puzzle `key`'s last save, read without touching the file (another player holds it).
pub fn peek(store: &Store, key: &str, puzzle: &AnyGame) -> Option<Resumed> {
    crate::with_game!(puzzle, g => peek_game(store, key, g))
}

fn peek_game<G: Playable>(store: &Store, key: &str, puzzle: &G) -> Option<Resumed> {
    let progress = store.peek_puzzle::<G::Piece>(key)?;
    let play = resume(puzzle, &progress).ok()?;
    Some(Resumed {
        session: G::session(play),
        elapsed: Duration::from_millis(progress.elapsed_ms),
        record: record_in(&progress),
        view: progress.view,
        proof: progress.proof.clone(),
    })
}

/// Rebuilds a game in play from saved progress on `puzzle`: the saved position must be the
/// puzzle's (same clues) and every history entry must replay on it, backwards (undo) and
/// forwards (redo). The puzzle's own options (such as a Tents rule 4 given on the command line,
/// which the text format does not hold) are kept.
pub fn resume<G: Game>(puzzle: &G, progress: &PuzzleProgress<G::Piece>) -> Result<Play<G>, String> {
    let saved = G::parse(&progress.position).map_err(|e| format!("saved position: {e}"))?;
    if saved.cleared().format() != puzzle.cleared().format() {
        return Err("the saved position is of another puzzle".to_string());
    }
    let mut state = puzzle.clone();
    for pos in state.topology().positions() {
        let piece = saved.piece(pos);
        if state.piece(pos) != piece {
            state = put(&state, pos, piece)
                .ok_or_else(|| format!("saved position: square {pos} cannot change"))?;
        }
    }
    let history = &progress.history;
    let mut before = state.clone();
    for entry in history.done().iter().rev() {
        before =
            replay(&before, entry, false).ok_or("the undo history does not fit the position")?;
    }
    let mut after = state.clone();
    for entry in history.undone().iter().rev() {
        after = replay(&after, entry, true).ok_or("the redo history does not fit the position")?;
    }
    Ok(Play::resume(state, history.clone()))
}

/// Plays `piece` on `pos` unless the move is illegal.
fn put<G: Game>(state: &G, pos: crate::grid::Pos, piece: G::Piece) -> Option<G> {
    let legal = state.topology().contains(pos) && state.check_move(pos, piece) != MoveKind::Illegal;
    legal.then(|| state.apply(pos, piece))
}

/// One entry played forwards (redo) or backwards (undo), checking every square holds what the
/// entry says it held.
fn replay<G: Game>(state: &G, entry: &Entry<G::Piece>, forwards: bool) -> Option<G> {
    let mut state = state.clone();
    let changes: Box<dyn Iterator<Item = _>> = if forwards {
        Box::new(entry.changes.iter())
    } else {
        Box::new(entry.changes.iter().rev())
    };
    for c in changes {
        let (from, to) = if forwards {
            (c.before, c.after)
        } else {
            (c.after, c.before)
        };
        if !state.topology().contains(c.pos) || state.piece(c.pos) != from {
            return None;
        }
        state = put(&state, c.pos, to)?;
    }
    Some(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lightup::{LightUp, Piece};
    use crate::grid::Pos;
    use crate::history::{Action, Change, History};

    fn saved_after(play: &Play<LightUp>) -> PuzzleProgress<Piece> {
        match progress_of(
            &Session::LightUp(play.clone()),
            Duration::from_secs(3),
            &Record::default(),
        ) {
            GameProgress::LightUp(p) => p,
            other => panic!("{other:?}"),
        }
    }

    fn played() -> Play<LightUp> {
        let play = Play::new(LightUp::default_game());
        let (play, _) = play.play(Pos::new(0, 0), Piece::Bulb);
        let (play, _) = play.play(Pos::new(6, 6), Piece::Mark);
        let (play, _) = play.play(Pos::new(3, 3), Piece::Bulb);
        play.undo()
    }

    #[test]
    fn a_saved_session_resumes_with_position_and_both_stacks() {
        let play = played();
        let saved = saved_after(&play);
        assert_eq!(saved.elapsed_ms, 3000);
        let back = resume(&LightUp::default_game(), &saved).unwrap();
        assert_eq!(back, play);
        assert_eq!(back.redo().state(), play.redo().state());
    }

    #[test]
    fn another_puzzles_position_does_not_fit() {
        let saved = saved_after(&played());
        let other = LightUp::parse("2 2 0\nbb\nbw\n").unwrap();
        let err = resume(&other, &saved).unwrap_err();
        assert_eq!(err, "the saved position is of another puzzle");
    }

    #[test]
    fn an_inconsistent_history_does_not_fit() {
        let mut saved = saved_after(&played());
        let bogus = Entry {
            action: Action::Set,
            changes: vec![Change {
                pos: Pos::new(1, 1),
                before: Piece::Blank,
                after: Piece::Bulb,
            }],
        };
        saved.history = History::new().push(bogus);
        let err = resume(&LightUp::default_game(), &saved).unwrap_err();
        assert!(err.contains("undo history"), "{err}");
        let mut garbled = saved_after(&played());
        garbled.position = "7 7 0\nbbb\n".to_string();
        let err = resume(&LightUp::default_game(), &garbled).unwrap_err();
        assert!(err.starts_with("saved position: line"), "{err}");
    }
}
