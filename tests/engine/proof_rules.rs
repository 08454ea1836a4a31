//! Every rule of every game's catalogue, and every case rule, on positions written from the
//! rule's description (docs/rules.md#proof-mode): one place where it justifies a square (holds, lists
//! its cases) and one where it does not, each judged by the rule's own check
//! (`ProofRules::forced` / `contradictions` / `cases`) and by `verify`'s judge on a proof whose
//! one step under test follows the splits that set the position's pieces. A catalogue rule
//! with no fixture fails the coverage test.

use std::collections::BTreeSet;

use gridpuzzles::deduce::{Deduce, RuleKind};
use gridpuzzles::game::{Game, Target};
use gridpuzzles::games::Listed;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::mosaic::Mosaic;
use gridpuzzles::games::tents::{Rule4, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::proof::{self, ProofRules, judge, text};

/// One rule on one position.
struct Fixture {
    /// The rule's id (a catalogue rule or a case rule).
    rule: &'static str,
    /// The position, in the game's text format with its pieces (Tents: a first line `matching`
    /// puts it under Tatham's rule 4).
    board: &'static str,
    /// Where the rule applies: `PIECE (R,C)` for a direct rule, a target (`(R,C)`, `row N`,
    /// `column N`) for a contradiction or a case rule.
    holds: &'static str,
    /// Where it does not, in the same form.
    fails: &'static str,
    /// The position of `fails` when it is not `board`.
    fails_board: Option<&'static str>,
    /// A case rule's number of cases at `holds`.
    cases: usize,
}

const fn fix(
    rule: &'static str,
    board: &'static str,
    holds: &'static str,
    fails: &'static str,
) -> Fixture {
    Fixture {
        rule,
        board,
        holds,
        fails,
        fails_board: None,
        cases: 0,
    }
}

const fn fix_on(
    rule: &'static str,
    board: &'static str,
    holds: &'static str,
    fails_board: &'static str,
    fails: &'static str,
) -> Fixture {
    Fixture {
        fails_board: Some(fails_board),
        ..fix(rule, board, holds, fails)
    }
}

const fn cases(
    rule: &'static str,
    board: &'static str,
    holds: &'static str,
    n: usize,
    fails: &'static str,
) -> Fixture {
    Fixture {
        cases: n,
        ..fix(rule, board, holds, fails)
    }
}

// ------------------------------------------------------------------------------- Tents

/// Row 0 and column 0 need one tent, the rest none; the tree is at (0,1).
const T_SMALL: &str = "3 3 0 0\n1 0 0 \n1 0 0 \n x \n   \n   \n";

const TENTS: &[Fixture] = &[
    fix("finish-with-grass", T_SMALL, "grass (1,0)", "grass (0,0)"),
    // Column 0 needs one tent and has one free square; row 1 has three.
    fix(
        "finish-with-tents",
        "2 3 0 0\n0 1 \n1 0 0 \nx  \n   \n",
        "tent (1,0)",
        "tent (1,1)",
    ),
    fix(
        "surround-tent",
        "3 3 0 0\n1 0 0 \n1 0 0 \n*x \n   \n   \n",
        "grass (1,1)",
        "grass (2,2)",
    ),
    fix("empty-field", T_SMALL, "grass (2,2)", "grass (0,0)"),
    // The tree's last free square; (1,1) only touches it diagonally.
    fix(
        "last-camping-spot",
        "2 2 0 0\n0 1 \n1 0 \nx-\n  \n",
        "tent (1,0)",
        "tent (1,1)",
    ),
    // The tent at (0,0) has one tree, so (0,2) (whose only tree is that one) is grass; (1,0)
    // has no tree next to it at all (a rule of its own).
    fix(
        "tree-for-tent",
        "matching\n2 3 0 0\n1 0 \n1 0 0 \n*x \n   \n",
        "grass (0,2)",
        "grass (1,0)",
    ),
    // The tent at (0,1) is the only free square of the tree at (0,0): the tree at (0,2) gets
    // its last empty square.
    fix(
        "tent-for-tree",
        "matching\n2 4 0 0\n2 0 \n0 1 0 1 \nx*x \n--- \n",
        "tent (0,3)",
        "tent (1,3)",
    ),
    fix(
        "too-many-tents",
        "3 3 0 0\n1 0 0 \n1 0 0 \n x \n*  \n   \n",
        "row 1",
        "row 0",
    ),
    fix(
        "too-few-spaces",
        "3 3 0 0\n1 0 0 \n1 0 0 \n-x-\n   \n   \n",
        "row 0",
        "row 1",
    ),
    fix(
        "touching-tents",
        "3 3 0 0\n1 0 0 \n1 0 0 \n*x \n*  \n   \n",
        "(1,0)",
        "(2,2)",
    ),
    fix(
        "no-tent-for-tree",
        "3 3 0 0\n1 0 0 \n1 0 0 \n-x-\n - \n   \n",
        "(0,1)",
        "(0,0)",
    ),
    fix(
        "no-tree-for-tent",
        "3 3 0 0\n1 0 0 \n1 0 0 \n x \n   \n  *\n",
        "(2,2)",
        "(0,1)",
    ),
    // The corner tree's two free squares both touch (1,1).
    fix(
        "shared-neighbour",
        "3 3 0 0\n1 0 0 \n0 1 0 \nx  \n   \n   \n",
        "grass (1,1)",
        "grass (2,2)",
    ),
    // Row 0 has two tents on three squares: only the ends, no two touching.
    fix(
        "line-enumeration",
        "2 3 0 0\n2 0 \n1 0 1 \n   \nx x\n",
        "tent (0,0)",
        "tent (0,1)",
    ),
    // The trees at (0,1) and (0,3) have the two free squares (0,2) and (0,4) between them:
    // (0,4) is in the second tight group (the tree at (0,1) alone is the first).
    fix(
        "forced-pairing",
        "matching\n2 5 0 0\n2 0 \n0 0 1 0 1 \n-x x \n-----\n",
        "tent (0,4)",
        "grass (0,4)",
    ),
    // The tents at (0,0) and (0,4) use up the trees at (0,1) and (0,3): (0,2) has no tree.
    fix(
        "impossible-pairing",
        "matching\n2 5 0 0\n2 0 \n1 0 0 0 1 \n*x x*\n     \n",
        "grass (0,2)",
        "grass (1,2)",
    ),
    // Row 0 needs two tents on two squares side by side.
    fix(
        "no-line-placement",
        "2 3 0 0\n2 0 \n1 1 0 \n  x\n---\n",
        "row 0",
        "row 1",
    ),
    // Two trees with one free square between them.
    fix(
        "unmatchable",
        "matching\n2 3 0 0\n1 0 \n0 1 0 \nx x\n---\n",
        "(0,0)",
        "(1,1)",
    ),
    // Grass on (1,0) leaves column 0 no room for its tent.
    fix(
        "case-analysis",
        "2 3 0 0\n0 1 \n1 0 0 \nx  \n   \n",
        "tent (1,0)",
        "grass (1,0)",
    ),
    cases("tent-or-grass", T_SMALL, "(0,0)", 2, "(0,1)"),
    cases(
        "tree-tent",
        "3 3 0 0\n1 0 0 \n1 0 0 \n x \n - \n   \n",
        "(0,1)",
        2,
        "(0,0)",
    ),
    // A tent between two trees, under the matching rule: linked to one or the other.
    cases(
        "tent-tree",
        "matching\n2 2 0 0\n1 0 \n1 0 \n*x\nx \n",
        "(0,0)",
        2,
        "(0,1)",
    ),
    cases(
        "line-tents",
        "3 3 0 0\n1 0 0 \n1 0 0 \n x \n---\n   \n",
        "row 0",
        2,
        "row 1",
    ),
];

// ------------------------------------------------------------------------------- Light Up

const LIGHT_UP: &[Fixture] = &[
    // The second bulb stands in the first one's light: no valid step reaches this position,
    // so its setup is a step judged invalid before the one under test.
    fix("bulbs-see-each-other", "1 3 0\n*b*\n", "(0,0)", "(0,1)"),
    fix("too-many-bulbs", "2 2 0\n1*\n*b\n", "(0,0)", "(1,1)"),
    fix("too-few-spaces", "2 2 0\n2-\nbb\n", "(0,0)", "(1,1)"),
    // The marked square is the only one in its row and column.
    fix("unlightable-square", "1 3 0\n-wb\n", "(0,0)", "(0,2)"),
    fix("zero-wall", "2 2 0\n0b\nbb\n", "mark (0,1)", "mark (1,1)"),
    fix(
        "wall-complete",
        "2 3 0\n*1b\nbbb\n",
        "mark (0,2)",
        "mark (1,2)",
    ),
    fix(
        "wall-needs-all",
        "2 2 0\n2b\nbb\n",
        "bulb (1,0)",
        "bulb (1,1)",
    ),
    // Only (0,1) can light the marked (0,0).
    fix(
        "only-one-light",
        "2 3 0\n-bw\nwbb\n",
        "bulb (0,1)",
        "bulb (1,2)",
    ),
    // The 1 needs a bulb on (0,0) or (0,2), and each breaks a 0 wall.
    fix("no-wall-placement", "2 3 0\nb1b\n0w0\n", "(0,1)", "(1,0)"),
    // A bulb on (1,0) lights (0,0) and (1,1), leaving the 2 one free neighbour.
    fix(
        "bulb-starves-wall",
        "2 3 0\nb2b\nbbb\n",
        "mark (1,0)",
        "mark (0,0)",
    ),
    // A bulb on (1,1) lights both squares that could light the marked (0,0).
    fix(
        "bulb-darkens-square",
        "2 2 0\n-b\nbb\n",
        "mark (1,1)",
        "mark (0,1)",
    ),
    // The 1's bulb cannot go beside the 0: (1,2) is in no placement.
    fix(
        "wall-placements",
        "3 4 0\nbbbb\nb1b0\nbbbb\n",
        "mark (1,2)",
        "mark (0,1)",
    ),
    // A mark on (0,1) leaves (0,0) unlightable.
    fix(
        "case-analysis",
        "2 3 0\n-bw\nwbb\n",
        "bulb (0,1)",
        "mark (0,1)",
    ),
    cases("bulb-or-not", "1 3 0\nbwb\n", "(0,0)", 2, "(0,1)"),
    cases("wall-ways", "2 2 0\n1b\nbb\n", "(0,0)", 2, "(1,1)"),
];

// ------------------------------------------------------------------------------- Mosaic

/// A chain of clues whose propagation fails: the 2 fills its squares, the 1 is then complete,
/// which leaves the 3 short; no single clue or pair shows it.
const M_CHAIN: &str = "1 6 0 0\n2e-e1e-e3e-e\n";
/// The same chain ending in a 2: it has a solution.
const M_CHAIN_OK: &str = "1 6 0 0\n2e-e1e-e2e-e\n";

const MOSAIC: &[Fixture] = &[
    fix(
        "clue-complete",
        "3 3 0 0\n1e-b-e\n-e-e-e\n-e-e-e\n",
        "white (1,1)",
        "white (2,2)",
    ),
    fix(
        "clue-fill",
        "3 3 0 0\n4e-e-e\n-e-e-e\n-e-e-e\n",
        "black (1,1)",
        "black (2,2)",
    ),
    // On a 2x2 torus the clue counts (1,1) four times: worth more than the 2 it needs.
    fix(
        "counted-twice",
        "2 2 1 0\n2e-e\n-e-e\n",
        "white (1,1)",
        "black (1,1)",
    ),
    fix("too-many-black", "2 2 0 0\n0e-b\n-e-e\n", "(0,0)", "(1,1)"),
    fix("too-few-spaces", "2 2 0 0\n4e-e\n-e-w\n", "(0,0)", "(1,1)"),
    // The 1's squares lie inside the 2's, so the 2's other square is black.
    fix(
        "contained-clue",
        "1 4 0 0\n1e2e-e-e\n",
        "black (0,2)",
        "black (0,3)",
    ),
    // The 0 caps the overlap, so the 2's squares outside it are black.
    fix(
        "overlap-black",
        "1 5 0 0\n-e2e-e0e-e\n",
        "black (0,0)",
        "black (0,4)",
    ),
    // The 3 fills the overlap, which is all the 1 needs.
    fix(
        "overlap-white",
        "1 5 0 0\n-e1e-e3e-e\n",
        "white (0,0)",
        "white (0,4)",
    ),
    // The 2 needs (0,2) black, the 0 needs it white.
    fix(
        "overlap-conflict",
        "1 5 0 0\n-w2e-e0e-e\n",
        "(0,1)",
        "(0,0)",
    ),
    // Black on (0,3) overfills the 1 once the 2 has its squares.
    fix("case-analysis", M_CHAIN_OK, "white (0,3)", "black (0,3)"),
    fix_on("no-colour-fits", M_CHAIN, "(0,0)", M_CHAIN_OK, "(0,0)"),
    cases(
        "black-or-white",
        "2 2 0 0\n1e-e\n-e-b\n",
        "(0,0)",
        2,
        "(1,1)",
    ),
    cases("clue-ways", "2 2 0 0\n1e-e\n-e-e\n", "(0,0)", 4, "(1,1)"),
];

// ------------------------------------------------------------------------------- checks

fn load_tents(board: &str) -> Tents {
    match board.strip_prefix("matching\n") {
        Some(rest) => Tents::parse(rest)
            .expect("fixture")
            .with_rule4(Rule4::Matching),
        None => Tents::parse(board).expect("fixture"),
    }
}

fn load<G: Game>(board: &str) -> G {
    G::parse(board).expect("fixture")
}

fn pos(word: &str) -> Pos {
    let inner = word
        .strip_prefix('(')
        .and_then(|w| w.strip_suffix(')'))
        .expect("(R,C)");
    let (r, c) = inner.split_once(',').expect("(R,C)");
    Pos::new(r.parse().unwrap(), c.parse().unwrap())
}

fn target(text: &str) -> Target {
    match text.split_once(' ') {
        Some(("row", n)) => Target::Row(n.parse().unwrap()),
        Some(("column", n)) => Target::Col(n.parse().unwrap()),
        _ => Target::Square(pos(text)),
    }
}

fn piece_at<G: Game>(text: &str) -> (G::Piece, Pos) {
    let (name, square) = text.split_once(' ').expect("PIECE (R,C)");
    let piece = [G::PRIMARY, G::SECONDARY]
        .into_iter()
        .find(|&p| G::piece_name(p) == name)
        .unwrap_or_else(|| panic!("no piece {name}"));
    (piece, pos(square))
}

/// The setup of a one-step proof: the position's pieces set one by one from the cleared
/// puzzle, each by a split on its square (the branch holding its piece, the step under test
/// inside it). A square the splits cannot reach (a bulb in another's light) is set by a direct
/// step, judged invalid. The setup's lines before the step, its depth, the lines after the step
/// (the other branches) and the lines of the unreached squares' steps.
struct Setup {
    before: String,
    depth: usize,
    after: Vec<String>,
    unreached: Vec<usize>,
}

fn setup<G: ProofRules>(g: &G) -> Setup {
    let square_case = G::case_rules()[0].id;
    let mut position = g.cleared();
    let mut pieces: Vec<(Pos, G::Piece)> = g
        .topology()
        .positions()
        .filter(|&q| g.piece(q) != position.piece(q))
        .map(|q| (q, g.piece(q)))
        .collect();
    // Secondary pieces (grass, marks, white) first: a square cannot be split on once lit.
    pieces.sort_by_key(|&(_, p)| p == G::PRIMARY);
    let mut s = Setup {
        before: String::new(),
        depth: 0,
        after: Vec::new(),
        unreached: Vec::new(),
    };
    for (q, piece) in pieces {
        let pad = "  ".repeat(s.depth);
        if position.is_open(q) {
            s.before.push_str(&format!("{pad}case {square_case} {q}\n"));
            if piece == G::PRIMARY {
                s.before.push_str(&format!("{pad}branch 1/2\n"));
                s.after.push(format!("{pad}branch 2/2\n"));
            } else {
                s.before
                    .push_str(&format!("{pad}branch 1/2\n{pad}branch 2/2\n"));
            }
            s.depth += 1;
        } else {
            let rule = proof::rules_of_kind::<G>(RuleKind::Direct).next().unwrap();
            s.before.push_str(&format!(
                "{pad}{} {q} by {}\n",
                G::piece_name(piece),
                rule.id
            ));
            s.unreached.push(3 + s.before.lines().count());
        }
        position = position.apply(q, piece);
    }
    s
}

/// The verdict of `verify`'s judge on the step `step` (with `branches` empty branches) after
/// the setup of `g`: the reasons of the step's own invalid marks (empty: valid). The setup's
/// splits are valid.
fn verdict<G: ProofRules + Listed>(g: &G, step: &str, branches: usize) -> Vec<String> {
    let s = setup(g);
    let pad = "  ".repeat(s.depth);
    let mut lines = s.before.clone();
    lines.push_str(&format!("{pad}{step}\n"));
    let step_line = 3 + lines.lines().count();
    for k in 1..=branches {
        lines.push_str(&format!("{pad}branch {k}/{branches}\n"));
    }
    for closing in s.after.iter().rev() {
        lines.push_str(closing);
    }
    let file = format!(
        "gridpuzzles proof\ngame {}\npuzzle {}\n{lines}",
        G::KIND.id(),
        text::puzzle_id(g)
    );
    let proof = text::read::<G>(&file).unwrap_or_else(|e| panic!("{e}\n{file}"));
    let report = judge(&proof);
    for bad in &report.invalid {
        assert!(
            bad.line == step_line || s.unreached.contains(&bad.line),
            "setup step invalid: {bad:?}\n{file}"
        );
    }
    report
        .invalid
        .iter()
        .filter(|bad| bad.line == step_line)
        .map(|bad| bad.reason.clone())
        .collect()
}

/// One fixture of game `G`: its own check and the judge agree on `holds` and `fails`.
fn check<G: ProofRules + Listed>(f: &Fixture, load: fn(&str) -> G) {
    let g = load(f.board);
    let other = f.fails_board.map_or_else(|| g.clone(), load);
    let id = f.rule;
    if let Some(rule) = proof::rule_named::<G>(id) {
        if rule.kind == RuleKind::Contradiction {
            let holds_at = |g: &G, at: Target| {
                g.contradictions(&rule)
                    .expect("checkable")
                    .iter()
                    .any(|found| found.at.contains(&at))
            };
            assert!(holds_at(&g, target(f.holds)), "{id} holds at {}", f.holds);
            assert!(
                !holds_at(&other, target(f.fails)),
                "{id} not at {}",
                f.fails
            );
            let step = |at: &str| format!("contradiction {id} at {at}");
            assert_eq!(verdict(&g, &step(f.holds), 0), Vec::<String>::new(), "{id}");
            assert!(!verdict(&other, &step(f.fails), 0).is_empty(), "{id}");
        } else {
            let forces = |g: &G, text: &str| {
                let (piece, q) = piece_at::<G>(text);
                let everywhere = g.forced(&rule).expect("checkable");
                let here = g.forced_at(&rule, &[q]).expect("checkable");
                let has = |fs: &[proof::Forced<G::Piece>]| {
                    fs.iter().any(|x| x.pos == q && x.piece == piece)
                };
                assert_eq!(
                    has(&everywhere),
                    has(&here),
                    "{id} at {q}: everywhere and here"
                );
                has(&everywhere)
            };
            assert!(forces(&g, f.holds), "{id} forces {}", f.holds);
            assert!(!forces(&other, f.fails), "{id} does not force {}", f.fails);
            let step = |what: &str| format!("{what} by {id}");
            assert_eq!(verdict(&g, &step(f.holds), 0), Vec::<String>::new(), "{id}");
            let refused = verdict(&other, &step(f.fails), 0);
            assert!(!refused.is_empty(), "{id} at {}", f.fails);
            // LEGUP's default application: the rule and no square, valid where it forces.
            assert_eq!(
                verdict(&g, &format!("by {id}"), 0),
                Vec::<String>::new(),
                "{id}"
            );
        }
    } else {
        let rule = proof::case_rule_named::<G>(id).unwrap_or_else(|| panic!("no rule {id}"));
        let listed = g.cases(&rule, target(f.holds)).expect("applies");
        assert_eq!(listed.len(), f.cases, "{id} at {}: {listed:?}", f.holds);
        assert!(
            other.cases(&rule, target(f.fails)).is_err(),
            "{id} at {}",
            f.fails
        );
        let step = |at: &str| format!("case {id} {at}");
        assert_eq!(
            verdict(&g, &step(f.holds), f.cases),
            Vec::<String>::new(),
            "{id}"
        );
        assert!(!verdict(&other, &step(f.fails), 1).is_empty(), "{id}");
    }
}

/// Every catalogue rule and case rule of `G` has a fixture, and every fixture names one.
fn covered<G: ProofRules>(fixtures: &[Fixture]) {
    let named: BTreeSet<&str> = fixtures.iter().map(|f| f.rule).collect();
    let rules: BTreeSet<&str> = G::rules()
        .iter()
        .map(|r| r.id)
        .chain(G::case_rules().iter().map(|r| r.id))
        .collect();
    let missing: Vec<_> = rules.difference(&named).collect();
    assert!(
        missing.is_empty(),
        "{}: no fixture for {missing:?}",
        G::KIND
    );
    let unknown: Vec<_> = named.difference(&rules).collect();
    assert!(
        unknown.is_empty(),
        "{}: fixtures for no rule {unknown:?}",
        G::KIND
    );
}

#[test]
fn every_rule_has_a_fixture() {
    covered::<Tents>(TENTS);
    covered::<LightUp>(LIGHT_UP);
    covered::<Mosaic>(MOSAIC);
}

/// Checks every fixture, then fails with all the rules that failed (not only the first).
fn check_all<G: ProofRules + Listed>(fixtures: &[Fixture], load: fn(&str) -> G) {
    let failed: Vec<&str> = fixtures
        .iter()
        .filter(|f| std::panic::catch_unwind(|| check(f, load)).is_err())
        .map(|f| f.rule)
        .collect();
    assert!(failed.is_empty(), "{}: {failed:?}", G::KIND);
}

#[test]
fn tents_rules_justify_and_refuse() {
    check_all(TENTS, load_tents);
}

#[test]
fn light_up_rules_justify_and_refuse() {
    check_all(LIGHT_UP, load::<LightUp>);
}

#[test]
fn mosaic_rules_justify_and_refuse() {
    check_all(MOSAIC, load::<Mosaic>);
}

// ------------------------------------------------------------------------------- LEGUP

/// LEGUP's Last Camping Spot applied everywhere (its default application) never fires; ours
/// does, and LEGUP's Empty Field ignores links: a square whose only tree belongs to another
/// tent is grass by tree-for-tent here, while empty-field keeps to squares with no tree.
#[test]
fn legup_weak_checks_are_right_here() {
    let spot = load_tents("2 2 0 0\n0 1 \n1 0 \nx-\n  \n");
    let rule = proof::rule_named::<Tents>("last-camping-spot").unwrap();
    let everywhere = spot.forced(&rule).unwrap();
    assert_eq!(everywhere.len(), 1, "{everywhere:?}");
    assert_eq!(everywhere[0].pos, Pos::new(1, 0));
    assert_eq!(
        verdict(&spot, "by last-camping-spot", 0),
        Vec::<String>::new()
    );

    let owned = load_tents("matching\n2 3 0 0\n1 0 \n1 0 0 \n*x \n   \n");
    let refused = verdict(&owned, "grass (0,2) by empty-field", 0);
    assert_eq!(
        refused,
        vec!["Empty field: (0,2) has a tree next to it".to_string()]
    );
    assert_eq!(
        verdict(&owned, "grass (0,2) by tree-for-tent", 0),
        Vec::<String>::new()
    );
}

// ------------------------------------------------------------------------------- derived

/// The hint engine's case-analysis steps on a few hard pack puzzles, each accepted by the
/// checker's case-analysis at its square (the trials are the hints' own).
fn hints_case_steps_are_accepted<G: ProofRules + Listed>(wanted: usize) {
    use gridpuzzles::deduce::HintOutcome;
    let rule = proof::rule_named::<G>("case-analysis").unwrap();
    let mut seen = 0;
    let hard = gridpuzzles::pack::entries()
        .into_iter()
        .filter(|e| e.kind() == Some(G::KIND) && e.name.contains("hard"));
    for entry in hard {
        let any = entry.load().expect("pack puzzle");
        let mut position = G::inside::<gridpuzzles::games::any::Puzzle>(&any)
            .unwrap()
            .cleared();
        if position.topology().len() > 150 {
            continue;
        }
        while let HintOutcome::Hint(h) = position.hint() {
            if h.rule.id == rule.id {
                let (q, value) = h.sets[0];
                let forced = position.forced_at(&rule, &[q]).unwrap();
                assert!(
                    forced.iter().any(|f| f.pos == q && f.piece == value),
                    "{}: {}: {forced:?}",
                    entry.name,
                    h.explanation
                );
                seen += 1;
                if seen == wanted {
                    return;
                }
            }
            for (q, v) in h.sets {
                position = position.apply(q, v);
            }
        }
    }
    panic!("{}: only {seen} case-analysis hints in the pack", G::KIND);
}

#[test]
fn case_analysis_accepts_the_hint_engines_case_steps() {
    hints_case_steps_are_accepted::<Tents>(3);
    hints_case_steps_are_accepted::<LightUp>(3);
    hints_case_steps_are_accepted::<Mosaic>(3);
}

/// LEGUP's ids beside ours name the game's own LEGUP rule set, and a LEGUP rule stands beside
/// one of ours only where ours is that rule (Finish with Empty is our zero-wall and
/// wall-complete both).
fn legup_ids<G: ProofRules>(prefix: &str, shared: &[&str]) {
    let mut seen: Vec<&str> = Vec::new();
    let ids = G::rules()
        .iter()
        .filter_map(|r| r.legup)
        .chain(G::case_rules().iter().filter_map(|r| r.legup));
    for id in ids {
        assert!(id.starts_with(prefix), "{}: {id}", G::KIND);
        assert!(
            !seen.contains(&id) || shared.contains(&id),
            "{}: {id} twice",
            G::KIND
        );
        seen.push(id);
    }
}

#[test]
fn legup_ids_name_the_games_legup_rules() {
    legup_ids::<Tents>("TREE-", &[]);
    legup_ids::<LightUp>("LTUP-", &["LTUP-BASC-0005"]);
    // LEGUP's Mosaic rules are covered by the pair rules (docs/proof-format.md), none by name.
    assert!(Mosaic::rules().iter().all(|r| r.legup.is_none()));
    let tents: Vec<_> = Tents::rules()
        .iter()
        .filter(|r| r.legup.is_some())
        .collect();
    assert_eq!(
        tents.len(),
        12,
        "LEGUP's 7 basic and 5 contradiction Tree Tent rules"
    );
    assert!(Tents::case_rules().iter().all(|r| r.legup.is_some()));
}
