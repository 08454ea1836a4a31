//! Property tests for Tents: play history against a model, the solver against brute force, and
//! the soundness of LOSING.

use gridpuzzles::game::{Count, Game, MoveKind};
use gridpuzzles::games::tents::{Rule4, Square, Tents};
use gridpuzzles::grid::{Grid, Line, Pos, Topology};
use gridpuzzles::history::Action;
use gridpuzzles::play::Play;
use proptest::prelude::*;

use crate::common::tiny_tents;
use tiny_tents::{any_rule4, tiny_puzzle};

fn any_square() -> impl Strategy<Value = Square> {
    prop::sample::select(vec![
        Square::Empty,
        Square::Tree,
        Square::Tent,
        Square::Grass,
    ])
}

prop_compose! {
    /// A position of up to `max` x `max` squares with any pieces and counts.
    fn any_position(max: usize)(rows in 1..=max, cols in 1..=max)(
        cells in prop::collection::vec(any_square(), rows * cols),
        row_counts in prop::collection::vec(0usize..4, rows),
        col_counts in prop::collection::vec(0usize..4, cols),
        wrapping in any::<bool>(),
        diagadj in any::<bool>(),
        rule4 in any_rule4(),
        rows in Just(rows),
        cols in Just(cols),
    ) -> Tents {
        let grid = Grid::from_cells(Topology::new(rows, cols, wrapping), cells).unwrap();
        Tents::new(grid, row_counts, col_counts, diagadj, rule4).unwrap()
    }
}

/// The position with tents exactly on `mask`'s squares among `free`, grass on the other ones.
fn with_tents(g: &Tents, free: &[Pos], mask: u32) -> Tents {
    free.iter().enumerate().fold(g.clone(), |g, (i, &p)| {
        let piece = if mask >> i & 1 == 1 {
            Square::Tent
        } else {
            Square::Grass
        };
        g.apply(p, piece)
    })
}

/// Solutions by brute force: every set of tents on the non-tree squares that wins.
fn brute_force_solutions(g: &Tents) -> Vec<Tents> {
    let free: Vec<Pos> = g
        .topology()
        .positions()
        .filter(|&p| g.piece(p) != Square::Tree)
        .collect();
    (0..1u32 << free.len())
        .map(|mask| with_tents(g, &free, mask))
        .filter(Tents::is_won)
        .collect()
}

/// Whether some choice of tents on the position's EMPTY squares (keeping every placed tent and
/// grass) wins.
fn completable(g: &Tents) -> bool {
    let empty: Vec<Pos> = g
        .topology()
        .positions()
        .filter(|&p| g.piece(p) == Square::Empty)
        .collect();
    (0..1u32 << empty.len()).any(|mask| with_tents(g, &empty, mask).is_won())
}

/// One player action in a play session.
#[derive(Clone, Debug)]
enum Op {
    Set(usize, usize, Square),
    Fill(Line),
    Undo,
    Redo,
    Restart,
}

fn any_op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (0usize..6, 0usize..6, any_square()).prop_map(|(r, c, s)| Op::Set(r, c, s)),
        1 => (0usize..6).prop_map(|i| Op::Fill(Line::Row(i))),
        1 => (0usize..6).prop_map(|i| Op::Fill(Line::Col(i))),
        2 => Just(Op::Undo),
        2 => Just(Op::Redo),
        1 => Just(Op::Restart),
    ]
}

/// Plays `op` on `play` (moves off the grid are refused like illegal ones).
fn perform(play: &Play<Tents>, op: &Op) -> Play<Tents> {
    match *op {
        Op::Set(r, c, s) => play.play(Pos::new(r, c), s).0,
        Op::Fill(line) => {
            let action = match line {
                Line::Row(i) => Action::FillRow(i),
                Line::Col(j) => Action::FillCol(j),
            };
            play.play_compound(action, &play.state().fill_moves(line))
        }
        Op::Undo => play.undo(),
        Op::Redo => play.redo(),
        Op::Restart => play.restart(),
    }
}

/// A plain model of the session: the list of positions done and undone.
struct Model {
    done: Vec<Tents>,
    undone: Vec<Tents>,
}

impl Model {
    fn current(&self) -> &Tents {
        self.done.last().unwrap()
    }

    fn push(&mut self, next: Tents) {
        if &next != self.current() {
            self.done.push(next);
            self.undone.clear();
        }
    }

    fn perform(&mut self, op: &Op) {
        let g = self.current().clone();
        match *op {
            Op::Set(r, c, s) => {
                let p = Pos::new(r, c);
                if g.topology().contains(p) && g.check_move(p, s) != MoveKind::Illegal {
                    self.push(g.apply(p, s));
                }
            }
            Op::Fill(line) => {
                let next = g
                    .fill_moves(line)
                    .into_iter()
                    .fold(g.clone(), |h, (p, s)| h.apply(p, s));
                self.push(next);
            }
            Op::Undo => {
                if self.done.len() > 1 {
                    let top = self.done.pop().unwrap();
                    self.undone.push(top);
                }
            }
            Op::Redo => {
                if let Some(top) = self.undone.pop() {
                    self.done.push(top);
                }
            }
            Op::Restart => {
                self.done = vec![g.cleared()];
                self.undone.clear();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn play_sessions_follow_the_model(
        start in any_position(5),
        ops in prop::collection::vec(any_op(), 0..40),
    ) {
        let mut play = Play::new(start.clone());
        let mut model = Model { done: vec![start], undone: Vec::new() };
        for op in &ops {
            play = perform(&play, op);
            model.perform(op);
            prop_assert_eq!(play.state(), model.current(), "after {:?}", op);
            prop_assert_eq!(play.history().done().len(), model.done.len() - 1);
            prop_assert_eq!(play.history().undone().len(), model.undone.len());
        }
    }

    #[test]
    fn undo_all_returns_the_start_and_redo_all_the_end(
        start in any_position(5),
        ops in prop::collection::vec(any_op(), 0..40),
    ) {
        let moves: Vec<Op> = ops
            .into_iter()
            .filter(|op| matches!(op, Op::Set(..) | Op::Fill(_)))
            .collect();
        let end = moves.iter().fold(Play::new(start.clone()), |p, op| perform(&p, op));
        let entries = end.history().done().len();
        let mut back = end.clone();
        for _ in 0..entries {
            back = back.undo();
        }
        prop_assert_eq!(back.state(), &start);
        prop_assert!(!back.history().can_undo());
        let mut forth = back;
        for _ in 0..entries {
            forth = forth.redo();
        }
        prop_assert_eq!(&forth, &end);
        // The game after play still writes and reads back.
        let saved = end.state().with_rule4(Rule4::Local);
        prop_assert_eq!(Tents::parse(&saved.format()).unwrap(), saved);
    }

    #[test]
    fn trees_never_change_and_other_squares_always_can(g in any_position(5), piece in any_square()) {
        for p in g.topology().positions() {
            let kind = g.check_move(p, piece);
            if g.piece(p) == Square::Tree || piece == Square::Tree {
                prop_assert_eq!(kind, MoveKind::Illegal);
            } else {
                prop_assert_ne!(kind, MoveKind::Illegal);
            }
            if piece == Square::Empty && g.piece(p) != Square::Tree {
                prop_assert_eq!(kind, MoveKind::Regular);
            }
        }
    }

    #[test]
    fn solver_agrees_with_brute_force(puzzle in tiny_puzzle()) {
        let solutions = brute_force_solutions(&puzzle);
        prop_assert_eq!(puzzle.count(None), Count::from(solutions.len()));
        prop_assert_eq!(puzzle.count(Some(1)), Count::from(solutions.len().min(1)));
        match puzzle.solve() {
            Some(solved) => {
                prop_assert!(solved.is_won());
                prop_assert!(solved.error_marks().is_empty(), "{:?}", solved.error_marks());
                prop_assert!(solutions.contains(&solved));
            }
            None => prop_assert!(solutions.is_empty()),
        }
    }

    #[test]
    fn matching_solutions_are_local_solutions(puzzle in tiny_puzzle()) {
        let with = |rule4| puzzle.with_rule4(rule4);
        let local = brute_force_solutions(&with(Rule4::Local));
        for s in brute_force_solutions(&with(Rule4::Matching)) {
            let as_local = s.with_rule4(Rule4::Local);
            prop_assert!(local.contains(&as_local));
        }
    }

    #[test]
    fn a_solution_played_in_any_order_is_all_regular(
        puzzle in tiny_puzzle(),
        order in any::<u64>(),
    ) {
        if let Some(solved) = puzzle.solve() {
            let mut squares: Vec<Pos> = solved
                .topology()
                .positions()
                .filter(|&p| solved.piece(p) != Square::Tree)
                .collect();
            // A deterministic shuffle from the drawn seed.
            let mut seed = order | 1;
            for i in (1..squares.len()).rev() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                squares.swap(i, (seed % (i as u64 + 1)) as usize);
            }
            let mut g = puzzle.cleared();
            for p in squares {
                let piece = solved.piece(p);
                prop_assert_eq!(g.check_move(p, piece), MoveKind::Regular, "{} {:?}", p, piece);
                g = g.apply(p, piece);
            }
            prop_assert!(g.is_won());
        }
    }

    #[test]
    fn losing_moves_leave_no_way_to_win(
        puzzle in tiny_puzzle(),
        pieces in prop::collection::vec(any_square(), 12),
        at in 0usize..12,
        piece in prop::sample::select(vec![Square::Tent, Square::Grass]),
    ) {
        // A random position of the puzzle, then one move on it.
        let t = puzzle.topology();
        let g = t.positions().zip(pieces).fold(puzzle.clone(), |g, (p, s)| {
            if g.piece(p) == Square::Tree || s == Square::Tree { g } else { g.apply(p, s) }
        });
        let p = t.pos(at % t.len());
        if g.check_move(p, piece) == MoveKind::Losing {
            prop_assert!(!completable(&g.apply(p, piece)), "{:?} at {}", piece, p);
        }
    }

    #[test]
    fn won_positions_have_no_error_marks(puzzle in tiny_puzzle()) {
        for s in brute_force_solutions(&puzzle) {
            prop_assert!(s.error_marks().is_empty(), "{:?}", s.error_marks());
        }
    }
}
