//! The player in-process: the Elm model, `update`, the views drawn to a `TestBackend` (insta
//! snapshots in `snapshots/`), the themes and the rules help.
//!
//! One test crate for the layer, so the library is linked once for it and not once a file: each
//! file here is a module (`cargo test --test tui NAME::` runs one). A new test file of this
//! layer goes in this folder with a `mod` line below; see tests/README.md.

#[path = "../common/mod.rs"]
mod common;
#[path = "../send/mod.rs"]
mod send;

mod help_rules;
mod helpers;
mod theme_builtin;
mod theme_cursor;
mod theme_errors;
mod theme_glyphs;
mod theme_readable;
mod theme_states;
mod theme_user;
mod tui_browser;
mod tui_browser_render;
mod tui_hint;
mod tui_hint_worker;
mod tui_kept;
mod tui_keys;
mod tui_mouse;
mod tui_play_feel;
mod tui_progress;
mod tui_proof;
mod tui_render;
mod tui_solution_kept;
mod tui_update;
mod tui_viewport;
