//! Mosaic's own generation parameters: the neighbourhood a clue counts (`--neighbourhood`, the
//! form's "counts" line) and how many clues to keep (`--density`).

use super::options::{Neighbourhood, neighbourhood_name};
use crate::deduce::gen_params::step_through;

/// How many clues to keep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ClueDensity {
    /// Remove every clue the puzzle can do without (at its difficulty).
    #[default]
    Minimal,
    /// Stop removing once at most this percentage of the squares hold clues (never below
    /// what [`ClueDensity::Minimal`] would keep).
    Percent(u8),
}

/// What the Mosaic generator takes beside size, difficulty and wrapping.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GenParams {
    /// Which squares a clue counts.
    pub neighbourhood: Neighbourhood,
    /// How many clues to keep.
    pub density: ClueDensity,
}

/// Mosaic's flags of `gridpuzzles generate`.
#[derive(Clone, Debug, clap::Args)]
#[group(skip)]
pub struct GenFlags {
    /// Mosaic: which squares a clue counts.
    #[arg(long, value_enum)]
    pub neighbourhood: Option<Neighbourhood>,
    /// Mosaic: keep clues on up to this percentage of the squares (default: as few as the
    /// difficulty allows).
    #[arg(long, value_name = "PERCENT", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub density: Option<u8>,
}

impl crate::deduce::GenParams for GenParams {
    type Flags = GenFlags;

    const LABEL: &'static str = "counts";

    fn from_flags(flags: &GenFlags) -> Self {
        GenParams {
            neighbourhood: flags.neighbourhood.unwrap_or_default(),
            density: flags
                .density
                .map_or(ClueDensity::Minimal, ClueDensity::Percent),
        }
    }

    fn value(&self) -> String {
        neighbourhood_name(self.neighbourhood).to_string()
    }

    fn step(self, up: bool) -> Self {
        GenParams {
            neighbourhood: step_through(&Neighbourhood::ALL, self.neighbourhood, up),
            ..self
        }
    }

    fn note(&self) -> Option<&'static str> {
        (self.neighbourhood != Neighbourhood::Full).then(|| neighbourhood_name(self.neighbourhood))
    }
}
