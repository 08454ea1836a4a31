//! Saved progress, statistics and old data files, read and written through the library.
//!
//! One test crate for the layer, so the library is linked once for it and not once a file: each
//! file here is a module (`cargo test --test files NAME::` runs one). A new test file of this
//! layer goes in this folder with a `mod` line below; see tests/README.md.

mod old_files;
mod progress_corrupt;
mod progress_limits;
mod progress_lock;
mod progress_names;
mod progress_proptest;
mod progress_store;
mod stats;
