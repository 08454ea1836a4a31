//! Tents' own options beside size and wrapping: whether tents may touch diagonally, and which
//! rule 4 pairs trees with tents.

/// Tents rule 4: how trees and tents must pair up.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Rule4 {
    /// The course's rule: every tent touches a tree and every tree a tent.
    #[default]
    Local,
    /// Tatham's rule: a perfect matching between trees and adjacent tents.
    Matching,
}

/// Tents' options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Two tents may touch diagonally (orthogonal contact is still forbidden).
    pub diagadj: bool,
    /// How trees and tents must pair up.
    pub rule4: Rule4,
}
