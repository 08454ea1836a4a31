//! Light Up's own generation parameter: whether the walls are symmetric under a half turn
//! (`--symmetric`, the form's "symmetric" line).

use crate::deduce::gen_params::yes_no;

/// What the Light Up generator takes beside size, difficulty and wrapping.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GenParams {
    /// The walls are symmetric under a half turn.
    pub symmetric: bool,
}

/// Light Up's flags of `gridpuzzles generate`.
#[derive(Clone, Debug, clap::Args)]
#[group(skip)]
pub struct GenFlags {
    /// Light Up: walls symmetric under a half turn.
    #[arg(long)]
    pub symmetric: bool,
}

impl crate::deduce::GenParams for GenParams {
    type Flags = GenFlags;

    const LABEL: &'static str = "symmetric";

    fn from_flags(flags: &GenFlags) -> Self {
        GenParams {
            symmetric: flags.symmetric,
        }
    }

    fn value(&self) -> String {
        yes_no(self.symmetric)
    }

    fn step(self, _up: bool) -> Self {
        GenParams {
            symmetric: !self.symmetric,
        }
    }

    fn tags(&self) -> Vec<&'static str> {
        if self.symmetric {
            vec!["symmetric"]
        } else {
            vec![]
        }
    }
}
