//! Tents as a proof checker (docs/rules.md#proof-mode): each catalogue rule applied once everywhere
//! it acts (the same rule functions the hints use, so a proof and a hint agree on what a rule
//! says), the contradiction rules where they hold, and the case rules: a square, a tree's tent, a
//! line's placements.

use crate::deduce::{Rule, RuleKind};
use crate::game::Target;
use crate::grid::Pos;
use crate::proof::derived;
use crate::proof::{
    CaseRule, Cases, Element, Forced, ForcedLink, Found, Link, MAX_CASES, NotCheckable, ProofRules,
    choose, kept_to, square_cases,
};

use super::board::{Board, EMPTY, GRASS, Layout, TENT, TREE, piece, plural};
use super::catalogue::*;
use super::easy;
use super::lines::{self, LineOutcome, LineScratch};
use super::links;
use super::pairing;
use super::shared;
use super::step::{Contradiction, Step};
use super::trials::Closed;
use super::{Square, Tents};

/// Tent or grass on an open square.
pub const CASE_SQUARE: CaseRule = CaseRule {
    id: "tent-or-grass",
    name: "Tent or grass",
    element: Element::Square,
    about: "an open square holds a tent or grass",
    legup: Some("TREE-CASE-0004"),
};
/// Which free neighbour holds a tree's tent (LEGUP's Links from tree).
pub const CASE_TREE: CaseRule = CaseRule {
    id: "tree-tent",
    name: "Where the tree's tent is",
    element: Element::Square,
    about: "a tree's tent is on one of its free neighbours (matching rule: linked to it)",
    legup: Some("TREE-CASE-0003"),
};
/// Which tree a tent belongs to (LEGUP's Links from tent; matching rule only).
pub const CASE_TENT: CaseRule = CaseRule {
    id: "tent-tree",
    name: "Which tree the tent is for",
    element: Element::Square,
    about: "an unlinked tent is linked to one of the unlinked trees beside it",
    legup: Some("TREE-CASE-0002"),
};
/// Every placement of a line's missing tents, no two touching.
pub const CASE_LINE: CaseRule = CaseRule {
    id: "line-tents",
    name: "Placements of a line's tents",
    element: Element::Line,
    about: "a row or column's missing tents go on its empty squares, no two touching",
    legup: Some("TREE-CASE-0001"),
};

const CASE_RULES: &[CaseRule] = &[CASE_SQUARE, CASE_TREE, CASE_TENT, CASE_LINE];

/// A line's index (rows first) from a target.
fn line_of(lay: &Layout, at: Target) -> Option<usize> {
    match at {
        Target::Row(r) if r < lay.rows => Some(r),
        Target::Col(c) if c < lay.cols => Some(lay.rows + c),
        _ => None,
    }
}

/// Every step `rule` gives on `b`, applied once at each line, square or tree.
fn steps(b: &Board, rule: &Rule) -> Result<Vec<Step>, NotCheckable> {
    let lay = b.layout;
    let lines = 0..lay.line_count();
    let cells = 0..lay.len() as u32;
    let trees = lay.trees.iter().copied();
    let found: Vec<Step> = match rule.id {
        id if id == FINISH_WITH_GRASS.id => lines
            .filter_map(|l| easy::finish_with_grass(b, l))
            .collect(),
        id if id == FINISH_WITH_TENTS.id => lines
            .filter_map(|l| easy::finish_with_tents(b, l))
            .collect(),
        id if id == SURROUND_TENT.id => cells.filter_map(|c| easy::surround_tent(b, c)).collect(),
        id if id == EMPTY_FIELD.id => cells.filter_map(|c| easy::empty_field(b, c)).collect(),
        id if id == LAST_CAMPING_SPOT.id => trees
            .filter_map(|t| easy::last_camping_spot(b, t))
            .collect(),
        id if id == TREE_FOR_TENT.id => cells.filter_map(|c| easy::tree_for_tent(b, c)).collect(),
        id if id == TENT_FOR_TREE.id => trees.filter_map(|t| easy::tent_for_tree(b, t)).collect(),
        id if id == SHARED_NEIGHBOUR.id => trees
            .filter_map(|t| shared::shared_neighbour(b, t))
            .collect(),
        id if id == LINE_ENUMERATION.id => {
            let mut scratch = LineScratch::default();
            lines
                .filter_map(|l| match lines::enumerate(b, l, &mut scratch) {
                    LineOutcome::Step(s) => Some(s),
                    _ => None,
                })
                .collect()
        }
        id if id == FORCED_PAIRING.id || id == IMPOSSIBLE_PAIRING.id => {
            // A position with no matching has no step (its contradiction is `unmatchable`).
            let [forced, impossible] = pairing::pairing_steps(b).unwrap_or_default();
            if id == FORCED_PAIRING.id {
                forced
            } else {
                impossible
            }
        }
        _ => return Err(NotCheckable(*rule)),
    };
    Ok(found)
}

/// Every contradiction `rule` sees on `b`.
fn contradictions(b: &Board, rule: &Rule) -> Result<Vec<Contradiction>, NotCheckable> {
    let lay = b.layout;
    let lines = 0..lay.line_count();
    let cells = 0..lay.len() as u32;
    let of_rule = |c: &Contradiction| *c.rule == *rule;
    let found: Vec<Contradiction> = match rule.id {
        id if id == TOO_MANY_TENTS.id || id == TOO_FEW_SPACES.id => lines
            .filter_map(|l| easy::line_contradiction(b, l))
            .filter(of_rule)
            .collect(),
        id if id == TOUCHING_TENTS.id || id == NO_TREE_FOR_TENT.id => cells
            .filter_map(|c| easy::tent_contradiction(b, c))
            .filter(of_rule)
            .collect(),
        id if id == NO_TENT_FOR_TREE.id => lay
            .trees
            .iter()
            .filter_map(|&t| easy::tree_contradiction(b, t))
            .collect(),
        id if id == NO_LINE_PLACEMENT.id => {
            lines.filter_map(|l| lines::no_placement(b, l)).collect()
        }
        id if id == UNMATCHABLE.id => pairing::pairing_steps(b).err().into_iter().collect(),
        _ => return Err(NotCheckable(*rule)),
    };
    Ok(found)
}

impl ProofRules for Tents {
    const LINKS: bool = true;

    fn case_rules() -> &'static [CaseRule] {
        CASE_RULES
    }

    fn links(&self) -> Vec<Link> {
        Tents::links(self).to_vec()
    }

    fn linked(&self, link: Link) -> Result<Self, String> {
        self.with_link(link)
    }

    fn forced_links(&self, rule: &Rule) -> Result<Vec<ForcedLink>, NotCheckable> {
        Ok(match rule.id {
            id if id == TENT_FOR_TREE.id => links::tent_for_tree(self),
            id if id == TREE_FOR_TENT.id => links::tree_for_tent(self),
            _ => Vec::new(),
        })
    }

    fn why_not_link(&self, rule: &Rule, link: Link) -> String {
        let why = match rule.id {
            id if id == TENT_FOR_TREE.id => links::why_not_tent_for_tree(self, link),
            id if id == TREE_FOR_TENT.id => links::why_not_tree_for_tent(self, link),
            _ => "it makes no link (only tent-for-tree and tree-for-tent do)".to_string(),
        };
        format!("{}: {why}", rule.name)
    }

    fn forced(&self, rule: &Rule) -> Result<Vec<Forced<Square>>, NotCheckable> {
        if rule.id == CASE_ANALYSIS.id {
            return Ok(case_analysis(self, rule, None));
        }
        if rule.kind != RuleKind::Direct {
            return Err(NotCheckable(*rule));
        }
        let layout = Layout::shared(self);
        let b = Board::of(&layout, self);
        let mut out = Vec::new();
        if rule.id == EMPTY_FIELD.id {
            out.extend(links::empty_field(self));
        }
        for step in steps(&b, rule)? {
            let reason = step.explain(&b).1;
            for &(c, v) in &step.sets {
                out.push(Forced {
                    pos: layout.pos(c),
                    piece: piece(v),
                    reason: reason.clone(),
                });
            }
        }
        Ok(out)
    }

    fn forced_at(&self, rule: &Rule, at: &[Pos]) -> Result<Vec<Forced<Square>>, NotCheckable> {
        if rule.id == CASE_ANALYSIS.id {
            return Ok(case_analysis(self, rule, Some(at)));
        }
        Ok(kept_to(self.forced(rule)?, at))
    }

    fn contradictions(&self, rule: &Rule) -> Result<Vec<Found>, NotCheckable> {
        let layout = Layout::shared(self);
        let b = Board::of(&layout, self);
        let mut found: Vec<Found> = contradictions(&b, rule)?
            .into_iter()
            .map(|c| Found {
                at: c.at,
                text: c.text,
            })
            .collect();
        found.extend(match rule.id {
            id if id == NO_TENT_FOR_TREE.id => links::no_tent_for_tree(self),
            id if id == NO_TREE_FOR_TENT.id => links::no_tree_for_tent(self),
            _ => Vec::new(),
        });
        Ok(found)
    }

    fn cases(&self, rule: &CaseRule, at: Target) -> Result<Cases<Square>, String> {
        let layout = Layout::shared(self);
        let b = Board::of(&layout, self);
        match rule.id {
            id if id == CASE_SQUARE.id => square_cases(self, at),
            id if id == CASE_TREE.id => tree_cases(self, &b, at),
            id if id == CASE_TENT.id => links::tent_cases(self, at),
            id if id == CASE_LINE.id => line_cases(&b, at),
            _ => Err(format!("{} is not a case rule of Tents", rule.id)),
        }
    }

    fn why_not(&self, rule: &Rule, pos: Pos) -> String {
        let layout = Layout::shared(self);
        let b = Board::of(&layout, self);
        let c = layout.topology.index(pos) as u32;
        let [row, col] = layout.lines_of(c);
        let missing = |l: usize| layout.counts[l].saturating_sub(b.line_tents[l]) as usize;
        let both = |f: &dyn Fn(usize) -> String| format!("{}; {}", f(row), f(col));
        let why = match rule.id {
            id if id == FINISH_WITH_GRASS.id => both(&|l| {
                format!(
                    "{} still needs {}",
                    layout.line_name(l),
                    plural(missing(l), "tent")
                )
            }),
            id if id == FINISH_WITH_TENTS.id => both(&|l| {
                format!(
                    "{} needs {} more but has {} empty",
                    layout.line_name(l),
                    plural(missing(l), "tent"),
                    plural(b.line_empty[l] as usize, "square")
                )
            }),
            id if id == SURROUND_TENT.id => format!("no tent touches {pos}"),
            id if id == EMPTY_FIELD.id => format!("{pos} has a tree next to it"),
            id if id == LAST_CAMPING_SPOT.id => {
                format!("no tree next to {pos} has it as its last free square")
            }
            _ => format!("it does not decide {pos} here"),
        };
        format!("{}: {why}", rule.name)
    }
}

/// Case analysis (the derived rule) at `at`, or at every square: one engine closed once, each
/// value tried on it.
fn case_analysis(g: &Tents, rule: &Rule, at: Option<&[Pos]>) -> Vec<Forced<Square>> {
    let layout = Layout::shared(g);
    let b = Board::of(&layout, g);
    let mut closed = Closed::of(&b);
    derived::case_analysis(g, rule, derived::squares_of(g, at), &mut closed)
}

/// The cases of a tree's tent: one per free neighbour; under the matching rule, one per
/// unlinked tent or empty square beside it, each linked.
fn tree_cases(g: &Tents, b: &Board, at: Target) -> Result<Cases<Square>, String> {
    let lay = b.layout;
    let Target::Square(pos) = at else {
        return Err(format!(
            "{} is not a tree",
            crate::proof::tree::target_text(at)
        ));
    };
    let t = lay.topology.index(pos) as u32;
    if b.at(t) != TREE {
        return Err(format!("{pos} is not a tree"));
    }
    if lay.matching {
        return links::tree_cases(g, pos);
    }
    let around = lay.ortho(t as usize);
    if around.iter().any(|&q| b.at(q) == TENT) {
        // Its tent may already be there: the free neighbours do not cover every case.
        return Err(format!("the tree at {pos} already has a tent next to it"));
    }
    let cases: Cases<Square> = around
        .iter()
        .filter(|&&q| b.at(q) == EMPTY)
        .map(|&q| vec![(lay.pos(q), Square::Tent)].into())
        .collect();
    if cases.is_empty() {
        return Err(format!(
            "the tree at {pos} has no free square (see no-tent-for-tree)"
        ));
    }
    Ok(cases)
}

/// The cases of a line: every placement of its missing tents on its empty squares with no two
/// tents touching (nor touching a tent already placed); the rest of its empty squares grass.
fn line_cases(b: &Board, at: Target) -> Result<Cases<Square>, String> {
    let lay = b.layout;
    let Some(l) = line_of(lay, at) else {
        return Err(format!(
            "{} is not a row or column",
            crate::proof::tree::target_text(at)
        ));
    };
    let name = lay.line_name(l);
    let need = lay.counts[l]
        .checked_sub(b.line_tents[l])
        .ok_or_else(|| format!("{name} already has too many tents (see too-many-tents)"))?
        as usize;
    let empty: Vec<u32> = lay.line_cells(l).filter(|&c| b.is_empty(c)).collect();
    if empty.is_empty() {
        return Err(format!("{name} has no empty square"));
    }
    let touches = |a: u32, z: u32| lay.touch(a as usize).contains(&z);
    let placements = choose(&empty, need, 100_000)
        .ok_or_else(|| format!("{name} has too many placements to list"))?;
    let cases: Cases<Square> = placements
        .into_iter()
        .filter(|pick| {
            pick.iter().enumerate().all(|(i, &a)| {
                pick[i + 1..].iter().all(|&z| !touches(a, z))
                    && lay.touch(a as usize).iter().all(|&q| b.at(q) != TENT)
            })
        })
        .map(|pick| {
            empty
                .iter()
                .map(|&c| {
                    let v = if pick.contains(&c) { TENT } else { GRASS };
                    (lay.pos(c), piece(v))
                })
                .collect::<Vec<_>>()
                .into()
        })
        .collect();
    match cases.len() {
        0 => Err(format!("{name} has no placement (see no-line-placement)")),
        n if n > MAX_CASES => Err(format!(
            "{name} has {n} placements, more than {MAX_CASES}: split on squares first"
        )),
        _ => Ok(cases),
    }
}
