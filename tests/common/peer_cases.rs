//! The peer cases (`tests/data/peer-cases/`, copied from the course projects) and what
//! EXPECTED.md says of each, shared by the tests that load them (`crate::common::peer_cases`, or `#[path]` from a standalone file).

use std::path::{Path, PathBuf};

/// The folder of the peer cases.
pub fn peer_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/peer-cases")
}

/// One row of EXPECTED.md.
pub struct Expected {
    /// The file's name in `peer_dir()`.
    pub file: String,
    /// Whether the position is won as given.
    pub won: bool,
    /// Its number of solutions, when EXPECTED.md gives one.
    pub count: Option<u64>,
}

/// Every puzzle row of EXPECTED.md, in its order.
pub fn expected() -> Vec<Expected> {
    let text = std::fs::read_to_string(peer_dir().join("EXPECTED.md")).expect("EXPECTED.md");
    text.lines()
        .filter(|l| l.starts_with("| ") && l.contains(".txt"))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            Expected {
                file: cells[1].to_string(),
                won: match cells[4] {
                    "True" => true,
                    "False" => false,
                    other => panic!("won_as_given {other:?} in {l}"),
                },
                count: cells[5].parse().ok(),
            }
        })
        .collect()
}
