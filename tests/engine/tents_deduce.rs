//! Tents hints and grading: each rule fires where it should (through `hint()`), and hints are
//! sound — every value a hint sets holds in every solution consistent with the position — on
//! random puzzles (both rule-4 variants, wrapping, diagadj), positions with player moves, the
//! peer puzzles and generated puzzles.
//!
//! `TENTS_STRESS=n` multiplies the number of random cases (run it in release mode).

use gridpuzzles::deduce::{Deduce, GenOptions, Generate, Hint, HintOutcome, RuleKind, Tier};
use gridpuzzles::game::{Game, MoveKind, Target};
use gridpuzzles::games::tents::{self, Rule4, Square, Tents};
use gridpuzzles::grid::{Grid, Pos, Topology};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn side(default: usize) -> usize {
    std::env::var("TENTS_SIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn stress() -> u64 {
    std::env::var("TENTS_STRESS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

fn parse(text: &str) -> Tents {
    Tents::parse(text).expect("test puzzle parses")
}

fn with_rule4(g: &Tents, rule4: Rule4) -> Tents {
    g.with_rule4(rule4)
}

fn hint_of(g: &Tents) -> Hint<Square> {
    match g.hint() {
        HintOutcome::Hint(h) => h,
        other => panic!("expected a hint, got {other:?}\n{}", g.print_board()),
    }
}

fn sets(h: &Hint<Square>) -> Vec<(usize, usize, Square)> {
    let mut v: Vec<_> = h.sets.iter().map(|&(p, s)| (p.row, p.col, s)).collect();
    v.sort_by_key(|&(r, c, _)| (r, c));
    v
}

/// Every solution consistent with the position (placed tents and grass kept), as tent flags,
/// up to `limit`, by depth-first search over the squares next to a tree.
fn solutions(g: &Tents, limit: usize) -> Vec<Vec<bool>> {
    let t = g.topology();
    let n = t.len();
    let cell = |i: usize| g.grid().cells()[i];
    let has_tree = |i: usize| {
        t.orthogonal(t.pos(i))
            .any(|q| t.index(q) != i && cell(t.index(q)) == Square::Tree)
    };
    let mut tent = vec![false; n];
    let mut branch = Vec::new();
    for (i, is_tent) in tent.iter_mut().enumerate() {
        match cell(i) {
            Square::Tent => *is_tent = true,
            Square::Empty if has_tree(i) => branch.push(i),
            _ => {}
        }
    }
    // Squares still to decide per line after each step, for pruning.
    let lines = |i: usize| [i / t.cols, t.rows + i % t.cols];
    let mut left = vec![0usize; t.rows + t.cols];
    for &i in &branch {
        for l in lines(i) {
            left[l] += 1;
        }
    }
    let counts: Vec<usize> = g
        .row_counts()
        .iter()
        .chain(g.col_counts())
        .copied()
        .collect();
    let mut placed = vec![0usize; t.rows + t.cols];
    for i in (0..n).filter(|&i| tent[i]) {
        for l in lines(i) {
            placed[l] += 1;
        }
    }
    let diagadj = g.diagadj();
    let touches = move |a: usize, b: usize| {
        a != b
            && t.orthogonal(t.pos(a))
                .chain(
                    (!diagadj)
                        .then(|| t.diagonal(t.pos(a)))
                        .into_iter()
                        .flatten(),
                )
                .any(|q| t.index(q) == b)
    };
    struct Dfs<'a> {
        g: &'a Tents,
        branch: &'a [usize],
        counts: &'a [usize],
        tent: Vec<bool>,
        placed: Vec<usize>,
        left: Vec<usize>,
        out: Vec<Vec<bool>>,
        limit: usize,
    }
    fn go(
        d: &mut Dfs,
        k: usize,
        lines: &dyn Fn(usize) -> [usize; 2],
        touches: &dyn Fn(usize, usize) -> bool,
    ) {
        if d.out.len() >= d.limit {
            return;
        }
        if k == d.branch.len() {
            let cells =
                d.g.grid()
                    .cells()
                    .iter()
                    .zip(&d.tent)
                    .map(|(&s, &x)| match (s, x) {
                        (Square::Tree, _) => Square::Tree,
                        (_, true) => Square::Tent,
                        _ => Square::Grass,
                    })
                    .collect();
            let won = Tents::new(
                Grid::from_cells(d.g.topology(), cells).unwrap(),
                d.g.row_counts().to_vec(),
                d.g.col_counts().to_vec(),
                d.g.diagadj(),
                d.g.rule4(),
            )
            .unwrap()
            .is_won();
            if won {
                d.out.push(d.tent.clone());
            }
            return;
        }
        let i = d.branch[k];
        let ls = lines(i);
        for l in ls {
            d.left[l] -= 1;
        }
        // Tent.
        let fits = ls.iter().all(|&l| d.placed[l] < d.counts[l])
            && !(0..d.tent.len()).any(|j| d.tent[j] && touches(i, j));
        if fits {
            d.tent[i] = true;
            for l in ls {
                d.placed[l] += 1;
            }
            go(d, k + 1, lines, touches);
            for l in ls {
                d.placed[l] -= 1;
            }
            d.tent[i] = false;
        }
        // No tent.
        if ls.iter().all(|&l| d.placed[l] + d.left[l] >= d.counts[l]) {
            go(d, k + 1, lines, touches);
        }
        for l in ls {
            d.left[l] += 1;
        }
    }
    let mut d = Dfs {
        g,
        branch: &branch,
        counts: &counts,
        tent,
        placed,
        left,
        out: Vec::new(),
        limit,
    };
    go(&mut d, 0, &lines, &touches);
    d.out
}

/// Applies hints until none is given, checking each set value against `sols` (the solutions
/// consistent with the starting position); the final outcome and the hardest tier used.
fn replay(g: &Tents, sols: &[Vec<bool>]) -> (Tents, HintOutcome<Square>, Option<Tier>) {
    let t = g.topology();
    let mut g = g.clone();
    let mut hardest = None;
    for _ in 0..=t.len() {
        match g.hint() {
            HintOutcome::Hint(h) => {
                assert!(!h.sets.is_empty(), "a hint decides something");
                assert!(!h.explanation.is_empty());
                for &(p, v) in &h.sets {
                    assert_eq!(
                        g.piece(p),
                        Square::Empty,
                        "{} sets a decided square",
                        h.rule.id
                    );
                    assert!(matches!(v, Square::Tent | Square::Grass));
                    for s in sols {
                        assert_eq!(
                            s[t.index(p)],
                            v == Square::Tent,
                            "unsound {} at {p}: {}\n{}",
                            h.rule.id,
                            h.explanation,
                            g.print_board()
                        );
                    }
                    g = g.apply(p, v);
                }
                hardest = hardest.max(Some(h.rule.tier));
            }
            other => return (g, other, hardest),
        }
    }
    panic!("hints never stop")
}

/// A random puzzle: trees and counts from a random planting (so it has a solution), or, one
/// time in five, random counts.
fn random_puzzle(rng: &mut ChaCha8Rng, max_side: usize) -> Tents {
    let rows = rng.random_range(2..=max_side as u32) as usize;
    let cols = rng.random_range(2..=max_side as u32) as usize;
    let wrapping = rng.random_bool(0.3);
    let diagadj = rng.random_bool(0.3);
    let rule4 = if rng.random_bool(0.5) {
        Rule4::Local
    } else {
        Rule4::Matching
    };
    let t = Topology::new(rows, cols, wrapping);
    let mut cells = vec![Square::Empty; t.len()];
    let tries = rng.random_range(1..=(t.len() as u32 / 3).max(1));
    for _ in 0..tries {
        let i = rng.random_range(0..t.len() as u32) as usize;
        let p = t.pos(i);
        let touching = t
            .orthogonal(p)
            .chain((!diagadj).then(|| t.diagonal(p)).into_iter().flatten())
            .any(|q| t.index(q) != i && cells[t.index(q)] == Square::Tent);
        if cells[i] != Square::Empty || touching {
            continue;
        }
        let spots: Vec<usize> = t
            .orthogonal(p)
            .map(|q| t.index(q))
            .filter(|&q| q != i && cells[q] == Square::Empty)
            .collect();
        if spots.is_empty() {
            continue;
        }
        cells[i] = Square::Tent;
        cells[spots[rng.random_range(0..spots.len() as u32) as usize]] = Square::Tree;
    }
    let mut rc = vec![0; rows];
    let mut cc = vec![0; cols];
    for (i, &s) in cells.iter().enumerate() {
        if s == Square::Tent {
            rc[i / cols] += 1;
            cc[i % cols] += 1;
        }
    }
    if rng.random_bool(0.2) {
        rc = (0..rows).map(|_| rng.random_range(0..3)).collect();
        cc = (0..cols).map(|_| rng.random_range(0..3)).collect();
    }
    let trees = cells
        .into_iter()
        .map(|s| if s == Square::Tree { s } else { Square::Empty })
        .collect();
    Tents::new(Grid::from_cells(t, trees).unwrap(), rc, cc, diagadj, rule4).unwrap()
}

#[test]
fn hints_are_sound_on_random_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut outcomes = [0usize; 4];
    for _ in 0..300 * stress() {
        let g = random_puzzle(&mut rng, side(6));
        let sols = solutions(&g, 1000);
        let (end, outcome, hardest) = replay(&g, &sols);
        let won = outcome == HintOutcome::Won;
        match outcome {
            HintOutcome::Won => {
                outcomes[0] += 1;
                assert!(end.is_won());
                assert_eq!(sols.len(), 1, "the rules only finish unique puzzles");
                assert_eq!(g.grade(), Some(hardest.unwrap_or(Tier::Easy)));
            }
            HintOutcome::Stuck => {
                outcomes[1] += 1;
                assert_eq!(g.grade(), None);
            }
            HintOutcome::Error(marks) => {
                outcomes[2] += 1;
                assert!(!marks.is_empty());
                assert!(sols.is_empty(), "an error only where no solution is left");
                assert_eq!(g.grade(), None);
            }
            HintOutcome::Unsolvable => {
                outcomes[2] += 1;
                assert!(sols.is_empty(), "said only of a puzzle without a solution");
                assert_eq!(g.grade(), None);
            }
            HintOutcome::OffSolution(_) => {
                unreachable!("sound hints keep a cleared puzzle on a solution")
            }
            HintOutcome::Hint(_) => unreachable!(),
            HintOutcome::Unchecked(_) | HintOutcome::Undecided => {
                unreachable!("only a hint asked with a time budget is unchecked")
            }
        }
        if sols.len() == 1 && won {
            outcomes[3] += 1;
        }
    }
    // The random cases reach every outcome.
    assert!(outcomes.iter().all(|&n| n > 0), "{outcomes:?}");
}

#[test]
fn hints_are_sound_from_positions_with_player_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..200 * stress() {
        let mut g = random_puzzle(&mut rng, side(6));
        let t = g.topology();
        for _ in 0..rng.random_range(1..4u32) {
            let p = t.pos(rng.random_range(0..t.len() as u32) as usize);
            let piece = if rng.random_bool(0.5) {
                Square::Tent
            } else {
                Square::Grass
            };
            if g.check_move(p, piece) == MoveKind::Regular {
                g = g.apply(p, piece);
            }
        }
        let sols = solutions(&g, 1000);
        let (end, outcome, _) = replay(&g, &sols);
        if outcome == HintOutcome::Won {
            assert!(end.is_won());
        }
        if let HintOutcome::Error(_) = outcome {
            assert!(sols.is_empty());
        }
        if outcome == HintOutcome::Unsolvable {
            assert!(g.cleared().count(Some(1)) == 0u32.into());
        }
        // Off every solution: the puzzle has one, the position keeps none, and each square
        // named holds a piece.
        if let HintOutcome::OffSolution(squares) = outcome {
            assert!(sols.is_empty());
            assert!(g.cleared().count(Some(1)) == 1u32.into());
            assert!(squares.iter().all(|&q| g.piece(q) != Square::Empty));
        }
    }
}

#[test]
fn grade_is_the_hardest_tier_of_the_hint_replay() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut graded = [0usize; 3];
    for _ in 0..150 * stress() {
        let g = random_puzzle(&mut rng, side(7));
        let (_, outcome, hardest) = replay(&g, &[]);
        let grade = g.grade();
        if outcome == HintOutcome::Won {
            let tier = hardest.unwrap_or(Tier::Easy);
            assert_eq!(grade, Some(tier));
            graded[tier as usize] += 1;
        } else {
            assert_eq!(grade, None);
        }
    }
    assert!(graded.iter().all(|&n| n > 0), "{graded:?}");
}

/// The peer puzzles of tests/data/peer-cases with their expected solution counts.
fn peer_tents() -> Vec<(String, Tents)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/peer-cases");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("peer cases") {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("tents_") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((name, parse(&text).cleared()));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn hints_are_sound_on_the_peer_puzzles() {
    let mut checked = 0;
    for (name, g) in peer_tents() {
        let t = g.topology();
        if t.len() > 400 {
            // Big ones: grading alone, its final position against the solver.
            continue;
        }
        let sols = if t.len() <= 64 {
            solutions(&g, 10_000)
        } else {
            let count = g.count(Some(2));
            if count != 1u32.into() {
                continue;
            }
            let s = g.solve().expect("a unique puzzle has a solution");
            vec![
                (0..t.len())
                    .map(|i| s.grid().cells()[i] == Square::Tent)
                    .collect(),
            ]
        };
        let (end, outcome, hardest) = replay(&g, &sols);
        if outcome == HintOutcome::Won {
            assert!(end.is_won(), "{name}");
            assert_eq!(g.grade(), Some(hardest.unwrap_or(Tier::Easy)), "{name}");
        }
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} peer puzzles checked");
}

#[test]
fn grading_agrees_with_the_solver_on_the_peer_puzzles() {
    for (name, g) in peer_tents() {
        if g.topology().len() > 2500 {
            continue;
        }
        if let Some(tier) = g.grade() {
            assert_eq!(
                g.count(Some(2)),
                1u32.into(),
                "{name} graded {tier} but is not unique"
            );
        }
    }
}

#[test]
fn generated_puzzles_replay_to_their_solution() {
    for (i, tier) in Tier::ALL.into_iter().enumerate() {
        for (wrapping, diagadj) in [(false, false), (true, false), (false, true), (true, true)] {
            let options = GenOptions {
                rows: 6,
                cols: 7,
                difficulty: tier,
                wrapping,
                params: tents::GenParams { diagadj },
            };
            let g = (0..10)
                .find_map(|seed| Tents::generate(&options, 40 + seed + i as u64).ok())
                .expect("a 6x7 puzzle");
            let s = g.solve().unwrap();
            let sol: Vec<bool> = s
                .grid()
                .cells()
                .iter()
                .map(|&x| x == Square::Tent)
                .collect();
            let (end, outcome, hardest) = replay(&g, &[sol]);
            assert_eq!(outcome, HintOutcome::Won);
            assert!(end.is_won());
            assert_eq!(hardest, Some(tier));
        }
    }
}

// ----- Each rule, through hint(): where it fires, and where it must not. -----

/// Row 0 has its tent; the first hint fills the rest of row 0 with grass.
#[test]
fn finish_with_grass_fires_on_a_full_row() {
    let g = parse("3 4 0 0\n1 0 1 \n1 0 1 0 \n*x  \n    \n x  \n");
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "finish-with-grass");
    assert_eq!(sets(&h), vec![(0, 2, Square::Grass), (0, 3, Square::Grass)]);
    assert!(
        h.explanation.contains("Row 0 already has its 1 tent"),
        "{}",
        h.explanation
    );
    assert!(h.premises.contains(&Target::Row(0)));
    assert!(h.premises.contains(&Target::Square(Pos::new(0, 0))));
}

#[test]
fn finish_with_grass_waits_for_the_last_tent() {
    // Row 0 needs 2 tents and has 1: not full, the rule must not fire on it.
    let g = parse("3 4 0 0\n2 0 0 \n1 0 1 0 \n*x x\n    \n    \n");
    let h = hint_of(&g);
    assert!(!(h.rule.id == "finish-with-grass" && h.premises.contains(&Target::Row(0))));
}

#[test]
fn finish_with_tents_fires_when_free_squares_equal_missing_tents() {
    // Row 1 needs 1 tent; only (1,3) is free there.
    let g = parse("3 4 0 0\n0 1 0 \n0 0 0 1 \n---x\n--- \n----\n");
    let h = hint_of(&g);
    assert_eq!(h.rule.id, "finish-with-tents");
    assert_eq!(sets(&h), vec![(1, 3, Square::Tent)]);
    assert!(
        h.explanation.starts_with("Row 1 needs 1 tent"),
        "{}",
        h.explanation
    );
}

/// A position, the rule that must fire first, and the squares it sets.
type MatchingCase = (&'static str, &'static str, Vec<(usize, usize, Square)>);

/// Positions (under Tatham's matching rule) whose first hint is a matching-only rule, with
/// that rule and what it sets.
fn matching_cases() -> Vec<MatchingCase> {
    vec![
        (
            "3 4 0 1\n1 1 1 \n1 1 0 1 \n- x \n*x-x\n- - \n",
            "tree-for-tent",
            vec![(2, 1, Square::Grass)],
        ),
        (
            "3 5 0 1\n1 2 1 \n0 1 1 1 1 \n-x - \nx*-*x\n-- x \n",
            "tent-for-tree",
            vec![(0, 2, Square::Tent)],
        ),
        (
            "3 6 0 1\n1 2 2 \n0 1 1 1 1 1 \n--- - \n-x*x*x\nx*x - \n",
            "forced-pairing",
            vec![(2, 3, Square::Tent)],
        ),
        (
            "5 3 0 0\n2 0 1 0 1 \n2 0 2 \n*x*\n--x\n - \nx--\n x \n",
            "impossible-pairing",
            vec![(2, 2, Square::Grass)],
        ),
    ]
}

#[test]
fn matching_rules_fire_only_under_the_matching_rule() {
    for (text, id, want) in matching_cases() {
        let local = parse(text);
        let matching = with_rule4(&local, Rule4::Matching);
        let h = hint_of(&matching);
        assert_eq!(h.rule.id, id);
        assert_eq!(sets(&h), want, "{id}");
        // Each explanation names the square it decides.
        let (r, c, _) = want[0];
        assert!(
            h.explanation.contains(&format!("({r},{c})")),
            "{}",
            h.explanation
        );
        // Under the local rule a tent may serve two trees: none of these deductions holds.
        if let HintOutcome::Hint(h) = local.hint() {
            assert_ne!(h.rule.id, id);
            let sols = solutions(&local, 100);
            replay(&local, &sols);
        }
    }
}

/// The squares a tent on `p` would touch.
fn touching(g: &Tents, p: Pos) -> Vec<Pos> {
    let t = g.topology();
    t.orthogonal(p)
        .chain((!g.diagadj()).then(|| t.diagonal(p)).into_iter().flatten())
        .filter(|&q| q != p)
        .collect()
}

/// The squares of a row or column clue, and its count.
fn line_squares(g: &Tents, clue: Target) -> (Vec<Pos>, usize) {
    let t = g.topology();
    match clue {
        Target::Row(r) => (
            (0..t.cols).map(|c| Pos::new(r, c)).collect(),
            g.row_counts()[r],
        ),
        Target::Col(c) => (
            (0..t.rows).map(|r| Pos::new(r, c)).collect(),
            g.col_counts()[c],
        ),
        Target::Square(_) => panic!("not a clue"),
    }
}

fn clue_of(h: &Hint<Square>) -> Target {
    *h.premises
        .iter()
        .find(|t| matches!(t, Target::Row(_) | Target::Col(_)))
        .expect("a line rule names its clue")
}

fn premise_square(h: &Hint<Square>) -> Pos {
    match h.premises[0] {
        Target::Square(p) => p,
        other => panic!("{} starts with {other:?}", h.rule.id),
    }
}

/// Checks that a hint given on `g` meets the definition of its rule.
fn check_rule_definition(g: &Tents, h: &Hint<Square>) {
    let t = g.topology();
    let count = |ps: &[Pos], s: Square| ps.iter().filter(|&&p| g.piece(p) == s).count();
    let all = |v: Square| h.sets.iter().all(|&(_, x)| x == v);
    let set_squares: Vec<Pos> = h.sets.iter().map(|&(p, _)| p).collect();
    match h.rule.id {
        "finish-with-grass" => {
            let (line, n) = line_squares(g, clue_of(h));
            assert!(all(Square::Grass));
            assert_eq!(count(&line, Square::Tent), n);
            assert_eq!(set_squares.len(), count(&line, Square::Empty));
        }
        "finish-with-tents" => {
            let (line, n) = line_squares(g, clue_of(h));
            assert!(all(Square::Tent));
            assert_eq!(count(&line, Square::Tent) + count(&line, Square::Empty), n);
        }
        "surround-tent" => {
            let tent = premise_square(h);
            assert_eq!(g.piece(tent), Square::Tent);
            assert!(all(Square::Grass));
            assert!(set_squares.iter().all(|p| touching(g, tent).contains(p)));
        }
        "empty-field" => {
            assert_eq!(h.sets.len(), 1);
            assert!(all(Square::Grass));
            assert!(
                !t.orthogonal(set_squares[0])
                    .any(|q| g.piece(q) == Square::Tree)
            );
        }
        "last-camping-spot" => {
            let tree = premise_square(h);
            let around: Vec<Pos> = t.orthogonal(tree).collect();
            assert_eq!(g.piece(tree), Square::Tree);
            assert_eq!(count(&around, Square::Tent), 0);
            assert!(all(Square::Tent));
            assert!(
                around
                    .iter()
                    .all(|&q| q == set_squares[0] || g.piece(q) != Square::Empty)
            );
        }
        "tree-for-tent" | "tent-for-tree" | "forced-pairing" | "impossible-pairing" => {
            assert_eq!(
                g.rule4(),
                Rule4::Matching,
                "{} under the local rule",
                h.rule.id
            );
        }
        "shared-neighbour" => {
            let tree = premise_square(h);
            let spots: Vec<Pos> = t
                .orthogonal(tree)
                .filter(|&q| g.piece(q) == Square::Empty)
                .collect();
            assert!(spots.len() >= 2);
            assert!(all(Square::Grass));
            for p in &set_squares {
                assert!(spots.iter().all(|&s| touching(g, s).contains(p)));
            }
        }
        "line-enumeration" => {
            clue_of(h);
        }
        "case-analysis" => assert_eq!(h.sets.len(), 1),
        other => panic!("unexpected rule {other}"),
    }
}

#[test]
fn every_hint_meets_its_rule_s_definition_and_every_rule_fires() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut fired = std::collections::BTreeSet::new();
    let mut puzzles: Vec<Tents> = vec![Tents::default_2020(), Tents::default_2025()];
    puzzles.extend(
        peer_tents()
            .into_iter()
            .map(|(_, g)| g)
            .filter(|g| g.topology().len() <= 100),
    );
    puzzles.extend(
        matching_cases()
            .into_iter()
            .map(|(text, _, _)| with_rule4(&parse(text), Rule4::Matching)),
    );
    puzzles.extend((0..400 * stress()).map(|_| random_puzzle(&mut rng, side(8))));
    for g0 in puzzles {
        let mut g = g0;
        while let HintOutcome::Hint(h) = g.hint() {
            check_rule_definition(&g, &h);
            fired.insert(h.rule.id);
            for &(p, v) in &h.sets {
                g = g.apply(p, v);
            }
        }
    }
    for rule in Tents::rules() {
        if rule.kind != RuleKind::Contradiction {
            assert!(
                fired.contains(rule.id),
                "{} never fired: {fired:?}",
                rule.id
            );
        }
    }
}

#[test]
fn contradictions_are_errors_with_marks() {
    // Two tents in a row that wants one.
    let g = parse("2 4 0 0\n1 1 \n1 0 1 0 \n*x*x\n    \n");
    match g.hint() {
        HintOutcome::Error(marks) => {
            assert!(marks.iter().any(|m| m.target == Target::Row(0)));
        }
        other => panic!("expected an error, got {other:?}"),
    }
    // Three tents wanted in three free squares in a row: they would touch. The puzzle has no
    // solution, which the engine says; the rules alone name the row.
    let g = parse("2 3 0 0\n3 0 \n1 1 1 \n   \nxxx\n");
    assert_eq!(g.hint(), HintOutcome::Unsolvable);
    match g.next_deduction(None) {
        HintOutcome::Error(marks) => {
            assert!(
                marks.iter().any(|m| m.target == Target::Row(0)),
                "{marks:?}"
            );
        }
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn won_and_stuck_positions() {
    let g = Tents::default_2020();
    let solved = g.solve().unwrap();
    assert_eq!(solved.hint(), HintOutcome::Won);
    // Two trees, two ways to pair them with the same counts: no rule can choose.
    let g = parse("2 3 0 0\n1 1 \n1 0 1 \n x \n x \n");
    let sols = solutions(&g, 10);
    assert_eq!(sols.len(), 2);
    let (_, outcome, _) = replay(&g, &sols);
    assert_eq!(outcome, HintOutcome::Stuck);
    assert_eq!(g.hint(), HintOutcome::Stuck);
    assert_eq!(g.grade(), None);
}

#[test]
fn default_games_are_graded() {
    for g in [Tents::default_2020(), Tents::default_2025()] {
        let grade = g.grade();
        assert!(grade.is_some());
        let (end, outcome, hardest) = replay(&g, &[]);
        assert_eq!(outcome, HintOutcome::Won);
        assert!(end.is_won());
        assert_eq!(grade, hardest);
    }
}

#[test]
fn case_analysis_names_the_square_and_the_contradiction() {
    let options = GenOptions {
        rows: 6,
        cols: 6,
        difficulty: Tier::Hard,
        wrapping: false,
        params: Default::default(),
    };
    let g = Tents::generate(&options, 3).expect("a hard 6x6 puzzle");
    let mut g = g;
    let h = loop {
        let h = hint_of(&g);
        if h.rule.id == "case-analysis" {
            break h;
        }
        for &(p, v) in &h.sets {
            g = g.apply(p, v);
        }
    };
    assert_eq!(h.rule.kind, RuleKind::Case);
    assert_eq!(h.sets.len(), 1);
    let p = h.sets[0].0;
    assert!(
        h.explanation.contains(&format!("If {p} were")),
        "{}",
        h.explanation
    );
    assert!(h.explanation.contains("contradiction"), "{}", h.explanation);
    assert!(h.premises.contains(&Target::Square(p)));
}

#[test]
fn the_catalogue_is_stable() {
    let ids: Vec<&str> = Tents::rules().iter().map(|r| r.id).collect();
    for id in [
        "finish-with-grass",
        "finish-with-tents",
        "surround-tent",
        "empty-field",
        "last-camping-spot",
        "tree-for-tent",
        "tent-for-tree",
        "too-many-tents",
        "too-few-spaces",
        "touching-tents",
        "no-tent-for-tree",
        "no-tree-for-tent",
        "shared-neighbour",
        "line-enumeration",
        "forced-pairing",
        "impossible-pairing",
        "case-analysis",
    ] {
        assert!(ids.contains(&id), "{id} missing");
    }
}

#[test]
fn apply_hints_below_stops_at_the_first_hint_of_the_tier() {
    use gridpuzzles::deduce::apply_hints_below;
    // The 2025 course game needs a tricky rule.
    let start = Tents::default_2025();
    let stopped = apply_hints_below(&start, Tier::Tricky);
    match stopped.hint() {
        HintOutcome::Hint(h) => assert_eq!(h.rule.tier, Tier::Tricky, "{}", h.rule.name),
        other => panic!("expected a tricky hint, got {other:?}"),
    }
    assert_ne!(stopped, start, "easy rules decide something first");
    // With no tier to stop at, the hints run to the solution.
    assert!(apply_hints_below(&start, Tier::Hard).is_won());
}
