//! Counts of sub-problems already met, kept within a byte budget.
//!
//! The bytes counted are the real ones as far as they can be known: each key's and each value's
//! heap block (rounded up to the allocator's 16-byte granularity) and the hash table's slots and
//! control bytes, which `HashMap` allocates in powers of two. When an entry would take the cache
//! over its budget, the least recently used entries go, down to three quarters of what the
//! table leaves and at most half the table, so that eviction runs once per many insertions; an
//! entry that does not fit even then is not kept. The table never grows past the budget, so a
//! long count runs at constant memory. (An eviction briefly holds a list of 16 bytes per entry
//! besides, to sort them by age.)

use std::collections::HashMap;
use std::mem::size_of;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use num_bigint::BigUint;

/// The default budget of a count's caches: 256 MiB.
pub const DEFAULT_CACHE_BYTES: usize = 256 << 20;

/// How a count may use memory, and where it tells how far it has got.
#[derive(Clone, Debug)]
pub struct CountOptions {
    /// The most bytes the count's cache of sub-counts may hold: keys, values and the hash
    /// table (256 MiB by default). The least recently used counts go when it is full.
    pub cache_bytes: usize,
    /// A lower bound of the count, raised (never lowered) as the count goes, readable from
    /// another thread: the solutions the clause-learning engine listed, then, by the search,
    /// the branches finished times the regions counted beside them, or, by clusters, the
    /// branches of the whole puzzle finished (see `Searcher::count_all`,
    /// `count_search::count`). Saturates at `u64::MAX`.
    pub counted: Arc<AtomicU64>,
}

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions {
            cache_bytes: DEFAULT_CACHE_BYTES,
            counted: Arc::default(),
        }
    }
}

/// Raises `counted` to `bound` (`u64::MAX` when above it); never lowers it.
pub(super) fn raise(counted: &AtomicU64, bound: &BigUint) {
    counted.fetch_max(u64::try_from(bound).unwrap_or(u64::MAX), Ordering::Relaxed);
}

/// Where a node's partial count stands in a lower bound of the whole count: the whole count is
/// at least `base + factor * partial`.
pub(super) struct Chain {
    base: BigUint,
    factor: BigUint,
}

impl Chain {
    /// The chain of the whole count.
    pub(super) fn root() -> Self {
        Chain {
            base: BigUint::ZERO,
            factor: BigUint::from(1u32),
        }
    }

    /// The chain of a branch after branches of this node that counted `done` in all.
    pub(super) fn after(&self, done: &BigUint) -> Self {
        Chain {
            base: &self.base + &self.factor * done,
            factor: self.factor.clone(),
        }
    }

    /// The chain of a factor of this node whose other factors multiply to `others` (all of
    /// them known: a factor whose others may still be 0 has no chain).
    pub(super) fn times(&self, others: &BigUint) -> Self {
        Chain {
            base: self.base.clone(),
            factor: &self.factor * others,
        }
    }

    /// Raises `counted` to this chain's bound for a node that has counted `partial` so far.
    pub(super) fn raise(&self, counted: &AtomicU64, partial: &BigUint) {
        raise(counted, &(&self.base + &self.factor * partial));
    }
}

/// A kept count and when it was last used.
struct Entry {
    count: BigUint,
    used: u64,
}

/// A map from sub-problem keys to their exact counts, within `budget` bytes.
pub(super) struct CountCache {
    map: HashMap<Vec<u8>, Entry, foldhash::fast::FixedState>,
    /// Heap bytes of the keys and values held.
    heap: usize,
    budget: usize,
    /// Bumped at each use: the entries' `used` stamps are distinct.
    clock: u64,
    /// The most bytes held at once.
    #[cfg(test)]
    peak: usize,
}

/// Heap bytes of a block of `n` bytes: none for an empty one, else rounded up to 16.
fn block(n: usize) -> usize {
    n.next_multiple_of(16)
}

/// Heap bytes of a key and its count.
fn entry_heap(key: &[u8], count: &BigUint) -> usize {
    block(key.len()) + block(count.iter_u64_digits().len() * size_of::<u64>())
}

/// Bytes of a hash table that holds up to `capacity` entries: one slot and one control byte per
/// bucket, and a group of control bytes more.
fn table_bytes(capacity: usize) -> usize {
    let buckets = match capacity {
        0 => return 0,
        1..7 => capacity + 1,
        _ => (capacity * 8 / 7).next_power_of_two(),
    };
    buckets * (size_of::<(Vec<u8>, Entry)>() + 1) + 16
}

/// The capacity a full table of `capacity` grows to (its buckets doubled).
fn grown(capacity: usize) -> usize {
    match capacity {
        0 => 3,
        1..7 => 7,
        _ => (capacity * 8 / 7).next_power_of_two() * 2 / 8 * 7,
    }
}

impl CountCache {
    /// An empty cache that holds at most `budget` bytes.
    pub(super) fn new(budget: usize) -> Self {
        CountCache {
            map: HashMap::default(),
            heap: 0,
            budget,
            clock: 0,
            #[cfg(test)]
            peak: 0,
        }
    }

    /// Bytes held: keys, values and the table.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        self.heap + table_bytes(self.map.capacity())
    }

    /// The most bytes held at once so far.
    #[cfg(test)]
    pub(super) fn peak(&self) -> usize {
        self.peak
    }

    /// How many counts are kept.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.map.len()
    }

    /// The count kept for `key`, now the most recently used.
    pub(super) fn get(&mut self, key: &[u8]) -> Option<BigUint> {
        self.clock += 1;
        let entry = self.map.get_mut(key)?;
        entry.used = self.clock;
        Some(entry.count.clone())
    }

    /// Keeps `count` for `key`, evicting the least recently used entries if the budget needs it
    /// (the count is not kept when it does not fit even in an empty table).
    pub(super) fn insert(&mut self, mut key: Vec<u8>, count: BigUint) {
        self.clock += 1;
        let used = self.clock;
        if let Some(entry) = self.map.get_mut(&key) {
            *entry = Entry { count, used };
            return;
        }
        key.shrink_to_fit();
        let need = entry_heap(&key, &count);
        // No tombstones (see `evict`): the table grows exactly when it is full.
        let capacity = self.map.capacity();
        let full = self.map.len() == capacity;
        let table_after = table_bytes(if full { grown(capacity) } else { capacity });
        if self.heap + need + table_after > self.budget {
            // The table as it is: evicting makes room in it, so it need not grow.
            let room = self.budget.saturating_sub(table_bytes(capacity));
            self.evict(room);
            if self.map.len() == self.map.capacity() || self.heap + need > room {
                return;
            }
        }
        self.heap += need;
        self.map.insert(key, Entry { count, used });
        #[cfg(test)]
        {
            self.peak = self.peak.max(self.bytes());
        }
    }

    /// Keeps the most recently used entries that fit in `room` bytes with room to spare, and
    /// no more than half the table, then lays them out afresh in it: removals leave tombstones,
    /// which would make the table grow before it is full.
    // Least recently used go first: a sub-problem met again is mostly met again within the same
    // branch of the search, soon after it was first counted.
    fn evict(&mut self, room: usize) {
        let keep_most = self.map.capacity() / 2;
        // The kept entries are moved out of the table and back: count their slots twice.
        let heap = room.saturating_sub(keep_most * size_of::<(Vec<u8>, Entry)>()) / 4 * 3;
        let mut ages: Vec<(u64, usize)> = self
            .map
            .iter()
            .map(|(k, e)| (e.used, entry_heap(k, &e.count)))
            .collect();
        ages.sort_unstable_by_key(|&(used, _)| std::cmp::Reverse(used));
        let mut kept = 0;
        let mut newest_dropped = 0;
        for (i, &(used, bytes)) in ages.iter().enumerate() {
            if i == keep_most || kept + bytes > heap {
                newest_dropped = used;
                break;
            }
            kept += bytes;
        }
        drop(ages);
        self.map.retain(|_, e| e.used > newest_dropped);
        let survivors: Vec<(Vec<u8>, Entry)> = self.map.drain().collect();
        self.map.extend(survivors);
        self.heap = kept;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(i: u32) -> Vec<u8> {
        i.to_le_bytes().to_vec()
    }

    #[test]
    fn the_cache_stays_within_its_budget_and_keeps_the_recently_used() {
        let budget = 64 << 10;
        let mut cache = CountCache::new(budget);
        for i in 0..100_000u32 {
            cache.insert(key(i), BigUint::from(i) << 100);
            assert!(cache.bytes() <= budget, "{} bytes at {i}", cache.bytes());
            assert!(cache.peak() <= budget);
            // Entry 7 is used all along: it stays.
            assert_eq!(
                cache.get(&key(7)),
                (i >= 7).then(|| BigUint::from(7u32) << 100)
            );
        }
        assert!(cache.len() > 100, "{} entries", cache.len());
        assert_eq!(
            cache.get(&key(99_999)),
            Some(BigUint::from(99_999u32) << 100)
        );
        assert_eq!(cache.get(&key(50)), None);
    }

    #[test]
    fn a_budget_too_small_for_any_table_keeps_nothing() {
        let mut cache = CountCache::new(10);
        cache.insert(key(1), BigUint::from(1u32));
        assert_eq!(cache.get(&key(1)), None);
        assert!(cache.bytes() <= 10);
    }

    #[test]
    fn table_bytes_follow_the_maps_growth() {
        let mut map: HashMap<Vec<u8>, Entry> = HashMap::new();
        let mut capacity = map.capacity();
        for i in 0..10_000u32 {
            if map.len() == map.capacity() {
                let before = map.capacity();
                map.insert(
                    key(i),
                    Entry {
                        count: BigUint::ZERO,
                        used: 0,
                    },
                );
                assert_eq!(map.capacity(), grown(before), "from {before}");
                capacity = map.capacity();
            } else {
                map.insert(
                    key(i),
                    Entry {
                        count: BigUint::ZERO,
                        used: 0,
                    },
                );
                assert_eq!(map.capacity(), capacity);
            }
        }
    }
}
