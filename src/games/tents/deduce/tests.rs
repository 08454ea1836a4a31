//! Each rule on small positions: where it fires (the exact squares, values and explanation)
//! and where it must not.

use super::board::{Board, GRASS, Layout, TENT};
use super::engine::{Engine, Outcome};
use super::lines::{LineOutcome, LineScratch, enumerate, no_placement};
use super::pairing::{PairingOutcome, pairing};
use super::step::{Contradiction, Step};
use super::{Closure, Snapshot, easy, shared};
use crate::deduce::{GenOptions, Generate, Tier};
use crate::game::{Game, Target};
use crate::games::tents::Rule4;
use crate::games::tents::Tents;
use crate::grid::Pos;

fn tents(text: &str, rule4: Rule4) -> Tents {
    let g = Tents::parse(text).expect("test position parses");
    g.with_rule4(rule4)
}

fn cell(lay: &Layout, r: usize, c: usize) -> u32 {
    (r * lay.cols + c) as u32
}

/// The squares a step decides, as ((row, col), value), sorted.
fn decided(lay: &Layout, step: &Step) -> Vec<((usize, usize), u8)> {
    let mut v: Vec<_> = step
        .sets
        .iter()
        .map(|&(c, x)| {
            let p = lay.pos(c);
            ((p.row, p.col), x)
        })
        .collect();
    v.sort_unstable();
    v
}

/// Runs `check` on the board of a position.
fn with_board<R>(text: &str, rule4: Rule4, check: impl FnOnce(&Layout, &Board) -> R) -> R {
    let g = tents(text, rule4);
    let lay = Layout::of(&g);
    let b = Board::of(&lay, &g);
    check(&lay, &b)
}

fn sq(r: usize, c: usize) -> Target {
    Target::Square(Pos::new(r, c))
}

#[test]
fn finish_with_grass() {
    let text = "3 4 0 0\n1 0 1 \n1 0 1 0 \n*x  \n    \n x  \n";
    with_board(text, Rule4::Local, |lay, b| {
        let step = easy::finish_with_grass(b, 0).expect("row 0 is full");
        assert_eq!(decided(lay, &step), vec![((0, 2), GRASS), ((0, 3), GRASS)]);
        let (prem, text) = step.explain(b);
        assert_eq!(
            text,
            "Row 0 already has its 1 tent, so its other squares are grass"
        );
        assert_eq!(prem, vec![Target::Row(0), sq(0, 0)]);
        // Row 1 has no tents to place: all grass.
        let step = easy::finish_with_grass(b, 1).expect("row 1 wants none");
        assert_eq!(step.sets.len(), 4);
        assert!(step.explain(b).1.starts_with("Row 1 has no tents"));
        // Row 2 still needs its tent; column 1 (a tree and three empty squares) too.
        assert!(easy::finish_with_grass(b, 2).is_none());
        assert!(easy::finish_with_grass(b, lay.rows + 2).is_none());
    });
}

#[test]
fn finish_with_tents() {
    let text = "3 4 0 0\n0 1 2 \n0 1 1 1 \n---x\n--- \n-x  \n";
    with_board(text, Rule4::Local, |lay, b| {
        let step = easy::finish_with_tents(b, 1).expect("row 1: one free square, one tent");
        assert_eq!(decided(lay, &step), vec![((1, 3), TENT)]);
        assert_eq!(
            step.explain(b).1,
            "Row 1 needs 1 tent and has 1 free square left, so (1,3) is a tent"
        );
        let step = easy::finish_with_tents(b, 2).expect("row 2: two free squares, two tents");
        assert_eq!(decided(lay, &step), vec![((2, 2), TENT), ((2, 3), TENT)]);
        assert!(step.explain(b).1.contains("exactly 2 free squares"));
        // Column 3: (1,3) and (2,3) free for 1 tent: not yet.
        assert!(easy::finish_with_tents(b, lay.rows + 3).is_none());
    });
}

#[test]
fn surround_tent() {
    let text = "4 4 0 {d}\n1 0 1 0 \n1 0 1 0 \n    \n x  \n  * \n  x \n";
    with_board(&text.replace("{d}", "0"), Rule4::Local, |lay, b| {
        let step = easy::surround_tent(b, cell(lay, 2, 2)).expect("a tent with free squares");
        assert_eq!(
            decided(lay, &step),
            vec![
                ((1, 2), GRASS),
                ((1, 3), GRASS),
                ((2, 1), GRASS),
                ((2, 3), GRASS),
                ((3, 1), GRASS),
                ((3, 3), GRASS),
            ]
        );
        assert!(step.explain(b).1.contains("touch the tent at (2,2)"));
        assert_eq!(step.explain(b).0, vec![sq(2, 2)]);
        // Not a tent: nothing.
        assert!(easy::surround_tent(b, cell(lay, 1, 1)).is_none());
        assert!(easy::surround_tent(b, cell(lay, 0, 0)).is_none());
    });
    with_board(&text.replace("{d}", "1"), Rule4::Local, |lay, b| {
        let step = easy::surround_tent(b, cell(lay, 2, 2)).unwrap();
        assert_eq!(
            decided(lay, &step),
            vec![((1, 2), GRASS), ((2, 1), GRASS), ((2, 3), GRASS)]
        );
    });
}

#[test]
fn surround_tent_wraps() {
    let text = "3 4 1 0\n1 0 0 \n1 0 0 0 \n*x  \n    \n    \n";
    with_board(text, Rule4::Local, |lay, b| {
        let step = easy::surround_tent(b, cell(lay, 0, 0)).unwrap();
        let got = decided(lay, &step);
        for p in [(0, 3), (2, 0), (2, 3), (1, 3), (2, 1), (1, 0), (1, 1)] {
            assert!(got.contains(&(p, GRASS)), "{p:?} in {got:?}");
        }
    });
}

#[test]
fn empty_field() {
    let text = "4 4 0 0\n1 1 1 1 \n1 1 1 1 \nx   \n    \n   x\nx  x\n";
    with_board(text, Rule4::Local, |lay, b| {
        let step = easy::empty_field(b, cell(lay, 0, 2)).expect("(0,2) has no tree");
        assert_eq!(decided(lay, &step), vec![((0, 2), GRASS)]);
        assert_eq!(
            step.explain(b).1,
            "(0,2) has no tree next to it, so it is grass"
        );
        assert!(easy::empty_field(b, cell(lay, 0, 1)).is_none());
        assert!(easy::empty_field(b, cell(lay, 0, 0)).is_none(), "a tree");
    });
}

#[test]
fn last_camping_spot() {
    let text = "4 4 0 0\n1 0 1 1 \n1 1 1 0 \n x  \n-x- \n    \n x x\n";
    with_board(text, Rule4::Local, |lay, b| {
        // The tree at (1,1): (0,1) is a tree, (1,0) and (1,2) grass, (2,1) the last square.
        let step = easy::last_camping_spot(b, cell(lay, 1, 1)).expect("one square left");
        assert_eq!(decided(lay, &step), vec![((2, 1), TENT)]);
        assert!(
            step.explain(b)
                .1
                .starts_with("The tree at (1,1) has no tent yet and (2,1)")
        );
        // The tree at (3,1) has three free squares.
        assert!(easy::last_camping_spot(b, cell(lay, 3, 1)).is_none());
    });
}

#[test]
fn tree_for_tent_only_under_the_matching_rule() {
    // The tent at (1,2) has a single tree, (1,1); (1,0) can only use that tree. The tree at
    // (2,3) keeps the puzzle open.
    let text = "3 4 0 1\n0 1 1 \n1 0 1 1 \n    \n x* \n   x\n";
    with_board(text, Rule4::Matching, |lay, b| {
        let step = easy::tree_for_tent(b, cell(lay, 1, 0)).expect("its tree is taken");
        assert_eq!(decided(lay, &step), vec![((1, 0), GRASS)]);
        let (prem, text) = step.explain(b);
        assert!(text.contains("belongs to the tent at (1,2)"), "{text}");
        assert!(prem.contains(&sq(1, 1)) && prem.contains(&sq(1, 2)));
        // (2,2) is next to the free tree (2,3) as well.
        assert!(easy::tree_for_tent(b, cell(lay, 2, 2)).is_none());
    });
    with_board(text, Rule4::Local, |lay, b| {
        assert!(easy::tree_for_tent(b, cell(lay, 1, 0)).is_none());
    });
}

#[test]
fn tent_for_tree_only_under_the_matching_rule() {
    // The tree at (0,2) has only (1,2) left, a tent: it owns it. The tree at (1,1) then needs
    // its last empty square (1,0).
    let text = "3 4 0 0\n0 2 0 \n1 0 1 0 \n--x-\n x*-\n-- -\n";
    with_board(text, Rule4::Matching, |lay, b| {
        let step = easy::tent_for_tree(b, cell(lay, 1, 1)).expect("its tent is taken");
        assert_eq!(decided(lay, &step), vec![((1, 0), TENT)]);
        let text = step.explain(b).1;
        assert!(
            text.contains("the tree at (0,2)") && text.contains("(1,0)"),
            "{text}"
        );
        assert!(easy::tent_for_tree(b, cell(lay, 0, 2)).is_none());
    });
    with_board(text, Rule4::Local, |lay, b| {
        assert!(easy::tent_for_tree(b, cell(lay, 1, 1)).is_none());
    });
}

fn contradiction_rule(c: Option<Contradiction>) -> &'static str {
    c.expect("a contradiction").rule.id
}

#[test]
fn contradictions() {
    // Row 0 holds 2 tents for 1; row 1 needs 3 with room for 2.
    let text = "2 4 0 0\n1 3 \n1 0 1 0 \n*x*x\n -- \n";
    with_board(text, Rule4::Local, |lay, b| {
        assert_eq!(
            contradiction_rule(easy::line_contradiction(b, 0)),
            "too-many-tents"
        );
        let c = easy::line_contradiction(b, 1).unwrap();
        assert_eq!(c.rule.id, "too-few-spaces");
        assert_eq!(c.text, "row 1 needs 3 tents but has room for only 2");
        assert_eq!(c.at, vec![Target::Row(1)]);
        assert!(easy::line_contradiction(b, lay.rows).is_none());
    });
    // Touching tents; a tent with no tree; a tree with no room.
    let text = "3 3 0 0\n1 1 0 \n1 1 0 \n* -\n *x\n  -\n";
    with_board(text, Rule4::Local, |lay, b| {
        let c = easy::tent_contradiction(b, cell(lay, 0, 0)).unwrap();
        assert_eq!(c.rule.id, "touching-tents");
        assert_eq!(c.text, "the tents at (0,0) and (1,1) touch");
    });
    let text = "3 3 0 0\n1 0 0 \n1 0 0 \n*  \n   \n -x\n";
    with_board(text, Rule4::Local, |lay, b| {
        assert_eq!(
            contradiction_rule(easy::tent_contradiction(b, cell(lay, 0, 0))),
            "no-tree-for-tent"
        );
        assert!(easy::tree_contradiction(b, cell(lay, 2, 2)).is_none());
    });
    let text = "3 3 0 0\n1 0 0 \n1 0 0 \n*  \n  -\n -x\n";
    with_board(text, Rule4::Local, |lay, b| {
        assert_eq!(
            contradiction_rule(easy::tree_contradiction(b, cell(lay, 2, 2))),
            "no-tent-for-tree"
        );
    });
}

#[test]
fn shared_neighbour() {
    // The tree at (1,1) can only use (0,1) or (1,2): (0,2) touches both.
    let text = "3 4 0 {d}\n1 0 0 \n0 1 0 0 \n    \n-x  \n -  \n";
    for d in ["0", "1"] {
        with_board(&text.replace("{d}", d), Rule4::Local, |lay, b| {
            let step = shared::shared_neighbour(b, cell(lay, 1, 1)).expect("a corner");
            assert_eq!(decided(lay, &step), vec![((0, 2), GRASS)]);
            let text = step.explain(b).1;
            assert_eq!(
                text,
                "The tree at (1,1) needs its tent on (0,1) or (1,2), and a tent on (0,2) \
                 would touch both, so it is grass"
            );
        });
    }
    // Three spots (0,1), (1,2), (2,1): no square touches them all.
    let text = "3 3 0 0\n1 0 0 \n0 1 0 \n   \n-x \n   \n";
    with_board(text, Rule4::Local, |lay, b| {
        assert!(shared::shared_neighbour(b, cell(lay, 1, 1)).is_none());
    });
    // A tree that has its tent already needs nothing.
    let text = "3 4 0 0\n1 0 0 \n0 1 0 0 \n *  \n-x  \n -  \n";
    with_board(text, Rule4::Local, |lay, b| {
        assert!(shared::shared_neighbour(b, cell(lay, 1, 1)).is_none());
    });
}

fn line_step(b: &Board, line: usize) -> Option<Step> {
    match enumerate(b, line, &mut LineScratch::default()) {
        LineOutcome::Step(s) => Some(s),
        LineOutcome::Nothing => None,
        LineOutcome::Contradiction(c) => panic!("unexpected {c:?}"),
    }
}

#[test]
fn line_enumeration_in_the_line() {
    // Row 0: 3 tents in 5 free squares: only "*-*-*".
    let text = "2 5 0 0\n3 0 \n1 0 1 0 1 \n     \nxxxxx\n";
    with_board(text, Rule4::Local, |lay, b| {
        let step = line_step(b, 0).expect("one placement");
        assert_eq!(
            decided(lay, &step),
            vec![
                ((0, 0), TENT),
                ((0, 1), GRASS),
                ((0, 2), TENT),
                ((0, 3), GRASS),
                ((0, 4), TENT)
            ]
        );
        let text = step.explain(b).1;
        assert!(
            text.starts_with("Every way to fit the 3 tents of row 0"),
            "{text}"
        );
    });
    // Row 0 needs 2 of 5 free squares: many placements, nothing forced.
    let text = "2 5 0 0\n2 0 \n1 0 1 0 0 \n     \nxxxxx\n";
    with_board(text, Rule4::Local, |_, b| {
        assert!(line_step(b, 0).is_none())
    });
}

#[test]
fn line_enumeration_beside_the_line() {
    // Row 1: 2 tents in "  -  ": one on each side of the grass, so the squares of rows 0 and 2
    // in columns 0, 1, 3 and 4 touch a tent in every placement; column 2 does not.
    let text = "3 5 0 0\n0 2 0 \n1 0 0 0 1 \n     \n  -  \n     \n";
    with_board(text, Rule4::Local, |lay, b| {
        let step = line_step(b, 1).expect("squares beside the row");
        let expect: Vec<((usize, usize), u8)> = [0, 2]
            .into_iter()
            .flat_map(|r| [0, 1, 3, 4].map(|c| ((r, c), GRASS)))
            .collect();
        let mut expect = expect;
        expect.sort_unstable();
        assert_eq!(decided(lay, &step), expect);
        assert!(step.explain(b).1.contains("grass on (0,0)"));
    });
    // Under diagadj a square beside the row touches only the one square next to it: none of
    // those is a tent in every placement.
    with_board(&text.replacen(" 0\n", " 1\n", 1), Rule4::Local, |_, b| {
        assert!(line_step(b, 1).is_none());
    });
}

#[test]
fn line_enumeration_on_a_wrapped_row() {
    // A wrapped row of 4 free squares needing 2 tents: "*-*-" or "-*-*"; nothing forced in
    // the row, but not wrapped, "*--*" would be possible too.
    let text = "2 4 1 0\n2 0 \n1 1 0 0 \n    \nxxxx\n";
    with_board(text, Rule4::Local, |_, b| {
        assert!(line_step(b, 0).is_none())
    });
    // 3 free squares, 1 fixed tent, 2 tents in all on a wrapped row of 4: "*-*-" only.
    let text = "2 4 1 0\n2 0 \n1 0 1 0 \n*   \nxxxx\n";
    with_board(text, Rule4::Local, |lay, b| {
        let step = line_step(b, 0).unwrap();
        assert_eq!(
            decided(lay, &step),
            vec![((0, 1), GRASS), ((0, 2), TENT), ((0, 3), GRASS)]
        );
    });
}

#[test]
fn no_line_placement() {
    let text = "2 3 0 0\n2 0 \n1 0 1 \n - \nxxx\n";
    with_board(text, Rule4::Local, |lay, b| {
        assert!(no_placement(b, 0).is_none());
        assert!(no_placement(b, lay.rows).is_none());
    });
    let text = "2 3 0 0\n3 0 \n1 1 1 \n   \nxxx\n";
    with_board(text, Rule4::Local, |_, b| {
        let c = no_placement(b, 0).expect("three tents side by side");
        assert_eq!(c.rule.id, "no-line-placement");
        assert_eq!(c.at, vec![Target::Row(0)]);
    });
}

#[test]
fn forced_pairing_only_under_the_matching_rule() {
    // Trees (0,0) and (1,1) (diagadj) share exactly the squares (0,1) and (1,0): both tents.
    let text = "3 3 0 1\n1 1 0 \n1 1 0 \nx  \n x-\n --\n";
    with_board(text, Rule4::Matching, |lay, b| {
        let PairingOutcome::Step(step) = pairing(b) else {
            panic!("a forced pairing")
        };
        assert_eq!(step.rule.id, "forced-pairing");
        assert_eq!(decided(lay, &step), vec![((0, 1), TENT), ((1, 0), TENT)]);
        let text = step.explain(b).1;
        assert!(
            text.starts_with("The 2 trees at (0,0) and (1,1) have only"),
            "{text}"
        );
    });
    with_board(text, Rule4::Local, |_, b| {
        assert!(matches!(pairing(b), PairingOutcome::Nothing));
    });
}

#[test]
fn impossible_pairing_only_under_the_matching_rule() {
    // The tents (0,1) and (1,0) need both trees (0,0) and (1,1): (2,1) has no tree left.
    let text = "3 3 0 1\n1 1 1 \n1 1 1 \nx* \n*x \n   \n";
    with_board(text, Rule4::Matching, |lay, b| {
        let PairingOutcome::Step(step) = pairing(b) else {
            panic!("an impossible pairing")
        };
        assert_eq!(step.rule.id, "impossible-pairing");
        assert_eq!(decided(lay, &step), vec![((1, 2), GRASS), ((2, 1), GRASS)]);
        assert!(step.explain(b).1.contains("leaves no tree for"));
    });
    with_board(text, Rule4::Local, |_, b| {
        assert!(matches!(pairing(b), PairingOutcome::Nothing));
    });
}

#[test]
fn unmatchable() {
    // Two tents whose only tree is the same one.
    let text = "3 3 0 1\n1 0 1 \n1 0 1 \n*  \nx  \n*  \n";
    let text = text.replace("*  \nx  \n*  ", "* -\nx--\n* -");
    with_board(&text, Rule4::Matching, |_, b| {
        let PairingOutcome::Contradiction(c) = pairing(b) else {
            panic!("unmatchable")
        };
        assert_eq!(c.rule.id, "unmatchable");
    });
}

#[test]
fn case_analysis_finds_a_contradiction() {
    // A closed position where trying a tent on some square fails.
    let options = GenOptions {
        rows: 6,
        cols: 6,
        difficulty: Tier::Hard,
        wrapping: false,
        params: Default::default(),
    };
    let g = (0..20)
        .find_map(|seed| Tents::generate(&options, seed).ok())
        .expect("a hard 6x6 puzzle");
    let lay = Layout::of(&g);
    let mut engine = Engine::new(Board::of(&lay, &g));
    assert!(engine.closure(Tier::Tricky).is_ok());
    let step = engine
        .case_step()
        .expect("no error")
        .expect("a case analysis step");
    assert_eq!(step.rule.id, "case-analysis");
    assert_eq!(step.sets.len(), 1);
    let text = step.explain(&engine.b).1;
    assert!(text.starts_with("If ("), "{text}");
    assert_eq!(engine.run(Tier::Hard), Outcome::Solved(Tier::Hard));
}

/// A 5x5 puzzle with five trees, one per row and column, under the local rule.
fn five_trees_one_per_line() -> Tents {
    tents(
        "5 5 0 0\n1 1 1 1 1 \n1 1 1 1 1 \nx    \n  x  \n    x\n x   \n   x \n",
        Rule4::Local,
    )
}

/// The layout's derived lists (tree list, trees beside each square) and its blank board,
/// compared by value.
fn derived(lay: &Layout) -> (Vec<bool>, Vec<u32>, Vec<Vec<u32>>, Snapshot) {
    let near = (0..lay.len()).map(|c| lay.trees_of(c).to_vec()).collect();
    let blank = lay.blank_board().snapshot();
    (lay.is_tree.clone(), lay.trees.clone(), near, blank)
}

#[test]
fn the_blank_board_follows_random_flips_as_if_built_afresh() {
    // Many trees added, moved and removed at once, side by side and across the edges of a
    // wrapping grid: the blank board kept by `flip` must equal the one a new layout counts.
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as u32
    };
    for wrapping in [false, true] {
        let topology = crate::grid::Topology::new(9, 7, wrapping);
        let geo = std::sync::Arc::new(super::Geometry::new(topology, false));
        let n = topology.len();
        let mut is_tree: Vec<bool> = (0..n).map(|_| next(5) == 0).collect();
        let new = |is_tree: &[bool]| {
            Layout::new(
                geo.clone(),
                is_tree.to_vec(),
                &[1; 9],
                &[1; 7],
                Rule4::Local,
            )
        };
        let mut lay = new(&is_tree);
        for round in 0..200 {
            let mut flips: Vec<u32> = (0..1 + next(6)).map(|_| next(n)).collect();
            flips.sort_unstable();
            flips.dedup();
            lay.flip(&flips);
            for &c in &flips {
                is_tree[c as usize] = !is_tree[c as usize];
            }
            assert_eq!(derived(&lay), derived(&new(&is_tree)), "round {round}");
        }
    }
}

#[test]
fn a_layout_flipped_in_place_matches_one_built_afresh_and_flipping_back_restores_it() {
    let g = five_trees_one_per_line();
    let original = Layout::of(&g);
    let mut lay = Layout::of(&g);
    // A tree moved (0,0) -> (1,0), one removed at (2,4), one added at (4,0).
    let flips = [
        cell(&lay, 0, 0),
        cell(&lay, 1, 0),
        cell(&lay, 2, 4),
        cell(&lay, 4, 0),
    ];
    lay.flip(&flips);
    let mut is_tree = original.is_tree.clone();
    for &c in &flips {
        is_tree[c as usize] = !is_tree[c as usize];
    }
    let afresh = Layout::new(
        original.geo.clone(),
        is_tree,
        &[1; 5],
        &[1; 5],
        Rule4::Local,
    );
    assert_eq!(derived(&lay), derived(&afresh));
    assert_eq!(derived(&original.edited(&flips, None)), derived(&afresh));
    lay.flip(&flips);
    assert_eq!(derived(&lay), derived(&original));
}

/// Whether the board's line bits say what its squares say.
fn line_bits_agree(lay: &Layout, b: &Board) -> bool {
    (0..lay.line_count()).all(|l| {
        let (mut tents, mut empty) = (0u128, 0u128);
        for (k, c) in lay.line_cells(l).enumerate() {
            tents |= u128::from(b.is_tent(c)) << k;
            empty |= u128::from(b.is_empty(c)) << k;
        }
        b.line_bits[l] == super::board::LineBits { tents, empty }
    })
}

#[test]
fn line_bits_follow_every_change_of_the_board() {
    let g = five_trees_one_per_line();
    let mut lay = Layout::of(&g);
    let mut b = Board::of(&lay, &g);
    assert!(line_bits_agree(&lay, &b));
    let mark = b.mark();
    b.set(cell(&lay, 0, 1), TENT);
    b.set(cell(&lay, 1, 1), GRASS);
    b.set(cell(&lay, 4, 4), TENT);
    assert!(line_bits_agree(&lay, &b));
    b.undo_to(mark + 1);
    assert!(line_bits_agree(&lay, &b));
    b.reset(cell(&lay, 0, 1));
    assert!(line_bits_agree(&lay, &b));
    b.set(cell(&lay, 2, 3), TENT);
    // Trees moved and removed, as the generator's climb does, on a copy of the board.
    let snapshot = b.snapshot();
    let flips = [cell(&lay, 0, 0), cell(&lay, 2, 3), cell(&lay, 3, 2)];
    lay.flip(&flips);
    let mut b = Board::from_snapshot(&lay, snapshot);
    for &c in &flips {
        b.retree(c);
    }
    assert!(line_bits_agree(&lay, &b));
}

#[test]
fn a_board_built_at_once_counts_as_one_built_square_by_square() {
    // `Board::new` counts in one pass; setting the same squares one by one on an empty board
    // must give the same values, counters and line bits.
    let g = five_trees_one_per_line();
    let lay = Layout::of(&g);
    let mut val = vec![super::board::EMPTY; lay.len()];
    let decided = [
        ((0, 1), TENT),
        ((1, 1), GRASS),
        ((4, 4), TENT),
        ((2, 0), GRASS),
    ];
    for &((r, c), v) in &decided {
        val[cell(&lay, r, c) as usize] = v;
    }
    let at_once = Board::new(&lay, val);
    let mut by_square = Board::new(&lay, vec![super::board::EMPTY; lay.len()]);
    for &((r, c), v) in &decided {
        by_square.set(cell(&lay, r, c), v);
    }
    assert_eq!(at_once.val, by_square.val);
    assert_eq!(at_once.line_tents, by_square.line_tents);
    assert_eq!(at_once.line_empty, by_square.line_empty);
    assert_eq!(at_once.adj_tents, by_square.adj_tents);
    assert_eq!(at_once.adj_empty, by_square.adj_empty);
    assert_eq!(at_once.tents, by_square.tents);
    assert_eq!(at_once.line_bits, by_square.line_bits);
    assert!(line_bits_agree(&lay, &at_once));
}

#[test]
fn runs_from_the_blank_board_in_reused_buffers_match_runs_on_a_board_counted_afresh() {
    // `Estimator::close` starts from the layout's kept blank board, skips the squares under the
    // local rule and reuses its buffers from one run to the next: each run must end as a run
    // on a board counted square by square, under either rule and on a wrapping grid too.
    let mut est = super::Estimator::default();
    for (wrapping, rule4) in [
        (false, Rule4::Local),
        (false, Rule4::Matching),
        (true, Rule4::Local),
    ] {
        for seed in 0..3 {
            let options = GenOptions {
                rows: 12,
                cols: 12,
                difficulty: Tier::Tricky,
                wrapping,
                params: Default::default(),
            };
            let g = Tents::generate(&options, seed).expect("a tricky 12x12 puzzle");
            let g = g.with_rule4(rule4);
            let lay = Layout::of(&g);
            for max in [Tier::Easy, Tier::Tricky] {
                let val = (0..lay.len() as u32)
                    .map(|c| match (lay.is_tree[c as usize], lay.is_candidate(c)) {
                        (false, false) => GRASS,
                        _ => super::board::EMPTY,
                    })
                    .collect();
                let mut afresh = Engine::new(Board::new(&lay, val));
                let outcome = afresh.run(max);
                let c = est.close(&lay, max, None);
                assert_eq!(c.outcome, outcome, "{wrapping} {rule4:?} seed {seed} {max}");
                assert_eq!(
                    c.state,
                    afresh.b.snapshot(),
                    "{wrapping} {rule4:?} seed {seed}"
                );
            }
        }
    }
}

#[test]
fn estimates_in_reused_buffers_match_fresh_ones() {
    // The generator's estimates reuse one lane's buffers from one estimate to the next, from
    // other closures, over zones and tree changes that differ each time: each must come out
    // from fresh buffers.
    let options = GenOptions {
        rows: 12,
        cols: 12,
        difficulty: Tier::Tricky,
        wrapping: false,
        params: Default::default(),
    };
    let g = Tents::generate(&options, 3).expect("a tricky 12x12 puzzle");
    let lay = Layout::of(&g);
    let closed = super::Estimator::default().close(&lay, Tier::Tricky, None);
    let easy = super::Estimator::default().close(&lay, Tier::Easy, None);
    let square = |r0: usize, c0: usize, side: usize| -> Vec<u32> {
        (r0..r0 + side)
            .flat_map(|r| (c0..c0 + side).map(move |c| (r * 12 + c) as u32))
            .collect()
    };
    let tree = (0..144u32)
        .find(|&c| lay.is_tree[c as usize])
        .expect("a tree");
    let free = (0..144u32)
        .find(|&c| !lay.is_tree[c as usize] && !lay.is_candidate(c))
        .expect("a square with no tree next to it");
    let moved = lay.edited(&[tree, free], None);
    let cases: [(&Layout, &Closure, Vec<u32>, Vec<u32>); 5] = [
        (&lay, &closed, square(0, 0, 5), vec![]),
        (&moved, &closed, square(3, 3, 9), vec![tree, free]),
        (&lay, &easy, square(6, 2, 4), vec![]),
        (&lay, &closed, square(2, 6, 3), vec![]),
        (&lay, &easy, (0..144).collect(), vec![]),
    ];
    let mut est = super::Estimator::default();
    for (i, (layout, from, zone, flips)) in cases.iter().enumerate() {
        let fresh =
            super::Estimator::default().reclose(layout, &from.state, zone, flips, Tier::Tricky);
        let reused = est.reclose(layout, &from.state, zone, flips, Tier::Tricky);
        assert_eq!(reused.outcome, fresh.outcome, "case {i}");
        assert!(
            reused.state == fresh.state,
            "case {i}: values or counters differ"
        );
        est.keep(reused);
    }
}

/// A line enumeration's outcome, comparable: the squares set in order, or the contradiction.
fn line_outcome(outcome: LineOutcome) -> Result<Vec<(u32, u8)>, &'static str> {
    match outcome {
        LineOutcome::Nothing => Ok(Vec::new()),
        LineOutcome::Step(step) => Ok(step.sets.to_vec()),
        LineOutcome::Contradiction(c) => Err(c.rule.id),
    }
}

#[test]
fn line_enumeration_kept_from_earlier_positions_is_the_one_found_afresh() {
    // The enumeration keeps what it found per line state, with the empty squares of the lines
    // beside it. On random positions (many of them contradictory) changed a few squares at a
    // time, so that most lines come back as they were and the lines beside a change do not,
    // one set of buffers that has seen every earlier position must answer each line as fresh
    // buffers do, on every variant.
    use rand::{RngExt, SeedableRng};
    for (wrapping, diagadj) in [(false, false), (true, false), (false, true), (true, true)] {
        let options = GenOptions {
            rows: 10,
            cols: 10,
            difficulty: Tier::Tricky,
            wrapping,
            params: crate::games::tents::GenParams { diagadj },
        };
        let g = Tents::generate(&options, 1).expect("a tricky 10x10 puzzle");
        let lay = Layout::of(&g);
        let mut kept = LineScratch::default();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        // A square that may hold a tent: empty, or a tent or grass at random.
        let draw = |rng: &mut rand_chacha::ChaCha8Rng| match rng.random_range(0..6u32) {
            0 => TENT,
            1 | 2 => GRASS,
            _ => super::board::EMPTY,
        };
        let (mut steps, mut kept_answers) = (0, 0);
        for _ in 0..40 {
            let mut val: Vec<u8> = (0..lay.len() as u32)
                .map(|c| {
                    if lay.is_candidate(c) {
                        draw(&mut rng)
                    } else {
                        GRASS
                    }
                })
                .collect();
            for _ in 0..20 {
                for _ in 0..rng.random_range(1..4u32) {
                    let c = rng.random_range(0..lay.len() as u32);
                    if lay.is_candidate(c) {
                        val[c as usize] = draw(&mut rng);
                    }
                }
                let b = Board::new(&lay, val.clone());
                for l in 0..lay.line_count() {
                    let before = kept.kept_answers();
                    let again = line_outcome(enumerate(&b, l, &mut kept));
                    kept_answers += kept.kept_answers() - before;
                    let afresh = line_outcome(enumerate(&b, l, &mut LineScratch::default()));
                    assert_eq!(
                        again, afresh,
                        "wrapping {wrapping}, diagadj {diagadj}, line {l}"
                    );
                    steps += usize::from(again.is_ok_and(|s| !s.is_empty()));
                }
            }
        }
        assert!(steps > 100, "only {steps} lines gave a step");
        assert!(
            kept_answers > 1000,
            "only {kept_answers} answers came from the memo"
        );
    }
}
