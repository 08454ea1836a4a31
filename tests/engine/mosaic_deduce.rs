//! Mosaic hints and grading: every rule fires where it should and only there, hints are sound
//! (checked against brute force and the solver), and grades match what the hints use.

use gridpuzzles::deduce::{Deduce, GenOptions, Generate, Hint, HintOutcome, RuleKind, Tier};
use gridpuzzles::game::{Game, Target};
use gridpuzzles::games::mosaic::{self, Colour, Mosaic, Neighbourhood};
use gridpuzzles::grid::{Grid, Pos, Topology};
use proptest::prelude::*;

use crate::common::mosaic_picture;

fn parse(text: &str) -> Mosaic {
    Mosaic::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn p(row: usize, col: usize) -> Pos {
    Pos::new(row, col)
}

fn hint_of(g: &Mosaic) -> Hint<Colour> {
    match g.hint() {
        HintOutcome::Hint(h) => h,
        other => panic!("expected a hint, got {other:?}\n{}", g.format()),
    }
}

fn sorted_sets(h: &Hint<Colour>) -> Vec<(Pos, Colour)> {
    let mut sets = h.sets.clone();
    sets.sort_by_key(|&(q, _)| q);
    sets
}

fn all(cells: &[(usize, usize)], colour: Colour) -> Vec<(Pos, Colour)> {
    let mut v: Vec<_> = cells.iter().map(|&(r, c)| (p(r, c), colour)).collect();
    v.sort_by_key(|&(q, _)| q);
    v
}

fn apply(g: &Mosaic, sets: &[(Pos, Colour)]) -> Mosaic {
    sets.iter().fold(g.clone(), |g, &(q, v)| g.apply(q, v))
}

/// Every full colouring of a small grid that wins, as colour grids.
fn brute_solutions(g: &Mosaic) -> Vec<Grid<Colour>> {
    let t = g.topology();
    let n = t.len();
    assert!(n <= 16, "brute force is for tiny grids");
    (0u32..1 << n)
        .filter_map(|bits| {
            let colours: Vec<Colour> = (0..n)
                .map(|i| {
                    if bits >> i & 1 == 1 {
                        Colour::Black
                    } else {
                        Colour::White
                    }
                })
                .collect();
            let full = Grid::from_cells(t, colours).unwrap();
            let candidate = t.positions().fold(g.cleared(), |c, q| c.apply(q, full[q]));
            candidate.is_won().then_some(full)
        })
        .collect()
}

/// The solutions that agree with every coloured square of the position.
fn consistent(g: &Mosaic, solutions: &[Grid<Colour>]) -> Vec<Grid<Colour>> {
    solutions
        .iter()
        .filter(|s| {
            g.colours()
                .iter()
                .all(|(q, &c)| c == Colour::Empty || s[q] == c)
        })
        .cloned()
        .collect()
}

fn mentions(h: &Hint<Colour>, what: &str) {
    assert!(
        h.explanation.contains(what),
        "{:?} should mention {what}",
        h.explanation
    );
}

// ---- The catalogue ----

#[test]
fn catalogue_has_every_rule_once_easiest_first() {
    let ids: Vec<&str> = Mosaic::rules().iter().map(|r| r.id).collect();
    for id in [
        "clue-complete",
        "clue-fill",
        "counted-twice",
        "too-many-black",
        "too-few-spaces",
        "contained-clue",
        "overlap-black",
        "overlap-white",
        "overlap-conflict",
        "case-analysis",
        "no-colour-fits",
    ] {
        assert_eq!(ids.iter().filter(|&&i| i == id).count(), 1, "{id}");
    }
    let rules = Mosaic::rules();
    assert!(rules.windows(2).all(|w| w[0].tier <= w[1].tier));
    assert!(rules.iter().any(|r| r.kind == RuleKind::Case));
    assert!(
        rules
            .iter()
            .filter(|r| r.kind == RuleKind::Contradiction)
            .count()
            >= 3
    );
}

// ---- Easy rules ----

#[test]
fn clue_complete_whitens_the_rest() {
    let g = parse("3 3 0 0\n-b-e-e\n-e1e-e\n-e-e-e\n");
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "clue-complete");
    assert_eq!(
        sorted_sets(&h),
        all(
            &[
                (0, 1),
                (0, 2),
                (1, 0),
                (1, 1),
                (1, 2),
                (2, 0),
                (2, 1),
                (2, 2)
            ],
            Colour::White
        )
    );
    mentions(&h, "(1,1)");
    assert!(h.premises.contains(&Target::Square(p(1, 1))));
    assert!(h.premises.contains(&Target::Square(p(0, 0))));
}

#[test]
fn clue_zero_is_a_complete_clue() {
    let g = parse("2 3 0 0\n0e-e-e\n-e-e-e\n");
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "clue-complete");
    assert_eq!(
        sorted_sets(&h),
        all(&[(0, 0), (0, 1), (1, 0), (1, 1)], Colour::White)
    );
    mentions(&h, "Clue 0 at (0,0)");
}

#[test]
fn clue_complete_does_not_fire_while_blacks_are_missing() {
    // Clue 2 with one black: several colourings remain, nothing is forced.
    let g = parse("3 3 0 0\n-b-e-e\n-e2e-e\n-e-e-e\n");
    assert_eq!(g.hint(), HintOutcome::Stuck);
}

#[test]
fn clue_fill_blackens_the_rest() {
    let g = parse("3 3 0 0\n-w-e-e\n-e8e-e\n-e-e-e\n");
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "clue-fill");
    assert_eq!(
        sorted_sets(&h),
        all(
            &[
                (0, 1),
                (0, 2),
                (1, 0),
                (1, 1),
                (1, 2),
                (2, 0),
                (2, 1),
                (2, 2)
            ],
            Colour::Black
        )
    );
    mentions(&h, "(1,1)");
    mentions(&h, "black");
}

#[test]
fn clue_equal_to_its_neighbourhood_is_a_fill() {
    // A corner clue 4 counts exactly four squares.
    let g = parse("3 3 0 0\n4e-e-e\n-e-e-e\n-e-e-e\n");
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "clue-fill");
    assert_eq!(
        sorted_sets(&h),
        all(&[(0, 0), (0, 1), (1, 0), (1, 1)], Colour::Black)
    );
    mentions(&h, "counts exactly that many squares");
}

#[test]
fn clue_fill_does_not_fire_with_room_to_spare() {
    let g = parse("3 3 0 0\n-w-e-e\n-e7e-e\n-e-e-e\n");
    assert_eq!(g.hint(), HintOutcome::Stuck);
}

#[test]
fn counted_twice_on_a_tiny_wrapped_grid() {
    // 1x2 torus, ortho: the clue square is counted 3 times (up, itself, down), its neighbour
    // twice (left, right). Clue 2: the clue square would count 3, so it is white.
    let g = parse("1 2 1 1\n2e-e\n");
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "counted-twice");
    assert_eq!(h.sets, vec![(p(0, 0), Colour::White)]);
    mentions(&h, "(0,0) is white");
    // Then the clue needs both counts of (0,1): a fill.
    let g = apply(&g, &h.sets);
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "clue-fill");
    assert_eq!(h.sets, vec![(p(0, 1), Colour::Black)]);
}

#[test]
fn counted_twice_can_force_black() {
    // Clue 3 on the same torus: without the square counted three times only 2 are reachable.
    let g = parse("1 2 1 1\n3e-e\n");
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "counted-twice");
    assert!(h.sets.contains(&(p(0, 0), Colour::Black)));
}

#[test]
fn counted_twice_does_not_fire_without_repeated_squares() {
    let g = parse("1 2 0 1\n1e-e\n");
    assert_eq!(g.hint(), HintOutcome::Stuck);
}

#[test]
fn too_many_black_is_an_error() {
    let g = parse("3 3 0 0\n-b-e-e\n-e0e-e\n-e-e-e\n");
    let HintOutcome::Error(marks) = g.hint() else {
        panic!("expected an error")
    };
    assert_eq!(marks.len(), 1);
    assert_eq!(marks[0].target, Target::Square(p(1, 1)));
    let ok = parse("3 3 0 0\n-b-e-e\n-e1e-e\n-e-e-e\n");
    assert!(matches!(ok.hint(), HintOutcome::Hint(_)));
}

#[test]
fn too_few_spaces_is_an_error() {
    let g = parse("3 3 0 0\n-w-w-e\n-e8e-e\n-e-e-e\n");
    let HintOutcome::Error(marks) = g.hint() else {
        panic!("expected an error")
    };
    assert_eq!(marks[0].target, Target::Square(p(1, 1)));
    let ok = parse("3 3 0 0\n-w-e-e\n-e8e-e\n-e-e-e\n");
    assert_eq!(hint_of(&ok).rule.id, "clue-fill");
}

// ---- Tricky rules ----

#[test]
fn contained_clue_whitens_the_outer_rest() {
    // The corner clue's 4 squares lie inside the centre clue's block; both need 1.
    let g = parse("3 4 0 0\n1e-e-e-e\n-e1e-e-e\n-e-e-e-e\n");
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "contained-clue");
    assert_eq!(h.rule.tier, Tier::Tricky);
    assert_eq!(
        sorted_sets(&h),
        all(&[(0, 2), (1, 2), (2, 0), (2, 1), (2, 2)], Colour::White)
    );
    mentions(&h, "(0,0)");
    mentions(&h, "(1,1)");
    assert!(h.premises.contains(&Target::Square(p(0, 0))));
    assert!(h.premises.contains(&Target::Square(p(1, 1))));
}

#[test]
fn contained_clue_blackens_the_outer_rest() {
    // The corner clue holds 1 black; the centre clue needs 6, so its other 5 squares are black.
    let g = parse("3 4 0 0\n1e-e-e-e\n-e6e-e-e\n-e-e-e-e\n");
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "contained-clue");
    assert_eq!(
        sorted_sets(&h),
        all(&[(0, 2), (1, 2), (2, 0), (2, 1), (2, 2)], Colour::Black)
    );
}

#[test]
fn contained_clue_does_not_fire_when_the_rest_is_open() {
    let g = parse("3 4 0 0\n1e-e-e-e\n-e3e-e-e\n-e-e-e-e\n");
    assert_eq!(g.hint(), HintOutcome::Stuck);
}

#[test]
fn overlap_forces_black_outside() {
    // (1,1) counts columns 0-2, (1,2) columns 1-3. (1,1) needs 5 but the shared columns hold at
    // most 2 (all (1,2) needs): column 0 is black.
    let g = parse("3 5 0 0\n-e-e-e-e-e\n-e5e2e-e-e\n-e-e-e-e-e\n");
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "overlap-black");
    assert_eq!(
        sorted_sets(&h),
        all(&[(0, 0), (1, 0), (2, 0)], Colour::Black)
    );
    mentions(&h, "Clue 5 at (1,1)");
    mentions(&h, "clue 2 at (1,2)");
}

#[test]
fn overlap_forces_white_outside() {
    // (1,2) needs 5 with only column 3 (3 squares) outside (1,1): at least 2 fall in the shared
    // columns, all that (1,1) needs, so column 0 is white.
    let g = parse("3 5 0 0\n-e-e-e-e-e\n-e2e5e-e-e\n-e-e-e-e-e\n");
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "overlap-white");
    assert_eq!(
        sorted_sets(&h),
        all(&[(0, 0), (1, 0), (2, 0)], Colour::White)
    );
    mentions(&h, "Clue 5 at (1,2)");
    mentions(&h, "clue 2 at (1,1)");
}

#[test]
fn overlap_rules_do_not_fire_on_loose_pairs() {
    let g = parse("3 5 0 0\n-e-e-e-e-e\n-e3e2e-e-e\n-e-e-e-e-e\n");
    assert_eq!(g.hint(), HintOutcome::Stuck);
}

#[test]
fn overlap_conflict_is_an_error_without_error_marks() {
    // (1,1) needs 6 of 9 with only 3 outside (1,2): at least 3 shared, but (1,2) allows 1.
    // The puzzle has no solution, which the engine says; the rules alone name the clues.
    let g = parse("3 5 0 0\n-e-e-e-e-e\n-e6e1e-e-e\n-e-e-e-e-e\n");
    assert!(g.error_marks().is_empty());
    assert_eq!(g.hint(), HintOutcome::Unsolvable);
    let HintOutcome::Error(marks) = g.next_deduction(None) else {
        panic!("expected an error")
    };
    let targets: Vec<Target> = marks.iter().map(|m| m.target).collect();
    assert!(targets.contains(&Target::Square(p(1, 1))));
    assert!(targets.contains(&Target::Square(p(1, 2))));
    assert!(marks[0].reason.contains("Overlapping clues disagree"));
    let ok = parse("3 5 0 0\n-e-e-e-e-e\n-e6e3e-e-e\n-e-e-e-e-e\n");
    assert!(!matches!(ok.hint(), HintOutcome::Error(_)));
}

// ---- Hard rules ----

const HARD_3X3: &str = "3 3 0 0\n2e-e1e\n-e3e2e\n2e-e1e\n";

#[test]
fn case_analysis_tries_a_colour_and_refutes_it() {
    let g = parse(HARD_3X3);
    assert_eq!(g.count(None), 1u32.into());
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "case-analysis");
    assert_eq!(h.rule.tier, Tier::Hard);
    assert_eq!(h.sets.len(), 1);
    let (q, v) = h.sets[0];
    let solution = g.solve().unwrap();
    assert_eq!(solution.colour(q), v);
    mentions(&h, &q.to_string());
    mentions(&h, "If ");
    assert_eq!(g.grade(), Some(Tier::Hard));
}

#[test]
fn case_analysis_does_not_guess_on_open_puzzles() {
    // Four solutions: no colour of any square leads to a contradiction.
    let g = parse("2 2 0 0\n1e-e\n-e-e\n");
    assert_eq!(g.hint(), HintOutcome::Stuck);
    assert_eq!(g.grade(), None);
}

#[test]
fn a_wrong_colour_is_named_before_the_rules_build_on_it() {
    // The black at (0,1) fits no solution; case analysis would find no colour for another
    // square, but the prelude asks the solver first and names the square that differs.
    let g = parse("3 3 0 0\n2e-b3e\n-w5e-e\n1e-e3e\n");
    assert!(g.error_marks().is_empty());
    let HintOutcome::OffSolution(squares) = g.hint() else {
        panic!("expected the position to be off every solution")
    };
    assert!(squares.contains(&p(0, 1)), "{squares:?}");
    // Without the wrong black the same puzzle gives a hint.
    let fixed = g.apply(p(0, 1), Colour::Empty);
    assert!(matches!(fixed.hint(), HintOutcome::Hint(_)));
}

#[test]
fn a_mistake_no_rule_sees_is_named() {
    let g = parse("3 3 0 0\n3e-e2e\n-e6b-e\n2e-e3b\n");
    assert!(g.error_marks().is_empty());
    assert_eq!(g.hint(), HintOutcome::OffSolution(vec![p(1, 1)]));
}

#[test]
fn won_and_stuck_outcomes() {
    let solved = parse("1 2 0 0\n1b-w\n");
    assert_eq!(solved.hint(), HintOutcome::Won);
    // A square no clue counts can never be decided.
    let free = parse("1 3 0 3\n-e0e-e\n");
    let h = hint_of(&free);
    assert_eq!(sorted_sets(&h), all(&[(0, 0), (0, 2)], Colour::White));
    let free = apply(&free, &h.sets);
    assert_eq!(free.hint(), HintOutcome::Stuck);
    assert_eq!(free.grade(), None);
}

// ---- Soundness ----

fn peer_cases() -> Vec<(String, Mosaic)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("tests/data/peer-cases").unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("mosaic_") {
            out.push((name, parse(&std::fs::read_to_string(&path).unwrap())));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Applies hints from `start` until none is left; every hinted value must hold in every
/// solution consistent with the position (given by brute force). Returns the last outcome and
/// the hardest tier used.
fn replay_against(
    start: &Mosaic,
    solutions: &[Grid<Colour>],
) -> (HintOutcome<Colour>, Option<Tier>) {
    let mut g = start.clone();
    let mut hardest = None;
    loop {
        match g.hint() {
            HintOutcome::Hint(h) => {
                let live = consistent(&g, solutions);
                assert!(!live.is_empty(), "hint from a dead position");
                for &(q, v) in &h.sets {
                    assert_eq!(g.colour(q), Colour::Empty, "{h:?}");
                    assert!(live.iter().all(|s| s[q] == v), "unsound {h:?}");
                }
                hardest = hardest.max(Some(h.rule.tier));
                g = apply(&g, &h.sets);
            }
            other => return (other, hardest),
        }
    }
}

#[test]
fn peer_puzzles_hints_are_sound_and_grades_match() {
    for (name, g) in peer_cases() {
        let start = g.cleared();
        let solutions = if g.topology().len() <= 16 {
            brute_solutions(&g)
        } else {
            vec![g.solve().unwrap().colours().clone()]
        };
        assert!(
            g.topology().len() > 16 || g.count(None) == (solutions.len() as u32).into(),
            "{name}"
        );
        let (end, hardest) = replay_against(&start, &solutions);
        if solutions.len() == 1 {
            assert_eq!(end, HintOutcome::Won, "{name}");
            assert_eq!(g.grade(), hardest, "{name}");
        } else {
            assert_eq!(end, HintOutcome::Stuck, "{name}");
            assert_eq!(g.grade(), None, "{name}");
        }
    }
    let default = Mosaic::default_game();
    assert_eq!(default.grade(), Some(Tier::Easy));
}

fn options(
    side: usize,
    tier: Tier,
    wrapping: bool,
    n: Neighbourhood,
) -> GenOptions<mosaic::GenParams> {
    GenOptions {
        rows: side,
        cols: side + 1,
        difficulty: tier,
        wrapping,
        params: mosaic::GenParams {
            neighbourhood: n,
            ..Default::default()
        },
    }
}

const NEIGHBOURHOODS: [Neighbourhood; 4] = [
    Neighbourhood::Full,
    Neighbourhood::Ortho,
    Neighbourhood::FullExclude,
    Neighbourhood::OrthoExclude,
];

#[test]
fn hints_on_generated_puzzles_reach_the_solution_with_the_graded_tier() {
    let mut checked = 0;
    for (i, n) in NEIGHBOURHOODS.into_iter().enumerate() {
        for wrapping in [false, true] {
            for tier in Tier::ALL {
                for seed in 0..5 {
                    let o = options(4 + (i + seed as usize) % 3, tier, wrapping, n);
                    let Ok(g) = Mosaic::generate(&o, seed) else {
                        continue;
                    };
                    let solution = g.solve().unwrap().colours().clone();
                    let (end, hardest) = replay_against(&g.cleared(), &[solution]);
                    assert_eq!(end, HintOutcome::Won, "{}", g.format());
                    assert_eq!(hardest, Some(tier), "{}", g.format());
                    assert_eq!(g.grade(), Some(tier));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 100, "only {checked} puzzles");
}

#[test]
fn hints_from_partly_solved_positions_stay_sound() {
    // Start from positions holding some correct colours (taken from the solution).
    for seed in 0..6 {
        let g = Mosaic::generate(
            &options(6, Tier::Hard, seed % 2 == 1, Neighbourhood::Full),
            seed,
        )
        .unwrap();
        let solution = g.solve().unwrap();
        let start = g
            .topology()
            .positions()
            .filter(|q| (q.row * 7 + q.col * 3 + seed as usize).is_multiple_of(4))
            .fold(g.cleared(), |c, q| c.apply(q, solution.colour(q)));
        let (end, _) = replay_against(&start, &[solution.colours().clone()]);
        assert_eq!(end, HintOutcome::Won);
    }
}

// ---- Property tests: tiny puzzles, every neighbourhood, wrapping, against brute force ----

fn any_neighbourhood() -> impl Strategy<Value = Neighbourhood> {
    prop::sample::select(NEIGHBOURHOODS.to_vec())
}

prop_compose! {
    /// A tiny puzzle whose clues come from a random colouring (kept on a random subset of
    /// squares), with a random partial position on top (right or wrong colours).
    fn tiny_position()(rows in 1usize..=3, cols in 1usize..=4)(
        black in prop::collection::vec(any::<bool>(), rows * cols),
        keep in prop::collection::vec(prop::bool::weighted(0.6), rows * cols),
        shown in prop::collection::vec(0u8..6, rows * cols),
        wrapping in any::<bool>(),
        n in any_neighbourhood(),
        rows in Just(rows),
        cols in Just(cols),
    ) -> Mosaic {
        let t = Topology::new(rows, cols, wrapping);
        let picture = mosaic_picture::picture(t, &black, n);
        let planted = picture.colours();
        let clues = mosaic_picture::clues(&picture, |q| keep[t.index(q)]);
        let mut g = Mosaic::new(Grid::from_cells(t, clues).unwrap(), n).unwrap();
        for q in t.positions() {
            let v = match shown[t.index(q)] {
                0 => planted[q],
                1 => if planted[q] == Colour::Black { Colour::White } else { Colour::Black },
                _ => Colour::Empty,
            };
            g = g.apply(q, v);
        }
        g
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn hint_outcomes_agree_with_brute_force(g in tiny_position()) {
        let solutions = brute_solutions(&g);
        let live = consistent(&g, &solutions);
        match g.hint() {
            HintOutcome::Hint(h) => {
                prop_assert!(!live.is_empty());
                prop_assert!(!h.sets.is_empty());
                prop_assert!(!h.explanation.is_empty());
                for &(q, v) in &h.sets {
                    prop_assert_eq!(g.colour(q), Colour::Empty);
                    prop_assert!(live.iter().all(|s| s[q] == v), "unsound {:?}\n{}", h, g.format());
                }
            }
            HintOutcome::Error(marks) => {
                prop_assert!(!marks.is_empty());
                prop_assert!(live.is_empty());
            }
            HintOutcome::OffSolution(squares) => {
                // The puzzle has solutions, none of them keeps the position, and each square
                // named holds a colour the solution found does not give it.
                prop_assert!(live.is_empty());
                prop_assert!(!solutions.is_empty());
                prop_assert!(!squares.is_empty());
                for q in squares {
                    prop_assert!(g.colour(q) != Colour::Empty);
                }
            }
            // Said only of a puzzle with no solution, whatever the position.
            HintOutcome::Unsolvable => prop_assert!(solutions.is_empty()),
            HintOutcome::Won => prop_assert!(g.is_won()),
            HintOutcome::Stuck => prop_assert!(!live.is_empty()),
            // Only a hint asked with a time budget is unchecked or undecided.
            HintOutcome::Unchecked(_) | HintOutcome::Undecided => {
                prop_assert!(false, "an unlimited hint came back unchecked")
            }
        }
        // No solution left means an error, a position off every solution or a puzzle without
        // one (and each of them means no solution left, above).
        if live.is_empty() {
            prop_assert!(matches!(
                g.hint(),
                HintOutcome::Error(_) | HintOutcome::OffSolution(_) | HintOutcome::Unsolvable
            ));
        }
        // A puzzle without a solution is named as such unless the position breaks a rule.
        if solutions.is_empty() && g.error_marks().is_empty() {
            prop_assert_eq!(g.hint(), HintOutcome::Unsolvable);
        }
        // A grade is a proof of a single solution.
        if g.grade().is_some() {
            prop_assert_eq!(solutions.len(), 1);
        }
    }
}
