//! The games' own flags: each game declares them, its generation flags
//! ([`GenParams::Flags`](crate::deduce::GenParams::Flags)) for `generate` and its load flags
//! ([`Game::Flags`]) for every puzzle-reading command. A command takes every game's, and the
//! chosen or loaded game's are read once the game is known; another game's flag, when given,
//! is refused. No list of flags is kept here: a new game's flags are covered by its own types.

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, Command, FromArgMatches};

use crate::deduce::{GenParams, Generate};
use crate::game::{Game, GameKind};
use crate::games::any::IntoAny;
use crate::games::{AnyGame, AnyGenParams, IntoAnyParams};

/// Every game's generation flags as given; [`GameFlags::params`] reads the chosen game's.
#[derive(Clone, Debug)]
pub struct GameFlags(ArgMatches);

/// Every game's load flags as given; [`LoadFlags::apply`] hands the loaded game its own.
#[derive(Clone, Debug)]
pub struct LoadFlags(ArgMatches);

/// Implements clap's `Args` for a set of every game's flags, `$flags` naming one game's.
macro_rules! every_games_flags {
    ($set:ident, $g:ident => $flags:ty) => {
        impl Args for $set {
            fn augment_args(cmd: Command) -> Command {
                GameKind::ALL.into_iter().fold(cmd, |cmd, kind| {
                    crate::with_kind!(kind, $g => <$flags as Args>::augment_args(cmd))
                })
            }

            fn augment_args_for_update(cmd: Command) -> Command {
                Self::augment_args(cmd)
            }
        }

        impl FromArgMatches for $set {
            fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
                // The game is not known yet (another argument tells): keep the matches.
                Ok($set(matches.clone()))
            }

            fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
                self.0 = matches.clone();
                Ok(())
            }
        }
    };
}

every_games_flags!(GameFlags, G => FlagsOf<G>);
every_games_flags!(LoadFlags, G => <G as Game>::Flags);

impl GameFlags {
    /// Game `kind`'s parameters; an error names a flag given that belongs to another game.
    pub fn params(&self, kind: GameKind) -> Result<AnyGenParams, String> {
        refuse_others(
            kind,
            |other| crate::with_kind!(other, G => given::<FlagsOf<G>>(&self.0)),
        )?;
        crate::with_kind!(kind, G => params::<G>(&self.0))
    }
}

impl LoadFlags {
    /// `game` with its own flags applied (those not given keep its settings); an error names a
    /// flag given that belongs to another game.
    pub fn apply(&self, game: &AnyGame) -> Result<AnyGame, String> {
        refuse_others(
            game.kind(),
            |other| crate::with_kind!(other, G => given::<<G as Game>::Flags>(&self.0)),
        )?;
        crate::with_game!(game, g => {
            let flags = read(&self.0)?;
            Ok(g.with_flags_given(&flags).into_any())
        })
    }
}

/// `Err` naming the first flag given of a game other than `kind` (`given(game)` lists a
/// game's flags given).
fn refuse_others(kind: GameKind, given: impl Fn(GameKind) -> Vec<String>) -> Result<(), String> {
    for other in GameKind::ALL.into_iter().filter(|&k| k != kind) {
        if let Some(flag) = given(other).first() {
            return Err(format!(
                "{flag} is a {} option, not a {} one",
                other.title(),
                kind.title()
            ));
        }
    }
    Ok(())
}

/// Game `G`'s generation flags.
type FlagsOf<G> = <<G as Generate>::Params as GenParams>::Flags;

/// The flags `F` declares, read from `matches`.
fn read<F: FromArgMatches>(matches: &ArgMatches) -> Result<F, String> {
    F::from_arg_matches(matches).map_err(|e| e.to_string())
}

/// The flags of `F` given on the command line in `matches`, as typed (`--symmetric`).
fn given<F: Args>(matches: &ArgMatches) -> Vec<String> {
    let declared = F::augment_args(Command::new("flags"));
    declared
        .get_arguments()
        .filter(|arg| matches.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine))
        .map(|arg| format!("--{}", arg.get_long().unwrap_or(arg.get_id().as_str())))
        .collect()
}

/// Game `G`'s parameters as `matches` ask for them.
fn params<G: IntoAnyParams>(matches: &ArgMatches) -> Result<AnyGenParams, String> {
    let params = G::Params::from_flags(&read::<FlagsOf<G>>(matches)?);
    Ok(G::into_any_params(params))
}
