//! The easy rules: one line, one tent, one square or one tree at a time; and the contradictions
//! they can see.

use smallvec::smallvec;

use super::board::{Board, EMPTY, GRASS, TENT, cell_list, plural};
use super::catalogue::{
    EMPTY_FIELD, FINISH_WITH_GRASS, FINISH_WITH_TENTS, LAST_CAMPING_SPOT, NO_TENT_FOR_TREE,
    NO_TREE_FOR_TENT, SURROUND_TENT, TENT_FOR_TREE, TOO_FEW_SPACES, TOO_MANY_TENTS, TOUCHING_TENTS,
    TREE_FOR_TENT,
};
use super::step::{Contradiction, Sets, Step, Why};

/// The empty cells of a line, each set to `v`.
fn fill_line(b: &Board, line: usize, v: u8) -> Sets {
    b.layout
        .line_cells(line)
        .filter(|&c| b.is_empty(c))
        .map(|c| (c, v))
        .collect()
}

/// Finish with grass: a line that has all its tents; its empty squares are grass.
pub(super) fn finish_with_grass(b: &Board, line: usize) -> Option<Step> {
    if b.line_empty[line] == 0 || b.line_tents[line] != b.layout.counts[line] {
        return None;
    }
    Some(Step {
        rule: &FINISH_WITH_GRASS,
        sets: fill_line(b, line, GRASS),
        why: Why::FinishGrass { line },
    })
}

/// Finish with tents: a line whose empty squares are exactly its missing tents.
pub(super) fn finish_with_tents(b: &Board, line: usize) -> Option<Step> {
    let (tents, empty) = (b.line_tents[line], b.line_empty[line]);
    if empty == 0 || tents.checked_add(empty) != Some(b.layout.counts[line]) {
        return None;
    }
    Some(Step {
        rule: &FINISH_WITH_TENTS,
        sets: fill_line(b, line, TENT),
        why: Why::FinishTents { line },
    })
}

/// Surround tent with grass: the empty squares touching a tent.
pub(super) fn surround_tent(b: &Board, tent: u32) -> Option<Step> {
    if !b.is_tent(tent) {
        return None;
    }
    let sets: Sets = b
        .layout
        .touch(tent as usize)
        .iter()
        .filter(|&&q| b.is_empty(q))
        .map(|&q| (q, GRASS))
        .collect();
    (!sets.is_empty()).then_some(Step {
        rule: &SURROUND_TENT,
        sets,
        why: Why::Surround { tent },
    })
}

/// Empty field: an empty square with no tree next to it.
pub(super) fn empty_field(b: &Board, cell: u32) -> Option<Step> {
    (b.is_empty(cell) && !b.layout.is_candidate(cell)).then(|| Step {
        rule: &EMPTY_FIELD,
        sets: smallvec![(cell, GRASS)],
        why: Why::EmptyField { cell },
    })
}

/// Last camping spot: a tree with no tent and a single empty square around it.
pub(super) fn last_camping_spot(b: &Board, tree: u32) -> Option<Step> {
    let t = tree as usize;
    if b.adj_tents[t] != 0 || b.adj_empty[t] != 1 {
        return None;
    }
    let spot = only_empty_neighbour(b, tree)?;
    Some(Step {
        rule: &LAST_CAMPING_SPOT,
        sets: smallvec![(spot, TENT)],
        why: Why::LastSpot { tree },
    })
}

fn only_empty_neighbour(b: &Board, c: u32) -> Option<u32> {
    b.layout
        .ortho(c as usize)
        .iter()
        .copied()
        .find(|&q| b.is_empty(q))
}

/// Matching rule: the tent other than `not` whose only tree is `tree`, if any.
fn owning_tent(b: &Board, tree: u32, not: u32) -> Option<u32> {
    b.layout
        .ortho(tree as usize)
        .iter()
        .copied()
        .find(|&x| x != not && b.is_tent(x) && b.layout.trees_of(x as usize) == [tree])
}

/// Matching rule: the tree other than `not` whose only free square is the tent `tent`, if any.
fn owning_tree(b: &Board, tent: u32, not: u32) -> Option<u32> {
    b.layout
        .trees_of(tent as usize)
        .iter()
        .copied()
        .find(|&t| t != not && b.adj_empty[t as usize] == 0 && b.adj_tents[t as usize] == 1)
}

/// Tree for tent (matching rule): an empty square all of whose trees belong to single-tree
/// tents elsewhere is grass.
pub(super) fn tree_for_tent(b: &Board, cell: u32) -> Option<Step> {
    if !b.layout.matching || !b.is_empty(cell) {
        return None;
    }
    let trees = b.layout.trees_of(cell as usize);
    if trees.is_empty() {
        return None;
    }
    let owners: Option<Vec<(u32, u32)>> = trees
        .iter()
        .map(|&t| owning_tent(b, t, cell).map(|x| (t, x)))
        .collect();
    owners.map(|owners| Step {
        rule: &TREE_FOR_TENT,
        sets: smallvec![(cell, GRASS)],
        why: Why::TreeForTent { cell, owners },
    })
}

/// The free squares of a tree under the matching rule: empty squares, and tents not owned by
/// another tree; plus the owned tents skipped, as `(tent, owner)`.
fn free_squares(b: &Board, tree: u32) -> (Vec<u32>, Vec<(u32, u32)>) {
    let mut free = Vec::new();
    let mut owned = Vec::new();
    for &q in b.layout.ortho(tree as usize) {
        match b.at(q) {
            EMPTY => free.push(q),
            TENT => match owning_tree(b, q, tree) {
                Some(other) => owned.push((q, other)),
                None => free.push(q),
            },
            _ => {}
        }
    }
    (free, owned)
}

/// Tent for tree (matching rule): a tree whose tents are all owned by other trees, with one
/// empty square left: that square is its tent.
pub(super) fn tent_for_tree(b: &Board, tree: u32) -> Option<Step> {
    let t = tree as usize;
    if !b.layout.matching || b.adj_tents[t] == 0 || b.adj_empty[t] != 1 {
        return None;
    }
    let (free, owned) = free_squares(b, tree);
    match free[..] {
        [spot] if b.is_empty(spot) => Some(Step {
            rule: &TENT_FOR_TREE,
            sets: smallvec![(spot, TENT)],
            why: Why::TentForTree { tree, owned },
        }),
        _ => None,
    }
}

/// Too many tents / too few spaces on a line.
pub(super) fn line_contradiction(b: &Board, line: usize) -> Option<Contradiction> {
    let lay = b.layout;
    let (tents, empty, count) = (b.line_tents[line], b.line_empty[line], lay.counts[line]);
    if tents > count {
        Some(Contradiction::line(
            &TOO_MANY_TENTS,
            lay,
            line,
            format!(
                "{} holds {} but needs only {}",
                lay.line_name(line),
                plural(tents as usize, "tent"),
                count
            ),
        ))
    } else if u64::from(tents) + u64::from(empty) < u64::from(count) {
        Some(Contradiction::line(
            &TOO_FEW_SPACES,
            lay,
            line,
            format!(
                "{} needs {} but has room for only {}",
                lay.line_name(line),
                plural(count as usize, "tent"),
                tents + empty
            ),
        ))
    } else {
        None
    }
}

/// Touching tents, or (matching rule: no free) tree for a tent.
pub(super) fn tent_contradiction(b: &Board, tent: u32) -> Option<Contradiction> {
    if !b.is_tent(tent) {
        return None;
    }
    let lay = b.layout;
    if let Some(&other) = lay.touch(tent as usize).iter().find(|&&q| b.is_tent(q)) {
        return Some(Contradiction::squares(
            &TOUCHING_TENTS,
            lay,
            &[tent, other],
            format!(
                "the tents at {} and {} touch",
                lay.pos(tent.min(other)),
                lay.pos(tent.max(other))
            ),
        ));
    }
    let trees = lay.trees_of(tent as usize);
    if trees.is_empty() {
        return Some(Contradiction::squares(
            &NO_TREE_FOR_TENT,
            lay,
            &[tent],
            format!("the tent at {} has no tree next to it", lay.pos(tent)),
        ));
    }
    if lay.matching {
        let owners: Option<Vec<u32>> = trees.iter().map(|&t| owning_tent(b, t, tent)).collect();
        if let Some(owners) = owners {
            let mut at = vec![tent];
            at.extend_from_slice(trees);
            at.extend(&owners);
            return Some(Contradiction::squares(
                &NO_TREE_FOR_TENT,
                lay,
                &at,
                format!(
                    "every tree next to the tent at {} belongs to another tent ({})",
                    lay.pos(tent),
                    cell_list(lay, &owners, 6)
                ),
            ));
        }
    }
    None
}

/// A tree with no tent and no empty square around it (under the matching rule: none that
/// another tree does not own).
pub(super) fn tree_contradiction(b: &Board, tree: u32) -> Option<Contradiction> {
    let lay = b.layout;
    let t = tree as usize;
    if b.adj_tents[t] == 0 && b.adj_empty[t] == 0 {
        return Some(Contradiction::squares(
            &NO_TENT_FOR_TREE,
            lay,
            &[tree],
            format!(
                "the tree at {} has no free square for its tent",
                lay.pos(tree)
            ),
        ));
    }
    if lay.matching && b.adj_tents[t] > 0 {
        let (free, owned) = free_squares(b, tree);
        if free.is_empty() {
            let mut at = vec![tree];
            at.extend(owned.iter().flat_map(|&(x, o)| [x, o]));
            return Some(Contradiction::squares(
                &NO_TENT_FOR_TREE,
                lay,
                &at,
                format!(
                    "every tent next to the tree at {} is the only free square of another tree",
                    lay.pos(tree)
                ),
            ));
        }
    }
    None
}
