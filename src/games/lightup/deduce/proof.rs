//! Light Up as a proof checker (docs/rules.md#proof-mode): each catalogue rule applied everywhere
//! it acts (the hints' own rule code), the contradiction rules where they hold, and the case rules:
//! bulb or not on a square, every way to satisfy a number.

use crate::deduce::{Rule, RuleKind};
use crate::game::Target;
use crate::grid::Pos;
use crate::proof::derived;
use crate::proof::{
    Case, CaseRule, Cases, Element, Forced, Found, NotCheckable, ProofRules, kept_to, square_cases,
};

use super::catalogue::*;
use super::explain::{conflict_clause, explain};
use super::finding::Finding;
use super::layout::Layout;
use super::state::{BULB, Conflict, State, UNKNOWN};
use super::trials::Closed;
use super::{LightUp, Piece, easy, tricky, values};

/// A bulb or not (a mark) on an unlit blank square.
pub const CASE_SQUARE: CaseRule = CaseRule {
    id: "bulb-or-not",
    name: "Bulb or not",
    element: Element::Square,
    about: "an unlit blank square holds a bulb or not",
    legup: Some("LTUP-CASE-0001"),
};
/// Every way to place a numbered wall's missing bulbs.
pub const CASE_WALL: CaseRule = CaseRule {
    id: "wall-ways",
    name: "Ways to satisfy a number",
    element: Element::Square,
    about: "a numbered wall's missing bulbs go on some of its free neighbours, no two in sight",
    legup: Some("LTUP-CASE-0002"),
};

const CASE_RULES: &[CaseRule] = &[CASE_SQUARE, CASE_WALL];

fn piece(v: u8) -> Piece {
    if v == BULB { Piece::Bulb } else { Piece::Mark }
}

/// Every finding of `rule` on `s`, applied once at each wall or square.
fn findings(s: &mut State, rule: &Rule) -> Result<Vec<Finding>, NotCheckable> {
    let walls = 0..s.lay.walls.len() as u32;
    let cells = 0..s.val.len() as u32;
    let found: Vec<Finding> = match rule.id {
        id if id == ZERO_WALL.id => walls.filter_map(|w| easy::zero_wall(s, w)).collect(),
        id if id == WALL_COMPLETE.id => walls.filter_map(|w| easy::wall_complete(s, w)).collect(),
        id if id == WALL_NEEDS_ALL.id => walls.filter_map(|w| easy::wall_needs_all(s, w)).collect(),
        id if id == ONLY_ONE_LIGHT.id => cells.filter_map(|c| easy::only_one_light(s, c)).collect(),
        id if id == BULB_STARVES_WALL.id => walls.filter_map(|w| tricky::starve(s, w)).collect(),
        id if id == BULB_DARKENS_SQUARE.id => cells.filter_map(|c| tricky::darken(s, c)).collect(),
        id if id == WALL_PLACEMENTS.id => walls
            .filter_map(|w| tricky::placements(s, w).ok().flatten())
            .collect(),
        _ => return Err(NotCheckable(*rule)),
    };
    Ok(found)
}

/// Every contradiction of `rule` on `s`.
fn conflicts(s: &mut State, rule: &Rule) -> Result<Vec<Conflict>, NotCheckable> {
    let walls = 0..s.lay.walls.len() as u32;
    let cells = 0..s.val.len() as u32;
    let found: Vec<Conflict> = match rule.id {
        id if id == BULBS_SEE_EACH_OTHER.id => {
            let bulbs: Vec<u32> = cells.filter(|&c| s.val[c as usize] == BULB).collect();
            let mut out = Vec::new();
            for (i, &a) in bulbs.iter().enumerate() {
                for &b in &bulbs[i + 1..] {
                    if s.lay.sees(a, b) {
                        out.push(Conflict::BulbsSee(a, b));
                    }
                }
            }
            out
        }
        id if id == TOO_MANY_BULBS.id => walls
            .filter(|&w| s.need(w) < 0)
            .map(Conflict::TooMany)
            .collect(),
        id if id == TOO_FEW_SPACES.id => walls
            .filter(|&w| s.need(w) > s.wall_free(w))
            .map(Conflict::TooFew)
            .collect(),
        id if id == UNLIGHTABLE_SQUARE.id => cells
            .filter(|&c| easy::unlightable(s, c))
            .map(Conflict::Dark)
            .collect(),
        id if id == NO_WALL_PLACEMENT.id => walls
            .filter(|&w| tricky::placements(s, w) == Err(Conflict::NoPlacement(w)))
            .map(Conflict::NoPlacement)
            .collect(),
        _ => return Err(NotCheckable(*rule)),
    };
    Ok(found)
}

/// The squares a conflict names.
fn targets(lay: &Layout, c: Conflict) -> Vec<Target> {
    let cell = |x: u32| Target::Square(lay.pos_of[x as usize]);
    let wall = |w: u32| Target::Square(lay.walls[w as usize].pos);
    match c {
        Conflict::BulbsSee(a, b) => vec![cell(a), cell(b)],
        Conflict::Dark(x) => vec![cell(x)],
        Conflict::TooMany(w) | Conflict::TooFew(w) | Conflict::NoPlacement(w) => vec![wall(w)],
    }
}

impl ProofRules for LightUp {
    fn case_rules() -> &'static [CaseRule] {
        CASE_RULES
    }

    fn forced(&self, rule: &Rule) -> Result<Vec<Forced<Piece>>, NotCheckable> {
        if rule.id == CASE_ANALYSIS.id {
            return Ok(case_analysis(self, rule, None));
        }
        if rule.kind != RuleKind::Direct {
            return Err(NotCheckable(*rule));
        }
        let lay = Layout::shared(self);
        let mut s = State::with_values(&lay, &values(self, &lay));
        let found = findings(&mut s, rule)?;
        let mut out = Vec::new();
        for f in found {
            let reason = explain(&s, &f).0;
            for &(c, v) in &f.sets {
                out.push(Forced {
                    pos: lay.pos_of[c as usize],
                    piece: piece(v),
                    reason: reason.clone(),
                });
            }
        }
        Ok(out)
    }

    fn forced_at(&self, rule: &Rule, at: &[Pos]) -> Result<Vec<Forced<Piece>>, NotCheckable> {
        if rule.id == CASE_ANALYSIS.id {
            return Ok(case_analysis(self, rule, Some(at)));
        }
        Ok(kept_to(self.forced(rule)?, at))
    }

    fn contradictions(&self, rule: &Rule) -> Result<Vec<Found>, NotCheckable> {
        let lay = Layout::shared(self);
        let mut s = State::with_values(&lay, &values(self, &lay));
        Ok(conflicts(&mut s, rule)?
            .into_iter()
            .map(|c| Found {
                at: targets(&lay, c),
                text: conflict_clause(&s, c),
            })
            .collect())
    }

    fn cases(&self, rule: &CaseRule, at: Target) -> Result<Cases<Piece>, String> {
        match rule.id {
            id if id == CASE_SQUARE.id => square_cases(self, at),
            id if id == CASE_WALL.id => wall_cases(self, at),
            _ => Err(format!("{} is not a case rule of Light Up", rule.id)),
        }
    }

    /// Open: a blank square no bulb lights (a lit square can hold no bulb).
    fn is_open(&self, pos: Pos) -> bool {
        self.square(pos) == Some(super::Square::Blank) && !self.is_lit(pos)
    }
}

/// Case analysis (the derived rule) at `at`, or at every square: the position closed once,
/// each value tried on it.
fn case_analysis(g: &LightUp, rule: &Rule, at: Option<&[Pos]>) -> Vec<Forced<Piece>> {
    let lay = Layout::shared(g);
    let mut closed = Closed::of(&lay, &values(g, &lay));
    derived::case_analysis(g, rule, derived::squares_of(g, at), &mut closed)
}

/// Every placement of a numbered wall's missing bulbs on its undecided neighbours (weighted as
/// the wall counts them), no two bulbs in sight of each other; the other neighbours marked.
fn wall_cases(g: &LightUp, at: Target) -> Result<Cases<Piece>, String> {
    let Target::Square(pos) = at else {
        return Err(format!(
            "{} is not a numbered wall",
            crate::proof::tree::target_text(at)
        ));
    };
    let lay = Layout::shared(g);
    let s = State::with_values(&lay, &values(g, &lay));
    let Ok(w) = lay.walls.binary_search_by_key(&pos, |w| w.pos) else {
        return Err(format!("{pos} is not a numbered wall"));
    };
    let w = w as u32;
    let open: Vec<(u32, u8)> = s
        .wall_unknowns(w)
        .into_iter()
        .filter(|&(c, _)| s.val[c as usize] == UNKNOWN)
        .collect();
    if open.is_empty() {
        return Err(format!("the wall at {pos} has no undecided neighbour"));
    }
    let need = s.need(w);
    let cases: Vec<Vec<(Pos, Piece)>> = (0u32..1 << open.len())
        .filter(|mask| {
            let chosen: Vec<u32> = (0..open.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| open[i].0)
                .collect();
            let sum: i32 = (0..open.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| i32::from(open[i].1))
                .sum();
            sum == need
                && chosen
                    .iter()
                    .enumerate()
                    .all(|(i, &a)| chosen[i + 1..].iter().all(|&b| !lay.sees(a, b)))
        })
        .map(|mask| {
            (0..open.len())
                .map(|i| {
                    let v = if mask & (1 << i) != 0 {
                        Piece::Bulb
                    } else {
                        Piece::Mark
                    };
                    (lay.pos_of[open[i].0 as usize], v)
                })
                .collect()
        })
        .collect();
    if cases.is_empty() {
        return Err(format!(
            "the wall at {pos} cannot be satisfied (see too-many-bulbs, too-few-spaces)"
        ));
    }
    Ok(cases.into_iter().map(Case::from).collect())
}
