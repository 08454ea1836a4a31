//! Links in Tents proofs (docs/proof-format.md#links), after LEGUP's lines: a tent linked to the
//! tree beside it that it belongs to. Links pair tents with trees one to one, so they exist under
//! rule 4's matching variant only. The rules that make links (Tent for tree, Tree for tent), the
//! contradictions and the grass that links show, and the case rules that assign them (Links from
//! tree, Links from tent). Every check is sound for a position with links: it holds in every
//! solution with a pairing of tents and trees that keeps the links.

use std::collections::HashSet;

use crate::game::{Game, Target};
use crate::grid::Pos;
use crate::proof::{Case, Cases, Forced, ForcedLink, Found, Link};

use super::super::{Rule4, Square, Tents};

/// Every linked square (tents and trees): looked up once a square, not by a walk of the links.
fn linked_squares(g: &Tents) -> HashSet<Pos> {
    g.links().iter().flat_map(|l| [l.tent, l.tree]).collect()
}

/// The squares holding `want` beside `pos`, each with whether it is linked.
fn around_in(g: &Tents, linked: &HashSet<Pos>, pos: Pos, want: Square) -> Vec<(Pos, bool)> {
    g.topology()
        .orthogonal(pos)
        .filter(|&q| g.piece(q) == want)
        .map(|q| (q, linked.contains(&q)))
        .collect()
}

/// The same, the linked squares worked out for this call alone.
fn around(g: &Tents, pos: Pos, want: Square) -> Vec<(Pos, bool)> {
    around_in(g, &linked_squares(g), pos, want)
}

/// The empty squares beside `pos`.
fn empty_around(g: &Tents, pos: Pos) -> Vec<Pos> {
    g.topology()
        .orthogonal(pos)
        .filter(|&q| g.piece(q) == Square::Empty)
        .collect()
}

/// The unlinked ones of `squares`.
fn unlinked(squares: &[(Pos, bool)]) -> Vec<Pos> {
    squares
        .iter()
        .filter(|(_, linked)| !linked)
        .map(|&(q, _)| q)
        .collect()
}

/// Every square of the grid holding `want`.
fn squares_of(g: &Tents, want: Square) -> impl Iterator<Item = Pos> + '_ {
    g.topology()
        .positions()
        .filter(move |&p| g.piece(p) == want)
}

/// Whether links apply to this puzzle at all.
fn linking(g: &Tents) -> bool {
    g.rule4() == Rule4::Matching
}

/// The linked squares, when the position links squares and has made a link (the rules that
/// read links then have something to say beyond their plain versions).
fn links_made(g: &Tents) -> Option<HashSet<Pos>> {
    (linking(g) && !g.links().is_empty()).then(|| linked_squares(g))
}

/// Tent for tree (LEGUP TREE-BASC-0006): an unlinked tree with no empty square beside it and
/// one unlinked tent beside it is linked to that tent.
pub fn tent_for_tree(g: &Tents) -> Vec<ForcedLink> {
    if !linking(g) {
        return Vec::new();
    }
    let linked = linked_squares(g);
    squares_of(g, Square::Tree)
        .filter(|t| !linked.contains(t) && empty_around(g, *t).is_empty())
        .filter_map(|tree| match unlinked(&around_in(g, &linked, tree, Square::Tent))[..] {
            [tent] => Some(ForcedLink {
                link: Link { tent, tree },
                reason: format!(
                    "the tree at {tree} has no empty square beside it and one unlinked tent, at {tent}"
                ),
            }),
            _ => None,
        })
        .collect()
}

/// Tree for tent (LEGUP TREE-BASC-0007): an unlinked tent with one unlinked tree beside it is
/// linked to that tree.
pub fn tree_for_tent(g: &Tents) -> Vec<ForcedLink> {
    if !linking(g) {
        return Vec::new();
    }
    let linked = linked_squares(g);
    squares_of(g, Square::Tent)
        .filter(|x| !linked.contains(x))
        .filter_map(
            |tent| match unlinked(&around_in(g, &linked, tent, Square::Tree))[..] {
                [tree] => Some(ForcedLink {
                    link: Link { tent, tree },
                    reason: format!(
                        "the tent at {tent} has one unlinked tree beside it, at {tree}"
                    ),
                }),
                _ => None,
            },
        )
        .collect()
}

/// Why `link` is not made by Tent for tree here.
pub fn why_not_tent_for_tree(g: &Tents, link: Link) -> String {
    let empty = empty_around(g, link.tree).len();
    let tents = unlinked(&around(g, link.tree, Square::Tent)).len();
    if empty > 0 {
        format!(
            "the tree at {} still has {empty} empty square(s) beside it",
            link.tree
        )
    } else {
        format!(
            "the tree at {} has {tents} unlinked tents beside it",
            link.tree
        )
    }
}

/// Why `link` is not made by Tree for tent here.
pub fn why_not_tree_for_tent(g: &Tents, link: Link) -> String {
    let trees = unlinked(&around(g, link.tent, Square::Tree)).len();
    format!(
        "the tent at {} has {trees} unlinked trees beside it",
        link.tent
    )
}

/// Empty field with links (LEGUP TREE-BASC-0001, which ignores links): an empty square with
/// trees beside it, all of them linked, is grass — no tree is left for a tent there.
pub fn empty_field(g: &Tents) -> Vec<Forced<Square>> {
    let Some(linked) = links_made(g) else {
        return Vec::new();
    };
    squares_of(g, Square::Empty)
        .filter_map(|p| {
            let trees = around_in(g, &linked, p, Square::Tree);
            (!trees.is_empty() && trees.iter().all(|&(_, linked)| linked)).then(|| Forced {
                pos: p,
                piece: Square::Grass,
                reason: format!("every tree beside {p} is linked to another tent"),
            })
        })
        .collect()
}

/// No tent for tree, with links (LEGUP TREE-CONT-0001): an unlinked tree with no empty square
/// and no unlinked tent beside it.
pub fn no_tent_for_tree(g: &Tents) -> Vec<Found> {
    let Some(linked) = links_made(g) else {
        return Vec::new();
    };
    squares_of(g, Square::Tree)
        .filter(|&t| {
            !linked.contains(&t)
                && empty_around(g, t).is_empty()
                && unlinked(&around_in(g, &linked, t, Square::Tent)).is_empty()
        })
        .map(|t| Found {
            at: vec![Target::Square(t)],
            text: format!("the tree at {t} has no empty square and no unlinked tent beside it"),
        })
        .collect()
}

/// No tree for tent, with links (LEGUP TREE-CONT-0002): an unlinked tent with no unlinked tree
/// beside it.
pub fn no_tree_for_tent(g: &Tents) -> Vec<Found> {
    let Some(linked) = links_made(g) else {
        return Vec::new();
    };
    squares_of(g, Square::Tent)
        .filter(|&x| {
            let trees = around_in(g, &linked, x, Square::Tree);
            !linked.contains(&x) && !trees.is_empty() && unlinked(&trees).is_empty()
        })
        .map(|x| Found {
            at: vec![Target::Square(x)],
            text: format!("every tree beside the tent at {x} is linked to another tent"),
        })
        .collect()
}

/// Links from tree (LEGUP TREE-CASE-0003) under the matching rule: an unlinked tree's tent is
/// an unlinked tent beside it (a link) or an empty square beside it (a tent and a link).
pub fn tree_cases(g: &Tents, tree: Pos) -> Result<Cases<Square>, String> {
    if let Some(l) = g.link_of(tree) {
        return Err(format!("the tree at {tree} is linked already ({l})"));
    }
    let cases: Cases<Square> = g
        .topology()
        .orthogonal(tree)
        .filter_map(|q| {
            let link = Link { tent: q, tree };
            match g.piece(q) {
                Square::Empty => Some(Case {
                    sets: vec![(q, Square::Tent)],
                    links: vec![link],
                }),
                Square::Tent if g.link_of(q).is_none() => Some(Case {
                    sets: Vec::new(),
                    links: vec![link],
                }),
                _ => None,
            }
        })
        .collect();
    if cases.is_empty() {
        return Err(format!(
            "the tree at {tree} has no empty square and no unlinked tent beside it (see no-tent-for-tree)"
        ));
    }
    Ok(cases)
}

/// Links from tent (LEGUP TREE-CASE-0002): an unlinked tent belongs to one of the unlinked
/// trees beside it, a case each.
pub fn tent_cases(g: &Tents, at: Target) -> Result<Cases<Square>, String> {
    let Target::Square(tent) = at else {
        return Err(format!(
            "{} is not a tent",
            crate::proof::tree::target_text(at)
        ));
    };
    if !linking(g) {
        return Err(g
            .with_link(Link { tent, tree: tent })
            .err()
            .unwrap_or_default());
    }
    if g.piece(tent) != Square::Tent {
        return Err(format!("{tent} holds no tent"));
    }
    if let Some(l) = g.link_of(tent) {
        return Err(format!("the tent at {tent} is linked already ({l})"));
    }
    let cases: Cases<Square> = unlinked(&around(g, tent, Square::Tree))
        .into_iter()
        .map(|tree| Case {
            sets: Vec::new(),
            links: vec![Link { tent, tree }],
        })
        .collect();
    if cases.is_empty() {
        return Err(format!(
            "the tent at {tent} has no unlinked tree beside it (see no-tree-for-tent)"
        ));
    }
    Ok(cases)
}
