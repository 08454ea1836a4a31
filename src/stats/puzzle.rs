//! What a saved puzzle is for statistics: its game, size and tier, and when and how it was
//! solved.

use std::fmt;

use crate::deduce::Tier;
use crate::game::GameKind;
use crate::pack;
use crate::progress::{Made, SolveRecord, Timestamp};

/// A grid's size; sizes order by rows, then columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Size {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
}

impl fmt::Display for Size {
    /// `ROWSxCOLS`, as `list` and `generate --size` write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// A saved puzzle as statistics count it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleFacts {
    /// The puzzle's full name.
    pub name: String,
    /// Its game.
    pub game: GameKind,
    /// Its grid size.
    pub size: Size,
    /// The difficulty it was graded (pack) or made at (new-puzzle form); `None` for puzzles
    /// from files and game IDs, which are not graded.
    pub tier: Option<Tier>,
    /// When it was solved, hints or not, oldest first; empty when it never was.
    pub solved_at: Vec<Timestamp>,
    /// Its fastest solve without hints, in milliseconds; `None` when it was never solved
    /// without hints.
    pub best_ms: Option<u64>,
}

impl PuzzleFacts {
    /// What `record` says, the tiers of pack puzzles taken from `pack`.
    ///
    /// The game is the name's first segment (`tents/...`), the second of `custom/<game>/...`,
    /// or, for `random/<game>-<rows>x<cols>-<tier>-...`, the one its `made` record or name
    /// gives. The size and tier come from `made` when there is one, else the size from the
    /// position's header and the tier from the pack entry of that name (or a `random/` name).
    ///
    /// A file without a solve list (written before solves were kept) that says it was solved
    /// stands for one solve when it was saved, with hints unless it has a best time. Solves
    /// not yet stamped (time 0) count as made when the file was saved.
    ///
    /// `Err` says why the puzzle cannot be counted: no game of the collection, or no size.
    pub fn from_record(record: &SolveRecord, pack: &[pack::Entry]) -> Result<PuzzleFacts, String> {
        let made = record.made.as_ref();
        let game = game_of(&record.name, made)
            .ok_or_else(|| format!("{}: not a puzzle of a known game, not counted", record.name))?;
        let size = size_of(&record.header, made).ok_or_else(|| {
            format!(
                "{}: no size in the saved position ({:?}), not counted",
                record.name, record.header
            )
        })?;
        let (solved_at, best_ms) = solves_of(record);
        Ok(PuzzleFacts {
            name: record.name.clone(),
            game,
            size,
            tier: tier_of(&record.name, made, pack),
            solved_at,
            best_ms,
        })
    }

    /// Whether it was ever solved, with hints or without.
    pub fn solved(&self) -> bool {
        !self.solved_at.is_empty()
    }

    /// Whether it was solved at least once without hints.
    pub fn solved_without_hints(&self) -> bool {
        self.best_ms.is_some()
    }
}

/// The puzzle's game: from `made`, else from its name.
fn game_of(name: &str, made: Option<&Made>) -> Option<GameKind> {
    if let Some(made) = made {
        return GameKind::from_id(&made.game);
    }
    let (first, rest) = name.split_once('/')?;
    let game = match first {
        "custom" => rest.split('/').next()?,
        "random" => rest.split('-').next()?,
        game => game,
    };
    GameKind::from_id(game)
}

/// The size `made` records, else the first two numbers of the position's header (rows and
/// columns in every game's format).
fn size_of(header: &str, made: Option<&Made>) -> Option<Size> {
    if let Some(made) = made {
        return Some(Size {
            rows: made.rows,
            cols: made.cols,
        });
    }
    let mut numbers = header.split_whitespace().map(str::parse::<usize>);
    match (numbers.next(), numbers.next()) {
        (Some(Ok(rows)), Some(Ok(cols))) => Some(Size { rows, cols }),
        _ => None,
    }
}

/// The tier `made` asked for, the pack entry's grade, or the one a `random/` name carries.
fn tier_of(name: &str, made: Option<&Made>, pack: &[pack::Entry]) -> Option<Tier> {
    if let Some(made) = made {
        return Tier::from_id(&made.difficulty);
    }
    if let Some(entry) = pack.iter().find(|e| e.name == name) {
        return entry.tier();
    }
    let fields = name.strip_prefix("random/")?;
    Tier::from_id(fields.split('-').nth(2)?)
}

/// When the puzzle was solved, and its fastest solve without hints.
fn solves_of(record: &SolveRecord) -> (Vec<Timestamp>, Option<u64>) {
    if record.solves.is_empty() {
        return if record.solved {
            (vec![record.saved_at], record.best_ms)
        } else {
            (Vec::new(), None)
        };
    }
    let solved_at = record
        .solves
        .iter()
        .map(|s| {
            if s.at == Timestamp(0) {
                record.saved_at
            } else {
                s.at
            }
        })
        .collect();
    let clean = record
        .solves
        .iter()
        .filter(|s| !s.hints)
        .map(|s| s.ms)
        .min();
    // The best time also covers solves made before the list was kept.
    let best_ms = clean.into_iter().chain(record.best_ms).min();
    (solved_at, best_ms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Solve;

    fn record(name: &str, header: &str) -> SolveRecord {
        SolveRecord {
            name: name.into(),
            header: header.into(),
            solved: false,
            best_ms: None,
            saved_at: Timestamp(1000),
            solves: Vec::new(),
            made: None,
        }
    }

    fn solve(at: u64, ms: u64, hints: bool) -> Solve {
        Solve {
            at: Timestamp(at),
            ms,
            hints,
        }
    }

    #[test]
    fn pack_puzzles_take_their_grade_and_the_position_s_size() {
        let facts =
            PuzzleFacts::from_record(&record("tents/8x8-tricky-01", "8 8 0 0"), &pack::entries())
                .unwrap();
        assert_eq!(facts.game, GameKind::Tents);
        assert_eq!(facts.size, Size { rows: 8, cols: 8 });
        assert_eq!(facts.tier, Some(Tier::Tricky));
        assert!(!facts.solved() && !facts.solved_without_hints());
    }

    #[test]
    fn custom_puzzles_are_unrated_and_unknown_games_are_refused() {
        let custom = record("custom/lightup/2x3:aB1ab (no wrapping)", "2 3 0");
        let facts = PuzzleFacts::from_record(&custom, &[]).unwrap();
        assert_eq!(facts.game, GameKind::LightUp);
        assert_eq!(facts.size, Size { rows: 2, cols: 3 });
        assert_eq!(facts.tier, None);
        let err = PuzzleFacts::from_record(&record("sudoku/1", "9 9"), &[]).unwrap_err();
        assert!(err.contains("sudoku/1"), "{err}");
        let err = PuzzleFacts::from_record(&record("mosaic/x", "garbage"), &[]).unwrap_err();
        assert!(err.contains("no size"), "{err}");
    }

    #[test]
    fn random_puzzles_are_read_from_made_or_else_their_name() {
        let mut r = record("random/mosaic-6x7-hard-ortho-9", "");
        let facts = PuzzleFacts::from_record(&r, &[]).unwrap_err();
        assert!(facts.contains("no size"), "{facts}");
        r.header = "6 7 0 1".into();
        let facts = PuzzleFacts::from_record(&r, &[]).unwrap();
        assert_eq!(
            (facts.game, facts.size, facts.tier),
            (
                GameKind::Mosaic,
                Size { rows: 6, cols: 7 },
                Some(Tier::Hard)
            )
        );
        r.made = Some(Made {
            puzzle: String::new(),
            game: "lightup".into(),
            rows: 4,
            cols: 5,
            difficulty: "easy".into(),
            wrapping: false,
            variant: vec![],
            seed: 9,
            made_at: Timestamp(0),
        });
        let facts = PuzzleFacts::from_record(&r, &[]).unwrap();
        assert_eq!(
            (facts.game, facts.size, facts.tier),
            (
                GameKind::LightUp,
                Size { rows: 4, cols: 5 },
                Some(Tier::Easy)
            )
        );
    }

    #[test]
    fn old_files_stand_for_one_solve_when_saved() {
        let mut r = record("tents/x", "5 5 0 0");
        r.solved = true;
        r.best_ms = Some(42_000);
        let facts = PuzzleFacts::from_record(&r, &[]).unwrap();
        assert_eq!(facts.solved_at, vec![Timestamp(1000)]);
        assert_eq!(facts.best_ms, Some(42_000));
        r.best_ms = None; // solved with hints (or revealed after a solve with hints)
        let facts = PuzzleFacts::from_record(&r, &[]).unwrap();
        assert!(facts.solved() && !facts.solved_without_hints());
    }

    #[test]
    fn the_best_time_is_the_fastest_solve_without_hints() {
        let mut r = record("tents/x", "5 5 0 0");
        r.solved = true;
        r.solves = vec![
            solve(10, 5_000, true),
            solve(0, 9_000, false),
            solve(30, 7_000, false),
        ];
        let facts = PuzzleFacts::from_record(&r, &[]).unwrap();
        assert_eq!(
            facts.solved_at,
            vec![Timestamp(10), Timestamp(1000), Timestamp(30)]
        );
        assert_eq!(facts.best_ms, Some(7_000));
        // A best time from before the list was kept still counts.
        r.best_ms = Some(6_000);
        r.solves = vec![solve(10, 5_000, true)];
        let facts = PuzzleFacts::from_record(&r, &[]).unwrap();
        assert_eq!(facts.best_ms, Some(6_000));
    }
}
