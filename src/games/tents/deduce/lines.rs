//! Line enumeration: which values every placement of a line's tents (no two side by side)
//! agrees on, counted with bitsets of reachable tent counts instead of listing placements.
//!
//! (Kept apart from the solvers' line reasoning: hints name the rule a player would use, and
//! the generator grades puzzles by those rules.)

use std::collections::HashMap;
use std::ops::{BitAnd, BitOr, Shl, Shr};
use std::sync::Arc;

use super::Geometry;
use super::board::{Board, EMPTY, GRASS, TENT};
use super::catalogue::{LINE_ENUMERATION, NO_LINE_PLACEMENT};
use super::step::{Contradiction, Sets, Step, Why};
use crate::games::tents::runs::runs_capacity;

/// The square may hold a tent.
pub(super) const CAN_TENT: u8 = 1;
/// The square may be grass.
pub(super) const CAN_GRASS: u8 = 2;

/// Most tents a line can be asked for: counts live in the bits of a `u128`.
const MAX_NEED: usize = 126;

/// Sets of tent counts as bits (bit `i`: `i` tents): `u64` for a line asked fewer than 64
/// tents, which is every line up to 127 squares, else `u128` (generation spends much of its
/// time counting, and the narrower word is the faster).
trait Counts:
    Copy
    + Default
    + PartialEq
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Bits in all.
    const BITS: u32;
    /// Just 0 tents.
    const ZERO_TENTS: Self;
    /// Every count.
    const ALL: Self;
    /// The bits in reverse order.
    fn reversed(self) -> Self;
}

/// `Counts` for unsigned words.
macro_rules! counts_in {
    ($($word:ty),*) => {$(
        impl Counts for $word {
            const BITS: u32 = <$word>::BITS;
            const ZERO_TENTS: Self = 1;
            const ALL: Self = <$word>::MAX;
            fn reversed(self) -> Self {
                self.reverse_bits()
            }
        }
    )*};
}

counts_in!(u64, u128);

/// Whether some `a` in `x` and `b` in `y` add up to `sum`.
#[inline]
fn has_sum<W: Counts>(x: W, y: W, sum: usize) -> bool {
    let top = W::BITS as usize - 1;
    sum <= top && x & (y.reversed() >> (top - sum) as u32) != W::default()
}

/// Whether `x` holds `count`.
#[inline]
fn holds<W: Counts>(x: W, count: usize) -> bool {
    count < W::BITS as usize && (x >> count as u32) & W::ZERO_TENTS != W::default()
}

/// How a linear view pins its first square, to split a wrapped line with no grass.
#[derive(Clone, Copy)]
enum Pin {
    Free,
    FirstGrass,
    FirstTent,
}

/// Placements of a line read left to right (no wrap): reachable tent counts of every prefix
/// and suffix, split by whether the boundary square holds a tent.
#[derive(Default)]
struct Linear<W> {
    allowed: Vec<u8>,
    need: usize,
    /// `fwd[i]`: counts over squares `0..i`, as (last square grass, last square tent).
    fwd: Vec<(W, W)>,
    /// `bwd[i]`: counts over squares `i..`, as (first square grass, first square tent).
    bwd: Vec<(W, W)>,
}

impl<W: Counts> Linear<W> {
    /// Reads `src` rotated to start at `start`, pins it, and counts.
    fn build(&mut self, src: &[u8], start: usize, pin: Pin, need: usize) {
        let n = src.len();
        self.allowed.clear();
        self.allowed.extend_from_slice(&src[start..]);
        self.allowed.extend_from_slice(&src[..start]);
        match pin {
            Pin::Free => {}
            Pin::FirstGrass => self.allowed[0] &= CAN_GRASS,
            Pin::FirstTent => {
                self.allowed[0] &= CAN_TENT;
                self.allowed[1] &= CAN_GRASS;
                self.allowed[n - 1] &= CAN_GRASS;
            }
        }
        self.need = need;
        self.count();
    }

    fn count(&mut self) {
        let n = self.allowed.len();
        let top = W::BITS as usize - 1;
        // Counts 0 to `need`.
        let mask = W::ALL >> top.saturating_sub(self.need) as u32;
        let none = W::default();
        let step = |a: u8, (g, t): (W, W)| {
            let ng = if a & CAN_GRASS != 0 { g | t } else { none };
            let nt = if a & CAN_TENT != 0 {
                (g << 1) & mask
            } else {
                none
            };
            (ng, nt)
        };
        self.fwd.clear();
        self.fwd.push((W::ZERO_TENTS, none));
        for i in 0..n {
            let next = step(self.allowed[i], self.fwd[i]);
            self.fwd.push(next);
        }
        self.bwd.clear();
        self.bwd.resize(n + 1, (none, none));
        self.bwd[n] = (W::ZERO_TENTS, none);
        for i in (0..n).rev() {
            self.bwd[i] = step(self.allowed[i], self.bwd[i + 1]);
        }
    }

    fn feasible(&self) -> bool {
        let (g, t) = self.bwd[0];
        holds(g | t, self.need)
    }

    /// The values square `i` takes over all placements.
    fn possible(&self, i: usize) -> u8 {
        let (pg, pt) = self.fwd[i];
        let (sg, st) = self.bwd[i + 1];
        let mut m = 0;
        if self.allowed[i] & CAN_TENT != 0 && self.need >= 1 && has_sum(pg, sg, self.need - 1) {
            m |= CAN_TENT;
        }
        if self.allowed[i] & CAN_GRASS != 0 && has_sum(pg | pt, sg | st, self.need) {
            m |= CAN_GRASS;
        }
        m
    }

    /// Whether some placement leaves squares `a..=b` without tents.
    fn avoids_range(&self, a: usize, b: usize) -> bool {
        if self.allowed[a..=b].iter().any(|&x| x & CAN_GRASS == 0) {
            return false;
        }
        let (pg, pt) = self.fwd[a];
        let (sg, st) = self.bwd[b + 1];
        has_sum(pg | pt, sg | st, self.need)
    }

    /// Whether some placement leaves the given (distinct) squares without tents.
    fn avoids(&self, squares: &[usize]) -> bool {
        let lo = squares.iter().copied().min().unwrap_or(0);
        let hi = squares.iter().copied().max().unwrap_or(0);
        if hi - lo + 1 == squares.len() {
            return self.avoids_range(lo, hi);
        }
        let mut other = Linear::<W> {
            allowed: self.allowed.clone(),
            need: self.need,
            ..Linear::default()
        };
        for &k in squares {
            other.allowed[k] &= !CAN_TENT;
        }
        other.count();
        other.feasible()
    }
}

/// Every placement of a line, wrapping or not, counted in words of the size its count needs.
#[derive(Default)]
pub(super) struct LineFit {
    narrow: FitOf<u64>,
    wide: FitOf<u128>,
    /// Whether the last line fitted needed `u128` counts.
    is_wide: bool,
}

impl LineFit {
    /// Counts the placements of `need` tents on squares with the given allowed values.
    pub(super) fn fit(&mut self, allowed: &[u8], wrap: bool, need: usize) {
        self.is_wide = need >= u64::BITS as usize;
        if self.is_wide {
            self.wide.fit(allowed, wrap, need);
        } else {
            self.narrow.fit(allowed, wrap, need);
        }
    }

    /// Whether the line has any placement.
    pub(super) fn feasible(&self) -> bool {
        if self.is_wide {
            self.wide.feasible()
        } else {
            self.narrow.feasible()
        }
    }

    /// The values line square `k` takes over all placements (0 when there are none).
    pub(super) fn possible(&self, k: usize) -> u8 {
        if self.is_wide {
            self.wide.possible(k)
        } else {
            self.narrow.possible(k)
        }
    }

    /// Whether some placement puts no tent on any of the given distinct line squares.
    pub(super) fn avoids(&self, squares: &[usize]) -> bool {
        if self.is_wide {
            self.wide.avoids(squares)
        } else {
            self.narrow.avoids(squares)
        }
    }
}

/// Every placement of a line, wrapping or not: one or two linear views, each rotated so that
/// it starts at a square that cannot hold a tent (then the wrap-around adjacency is moot).
#[derive(Default)]
struct FitOf<W> {
    len: usize,
    /// Linear views; view square `j` is line square `(starts[v] + j) % len`.
    views: [Linear<W>; 2],
    starts: [usize; 2],
    /// Which views have a placement.
    live: [bool; 2],
}

impl<W: Counts> FitOf<W> {
    /// Counts the placements of `need` tents on squares with the given allowed values.
    fn fit(&mut self, allowed: &[u8], wrap: bool, need: usize) {
        let len = allowed.len();
        self.len = len;
        self.live = [false; 2];
        if !wrap || len < 3 {
            // Two squares on a torus touch once either way round: the linear view says it all.
            self.views[0].build(allowed, 0, Pin::Free, need);
            self.starts[0] = 0;
            self.live[0] = self.views[0].feasible();
        } else if let Some(g) = allowed.iter().position(|&a| a & CAN_TENT == 0) {
            self.views[0].build(allowed, g, Pin::Free, need);
            self.starts[0] = g;
            self.live[0] = self.views[0].feasible();
        } else {
            for (v, pin) in [Pin::FirstGrass, Pin::FirstTent].into_iter().enumerate() {
                self.views[v].build(allowed, 0, pin, need);
                self.starts[v] = 0;
                self.live[v] = self.views[v].feasible();
            }
        }
    }

    /// Whether the line has any placement.
    fn feasible(&self) -> bool {
        self.live[0] || self.live[1]
    }

    fn live_views(&self) -> impl Iterator<Item = (&Linear<W>, usize)> {
        (0..2)
            .filter(|&v| self.live[v])
            .map(|v| (&self.views[v], self.starts[v]))
    }

    /// The values line square `k` takes over all placements (0 when there are none).
    fn possible(&self, k: usize) -> u8 {
        self.live_views().fold(0, |m, (v, start)| {
            m | v.possible((k + self.len - start) % self.len)
        })
    }

    /// Whether some placement puts no tent on any of the given distinct line squares.
    fn avoids(&self, squares: &[usize]) -> bool {
        self.live_views().any(|(v, start)| {
            let mut mapped = [0usize; 8];
            let n = squares.len().min(8);
            for (m, &k) in mapped.iter_mut().zip(squares) {
                *m = (k + self.len - start) % self.len;
            }
            v.avoids(&mapped[..n])
        })
    }
}

/// Reusable buffers for line enumeration.
#[derive(Default)]
pub(super) struct LineScratch {
    fit: LineFit,
    allowed: Vec<u8>,
    possible: Vec<u8>,
    outside: Vec<u32>,
    memo: LineMemo,
}

/// What line enumeration concluded on lines as they stood, by what it reads (see [`LineKey`]):
/// the generator asks it about the same lines in the same states again and again, from one
/// candidate puzzle to the next.
#[derive(Default)]
struct LineMemo {
    /// The geometry the conclusions were reached on (kept, so that it is never another one at
    /// the same address).
    geo: Option<Arc<Geometry>>,
    /// The squares set, per line state (none: nothing new).
    found: HashMap<LineKey, Sets, foldhash::fast::FixedState>,
    /// Answers given from `found`, for the tests.
    #[cfg(test)]
    answers: usize,
}

/// Conclusions kept at most, before the memo starts again (a larger memo answered a little
/// more often but was no faster, and took more memory: `docs/tents-solver.md`).
const MEMO_CAP: usize = 1 << 14;

/// All that the enumeration of a line of at most 128 squares reads on a given geometry: the
/// line, its count, its tents and empty squares, and the empty squares of the lines beside it
/// (the only squares off the line that a square of it touches).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct LineKey {
    line: u32,
    need: u32,
    bits: [u128; 4],
}

impl LineMemo {
    /// The key of `line` on `b`.
    fn key(b: &Board, line: usize, need: usize) -> LineKey {
        let lay = b.layout;
        let (first, n) = if line < lay.rows {
            (0, lay.rows)
        } else {
            (lay.rows, lay.cols)
        };
        let i = line - first;
        let wrap = lay.topology.wrapping;
        let beside = |j: Option<usize>| j.map_or(0, |j| b.line_bits[first + j].empty);
        let before = if i > 0 {
            Some(i - 1)
        } else {
            wrap.then(|| n - 1)
        };
        let after = if i + 1 < n {
            Some(i + 1)
        } else {
            wrap.then_some(0)
        };
        let own = b.line_bits[line];
        LineKey {
            line: line as u32,
            need: need as u32,
            bits: [own.tents, own.empty, beside(before), beside(after)],
        }
    }

    /// Readies the memo for `geo`.
    fn on(&mut self, geo: &Arc<Geometry>) {
        if !self.geo.as_ref().is_some_and(|g| Arc::ptr_eq(g, geo)) {
            self.geo = Some(Arc::clone(geo));
            self.found.clear();
        }
        if self.found.len() >= MEMO_CAP {
            self.found.clear();
        }
    }
}

#[cfg(test)]
impl LineScratch {
    /// Enumerations answered from what was kept (see `LineMemo`).
    pub(super) fn kept_answers(&self) -> usize {
        self.memo.answers
    }
}

/// The allowed values of each square of a line on the board.
fn allowed_values(b: &Board, line: usize, out: &mut Vec<u8>) {
    out.clear();
    out.extend(b.layout.line_cells(line).map(|c| match b.at(c) {
        EMPTY => CAN_TENT | CAN_GRASS,
        TENT => CAN_TENT,
        _ => CAN_GRASS,
    }));
}

/// No placement: the line cannot hold its tents with no two side by side.
pub(super) fn no_placement(b: &Board, line: usize) -> Option<Contradiction> {
    let need = b.layout.counts[line] as usize;
    if need > MAX_NEED {
        return None;
    }
    let mut s = LineScratch::default();
    allowed_values(b, line, &mut s.allowed);
    s.fit.fit(&s.allowed, b.layout.topology.wrapping, need);
    (!s.fit.feasible()).then(|| no_placement_contradiction(b, line))
}

fn no_placement_contradiction(b: &Board, line: usize) -> Contradiction {
    let lay = b.layout;
    Contradiction::line(
        &NO_LINE_PLACEMENT,
        lay,
        line,
        format!(
            "{} cannot hold its {} with no two side by side",
            lay.line_name(line),
            super::board::plural(lay.counts[line] as usize, "tent")
        ),
    )
}

/// Most tents the allowed values admit with no two side by side (wrapping when asked), or
/// `None` when even the fixed tents touch.
fn max_tents(allowed: &[u8], wrap: bool) -> Option<usize> {
    // Best counts over a prefix ending in grass / in a tent; `None` = impossible.
    let run = |cells: &mut dyn Iterator<Item = u8>| -> Option<usize> {
        let (mut g, mut t): (Option<usize>, Option<usize>) = (Some(0), None);
        for a in cells {
            let ng = if a & CAN_GRASS != 0 { g.max(t) } else { None };
            let nt = if a & CAN_TENT != 0 {
                g.map(|x| x + 1)
            } else {
                None
            };
            (g, t) = (ng, nt);
        }
        g.max(t)
    };
    let n = allowed.len();
    if !wrap || n < 3 {
        return run(&mut allowed.iter().copied());
    }
    if let Some(start) = allowed.iter().position(|&a| a & CAN_TENT == 0) {
        return run(&mut (0..n).map(|j| allowed[(start + j) % n]));
    }
    let first_grass = run(&mut (0..n).map(|j| {
        if j == 0 {
            allowed[0] & CAN_GRASS
        } else {
            allowed[j]
        }
    }));
    let first_tent = run(&mut (0..n).map(|j| match j {
        0 => allowed[0] & CAN_TENT,
        1 => allowed[1] & CAN_GRASS,
        _ if j == n - 1 => allowed[j] & CAN_GRASS,
        _ => allowed[j],
    }));
    first_grass.max(first_tent)
}

/// The fixed tents and the open squares of a line as bits (at most 128 squares).
fn bits_of(allowed: &[u8]) -> (u128, u128) {
    let (mut fixed, mut open) = (0u128, 0u128);
    for (k, &a) in allowed.iter().enumerate().take(128) {
        fixed |= u128::from(a == CAN_TENT) << k;
        open |= u128::from(a == CAN_TENT | CAN_GRASS) << k;
    }
    (fixed, open)
}

/// Whether the line enumeration surely finds nothing: the line has room for at least three
/// more tents than it needs beyond its fixed ones (one more tent at any empty square, or
/// none in any window of up to three squares, then still fits) and no empty square sits
/// beside a fixed tent.
#[cfg(test)]
fn surely_loose(allowed: &[u8], wrap: bool, need: usize) -> bool {
    if !wrap && allowed.len() <= 128 {
        return surely_loose_straight(allowed, need);
    }
    surely_loose_scanned(allowed, wrap, need)
}

/// `surely_loose` on a line that does not wrap and has at most 128 squares.
#[cfg(test)]
fn surely_loose_straight(allowed: &[u8], need: usize) -> bool {
    let (fixed, open) = bits_of(allowed);
    surely_loose_bits(fixed, open, need)
}

/// `surely_loose` on a line that does not wrap and has at most 128 squares, from its fixed
/// tents and its open squares as bits (the board keeps them, see `LineBits`): the enumeration
/// runs this on every changed line, and most lines are loose, so this is the check's common
/// path.
fn surely_loose_bits(fixed: u128, open: u128, need: usize) -> bool {
    let placed = fixed.count_ones() as usize;
    // Fixed tents side by side, or an open square beside one: not surely loose.
    if need <= placed || fixed & (fixed << 1) != 0 || open & (fixed << 1 | fixed >> 1) != 0 {
        return false;
    }
    // The open squares are then apart from the fixed tents: each run of them holds half its
    // length, rounded up, taking its squares first, third, … from the low end.
    need + 3 <= placed + runs_capacity(open)
}

/// `surely_loose` on a line of `n` squares (3 to 128) that wraps round, from its fixed tents
/// and open squares as bits: as [`surely_loose_bits`], with square `n - 1` beside square 0.
fn surely_loose_ring(fixed: u128, open: u128, n: usize, need: usize) -> bool {
    let n = n as u32;
    let mask = u128::MAX >> (128 - n);
    let up = |x: u128| (x << 1 | x >> (n - 1)) & mask;
    let down = |x: u128| (x >> 1 | x << (n - 1)) & mask;
    let placed = fixed.count_ones() as usize;
    if need <= placed || fixed & up(fixed) != 0 || open & (up(fixed) | down(fixed)) != 0 {
        return false;
    }
    let capacity = if open == mask {
        n as usize / 2
    } else {
        // Turned so that a square that is not open comes last, no run goes round the end.
        let k = ((!open & mask).trailing_zeros() + 1) % n;
        let turned = if k == 0 {
            open
        } else {
            (open >> k | open << (n - k)) & mask
        };
        runs_capacity(turned)
    };
    need + 3 <= placed + capacity
}

/// `surely_loose` by scanning the squares, for any line.
fn surely_loose_scanned(allowed: &[u8], wrap: bool, need: usize) -> bool {
    let n = allowed.len();
    let fixed = allowed.iter().filter(|&&a| a == CAN_TENT).count();
    if need <= fixed {
        return false;
    }
    let beside_tent = (0..n).any(|k| {
        allowed[k] == CAN_TENT | CAN_GRASS
            && [k.checked_sub(1), (k + 1 < n).then_some(k + 1)]
                .into_iter()
                .flatten()
                .chain((wrap && n > 2 && (k == 0 || k == n - 1)).then_some(n - 1 - k))
                .any(|j| allowed[j] == CAN_TENT)
    });
    !beside_tent && max_tents(allowed, wrap).is_some_and(|cap| need + 3 <= cap)
}

/// What a line's enumeration concludes.
pub(super) enum LineOutcome {
    /// Nothing new.
    Nothing,
    /// Squares decided.
    Step(Step),
    /// The line has no placement.
    Contradiction(Contradiction),
}

/// Line enumeration on one line: squares of the line with one possible value, and empty
/// squares next to the line that every placement touches (unless a forced tent of the line
/// touches it: surround-tent says that more simply).
pub(super) fn enumerate(b: &Board, line: usize, s: &mut LineScratch) -> LineOutcome {
    let lay = b.layout;
    let need = lay.counts[line] as usize;
    if b.line_empty[line] == 0 || need > MAX_NEED {
        return LineOutcome::Nothing;
    }
    let wrap = lay.topology.wrapping;
    let len = lay.line_len(line);
    if len <= 128 && (!wrap || len >= 3) {
        let bits = b.line_bits[line];
        if cfg!(debug_assertions) {
            allowed_values(b, line, &mut s.allowed);
            debug_assert_eq!(bits_of(&s.allowed), (bits.tents, bits.empty), "line {line}");
        }
        let loose = if wrap {
            surely_loose_ring(bits.tents, bits.empty, len, need)
        } else {
            surely_loose_bits(bits.tents, bits.empty, need)
        };
        if loose {
            return LineOutcome::Nothing;
        }
        s.memo.on(&lay.geo);
        let key = LineMemo::key(b, line, need);
        if let Some(sets) = s.memo.found.get(&key) {
            #[cfg(test)]
            {
                s.memo.answers += 1;
            }
            return step_of(line, sets.clone());
        }
        allowed_values(b, line, &mut s.allowed);
        let outcome = enumerate_allowed(b, line, need, s);
        match &outcome {
            LineOutcome::Nothing => s.memo.found.insert(key, Sets::new()),
            LineOutcome::Step(step) => s.memo.found.insert(key, step.sets.clone()),
            LineOutcome::Contradiction(_) => None,
        };
        return outcome;
    }
    allowed_values(b, line, &mut s.allowed);
    if surely_loose_scanned(&s.allowed, wrap, need) {
        return LineOutcome::Nothing;
    }
    enumerate_allowed(b, line, need, s)
}

/// The step (or nothing) of line enumeration with these squares set on `line`.
fn step_of(line: usize, sets: Sets) -> LineOutcome {
    if sets.is_empty() {
        LineOutcome::Nothing
    } else {
        LineOutcome::Step(Step {
            rule: &LINE_ENUMERATION,
            sets,
            why: Why::LineEnumeration { line },
        })
    }
}

/// [`enumerate`] past the quick checks, with the line's allowed values in `s.allowed`.
fn enumerate_allowed(b: &Board, line: usize, need: usize, s: &mut LineScratch) -> LineOutcome {
    let lay = b.layout;
    let wrap = lay.topology.wrapping;
    let len = lay.line_len(line);
    s.fit.fit(&s.allowed, wrap, need);
    if !s.fit.feasible() {
        return LineOutcome::Contradiction(no_placement_contradiction(b, line));
    }
    s.possible.clear();
    // A decided square keeps its value in every placement (there is one).
    s.possible.extend((0..len).map(|k| {
        if s.allowed[k] == CAN_TENT | CAN_GRASS {
            s.fit.possible(k)
        } else {
            s.allowed[k]
        }
    }));
    let mut sets = Sets::new();
    for (k, &m) in s.possible.iter().enumerate() {
        if s.allowed[k] == CAN_TENT | CAN_GRASS && m != s.allowed[k] {
            let c = lay.line_cell(line, k);
            sets.push((c, if m == CAN_TENT { TENT } else { GRASS }));
        }
    }
    // Squares beside the line that some undecided square of the line touches, sorted and
    // deduplicated (no grid-sized array of marks per engine, which the generator makes by the
    // hundred thousand for a few lines each).
    s.outside.clear();
    for k in 0..len {
        if s.possible[k] != CAN_TENT | CAN_GRASS {
            continue;
        }
        for &q in lay.touch(lay.line_cell(line, k) as usize) {
            if b.is_empty(q) && !lay.line_holds(line, q) {
                s.outside.push(q);
            }
        }
    }
    s.outside.sort_unstable();
    s.outside.dedup();
    for &q in &s.outside {
        let mut window = [0usize; 8];
        let mut n = 0;
        let mut forced_tent = false;
        for &r in lay.touch(q as usize) {
            if lay.line_holds(line, r) {
                let k = lay.pos_in_line(line, r);
                forced_tent |= s.possible[k] == CAN_TENT;
                window[n] = k;
                n += 1;
            }
        }
        if !forced_tent && !s.fit.avoids(&window[..n]) {
            sets.push((q, GRASS));
        }
    }
    step_of(line, sets)
}

#[cfg(test)]
mod tests {
    use super::*;

    const E: u8 = CAN_TENT | CAN_GRASS;
    const G: u8 = CAN_GRASS;
    const T: u8 = CAN_TENT;

    /// Every placement by brute force: (feasible, possible values per square).
    fn brute(allowed: &[u8], wrap: bool, need: usize) -> (bool, Vec<u8>) {
        let n = allowed.len();
        let mut possible = vec![0u8; n];
        let mut any = false;
        for bits in 0u32..(1 << n) {
            let tent = |k: usize| bits >> k & 1 == 1;
            if bits.count_ones() as usize != need {
                continue;
            }
            let fits = (0..n).all(|k| {
                let v = if tent(k) { CAN_TENT } else { CAN_GRASS };
                allowed[k] & v != 0
            });
            let apart = (0..n).all(|k| {
                let next = if k + 1 < n {
                    Some(k + 1)
                } else if wrap && n > 1 {
                    Some(0)
                } else {
                    None
                };
                !(tent(k) && next.is_some_and(|j| j != k && tent(j)))
            });
            if fits && apart {
                any = true;
                for (k, p) in possible.iter_mut().enumerate() {
                    *p |= if tent(k) { CAN_TENT } else { CAN_GRASS };
                }
            }
        }
        (any, possible)
    }

    fn fit(allowed: &[u8], wrap: bool, need: usize) -> LineFit {
        let mut fit = LineFit::default();
        fit.fit(allowed, wrap, need);
        fit
    }

    fn check(allowed: &[u8], wrap: bool, need: usize) {
        let fit = fit(allowed, wrap, need);
        let (feasible, possible) = brute(allowed, wrap, need);
        assert_eq!(
            fit.feasible(),
            feasible,
            "{allowed:?} wrap={wrap} need={need}"
        );
        let got: Vec<u8> = (0..allowed.len()).map(|k| fit.possible(k)).collect();
        assert_eq!(got, possible, "{allowed:?} wrap={wrap} need={need}");
    }

    #[test]
    fn matches_brute_force_on_every_small_line() {
        for n in 1..=7usize {
            let mut codes = vec![0usize; n];
            loop {
                let allowed: Vec<u8> = codes.iter().map(|&c| [E, G, T][c]).collect();
                for need in 0..=n.div_ceil(2) + 1 {
                    check(&allowed, false, need);
                    check(&allowed, true, need);
                }
                let mut i = 0;
                while i < n && codes[i] == 2 {
                    codes[i] = 0;
                    i += 1;
                }
                if i == n {
                    break;
                }
                codes[i] += 1;
            }
        }
    }

    #[test]
    fn avoids_matches_brute_force() {
        let allowed = [E, E, G, E, E, E, T, G, E];
        for wrap in [false, true] {
            for need in 1..=4 {
                let fit = fit(&allowed, wrap, need);
                for a in 0..allowed.len() {
                    for w in 1..=3 {
                        let window: Vec<usize> = (a..a + w).map(|k| k % allowed.len()).collect();
                        let mut banned = allowed;
                        for &k in &window {
                            banned[k] &= !CAN_TENT;
                        }
                        let (want, _) = brute(&banned, wrap, need);
                        assert_eq!(fit.avoids(&window), want, "{window:?} {wrap} {need}");
                    }
                }
            }
        }
    }

    #[test]
    fn loose_lines_have_no_forced_square_or_window() {
        for n in 1..=8usize {
            let mut codes = vec![0usize; n];
            loop {
                let allowed: Vec<u8> = codes.iter().map(|&c| [E, G, T][c]).collect();
                for wrap in [false, true] {
                    let cap = (0..=n).rev().find(|&k| brute(&allowed, wrap, k).0);
                    assert_eq!(max_tents(&allowed, wrap), cap, "{allowed:?} {wrap}");
                    for need in 0..=n {
                        if !surely_loose(&allowed, wrap, need) {
                            continue;
                        }
                        let (feasible, possible) = brute(&allowed, wrap, need);
                        assert!(feasible);
                        for k in 0..n {
                            if allowed[k] == E {
                                assert_eq!(possible[k], E, "{allowed:?} {wrap} {need} {k}");
                            }
                            for w in 1..=3.min(n) {
                                let window: Vec<usize> = (k..k + w).map(|j| j % n).collect();
                                let mut banned = allowed.clone();
                                for &j in &window {
                                    banned[j] &= !CAN_TENT;
                                }
                                if window.iter().all(|&j| allowed[j] != T) {
                                    assert!(brute(&banned, wrap, need).0, "{allowed:?} {window:?}");
                                }
                            }
                        }
                    }
                }
                let mut i = 0;
                while i < n && codes[i] == 2 {
                    codes[i] = 0;
                    i += 1;
                }
                if i == n {
                    break;
                }
                codes[i] += 1;
            }
        }
    }

    /// Compares a bit check of "surely loose" with the scan on 20 000 random lines of
    /// `shortest` to 128 squares (wrapping when `wrap`) at every count, and requires both
    /// answers to occur. Mostly open squares and some grass (none in every third line when
    /// `bare_rings`, so that some rings are all open); fixed tents in only some lines.
    fn check_against_scan(
        seed: u64,
        shortest: usize,
        wrap: bool,
        bare_rings: bool,
        bit_check: impl Fn(&[u8], usize) -> bool,
    ) {
        let mut x = seed;
        let mut next = move || {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            x >> 33
        };
        let mut loose = [0usize; 2];
        for case in 0..20_000 {
            let n = shortest + next() as usize % (129 - shortest);
            let tents = if case % 2 == 0 { 0 } else { 1 + next() % 20 };
            let grass = if bare_rings && case % 3 == 0 { 0 } else { 30 };
            let allowed: Vec<u8> = (0..n)
                .map(|_| match next() % 100 {
                    r if r < tents => T,
                    r if r < 100 - grass => E,
                    _ => G,
                })
                .collect();
            for need in 0..=n.div_ceil(2) {
                let quick = bit_check(&allowed, need);
                assert_eq!(
                    quick,
                    surely_loose_scanned(&allowed, wrap, need),
                    "{allowed:?} {need}"
                );
                loose[usize::from(quick)] += 1;
            }
        }
        assert!(
            loose[0] > 1000 && loose[1] > 1000,
            "both outcomes met: {loose:?}"
        );
    }

    #[test]
    fn the_bit_check_of_straight_lines_agrees_with_the_scan() {
        check_against_scan(7, 1, false, false, surely_loose_straight);
    }

    #[test]
    fn the_bit_check_of_wrapped_lines_agrees_with_the_scan() {
        check_against_scan(11, 3, true, true, |allowed, need| {
            let (fixed, open) = bits_of(allowed);
            surely_loose_ring(fixed, open, allowed.len(), need)
        });
    }

    #[test]
    fn has_sum_finds_pairs() {
        assert!(has_sum(0b100u128, 0b10, 3));
        assert!(!has_sum(0b100u128, 0b10, 2));
        assert!(has_sum(1u128, 1, 0));
        assert!(!has_sum(1u128, 1, 128));
        assert!(has_sum(0b100u64, 0b10, 3));
        assert!(has_sum(1u64 << 63, 1, 63));
        assert!(!has_sum(1u64, 1, 64));
    }

    #[test]
    fn counts_in_u64_and_in_u128_agree() {
        // Pseudo-random lines up to 140 squares (a fixed linear congruential stream).
        let mut x = 12345u64;
        let mut next = |n: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % n
        };
        for _ in 0..400 {
            let len = 1 + next(140) as usize;
            let allowed: Vec<u8> = (0..len)
                .map(|_| match next(10) {
                    0 => CAN_TENT,
                    1 | 2 => CAN_GRASS,
                    _ => E,
                })
                .collect();
            let wrap = next(2) == 0;
            let need = next(64.min(len as u64 + 1)) as usize;
            let (mut narrow, mut wide) = (FitOf::<u64>::default(), FitOf::<u128>::default());
            narrow.fit(&allowed, wrap, need);
            wide.fit(&allowed, wrap, need);
            assert_eq!(
                narrow.feasible(),
                wide.feasible(),
                "{allowed:?} {wrap} {need}"
            );
            for k in 0..len {
                assert_eq!(
                    narrow.possible(k),
                    wide.possible(k),
                    "{allowed:?} {wrap} {need}"
                );
                let window = [k, (k + 2) % len];
                let window = if window[0] == window[1] {
                    &window[..1]
                } else {
                    &window
                };
                assert_eq!(narrow.avoids(window), wide.avoids(window), "{window:?}");
            }
        }
    }

    #[test]
    fn a_long_line_asked_for_all_it_holds_has_one_placement() {
        // 65 tents on 129 open squares: counts past 63 take the `u128` words.
        let allowed = vec![E; 129];
        let f = fit(&allowed, false, 65);
        assert!(f.is_wide && f.feasible());
        for k in 0..129 {
            let want = if k % 2 == 0 { CAN_TENT } else { CAN_GRASS };
            assert_eq!(f.possible(k), want, "square {k}");
        }
        assert!(!fit(&allowed, false, 66).feasible());
        // Round a torus of 129 squares, at most 64; of 130, 65 in two ways.
        assert!(!fit(&allowed, true, 65).feasible());
        let torus = fit(&[E; 130], true, 65);
        assert!(torus.feasible());
        assert_eq!(torus.possible(0), CAN_TENT | CAN_GRASS);
        assert!(!fit(&[E; 130], true, 66).feasible());
    }
}
