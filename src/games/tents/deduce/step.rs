//! A rule application (the squares it decides and why) and a contradiction, with the premises
//! and the one-sentence explanation a hint shows.

use crate::deduce::Rule;
use crate::game::Target;

use super::board::{Board, GRASS, Layout, TENT, cell_list, plural};

/// One application of a rule: the cells it decides and the facts it used.
#[derive(Clone, Debug)]
pub(super) struct Step {
    /// The rule applied.
    pub rule: Rule,
    /// The cells decided, with TENT or GRASS (never empty).
    pub sets: Vec<(u32, u8)>,
    /// What the deduction looked at.
    pub why: Why,
}

/// The facts behind a step, enough to name its premises and explain it.
#[derive(Clone, Debug)]
pub(super) enum Why {
    /// A line that has all its tents.
    FinishGrass { line: usize },
    /// A line whose free squares are exactly its missing tents.
    FinishTents { line: usize },
    /// A tent and the squares around it.
    Surround { tent: u32 },
    /// A square with no tree next to it.
    EmptyField { cell: u32 },
    /// A tree with one free square left.
    LastSpot { tree: u32 },
    /// A square whose trees are owned by single-tree tents: `(tree, tent)` pairs.
    TreeForTent { cell: u32, owners: Vec<(u32, u32)> },
    /// A tree whose tents are owned by other trees: `(tent, other tree)` pairs.
    TentForTree { tree: u32, owned: Vec<(u32, u32)> },
    /// A tree and its free squares.
    SharedNeighbour { tree: u32, spots: Vec<u32> },
    /// A line whose placements agree on some squares.
    LineEnumeration { line: usize },
    /// Trees with exactly as many free squares between them.
    ForcedPairing { trees: Vec<u32>, squares: Vec<u32> },
    /// Tents that use up all the trees around them.
    ImpossiblePairing { tents: Vec<u32>, trees: Vec<u32> },
    /// A value tried on a cell and the contradiction it led to.
    Case {
        cell: u32,
        tried: u8,
        contradiction: Box<Contradiction>,
    },
}

/// A contradiction: the position (or a trial) cannot lead to a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Contradiction {
    /// The contradiction rule that fired.
    pub rule: Rule,
    /// The squares and clues involved.
    pub at: Vec<Target>,
    /// What is wrong, e.g. "row 3 holds 3 tents but needs only 2".
    pub text: String,
}

/// Longest list of squares named in one sentence.
const NAMED: usize = 6;

fn value_name(v: u8) -> &'static str {
    if v == TENT { "a tent" } else { "grass" }
}

/// Upper-cases the first letter.
fn capital(s: String) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(f) => f.to_uppercase().chain(chars).collect(),
        None => s,
    }
}

impl Step {
    /// The premises and the explanation of this step on the board it was found on.
    pub(super) fn explain(&self, b: &Board) -> (Vec<Target>, String) {
        let lay = b.layout;
        let decided: Vec<u32> = self.sets.iter().map(|&(c, _)| c).collect();
        let cells = |v: &[u32]| cell_list(lay, v, NAMED);
        let squares = |v: &[u32]| v.iter().map(|&c| lay.square(c)).collect::<Vec<_>>();
        match &self.why {
            Why::FinishGrass { line } => {
                let mut prem = vec![lay.clue(*line)];
                prem.extend(line_tents(b, *line).into_iter().map(|c| lay.square(c)));
                let count = lay.counts[*line] as usize;
                let text = if count == 0 {
                    format!(
                        "{} has no tents, so its free squares are grass",
                        capital(lay.line_name(*line))
                    )
                } else {
                    format!(
                        "{} already has its {}, so its other squares are grass",
                        capital(lay.line_name(*line)),
                        plural(count, "tent")
                    )
                };
                (prem, text)
            }
            Why::FinishTents { line } => {
                let mut prem = vec![lay.clue(*line)];
                prem.extend(line_tents(b, *line).into_iter().map(|c| lay.square(c)));
                let missing = self.sets.len();
                let placed = b.line_tents[*line] as usize;
                let needs = if placed == 0 {
                    format!("needs {}", plural(missing, "tent"))
                } else {
                    format!("needs {} more", plural(missing, "tent"))
                };
                let text = if missing == 1 {
                    format!(
                        "{} {} and has 1 free square left, so {} is a tent",
                        capital(lay.line_name(*line)),
                        needs,
                        cells(&decided)
                    )
                } else {
                    format!(
                        "{} {} and has exactly {} free squares left, so {} are tents",
                        capital(lay.line_name(*line)),
                        needs,
                        missing,
                        cells(&decided)
                    )
                };
                (prem, text)
            }
            Why::Surround { tent } => (
                vec![lay.square(*tent)],
                format!(
                    "{} {} the tent at {}, so {} grass",
                    capital(cells(&decided)),
                    if decided.len() == 1 {
                        "touches"
                    } else {
                        "touch"
                    },
                    lay.pos(*tent),
                    if decided.len() == 1 {
                        "it is"
                    } else {
                        "they are"
                    }
                ),
            ),
            Why::EmptyField { cell } => (
                vec![lay.square(*cell)],
                format!(
                    "{} has no tree next to it, so it is grass",
                    capital(cells(&[*cell]))
                ),
            ),
            Why::LastSpot { tree } => (
                vec![lay.square(*tree)],
                format!(
                    "The tree at {} has no tent yet and {} is its only free square, so it is a tent",
                    lay.pos(*tree),
                    cells(&decided)
                ),
            ),
            Why::TreeForTent { cell, owners } => {
                let trees: Vec<u32> = owners.iter().map(|&(t, _)| t).collect();
                let tents: Vec<u32> = owners.iter().map(|&(_, x)| x).collect();
                let mut prem = vec![lay.square(*cell)];
                prem.extend(squares(&trees));
                prem.extend(squares(&tents));
                let text = if owners.len() == 1 {
                    format!(
                        "The only tree next to {} is {}, and it belongs to the tent at {} (that \
                         tent's only tree), so {} is grass",
                        lay.pos(*cell),
                        cells(&trees),
                        cells(&tents),
                        lay.pos(*cell)
                    )
                } else {
                    format!(
                        "The trees next to {} ({}) belong to the tents at {} (each of those \
                         tents' only tree), so {} is grass",
                        lay.pos(*cell),
                        cells(&trees),
                        cells(&tents),
                        lay.pos(*cell)
                    )
                };
                (prem, text)
            }
            Why::TentForTree { tree, owned } => {
                let tents: Vec<u32> = owned.iter().map(|&(x, _)| x).collect();
                let others: Vec<u32> = owned.iter().map(|&(_, t)| t).collect();
                let mut prem = vec![lay.square(*tree)];
                prem.extend(squares(&tents));
                prem.extend(squares(&others));
                let text = format!(
                    "The tree at {} cannot pair with the tent at {}, the only free square of the \
                     tree at {}, so its last free square {} is a tent",
                    lay.pos(*tree),
                    cells(&tents),
                    cells(&others),
                    cells(&decided)
                );
                (prem, text)
            }
            Why::SharedNeighbour { tree, spots } => {
                let mut prem = vec![lay.square(*tree)];
                prem.extend(squares(spots));
                let text = format!(
                    "The tree at {} needs its tent on {}, and a tent on {} would touch {}, so {} \
                     grass",
                    lay.pos(*tree),
                    cell_list(lay, spots, NAMED).replace(" and ", " or "),
                    cells(&decided),
                    if spots.len() == 2 {
                        "both"
                    } else {
                        "all of them"
                    },
                    if decided.len() == 1 {
                        "it is"
                    } else {
                        "they are"
                    }
                );
                (prem, text)
            }
            Why::LineEnumeration { line } => {
                let mut prem = vec![lay.clue(*line)];
                prem.extend(lay.line_cells(*line).map(|c| lay.square(c)));
                let tents: Vec<u32> = pick(&self.sets, TENT);
                let grass: Vec<u32> = pick(&self.sets, GRASS);
                let mut parts = Vec::new();
                if !tents.is_empty() {
                    parts.push(format!(
                        "{} on {}",
                        if tents.len() == 1 { "a tent" } else { "tents" },
                        cells(&tents)
                    ));
                }
                if !grass.is_empty() {
                    parts.push(format!("grass on {}", cells(&grass)));
                }
                let text = format!(
                    "Every way to fit the {} of {} with no two touching puts {}",
                    plural(lay.counts[*line] as usize, "tent"),
                    lay.line_name(*line),
                    parts.join(" and ")
                );
                (prem, text)
            }
            Why::ForcedPairing {
                trees,
                squares: spots,
            } => {
                let mut prem = squares(trees);
                prem.extend(squares(spots));
                let text = format!(
                    "The {} at {} have only the {} {} {} left between them, one each, so {} {}",
                    plural(trees.len(), "tree"),
                    cells(trees),
                    spots.len(),
                    if spots.len() == 1 {
                        "square"
                    } else {
                        "squares"
                    },
                    cells(spots),
                    cells(&decided),
                    if decided.len() == 1 {
                        "is a tent"
                    } else {
                        "are tents"
                    }
                );
                (prem, text)
            }
            Why::ImpossiblePairing { tents, trees } => {
                let mut prem = squares(tents);
                prem.extend(squares(trees));
                prem.extend(squares(&decided));
                let text = format!(
                    "The tents at {} can only pair with the trees at {}, which leaves no tree \
                     for {}, so {} grass",
                    cells(tents),
                    cells(trees),
                    cells(&decided),
                    if decided.len() == 1 {
                        "it is"
                    } else {
                        "they are"
                    }
                );
                (prem, text)
            }
            Why::Case {
                cell,
                tried,
                contradiction,
            } => {
                let mut prem = vec![lay.square(*cell)];
                prem.extend(contradiction.at.iter().copied());
                prem.dedup();
                let text = format!(
                    "If {} were {}, the easy and tricky rules would lead to a contradiction \
                     ({}: {}), so it is {}",
                    lay.pos(*cell),
                    value_name(*tried),
                    contradiction.rule.name.to_lowercase(),
                    contradiction.text,
                    value_name(if *tried == TENT { GRASS } else { TENT })
                );
                (prem, text)
            }
        }
    }
}

/// The cells of `sets` decided to `v`.
fn pick(sets: &[(u32, u8)], v: u8) -> Vec<u32> {
    sets.iter()
        .filter(|&&(_, x)| x == v)
        .map(|&(c, _)| c)
        .collect()
}

/// The tents of a line.
fn line_tents(b: &Board, line: usize) -> Vec<u32> {
    b.layout
        .line_cells(line)
        .filter(|&c| b.is_tent(c))
        .collect()
}

impl Contradiction {
    /// A contradiction about a line's count.
    pub(super) fn line(rule: Rule, lay: &Layout, line: usize, text: String) -> Self {
        Contradiction {
            rule,
            at: vec![lay.clue(line)],
            text,
        }
    }

    /// A contradiction about some squares.
    pub(super) fn squares(rule: Rule, lay: &Layout, cells: &[u32], text: String) -> Self {
        Contradiction {
            rule,
            at: cells.iter().map(|&c| lay.square(c)).collect(),
            text,
        }
    }
}
