//! What a value holds on the heap, as allocators give it: for the caches and searches that keep
//! their memory within a cap.

/// Heap bytes of a vector's buffer, as the allocator gives it (see [`block`]).
pub fn vec_bytes<T>(v: &Vec<T>) -> usize {
    block(v.capacity() * size_of::<T>())
}

/// Heap bytes of a vector of vectors: its buffer and theirs.
pub fn nested_bytes<T>(v: &Vec<Vec<T>>) -> usize {
    vec_bytes(v) + v.iter().map(vec_bytes).sum::<usize>()
}

/// Bytes the allocator takes for a block of `n` bytes: none for an empty one, else `n` rounded
/// up to its size class. Size classes as mimalloc's: 16-byte steps to 64 bytes, then four per
/// doubling; the system allocator's are no coarser.
pub fn block(n: usize) -> usize {
    if n <= 64 {
        return n.next_multiple_of(16);
    }
    let step = 1usize << ((usize::BITS - 1 - (n - 1).leading_zeros()) - 2);
    n.next_multiple_of(step)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_round_up_to_size_classes_within_a_quarter() {
        assert_eq!(block(0), 0);
        assert_eq!(block(1), 16);
        assert_eq!(block(64), 64);
        assert_eq!(block(65), 80);
        assert_eq!(block(129), 160);
        assert_eq!(block(1 << 20), 1 << 20);
        assert_eq!(block((1 << 20) + 1), (1 << 20) + (1 << 18));
        for n in 1..5000 {
            assert!(block(n) >= n && block(n) <= n + (n / 4).max(15), "{n}");
        }
    }
}
