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

    /// Replaces the position with the puzzle's first solution, as one undoable entry.
    /// Returns `None` when the puzzle has no solution.
    pub fn reveal(&self) -> Option<Self> {
        let solved = self.state.solve()?;
        let topology = self.state.topology();
        let moves: Vec<_> = topology.positions().map(|p| (p, solved.piece(p))).collect();
        Some(self.play_compound(Action::Reveal, &moves))
    }
}
