//! The tents game (being built).

pub mod solve;
