//! The options of each cluster of the cluster counter by the tents they put on each of its lines,
//! as bit masks.

use super::count_clusters::Cluster;
use super::count_memory::vec_bytes;

/// Per cluster slot (a cluster's line), its options by their tents there, as bit words (option
/// `o` is bit `o % 64` of word `o / 64`, as in the counter's sets of options still possible): the
/// least and most tents of those options, and the options within bounds, then take a few word
/// operations instead of a loop over options. (A table of the bounds per set of options, for
/// clusters of at most 8 options, was no faster.) Each cluster has as many words as its own
/// options need ([`words_of`]): one cluster of many options leaves the others at one word.
pub(super) struct ValueMasks {
    slots: Vec<Slot>,
    /// Per slot and value `least + k` (k < span), the slot's `words` words: the options with at
    /// most that many tents there.
    at_most: Vec<u64>,
}

/// The bit words that hold one bit per option of `c` (at least one).
pub(super) fn words_of(c: &Cluster) -> usize {
    c.option_count().div_ceil(64).max(1)
}

/// Where a slot's masks are (read together, so side by side).
struct Slot {
    /// The fewest tents an option puts there.
    least: i32,
    /// How many values from `least` on (most less least, plus one).
    span: u32,
    /// Where its masks start in `at_most`.
    start: usize,
    /// Words per mask: its cluster's [`words_of`].
    words: usize,
}

impl ValueMasks {
    /// The masks of every slot of `clusters` (slots numbered cluster after cluster).
    pub(super) fn new(clusters: &[Cluster]) -> Self {
        let mut masks = ValueMasks {
            slots: Vec::new(),
            at_most: Vec::new(),
        };
        for c in clusters {
            let words = words_of(c);
            for j in 0..c.lines.len() {
                let value = |o: usize| c.tents_at(o, j) as i32;
                let least = (0..c.option_count()).map(value).min().unwrap_or(0);
                let span = c.range(j) as usize + 1;
                let start = masks.at_most.len();
                masks.at_most.resize(start + span * words, 0);
                for o in 0..c.option_count() {
                    for k in (value(o) - least) as usize..span {
                        masks.at_most[start + k * words + o / 64] |= 1 << (o % 64);
                    }
                }
                masks.slots.push(Slot {
                    least,
                    span: span as u32,
                    start,
                    words,
                });
            }
        }
        masks
    }

    /// Bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        vec_bytes(&self.slots) + vec_bytes(&self.at_most)
    }

    /// Word `w` of the options of `slot` with at most `v` tents there.
    #[inline]
    pub(super) fn at_most(&self, slot: usize, v: i32, w: usize) -> u64 {
        let s = &self.slots[slot];
        let k = v - s.least;
        if k < 0 {
            return 0;
        }
        let k = (k as usize).min(s.span as usize - 1);
        self.at_most[s.start + k * s.words + w]
    }

    /// Word `w` of the options of `slot` with `least` to `most` tents there.
    #[inline]
    pub(super) fn within(&self, slot: usize, least: i32, most: i32, w: usize) -> u64 {
        self.at_most(slot, most, w) & !self.at_most(slot, least - 1, w)
    }

    /// The least and most tents on `slot` of the options in `alive` (not empty; its cluster's
    /// words).
    #[inline]
    pub(super) fn bounds(&self, slot: usize, alive: &[u64]) -> (i32, i32) {
        let Slot {
            least,
            span,
            start,
            words,
        } = self.slots[slot];
        let last = span as usize - 1;
        // The masks grow with the value: the least is the first that meets `alive`, the most the
        // first that holds it.
        let mut k = 0;
        if words == 1 {
            let (a, masks) = (alive[0], &self.at_most[start..=start + last]);
            while k < last && a & masks[k] == 0 {
                k += 1;
            }
            let lo = k;
            while k < last && a & !masks[k] != 0 {
                k += 1;
            }
            return (least + lo as i32, least + k as i32);
        }
        let mask = |k: usize| &self.at_most[start + k * words..start + (k + 1) * words];
        while k < last && alive.iter().zip(mask(k)).all(|(a, m)| a & m == 0) {
            k += 1;
        }
        let lo = k;
        while k < last && alive.iter().zip(mask(k)).any(|(a, m)| a & !m != 0) {
            k += 1;
        }
        (least + lo as i32, least + k as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cluster of `options` options on `lines` lines, tents 0 to 4 per line from `next`.
    fn cluster(lines: usize, options: usize, next: &mut impl FnMut() -> u64) -> Cluster {
        Cluster {
            lines: (0..lines as u32).collect(),
            tents: (0..lines * options).map(|_| (next() % 5) as u8).collect(),
            ways: vec![1; options],
        }
    }

    #[test]
    fn value_masks_give_the_bounds_and_the_options_a_loop_over_options_gives() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        // One word and three (past 128 options), a line where every option agrees.
        let mut clusters = vec![cluster(4, 37, &mut next), cluster(3, 150, &mut next)];
        clusters[0].tents.iter_mut().step_by(4).for_each(|x| *x = 2);
        let masks = ValueMasks::new(&clusters);
        let mut slot = 0;
        for c in &clusters {
            let words = words_of(c);
            for j in 0..c.lines.len() {
                for _ in 0..200 {
                    let mut alive: Vec<u64> = (0..words).map(|_| next() & next()).collect();
                    for (w, word) in alive.iter_mut().enumerate() {
                        let past = c.option_count().saturating_sub(w * 64).min(64);
                        *word &= if past == 64 {
                            u64::MAX
                        } else {
                            (1 << past) - 1
                        };
                    }
                    let value = |o: usize| c.option(o)[j] as i32;
                    let is_alive = |o: usize| alive[o / 64] >> (o % 64) & 1 == 1;
                    let values: Vec<i32> = (0..c.option_count())
                        .filter(|&o| is_alive(o))
                        .map(value)
                        .collect();
                    if let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) {
                        assert_eq!(masks.bounds(slot, &alive), (lo, hi));
                    }
                    let (a, b) = ((next() % 7) as i32 - 1, (next() % 7) as i32 - 1);
                    for w in 0..words {
                        let expected = (0..64)
                            .filter(|i| w * 64 + i < c.option_count())
                            .filter(|i| (a..=b).contains(&value(w * 64 + i)))
                            .fold(0u64, |m, i| m | 1 << i);
                        assert_eq!(masks.within(slot, a, b, w), expected, "{a}..={b}");
                    }
                }
                slot += 1;
            }
        }
    }
}
