//! Counts of sub-problems already met, kept within a byte budget.
//!
//! The bytes counted are the real ones as far as they can be known: each key's and each value's
//! heap block (rounded up to the allocator's size class) and the hash table's slots and
//! control bytes, which `HashMap` allocates in powers of two. When an entry would take the cache
//! over its budget, the least recently used entries go, down to three quarters of what the
//! table leaves and at most half the table, so that eviction runs once per many insertions; an
//! entry that does not fit even then is not kept. The table never grows past the budget, so a
//! long count runs at constant memory. The budget may also be lowered as the count goes
//! (`set_budget`: the search beside it needs more): the oldest entries go and the table shrinks.
//! What is held stays within two thirds of the budget (`held_within`): an eviction briefly holds
//! up to half as much again (a list of 16 bytes per entry to sort them by age, the entries kept
//! moved out of the table and back, or the smaller table beside the old one), and so does the
//! table's growth (the old table beside the new).

use std::collections::HashMap;
use std::mem::size_of;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use num_bigint::BigUint;

pub use crate::count_bound::Chain;
pub use crate::game::OverMemory;

use super::count_memory::block;

/// The default memory cap of a count: 256 MiB.
pub const DEFAULT_MEMORY_BYTES: usize = crate::game::COUNT_MEMORY_BYTES;

/// How a count may use memory, and where it tells how far it has got.
#[derive(Clone, Debug)]
pub struct CountOptions {
    /// The most bytes the count may hold besides the puzzle (256 MiB by default): what its
    /// search holds (sub-problems waiting to be counted and their keys, learnt clauses) and
    /// its caches of sub-counts, which get what the search leaves (their least recently used
    /// counts go when it is taken, learnt clauses are dropped when they fill it).
    pub memory_bytes: usize,
    /// What happens when the search alone would hold more than `memory_bytes`: with `true` the
    /// count stops there and `count_solutions_with` answers `Err(OverMemory)` with what it
    /// counted so far; with `false` (the default) the caches are left empty and the search
    /// holds what it needs to give the exact count.
    pub stop_at_cap: bool,
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
            memory_bytes: DEFAULT_MEMORY_BYTES,
            stop_at_cap: false,
            counted: Arc::default(),
        }
    }
}

/// Raises `counted` to `bound` (`u64::MAX` when above it); never lowers it.
pub(super) fn raise(counted: &AtomicU64, bound: &BigUint) {
    crate::count_bound::raise(counted, bound);
}

/// The count so far of a count that stopped at its memory cap: the larger of what it returned
/// (a lower bound, every sub-count cut short being 0) and what it raised `counted` to.
pub(super) fn over_memory(counted: &AtomicU64, returned: BigUint) -> OverMemory {
    let raised = BigUint::from(counted.load(Ordering::Relaxed));
    OverMemory {
        at_least: returned.max(raised),
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

/// Heap bytes of a key and its count.
fn entry_heap(key: &[u8], count: &BigUint) -> usize {
    block(key.len()) + block(count.iter_u64_digits().len() * size_of::<u64>())
}

/// What the cache may hold between evictions within a budget of `budget` bytes (see the
/// module's documentation).
fn held_within(budget: usize) -> usize {
    budget / 3 * 2
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
    /// An empty cache within `budget` bytes.
    pub(super) fn new(budget: usize) -> Self {
        CountCache {
            map: HashMap::default(),
            heap: 0,
            budget: held_within(budget),
            clock: 0,
            #[cfg(test)]
            peak: 0,
        }
    }

    /// Bytes held: keys, values and the table.
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

    /// Keeps within `budget` bytes from now on. When it holds more than it may, the most
    /// recently used entries that fit in three quarters of that (their table included) are
    /// kept, the table shrunk to them; a budget too small for any table keeps nothing.
    pub(super) fn set_budget(&mut self, budget: usize) {
        self.budget = held_within(budget);
        if self.bytes() <= self.budget {
            return;
        }
        let room = self.budget / 4 * 3;
        let kept = self.keep_newest(|i, heap| heap + table_bytes(i + 1) <= room);
        self.map.shrink_to_fit();
        self.heap = kept;
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
        let kept = self.keep_newest(|i, kept| i < keep_most && kept <= heap);
        let survivors: Vec<(Vec<u8>, Entry)> = self.map.drain().collect();
        self.map.extend(survivors);
        self.heap = kept;
    }

    /// Keeps the most recently used entries while `fits(n, heap)` holds, `n` entries kept so far
    /// and `heap` their bytes with the next one's: the first that does not fit goes, with every
    /// older one. Returns the heap bytes of the entries kept.
    fn keep_newest(&mut self, fits: impl Fn(usize, usize) -> bool) -> usize {
        let mut ages: Vec<(u64, usize)> = self
            .map
            .iter()
            .map(|(k, e)| (e.used, entry_heap(k, &e.count)))
            .collect();
        ages.sort_unstable_by_key(|&(used, _)| std::cmp::Reverse(used));
        let mut kept = 0;
        let mut newest_dropped = 0;
        for (i, &(used, bytes)) in ages.iter().enumerate() {
            if !fits(i, kept + bytes) {
                newest_dropped = used;
                break;
            }
            kept += bytes;
        }
        drop(ages);
        self.map.retain(|_, e| e.used > newest_dropped);
        kept
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
        // Two thirds of it, 64 KB, for the entries and their table.
        let budget = 96 << 10;
        let mut cache = CountCache::new(budget);
        for i in 0..100_000u32 {
            cache.insert(key(i), BigUint::from(i) << 100);
            assert!(
                cache.bytes() <= held_within(budget),
                "{} bytes at {i}",
                cache.bytes()
            );
            assert!(cache.peak() <= held_within(budget));
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
    fn a_lowered_budget_keeps_the_most_recent_entries_and_shrinks_the_table() {
        let mut cache = CountCache::new(4 << 20);
        for i in 0..20_000u32 {
            cache.insert(key(i), BigUint::from(i));
        }
        let (full, len) = (cache.bytes(), cache.len());
        assert_eq!(len, 20_000);
        // Two thirds of it, 64 KB, for the entries and their table.
        let budget = 96 << 10;
        assert!(full > 4 * budget, "{full}");
        cache.set_budget(budget);
        assert!(cache.bytes() <= held_within(budget), "{}", cache.bytes());
        assert!(cache.len() > 300 && cache.len() < len, "{}", cache.len());
        assert_eq!(cache.get(&key(19_999)), Some(BigUint::from(19_999u32)));
        assert_eq!(cache.get(&key(0)), None);
        // It goes on within the lowered budget, and grows again when the budget does.
        for i in 20_000..40_000u32 {
            cache.insert(key(i), BigUint::from(i));
            assert!(
                cache.bytes() <= held_within(budget),
                "{} bytes at {i}",
                cache.bytes()
            );
        }
        cache.set_budget(4 << 20);
        for i in 40_000..60_000u32 {
            cache.insert(key(i), BigUint::from(i));
        }
        assert!(cache.bytes() > 4 * budget, "{}", cache.bytes());
        // No room at all: nothing is kept, the table goes too.
        cache.set_budget(0);
        assert_eq!((cache.bytes(), cache.len()), (0, 0));
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
