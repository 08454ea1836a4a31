//! The mosaic game (being built).
