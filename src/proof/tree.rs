//! The proof tree (pure, immutable) and its judgement: each step against the position before
//! it, each square of a direct step on its own, and whether every leaf is solved or closed.

use std::collections::{HashMap, HashSet};

use crate::deduce::Rule;
use crate::game::{Game, MoveKind, Target};
use crate::grid::Pos;

use super::{CaseRule, Forced, NotCheckable, ProofRules};

/// One step of a proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<P> {
    /// Sets squares by a direct rule; no square at all applies the rule everywhere it forces.
    Direct {
        /// The rule.
        rule: Rule,
        /// The squares set, in order (empty: apply everywhere).
        sets: Vec<(Pos, P)>,
    },
    /// Splits the position: one branch per case of the rule at the element, in the rule's order.
    Case {
        /// The case rule.
        rule: CaseRule,
        /// The square or line split on.
        at: Target,
        /// One branch per case.
        branches: Vec<Branch<P>>,
    },
    /// Names a contradiction that closes the branch.
    Contradiction {
        /// The contradiction rule.
        rule: Rule,
        /// Where it holds.
        at: Target,
    },
    /// Carries the one open branch of the case step just before back to its position.
    Merge,
}

/// A step and the line it was read from.
#[derive(Clone, Debug, Eq)]
pub struct Located<S> {
    /// 1-based line in the proof file (0 for a step the program made); equality ignores it.
    pub line: usize,
    /// The step.
    pub step: S,
}

impl<S: PartialEq> PartialEq for Located<S> {
    fn eq(&self, other: &Self) -> bool {
        self.step == other.step
    }
}

impl<S> Located<S> {
    /// A step made by the program (no line).
    pub fn made(step: S) -> Self {
        Located { line: 0, step }
    }
}

/// One branch of a case step: its steps after the case's squares.
#[derive(Clone, Debug, Eq)]
pub struct Branch<P> {
    /// The line of its `branch` marker (0 for one the program made); equality ignores it.
    pub line: usize,
    /// Its steps.
    pub steps: Vec<Located<Step<P>>>,
}

impl<P: PartialEq> PartialEq for Branch<P> {
    fn eq(&self, other: &Self) -> bool {
        self.steps == other.steps
    }
}

/// A whole proof: the puzzle (from its cleared position) and its steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof<G: Game> {
    /// The puzzle proved.
    pub puzzle: G,
    /// The top-level steps.
    pub steps: Vec<Located<Step<G::Piece>>>,
}

/// An invalid step: where, which rule, which square or element, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The step's line (0 for a step the program made).
    pub line: usize,
    /// The rule named (`merge` for a merge).
    pub rule: String,
    /// The square or element judged invalid, when the fault is at one.
    pub at: Option<Target>,
    /// Why.
    pub reason: String,
}

/// The judgement of a whole proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<G> {
    /// Every invalid step (each square of a direct step on its own), in the order of the file.
    pub invalid: Vec<Invalid>,
    /// Leaves neither solved nor closed.
    pub open: usize,
    /// Leaves closed by a contradiction.
    pub closed: usize,
    /// The solved boards at leaves, in order.
    pub solved: Vec<G>,
    /// How many steps (every line that is a step: direct, case, contradiction, merge).
    pub steps: usize,
    /// How many case steps.
    pub splits: usize,
    /// The rules used, in order of first use.
    pub rules_used: Vec<String>,
}

impl<G> Report<G> {
    /// Complete and valid: no invalid step and every leaf solved or closed.
    pub fn complete(&self) -> bool {
        self.invalid.is_empty() && self.open == 0
    }
}

/// How a sequence of steps ended.
#[derive(Clone, Debug)]
enum End<G> {
    /// A contradiction closed it.
    Closed,
    /// A position after its last step (solved or open).
    At(G),
    /// It ends with a case split: its branches hold the leaves.
    Split {
        /// Per branch: closed or not, and its end.
        branches: Vec<End<G>>,
    },
}

impl<G: Game> End<G> {
    /// Whether every leaf under it is closed.
    fn all_closed(&self) -> bool {
        match self {
            End::Closed => true,
            End::At(_) => false,
            End::Split { branches } => branches.iter().all(End::all_closed),
        }
    }
}

/// The judge's running tallies.
struct Judge<G> {
    report: Report<G>,
    seen_rules: HashSet<String>,
}

impl<G: ProofRules> Judge<G> {
    fn used(&mut self, id: &str) {
        if self.seen_rules.insert(id.to_string()) {
            self.report.rules_used.push(id.to_string());
        }
    }

    fn invalid(&mut self, line: usize, rule: &str, at: Option<Target>, reason: String) {
        self.report.invalid.push(Invalid {
            line,
            rule: rule.to_string(),
            at,
            reason,
        });
    }

    /// Judges a sequence of steps from `start`; how it ended.
    fn sequence(&mut self, start: &G, steps: &[Located<Step<G::Piece>>]) -> End<G> {
        let mut position = start.clone();
        // The case step just before (unmerged), and the line of a contradiction that closed
        // the branch.
        let mut split: Option<(usize, Vec<End<G>>)> = None;
        let mut closed_at: Option<usize> = None;
        for located in steps {
            let line = located.line;
            self.report.steps += 1;
            if let Some(at) = closed_at {
                let rule = step_rule(&located.step);
                self.invalid(
                    line,
                    &rule,
                    None,
                    format!("the branch is already closed by the contradiction on line {at}"),
                );
                continue;
            }
            if let Some((case_line, _)) = &split
                && !matches!(located.step, Step::Merge)
            {
                let case_line = *case_line;
                let rule = step_rule(&located.step);
                self.invalid(
                    line,
                    &rule,
                    None,
                    format!(
                        "the case split on line {case_line} must be merged before another step"
                    ),
                );
                split = None;
            }
            match &located.step {
                Step::Direct { rule, sets } => {
                    self.used(rule.id);
                    position = self.direct(&position, line, rule, sets);
                }
                Step::Contradiction { rule, at } => {
                    self.used(rule.id);
                    match contradiction_holds(&position, rule, *at) {
                        Ok(()) => closed_at = Some(line),
                        Err(reason) => self.invalid(line, rule.id, Some(*at), reason),
                    }
                }
                Step::Case { rule, at, branches } => {
                    self.used(rule.id);
                    self.report.splits += 1;
                    let ends = self.case(&position, line, rule, *at, branches);
                    split = Some((line, ends));
                }
                Step::Merge => match split.take() {
                    None => self.invalid(
                        line,
                        "merge",
                        None,
                        "a merge follows the branches of a case split".into(),
                    ),
                    Some((case_line, ends)) => match merged(&ends) {
                        Ok(next) => position = next,
                        Err(reason) => self.invalid(
                            line,
                            "merge",
                            None,
                            format!("cannot merge the split on line {case_line}: {reason}"),
                        ),
                    },
                },
            }
        }
        if closed_at.is_some() {
            End::Closed
        } else if let Some((_, branches)) = split {
            End::Split { branches }
        } else {
            End::At(position)
        }
    }

    /// Judges a direct step square by square; the position after it (every legal square set).
    fn direct(&mut self, position: &G, line: usize, rule: &Rule, sets: &[(Pos, G::Piece)]) -> G {
        if !sets.is_empty() {
            match direct_verdicts(position, rule, sets) {
                Err(e) => self.invalid(line, rule.id, None, e.to_string()),
                Ok(verdicts) => {
                    for (pos, verdict) in verdicts {
                        if let Err(reason) = verdict {
                            self.invalid(line, rule.id, Some(Target::Square(pos)), reason);
                        }
                    }
                }
            }
            return apply_all(position, sets);
        }
        let forced = match position.forced(rule) {
            Ok(f) => f,
            Err(e) => {
                self.invalid(line, rule.id, None, e.to_string());
                return position.clone();
            }
        };
        if forced.is_empty() {
            self.invalid(
                line,
                rule.id,
                None,
                format!("{} applies nowhere here", rule.name),
            );
            return position.clone();
        }
        let mut everywhere: Vec<(Pos, G::Piece)> = Vec::new();
        let mut first: HashMap<Pos, G::Piece> = HashMap::new();
        for f in &forced {
            match first.get(&f.pos) {
                Some(v) if *v != f.piece => self.invalid(
                    line,
                    rule.id,
                    Some(Target::Square(f.pos)),
                    format!(
                        "{} forces both {} and {} on {}: the position is contradictory",
                        rule.name,
                        G::piece_name(*v),
                        G::piece_name(f.piece),
                        f.pos
                    ),
                ),
                Some(_) => {}
                None => {
                    first.insert(f.pos, f.piece);
                    everywhere.push((f.pos, f.piece));
                }
            }
        }
        apply_all(position, &everywhere)
    }

    /// Judges a case step and its branches; each branch's end.
    fn case(
        &mut self,
        position: &G,
        line: usize,
        rule: &CaseRule,
        at: Target,
        branches: &[Branch<G::Piece>],
    ) -> Vec<End<G>> {
        let cases = match position.cases(rule, at) {
            Ok(cases) => cases,
            Err(reason) => {
                self.invalid(line, rule.id, Some(at), reason);
                // The branches are still judged, from the position as it is.
                return branches
                    .iter()
                    .map(|b| self.sequence(position, &b.steps))
                    .collect();
            }
        };
        if cases.len() != branches.len() {
            self.invalid(
                line,
                rule.id,
                Some(at),
                format!(
                    "{} at {} gives {} cases, the proof has {} branches",
                    rule.name,
                    target_text(at),
                    cases.len(),
                    branches.len()
                ),
            );
        }
        branches
            .iter()
            .enumerate()
            .map(|(k, b)| {
                let start = cases
                    .get(k)
                    .map_or_else(|| position.clone(), |c| apply_all(position, c));
                self.sequence(&start, &b.steps)
            })
            .collect()
    }
}

/// A square of a direct step and its verdict: valid, or why not.
pub type Verdict = (Pos, Result<(), String>);

/// Each square of a direct step judged on its own against `position`, as the judge does (and
/// the player's proof mode as each step is made): the rule checked at the step's squares only,
/// then per square, in order, valid or why not (a square set twice is refused the second time).
pub fn direct_verdicts<G: ProofRules>(
    position: &G,
    rule: &Rule,
    sets: &[(Pos, G::Piece)],
) -> Result<Vec<Verdict>, NotCheckable> {
    let squares: Vec<Pos> = sets.iter().map(|&(p, _)| p).collect();
    // What the rule forces, square by square: a step may set thousands of squares.
    let mut at_square: HashMap<Pos, Vec<Forced<G::Piece>>> = HashMap::new();
    for f in position.forced_at(rule, &squares)? {
        at_square.entry(f.pos).or_default().push(f);
    }
    let mut seen: HashSet<Pos> = HashSet::new();
    Ok(sets
        .iter()
        .map(|&(pos, piece)| {
            let verdict = if seen.insert(pos) {
                let here = at_square.get(&pos).map_or(&[][..], Vec::as_slice);
                square_verdict(position, rule, here, pos, piece)
            } else {
                Err(format!("{pos} is set twice in one step"))
            };
            (pos, verdict)
        })
        .collect())
}

/// Whether `rule` forces `piece` on `pos` of `position` (`forced` is its application there);
/// the reason when not.
pub fn square_verdict<G: ProofRules>(
    position: &G,
    rule: &Rule,
    forced: &[super::Forced<G::Piece>],
    pos: Pos,
    piece: G::Piece,
) -> Result<(), String> {
    if forced.iter().any(|f| f.pos == pos && f.piece == piece) {
        return Ok(());
    }
    if position.check_move(pos, piece) == MoveKind::Illegal || !position.is_open(pos) {
        let now = position.piece(pos);
        return Err(format!(
            "{}: {pos} is not open (it holds {})",
            rule.name,
            G::piece_name(now)
        ));
    }
    if let Some(f) = forced.iter().find(|f| f.pos == pos) {
        return Err(format!(
            "{} makes {pos} {}, not {}",
            rule.name,
            G::piece_name(f.piece),
            G::piece_name(piece)
        ));
    }
    Err(position.why_not(rule, pos))
}

/// Whether contradiction `rule` holds at `at` on `position`; the reason when not.
pub fn contradiction_holds<G: ProofRules>(
    position: &G,
    rule: &Rule,
    at: Target,
) -> Result<(), String> {
    if !position
        .contradictions_at(rule, at)
        .map_err(|e| e.to_string())?
        .is_empty()
    {
        return Ok(());
    }
    let found = position.contradictions(rule).map_err(|e| e.to_string())?;
    match found.first() {
        None => Err(format!("{} does not hold here", rule.name)),
        Some(f) => Err(format!(
            "{} does not hold at {} (it holds at {}: {})",
            rule.name,
            target_text(at),
            target_text(f.at[0]),
            f.text
        )),
    }
}

/// The position after a merge of a split whose branches ended as `ends`.
fn merged<G: Game>(ends: &[End<G>]) -> Result<G, String> {
    let open: Vec<(usize, &End<G>)> = ends
        .iter()
        .enumerate()
        .filter(|(_, e)| !e.all_closed())
        .collect();
    match open[..] {
        [] => Err("every branch is closed (the position before it has no solution)".into()),
        [(_, End::At(g))] => Ok(g.clone()),
        [(k, _)] => Err(format!("branch {} ends in a split of its own", k + 1)),
        _ => Err(format!(
            "{} branches are still open ({})",
            open.len(),
            open.iter()
                .map(|(k, _)| (k + 1).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The position with every legal one of `sets` played.
fn apply_all<G: Game>(position: &G, sets: &[(Pos, G::Piece)]) -> G {
    let mut g = position.clone();
    for &(pos, piece) in sets {
        if g.check_move(pos, piece) != MoveKind::Illegal {
            g = g.apply(pos, piece);
        }
    }
    g
}

/// The rule a step names, for messages.
fn step_rule<P>(step: &Step<P>) -> String {
    match step {
        Step::Direct { rule, .. } | Step::Contradiction { rule, .. } => rule.id.to_string(),
        Step::Case { rule, .. } => rule.id.to_string(),
        Step::Merge => "merge".to_string(),
    }
}

/// A square or line as the proof format writes it: `(2,3)`, `row 4`, `column 1`.
pub fn target_text(at: Target) -> String {
    match at {
        Target::Square(p) => p.to_string(),
        Target::Row(r) => format!("row {r}"),
        Target::Col(c) => format!("column {c}"),
    }
}

/// Counts leaves under an end: (open, closed) and the solved boards.
fn leaves<G: Game>(end: End<G>, report: &mut Report<G>) {
    match end {
        End::Closed => report.closed += 1,
        End::At(g) => {
            if g.is_won() {
                report.solved.push(g);
            } else {
                report.open += 1;
            }
        }
        End::Split { branches } => {
            for b in branches {
                leaves(b, report);
            }
        }
    }
}

/// Judges a whole proof from the puzzle's cleared position.
pub fn judge<G: ProofRules>(proof: &Proof<G>) -> Report<G> {
    let mut judge = Judge {
        report: Report {
            invalid: Vec::new(),
            open: 0,
            closed: 0,
            solved: Vec::new(),
            steps: 0,
            splits: 0,
            rules_used: Vec::new(),
        },
        seen_rules: HashSet::new(),
    };
    let end = judge.sequence(&proof.puzzle.cleared(), &proof.steps);
    let mut report = judge.report;
    leaves(end, &mut report);
    report
}
