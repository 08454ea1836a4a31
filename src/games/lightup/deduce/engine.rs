//! Running the rules: the closure used for grading and generating (easy rules by propagation,
//! tricky rules on the walls and squares a change may affect, case analysis by probing), and the
//! ordered search for the single next deduction a hint shows.

use crate::deduce::Tier;
use crate::deduce::case::{self, Case, Propagator, Run};

use super::catalogue::CASE_ANALYSIS;
use super::easy;
use super::finding::{Finding, Why};
use super::state::{BULB, Conflict, NOBULB, State, UNKNOWN};
use super::tricky;

/// Sets a finding's cells and propagates the easy rules.
fn apply(s: &mut State, f: &Finding) -> Result<(), Conflict> {
    for &(c, v) in &f.sets {
        s.set(c, v)?;
    }
    s.propagate()?;
    if s.record_used {
        for &w in &f.walls {
            s.used[w as usize] = true;
        }
    }
    Ok(())
}

#[cfg(test)]
thread_local! {
    /// Deductions the final full pass found after the dirty marks ran dry (should stay 0).
    pub static MISSED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The tricky rules' verdict on one wall: starving first, then placements.
fn tricky_wall(s: &mut State, w: u32) -> Result<Option<Finding>, Conflict> {
    if let Some(f) = tricky::starve(s, w) {
        return Ok(Some(f));
    }
    tricky::placements(s, w)
}

/// Runs the tricky rules on every dirty wall and square (and the easy rules after each
/// deduction) until nothing is dirty; true if anything was decided.
pub fn tricky_fixpoint(s: &mut State) -> Result<bool, Conflict> {
    let mut changed = false;
    loop {
        s.expand_dirty();
        if let Some(w) = s.pop_dirty_wall() {
            if let Some(f) = tricky_wall(s, w)? {
                apply(s, &f)?;
                // The wall may allow further deductions of the same kind.
                s.mark_wall(w);
                changed = true;
            }
            continue;
        }
        if let Some(c) = s.pop_dirty_cell() {
            if let Some(f) = tricky::darken(s, c) {
                apply(s, &f)?;
                // Another bulb may darken the same square.
                s.mark_cell(c);
                changed = true;
            }
            continue;
        }
        if s.dirty_from == s.mark() {
            return Ok(changed);
        }
    }
}

/// Tries `v` on undecided cell `c`: the contradiction the easy rules (and, when `deep`, the
/// tricky rules) reach from it, if any. The state is left as it was.
pub fn probe(s: &mut State, c: u32, v: u8, deep: bool) -> Option<Conflict> {
    let (record, from) = (s.record_used, s.dirty_from);
    s.record_used = false;
    let mark = s.mark();
    s.dirty_from = mark;
    let result = (|| {
        s.set(c, v)?;
        s.propagate()?;
        if deep {
            tricky_fixpoint(s)?;
        }
        Ok(())
    })();
    s.undo_to(mark);
    s.record_used = record;
    s.dirty_from = from;
    result.err()
}

/// The state seen by the shared case analysis ([`crate::deduce::case`]): the cells it tries,
/// in order, each bulb first, with the easy rules in a first pass and (if `with_tricky`) the
/// easy and tricky rules in a second.
struct Cases<'s, 'a> {
    s: &'s mut State<'a>,
    cells: &'s [u32],
    with_tricky: bool,
    /// Whether the walls and cells have had their first look (see [`State::start`]).
    started: bool,
}

impl Propagator for Cases<'_, '_> {
    type Conflict = Conflict;

    fn slots(&self) -> usize {
        self.cells.len()
    }

    fn is_open(&self, slot: usize) -> bool {
        self.s.val[self.cells[slot] as usize] == UNKNOWN
    }

    fn values(&self, _slot: usize) -> [u8; 2] {
        [BULB, NOBULB]
    }

    fn passes(&self) -> usize {
        1 + usize::from(self.with_tricky)
    }

    fn refute(&mut self, slot: usize, v: u8, pass: usize) -> Option<Conflict> {
        probe(self.s, self.cells[slot], v, pass == 1)
    }

    fn close(&mut self, max: Tier) -> Result<Tier, Conflict> {
        let s = &mut *self.s;
        if !self.started {
            self.started = true;
            s.start()?;
            s.propagate()?;
            if max == Tier::Easy {
                return Ok(Tier::Easy);
            }
            s.mark_all_dirty();
        }
        let mut tier = Tier::Easy;
        loop {
            if s.unknown_count() == 0 {
                s.clear_dirty();
                return Ok(tier);
            }
            if tricky_fixpoint(s)? {
                tier = Tier::Tricky;
                continue;
            }
            // A full pass guards against anything the dirty marks missed.
            s.mark_all_dirty();
            if tricky_fixpoint(s)? {
                #[cfg(test)]
                MISSED.with(|m| m.set(m.get() + 1));
                tier = Tier::Tricky;
                continue;
            }
            return Ok(tier);
        }
    }

    fn decide(&mut self, slot: usize, v: u8, _refuted: u8) -> Result<(), Conflict> {
        let c = self.cells[slot];
        self.s.cased.push(c);
        if self.s.record_used {
            // A refuted value may rest on any number: keep them all.
            self.s.used.fill(true);
        }
        self.s.set(c, v)?;
        self.s.propagate()
    }

    fn solved(&self) -> bool {
        self.s.unknown_count() == 0
    }
}

/// The finding case analysis concludes: `c` takes `value` since `tried` led to `conflict`.
fn case_finding(c: u32, tried: u8, value: u8, conflict: Conflict, deep: bool) -> Finding {
    Finding {
        rule: CASE_ANALYSIS,
        sets: vec![(c, value)],
        why: Why::Case {
            tried,
            conflict,
            deep,
        },
        walls: Vec::new(),
    }
}

/// How case analysis runs in [`close`].
#[derive(Clone, Copy, Debug)]
pub struct Probing<'a> {
    /// The cells tried (all cells when `None`).
    pub cells: Option<&'a [u32]>,
    /// Whether tried values also propagate with the tricky rules.
    pub with_tricky: bool,
}

/// Applies every rule up to tier `max` until the puzzle is solved or nothing applies, by the
/// shared driver; case analysis runs as `probing` says.
/// `Ok(Some(tier))`: solved, the hardest tier used; `Ok(None)`: stuck; `Err`: no solution.
/// The state must start with every cell undecided or consistent.
pub fn close(s: &mut State, max: Tier, probing: Probing) -> Result<Option<Tier>, Conflict> {
    let all: Vec<u32>;
    let cells = match probing.cells {
        Some(p) => p,
        None => {
            all = (0..s.val.len() as u32).collect();
            &all
        }
    };
    let mut cases = Cases {
        s,
        cells,
        with_tricky: probing.with_tricky,
        started: false,
    };
    match case::run(&mut cases, max, false) {
        Run::Solved(tier) => Ok(Some(tier)),
        Run::Stuck => Ok(None),
        Run::Contradiction(c) => Err(c),
    }
}

/// The next deduction for a hint, easiest tier first, in catalogue order, walls and squares in
/// row-major order. `Err` carries a contradiction found on the way (the position has no
/// solution): the rule's conflict.
pub fn next_finding(s: &mut State) -> Result<Option<Finding>, Conflict> {
    let cells = s.val.len() as u32;
    let walls = s.lay.walls.len() as u32;
    if let Some(c) = (0..cells).find(|&c| easy::unlightable(s, c)) {
        return Err(Conflict::Dark(c));
    }
    let easy_wall_rules: [fn(&State, u32) -> Option<Finding>; 3] =
        [easy::zero_wall, easy::wall_complete, easy::wall_needs_all];
    for rule in easy_wall_rules {
        if let Some(f) = (0..walls).find_map(|w| rule(s, w)) {
            return Ok(Some(f));
        }
    }
    if let Some(f) = (0..cells).find_map(|c| easy::only_one_light(s, c)) {
        return Ok(Some(f));
    }
    let mut placed = Vec::with_capacity(walls as usize);
    for w in 0..walls {
        placed.push(tricky::placements(s, w)?);
    }
    if let Some(f) = (0..walls).find_map(|w| tricky::starve(s, w)) {
        return Ok(Some(f));
    }
    if let Some(f) = (0..cells).find_map(|c| tricky::darken(s, c)) {
        return Ok(Some(f));
    }
    if let Some(f) = placed.into_iter().flatten().next() {
        return Ok(Some(f));
    }
    s.clear_dirty();
    let all: Vec<u32> = (0..cells).collect();
    let mut cases = Cases {
        s,
        cells: &all,
        with_tricky: true,
        started: true,
    };
    match case::find_case(&mut cases, 0, true) {
        None => Ok(None),
        Some(Case::Impossible { refuted, .. }) => {
            let [_, (_, second)] = refuted;
            Err(second)
        }
        Some(Case::Forced {
            slot,
            tried,
            value,
            conflict,
            pass,
        }) => Ok(Some(case_finding(
            all[slot],
            tried,
            value,
            conflict,
            pass == 1,
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::lightup::LightUp;
    use crate::games::lightup::deduce::layout::Layout;

    const FULL: Probing<'static> = Probing {
        cells: None,
        with_tricky: true,
    };

    fn grade(text: &str) -> Option<Tier> {
        let lay = Layout::new(&LightUp::parse(text).unwrap());
        let mut s = State::new(&lay);
        close(&mut s, Tier::Hard, FULL).ok().flatten()
    }

    #[test]
    fn easy_puzzle_closes_at_easy() {
        assert_eq!(grade("1 3 0\nb2b\n"), Some(Tier::Easy));
        assert_eq!(grade("3 3 0\nbbb\nb4b\nbbb\n"), Some(Tier::Easy));
    }

    #[test]
    fn open_grid_is_stuck() {
        assert_eq!(grade("3 3 0\nbbb\nbbb\nbbb\n"), None);
    }

    #[test]
    fn dirty_marks_miss_nothing_the_full_pass_finds() {
        use crate::deduce::{GenOptions, Generate};
        MISSED.with(|m| m.set(0));
        for (n, wrapping) in [(9, false), (8, true), (12, false)] {
            for difficulty in Tier::ALL {
                let options = GenOptions {
                    rows: n,
                    cols: n,
                    difficulty,
                    wrapping,
                    params: Default::default(),
                };
                let g = LightUp::generate(&options, 3).unwrap();
                let lay = Layout::new(&g);
                let mut s = State::new(&lay);
                assert_eq!(close(&mut s, Tier::Hard, FULL), Ok(Some(difficulty)));
            }
        }
        assert_eq!(MISSED.with(|m| m.get()), 0);
    }

    #[test]
    fn unsolvable_puzzle_fails() {
        let lay = Layout::new(&LightUp::parse("1 3 0\n2bb\n").unwrap());
        let mut s = State::new(&lay);
        assert!(close(&mut s, Tier::Hard, FULL).is_err());
    }
}
