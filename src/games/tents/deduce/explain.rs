//! The premises and the one-sentence explanation a hint shows for a step, one function per
//! kind of reason.

use crate::game::Target;

use super::board::{Board, GRASS, Layout, TENT, cell_list, plural};
use super::step::{Contradiction, Step, Why};

/// Longest list of squares named in one sentence.
const NAMED: usize = 6;

/// A premise list and a sentence.
type Explained = (Vec<Target>, String);

impl Step {
    /// The premises and the explanation of this step on the board it was found on.
    pub(super) fn explain(&self, b: &Board) -> Explained {
        let cx = Context {
            b,
            lay: b.layout,
            sets: &self.sets,
            decided: self.sets.iter().map(|&(c, _)| c).collect(),
        };
        match &self.why {
            Why::FinishGrass { line } => finish_grass(&cx, *line),
            Why::FinishTents { line } => finish_tents(&cx, *line),
            Why::Surround { tent } => surround(&cx, *tent),
            Why::EmptyField { cell } => empty_field(&cx, *cell),
            Why::LastSpot { tree } => last_spot(&cx, *tree),
            Why::TreeForTent { cell, owners } => tree_for_tent(&cx, *cell, owners),
            Why::TentForTree { tree, owned } => tent_for_tree(&cx, *tree, owned),
            Why::SharedNeighbour { tree, spots } => shared_neighbour(&cx, *tree, spots),
            Why::LineEnumeration { line } => line_enumeration(&cx, *line),
            Why::ForcedPairing { trees, squares } => forced_pairing(&cx, trees, squares),
            Why::ImpossiblePairing { tents, trees } => impossible_pairing(&cx, tents, trees),
            Why::Case {
                cell,
                tried,
                contradiction,
            } => case(&cx, *cell, *tried, contradiction),
        }
    }
}

/// What every explanation looks at: the board and the squares the step decides.
struct Context<'a, 'l> {
    b: &'a Board<'l>,
    lay: &'l Layout,
    sets: &'a [(u32, u8)],
    decided: Vec<u32>,
}

impl Context<'_, '_> {
    /// Up to [`NAMED`] squares, named.
    fn cells(&self, v: &[u32]) -> String {
        cell_list(self.lay, v, NAMED)
    }

    /// The squares as premises.
    fn squares(&self, v: &[u32]) -> Vec<Target> {
        v.iter().map(|&c| self.lay.square(c)).collect()
    }

    /// "it is" or "they are", for the squares decided.
    fn they_are(&self) -> &'static str {
        if self.decided.len() == 1 {
            "it is"
        } else {
            "they are"
        }
    }

    /// A line's clue and its tents.
    fn line_premises(&self, line: usize) -> Vec<Target> {
        let mut prem = vec![self.lay.clue(line)];
        prem.extend(self.squares(&line_tents(self.b, line)));
        prem
    }
}

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

/// The tents of a line.
fn line_tents(b: &Board, line: usize) -> Vec<u32> {
    b.layout
        .line_cells(line)
        .filter(|&c| b.is_tent(c))
        .collect()
}

/// The cells of `sets` decided to `v`.
fn pick(sets: &[(u32, u8)], v: u8) -> Vec<u32> {
    sets.iter()
        .filter(|&&(_, x)| x == v)
        .map(|&(c, _)| c)
        .collect()
}

fn finish_grass(cx: &Context, line: usize) -> Explained {
    let count = cx.lay.counts[line] as usize;
    let name = capital(cx.lay.line_name(line));
    let text = if count == 0 {
        format!("{name} has no tents, so its free squares are grass")
    } else {
        format!(
            "{name} already has its {}, so its other squares are grass",
            plural(count, "tent")
        )
    };
    (cx.line_premises(line), text)
}

fn finish_tents(cx: &Context, line: usize) -> Explained {
    let missing = cx.sets.len();
    let placed = cx.b.line_tents[line] as usize;
    let needs = if placed == 0 {
        format!("needs {}", plural(missing, "tent"))
    } else {
        format!("needs {} more", plural(missing, "tent"))
    };
    let name = capital(cx.lay.line_name(line));
    let text = if missing == 1 {
        format!(
            "{name} {needs} and has 1 free square left, so {} is a tent",
            cx.cells(&cx.decided)
        )
    } else {
        format!(
            "{name} {needs} and has exactly {missing} free squares left, so {} are tents",
            cx.cells(&cx.decided)
        )
    };
    (cx.line_premises(line), text)
}

fn surround(cx: &Context, tent: u32) -> Explained {
    let touch = if cx.decided.len() == 1 {
        "touches"
    } else {
        "touch"
    };
    let text = format!(
        "{} {touch} the tent at {}, so {} grass",
        capital(cx.cells(&cx.decided)),
        cx.lay.pos(tent),
        cx.they_are()
    );
    (vec![cx.lay.square(tent)], text)
}

fn empty_field(cx: &Context, cell: u32) -> Explained {
    let text = format!(
        "{} has no tree next to it, so it is grass",
        capital(cx.cells(&[cell]))
    );
    (vec![cx.lay.square(cell)], text)
}

fn last_spot(cx: &Context, tree: u32) -> Explained {
    let text = format!(
        "The tree at {} has no tent yet and {} is its only free square, so it is a tent",
        cx.lay.pos(tree),
        cx.cells(&cx.decided)
    );
    (vec![cx.lay.square(tree)], text)
}

fn tree_for_tent(cx: &Context, cell: u32, owners: &[(u32, u32)]) -> Explained {
    let trees: Vec<u32> = owners.iter().map(|&(t, _)| t).collect();
    let tents: Vec<u32> = owners.iter().map(|&(_, x)| x).collect();
    let mut prem = vec![cx.lay.square(cell)];
    prem.extend(cx.squares(&trees));
    prem.extend(cx.squares(&tents));
    let at = cx.lay.pos(cell);
    let text = if owners.len() == 1 {
        format!(
            "The only tree next to {at} is {}, and it belongs to the tent at {} (that tent's only \
             tree), so {at} is grass",
            cx.cells(&trees),
            cx.cells(&tents),
        )
    } else {
        format!(
            "The trees next to {at} ({}) belong to the tents at {} (each of those tents' only \
             tree), so {at} is grass",
            cx.cells(&trees),
            cx.cells(&tents),
        )
    };
    (prem, text)
}

fn tent_for_tree(cx: &Context, tree: u32, owned: &[(u32, u32)]) -> Explained {
    let tents: Vec<u32> = owned.iter().map(|&(x, _)| x).collect();
    let others: Vec<u32> = owned.iter().map(|&(_, t)| t).collect();
    let mut prem = vec![cx.lay.square(tree)];
    prem.extend(cx.squares(&tents));
    prem.extend(cx.squares(&others));
    let text = format!(
        "The tree at {} cannot pair with the tent at {}, the only free square of the tree at {}, \
         so its last free square {} is a tent",
        cx.lay.pos(tree),
        cx.cells(&tents),
        cx.cells(&others),
        cx.cells(&cx.decided)
    );
    (prem, text)
}

fn shared_neighbour(cx: &Context, tree: u32, spots: &[u32]) -> Explained {
    let mut prem = vec![cx.lay.square(tree)];
    prem.extend(cx.squares(spots));
    let all = if spots.len() == 2 {
        "both"
    } else {
        "all of them"
    };
    let text = format!(
        "The tree at {} needs its tent on {}, and a tent on {} would touch {all}, so {} grass",
        cx.lay.pos(tree),
        cx.cells(spots).replace(" and ", " or "),
        cx.cells(&cx.decided),
        cx.they_are()
    );
    (prem, text)
}

fn line_enumeration(cx: &Context, line: usize) -> Explained {
    let mut prem = vec![cx.lay.clue(line)];
    prem.extend(cx.lay.line_cells(line).map(|c| cx.lay.square(c)));
    let tents = pick(cx.sets, TENT);
    let grass = pick(cx.sets, GRASS);
    let mut parts = Vec::new();
    if !tents.is_empty() {
        let what = if tents.len() == 1 { "a tent" } else { "tents" };
        parts.push(format!("{what} on {}", cx.cells(&tents)));
    }
    if !grass.is_empty() {
        parts.push(format!("grass on {}", cx.cells(&grass)));
    }
    let text = format!(
        "Every way to fit the {} of {} with no two touching puts {}",
        plural(cx.lay.counts[line] as usize, "tent"),
        cx.lay.line_name(line),
        parts.join(" and ")
    );
    (prem, text)
}

fn forced_pairing(cx: &Context, trees: &[u32], spots: &[u32]) -> Explained {
    let mut prem = cx.squares(trees);
    prem.extend(cx.squares(spots));
    let square = if spots.len() == 1 {
        "square"
    } else {
        "squares"
    };
    let tents = if cx.decided.len() == 1 {
        "is a tent"
    } else {
        "are tents"
    };
    let text = format!(
        "The {} at {} have only the {} {square} {} left between them, one each, so {} {tents}",
        plural(trees.len(), "tree"),
        cx.cells(trees),
        spots.len(),
        cx.cells(spots),
        cx.cells(&cx.decided),
    );
    (prem, text)
}

fn impossible_pairing(cx: &Context, tents: &[u32], trees: &[u32]) -> Explained {
    let mut prem = cx.squares(tents);
    prem.extend(cx.squares(trees));
    prem.extend(cx.squares(&cx.decided));
    let text = format!(
        "The tents at {} can only pair with the trees at {}, which leaves no tree for {}, so {} \
         grass",
        cx.cells(tents),
        cx.cells(trees),
        cx.cells(&cx.decided),
        cx.they_are()
    );
    (prem, text)
}

fn case(cx: &Context, cell: u32, tried: u8, contradiction: &Contradiction) -> Explained {
    let mut prem = vec![cx.lay.square(cell)];
    prem.extend(contradiction.at.iter().copied());
    prem.dedup();
    let text = format!(
        "If {} were {}, the easy and tricky rules would lead to a contradiction ({}: {}), so it \
         is {}",
        cx.lay.pos(cell),
        value_name(tried),
        contradiction.rule.name.to_lowercase(),
        contradiction.text,
        value_name(if tried == TENT { GRASS } else { TENT })
    );
    (prem, text)
}
