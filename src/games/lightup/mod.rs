//! The lightup game (being built).
