//! Exact counting over clusters: each cluster picks one of its options, every line's tents must add
//! up to its count. Line bounds prune the options; clusters that share no line on which two of
//! them still vary are counted apart and multiplied; counts of sub-problems met again come from a
//! cache. A branch decides the tents on one line: those of one side of a bridge (a line without
//! which the part falls apart, its two sides then counted apart), else those of one cluster.
//! Large branches are shared between threads by work stealing.
//!
//! What each of these choices bought on the 100x100 peer case, and what was tried and not kept,
//! is in `docs/tents-solver.md`.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use num_bigint::BigUint;

use super::count_blocks::{BLOCK, with_blocks};
use super::count_bridges::Incidence;
use super::count_cache::{Chain, CountCache};
use super::count_cache::{CountOptions, OverMemory, over_memory};
use super::count_clusters::Cluster;
use super::count_masks::{ValueMasks, words_of};
use super::count_memory::{Charge, Meter, metered, nested_bytes, vec_bytes};
use super::count_probes::ProbesKept;
use super::search::push_varint;

const NONE: u32 = u32::MAX;

/// Parts with fewer clusters than this are not offered to other threads: their work is too short
/// to be worth it.
const SPLIT_SIZE: usize = 20;

/// Stack of each counting thread.
const STACK_BYTES: usize = 64 << 20;

/// Clusters with more options left than this are not probed: their many probes cost more than
/// the nodes they save.
const MAX_PROBED_OPTIONS: u32 = 10;

/// Clusters on either side of a bridge (see `ClusterCounter::bridge`) no fewer than this.
const MIN_BRIDGE_SIDE: usize = 2;

/// One branch of a node: a sub-problem narrowed, or two counted apart and multiplied.
enum Branch {
    Narrowed(Sub),
    Apart(Sub, Sub),
}

/// The branches of a node, each made when it is counted: made all at once they would hold as
/// many copies of the node's sub-problem.
// One per node being branched, on the stack: boxing the larger variant would buy nothing.
#[allow(clippy::large_enum_variant)]
enum Branches {
    /// Branch `i`: the cluster at place `pick` keeps its options with `values[i]` tents on
    /// `slot`.
    Values {
        pick: usize,
        slot: usize,
        values: Vec<i32>,
    },
    /// Branch `i`, across a bridge `line`: `rest` with `shares[i]` tents there, apart from
    /// `largest` with what is left of `need`.
    Bridge {
        rest: Sub,
        largest: Sub,
        line: usize,
        need: i32,
        shares: Vec<i32>,
    },
}

impl Branches {
    fn len(&self) -> usize {
        match self {
            Branches::Values { values, .. } => values.len(),
            Branches::Bridge { shares, .. } => shares.len(),
        }
    }

    /// Heap bytes held besides the node's sub-problem.
    fn bytes(&self) -> usize {
        match self {
            Branches::Values { values, .. } => vec_bytes(values),
            Branches::Bridge {
                rest,
                largest,
                shares,
                ..
            } => rest.bytes() + largest.bytes() + vec_bytes(shares),
        }
    }
}

/// A scratch value to restore after a probe.
enum Undo {
    /// A word of options still possible, at its index.
    Alive(usize, u64),
    /// A slot's bounds and its line's sums: slot, line, then least and most of each.
    Bounds(u32, u32, [i32; 4]),
}

/// A cluster of the sub-problem being settled, on one of its lines where it varies.
#[derive(Clone, Copy)]
struct OnLine {
    line: u32,
    /// The cluster and its place in the sub-problem.
    cluster: u32,
    place: u32,
    /// The slot of that line in the cluster.
    slot: u32,
    /// How far its options' tents there spread when the sub-problem was given (most less least).
    spread: i32,
}

/// A sub-problem: some clusters, the options each may still take, and what each line still needs.
#[derive(Clone)]
struct Sub {
    clusters: Vec<u32>,
    /// Per cluster of `clusters`, its `words_of` bit words: its options still possible.
    alive: Vec<u64>,
    /// Where each cluster's words start in `alive`, then its length (one more than `clusters`).
    at: Vec<u32>,
    /// Per line, the tents the clusters of this sub-problem must still put there.
    need: Vec<i32>,
    /// What changed since this sub-problem was last settled: probing looks near it.
    changed: Changed,
}

/// How a key gives the options of a cluster of more than 64 options (`push_options`).
const RAW: u8 = 0;
const KEPT: u8 = 1;
const DROPPED: u8 = 2;

/// Appends to a key the options still possible (`words`) of a cluster of `options` options: the
/// bytes of the bit set; past 64 options, a byte saying which of three follows: those bytes,
/// the list of the options kept or the list of those dropped (each a count then the gaps), the
/// list when it takes fewer bytes even at 3 a gap. The choice follows from how many are kept,
/// so one set has one encoding (keys are compared as bytes). A large cluster mostly has all
/// its options or a few: its bit set alone would make its keys tens of KB.
fn push_options(key: &mut Vec<u8>, words: &[u64], options: usize) {
    let bytes = options.div_ceil(8);
    let raw =
        |key: &mut Vec<u8>| key.extend((0..bytes).map(|i| (words[i / 8] >> (8 * (i % 8))) as u8));
    if options <= 64 {
        raw(key);
        return;
    }
    let kept = words.iter().map(|w| w.count_ones() as usize).sum::<usize>();
    let dropped = options - kept;
    let (tag, listed) = if 3 * kept < bytes && kept <= dropped {
        (KEPT, kept)
    } else if 3 * dropped < bytes {
        (DROPPED, dropped)
    } else {
        key.push(RAW);
        raw(key);
        return;
    };
    key.push(tag);
    push_varint(key, listed as u32);
    let mut prev = 0;
    for (w, &word) in words.iter().enumerate() {
        // The dropped options are the bits clear among the cluster's own.
        let mut bits = if tag == KEPT { word } else { !word };
        if tag == DROPPED && (w + 1) * 64 > options {
            bits &= (1u64 << (options - w * 64)) - 1;
        }
        while bits != 0 {
            let o = (w * 64) as u32 + bits.trailing_zeros();
            bits &= bits - 1;
            push_varint(key, o - prev);
            prev = o;
        }
    }
}

impl Sub {
    /// Bytes it holds, itself and its heap blocks.
    fn bytes(&self) -> usize {
        size_of::<Sub>()
            + vec_bytes(&self.clusters)
            + vec_bytes(&self.alive)
            + vec_bytes(&self.at)
            + vec_bytes(&self.need)
    }

    /// Where the words of the cluster at place `ci` lie in `alive`.
    #[inline]
    fn words(&self, ci: usize) -> std::ops::Range<usize> {
        self.at[ci] as usize..self.at[ci + 1] as usize
    }

    /// The place of the cluster whose words include word `at` of `alive`.
    fn place_of(&self, at: usize) -> usize {
        self.at.partition_point(|&start| start as usize <= at) - 1
    }

    /// The clusters at `places`, in that order: their clusters, words and starts (for `Sub`).
    fn gather(&self, places: &[usize]) -> (Vec<u32>, Vec<u64>, Vec<u32>) {
        let mut clusters = Vec::with_capacity(places.len());
        let mut alive = Vec::new();
        let mut at = Vec::with_capacity(places.len() + 1);
        at.push(0);
        for &ci in places {
            clusters.push(self.clusters[ci]);
            alive.extend_from_slice(&self.alive[self.words(ci)]);
            at.push(alive.len() as u32);
        }
        (clusters, alive, at)
    }
}

/// What changed in a sub-problem since its clusters were last settled.
#[derive(Clone, Copy)]
enum Changed {
    /// Everything: the sub-problem is new.
    All,
    /// The options of this cluster, narrowed by a branch.
    Cluster(u32),
    /// The need of this line, given by a branch across a bridge.
    Line(u32),
}

/// The number of ways to pick one option per cluster so that each line gets its `target`:
/// rows, then columns, then the all-grid line (the last), which only prunes, as it is implied by
/// the rows of every part (as are the block lines the count adds, see `count_blocks`). Counts
/// on as many threads as the machine has (see `branch`), within `opts.memory_bytes`: the
/// clusters, the plan, the sub-problems waiting on every thread and their keys are metered
/// (`count_memory`), the cache gets what they leave; past the cap with `opts.stop_at_cap` the
/// count stops, `Err(OverMemory)`.
/// It raises `opts.counted` to lower bounds of the count as it goes: the branches finished of
/// each node on a chain from the whole puzzle, where a node is on the chain when the parts
/// multiplied beside it are already counted (not empty); a branch left to another thread raises
/// it alone, with what its own half counted.
pub(super) fn count(
    clusters: Vec<Cluster>,
    rows: usize,
    target: &[u32],
    opts: &CountOptions,
) -> Result<BigUint, OverMemory> {
    let (blocked, target, implied) = with_blocks(&clusters, rows, target, BLOCK);
    // Only the clusters with their block lines are counted over.
    drop(clusters);
    count_blocked(&blocked, &target, implied, 0, opts)
}

/// `count` on `threads` threads (0: as many as the machine has).
#[cfg(test)]
pub(super) fn count_on_threads(
    clusters: &[Cluster],
    rows: usize,
    target: &[u32],
    threads: usize,
) -> BigUint {
    let opts = CountOptions::default();
    count_with_blocks(clusters, rows, target, threads, BLOCK, &opts).expect("no cap by default")
}

/// `count_on_threads` with block lines of about `block` rows or columns (tests make them small).
#[cfg(test)]
fn count_with_blocks(
    clusters: &[Cluster],
    rows: usize,
    target: &[u32],
    threads: usize,
    block: usize,
    opts: &CountOptions,
) -> Result<BigUint, OverMemory> {
    let (blocked, target, implied) = with_blocks(clusters, rows, target, block);
    count_blocked(&blocked, &target, implied, threads, opts)
}

/// The count over clusters with their block lines (`with_blocks`, whose `implied` lines are
/// given), on `threads` threads (0: as many as the machine has).
fn count_blocked(
    blocked: &[Cluster],
    target: &[u32],
    implied: Vec<Vec<u32>>,
    threads: usize,
    opts: &CountOptions,
) -> Result<BigUint, OverMemory> {
    let plan = Plan::new(blocked, target.len(), implied);
    let shared = Shared {
        cache: Mutex::new(CountCache::new(0)),
        cached: AtomicUsize::new(0),
        meter: Meter::new(metered(opts.memory_bytes)),
        stop_at_cap: opts.stop_at_cap,
        counted: &opts.counted,
        #[cfg(test)]
        peaks: Default::default(),
    };
    // The clusters and the plan, for the whole count.
    let fixed = clusters_bytes(blocked) + plan.bytes();
    let _fixed = shared.meter.charge(fixed);
    let count = || ClusterCounter::new(&plan, &shared).count(target);
    // Deep searches recurse deeply: room for them on every thread.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK_BYTES)
        .build();
    let n = match pool {
        Ok(pool) => pool.install(count),
        // No threads to be had: count on this one.
        Err(_) => count(),
    };
    #[cfg(test)]
    LAST_PEAKS.set(Peaks {
        both: shared.peaks.0.load(Ordering::Relaxed),
        cache: shared.peaks.1.load(Ordering::Relaxed),
        held: shared.meter.peak(),
    });
    if shared.stopped() {
        return Err(over_memory(&opts.counted, n));
    }
    Ok(n)
}

/// Bytes `clusters` hold.
fn clusters_bytes(clusters: &[Cluster]) -> usize {
    clusters.iter().map(Cluster::bytes).sum()
}

/// What every thread of one count reads: the clusters and where they lie.
struct Plan<'a> {
    clusters: &'a [Cluster],
    /// The all-grid line: tents in all, summed over rows. The block lines follow it.
    total_line: usize,
    /// Per line from the all-grid line on, the rows or columns whose needs it sums.
    implied: Vec<Vec<u32>>,
    /// Per cluster, its bit words in `Sub::alive` (`words_of`).
    words: Vec<u32>,
    /// Per line, the clusters with a square there and the line's slot in that cluster.
    line_clusters: Vec<Vec<(u32, u32)>>,
    /// Per cluster, where its slots start in `lo`/`hi`.
    base: Vec<usize>,
    /// Slots of all clusters together.
    slots: usize,
    /// Per slot, which options put at most so many tents on its line.
    masks: ValueMasks,
    /// Per number `k` of clusters that vary on a line, how close deciding one of them brings
    /// it to settled (`choose`): `(k - 0.9)^-0.5`, worked out once.
    closeness: Vec<f64>,
    /// Per number `n` of options a cluster has left, the weight of its closeness in `choose`:
    /// `n^-0.8`, worked out once.
    fewness: Vec<f64>,
}

/// What the threads of one count share.
struct Shared<'a> {
    /// Counts of sub-problems already met, within what `meter` leaves.
    cache: Mutex<CountCache>,
    /// The bytes `cache` holds, as last set (read without its lock).
    cached: AtomicUsize,
    /// What the count holds besides the cache, against its cap.
    meter: Meter,
    /// Whether the count stops once `meter` goes past the cap.
    stop_at_cap: bool,
    /// The lower bound of the count raised as it goes (see `count`).
    counted: &'a AtomicU64,
    /// The most the meter and the cache held together, and the cache alone, when the cache
    /// changed (see `Peaks`).
    #[cfg(test)]
    peaks: (AtomicUsize, AtomicUsize),
}

/// What the last count on this thread held at its most (`Shared::peaks`): tests of the memory
/// cap read it.
#[cfg(test)]
#[derive(Clone, Copy, Debug, Default)]
struct Peaks {
    both: usize,
    cache: usize,
    /// What the meter held at its most.
    held: usize,
}

#[cfg(test)]
thread_local! {
    static LAST_PEAKS: std::cell::Cell<Peaks> = std::cell::Cell::default();
}

impl Shared<'_> {
    /// Whether the count stopped at its memory cap: every count left is then 0, and nothing
    /// more is cached.
    fn stopped(&self) -> bool {
        self.stop_at_cap && self.meter.is_over()
    }

    /// Lowers the cache's budget to what the meter leaves, when it holds more.
    fn make_room(&self) {
        if self.cached.load(Ordering::Relaxed) > self.meter.room() {
            let mut cache = self.cache.lock().expect("cache");
            cache.set_budget(self.meter.room());
            self.cached.store(cache.bytes(), Ordering::Relaxed);
            #[cfg(test)]
            self.note_peaks(cache.bytes());
        }
    }

    /// Keeps `n` as the count of `key`, within what the meter leaves; nothing once the count
    /// stopped (its counts are then cut short).
    fn keep(&self, key: Vec<u8>, n: BigUint) {
        if self.stopped() {
            return;
        }
        let mut cache = self.cache.lock().expect("cache");
        cache.set_budget(self.meter.room());
        cache.insert(key, n);
        self.cached.store(cache.bytes(), Ordering::Relaxed);
        #[cfg(test)]
        self.note_peaks(cache.bytes());
    }

    /// Notes what the meter and the cache hold together, and the cache alone, at their most.
    #[cfg(test)]
    fn note_peaks(&self, cached: usize) {
        let both = self.meter.held() + cached;
        self.peaks.0.fetch_max(both, Ordering::Relaxed);
        self.peaks.1.fetch_max(cached, Ordering::Relaxed);
    }
}

/// One thread's counter: the plan, the shared cache and its own scratch.
struct ClusterCounter<'a> {
    plan: &'a Plan<'a>,
    shared: &'a Shared<'a>,
    // Scratch for the node being settled: per cluster slot, its least and most tents on that
    // line; per line, their sums over the sub-problem; per cluster, its place in the sub-problem.
    lo: Vec<i32>,
    hi: Vec<i32>,
    low: Vec<i32>,
    high: Vec<i32>,
    place: Vec<u32>,
    queued: Vec<bool>,
    queue: Vec<u32>,
    /// Per line, how many clusters of the sub-problem still vary there.
    varying: Vec<u32>,
    /// The clusters of the sub-problem being settled that vary on each line, line after line,
    /// widest first (see `list_on_lines`).
    on_line: Vec<OnLine>,
    /// Per line, its entries in `on_line` (start, end), valid for the lines of that sub-problem.
    on_line_at: Vec<(u32, u32)>,
    /// Scratch of `group_by_line`: per line a count, then where its next entry goes (zero
    /// between sorts); the lines met. And `on_line` as listed, before it is grouped.
    per_line: Vec<u32>,
    lines_here: Vec<u32>,
    by_line: Vec<OnLine>,
    /// Per place in that sub-problem, its cluster's slots that vary and their lines, as
    /// (slot in the cluster, line), from `varying_from[place]` to `varying_from[place + 1]`.
    varying_slots: Vec<(u32, u32)>,
    varying_from: Vec<u32>,
    /// While probing: the scratch and options changed, to restore afterwards.
    tracing: bool,
    trail: Vec<Undo>,
    /// Per line, whether it changed at this node (for near probing).
    dirty: Vec<bool>,
    /// While probing one cluster's options, what its successful probes kept (see
    /// `keep_what_some_probe_kept`).
    kept: ProbesKept,
    /// Scratch: the places of the clusters that narrowed.
    narrowed: Vec<usize>,
    /// The bytes of this scratch, charged to the meter (raised as it grows, see `charge_scratch`).
    scratch: Charge<'a>,
}

impl<'a> Plan<'a> {
    /// The plan of these clusters over rows, then columns, then the lines they imply (the
    /// all-grid line, then blocks), each summing the lines `implied` gives.
    fn new(clusters: &'a [Cluster], line_count: usize, implied: Vec<Vec<u32>>) -> Self {
        let mut line_clusters = vec![Vec::new(); line_count];
        let mut base = Vec::with_capacity(clusters.len());
        let mut slots = 0;
        for (i, c) in clusters.iter().enumerate() {
            for (j, &l) in c.lines.iter().enumerate() {
                line_clusters[l as usize].push((i as u32, j as u32));
            }
            base.push(slots);
            slots += c.lines.len();
        }
        let most = clusters
            .iter()
            .map(Cluster::option_count)
            .max()
            .unwrap_or(0);
        Plan {
            clusters,
            total_line: line_count - implied.len(),
            implied,
            words: clusters.iter().map(|c| words_of(c) as u32).collect(),
            line_clusters,
            base,
            slots,
            masks: ValueMasks::new(clusters),
            closeness: (0..=clusters.len())
                .map(|k| {
                    if k == 0 {
                        0.0
                    } else {
                        (k as f64 - 0.9).powf(-0.5)
                    }
                })
                .collect(),
            fewness: (0..=most).map(|n| (n as f64).powf(-0.8)).collect(),
        }
    }

    /// Bytes it holds besides the clusters.
    fn bytes(&self) -> usize {
        nested_bytes(&self.implied)
            + nested_bytes(&self.line_clusters)
            + vec_bytes(&self.words)
            + vec_bytes(&self.base)
            + self.masks.bytes()
            + vec_bytes(&self.closeness)
            + vec_bytes(&self.fewness)
    }
}

impl<'a> ClusterCounter<'a> {
    /// A counter with fresh scratch.
    fn new(plan: &'a Plan<'a>, shared: &'a Shared<'a>) -> Self {
        let line_count = plan.line_clusters.len();
        ClusterCounter {
            plan,
            shared,
            lo: vec![0; plan.slots],
            hi: vec![0; plan.slots],
            low: vec![0; line_count],
            high: vec![0; line_count],
            place: vec![NONE; plan.clusters.len()],
            queued: vec![false; line_count],
            queue: Vec::new(),
            varying: vec![0; line_count],
            on_line: Vec::new(),
            on_line_at: vec![(0, 0); line_count],
            per_line: vec![0; line_count],
            lines_here: Vec::new(),
            by_line: Vec::new(),
            varying_slots: Vec::new(),
            varying_from: Vec::new(),
            tracing: false,
            dirty: vec![false; line_count],
            trail: Vec::new(),
            kept: ProbesKept::default(),
            narrowed: Vec::new(),
            scratch: shared.meter.charge(0),
        }
        .with_scratch_charged()
    }

    /// This counter with its scratch charged.
    fn with_scratch_charged(mut self) -> Self {
        self.charge_scratch();
        self
    }

    /// Raises the charge of the scratch to what it holds now (it grows with the sub-problems
    /// settled, and is kept).
    fn charge_scratch(&mut self) {
        let bytes = vec_bytes(&self.lo)
            + vec_bytes(&self.hi)
            + vec_bytes(&self.low)
            + vec_bytes(&self.high)
            + vec_bytes(&self.place)
            + vec_bytes(&self.queued)
            + vec_bytes(&self.queue)
            + vec_bytes(&self.varying)
            + vec_bytes(&self.on_line)
            + vec_bytes(&self.on_line_at)
            + vec_bytes(&self.per_line)
            + vec_bytes(&self.lines_here)
            + vec_bytes(&self.by_line)
            + vec_bytes(&self.varying_slots)
            + vec_bytes(&self.varying_from)
            + vec_bytes(&self.dirty)
            + vec_bytes(&self.trail)
            + self.kept.bytes()
            + vec_bytes(&self.narrowed);
        if bytes > self.scratch.bytes() {
            self.scratch.add(bytes - self.scratch.bytes());
        }
    }

    /// The number of solutions for lines needing `target` tents each.
    fn count(&mut self, target: &[u32]) -> BigUint {
        if self.plan.clusters.iter().any(|c| c.option_count() == 0)
            || (0..target.len()).any(|l| target[l] != 0 && self.plan.line_clusters[l].is_empty())
        {
            return BigUint::ZERO;
        }
        let mut at = vec![0u32];
        for &w in &self.plan.words {
            at.push(at[at.len() - 1] + w);
        }
        let mut alive = vec![0u64; at[at.len() - 1] as usize];
        for (i, c) in self.plan.clusters.iter().enumerate() {
            for o in 0..c.option_count() {
                alive[at[i] as usize + o / 64] |= 1 << (o % 64);
            }
        }
        let sub = Sub {
            clusters: (0..self.plan.clusters.len() as u32).collect(),
            alive,
            at,
            need: target.iter().map(|&t| t as i32).collect(),
            changed: Changed::All,
        };
        let root = Chain::root();
        let n = self.count_sub(sub, Some(&root));
        self.raise(Some(&root), &n);
        n
    }

    /// Counts a sub-problem: prune, fix forced clusters, split, then branch or look up. `chain`,
    /// when given, places it in the lower bound the count raises (see `count`).
    fn count_sub(&mut self, mut sub: Sub, chain: Option<&Chain>) -> BigUint {
        let shared = self.shared;
        // Past the cap every count left is 0: what was counted stays a lower bound.
        if shared.stopped() {
            return BigUint::ZERO;
        }
        // The sub-problem, and its copy while it is settled.
        let mut held = shared.meter.charge(2 * sub.bytes());
        shared.make_room();
        let settled = self.settle(&mut sub);
        self.charge_scratch();
        let ways = match settled {
            Some(ways) if !sub.clusters.is_empty() => ways,
            Some(ways) => {
                self.release(&sub);
                return ways;
            }
            None => {
                self.release(&sub);
                return BigUint::ZERO;
            }
        };
        let parts = self.split(&sub);
        self.release(&sub);
        let parts = parts.unwrap_or_else(|| vec![sub]);
        held.set(parts.iter().map(Sub::bytes).sum::<usize>() + vec_bytes(&parts));
        let mut total = ways;
        let last = parts.len().saturating_sub(1);
        for (i, part) in parts.into_iter().enumerate() {
            let key = self.key(&part);
            // The parts before the last are known not to be empty when it is counted.
            let inner = chain.filter(|_| i == last).map(|c| c.times(&total));
            let inner = inner.as_ref();
            let n = self.cached_or(key, inner, |counter| counter.branch(part, inner));
            if n == BigUint::ZERO {
                return n;
            }
            total *= n;
        }
        total
    }

    /// The options of the cluster at place `ci` still possible.
    fn options(&self, sub: &Sub, ci: usize) -> impl Iterator<Item = usize> {
        let words = &sub.alive[sub.words(ci)];
        words.iter().enumerate().flat_map(|(w, &bits)| {
            let mut b = bits;
            std::iter::from_fn(move || {
                (b != 0).then(|| {
                    let o = b.trailing_zeros() as usize;
                    b &= b - 1;
                    w * 64 + o
                })
            })
        })
    }

    fn option_total(&self, sub: &Sub, ci: usize) -> u32 {
        sub.alive[sub.words(ci)]
            .iter()
            .map(|w| w.count_ones())
            .sum()
    }

    /// Recomputes the least and most tents of cluster `c` (at place `ci`) on every line of it
    /// (see `refresh_slot`).
    fn refresh_all(&mut self, sub: &Sub, ci: usize, c: usize) {
        for (j, &l) in self.plan.clusters[c].lines.iter().enumerate() {
            self.refresh_slot(sub, ci, c, j, l as usize, None);
        }
    }

    /// Recomputes the least and most tents of cluster `c` (at place `ci`) on the lines where it
    /// varied when the sub-problem was given (on the others they cannot change).
    fn refresh(&mut self, sub: &Sub, ci: usize, c: usize) {
        let alive = &sub.alive[sub.words(ci)];
        // One option left (every probe, and often after pruning): its tents are the bounds.
        let only =
            (alive.len() == 1 && alive[0].count_ones() == 1).then(|| alive[0].trailing_zeros());
        let (from, to) = (self.varying_from[ci], self.varying_from[ci + 1]);
        for k in from..to {
            let (j, l) = self.varying_slots[k as usize];
            self.refresh_slot(sub, ci, c, j as usize, l as usize, only);
        }
    }

    /// Recomputes the least and most tents of cluster `c` (at place `ci`, its only option
    /// `only` when known) on its slot `j`, line `l`; queues the line when its sums change.
    // Always inlined: called for every slot of every narrowed cluster.
    #[inline(always)]
    fn refresh_slot(
        &mut self,
        sub: &Sub,
        ci: usize,
        c: usize,
        j: usize,
        l: usize,
        only: Option<u32>,
    ) {
        let slot = self.plan.base[c] + j;
        let (lo, hi) = match only {
            Some(o) => {
                let v = self.plan.clusters[c].tents_at(o as usize, j) as i32;
                (v, v)
            }
            None => (self.plan.masks).bounds(slot, &sub.alive[sub.words(ci)]),
        };
        if lo == self.lo[slot] && hi == self.hi[slot] {
            return;
        }
        if self.tracing {
            let was = [self.lo[slot], self.hi[slot], self.low[l], self.high[l]];
            self.trail.push(Undo::Bounds(slot as u32, l as u32, was));
        }
        self.low[l] += lo - self.lo[slot];
        self.high[l] += hi - self.hi[slot];
        self.lo[slot] = lo;
        self.hi[slot] = hi;
        if !self.queued[l] {
            self.queued[l] = true;
            self.queue.push(l as u32);
        }
    }

    /// Runs the queue of lines whose bounds changed until nothing changes; false on a conflict
    /// (the queue is emptied either way).
    fn propagate(&mut self, sub: &mut Sub) -> bool {
        let mut ok = true;
        while let Some(l) = self.queue.pop() {
            let l = l as usize;
            self.queued[l] = false;
            if !ok {
                continue;
            }
            // The clusters fixed on the line are not listed: the line's sums show their fault.
            if sub.need[l] < self.low[l] || sub.need[l] > self.high[l] {
                ok = false;
                continue;
            }
            let (from, to) = self.on_line_at[l];
            for k in from..to {
                let OnLine {
                    cluster: d,
                    place: di,
                    slot,
                    spread,
                    ..
                } = self.on_line[k as usize];
                // A cluster whose values on the line spread no wider than the slack on either
                // side cannot lose an option, nor can the narrower ones after it (this keeps the
                // all-grid line, which every cluster is on, cheap).
                if sub.need[l] - self.low[l] >= spread && self.high[l] - sub.need[l] >= spread {
                    break;
                }
                let (d, di, slot) = (d as usize, di as usize, slot as usize);
                let (lo_d, hi_d) = (self.lo[slot], self.hi[slot]);
                // The others give between low - lo_d and high - hi_d.
                let min = sub.need[l] - (self.high[l] - hi_d);
                let max = sub.need[l] - (self.low[l] - lo_d);
                if lo_d >= min && hi_d <= max {
                    continue;
                }
                let words = sub.words(di);
                let first = words.start;
                let mut any = false;
                for at in words {
                    let before = sub.alive[at];
                    let kept = before & self.plan.masks.within(slot, min, max, at - first);
                    if kept != before {
                        if self.tracing {
                            self.trail.push(Undo::Alive(at, before));
                        }
                        sub.alive[at] = kept;
                    }
                    any |= kept != 0;
                }
                if !any {
                    ok = false;
                    break;
                }
                self.refresh(sub, di, d);
            }
        }
        ok
    }

    /// Whether fixing option `o` of the cluster at place `ci` survives propagation; undoes it.
    /// What survives is added to `kept`.
    fn probe(&mut self, sub: &mut Sub, ci: usize, o: usize) -> bool {
        let words = sub.words(ci);
        let w = words.len();
        let c = sub.clusters[ci] as usize;
        self.tracing = true;
        let mark = self.trail.len();
        for (i, at) in words.enumerate() {
            self.trail.push(Undo::Alive(at, sub.alive[at]));
            sub.alive[at] = if i == o / 64 { 1 << (o % 64) } else { 0 };
        }
        self.refresh(sub, ci, c);
        let ok = self.propagate(sub);
        if ok {
            // The probed cluster's own words come first on the trail.
            let narrowed = self.trail[mark + w..].iter().filter_map(|u| match u {
                Undo::Alive(at, _) => Some(*at),
                Undo::Bounds(..) => None,
            });
            self.kept.add(narrowed, &sub.alive);
        }
        while self.trail.len() > mark {
            match self.trail.pop().expect("trail entry") {
                Undo::Alive(at, v) => sub.alive[at] = v,
                Undo::Bounds(slot, l, [lo, hi, low, high]) => {
                    (self.lo[slot as usize], self.hi[slot as usize]) = (lo, hi);
                    (self.low[l as usize], self.high[l as usize]) = (low, high);
                }
            }
        }
        self.tracing = false;
        ok
    }

    /// Prunes options by line bounds until nothing changes, then removes clusters left with one
    /// option (their tents leave the lines' needs). Returns the ways of the removed clusters, or
    /// `None` when some cluster or line cannot be satisfied. Leaves the scratch describing `sub`
    /// (undone by `release`).
    fn settle(&mut self, sub: &mut Sub) -> Option<BigUint> {
        self.describe(sub);
        let near = !matches!(sub.changed, Changed::All);
        let start = if near { sub.alive.clone() } else { Vec::new() };
        if !self.propagate(sub) {
            return None;
        }
        if near {
            self.mark_changed_lines(sub, &start);
        }
        self.probe_all(sub, near)?;
        if near {
            self.clear_changed_lines(sub);
        }
        self.remove_fixed_clusters(sub)
    }

    /// Points the scratch at `sub`: each cluster's place, and empty bounds on its lines, then
    /// every cluster's bounds refreshed and the options listed on their lines.
    fn describe(&mut self, sub: &mut Sub) {
        for (ci, &c) in sub.clusters.iter().enumerate() {
            let c = c as usize;
            self.place[c] = ci as u32;
            let b = self.plan.base[c];
            for (j, &l) in self.plan.clusters[c].lines.iter().enumerate() {
                self.lo[b + j] = 0;
                self.hi[b + j] = 0;
                self.low[l as usize] = 0;
                self.high[l as usize] = 0;
            }
        }
        for ci in 0..sub.clusters.len() {
            let c = sub.clusters[ci] as usize;
            self.refresh_all(sub, ci, c);
        }
        self.list_on_lines(sub);
    }

    /// After a branch, marks dirty the lines where something changed: the branched cluster's
    /// (or the bridge line) and those of clusters that propagation narrowed since `start`.
    fn mark_changed_lines(&mut self, sub: &Sub, start: &[u64]) {
        let mark = |c: usize, dirty: &mut Vec<bool>| {
            for &l in &self.plan.clusters[c].lines {
                if (l as usize) < self.plan.total_line {
                    dirty[l as usize] = true;
                }
            }
        };
        match sub.changed {
            Changed::Cluster(c) => mark(c as usize, &mut self.dirty),
            Changed::Line(l) => self.dirty[l as usize] = true,
            Changed::All => {}
        }
        for ci in 0..sub.clusters.len() {
            let words = sub.words(ci);
            if sub.alive[words.clone()] != start[words] {
                mark(sub.clusters[ci] as usize, &mut self.dirty);
            }
        }
    }

    /// Clears the marks of [`Self::mark_changed_lines`].
    fn clear_changed_lines(&mut self, sub: &Sub) {
        let changed = match sub.changed {
            Changed::Cluster(c) => Some(c),
            Changed::Line(l) => {
                self.dirty[l as usize] = false;
                None
            }
            Changed::All => None,
        };
        for &c in sub.clusters.iter().chain(changed.as_ref()) {
            for &l in &self.plan.clusters[c as usize].lines {
                self.dirty[l as usize] = false;
            }
        }
    }

    /// One round of probing: an option whose choice fails propagation is dropped. (Repeating to
    /// a fixpoint saves few nodes for its cost.) Clusters with many options are skipped, and
    /// after a branch (`near`) those on no changed line. `None` on a conflict.
    fn probe_all(&mut self, sub: &mut Sub, near: bool) -> Option<()> {
        for ci in 0..sub.clusters.len() {
            let options = self.option_total(sub, ci);
            if !(2..=MAX_PROBED_OPTIONS).contains(&options) {
                continue;
            }
            let c = sub.clusters[ci] as usize;
            if near
                && !self.plan.clusters[c]
                    .lines
                    .iter()
                    .any(|&l| self.dirty[l as usize])
            {
                continue;
            }
            self.kept.start(sub.alive.len());
            let first = sub.at[ci] as usize;
            for word in 0..self.plan.words[c] as usize {
                // The options as they were: those dropped meanwhile are skipped.
                let mut bits = sub.alive[first + word];
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits &= bits - 1;
                    let o = word * 64 + bit.trailing_zeros() as usize;
                    if sub.alive[first + word] & bit == 0 || self.probe(sub, ci, o) {
                        continue;
                    }
                    sub.alive[first + word] &= !bit;
                    if self.option_total(sub, ci) == 0 {
                        return None;
                    }
                    self.refresh(sub, ci, c);
                    if !self.propagate(sub) {
                        return None;
                    }
                }
            }
            if !self.keep_what_some_probe_kept(sub, ci) {
                return None;
            }
        }
        Some(())
    }

    /// Removes the clusters left with one option (their tents leave the lines' needs) and
    /// returns the ways they multiply to; `None` when nothing is left but a line still needs.
    fn remove_fixed_clusters(&mut self, sub: &mut Sub) -> Option<BigUint> {
        // The ways of many fixed clusters multiply past u64; an overflow must not read as "none".
        let mut ways = BigUint::from(1u32);
        // The places kept, in the order that swapping each removed cluster with the last leaves
        // (the order the branching's ties are broken in).
        let mut order: Vec<usize> = (0..sub.clusters.len()).collect();
        let mut k = 0;
        while k < order.len() {
            let ci = order[k];
            if self.option_total(sub, ci) == 1 {
                let c = sub.clusters[ci] as usize;
                let cl = &self.plan.clusters[c];
                let o = self.options(sub, ci).next().expect("one option");
                ways *= cl.ways[o];
                for (j, &x) in cl.option(o).iter().enumerate() {
                    sub.need[cl.lines[j] as usize] -= x as i32;
                }
                self.place[c] = NONE;
                order.swap_remove(k);
            } else {
                k += 1;
            }
        }
        if order.len() < sub.clusters.len() {
            (sub.clusters, sub.alive, sub.at) = sub.gather(&order);
            for (ci, &c) in sub.clusters.iter().enumerate() {
                self.place[c as usize] = ci as u32;
            }
        }
        if sub.clusters.is_empty() && sub.need.iter().any(|&n| n != 0) {
            return None;
        }
        Some(ways)
    }

    /// After every option left of the cluster at place `ci` was probed: drops the other clusters'
    /// options that no successful probe kept (every solution takes one of those options, and
    /// propagation from it keeps the solution's options), then propagates; false on a conflict.
    /// Only the words every successful probe narrowed are looked at, see `ProbesKept`.
    fn keep_what_some_probe_kept(&mut self, sub: &mut Sub, ci: usize) -> bool {
        let mut narrowed = std::mem::take(&mut self.narrowed);
        narrowed.clear();
        for (at, kept) in self.kept.narrowed_by_all() {
            let di = sub.place_of(at);
            if di != ci && sub.alive[at] & !kept != 0 {
                sub.alive[at] &= kept;
                narrowed.push(di);
            }
        }
        // A cluster's words may come apart (past 64 options).
        narrowed.sort_unstable();
        narrowed.dedup();
        // Checked before any refresh queues a line: a conflict leaves the queue empty.
        let empty = |di: &usize| sub.alive[sub.words(*di)].iter().all(|&a| a == 0);
        let ok = !narrowed.iter().any(empty) && {
            for &di in &narrowed {
                self.refresh(sub, di, sub.clusters[di] as usize);
            }
            narrowed.is_empty() || self.propagate(sub)
        };
        self.narrowed = narrowed;
        ok
    }

    /// Lists, per line, the clusters of `sub` that vary there (bounds fresh), widest first:
    /// propagation then skips the clusters of other sub-problems and those already fixed there.
    fn list_on_lines(&mut self, sub: &Sub) {
        self.on_line.clear();
        self.varying_slots.clear();
        self.varying_from.clear();
        for (ci, &c) in sub.clusters.iter().enumerate() {
            let b = self.plan.base[c as usize];
            self.varying_from.push(self.varying_slots.len() as u32);
            for (j, &l) in self.plan.clusters[c as usize].lines.iter().enumerate() {
                let spread = self.hi[b + j] - self.lo[b + j];
                if spread > 0 {
                    self.varying_slots.push((j as u32, l));
                    self.on_line.push(OnLine {
                        line: l,
                        cluster: c,
                        place: ci as u32,
                        slot: (b + j) as u32,
                        spread,
                    });
                }
            }
        }
        self.varying_from.push(self.varying_slots.len() as u32);
        for &c in &sub.clusters {
            for &l in &self.plan.clusters[c as usize].lines {
                self.on_line_at[l as usize] = (0, 0);
            }
        }
        let (listed, mut grouped) = (
            std::mem::take(&mut self.on_line),
            std::mem::take(&mut self.by_line),
        );
        self.group_by_line(&listed, |e| e.line, &mut grouped);
        let mut k = 0;
        while k < grouped.len() {
            let l = grouped[k].line;
            let start = k;
            while k < grouped.len() && grouped[k].line == l {
                k += 1;
            }
            self.on_line_at[l as usize] = (start as u32, k as u32);
            grouped[start..k].sort_by_key(|e| std::cmp::Reverse(e.spread));
        }
        (self.on_line, self.by_line) = (grouped, listed);
    }

    /// `items` grouped by line into `grouped`, lines ascending, each line's items in their order
    /// (a counting sort: a comparison sort showed in the count's profile).
    fn group_by_line<T: Copy>(
        &mut self,
        items: &[T],
        line: impl Fn(&T) -> u32,
        grouped: &mut Vec<T>,
    ) {
        self.lines_here.clear();
        for item in items {
            let n = &mut self.per_line[line(item) as usize];
            if *n == 0 {
                self.lines_here.push(line(item));
            }
            *n += 1;
        }
        self.lines_here.sort_unstable();
        let mut start = 0;
        for &l in &self.lines_here {
            let n = std::mem::replace(&mut self.per_line[l as usize], start);
            start += n;
        }
        grouped.clear();
        grouped.extend_from_slice(items);
        for item in items {
            let at = &mut self.per_line[line(item) as usize];
            grouped[*at as usize] = *item;
            *at += 1;
        }
        for &l in &self.lines_here {
            self.per_line[l as usize] = 0;
        }
    }

    /// Forgets the scratch of a settled sub-problem.
    fn release(&mut self, sub: &Sub) {
        for &c in &sub.clusters {
            self.place[c as usize] = NONE;
        }
    }

    /// Whether cluster `c` still varies on its slot `j` (valid after `settle`).
    #[inline]
    fn varies(&self, c: usize, j: usize) -> bool {
        let b = self.plan.base[c];
        self.lo[b + j] != self.hi[b + j]
    }

    /// The slots of cluster `c` on a row or a column (the lines that link clusters) where it
    /// still varies, with their lines (bounds as last refreshed).
    #[inline]
    fn varying_rows_and_columns_of(&self, c: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        let (t, lines) = (self.plan.total_line, &self.plan.clusters[c].lines);
        let slots = lines.iter().copied().enumerate();
        slots.filter(move |&(j, l)| (l as usize) < t && self.varies(c, j))
    }

    /// Splits a settled sub-problem into parts that share no line on which two of their clusters
    /// still vary; each part gets the needs left for it once the other parts' fixed tents are out.
    /// `None` when the sub-problem is one part as it stands, its clusters in order.
    fn split(&mut self, sub: &Sub) -> Option<Vec<Sub>> {
        let n = sub.clusters.len();
        let mut part_of = vec![NONE; n];
        let mut parts: Vec<Vec<usize>> = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            if part_of[start] != NONE {
                continue;
            }
            let p = parts.len() as u32;
            part_of[start] = p;
            let mut members = vec![start];
            stack.push(start);
            while let Some(ci) = stack.pop() {
                let c = sub.clusters[ci] as usize;
                for (_, l) in self.varying_rows_and_columns_of(c) {
                    for &(d, dj) in &self.plan.line_clusters[l as usize] {
                        let di = self.place[d as usize];
                        if di == NONE || part_of[di as usize] != NONE {
                            continue;
                        }
                        if self.varies(d as usize, dj as usize) {
                            part_of[di as usize] = p;
                            members.push(di as usize);
                            stack.push(di as usize);
                        }
                    }
                }
            }
            parts.push(members);
        }
        for members in &mut parts {
            members.sort_unstable_by_key(|&ci| sub.clusters[ci]);
        }
        let single = parts.len() == 1;
        if single && parts[0].iter().enumerate().all(|(i, &ci)| i == ci) {
            return None;
        }
        let line_lo = if single {
            Vec::new()
        } else {
            self.line_lo(sub)
        };
        let parts = parts
            .iter()
            .map(|members| self.sub_of(sub, members, &line_lo));
        Some(parts.collect())
    }

    /// The sub-problem of the clusters at places `members` (ascending by cluster) of `sub`, no
    /// line where they vary shared with another cluster of `sub` that varies; `line_lo` holds per
    /// line the least tents of every cluster of `sub` there (or is empty when `members` is all of
    /// `sub`). Where the members vary, every other cluster is fixed: the need less their tents.
    /// Where they do not, the need is exactly their own fixed tents.
    fn sub_of(&self, sub: &Sub, members: &[usize], line_lo: &[i32]) -> Sub {
        let (clusters, alive, at) = sub.gather(members);
        if line_lo.is_empty() {
            return Sub {
                clusters,
                alive,
                at,
                need: sub.need.clone(),
                changed: Changed::All,
            };
        }
        let lines = sub.need.len();
        let (mut part_lo, mut varies) = (vec![0; lines], vec![false; lines]);
        for &ci in members {
            let c = sub.clusters[ci] as usize;
            for (j, &l) in self.plan.clusters[c].lines.iter().enumerate() {
                part_lo[l as usize] += self.lo[self.plan.base[c] + j];
                varies[l as usize] |= self.varies(c, j);
            }
        }
        let mut need = vec![0; lines];
        for &ci in members {
            for &l in &self.plan.clusters[sub.clusters[ci] as usize].lines {
                let l = l as usize;
                let outside = line_lo[l] - part_lo[l];
                need[l] = if varies[l] {
                    sub.need[l] - outside
                } else {
                    part_lo[l]
                };
            }
        }
        self.fill_implied(&mut need);
        Sub {
            clusters,
            alive,
            at,
            need,
            changed: Changed::All,
        }
    }

    /// Sets the need of each implied line (see `Plan::implied`) to the sum of its lines' needs.
    fn fill_implied(&self, need: &mut [i32]) {
        for (i, lines) in self.plan.implied.iter().enumerate() {
            need[self.plan.total_line + i] = lines.iter().map(|&l| need[l as usize]).sum();
        }
    }

    /// Per line, the least tents of the clusters of `sub` there (their bounds as last settled).
    fn line_lo(&self, sub: &Sub) -> Vec<i32> {
        let mut line_lo = vec![0; sub.need.len()];
        for &c in &sub.clusters {
            let c = c as usize;
            for (j, &l) in self.plan.clusters[c].lines.iter().enumerate() {
                line_lo[l as usize] += self.lo[self.plan.base[c] + j];
            }
        }
        line_lo
    }

    /// The cache key of a part, packed: how many clusters, each cluster with its options still
    /// possible (`push_options`), then each line with a need and that need (up to the all-grid
    /// line: the blocks' needs are sums of the others).
    fn key(&self, part: &Sub) -> Vec<u8> {
        let mut key = Vec::with_capacity(part.clusters.len() * 4 + 32);
        push_varint(&mut key, part.clusters.len() as u32);
        for (ci, &c) in part.clusters.iter().enumerate() {
            push_varint(&mut key, c);
            let options = self.plan.clusters[c as usize].option_count();
            push_options(&mut key, &part.alive[part.words(ci)], options);
        }
        for (l, &n) in part.need[..=self.plan.total_line].iter().enumerate() {
            if n != 0 {
                push_varint(&mut key, l as u32);
                push_varint(&mut key, n as u32);
            }
        }
        // Held while the part is counted, then in the cache.
        key.shrink_to_fit();
        key
    }

    /// Branches on one line. Where a line is a bridge (without it the part falls apart), on the
    /// tents the smaller side puts there: each side is then counted apart. Otherwise on the
    /// tents one cluster puts there: each value it can still take keeps the options with that
    /// value. On a large part, half of the branches (or one side of a bridge) are left for
    /// another thread to take if it is idle (rayon's work stealing); every thread shares the
    /// cache.
    fn branch(&mut self, part: Sub, chain: Option<&Chain>) -> BigUint {
        let on_line = self.varying_lines(&part);
        let branches = match self.bridge(&part, &on_line) {
            Some(bridge) => bridge,
            None => self.value_branches(&part, &on_line),
        };
        let shared = self.shared;
        let _held = shared.meter.charge(branches.bytes());
        shared.make_room();
        let n = branches.len();
        if part.clusters.len() >= SPLIT_SIZE && rayon::current_num_threads() > 1 {
            let plan = self.plan;
            if n == 1
                && let Branch::Apart(one, other) = self.make(&part, &branches, 0)
            {
                // Either side may be empty: neither is on the chain until both are counted.
                let (a, b) = rayon::join(
                    || self.count_cached(one, None),
                    || ClusterCounter::new(plan, shared).count_cached(other, None),
                );
                return a * b;
            }
            if n >= 2 {
                let (part, branches) = (&part, &branches);
                // What either half counts is a lower bound alone.
                let (a, b) = rayon::join(
                    || self.count_branches(part, branches, 0..n / 2, chain),
                    || {
                        ClusterCounter::new(plan, shared).count_branches(
                            part,
                            branches,
                            n / 2..n,
                            chain,
                        )
                    },
                );
                return a + b;
            }
        }
        self.count_branches(&part, &branches, 0..n, chain)
    }

    /// Branch `i` of `branches`, branches of `part`.
    fn make(&self, part: &Sub, branches: &Branches, i: usize) -> Branch {
        match branches {
            Branches::Values { pick, slot, values } => {
                let (words, v, masks) = (part.words(*pick), values[i], &self.plan.masks);
                let mut next = part.clone();
                for (k, at) in words.enumerate() {
                    next.alive[at] &= masks.within(*slot, v, v, k);
                }
                next.changed = Changed::Cluster(part.clusters[*pick]);
                Branch::Narrowed(next)
            }
            Branches::Bridge {
                rest,
                largest,
                line,
                need,
                shares,
            } => {
                let (mut rest, mut largest) = (rest.clone(), largest.clone());
                rest.need[*line] = shares[i];
                largest.need[*line] = need - shares[i];
                self.fill_implied(&mut rest.need);
                self.fill_implied(&mut largest.need);
                Branch::Apart(rest, largest)
            }
        }
    }

    /// The sum over branches `range` of `branches` (of `part`) of the product of each branch's
    /// sub-problems' counts.
    fn count_branches(
        &mut self,
        part: &Sub,
        branches: &Branches,
        range: std::ops::Range<usize>,
        chain: Option<&Chain>,
    ) -> BigUint {
        let mut total = BigUint::ZERO;
        for i in range {
            let inner = chain.map(|c| c.after(&total));
            match self.make(part, branches, i) {
                Branch::Narrowed(next) => total += self.count_sub(next, inner.as_ref()),
                Branch::Apart(one, other) => {
                    // The side waiting while the other is counted.
                    let _held = self.shared.meter.charge(other.bytes());
                    let n = self.count_cached(one, None);
                    if n != BigUint::ZERO {
                        let inner = inner.map(|c| c.times(&n));
                        total += &n * self.count_cached(other, inner.as_ref());
                    }
                }
            }
            self.raise(chain, &total);
        }
        total
    }

    /// Raises the count's lower bound for a node of `chain` that has counted `partial`.
    fn raise(&self, chain: Option<&Chain>, partial: &BigUint) {
        if let Some(chain) = chain {
            chain.raise(self.shared.counted, partial);
        }
    }

    /// The count of `sub`, from the cache when it is there (and kept there).
    fn count_cached(&mut self, sub: Sub, chain: Option<&Chain>) -> BigUint {
        let key = self.key(&sub);
        self.cached_or(key, chain, |counter| counter.count_sub(sub, chain))
    }

    /// The count of the sub-problem with this key: from the cache, else by `count`, then kept;
    /// the lower bound raised for it on `chain`.
    fn cached_or(
        &mut self,
        key: Vec<u8>,
        chain: Option<&Chain>,
        count: impl FnOnce(&mut Self) -> BigUint,
    ) -> BigUint {
        let shared = self.shared;
        let cached = shared.cache.lock().expect("cache").get(&key);
        let n = match cached {
            Some(n) => n,
            None => {
                let held = shared.meter.charge(vec_bytes(&key));
                let n = count(self);
                drop(held);
                shared.keep(key, n.clone());
                n
            }
        };
        self.raise(chain, &n);
        n
    }

    /// The branches on the value of one cluster on one line (see `choose`): one per value some
    /// option left has there.
    fn value_branches(&mut self, part: &Sub, on_line: &[(u32, u32)]) -> Branches {
        let (pick, slot) = self.choose(part, on_line);
        let alive = &part.alive[part.words(pick)];
        let masks = &self.plan.masks;
        let (least, most) = masks.bounds(slot, alive);
        let values = (least..=most)
            .filter(|&v| {
                let within = |(i, a): (usize, &u64)| a & masks.within(slot, v, v, i) != 0;
                alive.iter().enumerate().any(within)
            })
            .collect();
        Branches::Values { pick, slot, values }
    }

    /// The branches on a bridge of `part`, if it has one that leaves at least `MIN_BRIDGE_SIDE`
    /// clusters on either side: the line whose removal leaves the smaller side largest. One
    /// side is the largest part left, the other all the rest; each branch gives the rest a
    /// number of tents on the line and the largest part what is left of the need. (`on_line`
    /// from `varying_lines`.)
    fn bridge(&self, part: &Sub, on_line: &[(u32, u32)]) -> Option<Branches> {
        let n = part.clusters.len();
        let groups: Vec<&[(u32, u32)]> = on_line.chunk_by(|a, b| a.0 == b.0).collect();
        let graph = Incidence::new(n, &groups);
        let cut = graph.best_cut(MIN_BRIDGE_SIDE)?;
        let rest = graph.outside_largest_part(cut);
        let line = groups[cut][0].0 as usize;
        let largest: Vec<usize> = (0..n).filter(|i| rest.binary_search(i).is_err()).collect();
        let line_lo = self.line_lo(part);
        let mut rest_side = self.sub_of(part, &rest, &line_lo);
        let mut largest_side = self.sub_of(part, &largest, &line_lo);
        let (lo_rest, hi_rest) = self.line_bounds(part, &rest, line);
        let (lo_largest, hi_largest) = self.line_bounds(part, &largest, line);
        let need = part.need[line];
        rest_side.changed = Changed::Line(line as u32);
        largest_side.changed = Changed::Line(line as u32);
        Some(Branches::Bridge {
            rest: rest_side,
            largest: largest_side,
            line,
            need,
            shares: (lo_rest.max(need - hi_largest)..=hi_rest.min(need - lo_largest)).collect(),
        })
    }

    /// Each row or column where a cluster of `part` still varies, with that cluster's place,
    /// sorted by line (the part's clusters keep the bounds their parent's settle left: later work
    /// only touched other clusters).
    fn varying_lines(&mut self, part: &Sub) -> Vec<(u32, u32)> {
        let mut unsorted = Vec::new();
        for (ci, &c) in part.clusters.iter().enumerate() {
            let lines = self.varying_rows_and_columns_of(c as usize);
            unsorted.extend(lines.map(|(_, l)| (l, ci as u32)));
        }
        let mut on_line = Vec::with_capacity(unsorted.len());
        self.group_by_line(&unsorted, |&(l, _)| l, &mut on_line);
        on_line
    }

    /// The least and most tents the clusters at places `members` of `sub` put on `line`.
    fn line_bounds(&self, sub: &Sub, members: &[usize], line: usize) -> (i32, i32) {
        let (mut lo, mut hi) = (0, 0);
        for &ci in members {
            let c = sub.clusters[ci] as usize;
            if let Some(j) = self.plan.clusters[c]
                .lines
                .iter()
                .position(|&l| l as usize == line)
            {
                lo += self.lo[self.plan.base[c] + j];
                hi += self.hi[self.plan.base[c] + j];
            }
        }
        (lo, hi)
    }

    /// The cluster and slot to branch on (`on_line` from `varying_lines`). The cluster: the one
    /// on the lines closest to being settled (a line where only two clusters still vary is
    /// settled by deciding either), then fewest options. Its slot: the line where fewest clusters
    /// still vary. (Deciding a whole cluster at once made more work; the closeness is divided by
    /// the options to the power 0.8, the fastest of the powers tried.)
    fn choose(&mut self, part: &Sub, on_line: &[(u32, u32)]) -> (usize, usize) {
        for &(l, _) in on_line {
            self.varying[l as usize] += 1;
        }
        let mut best = 0;
        let mut best_score = f64::MIN;
        for (ci, &c) in part.clusters.iter().enumerate() {
            let c = c as usize;
            let mut score = 0.0;
            for (j, &l) in self.plan.clusters[c].lines.iter().enumerate() {
                if self.varies(c, j) && (l as usize) < self.plan.total_line {
                    score += self.plan.closeness[self.varying[l as usize] as usize];
                }
            }
            score *= self.plan.fewness[self.option_total(part, ci) as usize];
            if score > best_score {
                best = ci;
                best_score = score;
            }
        }
        // Options differ on some line, and a cluster left with one option is settled: the
        // chosen one varies on a row or a column.
        let c = part.clusters[best] as usize;
        let slot = self
            .varying_rows_and_columns_of(c)
            .min_by_key(|&(_, l)| self.varying[l as usize])
            .map_or(self.plan.clusters[c].lines.len() - 1, |(j, _)| j);
        for &(l, _) in on_line {
            self.varying[l as usize] = 0;
        }
        (best, self.plan.base[c] + slot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A random cluster on some of `rows` rows and `cols` columns (then the all-grid line):
    /// distinct options of 0 to 2 tents per line, 1 to 3 ways each.
    fn random_cluster(rows: usize, cols: usize, next: &mut impl FnMut(u64) -> u64) -> Cluster {
        let mut lines: Vec<u32> = Vec::new();
        for _ in 0..1 + next(2) {
            lines.push(next(rows as u64) as u32);
        }
        for _ in 0..1 + next(2) {
            lines.push((rows as u64 + next(cols as u64)) as u32);
        }
        lines.sort_unstable();
        lines.dedup();
        let in_rows = lines.iter().filter(|&&l| (l as usize) < rows).count();
        let mut options: Vec<Vec<u8>> = (0..1 + next(7))
            .map(|_| lines.iter().map(|_| next(3) as u8).collect())
            .collect();
        options.sort_unstable();
        options.dedup();
        let mut tents = Vec::new();
        for option in &options {
            tents.extend(option);
            tents.push(option[..in_rows].iter().sum());
        }
        lines.push((rows + cols) as u32);
        let ways = options.iter().map(|_| 1 + next(3)).collect();
        Cluster { lines, tents, ways }
    }

    /// The lines of one random choice of options of `clusters`, then (with `off_by_one`) one
    /// row or column sometimes one more, the all-grid line the rows' sum.
    fn random_target(
        clusters: &[Cluster],
        rows: usize,
        cols: usize,
        off_by_one: bool,
        next: &mut impl FnMut(u64) -> u64,
    ) -> Vec<u32> {
        let mut target = vec![0u32; rows + cols + 1];
        for c in clusters {
            let o = next(c.option_count() as u64) as usize;
            for (&l, &x) in c.lines.iter().zip(c.option(o)) {
                target[l as usize] += x as u32;
            }
        }
        if off_by_one && next(4) == 0 {
            target[next((rows + cols) as u64) as usize] += 1;
        }
        target[rows + cols] = target[..rows].iter().sum();
        target
    }

    /// The count by trying every choice of one option per cluster.
    fn brute_count(clusters: &[Cluster], target: &[u32]) -> BigUint {
        let mut sums = vec![0u32; target.len()];
        brute_from(clusters, target, &mut sums)
    }

    fn brute_from(clusters: &[Cluster], target: &[u32], sums: &mut [u32]) -> BigUint {
        let Some((c, rest)) = clusters.split_first() else {
            return BigUint::from(u32::from(sums == target));
        };
        let mut total = BigUint::ZERO;
        for o in 0..c.option_count() {
            for (&l, &x) in c.lines.iter().zip(c.option(o)) {
                sums[l as usize] += x as u32;
            }
            total += brute_from(rest, target, sums) * c.ways[o];
            for (&l, &x) in c.lines.iter().zip(c.option(o)) {
                sums[l as usize] -= x as u32;
            }
        }
        total
    }

    /// Over `cases` random cases (seeded by `seed`) of `least` to `least + 3` rows and as many
    /// columns, 2 to `most_clusters` clusters, asserts that `count` (given the clusters, the
    /// rows, the target and the random source) agrees with the brute-force count; returns how
    /// many cases have a solution.
    fn agree_with_brute_force(
        seed: u64,
        cases: usize,
        least: usize,
        most_clusters: u64,
        count: impl Fn(&[Cluster], usize, &[u32], &mut dyn FnMut(u64) -> u64) -> BigUint,
    ) -> usize {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut next = move |below: u64| rng.random_range(0..below);
        let mut solvable = 0;
        for _ in 0..cases {
            let (rows, cols) = (least + next(4) as usize, least + next(4) as usize);
            let clusters: Vec<Cluster> = (0..2 + next(most_clusters - 1))
                .map(|_| random_cluster(rows, cols, &mut next))
                .collect();
            let target = random_target(&clusters, rows, cols, true, &mut next);
            let expected = brute_count(&clusters, &target);
            solvable += usize::from(expected != BigUint::ZERO);
            assert_eq!(count(&clusters, rows, &target, &mut next), expected);
        }
        solvable
    }

    #[test]
    fn cluster_counts_agree_with_brute_force_on_random_clusters() {
        let count = |clusters: &[Cluster], rows, target: &[u32], _: &mut dyn FnMut(u64) -> u64| {
            count_on_threads(clusters, rows, target, 1)
        };
        let solvable = agree_with_brute_force(3, 600, 2, 8, count);
        assert!(solvable > 300, "{solvable} solvable");
    }

    #[test]
    fn counts_with_block_lines_agree_with_brute_force() {
        // Four to seven rows and columns: blocks of two, cut where fewest clusters cross; one
        // thread or two.
        let count =
            |clusters: &[Cluster], rows, target: &[u32], next: &mut dyn FnMut(u64) -> u64| {
                count_with_blocks(
                    clusters,
                    rows,
                    target,
                    1 + next(2) as usize,
                    2,
                    &CountOptions::default(),
                )
                .expect("no cap by default")
            };
        let solvable = agree_with_brute_force(7, 300, 4, 7, count);
        assert!(solvable > 150, "{solvable} solvable");
    }

    #[test]
    fn clusters_of_more_than_64_options_are_counted_as_by_brute_force() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut next = move |below: u64| rng.random_range(0..below);
        let (rows, cols) = (3, 3);
        for _ in 0..40 {
            // Every way of putting 0 to 2 tents on each of rows 0-1 and columns 3-4: 81
            // options, two words of them, on lines the small clusters also touch.
            let mut big = Cluster {
                lines: vec![0, 1, 3, 4, 6],
                tents: Vec::new(),
                ways: Vec::new(),
            };
            for code in 0..81u32 {
                let option: Vec<u8> = (0..4).map(|k| (code / 3u32.pow(k) % 3) as u8).collect();
                big.tents.extend(&option);
                big.tents.push(option[0] + option[1]);
                big.ways.push(1 + next(3));
            }
            let mut clusters = vec![big];
            clusters.extend((0..2 + next(3)).map(|_| random_cluster(rows, cols, &mut next)));
            let target = random_target(&clusters, rows, cols, false, &mut next);
            assert_eq!(
                count_on_threads(&clusters, rows, &target, 1),
                brute_count(&clusters, &target)
            );
        }
    }

    /// Reads back what `push_options` wrote for a cluster of `options` options: its words and
    /// the bytes read.
    fn read_options(key: &[u8], options: usize) -> (Vec<u64>, usize) {
        let mut words = vec![0u64; options.div_ceil(64)];
        let raw = |words: &mut Vec<u64>, bytes: &[u8]| {
            for (i, &b) in bytes.iter().enumerate() {
                words[i / 8] |= u64::from(b) << (8 * (i % 8));
            }
        };
        let bytes = options.div_ceil(8);
        if options <= 64 {
            raw(&mut words, &key[..bytes]);
            return (words, bytes);
        }
        let varint = |at: &mut usize| {
            let (mut x, mut shift) = (0u32, 0);
            loop {
                let b = key[*at];
                *at += 1;
                x |= u32::from(b & 0x7f) << shift;
                if b < 0x80 {
                    return x;
                }
                shift += 7;
            }
        };
        let mut at = 1;
        match key[0] {
            RAW => {
                raw(&mut words, &key[1..1 + bytes]);
                return (words, 1 + bytes);
            }
            tag => {
                let n = varint(&mut at);
                let mut listed = vec![0u64; words.len()];
                let mut o = 0;
                for _ in 0..n {
                    o += varint(&mut at) as usize;
                    listed[o / 64] |= 1 << (o % 64);
                }
                if tag == KEPT {
                    words = listed;
                } else {
                    for o in (0..options).filter(|&o| listed[o / 64] >> (o % 64) & 1 == 0) {
                        words[o / 64] |= 1 << (o % 64);
                    }
                }
            }
        }
        (words, at)
    }

    #[test]
    fn keys_give_back_the_options_they_were_made_from_each_set_one_way() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut seen = std::collections::HashMap::new();
        for options in [1usize, 7, 64, 65, 200, 1000, 5000] {
            // Few kept, few dropped, about half: every encoding.
            for percent in [0, 1, 3, 50, 97, 99, 100] {
                for _ in 0..20 {
                    let mut words = vec![0u64; options.div_ceil(64)];
                    for o in 0..options {
                        if rng.random_range(0..100) < percent {
                            words[o / 64] |= 1 << (o % 64);
                        }
                    }
                    let mut key = vec![0xAB];
                    push_options(&mut key, &words, options);
                    let (back, used) = read_options(&key[1..], options);
                    assert_eq!((back, used + 1), (words.clone(), key.len()), "{options}");
                    // One set, one key: a key met again is of the same set.
                    let before = seen.insert((options, key), words.clone());
                    assert!(before.is_none_or(|b| b == words));
                }
            }
        }
        // A large cluster with all its options, or almost none, takes a few bytes.
        let all = vec![u64::MAX; 4571];
        let mut key = Vec::new();
        push_options(&mut key, &all, 4571 * 64);
        assert!(key.len() <= 4, "{}", key.len());
    }

    /// `n` random clusters on `rows` rows and as many columns, and the target of one random
    /// choice of their options.
    fn random_instance(seed: u64, n: usize, rows: usize) -> (Vec<Cluster>, Vec<u32>) {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut next = move |below: u64| rng.random_range(0..below);
        let clusters: Vec<Cluster> = (0..n)
            .map(|_| random_cluster(rows, rows, &mut next))
            .collect();
        let target = random_target(&clusters, rows, rows, false, &mut next);
        (clusters, target)
    }

    /// The count of `clusters` within `memory_bytes` on two threads, stopping at the cap with
    /// `stop`, and what it held at its most.
    fn count_within(
        clusters: &[Cluster],
        rows: usize,
        target: &[u32],
        memory_bytes: usize,
        stop: bool,
    ) -> (Result<BigUint, OverMemory>, Peaks, u64) {
        let opts = CountOptions {
            memory_bytes,
            stop_at_cap: stop,
            ..CountOptions::default()
        };
        let n = count_with_blocks(clusters, rows, target, 2, 4, &opts);
        let counted = opts.counted.load(Ordering::Relaxed);
        (n, LAST_PEAKS.get(), counted)
    }

    /// A count whose cache, unbounded, grows past what a small cap leaves it: under the cap the
    /// cache gives way to the search (together they stay within the metered part of the cap),
    /// evicts, and the count is the same; with no room for a cache at all, still the same.
    #[test]
    fn under_a_small_memory_cap_the_cache_gives_way_and_the_count_is_the_same() {
        let (clusters, target) = random_instance(3, 55, 14);
        let (exact, free, _) = count_within(&clusters, 14, &target, usize::MAX, false);
        let exact = exact.expect("no cap");
        assert!(exact > BigUint::from(1000u32), "{exact}");
        assert!(free.cache > 64 << 10, "{free:?}");
        // Room for what the search holds and a quarter of the cache it would grow.
        let cap = (free.held + free.cache / 4) * 4 / 3;
        let (n, under, _) = count_within(&clusters, 14, &target, cap, false);
        assert_eq!(n, Ok(exact.clone()));
        assert!(
            under.both <= metered(cap),
            "{under:?} within {}",
            metered(cap)
        );
        assert!(under.cache > 0 && under.cache < free.cache / 2, "{under:?}");
        let (n, none, _) = count_within(&clusters, 14, &target, 0, false);
        assert_eq!((n, none.cache), (Ok(exact), 0));
    }

    /// With too little memory for its search, a count that stops at the cap says so, with a
    /// lower bound of the count.
    #[test]
    fn a_count_that_stops_at_the_cap_gives_a_lower_bound() {
        let (clusters, target) = random_instance(3, 55, 14);
        let (exact, _, _) = count_within(&clusters, 14, &target, usize::MAX, false);
        let exact = exact.expect("no cap");
        for cap in [0, 4 << 10, 16 << 10] {
            let (n, _, counted) = count_within(&clusters, 14, &target, cap, true);
            let Err(OverMemory { at_least }) = n else {
                panic!("{cap}: {n:?}");
            };
            assert!(
                at_least <= exact && BigUint::from(counted) <= at_least,
                "{cap}"
            );
        }
    }
}
