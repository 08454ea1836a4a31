//! A game's own generation parameters as the collection presents them: the game's flags of
//! `gridpuzzles generate`, its line in the TUI's new-puzzle form, and the words that describe a
//! request. Each game implements [`GenParams`] in its folder, so shared code names no game's
//! option.

use std::fmt;
use std::hash::Hash;

/// A game's own generation parameters ([`Generate::Params`](super::Generate::Params)).
pub trait GenParams: Copy + fmt::Debug + Default + Eq + Hash + Send + Sync + 'static {
    /// The game's own flags of `gridpuzzles generate` (`--diagadj`); `generate` refuses each
    /// of them, when given, for any other game.
    type Flags: clap::Args + clap::FromArgMatches;

    /// The label of the game's line in the new-puzzle form (`diagonal`).
    const LABEL: &'static str;

    /// The parameters the flags ask for.
    fn from_flags(flags: &Self::Flags) -> Self;

    /// The value the form shows on the game's line (`yes`, `ortho`).
    fn value(&self) -> String;

    /// The parameters after one press of right (`up`) or left on the form's line.
    fn step(self, up: bool) -> Self;

    /// Words a request's description puts before the game's title (`diagadj`).
    fn tags(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// A note a request's description puts after "puzzle", in brackets (`ortho`).
    fn note(&self) -> Option<&'static str> {
        None
    }
}

/// A yes/no choice as the new-puzzle form shows it.
pub fn yes_no(on: bool) -> String {
    if on { "yes" } else { "no" }.to_string()
}

/// The value one place after `at` in `all` (`up`) or before it, stopping at the ends.
pub fn step_through<T: Copy + PartialEq>(all: &[T], at: T, up: bool) -> T {
    let i = all.iter().position(|&v| v == at).unwrap_or(0);
    let to = if up {
        (i + 1).min(all.len() - 1)
    } else {
        i.saturating_sub(1)
    };
    all[to]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stop_at_the_ends() {
        let all = [1, 2, 3];
        assert_eq!(step_through(&all, 1, false), 1);
        assert_eq!(step_through(&all, 1, true), 2);
        assert_eq!(step_through(&all, 3, true), 3);
        assert_eq!(yes_no(true), "yes");
    }
}
