//! A small fuzzing harness for the parsers: a seeded mutator over real files, a runner that
//! turns panics and broken properties into failures, keeps every failing input as a regression
//! case, and measures the memory each case holds at its peak.
//!
//! Budget: `GRIDPUZZLES_FUZZ_CASES` cases per suite (a small default keeps `cargo test` quick);
//! `GRIDPUZZLES_FUZZ_SEED` changes the random stream. Regression cases live in
//! `tests/fuzz-regressions/<suite>/` and are replayed before the random cases.

// Each test file uses part of this module.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::Once;
use std::time::{Duration, Instant};

/// Cases per suite when `GRIDPUZZLES_FUZZ_CASES` is not set: enough to catch a regression,
/// few enough for CI.
pub const DEFAULT_CASES: u64 = 250;

/// The most memory one case may hold at its peak, beyond what its input is: the largest grid a
/// reader accepts ([`gridpuzzles::game::MAX_SQUARES`] one-byte squares) read, written and read
/// again, with room to spare. A case above it is a failure, as an unbounded allocation would be.
pub const MEMORY_BOUND: usize = 96 * 1024 * 1024;

/// Memory each case may hold per byte of its input (copies, lines, characters, grids).
pub const MEMORY_PER_INPUT_BYTE: usize = 64;

// ---------------------------------------------------------------------------------------------
// Memory accounting

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

/// The system allocator, counting the bytes each thread holds and its peak (a test binary
/// installs it with `#[global_allocator]`). Per thread, so parallel suites do not mix.
pub struct CountingAlloc;

fn add(n: usize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get().saturating_add(n);
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

fn sub(n: usize) {
    let _ = LIVE.try_with(|live| live.set(live.get().saturating_sub(n)));
}

// SAFETY: every call is forwarded to the system allocator unchanged; only counters are kept.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: same layout, same contract as the caller's.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            add(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        sub(layout.size());
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            add(layout.size());
        }
        p
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            sub(layout.size());
            add(new_size);
        }
        p
    }
}

/// Runs `work` and returns its result with the most memory it held at once beyond what the
/// thread held before.
fn measured<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = work();
    let peak = PEAK.with(Cell::get);
    (out, peak.saturating_sub(base))
}

// ---------------------------------------------------------------------------------------------
// Random numbers and mutations

/// SplitMix64: small, seedable, the same on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A stream from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True once in `n` times.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Numbers that break naive readers: zero, limits, overflows, negative, leading zeros.
const HOSTILE_NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "4",
    "5",
    "9",
    "10",
    "25",
    "26",
    "255",
    "256",
    "4096",
    "4097",
    "65535",
    "65536",
    "16777216",
    "16777217",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "007",
    "+3",
    "1e9",
    "0x10",
    "NaN",
    "",
];

/// Bytes that are not UTF-8 on their own, or not text.
const HOSTILE_BYTES: &[&[u8]] = &[
    b"\xff",
    b"\xfe\xff",
    b"\xc3",
    b"\xe2\x82",
    b"\xed\xa0\x80",
    b"\xf4\x90\x80\x80",
    b"\xc0\xaf",
    b"\x00",
    b"\r",
    b"\r\n",
    b"\t",
    b"\x1b[2J",
    "\u{feff}".as_bytes(),
    "\u{200d}".as_bytes(),
    "🌲".as_bytes(),
    "é".as_bytes(),
    b"\x7f",
];

/// Applies one to four mutations to a copy of `seed`; `other` is a second seed to splice from.
pub fn mutate(rng: &mut Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut data = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        mutate_once(rng, &mut data, other);
    }
    data
}

/// A random input with no seed at all: bytes, or text from an alphabet the parsers care about.
pub fn random_input(rng: &mut Rng) -> Vec<u8> {
    let longest = if rng.one_in(20) { 5000 } else { 80 };
    let len = rng.below(longest);
    if rng.one_in(2) {
        (0..len).map(|_| rng.next_u64() as u8).collect()
    } else {
        let alphabet = b"0123456789 x*-\n\r\t#:,_!abBewz.=[]\"{}'";
        (0..len).map(|_| *rng.pick(alphabet)).collect()
    }
}

fn mutate_once(rng: &mut Rng, data: &mut Vec<u8>, other: &[u8]) {
    let len = data.len();
    let at = |rng: &mut Rng| rng.below(len + 1);
    match rng.below(16) {
        // Byte and bit flips.
        0 if len > 0 => {
            let i = rng.below(len);
            data[i] = rng.next_u64() as u8;
        }
        1 if len > 0 => {
            let i = rng.below(len);
            data[i] ^= 1 << rng.below(8);
        }
        // Truncation.
        2 => data.truncate(at(rng)),
        // Delete a range.
        3 if len > 0 => {
            let a = rng.below(len);
            let b = (a + 1 + rng.below(16)).min(len);
            data.drain(a..b);
        }
        // Duplicate a range.
        4 if len > 0 => {
            let a = rng.below(len);
            let b = (a + 1 + rng.below(64)).min(len);
            let copy = data[a..b].to_vec();
            let i = at(rng);
            data.splice(i..i, copy);
        }
        // A number replaced by a hostile one.
        5 | 6 => replace_number(rng, data),
        // Hostile bytes: non-UTF-8, NUL, CR, BOM, wide characters.
        7 => {
            let i = at(rng);
            let bytes = rng.pick(HOSTILE_BYTES).to_vec();
            data.splice(i..i, bytes);
        }
        // CRLF line ends everywhere, or none at the end.
        8 => {
            if rng.one_in(2) {
                *data = crlf(data);
            } else {
                while data.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                    data.pop();
                }
            }
        }
        // A byte-order mark in front.
        9 => {
            data.splice(0..0, "\u{feff}".bytes());
        }
        // A very long line: one of the input's bytes (or a digit) repeated.
        10 => {
            let byte = if len > 0 && rng.one_in(2) {
                data[rng.below(len)]
            } else {
                *rng.pick(b"0123456789 x-a")
            };
            let n = *rng.pick(&[100, 1_000, 10_000, 100_000]);
            let i = at(rng);
            data.splice(i..i, std::iter::repeat_n(byte, n));
        }
        // Whole lines swapped, duplicated or dropped.
        11 => shuffle_lines(rng, data),
        // Splice in part of another seed.
        12 if !other.is_empty() => {
            let a = rng.below(other.len());
            let b = (a + 1 + rng.below(256)).min(other.len());
            let i = at(rng);
            let j = (i + rng.below(64)).min(len);
            data.splice(i..j, other[a..b].iter().copied());
        }
        // Random bytes inserted.
        13 => {
            let i = at(rng);
            let n = 1 + rng.below(8);
            let bytes: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
            data.splice(i..i, bytes);
        }
        // A single ASCII character replaced by a structural one.
        14 if len > 0 => {
            let i = rng.below(len);
            data[i] = *rng.pick(b" \n-x*#:,=[]{}\"0123456789abzBw");
        }
        // Lots of lines.
        15 => {
            let n = *rng.pick(&[10, 1_000, 50_000]);
            let i = at(rng);
            data.splice(i..i, std::iter::repeat_n(b'\n', n));
        }
        _ => {}
    }
}

/// Replaces a run of ASCII digits (or inserts a number) with a hostile number.
fn replace_number(rng: &mut Rng, data: &mut Vec<u8>) {
    let starts: Vec<usize> = (0..data.len())
        .filter(|&i| data[i].is_ascii_digit() && (i == 0 || !data[i - 1].is_ascii_digit()))
        .collect();
    let number = rng.pick(HOSTILE_NUMBERS).as_bytes().to_vec();
    if starts.is_empty() {
        let i = rng.below(data.len() + 1);
        data.splice(i..i, number);
        return;
    }
    let start = *rng.pick(&starts);
    let end = (start..data.len())
        .find(|&i| !data[i].is_ascii_digit())
        .unwrap_or(data.len());
    data.splice(start..end, number);
}

/// `\n` made `\r\n` (existing `\r\n` left as is).
fn crlf(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + data.len() / 8);
    for (i, &b) in data.iter().enumerate() {
        if b == b'\n' && (i == 0 || data[i - 1] != b'\r') {
            out.push(b'\r');
        }
        out.push(b);
    }
    out
}

fn shuffle_lines(rng: &mut Rng, data: &mut Vec<u8>) {
    let mut lines: Vec<Vec<u8>> = data.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let n = lines.len();
    match rng.below(3) {
        0 => lines.swap(rng.below(n), rng.below(n)),
        1 => {
            let line = lines[rng.below(n)].clone();
            lines.insert(rng.below(n + 1), line);
        }
        _ => {
            lines.remove(rng.below(n));
        }
    }
    *data = lines.join(&b'\n');
}

// ---------------------------------------------------------------------------------------------
// The runner

/// What one suite did.
#[derive(Debug, Default)]
pub struct Report {
    /// Regression cases replayed.
    pub regressions: usize,
    /// Random cases run.
    pub cases: u64,
    /// Cases the parser accepted.
    pub accepted: u64,
    /// The slowest case.
    pub slowest: Duration,
    /// The most memory a case held at once.
    pub peak_memory: usize,
}

/// Whether a case was accepted or refused (both are fine; a panic or a broken property is not).
pub type Verdict = Result<bool, String>;

/// The number of random cases per suite (`GRIDPUZZLES_FUZZ_CASES`, else [`DEFAULT_CASES`]).
pub fn budget() -> u64 {
    std::env::var("GRIDPUZZLES_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

/// The seed of the random stream (`GRIDPUZZLES_FUZZ_SEED`, else a fixed one).
pub fn stream_seed() -> u64 {
    std::env::var("GRIDPUZZLES_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x5eed_2026)
}

/// Where suite `name`'s failing inputs are kept.
pub fn regression_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz-regressions")
        .join(name)
}

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Silences the panic message of cases (they are reported with their input instead); other
/// threads' panics print as usual.
fn install_quiet_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
}

/// Runs `check` on one input: its verdict, with a panic turned into a broken property, and
/// memory beyond the bound counted as one too.
fn run_case(check: &impl Fn(&[u8]) -> Verdict, input: &[u8]) -> (Verdict, usize) {
    QUIET.with(|q| q.set(true));
    let (outcome, peak) =
        measured(|| std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(input))));
    QUIET.with(|q| q.set(false));
    let verdict = match outcome {
        Ok(verdict) => verdict,
        Err(payload) => Err(format!("panicked: {}", panic_text(payload.as_ref()))),
    };
    let bound = MEMORY_BOUND.saturating_add(input.len().saturating_mul(MEMORY_PER_INPUT_BYTE));
    let verdict = match verdict {
        Ok(_) if peak > bound => Err(format!(
            "held {peak} bytes at once, above the bound of {bound}"
        )),
        v => v,
    };
    (verdict, peak)
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without text".to_string())
}

/// Keeps a failing input in the suite's regression folder; returns where.
fn keep(name: &str, input: &[u8]) -> PathBuf {
    let dir = regression_dir(name);
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!(
        "{:016x}.bin",
        gridpuzzles::progress::paths::fnv1a64(input)
    ));
    let _ = std::fs::write(&path, input);
    path
}

/// Runs one input as a case would be run (panics caught, memory bounded); its verdict.
pub fn check_one(input: &[u8], check: impl Fn(&[u8]) -> Verdict) -> Verdict {
    install_quiet_hook();
    run_case(&check, input).0
}

/// Every regression input of suite `name`.
fn regressions(name: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(regression_dir(name)) else {
        return Vec::new();
    };
    let mut cases: Vec<(PathBuf, Vec<u8>)> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter_map(|p| std::fs::read(&p).ok().map(|bytes| (p, bytes)))
        .collect();
    cases.sort();
    cases
}

/// Replays suite `name`'s regression inputs, then runs [`budget`] random cases made from
/// `seeds` (mutated, or random from scratch one time in ten) through `check`. Panics at the
/// first failure, after keeping its input as a regression case.
pub fn fuzz(name: &str, seeds: &[Vec<u8>], check: impl Fn(&[u8]) -> Verdict) -> Report {
    install_quiet_hook();
    assert!(!seeds.is_empty(), "suite {name} has no seed inputs");
    let mut report = Report::default();
    let run = |input: &[u8], report: &mut Report| -> Result<(), String> {
        let start = Instant::now();
        let (verdict, peak) = run_case(&check, input);
        report.slowest = report.slowest.max(start.elapsed());
        report.peak_memory = report.peak_memory.max(peak);
        match verdict {
            Ok(accepted) => {
                report.accepted += u64::from(accepted);
                Ok(())
            }
            Err(why) => Err(why),
        }
    };
    for (path, input) in regressions(name) {
        if let Err(why) = run(&input, &mut report) {
            panic!("{name}: regression case {} fails: {why}", path.display());
        }
        report.regressions += 1;
    }
    let mut rng = Rng::new(stream_seed() ^ gridpuzzles::progress::paths::fnv1a64(name.as_bytes()));
    for case in 0..budget() {
        let input = if rng.one_in(10) {
            random_input(&mut rng)
        } else {
            let seed = rng.pick(seeds);
            let other = rng.pick(seeds);
            mutate(&mut rng, seed, other)
        };
        if let Err(why) = run(&input, &mut report) {
            let kept = keep(name, &input);
            panic!(
                "{name}: case {case} fails: {why}\ninput kept as {}:\n{:?}",
                kept.display(),
                String::from_utf8_lossy(&input[..input.len().min(2000)])
            );
        }
        report.cases += 1;
    }
    eprintln!(
        "fuzz {name}: {} regression cases, {} random cases ({} accepted), slowest {:?}, \
         peak memory {} KiB",
        report.regressions,
        report.cases,
        report.accepted,
        report.slowest,
        report.peak_memory / 1024
    );
    report
}

/// The files of `dir` (relative to the repository) whose name ends with `suffix`, read.
pub fn files(dir: &str, suffix: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_reproducible_and_mutations_change_things() {
        let seed = b"3 3 0\n- -\n1 b\n* w\n".to_vec();
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let changed = (0..200)
            .filter(|_| {
                let x = mutate(&mut a, &seed, b"other");
                assert_eq!(x, mutate(&mut b, &seed, b"other"));
                x != seed
            })
            .count();
        assert!(
            changed > 150,
            "only {changed} of 200 mutations changed the seed"
        );
        assert_eq!(crlf(b"a\nb\r\n"), b"a\r\nb\r\n");
    }
}
