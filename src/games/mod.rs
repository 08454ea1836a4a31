//! The games of the collection, one folder each, all behind [`crate::game::Game`].
//!
//! [`game_list!`](crate::game_list) below is the one list of games: [`GameKind`], the per-game
//! enum [`OfGame`] (behind [`AnyGame`], the TUI's sessions and saved progress), each game's
//! generation parameters of any game ([`AnyGenParams`]) and the dispatch macros
//! [`with_game!`](crate::with_game) and [`with_kind!`](crate::with_kind) are generated from it.
//! A new game is a folder here, its `pub mod` line and its line in the list.

pub mod any;
pub mod any_gen_params;
pub mod game_id;
pub mod lightup;
pub mod mosaic;
pub mod per_game;
pub mod tents;

pub use crate::game::GameKind;
pub use any::AnyGame;
pub use any_gen_params::{AnyGenParams, IntoAnyParams};
pub use per_game::{Listed, OfGame, PerGame};

/// The one list of games, in menu order: for each, its doc line, `Variant(type)`, its id (command
/// line, pack names, prefixes of game IDs), its title for players, and the other names the
/// command line and the pack accept.
///
/// It hands the list to the macro `$then` (after the tokens in brackets, passed through), which
/// generates what has one case per game.
#[doc(hidden)]
#[macro_export]
macro_rules! game_list {
    ([$($then:tt)*] $($args:tt)*) => {
        $($then)*! {
            [$($args)*]
            /// Trees and tents.
            Tents($crate::games::tents::Tents) "tents" "Tents" ["tent"],
            /// Light Up (Akari).
            LightUp($crate::games::lightup::LightUp) "lightup" "Light Up" ["light-up", "akari"],
            /// Mosaic.
            Mosaic($crate::games::mosaic::Mosaic) "mosaic" "Mosaic" [],
        }
    };
}
