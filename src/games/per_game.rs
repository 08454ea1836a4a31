//! One value per game, generated from [`game_list!`](crate::game_list): the enum [`OfGame`],
//! which holds for each game a value of the type a [`PerGame`] marker chooses (the puzzle in
//! [`AnyGame`](super::AnyGame), a game in play, a saved record), the [`Listed`] trait that
//! moves a game's values in and out of it, and the macros that run generic code on it.

use std::fmt;

use crate::game::Game;

/// What an [`OfGame`] holds: `Of<G>` for game `G`.
pub trait PerGame {
    /// The value held for game `G`.
    type Of<G: Game>: Clone + fmt::Debug + PartialEq + Eq;
}

/// A game of the list: how its values go into and out of an [`OfGame`].
pub trait Listed: Game {
    /// `value` as this game's case.
    fn wrap<F: PerGame>(value: F::Of<Self>) -> OfGame<F>;
    /// The value of this game's case, when `of` is of this game.
    fn inside<F: PerGame>(of: &OfGame<F>) -> Option<&F::Of<Self>>;
}

/// Generates [`OfGame`] and the [`Listed`] impls from the list.
macro_rules! define_per_game {
    ([] $( $(#[doc = $doc:literal])* $variant:ident($game:ty) $id:literal $title:literal
        [$($alias:literal),*] ),* $(,)?) => {
        /// One value per game, of the type `F` chooses; [`with_game!`](crate::with_game) runs
        /// generic code on it.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum OfGame<F: PerGame> {
            $( $(#[doc = $doc])* $variant(F::Of<$game>), )*
        }

        impl<F: PerGame> OfGame<F> {
            /// Which game this is.
            pub fn kind(&self) -> crate::game::GameKind {
                match self {
                    $( OfGame::$variant(_) => crate::game::GameKind::$variant, )*
                }
            }
        }

        $(
            impl Listed for $game {
                fn wrap<F: PerGame>(value: F::Of<Self>) -> OfGame<F> {
                    OfGame::$variant(value)
                }

                fn inside<F: PerGame>(of: &OfGame<F>) -> Option<&F::Of<Self>> {
                    match of {
                        OfGame::$variant(value) => Some(value),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
            }
        )*
    };
}

crate::game_list!([define_per_game]);

/// Runs `$body` with `$g` bound to the value inside an [`OfGame`] (an
/// [`AnyGame`](crate::games::AnyGame), a TUI session, a saved record), for each game alike.
#[macro_export]
macro_rules! with_game {
    ($value:expr, $g:ident => $body:expr) => {
        $crate::game_list!([$crate::per_game_arms] $value, $g => $body)
    };
}

/// Runs `$body` with `$G` a type alias of the game `$kind` (a [`GameKind`](crate::game::GameKind))
/// names: `with_kind!(kind, G => G::parse(text))`.
#[macro_export]
macro_rules! with_kind {
    ($kind:expr, $G:ident => $body:expr) => {
        $crate::game_list!([$crate::kind_arms] $kind, $G => $body)
    };
}

/// The `match` of [`with_game!`](crate::with_game), one arm per game of the list.
#[doc(hidden)]
#[macro_export]
macro_rules! per_game_arms {
    ([$value:expr, $g:ident => $body:expr] $( $(#[doc = $doc:literal])* $variant:ident($game:ty)
        $id:literal $title:literal [$($alias:literal),*] ),* $(,)?) => {
        match $value {
            $( $crate::games::per_game::OfGame::$variant($g) => $body, )*
        }
    };
}

/// The `match` of [`with_kind!`](crate::with_kind), one arm per game of the list.
#[doc(hidden)]
#[macro_export]
macro_rules! kind_arms {
    ([$kind:expr, $G:ident => $body:expr] $( $(#[doc = $doc:literal])* $variant:ident($game:ty)
        $id:literal $title:literal [$($alias:literal),*] ),* $(,)?) => {
        match $kind {
            $( $crate::game::GameKind::$variant => {
                type $G = $game;
                $body
            } )*
        }
    };
}
