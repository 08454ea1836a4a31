//! Mosaic as a proof checker (docs/rules.md#proof-mode): the single-clue and pair rules applied
//! everywhere they act (the hints' own rule code), their contradictions, and the case rules: a
//! square's colour, every way to satisfy a clue.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use crate::deduce::{Hint, Rule, RuleKind};
use crate::game::{ErrorMark, Target};
use crate::grid::Pos;
use crate::proof::derived;
use crate::proof::memo::{Slot, last_built};
use crate::proof::{
    Case, CaseRule, Cases, Element, Forced, Found, NotCheckable, ProofRules, kept_to, square_cases,
};

use super::catalogue::{CASE_ANALYSIS, CLUE_COMPLETE, CLUE_FILL, COUNTED_TWICE, NO_COLOUR_FITS};
use super::engine::{BLACK, Engine, UNKNOWN};
use super::hint::{clue_applications, contradictions, pair_applications, position};
use super::model::Model;
use super::trials::Closed;
use super::{Colour, Mosaic};

/// Black or white on an open square.
pub const CASE_SQUARE: CaseRule = CaseRule {
    id: "black-or-white",
    name: "Black or white",
    element: Element::Square,
    about: "an open square is black or white",
    legup: None,
};
/// Every way to satisfy a clue.
pub const CASE_CLUE: CaseRule = CaseRule {
    id: "clue-ways",
    name: "Ways to satisfy a clue",
    element: Element::Square,
    about: "a clue's missing black squares go on some of its undecided squares, the rest white",
    legup: None,
};

const CASE_RULES: &[CaseRule] = &[CASE_SQUARE, CASE_CLUE];

/// What the single-clue and pair rules see on a position, each part worked out when first
/// asked for.
struct Seen {
    position: Mosaic,
    clue_rules: OnceCell<Vec<Hint<Colour>>>,
    pair_rules: OnceCell<Vec<Hint<Colour>>>,
    contradictions: OnceCell<Vec<(Rule, Vec<ErrorMark>)>>,
}

impl Seen {
    /// Runs `f` on an engine holding the position.
    fn with_engine<T>(&self, f: impl FnOnce(&Engine) -> T) -> T {
        let m = Model::shared(&self.position);
        f(&position(&m, &self.position))
    }

    /// The applications of `rule` (a single-clue or pair rule).
    fn applications(&self, rule: &Rule) -> &[Hint<Colour>] {
        if [CLUE_COMPLETE, CLUE_FILL, COUNTED_TWICE].contains(rule) {
            self.clue_rules
                .get_or_init(|| self.with_engine(clue_applications))
        } else {
            self.pair_rules
                .get_or_init(|| self.with_engine(pair_applications))
        }
    }

    fn contradictions(&self) -> &[(Rule, Vec<ErrorMark>)] {
        self.contradictions
            .get_or_init(|| self.with_engine(contradictions))
    }
}

/// What the rules see on `g`, kept for the next check on the same position on this thread: a
/// proof's step asks each rule in turn about one position, and the rules of a kind share one
/// scan (of the clues, or of the clue pairs).
fn seen(g: &Mosaic) -> Rc<Seen> {
    thread_local! {
        static LAST: Slot<Mosaic, Seen> = const { RefCell::new(None) };
    }
    last_built(&LAST, g.clone(), || Seen {
        position: g.clone(),
        clue_rules: OnceCell::new(),
        pair_rules: OnceCell::new(),
        contradictions: OnceCell::new(),
    })
}

/// Case analysis (the derived rule) at `at`, or at every square: the position closed once,
/// each colour tried on it.
fn case_analysis(g: &Mosaic, rule: &Rule, at: Option<&[Pos]>) -> Vec<Forced<Colour>> {
    let m = Model::shared(g);
    let mut closed = Closed::of(position(&m, g));
    derived::case_analysis(g, rule, derived::squares_of(g, at), &mut closed)
}

/// No colour fits (the derived contradiction) at `at`, or at every square.
fn no_colour_fits(g: &Mosaic, at: Option<&[Pos]>) -> Vec<Found> {
    let m = Model::shared(g);
    let mut closed = Closed::of(position(&m, g));
    derived::no_value_fits(g, derived::squares_of(g, at), &mut closed)
}

impl ProofRules for Mosaic {
    fn case_rules() -> &'static [CaseRule] {
        CASE_RULES
    }

    fn forced(&self, rule: &Rule) -> Result<Vec<Forced<Colour>>, NotCheckable> {
        if *rule == CASE_ANALYSIS {
            return Ok(case_analysis(self, rule, None));
        }
        if rule.kind != RuleKind::Direct {
            return Err(NotCheckable(*rule));
        }
        Ok(seen(self)
            .applications(rule)
            .iter()
            .filter(|h| h.rule == *rule)
            .flat_map(|h| {
                h.sets.iter().map(|&(pos, piece)| Forced {
                    pos,
                    piece,
                    reason: h.explanation.clone(),
                })
            })
            .collect())
    }

    fn forced_at(&self, rule: &Rule, at: &[Pos]) -> Result<Vec<Forced<Colour>>, NotCheckable> {
        if *rule == CASE_ANALYSIS {
            return Ok(case_analysis(self, rule, Some(at)));
        }
        Ok(kept_to(self.forced(rule)?, at))
    }

    fn contradictions(&self, rule: &Rule) -> Result<Vec<Found>, NotCheckable> {
        if *rule == NO_COLOUR_FITS {
            return Ok(no_colour_fits(self, None));
        }
        if rule.kind != RuleKind::Contradiction {
            return Err(NotCheckable(*rule));
        }
        Ok(seen(self)
            .contradictions()
            .iter()
            .filter(|(r, _)| r == rule)
            .map(|(_, marks)| Found {
                text: marks.first().map(|k| k.reason.clone()).unwrap_or_default(),
                at: marks.iter().map(|k| k.target).collect(),
            })
            .collect())
    }

    fn contradictions_at(&self, rule: &Rule, at: Target) -> Result<Vec<Found>, NotCheckable> {
        match at {
            Target::Square(pos) if *rule == NO_COLOUR_FITS => {
                Ok(no_colour_fits(self, Some(&[pos])))
            }
            _ if *rule == NO_COLOUR_FITS => Ok(Vec::new()),
            _ => Ok(self
                .contradictions(rule)?
                .into_iter()
                .filter(|f| f.at.contains(&at))
                .collect()),
        }
    }

    fn cases(&self, rule: &CaseRule, at: Target) -> Result<Cases<Colour>, String> {
        match rule.id {
            id if id == CASE_SQUARE.id => square_cases(self, at),
            id if id == CASE_CLUE.id => clue_cases(self, at),
            _ => Err(format!("{} is not a case rule of Mosaic", rule.id)),
        }
    }
}

/// Every colouring of a clue's undecided squares that gives it exactly its number of black
/// squares (each counted as often as the clue counts it).
fn clue_cases(g: &Mosaic, at: Target) -> Result<Cases<Colour>, String> {
    let Target::Square(pos) = at else {
        return Err(format!(
            "{} is not a clue",
            crate::proof::tree::target_text(at)
        ));
    };
    let m = Model::shared(g);
    let e = position(&m, g);
    let index = m.topology.index(pos) as u32;
    let Some(clue) = m.clue_cell.iter().position(|&c| c == index) else {
        return Err(format!("{pos} has no clue"));
    };
    let terms = m.terms.row(clue);
    let black: i32 = terms
        .iter()
        .filter(|&&(c, _)| e.value(c) == BLACK)
        .map(|&(_, k)| k)
        .sum();
    let open: Vec<(u32, i32)> = terms
        .iter()
        .copied()
        .filter(|&(c, _)| e.value(c) == UNKNOWN)
        .collect();
    if open.is_empty() {
        return Err(format!("the clue at {pos} has no undecided square"));
    }
    let need = m.target[clue] - black;
    let cases: Vec<Vec<(Pos, Colour)>> = (0u32..1 << open.len())
        .filter(|mask| {
            let sum: i32 = (0..open.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| open[i].1)
                .sum();
            sum == need
        })
        .map(|mask| {
            (0..open.len())
                .map(|i| {
                    let colour = if mask & (1 << i) != 0 {
                        Colour::Black
                    } else {
                        Colour::White
                    };
                    (m.pos(open[i].0), colour)
                })
                .collect()
        })
        .collect();
    if cases.is_empty() {
        return Err(format!(
            "the clue at {pos} cannot be satisfied (see too-many-black, too-few-spaces)"
        ));
    }
    Ok(cases.into_iter().map(Case::from).collect())
}
