//! The values a square takes in the deduction engine.

/// Not decided yet.
pub const UNKNOWN: u8 = 0;
/// Decided white.
pub const WHITE: u8 = 1;
/// Decided black.
pub const BLACK: u8 = 2;
