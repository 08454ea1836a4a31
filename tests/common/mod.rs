//! Facts several test files check against, written down once.

/// The tents of the only solution of the course's 2020 default Tents game, row by row, as the
/// course gives it (the peer file `tents_laamphan_c-game-tents_game_default_solution.txt`).
pub const TENTS_2020_SOLUTION: [(usize, usize); 12] = [
    (0, 0),
    (0, 3),
    (0, 6),
    (2, 0),
    (2, 3),
    (2, 5),
    (2, 7),
    (4, 0),
    (4, 2),
    (4, 4),
    (4, 6),
    (6, 0),
];
