//! Facts and helpers several test files share, written down once. The test crates under
//! `tests/*/main.rs` take this folder as their `common` module (each uses a part of it); a
//! standalone `tests/NAME.rs` takes one file of it with `#[path = "common/FILE.rs"] mod FILE;`.
#![allow(dead_code)]

pub mod binary;
pub mod mosaic_picture;
pub mod peer_cases;
pub mod square_states;
pub mod tiny_tents;

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
