//! Undo/redo history: a list of moves, never a copy of the grid per move.

use crate::grid::Pos;

/// One square's change: enough to play it forwards and backwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Change<P> {
    /// The square.
    pub pos: Pos,
    /// Its value before the move.
    pub before: P,
    /// Its value after the move.
    pub after: P,
}

/// What a history entry was, for the history panel and saved progress.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// One square set by the player.
    Set,
    /// A row filled with grass.
    FillRow(usize),
    /// A column filled with grass.
    FillCol(usize),
    /// The solution revealed.
    Reveal,
    /// A hint applied, named after its rule.
    Hint(String),
    /// A mouse drag painting one piece (or emptying) over several squares.
    Drag,
    /// Every square emptied by a restart in the player (`text` mode's restart clears the
    /// history instead, as the course's does).
    Restart,
}

/// One undoable step: a single move or a compound action (fill, reveal, hint).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Entry<P> {
    /// What the player did.
    pub action: Action,
    /// The squares it changed, in the order they were applied.
    pub changes: Vec<Change<P>>,
}

/// Undo and redo stacks. Values are immutable: every operation returns a new history.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct History<P> {
    undo: Vec<Entry<P>>,
    redo: Vec<Entry<P>>,
}

impl<P> Default for History<P> {
    fn default() -> Self {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }
}

impl<P: Clone> History<P> {
    /// An empty history.
    pub fn new() -> Self {
        Self::default()
    }

    /// This history with `entry` pushed on the undo stack and the redo stack cleared.
    pub fn push(&self, entry: Entry<P>) -> Self {
        let mut undo = self.undo.clone();
        undo.push(entry);
        History {
            undo,
            redo: Vec::new(),
        }
    }

    /// The entry to revert and the history after it, or `None` when there is nothing to undo.
    pub fn undo(&self) -> Option<(Entry<P>, Self)> {
        let mut undo = self.undo.clone();
        let entry = undo.pop()?;
        let mut redo = self.redo.clone();
        redo.push(entry.clone());
        Some((entry, History { undo, redo }))
    }

    /// The entry to re-apply and the history after it, or `None` when there is nothing to redo.
    pub fn redo(&self) -> Option<(Entry<P>, Self)> {
        let mut redo = self.redo.clone();
        let entry = redo.pop()?;
        let mut undo = self.undo.clone();
        undo.push(entry.clone());
        Some((entry, History { undo, redo }))
    }

    /// Entries that can be undone, oldest first.
    pub fn done(&self) -> &[Entry<P>] {
        &self.undo
    }

    /// Entries that can be redone, the next one to redo last.
    pub fn undone(&self) -> &[Entry<P>] {
        &self.redo
    }

    /// Whether undo would do something.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether redo would do something.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(n: u8) -> Entry<u8> {
        Entry {
            action: Action::Set,
            changes: vec![Change {
                pos: Pos::new(0, n as usize),
                before: 0,
                after: n,
            }],
        }
    }

    #[test]
    fn undo_then_redo_round_trips() {
        let h = History::new().push(set(1)).push(set(2));
        let (e, h2) = h.undo().unwrap();
        assert_eq!(e, set(2));
        let (e2, h3) = h2.redo().unwrap();
        assert_eq!(e2, set(2));
        assert_eq!(h3, h);
    }

    #[test]
    fn push_clears_redo() {
        let (_, h) = History::new().push(set(1)).undo().unwrap();
        assert!(h.can_redo());
        let h = h.push(set(3));
        assert!(!h.can_redo());
        assert!(h.redo().is_none());
    }

    #[test]
    fn empty_stacks_are_no_ops() {
        let h: History<u8> = History::new();
        assert!(h.undo().is_none());
        assert!(h.redo().is_none());
    }
}
