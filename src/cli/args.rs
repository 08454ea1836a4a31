//! Command-line arguments (clap).

use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};

use super::game_flags::{GameFlags, LoadFlags};
use crate::deduce::Generate;
use crate::game::GameKind;
use crate::games::AnyGame;

/// Tents, Light Up and Mosaic in the terminal.
#[derive(Debug, Parser)]
#[command(name = "gridpuzzles", version, about, long_about = None)]
pub struct Cli {
    /// What to do; without a command, the full-screen player opens on the puzzle-pack browser.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Player: start with this colour theme (`gridpuzzles themes` lists them).
    #[arg(long, global = true, value_name = "NAME")]
    pub theme: Option<String>,
    /// Player: draw squares with ASCII glyphs instead of emoji (the default where TERM says the
    /// terminal has none, such as the Linux console, unless `a` chose the theme's).
    #[arg(long, global = true)]
    pub ascii: bool,
    /// Player: colour as the terminal allows (auto: NO_COLOR, COLORTERM, TERM), always, or never.
    #[arg(long, global = true, value_name = "WHEN", default_value = "auto")]
    pub color: ColorArg,
}

/// `--color`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// As the environment says.
    #[default]
    Auto,
    /// Colour even under NO_COLOR.
    Always,
    /// No colour: modifiers only.
    Never,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a puzzle in the full-screen player.
    Play(PlayArgs),
    /// Print the first solution, in the puzzle's file format (exit 1 if none).
    Solve(OutputArgs),
    /// Print the number of solutions.
    Count(CountArgs),
    /// Exit 0 if the position is won, else 1 with one line per error mark.
    Check(PuzzleArgs),
    /// Convert between the file format and a Tatham game ID.
    Convert(ConvertArgs),
    /// Line-mode play on stdin/stdout (the course's game_text).
    Text(TextArgs),
    /// The next deduction: rule name, squares it sets, and why.
    Hint(HintArgs),
    /// New puzzles with exactly one solution, in the text format.
    Generate(GenerateArgs),
    /// Write a complete proof by the game's own rules, one step a line (exit 1 if the rules
    /// cannot finish it).
    Prove(OutputArgs),
    /// Check a proof file: exit 0 complete and valid, 1 with the first invalid step or the
    /// open branches, 2 for a malformed file.
    Verify(VerifyArgs),
    /// List the available colour themes.
    Themes,
    /// List the bundled puzzle pack with each puzzle's progress.
    List,
    /// Per game: puzzles solved, best and median times, the daily streak.
    Stats,
}

/// A game name on the command line: its id, or another of its names (from the list of games).
impl ValueEnum for GameKind {
    fn value_variants<'a>() -> &'a [Self] {
        &GameKind::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(
            PossibleValue::new(self.id())
                .aliases(self.aliases().iter().copied())
                .help(self.about()),
        )
    }
}

/// Options every puzzle-reading command takes.
#[derive(Debug, Args, Clone)]
pub struct GameOptions {
    /// Force the game instead of recognising it from the content.
    #[arg(long, value_enum)]
    pub game: Option<GameKind>,
    /// Make the grid wrap around (or `--wrapping=false`).
    #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "true", value_name = "BOOL")]
    pub wrapping: Option<bool>,
    /// Each game's own options (`--rule4`, `--diagadj`, `--neighbourhood`).
    #[command(flatten)]
    pub flags: LoadFlags,
}

impl GameOptions {
    /// The forced game, if any.
    pub fn kind(&self) -> Option<GameKind> {
        self.game
    }

    /// `game` with the options given applied (those not given keep its settings); an error
    /// names an option of another game.
    pub fn apply(&self, game: &AnyGame) -> Result<AnyGame, String> {
        let game = match self.wrapping {
            Some(wrapping) => game.with_wrapping(wrapping),
            None => game.clone(),
        };
        self.flags.apply(&game)
    }
}

/// A puzzle and its options.
#[derive(Debug, Args)]
pub struct PuzzleArgs {
    /// A puzzle file, a Tatham game ID (`7x7:b1f2iB2g1Bi2fBb`) or a pack name.
    pub puzzle: String,
    #[command(flatten)]
    pub options: GameOptions,
}

/// `play`'s arguments.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Open the puzzle in proof mode (each step names its rule and is checked; see
    /// docs/proof-format.md).
    #[arg(long)]
    pub proof: bool,
}

/// A puzzle and where to write the result.
#[derive(Debug, Args)]
pub struct OutputArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Write here instead of stdout.
    pub output: Option<PathBuf>,
}

/// `verify`'s arguments.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// A proof file (as `prove` writes; see docs/proof-format.md).
    pub proof: PathBuf,
}

/// `count`'s arguments.
#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub target: OutputArgs,
    /// Stop counting once this many solutions are found (at least 1).
    #[arg(long, value_parser = at_least_one)]
    pub limit: Option<u64>,
}

/// The two sides of `convert`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertTo {
    /// The game's text file format.
    File,
    /// A Tatham descriptive game ID; options it cannot carry go in a prefix only gridpuzzles
    /// reads (`tents+diagadj:`), with a warning.
    Id,
}

/// `convert`'s arguments.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub target: OutputArgs,
    /// What to produce.
    #[arg(long, value_enum)]
    pub to: ConvertTo,
}

/// `text`'s arguments.
#[derive(Debug, Args)]
pub struct TextArgs {
    /// A puzzle file, Tatham game ID or pack name; the game's default puzzle when absent.
    pub puzzle: Option<String>,
    #[command(flatten)]
    pub options: GameOptions,
}

/// `hint`'s arguments.
#[derive(Debug, Args)]
pub struct HintArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Print the hint as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `generate`'s arguments.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Which game.
    #[arg(value_enum)]
    pub game: GameKind,
    /// Grid size, ROWSxCOLS (default: each game's own, listed by `default_sizes`).
    #[arg(long, help = default_sizes())]
    pub size: Option<String>,
    /// easy, tricky or hard.
    #[arg(long, default_value = "easy")]
    pub difficulty: String,
    /// A wrapping (toric) grid.
    #[arg(long)]
    pub wrapping: bool,
    /// The game's own flags (`--diagadj`, `--symmetric`, `--neighbourhood`, `--density`).
    #[command(flatten)]
    pub own: GameFlags,
    /// Seed: the same game, options and seed give the same puzzle.
    #[arg(long)]
    pub seed: Option<u64>,
    /// How many puzzles (seeds SEED, SEED+1, ...), at least 1.
    #[arg(long, default_value_t = 1, value_parser = at_least_one)]
    pub count: u64,
    /// Write each puzzle to a file in this folder instead of stdout.
    #[arg(long)]
    pub output: Option<PathBuf>,
}

/// A whole number of at least 1 (`count --limit`, `generate --count`).
fn at_least_one(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("expected a whole number of at least 1".into()),
    }
}

/// The help of `--size`: each game's default size (`8x8 Tents, 7x7 Light Up, ...`).
fn default_sizes() -> String {
    let sizes: Vec<String> = GameKind::ALL
        .into_iter()
        .map(|kind| {
            let (rows, cols) = crate::with_kind!(kind, G => G::DEFAULT_SIZE);
            format!("{rows}x{cols} {}", kind.title())
        })
        .collect();
    format!("Grid size, ROWSxCOLS (default: {})", sizes.join(", "))
}
