//! Generation counters: "forget every mark" in O(1) by moving to a new generation, so a mark
//! array (one `u32` per item) counts as set only where it holds the current generation.

/// Moves `g` to the next generation and returns it. When the counter wraps to 0, `clear` zeroes
/// the mark arrays first, so no stale mark can equal a reused generation.
pub fn advance(g: &mut u32, clear: impl FnOnce()) -> u32 {
    *g = g.wrapping_add(1);
    if *g == 0 {
        clear();
        *g = 1;
    }
    *g
}

#[cfg(test)]
mod tests {
    use super::advance;

    #[test]
    fn wrapping_clears_the_marks_and_skips_zero() {
        let mut marks = vec![7u32; 3];
        let mut g = u32::MAX;
        assert_eq!(advance(&mut g, || marks.fill(0)), 1);
        assert_eq!(marks, vec![0; 3]);
        let mut untouched = vec![5u32; 2];
        assert_eq!(advance(&mut g, || untouched.fill(0)), 2);
        assert_eq!(untouched, vec![5; 2]);
    }
}
