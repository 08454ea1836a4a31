//! Counting: puzzles solved, times by size and tier, and streaks, per game and overall.

use std::collections::BTreeMap;

use super::days::{Day, Streak, streak};
use super::puzzle::{PuzzleFacts, Size};
use crate::deduce::Tier;
use crate::game::GameKind;
use crate::progress::Timestamp;

/// The statistics of every game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// One per game, in [`GameKind::ALL`] order, games with nothing saved included.
    pub games: Vec<GameStats>,
    /// Puzzles solved in all games.
    pub solved: usize,
    /// The streak of all games: a day counts when any puzzle was solved.
    pub streak: Streak,
}

/// One game's statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStats {
    /// The game.
    pub game: GameKind,
    /// Puzzles with saved progress, solved or not.
    pub saved: usize,
    /// Puzzles solved at least once.
    pub solved: usize,
    /// Of those, the ones solved at least once without hints.
    pub without_hints: usize,
    /// Of those, the ones only ever solved with hints (`solved - without_hints`).
    pub with_hints: usize,
    /// Times of the puzzles solved without hints, by size then tier (easy, tricky, hard,
    /// unrated); groups with no such puzzle are left out.
    pub times: Vec<TimeGroup>,
    /// Days in a row with a solve of this game.
    pub streak: Streak,
}

/// The times of the puzzles of one size and tier solved without hints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeGroup {
    /// The size.
    pub size: Size,
    /// The tier; `None`: puzzles from files and game IDs, which are not graded.
    pub tier: Option<Tier>,
    /// Puzzles solved without hints (at least 1).
    pub solved: usize,
    /// The fastest of their best times, in milliseconds.
    pub best_ms: u64,
    /// The median of their best times, in milliseconds (see [`median`]).
    pub median_ms: u64,
}

/// The statistics of `puzzles` (one per saved puzzle) on `today`, `day_of` giving the local
/// day of a moment.
pub fn compute(puzzles: &[PuzzleFacts], today: Day, day_of: impl Fn(Timestamp) -> Day) -> Stats {
    let solve_days = |p: &PuzzleFacts| p.solved_at.iter().map(|&at| day_of(at)).collect::<Vec<_>>();
    let games = GameKind::ALL
        .into_iter()
        .map(|game| {
            let of_game: Vec<&PuzzleFacts> = puzzles.iter().filter(|p| p.game == game).collect();
            let solved = of_game.iter().filter(|p| p.solved()).count();
            let without_hints = of_game.iter().filter(|p| p.solved_without_hints()).count();
            GameStats {
                game,
                saved: of_game.len(),
                solved,
                without_hints,
                with_hints: solved - without_hints,
                times: time_groups(&of_game),
                streak: streak(of_game.iter().flat_map(|p| solve_days(p)), today),
            }
        })
        .collect();
    Stats {
        games,
        solved: puzzles.iter().filter(|p| p.solved()).count(),
        streak: streak(puzzles.iter().flat_map(solve_days), today),
    }
}

/// The puzzles' best times grouped by size and tier, in that order.
fn time_groups(puzzles: &[&PuzzleFacts]) -> Vec<TimeGroup> {
    // Unrated sorts after the tiers.
    let mut groups: BTreeMap<(Size, bool, Option<Tier>), Vec<u64>> = BTreeMap::new();
    for p in puzzles {
        if let Some(best) = p.best_ms {
            let key = (p.size, p.tier.is_none(), p.tier);
            groups.entry(key).or_default().push(best);
        }
    }
    groups
        .into_iter()
        .map(|((size, _, tier), mut times)| TimeGroup {
            size,
            tier,
            solved: times.len(),
            best_ms: times.iter().copied().min().unwrap_or(0),
            median_ms: median(&mut times),
        })
        .collect()
}

/// The median of `values` (sorted in place): the middle value, or for an even count the mean
/// of the two middle values, rounded down to the millisecond; 0 for none.
pub fn median(values: &mut [u64]) -> u64 {
    values.sort_unstable();
    let n = values.len();
    match n {
        0 => 0,
        _ if n % 2 == 1 => values[n / 2],
        _ => {
            let (low, high) = (values[n / 2 - 1], values[n / 2]);
            low + (high - low) / 2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY_MS: u64 = 86_400_000;

    fn facts(
        game: GameKind,
        size: usize,
        tier: Option<Tier>,
        days: &[u64],
        best: Option<u64>,
    ) -> PuzzleFacts {
        PuzzleFacts {
            name: format!("{game}/{size}-{days:?}"),
            game,
            size: Size {
                rows: size,
                cols: size,
            },
            tier,
            solved_at: days.iter().map(|d| Timestamp(d * DAY_MS + 1)).collect(),
            best_ms: best,
        }
    }

    fn utc(at: Timestamp) -> Day {
        Day::at_offset(at, 0)
    }

    #[test]
    fn medians_take_the_middle_or_the_mean_of_the_two_middles() {
        assert_eq!(median(&mut []), 0);
        assert_eq!(median(&mut [7]), 7);
        assert_eq!(median(&mut [9, 1, 5]), 5);
        assert_eq!(median(&mut [4, 1, 3, 100]), 3);
        assert_eq!(median(&mut [1, 2]), 1);
        assert_eq!(median(&mut [u64::MAX, u64::MAX - 2]), u64::MAX - 1);
    }

    #[test]
    fn puzzles_count_as_solved_without_hints_once_any_solve_was() {
        use GameKind::*;
        let easy = Some(Tier::Easy);
        let puzzles = [
            facts(Tents, 5, easy, &[1, 2], Some(300)),
            facts(Tents, 5, easy, &[2], None),
            facts(Tents, 5, easy, &[], None),
            facts(LightUp, 7, None, &[4], Some(50)),
        ];
        let stats = compute(&puzzles, Day(5), utc);
        let tents = &stats.games[0];
        assert_eq!(
            (
                tents.saved,
                tents.solved,
                tents.without_hints,
                tents.with_hints
            ),
            (3, 2, 1, 1)
        );
        assert_eq!(
            tents.streak,
            Streak {
                current: 0,
                longest: 2
            }
        );
        let lightup = &stats.games[1];
        assert_eq!((lightup.solved, lightup.without_hints), (1, 1));
        assert_eq!(
            lightup.streak,
            Streak {
                current: 1,
                longest: 1
            }
        );
        assert_eq!(lightup.times[0].tier, None);
        let mosaic = &stats.games[2];
        assert_eq!((mosaic.game, mosaic.saved, mosaic.solved), (Mosaic, 0, 0));
        assert!(mosaic.times.is_empty());
        assert_eq!(stats.solved, 3);
        // Tents on days 1 and 2, Light Up on day 4: the gap on day 3 breaks the streak.
        assert_eq!(
            stats.streak,
            Streak {
                current: 1,
                longest: 2
            }
        );
    }

    #[test]
    fn times_group_by_size_then_tier_with_unrated_last() {
        use GameKind::Tents;
        let (easy, hard) = (Some(Tier::Easy), Some(Tier::Hard));
        let puzzles = [
            facts(Tents, 8, None, &[1], Some(10)),
            facts(Tents, 8, hard, &[1], Some(400)),
            facts(Tents, 8, easy, &[1], Some(300)),
            facts(Tents, 8, easy, &[1], Some(100)),
            facts(Tents, 8, easy, &[1], Some(200)),
            facts(Tents, 5, hard, &[1], Some(900)),
            facts(Tents, 5, hard, &[1], None),
        ];
        let times = &compute(&puzzles, Day(1), utc).games[0].times;
        let rows: Vec<(usize, Option<Tier>, usize, u64, u64)> = times
            .iter()
            .map(|g| (g.size.rows, g.tier, g.solved, g.best_ms, g.median_ms))
            .collect();
        assert_eq!(
            rows,
            vec![
                (5, hard, 1, 900, 900),
                (8, easy, 3, 100, 200),
                (8, hard, 1, 400, 400),
                (8, None, 1, 10, 10),
            ]
        );
    }
}
