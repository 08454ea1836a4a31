//! The hint engine: the first rule that applies, easiest tier first, as one explained step.

use super::cases::Cases;
use super::catalogue::{
    CASE_ANALYSIS, CLUE_COMPLETE, CLUE_FILL, CONTAINED_CLUE, COUNTED_TWICE, NO_COLOUR_FITS,
    OVERLAP_BLACK, OVERLAP_CONFLICT, OVERLAP_WHITE, TOO_FEW_SPACES, TOO_MANY_BLACK,
};
use super::engine::{BLACK, Engine, UNKNOWN, WHITE};
use super::explain::{blacks, clue, clue_cap, colour, conflict, squares, verb};
use super::logic::{ClueForce, Conflict, PairBounds, conflict_clues};
use super::model::Model;
use crate::deduce::case::{Case, find_case};
use crate::deduce::{Hint, HintOutcome, Rule};
use crate::game::{ErrorMark, Game, Target};
use crate::games::mosaic::{Colour, Mosaic};

/// The next deduction from `game`'s position, which the shared prelude found not won, without
/// error marks, and (when `solution` is given) extending to `solution`.
pub fn next_deduction(game: &Mosaic, solution: Option<&Mosaic>) -> HintOutcome<Colour> {
    let m = Model::of(game);
    let mut e = position(&m, game);
    let values = solution.map(|s| engine_values(&m, s));
    let found = easy(&e)
        .or_else(|| tricky(&e))
        .or_else(|| case_analysis(&mut e, values.as_deref()));
    match found {
        Some(Ok(hint)) => HintOutcome::Hint(hint),
        Some(Err(marks)) => HintOutcome::Error(marks),
        None if solution.is_none() && game.solve().is_none() => {
            HintOutcome::Error(no_solution_marks(&m))
        }
        None => HintOutcome::Stuck,
    }
}

/// A solution's colours as engine values, square by square.
fn engine_values(m: &Model, solution: &Mosaic) -> Vec<u8> {
    m.topology
        .positions()
        .map(|p| match solution.colour(p) {
            Colour::Black => BLACK,
            _ => WHITE,
        })
        .collect()
}

/// An engine holding the position's colours, every clue active, nothing propagated.
pub fn position<'m>(m: &'m Model, game: &Mosaic) -> Engine<'m> {
    let mut e = Engine::with_all_clues(m);
    for (p, colour) in game.colours().iter() {
        let v = match colour {
            Colour::Empty => continue,
            Colour::White => WHITE,
            Colour::Black => BLACK,
        };
        e.assign(m.topology.index(p) as u32, v);
    }
    e
}

/// A step found (`Ok`) or a contradiction (`Err` with its marks).
type Found = Result<Hint<Colour>, Vec<ErrorMark>>;

fn piece(v: u8) -> Colour {
    if v == BLACK {
        Colour::Black
    } else {
        Colour::White
    }
}

fn make(m: &Model, rule: Rule, sets: &[(u32, u8)], premises: Vec<Target>, why: String) -> Found {
    Ok(Hint {
        rule,
        sets: sets.iter().map(|&(c, v)| (m.pos(c), piece(v))).collect(),
        premises,
        explanation: why,
    })
}

fn square(m: &Model, cell: u32) -> Target {
    Target::Square(m.pos(cell))
}

fn clue_square(m: &Model, clue: u32) -> Target {
    Target::Square(m.clue_pos(clue as usize))
}

/// A clue's square and the decided squares it counts: what a single-clue rule looks at.
fn clue_premises(e: &Engine, clue: u32) -> Vec<Target> {
    let m = e.model();
    let mut out = vec![clue_square(m, clue)];
    out.extend(
        m.terms
            .row(clue as usize)
            .iter()
            .filter(|&&(c, _)| e.value(c) != UNKNOWN)
            .map(|&(c, _)| square(m, c)),
    );
    out.dedup();
    out
}

/// Error marks for a conflict: on the clue (or both clues) that cannot be met. `forced` says the
/// rules had to fill in squares first to reach it.
fn conflict_marks(m: &Model, c: Conflict, forced: bool) -> Vec<ErrorMark> {
    let what = match c {
        Conflict::TooMany(_) => TOO_MANY_BLACK.name.to_string(),
        Conflict::TooFew(_) => TOO_FEW_SPACES.name.to_string(),
        Conflict::Pair(a, b) => format!(
            "{}: {} and {} cannot both be met",
            OVERLAP_CONFLICT.name,
            clue(m, a),
            clue(m, b)
        ),
    };
    let reason = if forced {
        format!("{what}, once the rules fill in the squares the coloured ones force")
    } else {
        what
    };
    conflict_clues(c)
        .map(|k| ErrorMark {
            target: clue_square(m, k),
            reason: reason.clone(),
        })
        .collect()
}

/// Single-clue rules, in catalogue order, clues row-major.
fn easy(e: &Engine) -> Option<Found> {
    let m = e.model();
    let clues = 0..m.clues() as u32;
    for rule in [CLUE_COMPLETE, CLUE_FILL, COUNTED_TWICE] {
        for c in clues.clone() {
            let force = e.clue_force(c);
            let matches = match force {
                ClueForce::Complete => rule == CLUE_COMPLETE,
                ClueForce::Fill => rule == CLUE_FILL,
                ClueForce::Counted => rule == COUNTED_TWICE,
                ClueForce::Conflict(k) => return Some(Err(conflict_marks(m, k, false))),
                ClueForce::Nothing => false,
            };
            if matches {
                return Some(clue_hint(e, c, rule));
            }
        }
    }
    None
}

fn clue_hint(e: &Engine, c: u32, rule: Rule) -> Found {
    let m = e.model();
    let sets: Vec<(u32, u8)> = e.clue_sets(c).collect();
    let cells: Vec<u32> = sets.iter().map(|&(cell, _)| cell).collect();
    let list = squares(m, &cells);
    let is = verb(cells.len());
    let target = m.target[c as usize];
    let why = if rule == CLUE_COMPLETE && target == 0 {
        format!(
            "{} counts no black square, so {list} {is} white",
            clue_cap(m, c)
        )
    } else if rule == CLUE_COMPLETE {
        format!(
            "{} already counts its {}, so {list} {is} white",
            clue_cap(m, c),
            blacks(target)
        )
    } else if rule == CLUE_FILL && e.need(c) == target && e.unknown(c) == m.size(c) {
        format!(
            "{} needs {} and counts exactly that many squares, so {list} {is} black",
            clue_cap(m, c),
            blacks(target)
        )
    } else if rule == CLUE_FILL {
        format!(
            "{} still needs {} and only {list} {} undecided, so {} black",
            clue_cap(m, c),
            blacks(e.need(c)),
            is,
            if cells.len() == 1 {
                "it is"
            } else {
                "they are"
            }
        )
    } else {
        let parts: Vec<String> = sets
            .iter()
            .map(|&(cell, v)| format!("{} is {}", m.pos(cell), colour(v)))
            .collect();
        format!(
            "{} counts some squares more than once on this small wrapped grid and still needs {}, so {}",
            clue_cap(m, c),
            blacks(e.need(c)),
            parts.join(" and ")
        )
    };
    make(m, rule, &sets, clue_premises(e, c), why)
}

/// A pair finding: the rule, the clues (outer `a`, other `b`) and the colour of `a`'s squares
/// outside `b`.
struct PairFinding {
    rule: Rule,
    a: u32,
    b: u32,
    value: u8,
    need_a: i32,
    need_b: i32,
    lo: i32,
    hi: i32,
    only_b: i32,
}

/// Pair rules, clues row-major and partners in clue order: a clue inside another first (the
/// plainest argument), else the first overlap finding. The two overlap rules come in pairs
/// (one clue's outside squares black, the other's white), so scan order picks between them.
fn tricky(e: &Engine) -> Option<Found> {
    let mut first: Option<PairFinding> = None;
    for (a, b, bounds) in scanned_pairs(e) {
        if bounds.conflict() {
            return Some(Err(conflict_marks(e.model(), Conflict::Pair(a, b), false)));
        }
        let Some(finding) = pair_finding(a, b, &bounds) else {
            continue;
        };
        if finding.rule == CONTAINED_CLUE {
            return Some(pair_hint(e, &finding));
        }
        first.get_or_insert(finding);
    }
    first.map(|f| pair_hint(e, &f))
}

/// The pairs the pair rules look at, with their bounds: a unit clue `a` with undecided squares
/// and each partner `b` with undecided squares that shares some with it, clues row-major and
/// partners in clue order.
fn scanned_pairs<'e>(e: &'e Engine<'e>) -> impl Iterator<Item = (u32, u32, PairBounds)> + 'e {
    let m = e.model();
    (0..m.clues() as u32)
        .filter(move |&a| m.unit[a as usize] && e.unknown(a) != 0)
        .flat_map(move |a| m.partners.row(a as usize).iter().map(move |p| (a, p)))
        .filter(move |(_, p)| e.unknown(p.clue) != 0)
        .filter_map(move |(a, p)| Some((a, p.clue, e.pair_bounds(a, p)?)))
}

/// What the pair rules conclude from `bounds` of clues `a` and `b` (not in conflict): the
/// colour of `a`'s squares outside `b` and the rule that says so, if they force one.
fn pair_finding(a: u32, b: u32, bounds: &PairBounds) -> Option<PairFinding> {
    let value = bounds.force_a()?;
    let rule = if bounds.only_b == 0 {
        CONTAINED_CLUE
    } else if value == BLACK {
        OVERLAP_BLACK
    } else {
        OVERLAP_WHITE
    };
    Some(PairFinding {
        rule,
        a,
        b,
        value,
        need_a: bounds.need_a,
        need_b: bounds.need_b,
        lo: bounds.lo,
        hi: bounds.hi,
        only_b: bounds.only_b,
    })
}

fn pair_hint(e: &Engine, f: &PairFinding) -> Found {
    let m = e.model();
    let cells = e.only_in(f.a, f.b);
    let sets: Vec<(u32, u8)> = cells.iter().map(|&c| (c, f.value)).collect();
    let list = squares(m, &cells);
    let is = verb(cells.len());
    let (ca, cb) = (clue(m, f.a), clue(m, f.b));
    let why = if f.rule == CONTAINED_CLUE && f.value == WHITE {
        format!(
            "The undecided squares of {cb} all lie within {ca} and hold the {} {cb} still needs, which is all {ca} needs too, so {list} {is} white",
            blacks(f.need_b),
            ca = ca,
            cb = cb,
        )
    } else if f.rule == CONTAINED_CLUE {
        format!(
            "The undecided squares of {cb} all lie within {ca} and hold only the {} {cb} still needs, so {ca}'s other {} must come from {list}, which {} black",
            blacks(f.need_b),
            blacks(f.need_a - f.need_b),
            is,
        )
    } else if f.rule == OVERLAP_BLACK {
        format!(
            "{} still needs {} but the squares it shares with {cb} can hold at most {}, so {list} {is} black",
            clue_cap(m, f.a),
            blacks(f.need_a),
            f.hi,
        )
    } else {
        format!(
            "{} still needs {} with only {} undecided outside {ca}, so at least {} of them lie in the squares they share, which is all {ca} needs: {list} {is} white",
            clue_cap(m, f.b),
            blacks(f.need_b),
            f.only_b,
            f.lo,
        )
    };
    let mut premises = vec![clue_square(m, f.a), clue_square(m, f.b)];
    premises.extend(e.shared(f.a, f.b).into_iter().map(|c| square(m, c)));
    make(m, f.rule, &sets, premises, why)
}

/// Case analysis, by the shared driver: the first square (row-major), black tried first, where
/// one colour leads the easy and tricky rules to a contradiction. A colour a known `solution`
/// gives the square cannot lead to one (the rules are sound), so it is not tried.
fn case_analysis(e: &mut Engine, solution: Option<&[u8]>) -> Option<Found> {
    let m = e.model();
    e.clear_queues();
    e.forget_safe();
    let mut cases = Cases::everywhere(e, solution);
    let found = find_case(&mut cases, 0, true)?;
    Some(match found {
        Case::Impossible { slot, refuted } => {
            let [(v, first), (_, second)] = refuted;
            let reason = format!(
                "{}: black leads to {}, white to {}",
                NO_COLOUR_FITS.name,
                conflict(m, if v == BLACK { first } else { second }),
                conflict(m, if v == BLACK { second } else { first }),
            );
            Err(vec![ErrorMark {
                target: Target::Square(m.pos(cases.cell(slot))),
                reason,
            }])
        }
        Case::Forced {
            slot,
            tried,
            value,
            conflict: first,
            ..
        } => {
            let cell = cases.cell(slot);
            let why = format!(
                "If {} were {}, the easy and tricky rules would end with {}, so it is {}",
                m.pos(cell),
                colour(tried),
                conflict(m, first),
                colour(value),
            );
            let mut premises = vec![square(m, cell)];
            premises.extend(conflict_clues(first).map(|k| clue_square(m, k)));
            make(m, CASE_ANALYSIS, &[(cell, value)], premises, why)
        }
    })
}

/// The mark for a puzzle with no solution that the rules cannot pin on a clue.
fn no_solution_marks(m: &Model) -> Vec<ErrorMark> {
    (0..m.clues().min(1))
        .map(|k| ErrorMark {
            target: Target::Square(m.clue_pos(k)),
            reason: "the puzzle has no solution".into(),
        })
        .collect()
}

/// Every application of the single-clue rules on the position, clues in order (the proof
/// checker applies each rule everywhere it acts; hints take the first).
pub(super) fn clue_applications(e: &Engine) -> Vec<Hint<Colour>> {
    let m = e.model();
    let mut out = Vec::new();
    for c in 0..m.clues() as u32 {
        let rule = match e.clue_force(c) {
            ClueForce::Complete => CLUE_COMPLETE,
            ClueForce::Fill => CLUE_FILL,
            ClueForce::Counted => COUNTED_TWICE,
            _ => continue,
        };
        if let Ok(h) = clue_hint(e, c, rule) {
            out.push(h);
        }
    }
    out
}

/// Every application of the pair rules on the position, pairs in scan order.
pub(super) fn pair_applications(e: &Engine) -> Vec<Hint<Colour>> {
    scanned_pairs(e)
        .filter(|(_, _, bounds)| !bounds.conflict())
        .filter_map(|(a, b, bounds)| pair_finding(a, b, &bounds))
        .filter_map(|finding| pair_hint(e, &finding).ok())
        .collect()
}

/// Every contradiction the single-clue and pair rules see: the rule and its marks.
pub(super) fn contradictions(e: &Engine) -> Vec<(Rule, Vec<ErrorMark>)> {
    let m = e.model();
    let mut out = Vec::new();
    for c in 0..m.clues() as u32 {
        if let ClueForce::Conflict(k) = e.clue_force(c) {
            let rule = match k {
                Conflict::TooMany(_) => TOO_MANY_BLACK,
                Conflict::TooFew(_) => TOO_FEW_SPACES,
                Conflict::Pair(..) => OVERLAP_CONFLICT,
            };
            out.push((rule, conflict_marks(m, k, false)));
        }
    }
    for (a, b, bounds) in scanned_pairs(e) {
        if bounds.conflict() {
            let k = Conflict::Pair(a, b);
            out.push((OVERLAP_CONFLICT, conflict_marks(m, k, false)));
        }
    }
    out
}
