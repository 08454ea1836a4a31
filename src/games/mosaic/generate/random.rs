//! Portable random choices: everything is drawn from `next_u32`/`next_u64` of a ChaCha8 stream,
//! so the same seed gives the same puzzle on every platform.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The generator's random stream for attempt `attempt` of seed `seed`.
pub fn stream(seed: u64, attempt: u32) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(mix(seed ^ mix(u64::from(attempt))))
}

/// SplitMix64's finaliser: spreads nearby seeds apart.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A number in `0..n` (`n > 0`), by multiply-shift on 32 random bits.
pub fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    ((u64::from(rng.next_u32()) * u64::from(n)) >> 32) as u32
}

/// `n` booleans, each true with probability one half.
pub fn coin_flips(rng: &mut ChaCha8Rng, n: usize) -> Vec<bool> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let bits = rng.next_u64();
        out.extend((0..64.min(n - out.len())).map(|i| bits >> i & 1 == 1));
    }
    out
}

/// `0..n` in a random order (Fisher–Yates).
pub fn permutation(rng: &mut ChaCha8Rng, n: usize) -> Vec<u32> {
    let mut v: Vec<u32> = (0..n as u32).collect();
    for i in (1..v.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        v.swap(i, j);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_permutations_are_permutations() {
        let a = permutation(&mut stream(7, 0), 50);
        let b = permutation(&mut stream(7, 0), 50);
        assert_eq!(a, b);
        assert_ne!(a, permutation(&mut stream(7, 1), 50));
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<u32>>());
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = stream(1, 0);
        assert!((0..1000).all(|_| below(&mut rng, 3) < 3));
        assert_eq!(coin_flips(&mut rng, 130).len(), 130);
    }
}
