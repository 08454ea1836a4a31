//! The tents game (being built).
