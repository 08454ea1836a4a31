//! A proof tree as checked: each step with its verdict and the position after it, so a step
//! added at the end of a branch is checked alone (the player checks as they go) and only what
//! depends on a changed branch (a merge after it) is checked again. [`super::judge`] is the
//! whole tree checked once and summed up.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::deduce::Rule;
use crate::game::{Game, MoveKind, Target};
use crate::grid::Pos;

use super::tree::{
    Branch, Invalid, Located, Proof, Report, Step, contradiction_holds, direct_verdicts,
    link_verdicts, target_text,
};
use super::{Case, CaseRule, ForcedLink, Link, ProofRules};

/// The steps of one sequence (the proof's top level, or a branch), shared between the
/// snapshots an undo history keeps.
pub type Seq<G> = Vec<Arc<Checked<G>>>;

/// One step, checked against the position before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked<G: Game> {
    /// The step's line in its file, or the number the player's proof gave it.
    pub id: usize,
    /// What the step does.
    pub kind: Kind<G>,
    /// The position after it (a case or contradiction leaves the position as it was).
    pub after: Arc<G>,
    /// Why it is invalid, per square or element (empty: valid).
    pub invalid: Vec<Invalid>,
    /// A valid contradiction: the branch ends here.
    pub closes: bool,
    /// It follows a contradiction that closed its branch: not checked at all.
    pub skipped: bool,
}

/// What a checked step does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind<G: Game> {
    /// Sets squares and makes links by a direct rule (none: everywhere the rule forces).
    Direct {
        /// The rule.
        rule: Rule,
        /// The squares set, as written (empty with no link: apply everywhere).
        sets: Vec<(Pos, G::Piece)>,
        /// The links made, as written.
        links: Vec<Link>,
    },
    /// Splits the position, one branch per case.
    Case {
        /// The case rule.
        rule: CaseRule,
        /// The square or line split on.
        at: Target,
        /// The branches, in the rule's order of cases.
        branches: Vec<CheckedBranch<G>>,
    },
    /// Names a contradiction.
    Contradiction {
        /// The contradiction rule.
        rule: Rule,
        /// Where it is said to hold.
        at: Target,
    },
    /// Carries the one open branch of the case just before back.
    Merge,
}

/// One branch of a checked case step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedBranch<G: Game> {
    /// The line of its marker in a file (0 otherwise).
    pub line: usize,
    /// Its position before its first step: the case's squares set.
    pub start: Arc<G>,
    /// Its steps.
    pub steps: Seq<G>,
}

impl<G: Game> Kind<G> {
    /// The rule's id as a proof file writes it (`merge` for a merge).
    pub fn rule_id(&self) -> &'static str {
        match self {
            Kind::Direct { rule, .. } | Kind::Contradiction { rule, .. } => rule.id,
            Kind::Case { rule, .. } => rule.id,
            Kind::Merge => "merge",
        }
    }
}

/// How a sequence ends.
pub enum End<'a, G: Game> {
    /// A contradiction closed it.
    Closed,
    /// On a position (solved or open).
    At(&'a G),
    /// With a case split not merged: its branches hold the leaves.
    Split(Vec<End<'a, G>>),
}

impl<G: Game> End<'_, G> {
    /// Whether every leaf under it is closed.
    pub fn all_closed(&self) -> bool {
        match self {
            End::Closed => true,
            End::At(_) => false,
            End::Split(branches) => branches.iter().all(End::all_closed),
        }
    }
}

/// How the sequence `steps`, starting at `start`, ends.
pub fn end_of<'a, G: Game>(start: &'a G, steps: &'a [Arc<Checked<G>>]) -> End<'a, G> {
    if steps.iter().any(|s| s.closes) {
        return End::Closed;
    }
    match steps.last().map(|s| (&s.kind, s)) {
        None => End::At(start),
        Some((Kind::Case { branches, .. }, s)) if !s.skipped => End::Split(
            branches
                .iter()
                .map(|b| end_of(b.start.as_ref(), &b.steps))
                .collect(),
        ),
        Some((_, s)) => End::At(&s.after),
    }
}

/// The position at the end of a sequence's first `at` steps.
pub fn position_after<'a, G: Game>(
    start: &'a Arc<G>,
    steps: &'a [Arc<Checked<G>>],
    at: usize,
) -> &'a Arc<G> {
    match at.checked_sub(1).and_then(|i| steps.get(i)) {
        Some(step) => &step.after,
        None => start,
    }
}

/// Checks one step written as `step` after `prefix` (the steps before it in its sequence,
/// already checked) from the sequence's `start`. Its branches, if any, are checked whole.
pub fn check_step<G: ProofRules>(
    start: &Arc<G>,
    prefix: &[Arc<Checked<G>>],
    id: usize,
    step: &Step<G::Piece>,
) -> Checked<G> {
    let before = position_after(start, prefix, prefix.len()).clone();
    let mut checked = Checked {
        id,
        kind: Kind::Merge,
        after: before.clone(),
        invalid: Vec::new(),
        closes: false,
        skipped: false,
    };
    let rule_id = rule_id_of(step);
    let invalid = |at: Option<Target>, reason: String| Invalid {
        line: id,
        rule: rule_id.to_string(),
        at,
        reason,
    };
    if let Some(closer) = prefix.iter().find(|s| s.closes) {
        checked.kind = unchecked_kind(&before, step);
        checked.skipped = true;
        checked.invalid.push(invalid(
            None,
            format!(
                "the branch is already closed by the contradiction on line {}",
                closer.id
            ),
        ));
        return checked;
    }
    let split = prefix
        .last()
        .filter(|s| matches!(s.kind, Kind::Case { .. }) && !s.skipped);
    if let Some(case) = split
        && !matches!(step, Step::Merge)
    {
        checked.invalid.push(invalid(
            None,
            format!(
                "the case split on line {} must be merged before another step",
                case.id
            ),
        ));
    }
    match step {
        Step::Direct { rule, sets, links } => {
            let (after, mut found) = check_direct(before.as_ref(), rule, sets, links);
            for f in &mut found {
                f.line = id;
            }
            checked.after = Arc::new(after);
            checked.invalid.extend(found);
            checked.kind = Kind::Direct {
                rule: *rule,
                sets: sets.clone(),
                links: links.clone(),
            };
        }
        Step::Contradiction { rule, at } => {
            match contradiction_holds(before.as_ref(), rule, *at) {
                Ok(()) => checked.closes = true,
                Err(reason) => checked.invalid.push(invalid(Some(*at), reason)),
            }
            checked.kind = Kind::Contradiction {
                rule: *rule,
                at: *at,
            };
        }
        Step::Case { rule, at, branches } => {
            let (branches, fault) = check_case(&before, rule, *at, branches);
            if let Some(reason) = fault {
                checked.invalid.push(invalid(Some(*at), reason));
            }
            checked.kind = Kind::Case {
                rule: *rule,
                at: *at,
                branches,
            };
        }
        Step::Merge => match merge_after(split) {
            Ok(next) => checked.after = Arc::new(next),
            Err(reason) => checked.invalid.push(invalid(None, reason)),
        },
    }
    checked
}

/// The position a merge carries back from `split` (the case step just before it, if any),
/// or why it cannot.
fn merge_after<G: Game>(split: Option<&Arc<Checked<G>>>) -> Result<G, String> {
    let Some(case) = split else {
        return Err("a merge follows the branches of a case split".into());
    };
    let Kind::Case { branches, .. } = &case.kind else {
        unreachable!("a split is a case step");
    };
    let ends: Vec<End<G>> = branches
        .iter()
        .map(|b| end_of(b.start.as_ref(), &b.steps))
        .collect();
    merged(&ends)
        .cloned()
        .map_err(|reason| format!("cannot merge the split on line {}: {reason}", case.id))
}

/// The rule's id a step names (`merge` for a merge).
fn rule_id_of<P>(step: &Step<P>) -> &'static str {
    match step {
        Step::Direct { rule, .. } | Step::Contradiction { rule, .. } => rule.id,
        Step::Case { rule, .. } => rule.id,
        Step::Merge => "merge",
    }
}

/// A step after a closing contradiction: kept as written, its branches unchecked.
fn unchecked_kind<G: ProofRules>(before: &Arc<G>, step: &Step<G::Piece>) -> Kind<G> {
    match step {
        Step::Direct { rule, sets, links } => Kind::Direct {
            rule: *rule,
            sets: sets.clone(),
            links: links.clone(),
        },
        Step::Contradiction { rule, at } => Kind::Contradiction {
            rule: *rule,
            at: *at,
        },
        Step::Case { rule, at, branches } => Kind::Case {
            rule: *rule,
            at: *at,
            branches: branches
                .iter()
                .map(|b| CheckedBranch {
                    line: b.line,
                    start: before.clone(),
                    steps: b
                        .steps
                        .iter()
                        .map(|s| {
                            Arc::new(Checked {
                                id: s.line,
                                kind: unchecked_kind(before, &s.step),
                                after: before.clone(),
                                invalid: Vec::new(),
                                closes: false,
                                skipped: true,
                            })
                        })
                        .collect(),
                })
                .collect(),
        },
        Step::Merge => Kind::Merge,
    }
}

/// Checks a direct step square by square and link by link: the position after it (every legal
/// square set, every possible link made) and what is invalid (lines left 0).
fn check_direct<G: ProofRules>(
    position: &G,
    rule: &Rule,
    sets: &[(Pos, G::Piece)],
    links: &[Link],
) -> (G, Vec<Invalid>) {
    let mut invalid = Vec::new();
    let mut fault = |at: Option<Target>, reason: String| {
        invalid.push(Invalid {
            line: 0,
            rule: rule.id.to_string(),
            at,
            reason,
        })
    };
    if !sets.is_empty() || !links.is_empty() {
        // Squares named: the rule is judged at them only (a derived rule costs two trials a
        // square).
        let squares = if sets.is_empty() {
            Ok(Vec::new())
        } else {
            direct_verdicts(position, rule, sets)
        };
        match squares.and_then(|s| Ok((s, link_verdicts(position, rule, links)?))) {
            Err(e) => fault(None, e.to_string()),
            Ok((squares, linked)) => {
                for (pos, verdict) in squares {
                    if let Err(reason) = verdict {
                        fault(Some(Target::Square(pos)), reason);
                    }
                }
                for (link, verdict) in linked {
                    if let Err(reason) = verdict {
                        fault(Some(Target::Square(link.tent)), reason);
                    }
                }
            }
        }
        return (apply_case(position, sets, links), invalid);
    }
    let (forced, forced_links) = match (position.forced(rule), position.forced_links(rule)) {
        (Ok(f), Ok(l)) => (f, l),
        (Err(e), _) | (_, Err(e)) => {
            fault(None, e.to_string());
            return (position.clone(), invalid);
        }
    };
    if forced.is_empty() && forced_links.is_empty() {
        fault(None, format!("{} applies nowhere here", rule.name));
        return (position.clone(), invalid);
    }
    // Each square once, in the order forced (a step may force thousands of squares).
    let mut everywhere: Vec<(Pos, G::Piece)> = Vec::new();
    let mut first: HashMap<Pos, G::Piece> = HashMap::new();
    for f in &forced {
        match first.get(&f.pos) {
            Some(v) if *v != f.piece => fault(
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
    let links: Vec<Link> = unique_links(&forced_links);
    (apply_case(position, &everywhere, &links), invalid)
}

/// The forced links, each once, in the order forced.
fn unique_links(forced: &[ForcedLink]) -> Vec<Link> {
    let mut seen = HashSet::new();
    forced
        .iter()
        .map(|f| f.link)
        .filter(|l| seen.insert(*l))
        .collect()
}

/// Checks a case step's branches from `position`; the fault of the split itself, if any.
fn check_case<G: ProofRules>(
    position: &Arc<G>,
    rule: &CaseRule,
    at: Target,
    branches: &[Branch<G::Piece>],
) -> (Vec<CheckedBranch<G>>, Option<String>) {
    let (cases, fault) = match position.cases(rule, at) {
        Ok(cases) if cases.len() == branches.len() => (cases, None),
        Ok(cases) => {
            let fault = format!(
                "{} at {} gives {} cases, the proof has {} branches",
                rule.name,
                target_text(at),
                cases.len(),
                branches.len()
            );
            (cases, Some(fault))
        }
        // The branches are still checked, from the position as it is.
        Err(reason) => (Vec::new(), Some(reason)),
    };
    let checked = branches
        .iter()
        .enumerate()
        .map(|(k, b)| {
            let start = match cases.get(k) {
                Some(case) => Arc::new(apply_case(position.as_ref(), &case.sets, &case.links)),
                None => position.clone(),
            };
            let steps = check_sequence(&start, &b.steps);
            CheckedBranch {
                line: b.line,
                start,
                steps,
            }
        })
        .collect();
    (checked, fault)
}

/// Checks a whole sequence of steps from `start`.
pub fn check_sequence<G: ProofRules>(start: &Arc<G>, steps: &[Located<Step<G::Piece>>]) -> Seq<G> {
    let mut seq: Seq<G> = Vec::with_capacity(steps.len());
    for located in steps {
        let checked = check_step(start, &seq, located.line, &located.step);
        seq.push(Arc::new(checked));
    }
    seq
}

/// Checks again the steps of `seq` from index `from` on (those before are kept as checked):
/// what a changed branch before them, or a changed start, may have changed.
pub fn recheck_from<G: ProofRules>(start: &Arc<G>, seq: &[Arc<Checked<G>>], from: usize) -> Seq<G> {
    let mut out: Seq<G> = seq[..from.min(seq.len())].to_vec();
    for checked in &seq[out.len()..] {
        let step = step_of(checked);
        out.push(Arc::new(check_step(start, &out, checked.id, &step)));
    }
    out
}

/// A checked step as written (its branches' steps included).
pub fn step_of<G: Game>(checked: &Checked<G>) -> Step<G::Piece> {
    match &checked.kind {
        Kind::Direct { rule, sets, links } => Step::Direct {
            rule: *rule,
            sets: sets.clone(),
            links: links.clone(),
        },
        Kind::Contradiction { rule, at } => Step::Contradiction {
            rule: *rule,
            at: *at,
        },
        Kind::Case { rule, at, branches } => Step::Case {
            rule: *rule,
            at: *at,
            branches: branches
                .iter()
                .map(|b| Branch {
                    line: b.line,
                    steps: located_steps(&b.steps),
                })
                .collect(),
        },
        Kind::Merge => Step::Merge,
    }
}

/// A checked sequence as written.
pub fn located_steps<G: Game>(seq: &[Arc<Checked<G>>]) -> Vec<Located<Step<G::Piece>>> {
    seq.iter()
        .map(|c| Located {
            line: c.id,
            step: step_of(c),
        })
        .collect()
}

/// The position after a merge of a split whose branches ended as `ends`.
fn merged<'a, G: Game>(ends: &[End<'a, G>]) -> Result<&'a G, String> {
    let open: Vec<(usize, &End<G>)> = ends
        .iter()
        .enumerate()
        .filter(|(_, e)| !e.all_closed())
        .collect();
    match open[..] {
        [] => Err("every branch is closed (the position before it has no solution)".into()),
        [(_, End::At(g))] => Ok(*g),
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
pub fn apply_all<G: Game>(position: &G, sets: &[(Pos, G::Piece)]) -> G {
    let mut g = position.clone();
    for &(pos, piece) in sets {
        if g.check_move(pos, piece) != MoveKind::Illegal {
            g = g.apply(pos, piece);
        }
    }
    g
}

/// The position with every legal one of `sets` played, then every possible one of `links`
/// made (squares first: a link's tent may be one of them).
pub fn apply_case<G: ProofRules>(position: &G, sets: &[(Pos, G::Piece)], links: &[Link]) -> G {
    let mut g = apply_all(position, sets);
    for &link in links {
        if let Ok(next) = g.linked(link) {
            g = next;
        }
    }
    g
}

/// The same, for a case.
pub fn apply_whole<G: ProofRules>(position: &G, case: &Case<G::Piece>) -> G {
    apply_case(position, &case.sets, &case.links)
}

/// The judgement of a checked tree whose top level starts at `start`.
pub fn report<G: Game>(start: &G, root: &[Arc<Checked<G>>]) -> Report<G> {
    let mut report = Report {
        invalid: Vec::new(),
        open: 0,
        closed: 0,
        solved: Vec::new(),
        steps: 0,
        splits: 0,
        rules_used: Vec::new(),
    };
    let mut seen = HashSet::new();
    tally(root, &mut report, &mut seen);
    leaves(&end_of(start, root), &mut report);
    report
}

/// Adds a sequence's steps, invalid steps and rules to the report, in file order.
fn tally<G: Game>(
    seq: &[Arc<Checked<G>>],
    report: &mut Report<G>,
    seen: &mut HashSet<&'static str>,
) {
    for step in seq {
        report.steps += 1;
        report.invalid.extend(step.invalid.iter().cloned());
        if step.skipped {
            continue;
        }
        if !matches!(step.kind, Kind::Merge) && seen.insert(step.kind.rule_id()) {
            report.rules_used.push(step.kind.rule_id().to_string());
        }
        if let Kind::Case { branches, .. } = &step.kind {
            report.splits += 1;
            for b in branches {
                tally(&b.steps, report, seen);
            }
        }
    }
}

/// Counts the leaves under an end: open, closed, and the solved boards.
fn leaves<G: Game>(end: &End<G>, report: &mut Report<G>) {
    match end {
        End::Closed => report.closed += 1,
        End::At(g) if g.is_won() => report.solved.push((*g).clone()),
        End::At(_) => report.open += 1,
        End::Split(branches) => branches.iter().for_each(|b| leaves(b, report)),
    }
}

/// Checks a whole proof from the puzzle's cleared position: its start and top level.
pub fn check_proof<G: ProofRules>(proof: &Proof<G>) -> (Arc<G>, Seq<G>) {
    let start = Arc::new(proof.puzzle.cleared());
    let root = check_sequence(&start, &proof.steps);
    (start, root)
}
