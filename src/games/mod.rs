//! The games of the collection, one folder each, all behind [`crate::game::Game`].

pub mod any;
pub mod game_id;
pub mod lightup;
pub mod mosaic;
pub mod tents;

pub use any::AnyGame;
