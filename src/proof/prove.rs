//! The program's own proofs: the direct rules applied everywhere, in catalogue order, while one
//! forces something; a contradiction rule as soon as one holds; and where no direct rule
//! applies, a split on the square the hint engine's case analysis picks (else the first open
//! square), each branch proved the same way, merged when all but one close.

use crate::deduce::{HintOutcome, Rule, RuleKind, Tier};
use crate::game::Target;
use crate::grid::Pos;

use super::tree::{Branch, Located, Proof, Step};
use super::{ProofRules, rules_of_kind};

/// Why no proof was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProveError {
    /// The rules end with more than one solved board: the puzzle has several solutions.
    #[error("the rules cannot finish it: the puzzle has several solutions")]
    Several,
    /// The search grew past its limit of case splits.
    #[error("the rules cannot finish it within {0} case splits")]
    TooManySplits(usize),
}

/// Most case splits a proof may make before `prove` gives up.
pub const MAX_SPLITS: usize = 2_000;

/// How a sequence of steps the prover wrote ends.
enum Ends<G> {
    Closed,
    /// Every leaf below is solved or closed; the solved boards.
    Solved(Vec<G>),
}

struct Prover {
    splits: usize,
}

/// A complete proof of `puzzle` (from its cleared position) by the game's own rules: one whose
/// leaves are a single solved board and closed branches, or all closed when the puzzle has no
/// solution.
pub fn prove<G: ProofRules>(puzzle: &G) -> Result<Proof<G>, ProveError> {
    let mut prover = Prover { splits: 0 };
    let mut steps = Vec::new();
    let ends = prover.sequence(puzzle.cleared(), &mut steps)?;
    if let Ends::Solved(boards) = &ends
        && boards.len() > 1
    {
        return Err(ProveError::Several);
    }
    Ok(Proof {
        puzzle: puzzle.clone(),
        steps,
    })
}

/// The step the program's own proof would take next on `g` (a hint in proof mode): a
/// contradiction that holds, else the first direct rule that forces something (with its
/// squares), else a case split on a square (its branches empty). `None` on a solved board or
/// one with nothing open.
pub fn next_step<G: ProofRules>(g: &G) -> Option<Step<G::Piece>> {
    if let Some(step) = contradiction(g) {
        return Some(step);
    }
    if g.is_won() {
        return None;
    }
    if let Some(step) = direct(g) {
        return Some(step);
    }
    let (pos, _) = split_square(g)?;
    let rule = G::case_rules()[0];
    let at = Target::Square(pos);
    let cases = g.cases(&rule, at).ok()?;
    Some(Step::Case {
        rule,
        at,
        branches: cases
            .iter()
            .map(|_| Branch {
                line: 0,
                steps: Vec::new(),
            })
            .collect(),
    })
}

/// The rules of `kind` the program's proofs use: not the derived ones (hard tier), which stand
/// for a case split that a certificate writes out (and cost two trials a square everywhere).
fn basic_rules<G: ProofRules>(kind: RuleKind) -> impl Iterator<Item = Rule> {
    rules_of_kind::<G>(kind).filter(|r| r.tier < Tier::Hard)
}

/// The first contradiction rule that holds on `g`, and where.
fn contradiction<G: ProofRules>(g: &G) -> Option<Step<G::Piece>> {
    basic_rules::<G>(RuleKind::Contradiction).find_map(|rule| {
        let found = g.contradictions(&rule).ok()?;
        let at = found.first()?.at.first().copied()?;
        Some(Step::Contradiction { rule, at })
    })
}

/// The first direct rule that forces something on `g`, with the squares it forces (each once).
fn direct<G: ProofRules>(g: &G) -> Option<Step<G::Piece>> {
    basic_rules::<G>(RuleKind::Direct).find_map(|rule| {
        let forced = g.forced(&rule).ok()?;
        let mut sets: Vec<(Pos, G::Piece)> = Vec::new();
        for f in forced {
            if !sets.iter().any(|(p, _)| *p == f.pos) {
                sets.push((f.pos, f.piece));
            }
        }
        (!sets.is_empty()).then_some(Step::Direct {
            rule,
            sets,
            links: Vec::new(),
        })
    })
}

/// The square to split on and the value the hint engine's case analysis says it takes (so the
/// other cases should close), else the first open square. The engine's rules are asked
/// directly, without the hints' prelude (which solves the puzzle to check the position first:
/// most of a proof's time, and the proof checks itself).
fn split_square<G: ProofRules>(g: &G) -> Option<(Pos, Option<G::Piece>)> {
    if g.error_marks().is_empty()
        && let HintOutcome::Hint(h) = g.next_deduction(None)
        && h.rule.kind == RuleKind::Case
        && let Some(&(pos, value)) = h.sets.first()
        && g.is_open(pos)
    {
        return Some((pos, Some(value)));
    }
    g.topology()
        .positions()
        .find(|&p| g.is_open(p))
        .map(|p| (p, None))
}

impl Prover {
    /// Proves from `position`, pushing steps; how it ends.
    fn sequence<G: ProofRules>(
        &mut self,
        mut position: G,
        steps: &mut Vec<Located<Step<G::Piece>>>,
    ) -> Result<Ends<G>, ProveError> {
        loop {
            if let Some(step) = contradiction(&position) {
                steps.push(Located::made(step));
                return Ok(Ends::Closed);
            }
            if position.is_won() {
                return Ok(Ends::Solved(vec![position]));
            }
            if let Some(step) = direct(&position) {
                if let Step::Direct { sets, .. } = &step {
                    for &(p, v) in sets {
                        position = position.apply(p, v);
                    }
                }
                steps.push(Located::made(step));
                continue;
            }
            let Some((pos, survivor)) = split_square(&position) else {
                // Nothing open, not won and no contradiction rule sees why: cannot go on.
                return Err(ProveError::TooManySplits(self.splits));
            };
            self.splits += 1;
            if self.splits > MAX_SPLITS {
                return Err(ProveError::TooManySplits(MAX_SPLITS));
            }
            let rule = G::case_rules()[0];
            let at = Target::Square(pos);
            let cases = position
                .cases(&rule, at)
                .expect("an open square splits by the square case rule");
            let starts: Vec<G> = cases
                .iter()
                .map(|case| super::checked::apply_whole(&position, case))
                .collect();
            let kept = survivor.and_then(|v| cases.iter().position(|c| c.sets == [(pos, v)]));
            // The cases case analysis refutes first: when they all close, the survivor needs
            // no steps of its own and merges at once, which keeps the proof flat.
            let mut branches: Vec<Branch<G::Piece>> = Vec::new();
            let mut ends: Vec<Option<Ends<G>>> = Vec::new();
            for (k, start) in starts.iter().enumerate() {
                let mut branch = Vec::new();
                let end = if Some(k) == kept {
                    None
                } else {
                    Some(self.sequence(start.clone(), &mut branch)?)
                };
                ends.push(end);
                branches.push(Branch {
                    line: 0,
                    steps: branch,
                });
            }
            let others_closed = ends.iter().flatten().all(|e| matches!(e, Ends::Closed));
            if let Some(k) = kept {
                if others_closed {
                    steps.push(Located::made(Step::Case { rule, at, branches }));
                    steps.push(Located::made(Step::Merge));
                    position = starts[k].clone();
                    continue;
                }
                let mut branch = Vec::new();
                ends[k] = Some(self.sequence(starts[k].clone(), &mut branch)?);
                branches[k].steps = branch;
            }
            steps.push(Located::made(Step::Case { rule, at, branches }));
            let open: Vec<&Vec<G>> = ends
                .iter()
                .flatten()
                .filter_map(|e| match e {
                    Ends::Solved(b) => Some(b),
                    Ends::Closed => None,
                })
                .collect();
            match open[..] {
                [] => return Ok(Ends::Closed),
                [boards] if boards.len() == 1 => {
                    // One branch survives and ends on a board: carry it back and go on.
                    position = boards[0].clone();
                    steps.push(Located::made(Step::Merge));
                }
                _ => {
                    let boards = open.into_iter().flatten().cloned().collect();
                    return Ok(Ends::Solved(boards));
                }
            }
        }
    }
}
