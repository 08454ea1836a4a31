//! Tents' own options beside size and wrapping: whether tents may touch diagonally, and which
//! rule 4 pairs trees with tents.

/// Tents rule 4: how trees and tents must pair up.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    clap::ValueEnum,
)]
pub enum Rule4 {
    /// The course's rule: every tent touches a tree and every tree a tent.
    #[default]
    #[value(help = "Every tent touches a tree and every tree a tent")]
    Local,
    /// Tatham's rule: a perfect matching between trees and adjacent tents.
    #[value(help = "Trees and tents pair up one to one")]
    Matching,
}

/// Tents' options on the command line of every puzzle-reading command; one not given keeps
/// the puzzle's own setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::Args)]
#[group(skip)]
pub struct LoadFlags {
    /// Tents rule 4 variant (files default to local, Tatham IDs to matching).
    #[arg(long, value_enum)]
    pub rule4: Option<Rule4>,
    /// Tents: allow tents to touch diagonally (or `--diagadj=false`).
    #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "true", value_name = "BOOL")]
    pub diagadj: Option<bool>,
}

/// Tents' options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Two tents may touch diagonally (orthogonal contact is still forbidden).
    pub diagadj: bool,
    /// How trees and tents must pair up.
    pub rule4: Rule4,
}
