//! Links in Tents proofs (docs/proof-format.md#links): a tent linked to the tree it belongs to,
//! made by Tent for tree / Tree for tent, assigned by the tree and tent case rules, used by
//! Empty field and the contradictions; written and read back by the proof format, made in a
//! proof session. Each rule is judged where it links and where it does not.

use gridpuzzles::game::{Game, Target};
use gridpuzzles::games::tents::{Rule4, Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::proof::session::ProofSession;
use gridpuzzles::proof::{self, Link, ProofRules, judge, text};

fn p(r: usize, c: usize) -> Pos {
    Pos::new(r, c)
}

/// A puzzle from the Tents text format, under rule 4's matching variant.
fn matching(file: &str) -> Tents {
    Tents::parse(file)
        .expect("fixture")
        .with_rule4(Rule4::Matching)
}

fn link(tent: Pos, tree: Pos) -> Link {
    Link { tent, tree }
}

/// The judge's invalid steps on the proof of `g` with `lines` as its steps: (line, reason).
fn invalid(g: &Tents, lines: &str) -> Vec<(usize, String)> {
    let file = format!(
        "gridpuzzles proof\ngame tents\npuzzle {}\n{lines}",
        text::puzzle_id(g)
    );
    let proof = text::read::<Tents>(&file).expect("well formed");
    judge(&proof)
        .invalid
        .into_iter()
        .map(|i| (i.line, i.reason))
        .collect()
}

/// One row: a tent's square, a tree, an empty square (`*x ` once the tent is set).
const ROW: &str = "1 3 0 0\n1 \n1 0 0 \n x \n";

#[test]
fn tree_for_tent_links_a_tent_with_one_unlinked_tree() {
    let g = matching(ROW);
    // Line 4 sets the tent by a split; the link is line 7, in the surviving branch.
    let steps =
        "case tent-or-grass (0,0)\nbranch 1/2\n  link (0,0)-(0,1) by tree-for-tent\nbranch 2/2\n";
    assert_eq!(invalid(&g, steps), vec![]);
    // Tent for tree refuses it: the tree still has an empty square, (0,2).
    let steps =
        "case tent-or-grass (0,0)\nbranch 1/2\n  link (0,0)-(0,1) by tent-for-tree\nbranch 2/2\n";
    let found = invalid(&g, steps);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 6);
    assert!(
        found[0].1.contains("still has 1 empty square"),
        "{}",
        found[0].1
    );
}

#[test]
fn tent_for_tree_links_a_tree_with_no_empty_square_and_one_tent() {
    let g = matching(ROW)
        .apply(p(0, 0), Square::Tent)
        .apply(p(0, 2), Square::Grass);
    let rule = proof::rule_named::<Tents>("tent-for-tree").unwrap();
    let forced = g.forced_links(&rule).unwrap();
    assert_eq!(
        forced.iter().map(|f| f.link).collect::<Vec<_>>(),
        vec![link(p(0, 0), p(0, 1))]
    );
    // Linked, the tree asks nothing more.
    let linked = g.linked(link(p(0, 0), p(0, 1))).unwrap();
    assert!(linked.forced_links(&rule).unwrap().is_empty());
    // A rule that makes no link refuses one.
    let surround = proof::rule_named::<Tents>("surround-tent").unwrap();
    assert!(
        g.why_not_link(&surround, link(p(0, 0), p(0, 1)))
            .contains("makes no link")
    );
}

#[test]
fn a_link_needs_a_tent_beside_an_unlinked_tree_under_the_matching_rule() {
    let g = matching(ROW).apply(p(0, 0), Square::Tent);
    assert!(
        g.linked(link(p(0, 2), p(0, 1))).is_err(),
        "no tent at (0,2)"
    );
    assert!(
        g.linked(link(p(0, 0), p(0, 2))).is_err(),
        "no tree at (0,2)"
    );
    let once = g.linked(link(p(0, 0), p(0, 1))).unwrap();
    assert_eq!(once.links(), vec![link(p(0, 0), p(0, 1))]);
    let twice = once.linked(link(p(0, 0), p(0, 1))).unwrap_err();
    assert!(twice.contains("linked already"), "{twice}");
    // The course's files are under the local rule 4, which pairs nothing.
    let local = Tents::parse(ROW).unwrap().apply(p(0, 0), Square::Tent);
    let why = local.linked(link(p(0, 0), p(0, 1))).unwrap_err();
    assert!(why.contains("matching"), "{why}");
    // A tent taken away takes its link with it.
    assert!(once.apply(p(0, 0), Square::Empty).links().is_empty());
}

/// Two trees side by side over two free squares: `x x` with room below.
const TWO_TREES: &str = "2 3 0 0\n0 2 \n1 0 1 \nx x\n   \n";

#[test]
fn empty_field_and_no_tree_for_tent_see_links() {
    // Tent (1,0) linked to tree (0,0): the square (0,1) beside both trees... the tree (0,2)
    // is free, so (0,1) is not grass by links; (1,1) touches the tent anyway.
    let g = matching(TWO_TREES)
        .apply(p(1, 0), Square::Tent)
        .linked(link(p(1, 0), p(0, 0)))
        .unwrap();
    let empty_field = proof::rule_named::<Tents>("empty-field").unwrap();
    let forced = g.forced(&empty_field).unwrap();
    assert!(!forced.iter().any(|f| f.pos == p(0, 1)), "{forced:?}");
    // With the second tree linked too, (0,1) has only linked trees beside it: grass.
    let both = g
        .apply(p(1, 2), Square::Tent)
        .linked(link(p(1, 2), p(0, 2)))
        .unwrap();
    let forced = both.forced(&empty_field).unwrap();
    assert!(
        forced
            .iter()
            .any(|f| f.pos == p(0, 1) && f.piece == Square::Grass),
        "{forced:?}"
    );
    // A tent whose only tree is linked to another tent has no tree.
    let no_tree = proof::rule_named::<Tents>("no-tree-for-tent").unwrap();
    let row = matching("1 3 0 0\n2 \n1 0 1 \n x \n")
        .apply(p(0, 0), Square::Tent)
        .apply(p(0, 2), Square::Tent)
        .linked(link(p(0, 0), p(0, 1)))
        .unwrap();
    let found = row
        .contradictions_at(&no_tree, Target::Square(p(0, 2)))
        .unwrap();
    assert!(
        found
            .iter()
            .any(|f| f.text.contains("linked to another tent")),
        "{found:?}"
    );
    // No tent for tree: an unlinked tree whose only tent is linked elsewhere.
    let no_tent = proof::rule_named::<Tents>("no-tent-for-tree").unwrap();
    let trees = matching("1 3 0 0\n1 \n0 1 0 \nx*x\n")
        .linked(link(p(0, 1), p(0, 0)))
        .unwrap();
    let found = trees
        .contradictions_at(&no_tent, Target::Square(p(0, 2)))
        .unwrap();
    assert!(!found.is_empty(), "{found:?}");
}

#[test]
fn the_tree_and_tent_case_rules_assign_links() {
    let tree_case = proof::case_rule_named::<Tents>("tree-tent").unwrap();
    let tent_case = proof::case_rule_named::<Tents>("tent-tree").unwrap();
    // Tree (0,1): an unlinked tent on its left, an empty square on its right.
    let g = matching(ROW).apply(p(0, 0), Square::Tent);
    let cases = g.cases(&tree_case, Target::Square(p(0, 1))).unwrap();
    assert_eq!(cases.len(), 2, "{cases:?}");
    // In the order of the tree's neighbours: right, then left.
    assert_eq!(cases[0].sets, vec![(p(0, 2), Square::Tent)]);
    assert_eq!(cases[0].links, vec![link(p(0, 2), p(0, 1))]);
    assert_eq!(cases[1].sets, vec![]);
    assert_eq!(cases[1].links, vec![link(p(0, 0), p(0, 1))]);
    // The tent (0,0) has one unlinked tree: one case.
    let cases = g.cases(&tent_case, Target::Square(p(0, 0))).unwrap();
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].links, vec![link(p(0, 0), p(0, 1))]);
    assert!(g.cases(&tent_case, Target::Square(p(0, 2))).is_err());
    // A proof that splits on the tree: branch 1 puts a second tent in the row, which closes.
    let steps = "\
case tent-or-grass (0,0)
branch 1/2
  case tree-tent (0,1)
  branch 1/2
    contradiction too-many-tents at row 0
  branch 2/2
    grass (0,2) by finish-with-grass
  merge
branch 2/2
  contradiction too-few-spaces at column 0
merge
";
    let file = format!(
        "gridpuzzles proof\ngame tents\npuzzle {}\n{steps}",
        text::puzzle_id(&matching(ROW))
    );
    let proof = text::read::<Tents>(&file).expect("well formed");
    let report = judge(&proof);
    assert!(report.complete(), "{:?}", report.invalid);
}

#[test]
fn links_are_written_and_read_back() {
    let g = matching(ROW);
    let steps = "case tent-or-grass (0,0)\nbranch 1/2\n  link (0,0)-(0,1) by tree-for-tent\n  grass (0,2) by finish-with-grass\nbranch 2/2\n  contradiction too-few-spaces at column 0\nmerge\n";
    let file = format!(
        "gridpuzzles proof\ngame tents\npuzzle {}\n{steps}",
        text::puzzle_id(&g)
    );
    let proof = text::read::<Tents>(&file).expect("well formed");
    let written = text::write(&proof);
    assert!(
        written.contains("link (0,0)-(0,1) by tree-for-tent"),
        "{written}"
    );
    assert_eq!(text::read::<Tents>(&written).unwrap(), proof);
    let report = judge(&proof);
    assert!(report.complete(), "{:?}", report.invalid);
    // The solved board keeps the link.
    assert_eq!(report.solved[0].links(), &[link(p(0, 0), p(0, 1))]);
    // A malformed link is located.
    let bad = file.replace("(0,0)-(0,1)", "(0,0)(0,1)");
    let err = text::read::<Tents>(&bad).unwrap_err();
    assert!(err.to_string().contains("link"), "{err}");
    // Light Up has no links.
    let lightup =
        "gridpuzzles proof\ngame lightup\npuzzle 2x2:a1b\nlink (0,0)-(0,1) by wall-complete\n";
    let err = text::read::<gridpuzzles::games::lightup::LightUp>(lightup).unwrap_err();
    assert!(err.to_string().contains("no links"), "{err}");
}

#[test]
fn a_session_links_a_tent_and_keeps_the_link_through_save_and_load() {
    let g = matching(ROW);
    let s = ProofSession::new(&g);
    let (s, _) = s
        .case(
            proof::case_rule_named::<Tents>("tent-or-grass").unwrap(),
            Target::Square(p(0, 0)),
        )
        .unwrap();
    let s = s.toggle_link(link(p(0, 0), p(0, 1))).unwrap();
    assert_eq!(s.pending_links(), &[link(p(0, 0), p(0, 1))]);
    assert_eq!(s.board().links(), vec![link(p(0, 0), p(0, 1))]);
    // Toggled again, it is taken back; undo brings it again.
    let off = s.toggle_link(link(p(0, 0), p(0, 1))).unwrap();
    assert!(off.pending_links().is_empty());
    let s = off.undo().unwrap();
    let rule = proof::rule_named::<Tents>("tree-for-tent").unwrap();
    let (s, message) = s.direct(rule).unwrap();
    assert!(message.starts_with("valid"), "{message}");
    assert!(message.contains("1 link"), "{message}");
    assert_eq!(s.position().links(), vec![link(p(0, 0), p(0, 1))]);
    let written = text::write(&s.to_proof());
    let back = ProofSession::from_proof(&text::read::<Tents>(&written).unwrap());
    assert_eq!(back.to_proof(), s.to_proof());
    // A wrong rule for a link is kept, marked invalid on the tent's square.
    let s2 = ProofSession::new(&g)
        .case(
            proof::case_rule_named::<Tents>("tent-or-grass").unwrap(),
            Target::Square(p(0, 0)),
        )
        .unwrap()
        .0
        .toggle_link(link(p(0, 0), p(0, 1)))
        .unwrap();
    let (s2, message) = s2
        .direct(proof::rule_named::<Tents>("tent-for-tree").unwrap())
        .unwrap();
    assert!(message.starts_with("invalid"), "{message}");
    assert!(matches!(
        s2.marks()[..],
        [(pos, proof::session::SquareMark::Invalid(_))] if pos == p(0, 0)
    ));
}

#[test]
fn pending_squares_and_links_are_written_and_read_back() {
    let g = matching(ROW);
    let sets = vec![(p(0, 0), Square::Tent), (p(0, 2), Square::Grass)];
    let links = vec![link(p(0, 0), p(0, 1))];
    let line = text::pending_line::<Tents>(&sets, &links);
    assert_eq!(line, "tent (0,0) grass (0,2) link (0,0)-(0,1)");
    assert_eq!(text::read_pending(&g, &line).unwrap(), (sets, links));
    assert_eq!(text::read_pending(&g, "").unwrap(), (vec![], vec![]));
    let err = text::read_pending(&g, "tent (9,9)").unwrap_err();
    assert!(err.to_string().contains("on the grid"), "{err}");
}
