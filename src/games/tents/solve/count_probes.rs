//! What the successful probes of one cluster kept of the other clusters' options, gathered from
//! the words each probe narrowed, so that a probe costs what it changed, not the sub-problem's
//! size.

use super::count_memory::vec_bytes;

/// Per word of a sub-problem's options (`Sub::alive` in the cluster counter): the union of what
/// the successful probes of one cluster left there, for the words every one of them narrowed.
/// A word some successful probe did not narrow keeps all its options.
#[derive(Default)]
pub(super) struct ProbesKept {
    /// Successful probes since `start`.
    successes: u32,
    /// Per word, what the probes that narrowed it left (side by side: read together).
    per_word: Vec<Narrowed>,
    /// The current probe, counted over the counter's life.
    probe: u64,
    /// The words some successful probe narrowed, each once.
    words: Vec<u32>,
}

/// What the successful probes that narrowed one word left there.
#[derive(Clone, Copy, Default)]
struct Narrowed {
    /// The last probe that narrowed it (a probe may narrow a word several times).
    last_probe: u64,
    /// The union of what they left.
    union: u64,
    /// How many they are.
    probes: u32,
}

impl ProbesKept {
    /// Bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        vec_bytes(&self.per_word) + vec_bytes(&self.words)
    }

    /// Forgets the last cluster's probes, for a sub-problem of `len` words.
    pub(super) fn start(&mut self, len: usize) {
        for &at in &self.words {
            let word = &mut self.per_word[at as usize];
            (word.probes, word.union) = (0, 0);
        }
        self.words.clear();
        self.successes = 0;
        if self.per_word.len() < len {
            self.per_word.resize(len, Narrowed::default());
        }
    }

    /// Adds a successful probe: it narrowed the words at `narrowed` (repeats allowed) to what
    /// `alive` holds there.
    pub(super) fn add(&mut self, narrowed: impl Iterator<Item = usize>, alive: &[u64]) {
        self.successes += 1;
        self.probe += 1;
        for at in narrowed {
            let word = &mut self.per_word[at];
            if word.last_probe == self.probe {
                continue;
            }
            word.last_probe = self.probe;
            if word.probes == 0 {
                self.words.push(at as u32);
            }
            word.probes += 1;
            word.union |= alive[at];
        }
    }

    /// Each word every successful probe narrowed, with the union of what they left there (a
    /// word any other successful probe left alone keeps all it had).
    pub(super) fn narrowed_by_all(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.words
            .iter()
            .map(|&at| (at as usize, self.per_word[at as usize]))
            .filter(|(_, word)| word.probes == self.successes)
            .map(|(at, word)| (at, word.union))
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
