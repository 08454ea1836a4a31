//! The games' engines through the library: rules, text formats, Tatham IDs, solvers and counters,
//! deduction, generators, proofs, the puzzle pack and the time budget.
//!
//! One test crate for the layer, so the library is linked once for it and not once a file: each
//! file here is a module (`cargo test --test engine NAME::` runs one). A new test file of this
//! layer goes in this folder with a `mod` line below; see tests/README.md.

#[path = "../common/mod.rs"]
mod common;

mod budget;
mod generate_tiers;
mod id_options;
mod lightup_deduce;
mod lightup_formats;
mod lightup_generate;
mod lightup_peer_cases;
mod lightup_props;
mod lightup_rules;
mod mosaic_course;
mod mosaic_deduce;
mod mosaic_format;
mod mosaic_generate;
mod mosaic_peer_cases;
mod mosaic_play;
mod mosaic_solver;
mod mosaic_tatham;
mod pack;
mod peer_cases;
mod proof;
mod proof_links;
mod proof_rules;
mod proof_session;
mod tents_deduce;
mod tents_format;
mod tents_generate;
mod tents_props;
mod tents_rules;
mod tents_sat;
mod tents_tatham;
