//! Light Up hints: every rule fires on a small position made for it (exact squares, values,
//! explanation) and stays quiet where it must; repeated hints are sound on the peer puzzles and
//! end at the solution of every puzzle graded without search; grading agrees with the hints.

use std::fs;
use std::path::PathBuf;

use gridpuzzles::deduce::{Deduce, Hint, HintOutcome, RuleKind, Tier};
use gridpuzzles::game::{Game, Target};
use gridpuzzles::games::lightup::{LightUp, Piece, Square};
use gridpuzzles::grid::Pos;

fn game(text: &str) -> LightUp {
    LightUp::parse(text).unwrap()
}

fn p(r: usize, c: usize) -> Pos {
    Pos::new(r, c)
}

/// What the hint engine says on the position, or, on a puzzle without a solution (where the
/// engine says only that), what the rules alone deduce: many positions here are made for one
/// rule and need not have a solution.
fn outcome(text: &str) -> HintOutcome<Piece> {
    let g = game(text);
    match g.hint() {
        HintOutcome::Unsolvable => g.next_deduction(None),
        other => other,
    }
}

fn hint_of(text: &str) -> Hint<Piece> {
    match outcome(text) {
        HintOutcome::Hint(h) => h,
        other => panic!("expected a hint for\n{text}\ngot {other:?}"),
    }
}

/// The rule the position's hint uses, or "stuck" / "won" / "error" / "off-solution" /
/// "unsolvable".
fn rule_of(text: &str) -> &'static str {
    match outcome(text) {
        HintOutcome::Hint(h) => h.rule.id,
        HintOutcome::Stuck => "stuck",
        HintOutcome::Won => "won",
        HintOutcome::Error(_) => "error",
        HintOutcome::OffSolution(_) => "off-solution",
        HintOutcome::Unsolvable => "unsolvable",
        HintOutcome::Unchecked(_) => "unchecked",
        HintOutcome::Undecided => "undecided",
    }
}

fn assert_hint(text: &str, rule: &str, sets: &[(Pos, Piece)], mentions: &[&str]) {
    let h = hint_of(text);
    assert_eq!(h.rule.id, rule, "{}", h.explanation);
    assert_eq!(h.sets, sets, "{}", h.explanation);
    for m in mentions {
        assert!(h.explanation.contains(m), "{:?} lacks {m}", h.explanation);
    }
    assert!(h.explanation.ends_with('.'), "{}", h.explanation);
    assert_eq!(
        h.explanation.matches(". ").count(),
        0,
        "one sentence: {}",
        h.explanation
    );
}

fn error_marks(text: &str) -> Vec<(Pos, String)> {
    match outcome(text) {
        HintOutcome::Error(marks) => marks
            .into_iter()
            .map(|m| match m.target {
                Target::Square(p) => (p, m.reason),
                other => panic!("unexpected target {other:?}"),
            })
            .collect(),
        other => panic!("expected an error, got {other:?}"),
    }
}

// --- The catalogue ---------------------------------------------------------------------------

#[test]
fn catalogue_has_every_rule_of_the_issue() {
    let ids: Vec<&str> = LightUp::rules().iter().map(|r| r.id).collect();
    for id in [
        "bulbs-see-each-other",
        "too-many-bulbs",
        "too-few-spaces",
        "unlightable-square",
        "zero-wall",
        "wall-complete",
        "wall-needs-all",
        "only-one-light",
        "no-wall-placement",
        "bulb-starves-wall",
        "bulb-darkens-square",
        "wall-placements",
        "case-analysis",
    ] {
        assert!(ids.contains(&id), "{id}");
    }
    let case = LightUp::rules()
        .iter()
        .find(|r| r.id == "case-analysis")
        .unwrap();
    assert_eq!((case.tier, case.kind), (Tier::Hard, RuleKind::Case));
}

// --- Easy rules ------------------------------------------------------------------------------

#[test]
fn zero_wall_marks_its_neighbours() {
    assert_hint(
        "2 3 0\nb0b\nbbb\n",
        "zero-wall",
        &[
            (p(0, 0), Piece::Mark),
            (p(0, 2), Piece::Mark),
            (p(1, 1), Piece::Mark),
        ],
        &["(0,1)", "(0,0)", "(0,2)", "(1,1)"],
    );
    assert_ne!(rule_of("2 3 0\nb1b\nbbb\n"), "zero-wall");
}

#[test]
fn wall_with_its_bulbs_marks_the_rest() {
    assert_hint(
        "2 3 0\n*1b\nbbb\n",
        "wall-complete",
        &[(p(0, 2), Piece::Mark), (p(1, 1), Piece::Mark)],
        &["(0,1)", "(0,2)", "(1,1)"],
    );
    assert_ne!(rule_of("2 3 0\nb1b\nbbb\n"), "wall-complete");
}

#[test]
fn wall_needing_every_free_neighbour_gets_bulbs() {
    assert_hint(
        "1 3 0\nb2b\n",
        "wall-needs-all",
        &[(p(0, 0), Piece::Bulb), (p(0, 2), Piece::Bulb)],
        &["(0,1)", "(0,0)", "(0,2)"],
    );
    assert_ne!(rule_of("2 3 0\nb2b\nbbb\n"), "wall-needs-all");
}

#[test]
fn marks_do_not_count_as_room() {
    // The mark on (0,0) leaves the 2 exactly (0,2) and (1,1).
    assert_hint(
        "2 3 0\n-2b\nbbb\n",
        "wall-needs-all",
        &[(p(0, 2), Piece::Bulb), (p(1, 1), Piece::Bulb)],
        &["(0,1)"],
    );
}

#[test]
fn only_one_candidate_lights_a_square() {
    assert_hint(
        "2 2 0\n-b\nww\n",
        "only-one-light",
        &[(p(0, 1), Piece::Bulb)],
        &["(0,1)", "(0,0)"],
    );
    assert_hint(
        "1 3 0\nbwb\n",
        "only-one-light",
        &[(p(0, 0), Piece::Bulb)],
        &["(0,0)", "itself"],
    );
    assert_eq!(rule_of("1 3 0\nbbb\n"), "stuck");
}

#[test]
fn lit_squares_count_as_decided() {
    // (0,1) and (0,2) are lit by the bulb: no hint marks them, and the position is won.
    assert_eq!(rule_of("1 3 0\n*bb\n"), "won");
    // Lit squares are never offered as candidates: (1,0) can only be lit by itself.
    assert_hint(
        "2 3 0\nb*b\nbww\n",
        "only-one-light",
        &[(p(1, 0), Piece::Bulb)],
        &["(1,0)"],
    );
}

// --- Contradictions --------------------------------------------------------------------------

#[test]
fn bulbs_that_see_each_other_are_errors() {
    let marks = error_marks("1 3 0\n*b*\n");
    assert!(marks.contains(&(p(0, 0), "bulb lit by another bulb".into())));
    assert!(marks.contains(&(p(0, 2), "bulb lit by another bulb".into())));
    assert_ne!(rule_of("1 3 0\n*w*\n"), "error");
}

#[test]
fn too_many_bulbs_is_an_error() {
    let marks = error_marks("1 3 0\n*1*\n");
    assert_eq!(marks, vec![(p(0, 1), "too many bulbs".to_string())]);
    assert_eq!(rule_of("1 3 0\n*2*\n"), "won");
}

#[test]
fn too_few_spaces_is_an_error() {
    let marks = error_marks("1 3 0\n-1-\n");
    assert_eq!(
        marks,
        vec![(p(0, 1), "not enough room for bulbs".to_string())]
    );
    assert_ne!(rule_of("2 3 0\n-1b\nbbb\n"), "error");
}

#[test]
fn a_square_nothing_can_light_is_off_every_solution() {
    // Both marks differ from the only solution (bulbs at both ends): the prelude names them
    // before the rules see the unlightable square.
    assert_eq!(
        game("1 3 0\n-w-\n").hint(),
        HintOutcome::OffSolution(vec![p(0, 0), p(0, 2)])
    );
    assert_ne!(rule_of("2 3 0\n-wb\nbbb\n"), "error");
}

#[test]
fn a_wall_without_any_placement_is_an_error() {
    // On a 3x3 torus the centre's opposite neighbours see each other round the edge, so no three
    // of its four neighbours can all be bulbs.
    let marks = error_marks("3 3 1\nbbb\nb3b\nbbb\n");
    assert_eq!(
        marks,
        vec![(p(1, 1), "no placement of its bulbs works".to_string())]
    );
    assert_eq!(game("3 3 1\nbbb\nb3b\nbbb\n").count(None), 0u32.into());
    // The engine itself says only that the puzzle has no solution.
    assert_eq!(
        game("3 3 1\nbbb\nb3b\nbbb\n").hint(),
        HintOutcome::Unsolvable
    );
    assert_ne!(rule_of("3 3 1\nbbb\nb2b\nbbb\n"), "error");
}

// --- Tricky rules ----------------------------------------------------------------------------

#[test]
fn bulb_that_would_starve_a_wall_is_ruled_out() {
    // A bulb on (0,2) would light (0,1) and (1,2), leaving the 2 only (2,1).
    assert_hint(
        "3 3 0\nbbb\nw2b\nbbb\n",
        "bulb-starves-wall",
        &[(p(0, 2), Piece::Mark)],
        &["(0,2)", "(1,1)"],
    );
    assert_ne!(rule_of("3 3 0\nbbb\nw1b\nbbb\n"), "bulb-starves-wall");
}

#[test]
fn bulb_that_would_leave_a_square_dark_is_ruled_out() {
    // (0,0) is marked and can only be lit from (0,1) or (1,0); a bulb on (1,1) lights both.
    assert_hint(
        "3 3 0\n-bw\nbbb\nwbb\n",
        "bulb-darkens-square",
        &[(p(1, 1), Piece::Mark)],
        &["(1,1)", "(0,0)"],
    );
    // Unmarked, (0,0) could still hold its own bulb.
    assert_ne!(rule_of("3 3 0\nbbw\nbbb\nwbb\n"), "bulb-darkens-square");
}

#[test]
fn diagonal_three_and_one_place_the_outer_bulbs() {
    // Tatham's note: of the two squares shared by a 3 and a diagonal 1 exactly one is a bulb,
    // so the 3's other two neighbours are bulbs. (The marks keep simpler rules quiet.)
    let text = "4 4 0\n-b-b\nb3bb\n-b1-\nbb-b\n";
    assert_hint(
        text,
        "wall-placements",
        &[(p(0, 1), Piece::Bulb), (p(1, 0), Piece::Bulb)],
        &["(1,1)", "(0,1)", "(1,0)"],
    );
    // Without the 1 nothing limits the shared squares.
    assert_ne!(
        rule_of("4 4 0\n-b-b\nb3bb\n-bw-\nbb-b\n"),
        "wall-placements"
    );
}

#[test]
fn wrapped_lines_are_honoured() {
    // On a 3x3 torus the 2's left and right neighbours see each other round the edge, and a bulb
    // on (2,0) lights (1,0) up the wrapped column and (2,1) along its row.
    let text = "3 3 1\nb-b\nb2b\nbbb\n";
    assert_hint(
        text,
        "bulb-starves-wall",
        &[(p(2, 0), Piece::Mark)],
        &["(2,0)", "(1,1)"],
    );
    // The solutions without a bulb on the marked (0,1): two, differing on (1,0) and (1,2).
    let puzzle = game(text);
    let solutions: Vec<LightUp> = puzzle
        .solutions(100)
        .into_iter()
        .filter(|s| s.square(p(0, 1)) != Some(Square::Bulb))
        .collect();
    assert_eq!(solutions.len(), 2);
    let (end, _) = hint_to_the_end_from(&puzzle, &solutions);
    assert_eq!(end, HintOutcome::Stuck);
    // Wrapped walls count a neighbour reached from two sides twice.
    assert_hint(
        "1 2 1\n2b\n",
        "wall-needs-all",
        &[(p(0, 1), Piece::Bulb)],
        &["(0,0)"],
    );
    assert_hint(
        "2 2 1\n1b\nbb\n",
        "wall-complete",
        &[(p(0, 1), Piece::Mark), (p(1, 0), Piece::Mark)],
        &["(0,0)"],
    );
}

// --- Case analysis ---------------------------------------------------------------------------

#[test]
fn case_analysis_refutes_a_value() {
    let text = "5 5 0\n*w*-0\nwb-b-\nb-0-b\n-b--b\nb2*1-\n";
    assert_hint(
        text,
        "case-analysis",
        &[(p(1, 1), Piece::Mark)],
        &["If (1,1) were a bulb", "(2,3) could no longer be lit"],
    );
    // The puzzle has one solution, and (1,1) holds no bulb in it.
    let solution = game(text).solve().unwrap();
    assert_eq!(game(text).count(None), 1u32.into());
    assert_ne!(solution.square(p(1, 1)), Some(Square::Bulb));
    assert_eq!(rule_of("3 3 0\nbbb\nbbb\nbbb\n"), "stuck");
}

// --- Outcomes --------------------------------------------------------------------------------

#[test]
fn won_positions_say_so() {
    assert_eq!(game("1 2 0\n*1\n").hint(), HintOutcome::Won);
}

#[test]
fn premises_are_squares_the_rule_looked_at() {
    let h = hint_of("1 3 0\nb2b\n");
    assert_eq!(h.premises, vec![Target::Square(p(0, 1))]);
}

// --- Soundness -------------------------------------------------------------------------------

fn peer_folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/peer-cases")
}

/// Applies hints from the cleared puzzle until none is left, checking each decided square
/// against every solution. Returns the final outcome and the hardest tier used.
fn hint_to_the_end(puzzle: &LightUp, solutions: &[LightUp]) -> (HintOutcome<Piece>, Option<Tier>) {
    hint_to_the_end_from(&puzzle.cleared(), solutions)
}

/// Like [`hint_to_the_end`], from the position as it is (its pieces must agree with
/// `solutions`).
fn hint_to_the_end_from(
    start: &LightUp,
    solutions: &[LightUp],
) -> (HintOutcome<Piece>, Option<Tier>) {
    let mut pos = start.clone();
    let mut hardest = None;
    for _ in 0..10_000 {
        match pos.hint() {
            HintOutcome::Hint(h) => {
                assert!(!h.sets.is_empty());
                for &(q, piece) in &h.sets {
                    assert_eq!(pos.square(q), Some(Square::Blank), "{}", h.explanation);
                    assert!(!pos.is_lit(q), "{}", h.explanation);
                    for s in solutions {
                        let bulb = s.square(q) == Some(Square::Bulb);
                        assert_eq!(
                            bulb,
                            piece == Piece::Bulb,
                            "unsound hint on\n{}{}",
                            pos.format(),
                            h.explanation
                        );
                    }
                    pos = pos.apply(q, piece);
                }
                hardest = hardest.max(Some(h.rule.tier));
            }
            other => return (other, hardest),
        }
    }
    panic!("hints never end");
}

#[test]
fn hints_are_sound_on_the_peer_puzzles() {
    let mut checked = 0;
    for entry in fs::read_dir(peer_folder()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("lightup_") {
            continue;
        }
        let puzzle = game(&fs::read_to_string(&path).unwrap()).cleared();
        let count = puzzle.count(Some(10_001));
        if count > 10_000u32.into() {
            continue;
        }
        let solutions = puzzle.solutions(10_000);
        let (end, hardest) = hint_to_the_end(&puzzle, &solutions);
        let grade = puzzle.grade();
        match solutions.len() {
            // Clues broken on the empty grid are named; otherwise the engine says no more.
            0 if puzzle.error_marks().is_empty() => {
                assert_eq!(end, HintOutcome::Unsolvable, "{name}")
            }
            0 => assert!(matches!(end, HintOutcome::Error(_)), "{name}: {end:?}"),
            1 if grade.is_some() => {
                assert_eq!(end, HintOutcome::Won, "{name}");
                assert_eq!(hardest, grade, "{name}");
            }
            _ => {
                assert_eq!(grade, None, "{name}");
                assert_ne!(end, HintOutcome::Won, "{name}");
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 30);
}

#[test]
fn the_default_game_is_easy() {
    assert_eq!(LightUp::default_game().grade(), Some(Tier::Easy));
}

#[test]
fn grading_ignores_pieces_on_the_board() {
    let g = LightUp::default_game();
    let s = g.solve().unwrap();
    assert_eq!(s.grade(), g.grade());
    assert_eq!(s.hint(), HintOutcome::Won);
}
