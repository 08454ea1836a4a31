//! What the successful probes of one cluster kept of the other clusters' options, gathered from
//! the words each probe narrowed, so that a probe costs what it changed, not the sub-problem's
//! size.

/// Per word of a sub-problem's options (`Sub::alive` in the cluster counter): the union of what
/// the successful probes of one cluster left there, for the words every one of them narrowed.
/// A word some successful probe did not narrow keeps all its options.
#[derive(Default)]
pub(super) struct ProbesKept {
    /// Successful probes since `start`.
    successes: u32,
    /// Per word, how many successful probes narrowed it.
    narrowed_by: Vec<u32>,
    /// Per word, the union of what those probes left there.
    union: Vec<u64>,
    /// Per word, the last probe that narrowed it (a probe may narrow a word several times).
    seen_in: Vec<u64>,
    /// The current probe, counted over the counter's life.
    probe: u64,
    /// The words some successful probe narrowed, each once.
    words: Vec<u32>,
}

impl ProbesKept {
    /// Forgets the last cluster's probes, for a sub-problem of `len` words.
    pub(super) fn start(&mut self, len: usize) {
        for &at in &self.words {
            self.narrowed_by[at as usize] = 0;
            self.union[at as usize] = 0;
        }
        self.words.clear();
        self.successes = 0;
        if self.narrowed_by.len() < len {
            self.narrowed_by.resize(len, 0);
            self.union.resize(len, 0);
            self.seen_in.resize(len, 0);
        }
    }

    /// Adds a successful probe: it narrowed the words at `narrowed` (repeats allowed) to what
    /// `alive` holds there.
    pub(super) fn add(&mut self, narrowed: impl Iterator<Item = usize>, alive: &[u64]) {
        self.successes += 1;
        self.probe += 1;
        for at in narrowed {
            if self.seen_in[at] == self.probe {
                continue;
            }
            self.seen_in[at] = self.probe;
            if self.narrowed_by[at] == 0 {
                self.words.push(at as u32);
            }
            self.narrowed_by[at] += 1;
            self.union[at] |= alive[at];
        }
    }

    /// Each word every successful probe narrowed, with the union of what they left there (a
    /// word any other successful probe left alone keeps all it had).
    pub(super) fn narrowed_by_all(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.words
            .iter()
            .map(|&at| at as usize)
            .filter(|&at| self.narrowed_by[at] == self.successes)
            .map(|at| (at, self.union[at]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_words_every_successful_probe_narrowed_are_given_with_their_union() {
        let mut kept = ProbesKept::default();
        kept.start(3);
        // Probe one narrows words 0 (twice) and 1; probe two narrows word 0 only.
        kept.add([0, 1, 0].into_iter(), &[0b0001, 0b0110, 0b1111]);
        kept.add([0].into_iter(), &[0b0100, 0b1111, 0b1111]);
        assert_eq!(
            kept.narrowed_by_all().collect::<Vec<_>>(),
            vec![(0, 0b0101)]
        );
        // A new cluster's probes start afresh.
        kept.start(3);
        assert_eq!(kept.narrowed_by_all().count(), 0);
        kept.add([2].into_iter(), &[0, 0, 0b0010]);
        assert_eq!(
            kept.narrowed_by_all().collect::<Vec<_>>(),
            vec![(2, 0b0010)]
        );
    }
}
