//! End to end: the real binary in a pseudo-terminal, its screen read with vt100.
//!
//! One test crate for the layer, so the library is linked once for it and not once a file: each
//! file here is a module (`cargo test --test e2e NAME::` runs one). A new test file of this
//! layer goes in this folder with a `mod` line below; see tests/README.md.

#[path = "../common/mod.rs"]
mod common;
#[path = "../pty/mod.rs"]
mod pty;

mod e2e_browser;
mod e2e_first_hour;
mod e2e_generate;
mod e2e_glyphs;
mod e2e_help;
mod e2e_kept;
mod e2e_keys;
mod e2e_mouse;
mod e2e_play_feel;
mod e2e_proof;
mod e2e_pty;
mod e2e_signals;
mod e2e_suspend;
mod e2e_two_players;
mod e2e_viewport;
