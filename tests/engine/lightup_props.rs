//! Property tests for Light Up: history, flags against a naive oracle, format round trips,
//! solver against brute force, and parsers that never panic.

use gridpuzzles::game::{Count, Game, MoveKind};
use gridpuzzles::games::lightup::{LightUp, Piece, Square};
use gridpuzzles::grid::{Grid, Pos, Topology};
use gridpuzzles::play::Play;
use proptest::prelude::*;

fn square() -> impl Strategy<Value = Square> + Clone {
    prop_oneof![
        6 => Just(Square::Blank),
        1 => Just(Square::Bulb),
        1 => Just(Square::Mark),
        1 => Just(Square::Wall(None)),
        2 => (0u8..=4).prop_map(|n| Square::Wall(Some(n))),
    ]
}

/// Few walls: open puzzles with many solutions.
fn open_square() -> impl Strategy<Value = Square> + Clone {
    prop_oneof![
        10 => Just(Square::Blank),
        1 => Just(Square::Wall(None)),
        1 => (0u8..=4).prop_map(|n| Square::Wall(Some(n))),
    ]
}

/// Any position up to `max` x `max`, wrapping or not.
fn position(max: usize) -> impl Strategy<Value = LightUp> {
    position_of(max, square())
}

/// A position up to `max` x `max` with squares drawn from `squares`.
fn position_of(
    max: usize,
    squares: impl Strategy<Value = Square> + Clone,
) -> impl Strategy<Value = LightUp> {
    (1..=max, 1..=max, any::<bool>()).prop_flat_map(move |(rows, cols, wrapping)| {
        proptest::collection::vec(squares.clone(), rows * cols).prop_map(move |cells| {
            let t = Topology::new(rows, cols, wrapping);
            LightUp::new(Grid::from_cells(t, cells).unwrap()).unwrap()
        })
    })
}

/// A puzzle (walls and blanks only) with at most `max_free` non-wall squares.
fn small_puzzle(max_free: usize) -> impl Strategy<Value = LightUp> {
    prop_oneof![position(4), position_of(4, open_square())]
        .prop_map(|g| g.cleared())
        .prop_filter("few enough free squares", move |g| {
            g.squares().cells().iter().filter(|s| !s.is_wall()).count() <= max_free
        })
}

/// Puzzles of 9x9 to 12x12 built around a planted solution: random walls, bulbs placed in a
/// random order on squares still dark, and some walls numbered from those bulbs. Big enough for
/// the solver to probe; solvable, with counts from one to many.
fn mid_puzzle() -> impl Strategy<Value = LightUp> {
    (
        9usize..=12,
        9usize..=12,
        any::<bool>(),
        0.1f64..0.35,
        0.2f64..1.0,
    )
        .prop_flat_map(|(rows, cols, wrapping, wall_share, clue_share)| {
            let n = rows * cols;
            (
                proptest::collection::vec(0.0f64..1.0, n),
                proptest::collection::vec(any::<u32>(), n),
                proptest::collection::vec(0.0f64..1.0, n),
            )
                .prop_map(move |(wall_roll, order_keys, clue_roll)| {
                    let t = Topology::new(rows, cols, wrapping);
                    let walls: Vec<bool> = wall_roll.iter().map(|&r| r < wall_share).collect();
                    let cells = walls
                        .iter()
                        .map(|&w| if w { Square::Wall(None) } else { Square::Blank })
                        .collect();
                    let mut g = LightUp::new(Grid::from_cells(t, cells).unwrap()).unwrap();
                    let mut order: Vec<Pos> = t.positions().collect();
                    order.sort_by_key(|&p| order_keys[t.index(p)]);
                    for p in order {
                        if !walls[t.index(p)] && !g.is_lit(p) {
                            g = g.apply(p, Piece::Bulb);
                        }
                    }
                    let mut puzzle = g.cleared();
                    for p in t.positions() {
                        if walls[t.index(p)] && clue_roll[t.index(p)] < clue_share {
                            let n = t
                                .orthogonal(p)
                                .filter(|&q| g.square(q) == Some(Square::Bulb))
                                .count() as u8;
                            puzzle = puzzle.with_square(p, Square::Wall(Some(n))).unwrap();
                        }
                    }
                    puzzle
                })
        })
}

fn piece() -> impl Strategy<Value = Piece> {
    prop_oneof![Just(Piece::Blank), Just(Piece::Bulb), Just(Piece::Mark)]
}

/// The flags computed square by square, looking outward from each square with plain modular
/// arithmetic — independent of the game's bulb-outward lighting.
fn naive_flags(g: &LightUp) -> (Vec<bool>, Vec<bool>) {
    let t = g.topology();
    let at = |r: usize, c: usize| g.square(Pos::new(r, c)).unwrap();
    let step = |r: usize, c: usize, dr: isize, dc: isize, k: usize| -> Option<(usize, usize)> {
        let (nr, nc) = (r as isize + dr * k as isize, c as isize + dc * k as isize);
        let (rows, cols) = (t.rows as isize, t.cols as isize);
        if t.wrapping {
            Some((nr.rem_euclid(rows) as usize, nc.rem_euclid(cols) as usize))
        } else if (0..rows).contains(&nr) && (0..cols).contains(&nc) {
            Some((nr as usize, nc as usize))
        } else {
            None
        }
    };
    let dirs = [(-1isize, 0isize), (0, 1), (1, 0), (0, -1)];
    let sees_bulb = |r: usize, c: usize| -> bool {
        dirs.iter().any(|&(dr, dc)| {
            let len = if dr == 0 { t.cols } else { t.rows };
            for k in 1..len {
                let Some((nr, nc)) = step(r, c, dr, dc, k) else {
                    return false;
                };
                match at(nr, nc) {
                    Square::Wall(_) => return false,
                    Square::Bulb => return true,
                    _ => {}
                }
            }
            false
        })
    };
    let mut lit = vec![false; t.len()];
    for r in 0..t.rows {
        for c in 0..t.cols {
            let s = at(r, c);
            lit[r * t.cols + c] = !s.is_wall() && (s == Square::Bulb || sees_bulb(r, c));
        }
    }
    let mut error = vec![false; t.len()];
    for r in 0..t.rows {
        for c in 0..t.cols {
            error[r * t.cols + c] = match at(r, c) {
                Square::Bulb => sees_bulb(r, c),
                Square::Wall(Some(n)) => {
                    let (mut bulbs, mut free) = (0, 0);
                    for &(dr, dc) in &dirs {
                        if let Some((nr, nc)) = step(r, c, dr, dc, 1) {
                            match at(nr, nc) {
                                Square::Bulb => bulbs += 1,
                                Square::Blank if !lit[nr * t.cols + nc] => free += 1,
                                _ => {}
                            }
                        }
                    }
                    bulbs > n || bulbs + free < n
                }
                _ => false,
            };
        }
    }
    (lit, error)
}

fn assert_flags_match(g: &LightUp) -> Result<(), TestCaseError> {
    let (lit, error) = naive_flags(g);
    let t = g.topology();
    for (i, pos) in t.positions().enumerate() {
        prop_assert_eq!(g.is_lit(pos), lit[i], "lit at {}", pos);
        prop_assert_eq!(g.has_error(pos), error[i], "error at {}", pos);
    }
    let won = error.iter().all(|e| !e)
        && t.positions()
            .all(|p| g.square(p).unwrap().is_wall() || lit[t.index(p)]);
    prop_assert_eq!(g.is_won(), won);
    prop_assert_eq!(g.error_marks().len(), error.iter().filter(|&&e| e).count());
    Ok(())
}

/// Counts the winning bulb sets by trying every subset of the free squares.
fn brute_force_count(puzzle: &LightUp) -> u64 {
    let free: Vec<Pos> = puzzle
        .topology()
        .positions()
        .filter(|&p| !puzzle.square(p).unwrap().is_wall())
        .collect();
    (0u32..1 << free.len())
        .filter(|mask| {
            let g = free
                .iter()
                .enumerate()
                .filter(|(k, _)| mask & (1 << k) != 0)
                .fold(puzzle.clone(), |g, (_, &p)| g.apply(p, Piece::Bulb));
            g.is_won()
        })
        .count() as u64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn flags_match_a_naive_recomputation(g in position(6)) {
        assert_flags_match(&g)?;
    }

    #[test]
    fn random_play_undo_redo(
        start in position(5),
        moves in proptest::collection::vec((0usize..6, 0usize..6, piece()), 0..30),
    ) {
        let mut play = Play::new(start.clone());
        for &(r, c, piece) in &moves {
            let pos = Pos::new(r, c);
            let before = play.clone();
            let (next, kind) = play.play(pos, piece);
            let on_wall = start.square(pos).is_none_or(Square::is_wall);
            prop_assert_eq!(kind == MoveKind::Illegal, on_wall);
            if on_wall {
                prop_assert_eq!(&next, &before);
            } else {
                prop_assert_eq!(next.state().piece(pos), piece);
            }
            assert_flags_match(next.state())?;
            play = next;
        }
        let end = play.clone();
        let entries = end.history().done().len();
        for _ in 0..entries {
            play = play.undo();
            assert_flags_match(play.state())?;
        }
        prop_assert_eq!(play.state(), &start);
        prop_assert_eq!(play.undo().state().clone(), start.clone());
        for _ in 0..entries {
            play = play.redo();
            assert_flags_match(play.state())?;
        }
        prop_assert_eq!(play.state(), end.state());
        let restarted = end.restart();
        prop_assert_eq!(restarted.state(), &start.cleared());
        assert_flags_match(restarted.state())?;
    }

    #[test]
    fn format_round_trips(g in position(8)) {
        let text = g.format();
        prop_assert_eq!(LightUp::parse(&text).unwrap(), g.clone());
        prop_assert_eq!(LightUp::parse(&text.replace('\n', "\r\n")).unwrap(), g.clone());
        prop_assert_eq!(LightUp::parse(text.trim_end()).unwrap(), g);
    }

    #[test]
    fn tatham_ids_round_trip(g in position(8)) {
        let id = g.to_tatham_id();
        let back = LightUp::from_tatham_id(&id).unwrap();
        let puzzle = g.cleared().with_wrapping(false);
        prop_assert_eq!(&back, &puzzle);
        prop_assert_eq!(back.to_tatham_id(), id);
    }

    #[test]
    fn solver_count_matches_brute_force(puzzle in small_puzzle(11)) {
        let expected = brute_force_count(&puzzle);
        prop_assert_eq!(puzzle.count(None), Count::from(expected));
        prop_assert_eq!(puzzle.count(Some(1)), Count::from(expected.min(1)));
        prop_assert_eq!(puzzle.count(Some(3)), Count::from(expected.min(3)));
        let all = puzzle.solutions(1000);
        prop_assert_eq!(all.len() as u64, expected);
        for (k, s) in all.iter().enumerate() {
            prop_assert!(s.is_won());
            prop_assert!(all[..k].iter().all(|t| t != s));
        }
        match puzzle.solve() {
            Some(s) => {
                prop_assert!(expected > 0);
                prop_assert!(s.is_won());
                prop_assert_eq!(s.cleared(), puzzle.clone());
            }
            None => prop_assert_eq!(expected, 0),
        }
    }

    #[test]
    fn counting_matches_listing(puzzle in position_of(7, open_square())) {
        // `solutions` lists solutions one by one, without multiplying counts or caching them.
        let counted = puzzle.count(Some(1001));
        let listed = puzzle.solutions(1001).len();
        prop_assert_eq!(counted, Count::from(listed));
    }

    #[test]
    fn solve_ignores_pieces_already_placed(g in position(6)) {
        let from_position = g.solve();
        prop_assert_eq!(&from_position, &g.cleared().solve());
        if let Some(s) = from_position {
            prop_assert!(s.is_won());
        }
        prop_assert_eq!(g.count(Some(50)), g.cleared().count(Some(50)));
    }

    #[test]
    fn parser_never_panics(text in ".{0,80}") {
        let _ = LightUp::parse(&text);
        let _ = LightUp::from_tatham_id(&text);
    }

    #[test]
    fn parser_never_panics_on_near_misses(
        text in "[0-9 ]{0,8}\n?[bw*\\-0-9x \r\n]{0,40}",
    ) {
        if let Err(e) = LightUp::parse(&text) {
            prop_assert!(e.line >= 1 && e.col >= 1);
            prop_assert!(e.line <= text.split('\n').count() + 1);
        }
    }

    #[test]
    fn tatham_parser_never_panics_on_near_misses(id in "[0-9]{0,3}x?[0-9]{0,3}[a-z#:]{0,3}[a-zB0-9}:#]{0,20}") {
        if let Err(e) = LightUp::from_tatham_id(&id) {
            prop_assert_eq!(e.line, 1);
            prop_assert!(e.col >= 1 && e.col <= id.chars().count() + 1);
        }
    }
}

proptest! {
    // Each case lists up to 100 solutions of a 9x9 to 12x12 puzzle: fewer cases keep debug fast.
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn larger_puzzles_count_list_and_solve_consistently(puzzle in mid_puzzle()) {
        let counted = puzzle.count(Some(100));
        let listed = puzzle.solutions(100);
        prop_assert_eq!(&counted, &Count::from(listed.len()));
        for (k, s) in listed.iter().enumerate() {
            prop_assert!(s.is_won());
            prop_assert_eq!(&s.cleared(), &puzzle);
            prop_assert!(listed[..k].iter().all(|t| t != s));
        }
        match puzzle.solve() {
            Some(s) => prop_assert!(s.is_won() && !listed.is_empty()),
            None => prop_assert!(listed.is_empty()),
        }
    }
}
