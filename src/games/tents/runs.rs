//! Runs of set bits in a line's word: the squares of a row or column that may still hold a
//! tent, bit `p` for position `p`. Two tents never sit side by side, so a run of `len` such
//! squares holds at most `ceil(len / 2)` tents, and a run of odd length at that bound has its
//! tents at the squares first, third, … from either end. Worked out by word operations,
//! without a loop over runs (the line checks of the grader and of the solver are hot paths).

/// Bits 0, 2, 4, …
const EVEN: u128 = u128::MAX / 3;

/// The squares at an even distance from the low end of their run (first, third, …).
pub(crate) fn from_run_starts(open: u128) -> u128 {
    let starts = open & !(open << 1);
    // Adding a run's lowest bit carries through the run and clears it: so these are the runs
    // that start at an even position.
    let even_runs = open & !open.wrapping_add(starts & EVEN);
    (even_runs & EVEN) | (open & !even_runs & !EVEN)
}

/// Tents that fit in the runs of `open` with none side by side.
pub(crate) fn runs_capacity(open: u128) -> usize {
    from_run_starts(open).count_ones() as usize
}

/// The runs of `open` of odd length (their every square).
pub(crate) fn odd_runs(open: u128) -> u128 {
    // A run is odd when its high end is at an even distance from its low end.
    let ends = open & !(open >> 1);
    let odd_ends = ends & from_run_starts(open);
    // Reversed, those ends start their runs, and adding them clears the runs.
    let reversed = open.reverse_bits();
    (reversed & !reversed.wrapping_add(odd_ends.reverse_bits())).reverse_bits()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The runs of `open` as (lowest position, length), by a loop.
    fn runs(open: u128) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        let mut p = 0;
        while p < 128 {
            if open >> p & 1 == 0 {
                p += 1;
                continue;
            }
            let start = p;
            while p < 128 && open >> p & 1 == 1 {
                p += 1;
            }
            out.push((start, p - start));
        }
        out
    }

    /// Words with runs of every kind: fixed edge cases, then xorshift words made denser and
    /// sparser.
    fn words() -> Vec<u128> {
        let mut out = vec![
            0,
            1,
            0b11,
            0b111,
            0b1011_0111,
            u128::MAX,
            u128::MAX << 1,
            u128::MAX >> 1,
            1 << 127,
            3 << 126,
        ];
        let mut x: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            out.extend([x, x & (x >> 3), x | (x >> 5)]);
        }
        out
    }

    #[test]
    fn every_other_square_from_the_low_end_of_each_run() {
        for open in words() {
            let (mut starts, mut odd, mut capacity) = (0u128, 0u128, 0);
            for (start, len) in runs(open) {
                for i in (0..len).step_by(2) {
                    starts |= 1 << (start + i);
                }
                if len % 2 == 1 {
                    odd |= (u128::MAX >> (128 - len)) << start;
                }
                capacity += len.div_ceil(2) as usize;
            }
            assert_eq!(from_run_starts(open), starts, "{open:b}");
            assert_eq!(odd_runs(open), odd, "{open:b}");
            assert_eq!(runs_capacity(open), capacity, "{open:b}");
        }
    }
}
