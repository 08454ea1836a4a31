//! A game being played: the current position plus its undo/redo history.

use crate::game::{Game, MoveKind};
use crate::grid::Pos;
use crate::history::{Action, Change, Entry, History};

/// A position and the history that led to it. Immutable: every operation returns a new value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play<G: Game> {
    state: G,
    history: History<G::Piece>,
}

/// What [`Play::replayed_onto`] made: the game, and how many of the replayed entries were
/// kept and skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed<G: Game> {
    /// The saved game with the kept entries on top.
    pub play: Play<G>,
    /// Entries replayed.
    pub kept: usize,
    /// Entries left out: a square the saved game changed since, or no longer legal.
    pub skipped: usize,
}

impl<G: Game> Play<G> {
    /// Starts playing from `state` with an empty history.
    pub fn new(state: G) -> Self {
        Play {
            state,
            history: History::new(),
        }
    }

    /// Resumes a position with a saved history.
    pub fn resume(state: G, history: History<G::Piece>) -> Self {
        Play { state, history }
    }

    /// The current position.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The undo/redo history.
    pub fn history(&self) -> &History<G::Piece> {
        &self.history
    }

    /// Plays one move; illegal moves (and moves that change nothing) leave the game as it was.
    /// Returns the new game and the move's classification.
    pub fn play(&self, pos: Pos, piece: G::Piece) -> (Self, MoveKind) {
        if !self.state.topology().contains(pos) {
            return (self.clone(), MoveKind::Illegal);
        }
        let kind = self.state.check_move(pos, piece);
        if kind == MoveKind::Illegal {
            return (self.clone(), kind);
        }
        let before = self.state.piece(pos);
        if before == piece {
            return (self.clone(), kind);
        }
        let next = self.record(Action::Set, vec![(pos, piece)]);
        (next, kind)
    }

    /// Applies several squares as one history entry (fill, reveal, hint). Illegal squares and
    /// squares already holding their piece are skipped; nothing is recorded if nothing changes.
    pub fn play_compound(&self, action: Action, moves: &[(Pos, G::Piece)]) -> Self {
        let legal: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&(p, piece)| {
                self.state.topology().contains(p)
                    && self.state.check_move(p, piece) != MoveKind::Illegal
            })
            .collect();
        self.record(action, legal)
    }

    fn record(&self, action: Action, moves: Vec<(Pos, G::Piece)>) -> Self {
        let mut state = self.state.clone();
        let mut changes = Vec::with_capacity(moves.len());
        for (pos, after) in moves {
            let before = state.piece(pos);
            if before != after {
                state = state.apply(pos, after);
                changes.push(Change { pos, before, after });
            }
        }
        if changes.is_empty() {
            return self.clone();
        }
        Play {
            state,
            history: self.history.push(Entry { action, changes }),
        }
    }

    /// The positions after each entry that can be undone, oldest first.
    pub fn positions(&self) -> Vec<G> {
        let mut position = self
            .history
            .done()
            .iter()
            .rev()
            .fold(self.state.clone(), |s, e| {
                e.changes
                    .iter()
                    .rev()
                    .fold(s, |s, c| s.apply(c.pos, c.before))
            });
        self.history
            .done()
            .iter()
            .map(|e| {
                position = e
                    .changes
                    .iter()
                    .fold(position.clone(), |s, c| s.apply(c.pos, c.after));
                position.clone()
            })
            .collect()
    }

    /// Reverts the last entry; a no-op when there is nothing to undo.
    pub fn undo(&self) -> Self {
        match self.history.undo() {
            Some((entry, history)) => Play {
                state: entry
                    .changes
                    .iter()
                    .rev()
                    .fold(self.state.clone(), |s, c| s.apply(c.pos, c.before)),
                history,
            },
            None => self.clone(),
        }
    }

    /// Re-applies the last undone entry; a no-op when there is nothing to redo.
    pub fn redo(&self) -> Self {
        match self.history.redo() {
            Some((entry, history)) => Play {
                state: entry
                    .changes
                    .iter()
                    .fold(self.state.clone(), |s, c| s.apply(c.pos, c.after)),
                history,
            },
            None => self.clone(),
        }
    }

    /// Empties every square the player may change and clears both stacks (the course's
    /// restart).
    pub fn restart(&self) -> Self {
        Play::new(self.state.cleared())
    }

    /// Empties every square the player may change as one undoable entry; unchanged when the
    /// board holds no piece.
    pub fn restart_in_history(&self) -> Self {
        let cleared = self.state.cleared();
        let moves: Vec<_> = self
            .state
            .topology()
            .positions()
            .map(|p| (p, cleared.piece(p)))
            .collect();
        self.record(Action::Restart, moves)
    }

    /// This game's moves made since the last step it shares with `saved` (the longest common
    /// start of the two undo stacks), replayed on top of `saved`: how a player taking a puzzle
    /// over keeps both the other player's saved moves and its own. An entry is skipped, whole,
    /// when it changes a square that `saved` changed since the common step, or when one of
    /// its squares is no longer a legal move; the others are replayed in order, each as one
    /// history entry again. `saved`'s redo stack survives only when nothing is replayed.
    pub fn replayed_onto(&self, saved: &Play<G>) -> Replayed<G> {
        let ours = self.history.done();
        let theirs = saved.history.done();
        let common = ours.iter().zip(theirs).take_while(|(a, b)| a == b).count();
        let changed_since: std::collections::HashSet<Pos> = theirs[common..]
            .iter()
            .flat_map(|e| e.changes.iter().map(|c| c.pos))
            .collect();
        let mut play = saved.clone();
        let (mut kept, mut skipped) = (0, 0);
        for entry in &ours[common..] {
            let legal = entry.changes.iter().all(|c| {
                !changed_since.contains(&c.pos)
                    && play.state.topology().contains(c.pos)
                    && play.state.check_move(c.pos, c.after) != MoveKind::Illegal
            });
            if legal {
                let moves = entry.changes.iter().map(|c| (c.pos, c.after)).collect();
                play = play.record(entry.action.clone(), moves);
                kept += 1;
            } else {
                skipped += 1;
            }
        }
        Replayed {
            play,
            kept,
            skipped,
        }
    }

    /// Replaces the position with the puzzle's first solution, as one undoable entry.
    /// Returns `None` when the puzzle has no solution.
    pub fn reveal(&self) -> Option<Self> {
        let solved = self.state.solve()?;
        let topology = self.state.topology();
        let moves: Vec<_> = topology.positions().map(|p| (p, solved.piece(p))).collect();
        Some(self.play_compound(Action::Reveal, &moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tents::{Square, Tents};

    fn at(i: usize, j: usize) -> Pos {
        Pos::new(i, j)
    }

    /// The scenario: A saves tent (0,0), grass (0,1); B reads that and plays on while
    /// A saves a tent on (0,2); B's three grass moves go on top of A's three moves.
    #[test]
    fn both_players_moves_are_kept_when_they_touch_different_squares() {
        let read = Play::new(Tents::default_2020())
            .play(at(0, 0), Square::Tent)
            .0
            .play(at(0, 1), Square::Grass)
            .0;
        let saved = read.play(at(0, 2), Square::Tent).0;
        let ours = [at(1, 1), at(1, 2), at(1, 3)]
            .into_iter()
            .fold(read, |p, pos| p.play(pos, Square::Grass).0);
        let replayed = ours.replayed_onto(&saved);
        assert_eq!((replayed.kept, replayed.skipped), (3, 0));
        let done = replayed.play.history().done();
        assert_eq!(done.len(), 6);
        assert_eq!(&done[..3], saved.history().done());
        let state = replayed.play.state();
        assert_eq!(state.piece(at(0, 2)), Square::Tent);
        assert_eq!(state.piece(at(1, 3)), Square::Grass);
    }

    #[test]
    fn a_move_on_a_square_the_saved_game_changed_since_is_skipped_whole() {
        let start = Play::new(Tents::default_2020());
        let saved = start.play(at(0, 2), Square::Tent).0;
        let ours = start
            .play(at(0, 2), Square::Grass)
            .0
            .play_compound(
                Action::Drag,
                &[(at(2, 2), Square::Grass), (at(0, 2), Square::Empty)],
            )
            .play(at(1, 1), Square::Grass)
            .0;
        let replayed = ours.replayed_onto(&saved);
        assert_eq!((replayed.kept, replayed.skipped), (1, 2));
        let state = replayed.play.state();
        assert_eq!(state.piece(at(0, 2)), Square::Tent, "the saved move stands");
        assert_eq!(
            state.piece(at(2, 2)),
            Square::Empty,
            "its entry was skipped whole"
        );
        assert_eq!(state.piece(at(1, 1)), Square::Grass);
    }

    #[test]
    fn nothing_new_on_either_side_changes_nothing() {
        let saved = Play::new(Tents::default_2020())
            .play(at(0, 2), Square::Tent)
            .0;
        let replayed = saved.replayed_onto(&saved);
        assert_eq!(replayed.play, saved);
        assert_eq!((replayed.kept, replayed.skipped), (0, 0));
        // A saved redo stack survives when there is nothing to replay.
        let undone = saved.undo();
        let fresh = Play::new(Tents::default_2020());
        assert_eq!(fresh.replayed_onto(&undone).play, undone);
    }
}
