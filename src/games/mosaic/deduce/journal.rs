//! A record of rule applications (the generator's derivations are built from it).

/// A record of rule applications: for each, the clues it used and the squares it decided.
#[derive(Clone, Debug, Default)]
pub struct Journal {
    uses: Vec<u32>,
    cells: Vec<u32>,
    /// End of each entry in `uses` and `cells`.
    ends: Vec<(u32, u32)>,
}

impl Journal {
    /// Each entry's clues and squares, in order.
    pub fn entries(&self) -> impl Iterator<Item = (&[u32], &[u32])> {
        let mut start = (0, 0);
        self.ends.iter().map(move |&(u, c)| {
            let entry = (
                &self.uses[start.0 as usize..u as usize],
                &self.cells[start.1 as usize..c as usize],
            );
            start = (u, c);
            entry
        })
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Appends one entry.
    pub(super) fn push(&mut self, uses: &[u32], cells: &[u32]) {
        self.uses.extend_from_slice(uses);
        self.cells.extend_from_slice(cells);
        self.ends
            .push((self.uses.len() as u32, self.cells.len() as u32));
    }

    /// The clues of every entry after the first `len`.
    pub(super) fn uses_after(&self, len: usize) -> &[u32] {
        let from = if len == 0 {
            0
        } else {
            self.ends[len - 1].0 as usize
        };
        &self.uses[from..]
    }

    /// Keeps the first `len` entries.
    pub(super) fn truncate(&mut self, len: usize) {
        self.ends.truncate(len);
        let (u, c) = self.ends.last().copied().unwrap_or((0, 0));
        self.uses.truncate(u as usize);
        self.cells.truncate(c as usize);
    }

    /// Forgets every entry.
    pub(super) fn clear(&mut self) {
        self.truncate(0);
    }
}
