//! Tents' own generation parameter: whether tents may touch diagonally (`--diagadj`, the form's
//! "diagonal" line).

use crate::deduce::gen_params::yes_no;

/// What the Tents generator takes beside size, difficulty and wrapping.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GenParams {
    /// Two tents may touch diagonally (orthogonal contact is still forbidden).
    pub diagadj: bool,
}

/// Tents' flags of `gridpuzzles generate`.
#[derive(Clone, Debug, clap::Args)]
#[group(skip)]
pub struct GenFlags {
    /// Tents: tents may touch diagonally.
    #[arg(long)]
    pub diagadj: bool,
}

impl crate::deduce::GenParams for GenParams {
    type Flags = GenFlags;

    const LABEL: &'static str = "diagonal";

    fn from_flags(flags: &GenFlags) -> Self {
        GenParams {
            diagadj: flags.diagadj,
        }
    }

    fn value(&self) -> String {
        yes_no(self.diagadj)
    }

    fn step(self, _up: bool) -> Self {
        GenParams {
            diagadj: !self.diagadj,
        }
    }

    fn tags(&self) -> Vec<&'static str> {
        if self.diagadj {
            vec!["diagadj"]
        } else {
            vec![]
        }
    }
}
