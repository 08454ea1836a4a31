//! One game's own generation parameters, of any game of the list ([`AnyGenParams`]): requests
//! whose game is chosen at run time (the TUI's new-puzzle form, `gridpuzzles generate`) carry
//! them, and [`generate`] runs that game's generator.

use super::any::{AnyGame, IntoAny};
use crate::deduce::{GenCtl, GenError, GenOptions, GenParams, Generate};
use crate::game::GameKind;

/// A game of the list: how its parameters become an [`AnyGenParams`].
pub trait IntoAnyParams: Generate {
    /// `params` as this game's case.
    fn into_any_params(params: Self::Params) -> AnyGenParams;
}

/// Generates [`AnyGenParams`], [`generate`] and the [`IntoAnyParams`] impls from the list.
macro_rules! define_any_gen_params {
    ([] $( $(#[doc = $doc:literal])* $variant:ident($game:ty) $id:literal $title:literal
        [$($alias:literal),*] ),* $(,)?) => {
        /// One game's own generation parameters ([`Generate::Params`]), of any game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum AnyGenParams {
            $( $(#[doc = $doc])* $variant(<$game as Generate>::Params), )*
        }

        impl AnyGenParams {
            /// Game `kind`'s default parameters.
            pub fn default_for(kind: GameKind) -> Self {
                match kind {
                    $( GameKind::$variant => AnyGenParams::$variant(Default::default()), )*
                }
            }

            /// Which game these are for.
            pub fn kind(&self) -> GameKind {
                match self {
                    $( AnyGenParams::$variant(_) => GameKind::$variant, )*
                }
            }

            /// The label of the game's line in the new-puzzle form ([`GenParams::LABEL`]).
            pub fn label(&self) -> &'static str {
                match self {
                    $( AnyGenParams::$variant(_) =>
                        <<$game as Generate>::Params as GenParams>::LABEL, )*
                }
            }

            /// The value the form shows on the game's line ([`GenParams::value`]).
            pub fn value(&self) -> String {
                match self {
                    $( AnyGenParams::$variant(p) => p.value(), )*
                }
            }

            /// The parameters after one step on the form's line ([`GenParams::step`]).
            pub fn step(self, up: bool) -> Self {
                match self {
                    $( AnyGenParams::$variant(p) => AnyGenParams::$variant(p.step(up)), )*
                }
            }

            /// Words before the game's title in a description ([`GenParams::tags`]).
            pub fn tags(&self) -> Vec<&'static str> {
                match self {
                    $( AnyGenParams::$variant(p) => p.tags(), )*
                }
            }

            /// A note after "puzzle" in a description ([`GenParams::note`]).
            pub fn note(&self) -> Option<&'static str> {
                match self {
                    $( AnyGenParams::$variant(p) => p.note(), )*
                }
            }
        }

        /// A puzzle from the generator of the game `options.params` are for; refused at once,
        /// with [`GenError::NoPuzzle`], where no puzzle of that difficulty exists ([`no_puzzle`]).
        pub fn generate(options: &GenOptions<AnyGenParams>, seed: u64) -> Result<AnyGame, GenError> {
            generate_ctl(options, seed, &GenCtl::new())
        }

        /// [`generate`], reporting to `ctl` and stopping when it is cancelled
        /// ([`Generate::generate_ctl`]).
        pub fn generate_ctl(
            options: &GenOptions<AnyGenParams>,
            seed: u64,
            ctl: &GenCtl,
        ) -> Result<AnyGame, GenError> {
            if let Some(why) = no_puzzle(options) {
                return Err(GenError::NoPuzzle(why));
            }
            match options.params {
                $( AnyGenParams::$variant(p) =>
                    <$game>::generate_ctl(&options.with_params(p), seed, ctl)
                        .map(IntoAny::into_any), )*
            }
        }

        /// Why no puzzle of `options`' difficulty exists at its size and variant, when that is
        /// known without trying ([`Generate::no_puzzle`]).
        pub fn no_puzzle(options: &GenOptions<AnyGenParams>) -> Option<String> {
            match options.params {
                $( AnyGenParams::$variant(p) => <$game>::no_puzzle(&options.with_params(p)), )*
            }
        }

        $(
            impl IntoAnyParams for $game {
                fn into_any_params(params: Self::Params) -> AnyGenParams {
                    AnyGenParams::$variant(params)
                }
            }
        )*
    };
}

crate::game_list!([define_any_gen_params]);
