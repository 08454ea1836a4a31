//! Proofs (docs/rules.md#proof-mode): each rule's check on positions written from its description,
//! one-step proofs judged as `verify` judges them, the program's own proofs of pack puzzles,
//! refused mutations, soundness against the solver, and the text format's round trip.

use gridpuzzles::deduce::RuleKind;
use gridpuzzles::game::{Game, Target};
use gridpuzzles::games::Listed;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::mosaic::Mosaic;
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::pack;
use gridpuzzles::proof::{self, ProofRules, judge, rules_of_kind, text};
use proptest::prelude::*;

fn tents(text: &str) -> Tents {
    Tents::parse(text).expect("fixture")
}

fn p(r: usize, c: usize) -> Pos {
    Pos::new(r, c)
}

/// A proof file of `g` whose steps are `lines`.
fn proof_text<G: ProofRules + Listed>(g: &G, lines: &str) -> String {
    format!(
        "gridpuzzles proof\ngame {}\npuzzle {}\n{lines}",
        G::KIND.id(),
        text::puzzle_id(g)
    )
}

/// The first invalid step's line and reason when the proof of `g` made of `lines` is judged.
fn first_invalid<G: ProofRules + Listed>(g: &G, lines: &str) -> Option<(usize, String)> {
    let proof = text::read::<G>(&proof_text(g, lines)).expect("well formed");
    judge(&proof)
        .invalid
        .first()
        .map(|i| (i.line, i.reason.clone()))
}

/// Whether `rule` forces `piece` on `pos` of `g`.
fn forces<G: ProofRules>(g: &G, rule: &str, pos: Pos, piece: G::Piece) -> bool {
    let rule = proof::rule_named::<G>(rule).expect("a rule");
    g.forced(&rule)
        .expect("checkable")
        .iter()
        .any(|f| f.pos == pos && f.piece == piece)
}

/// Whether contradiction `rule` holds at `at` on `g`.
fn holds<G: ProofRules>(g: &G, rule: &str, at: Target) -> bool {
    let rule = proof::rule_named::<G>(rule).expect("a rule");
    g.contradictions(&rule)
        .expect("checkable")
        .iter()
        .any(|f| f.at.contains(&at))
}

/// Row 1 and columns 1, 2 need no tent; row 0 and column 0 need one, the tree is at (0,1).
const SMALL: &str = "3 3 0 0\n1 0 0 \n1 0 0 \n x \n   \n   \n";
/// One row: a tree and one free square, which row 0 and the tree both need.
const ONE_SPOT: &str = "1 2 0 0\n1 \n1 0 \n x\n";

#[test]
fn finish_with_grass_fills_a_line_that_has_its_tents_only() {
    let g = tents(SMALL);
    assert!(forces(&g, "finish-with-grass", p(1, 0), Square::Grass));
    assert!(!forces(&g, "finish-with-grass", p(0, 0), Square::Grass));
    assert_eq!(
        first_invalid(&g, "grass (1,0) by finish-with-grass\n"),
        None
    );
    let (line, reason) = first_invalid(&g, "grass (0,0) by finish-with-grass\n").unwrap();
    assert_eq!(line, 4);
    assert_eq!(
        reason,
        "Finish with grass: row 0 still needs 1 tent; column 0 still needs 1 tent"
    );
}

#[test]
fn finish_with_tents_fills_a_line_whose_free_squares_are_its_tents() {
    let one = tents(ONE_SPOT);
    assert!(forces(&one, "finish-with-tents", p(0, 0), Square::Tent));
    assert_eq!(
        first_invalid(&one, "tent (0,0) by finish-with-tents\n"),
        None
    );
    let g = tents(SMALL);
    assert!(!forces(&g, "finish-with-tents", p(0, 0), Square::Tent));
    assert!(first_invalid(&g, "tent (0,0) by finish-with-tents\n").is_some());
}

#[test]
fn empty_field_is_grass_away_from_every_tree() {
    let g = tents(SMALL);
    assert!(forces(&g, "empty-field", p(2, 2), Square::Grass));
    assert!(!forces(&g, "empty-field", p(0, 0), Square::Grass));
    assert_eq!(first_invalid(&g, "grass (2,2) by empty-field\n"), None);
    assert!(first_invalid(&g, "grass (0,0) by empty-field\n").is_some());
}

#[test]
fn last_camping_spot_is_a_trees_only_free_square() {
    let one = tents(ONE_SPOT);
    assert!(forces(&one, "last-camping-spot", p(0, 0), Square::Tent));
    assert_eq!(
        first_invalid(&one, "tent (0,0) by last-camping-spot\n"),
        None
    );
    let g = tents(SMALL);
    assert!(!forces(&g, "last-camping-spot", p(0, 0), Square::Tent));
    assert!(first_invalid(&g, "tent (0,0) by last-camping-spot\n").is_some());
}

#[test]
fn surround_tent_and_touching_tents_after_a_tent_is_placed() {
    let g = tents(SMALL);
    let with_tent = g.apply(p(0, 0), Square::Tent);
    assert!(forces(&with_tent, "surround-tent", p(1, 1), Square::Grass));
    assert!(!forces(&with_tent, "surround-tent", p(2, 2), Square::Grass));
    // Two tents side by side: the contradiction holds at either, nowhere else.
    let touching = with_tent.apply(p(1, 0), Square::Tent);
    assert!(holds(&touching, "touching-tents", Target::Square(p(1, 0))));
    assert!(!holds(
        &with_tent,
        "touching-tents",
        Target::Square(p(0, 0))
    ));
    // In a proof: a case puts a tent on (0,0); surround-tent is valid on (1,1), not on (2,2).
    let lines = "case tent-or-grass (0,0)\nbranch 1/2\n  grass (1,1) by surround-tent\n  grass (2,2) by surround-tent\nbranch 2/2\n";
    let (line, reason) = first_invalid(&g, lines).unwrap();
    assert_eq!(line, 7);
    assert!(reason.contains("Surround tent"), "{reason}");
}

#[test]
fn too_many_tents_holds_at_an_overfull_line_only() {
    let g = tents(SMALL).apply(p(1, 0), Square::Tent);
    assert!(holds(&g, "too-many-tents", Target::Row(1)));
    assert!(!holds(&g, "too-many-tents", Target::Row(0)));
    let lines = "case tent-or-grass (1,0)\nbranch 1/2\n  contradiction too-many-tents at row 1\nbranch 2/2\n  contradiction too-many-tents at row 0\n";
    let (line, reason) = first_invalid(&tents(SMALL), lines).unwrap();
    assert_eq!(line, 8);
    assert!(reason.contains("does not hold"), "{reason}");
}

#[test]
fn case_rules_list_their_cases() {
    let g = tents(SMALL);
    let tree = proof::case_rule_named::<Tents>("tree-tent").unwrap();
    let cases = g.cases(&tree, Target::Square(p(0, 1))).unwrap();
    assert_eq!(cases.len(), 3, "{cases:?}");
    assert!(g.cases(&tree, Target::Square(p(0, 0))).is_err());
    let line = proof::case_rule_named::<Tents>("line-tents").unwrap();
    // Row 0 needs one tent on (0,0) or (0,2).
    let row = g.cases(&line, Target::Row(0)).unwrap();
    assert_eq!(
        row,
        vec![
            vec![(p(0, 0), Square::Tent), (p(0, 2), Square::Grass)].into(),
            vec![(p(0, 0), Square::Grass), (p(0, 2), Square::Tent)].into(),
        ]
    );
}

#[test]
fn light_up_and_mosaic_rules_justify_and_refuse() {
    // A 0 wall in the corner: its neighbours get marks; a 2 wall in the corner needs both.
    let l = LightUp::parse("2 2 0\n0b\nbb\n").unwrap();
    assert!(forces(
        &l,
        "zero-wall",
        p(0, 1),
        gridpuzzles::games::lightup::Piece::Mark
    ));
    assert!(!forces(
        &l,
        "zero-wall",
        p(1, 1),
        gridpuzzles::games::lightup::Piece::Mark
    ));
    let l2 = LightUp::parse("2 2 0\n2b\nbb\n").unwrap();
    assert!(forces(
        &l2,
        "wall-needs-all",
        p(1, 0),
        gridpuzzles::games::lightup::Piece::Bulb
    ));
    assert!(first_invalid(&l2, "bulb (1,1) by wall-needs-all\n").is_some());
    assert_eq!(first_invalid(&l2, "bulb (1,0) by wall-needs-all\n"), None);
    // A Mosaic 0 clue: its squares white; a 9 clue: all black.
    let m = Mosaic::parse("3 3 0 0\n-e-e-e\n-e0e-e\n-e-e-e\n").unwrap();
    assert!(forces(
        &m,
        "clue-complete",
        p(0, 0),
        gridpuzzles::games::mosaic::Colour::White
    ));
    assert!(!forces(
        &m,
        "clue-fill",
        p(0, 0),
        gridpuzzles::games::mosaic::Colour::Black
    ));
    assert_eq!(first_invalid(&m, "white (2,2) by clue-complete\n"), None);
    assert!(first_invalid(&m, "black (2,2) by clue-complete\n").is_some());
}

/// The pack puzzles of one game, every `step`-th.
fn pack_of<G: Game + Listed>(step: usize) -> Vec<(String, G)> {
    pack::entries()
        .into_iter()
        .filter(|e| e.kind() == Some(G::KIND))
        .step_by(step)
        .map(|e| {
            let any = e.load().expect("pack puzzle");
            let g = G::inside::<gridpuzzles::games::any::Puzzle>(&any)
                .unwrap()
                .clone();
            (e.name.clone(), g)
        })
        .collect()
}

/// The squares holding the primary piece.
fn primaries<G: Game>(g: &G) -> Vec<Pos> {
    g.topology()
        .positions()
        .filter(|&q| g.piece(q) == G::PRIMARY)
        .collect()
}

fn prove_and_verify<G: ProofRules + Listed>(name: &str, g: &G) {
    let made = proof::prove(g).unwrap_or_else(|e| panic!("{name}: {e}"));
    let written = text::write(&made);
    let back = text::read::<G>(&written).unwrap_or_else(|e| panic!("{name}: {e}\n{written}"));
    assert_eq!(back, made, "{name}");
    let report = judge(&back);
    assert!(
        report.complete(),
        "{name}: {:?}\n{written}",
        report.invalid.first()
    );
    assert_eq!(report.solved.len(), 1, "{name}");
    let solution = g.solve().expect("pack puzzles have a solution");
    assert_eq!(primaries(&report.solved[0]), primaries(&solution), "{name}");
}

fn prove_pack<G: ProofRules + Listed>(step: usize, max_cells: usize) {
    for (name, g) in pack_of::<G>(step) {
        if g.topology().len() <= max_cells {
            prove_and_verify(&name, &g);
        }
    }
}

#[test]
fn prove_gives_verified_proofs_of_a_sample_of_the_pack() {
    prove_pack::<Tents>(3, 400);
    prove_pack::<LightUp>(3, 400);
    prove_pack::<Mosaic>(3, 400);
}

/// The whole pack (slow in a debug build: `cargo test --release -- --ignored`).
#[test]
#[ignore]
fn prove_gives_verified_proofs_of_the_whole_pack() {
    prove_pack::<Tents>(1, usize::MAX);
    prove_pack::<LightUp>(1, usize::MAX);
    prove_pack::<Mosaic>(1, usize::MAX);
}

/// The lines of a proof of `tents/10x10-hard-01` by the program, which has a split.
fn hard_proof() -> (Tents, Vec<String>) {
    let (_, g) = pack_of::<Tents>(1)
        .into_iter()
        .find(|(n, _)| n == "tents/10x10-hard-01")
        .unwrap();
    let written = text::write(&proof::prove(&g).unwrap());
    (g, written.lines().map(str::to_string).collect())
}

/// The first invalid line of a proof file, or the open branches.
fn verdict<G: ProofRules + Listed>(lines: &[String]) -> Result<usize, usize> {
    let proof = text::read::<G>(&(lines.join("\n") + "\n")).expect("well formed");
    let report = judge(&proof);
    match report.invalid.first() {
        Some(i) => Ok(i.line),
        None => Err(report.open),
    }
}

#[test]
fn mutated_proofs_are_refused_at_the_right_line() {
    let (_, lines) = hard_proof();
    assert_eq!(verdict::<Tents>(&lines), Err(0));
    let at = |needle: &str| {
        lines
            .iter()
            .position(|l| l.trim_start().starts_with(needle))
            .unwrap()
    };
    // A square's value flipped.
    let mut flipped = lines.clone();
    let k = at("tent ");
    flipped[k] = flipped[k].replacen("tent ", "grass ", 1);
    assert_eq!(verdict::<Tents>(&flipped), Ok(k + 1));
    // A rule name swapped for another.
    let mut swapped = lines.clone();
    let k = lines
        .iter()
        .position(|l| l.ends_with("by finish-with-tents"))
        .unwrap();
    swapped[k] = swapped[k].replace("finish-with-tents", "empty-field");
    assert_eq!(verdict::<Tents>(&swapped), Ok(k + 1));
    // A contradiction named where none holds.
    let mut wrong = lines.clone();
    let k = at("contradiction");
    let indent = wrong[k][..wrong[k].len() - wrong[k].trim_start().len()].to_string();
    wrong[k] = format!("{indent}contradiction too-many-tents at row 0");
    assert_eq!(verdict::<Tents>(&wrong), Ok(k + 1));
    // A closed branch reopened: a step after its contradiction.
    let mut reopened = lines.clone();
    let k = at("contradiction");
    reopened.insert(k + 1, format!("{indent}grass (9,9) by empty-field"));
    assert_eq!(verdict::<Tents>(&reopened), Ok(k + 2));
    // A case branch removed (the markers renumbered): refused at the case step.
    let case = at("case");
    let second = at("branch 2/2");
    let mut removed: Vec<String> = lines[..case + 1].to_vec();
    removed.push("branch 1/1".to_string());
    removed.extend(lines[second + 1..].iter().cloned());
    assert_eq!(verdict::<Tents>(&removed), Ok(case + 1));
}

#[test]
fn malformed_proofs_are_located() {
    let g = tents(SMALL);
    let err = text::read::<Tents>(&proof_text(&g, "grass (1,0) by no-such-rule\n")).unwrap_err();
    assert_eq!((err.line, err.col), (4, 16));
    let err = text::read::<Tents>(&proof_text(&g, "grass (7,0) by empty-field\n")).unwrap_err();
    assert_eq!((err.line, err.col), (4, 7));
    let err =
        text::read::<Tents>(&proof_text(&g, "case tent-or-grass (0,0)\nbranch 1/2\n")).unwrap_err();
    assert_eq!(err.line, 6);
    let err = text::read::<Tents>("gridpuzzles proof\ngame tents\n").unwrap_err();
    assert_eq!(err.line, 3);
}

/// Positions on the way to the solution: each square of `solution` kept with probability
/// `keep / 8`, from `bits`.
fn partial<G: ProofRules>(g: &G, solution: &G, bits: u64, keep: u64) -> G {
    let mut position = g.cleared();
    for (i, q) in g.topology().positions().enumerate() {
        let roll = (bits.rotate_left((i * 7) as u32) ^ (i as u64).wrapping_mul(0x9e37_79b9)) % 8;
        if roll < keep && position.is_open(q) {
            let v = if solution.piece(q) == G::PRIMARY {
                G::PRIMARY
            } else {
                G::SECONDARY
            };
            position = position.apply(q, v);
        }
    }
    position
}

/// Every rule, on positions that extend to the puzzle's only solution, forces only the
/// solution's values and finds no contradiction.
fn sound_on<G: ProofRules + Listed>(g: &G, bits: u64, keep: u64) {
    let solution = g.solve().unwrap();
    let position = partial(g, &solution, bits, keep);
    for rule in rules_of_kind::<G>(RuleKind::Direct) {
        let Ok(forced) = position.forced(&rule) else {
            continue;
        };
        for f in forced {
            let right = (solution.piece(f.pos) == G::PRIMARY) == (f.piece == G::PRIMARY);
            assert!(
                right,
                "{} forces {:?} on {}: {}",
                rule.id, f.piece, f.pos, f.reason
            );
        }
    }
    for rule in rules_of_kind::<G>(RuleKind::Contradiction) {
        let Ok(found) = position.contradictions(&rule) else {
            continue;
        };
        assert!(found.is_empty(), "{} holds: {:?}", rule.id, found);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn rules_are_sound_on_small_pack_puzzles(bits in any::<u64>(), keep in 0u64..8, pick in 0usize..64) {
        let t = pack_of::<Tents>(1).into_iter().filter(|(_, g)| g.topology().len() <= 144).collect::<Vec<_>>();
        sound_on(&t[pick % t.len()].1, bits, keep);
        let l = pack_of::<LightUp>(1).into_iter().filter(|(_, g)| g.topology().len() <= 144).collect::<Vec<_>>();
        sound_on(&l[pick % l.len()].1, bits, keep);
        let m = pack_of::<Mosaic>(1).into_iter().filter(|(_, g)| g.topology().len() <= 144).collect::<Vec<_>>();
        sound_on(&m[pick % m.len()].1, bits, keep);
    }

    #[test]
    fn a_proof_reads_back_as_written(seed in any::<u64>()) {
        let p = random_proof(&tents(SMALL), seed, 0);
        let written = text::write(&p);
        prop_assert_eq!(text::read::<Tents>(&written).unwrap(), p);
    }
}

/// A random proof of `g`, well formed but not necessarily valid.
fn random_proof(g: &Tents, seed: u64, depth: usize) -> proof::Proof<Tents> {
    proof::Proof {
        puzzle: g.clone(),
        steps: random_steps(g, seed, depth),
    }
}

fn random_steps(
    g: &Tents,
    mut seed: u64,
    depth: usize,
) -> Vec<proof::Located<proof::Step<Square>>> {
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let squares: Vec<Pos> = g.topology().positions().collect();
    let n = next() % 5;
    let mut steps = Vec::new();
    for _ in 0..n {
        let step = match next() % 5 {
            0 | 1 => {
                let rules: Vec<_> = rules_of_kind::<Tents>(RuleKind::Direct).collect();
                let k = next() % 4;
                let sets = (0..k)
                    .map(|_| {
                        let v = if next() % 2 == 0 {
                            Square::Tent
                        } else {
                            Square::Grass
                        };
                        (squares[next() % squares.len()], v)
                    })
                    .collect();
                proof::Step::Direct {
                    rule: rules[next() % rules.len()],
                    sets,
                    links: Vec::new(),
                }
            }
            2 => {
                let rules: Vec<_> = rules_of_kind::<Tents>(RuleKind::Contradiction).collect();
                let at = match next() % 3 {
                    0 => Target::Row(next() % 3),
                    1 => Target::Col(next() % 3),
                    _ => Target::Square(squares[next() % squares.len()]),
                };
                proof::Step::Contradiction {
                    rule: rules[next() % rules.len()],
                    at,
                }
            }
            3 if depth < 2 => {
                let rule = Tents::case_rules()[next() % Tents::case_rules().len()];
                let branches = (0..1 + next() % 3)
                    .map(|_| proof::Branch {
                        line: 0,
                        steps: random_steps(g, next() as u64, depth + 1),
                    })
                    .collect();
                proof::Step::Case {
                    rule,
                    at: Target::Square(squares[next() % squares.len()]),
                    branches,
                }
            }
            _ => proof::Step::Merge,
        };
        steps.push(proof::Located::made(step));
    }
    steps
}
