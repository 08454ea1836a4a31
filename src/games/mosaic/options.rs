//! Mosaic's own option beside size and wrapping: which squares a clue counts.

/// Mosaic: which squares a clue counts; also the value of `--neighbourhood` (the help lines
/// are the command line's).
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
pub enum Neighbourhood {
    /// The 3x3 block including the square.
    #[default]
    #[value(help = "3x3 block with the square")]
    Full,
    /// The square and its 4 orthogonal neighbours.
    #[value(help = "The square and its 4 orthogonal neighbours")]
    Ortho,
    /// The 8 squares around.
    #[value(alias = "full_exclude", help = "The 8 squares around")]
    FullExclude,
    /// The 4 orthogonal neighbours.
    #[value(alias = "ortho_exclude", help = "The 4 orthogonal neighbours")]
    OrthoExclude,
}

impl Neighbourhood {
    /// Every neighbourhood, widest first.
    pub const ALL: [Neighbourhood; 4] = [
        Neighbourhood::Full,
        Neighbourhood::Ortho,
        Neighbourhood::FullExclude,
        Neighbourhood::OrthoExclude,
    ];
}

/// The name of a neighbourhood as the options summary shows it.
pub const fn neighbourhood_name(n: Neighbourhood) -> &'static str {
    match n {
        Neighbourhood::Full => "full",
        Neighbourhood::Ortho => "ortho",
        Neighbourhood::FullExclude => "full-exclude",
        Neighbourhood::OrthoExclude => "ortho-exclude",
    }
}

/// Mosaic's options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Which squares a clue counts.
    pub neighbourhood: Neighbourhood,
}

/// Mosaic's option on the command line of every puzzle-reading command; not given, the
/// puzzle's own setting stays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::Args)]
#[group(skip)]
pub struct LoadFlags {
    /// Mosaic: which squares a clue counts.
    #[arg(long, value_enum)]
    pub neighbourhood: Option<Neighbourhood>,
}
