//! gridpuzzles: Tents, Light Up and Mosaic — pure game libraries, solvers, and a terminal UI.

pub mod budget;
pub mod cli;
pub mod clock;
pub mod count_bound;
pub mod deduce;
#[cfg(test)]
mod doc_links;
pub mod files;
pub mod game;
pub mod games;
pub mod generation;
pub mod grid;
pub mod heap_bytes;
pub mod history;
pub mod kept;
pub mod look;
pub mod pack;
pub mod paths;
pub mod play;
pub mod progress;
pub mod proof;
pub mod puzzle_arg;
pub mod stats;
pub mod theme;
pub mod tui;
pub mod union_find;
