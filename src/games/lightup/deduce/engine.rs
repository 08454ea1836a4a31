//! Running the rules: the closure used for grading and generating (easy rules by propagation,
//! tricky rules on the walls and squares a change may affect, case analysis by probing), and the
//! ordered search for the single next deduction a hint shows.

use crate::deduce::Tier;

use super::catalogue::CASE_ANALYSIS;
use super::easy;
use super::finding::{Finding, Why};
use super::state::{BULB, Conflict, NOBULB, State, UNKNOWN};
use super::tricky;

/// The other value.
pub fn opposite(v: u8) -> u8 {
    if v == BULB { NOBULB } else { BULB }
}

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

/// One case-analysis deduction: the first undecided cell of `cells` from index `start` on
/// (wrapping around) one of whose values leads to a contradiction, with the easy rules first,
/// then (if `with_tricky`) with the easy and tricky rules. The state must be closed under the
/// easy and tricky rules.
pub fn find_case(
    s: &mut State,
    cells: &[u32],
    start: usize,
    with_tricky: bool,
) -> Option<(usize, Finding)> {
    let n = cells.len();
    let passes: &[bool] = if with_tricky {
        &[false, true]
    } else {
        &[false]
    };
    for &deep in passes {
        for k in 0..n {
            let at = (start + k) % n;
            let c = cells[at];
            if s.val[c as usize] != UNKNOWN {
                continue;
            }
            for tried in [BULB, NOBULB] {
                if let Some(conflict) = probe(s, c, tried, deep) {
                    let finding = Finding {
                        rule: CASE_ANALYSIS,
                        sets: vec![(c, opposite(tried))],
                        why: Why::Case {
                            tried,
                            conflict,
                            deep,
                        },
                        walls: Vec::new(),
                    };
                    return Some((at, finding));
                }
            }
        }
    }
    None
}

/// How case analysis runs in [`close`].
#[derive(Clone, Copy, Debug)]
pub struct Probing<'a> {
    /// The cells tried (all cells when `None`).
    pub cells: Option<&'a [u32]>,
    /// Whether tried values also propagate with the tricky rules.
    pub with_tricky: bool,
}

/// Applies every rule up to tier `max` until the puzzle is solved or nothing applies; case
/// analysis runs as `probing` says.
/// `Ok(Some(tier))`: solved, the hardest tier used; `Ok(None)`: stuck; `Err`: no solution.
/// The state must start with every cell undecided or consistent.
pub fn close(s: &mut State, max: Tier, probing: Probing) -> Result<Option<Tier>, Conflict> {
    s.start()?;
    s.propagate()?;
    let mut tier = Tier::Easy;
    if max == Tier::Easy {
        return Ok((s.unknown_count() == 0).then_some(tier));
    }
    s.mark_all_dirty();
    let all: Vec<u32>;
    let probes = match probing.cells {
        Some(p) => p,
        None => {
            all = (0..s.val.len() as u32).collect();
            &all
        }
    };
    let mut cursor = 0;
    loop {
        if s.unknown_count() == 0 {
            s.clear_dirty();
            return Ok(Some(tier));
        }
        if tricky_fixpoint(s)? {
            tier = tier.max(Tier::Tricky);
            continue;
        }
        // A full pass guards against anything the dirty marks missed.
        s.mark_all_dirty();
        if tricky_fixpoint(s)? {
            #[cfg(test)]
            MISSED.with(|m| m.set(m.get() + 1));
            tier = tier.max(Tier::Tricky);
            continue;
        }
        if max < Tier::Hard {
            return Ok(None);
        }
        let Some((at, f)) = find_case(s, probes, cursor, probing.with_tricky) else {
            return Ok(None);
        };
        cursor = at;
        tier = Tier::Hard;
        s.cased.push(f.sets[0].0);
        if s.record_used {
            // A refuted value may rest on any number: keep them all.
            s.used.fill(true);
        }
        apply(s, &f)?;
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
    Ok(find_case(s, &all, 0, true).map(|(_, f)| f))
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
                    diagadj: false,
                    symmetric: false,
                    neighbourhood: crate::game::Neighbourhood::Full,
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
