//! The games' own flags of `generate`: each game declares them
//! ([`GenParams::Flags`](crate::deduce::GenParams::Flags)), the command takes every game's, and
//! the chosen game's are read once the game is known; another game's flag, when given, is
//! refused.

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, Command, FromArgMatches};

use crate::deduce::{GenParams, Generate};
use crate::game::GameKind;
use crate::games::{AnyGenParams, IntoAnyParams};

/// Every game's own flags as given; [`GameFlags::params`] reads the chosen game's.
#[derive(Clone, Debug)]
pub struct GameFlags(ArgMatches);

impl Args for GameFlags {
    fn augment_args(cmd: Command) -> Command {
        GameKind::ALL.into_iter().fold(
            cmd,
            |cmd, kind| crate::with_kind!(kind, G => <FlagsOf<G> as Args>::augment_args(cmd)),
        )
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for GameFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        // The game is not known yet (it is another argument): keep the matches to read later.
        Ok(GameFlags(matches.clone()))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0 = matches.clone();
        Ok(())
    }
}

impl GameFlags {
    /// Game `kind`'s parameters; an error names a flag given that belongs to another game.
    pub fn params(&self, kind: GameKind) -> Result<AnyGenParams, String> {
        for other in GameKind::ALL.into_iter().filter(|&k| k != kind) {
            if let Some(flag) = crate::with_kind!(other, G => given::<G>(&self.0)).first() {
                return Err(format!(
                    "{flag} is a {} option, not a {} one",
                    other.title(),
                    kind.title()
                ));
            }
        }
        crate::with_kind!(kind, G => params::<G>(&self.0))
    }
}

/// Game `G`'s flags.
type FlagsOf<G> = <<G as Generate>::Params as GenParams>::Flags;

/// Game `G`'s flags in `matches`.
fn flags<G: Generate>(matches: &ArgMatches) -> Result<FlagsOf<G>, String> {
    FlagsOf::<G>::from_arg_matches(matches).map_err(|e| e.to_string())
}

/// The flags of game `G` given on the command line in `matches`, as typed (`--symmetric`).
/// Read from the flags `G` declares, so a game's new flag is covered without a list here.
fn given<G: Generate>(matches: &ArgMatches) -> Vec<String> {
    let declared = <FlagsOf<G> as Args>::augment_args(Command::new("flags"));
    declared
        .get_arguments()
        .filter(|arg| matches.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine))
        .map(|arg| format!("--{}", arg.get_long().unwrap_or(arg.get_id().as_str())))
        .collect()
}

/// Game `G`'s parameters as `matches` ask for them.
fn params<G: IntoAnyParams>(matches: &ArgMatches) -> Result<AnyGenParams, String> {
    let params = G::Params::from_flags(&flags::<G>(matches)?);
    Ok(G::into_any_params(params))
}
