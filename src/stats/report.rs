//! The statistics in words: what `gridpuzzles stats` prints and the player's stats screen shows.

use std::time::Duration;

use super::compute::{GameStats, Stats, TimeGroup};
use super::days::Streak;
use crate::clock::clock;

/// The report, one string per line (no line ends): a block per game, a blank line between
/// blocks, then a line for all games. Columns of the time tables line up across games; a
/// line stays within 60 columns for sizes and times of up to 9 characters.
///
/// ```text
/// Tents: 3 puzzles solved, 2 without hints, 1 with hints (4 saved)
///   daily streak: current 2 days, longest 3 days
///   size   tier     solved  best  median
///   5x5    easy          2  3:20    5:00
/// ```
pub fn report_lines(stats: &Stats) -> Vec<String> {
    let widths = Widths::of(stats);
    let mut lines = Vec::new();
    for game in &stats.games {
        game_lines(game, &widths, &mut lines);
        lines.push(String::new());
    }
    lines.push(format!("All games: {}", solved_count(stats.solved)));
    if stats.solved > 0 {
        lines.push(streak_line(stats.streak));
    }
    lines
}

/// The report as text, each line ending in a newline (what `gridpuzzles stats` prints).
pub fn report_text(stats: &Stats) -> String {
    report_lines(stats)
        .into_iter()
        .map(|line| line + "\n")
        .collect()
}

/// One game's block.
fn game_lines(game: &GameStats, widths: &Widths, lines: &mut Vec<String>) {
    let title = game.game.title();
    if game.saved == 0 {
        lines.push(format!("{title}: nothing saved yet"));
        return;
    }
    let mut head = format!("{title}: {}", solved_count(game.solved));
    if game.solved > 0 {
        head += &format!(
            ", {} without hints, {} with hints",
            game.without_hints, game.with_hints
        );
    }
    head += &format!(" ({} saved)", game.saved);
    lines.push(head);
    if game.solved == 0 {
        return;
    }
    lines.push(streak_line(game.streak));
    if game.times.is_empty() {
        lines.push("  no times yet: every solve used hints".to_string());
        return;
    }
    lines.push(widths.row("size", "tier", "solved", "best", "median"));
    for group in &game.times {
        lines.push(widths.group_row(group));
    }
}

/// `  daily streak: current N days, longest M days`.
fn streak_line(streak: Streak) -> String {
    format!(
        "  daily streak: current {}, longest {}",
        count(streak.current as usize, "day", "days"),
        count(streak.longest as usize, "day", "days")
    )
}

/// `N puzzles solved` (`1 puzzle solved`).
fn solved_count(n: usize) -> String {
    format!("{} solved", count(n, "puzzle", "puzzles"))
}

/// `n` and the noun that goes with it.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A time as the player's clock shows it (`m:ss`).
fn time(ms: u64) -> String {
    clock(Duration::from_millis(ms))
}

/// How a group's tier reads: its name, or `unrated`.
fn tier_name(group: &TimeGroup) -> &'static str {
    group.tier.map_or("unrated", |t| t.id())
}

/// The widths of the time tables' columns, shared by every game so they line up.
struct Widths {
    size: usize,
    tier: usize,
    solved: usize,
    best: usize,
    median: usize,
}

impl Widths {
    /// Wide enough for every heading and every value of `stats`.
    fn of(stats: &Stats) -> Widths {
        let groups = || stats.games.iter().flat_map(|g| &g.times);
        let widest = |heading: &str, value: &dyn Fn(&TimeGroup) -> usize| {
            groups().map(value).fold(heading.len(), usize::max)
        };
        Widths {
            size: widest("size", &|g| g.size.to_string().len()),
            tier: widest("tier", &|g| tier_name(g).len()),
            solved: widest("solved", &|g| g.solved.to_string().len()),
            best: widest("best", &|g| time(g.best_ms).len()),
            median: widest("median", &|g| time(g.median_ms).len()),
        }
    }

    /// A table line: words left-aligned, numbers right-aligned, two spaces between.
    fn row(&self, size: &str, tier: &str, solved: &str, best: &str, median: &str) -> String {
        format!(
            "  {size:<sw$}  {tier:<tw$}  {solved:>nw$}  {best:>bw$}  {median:>mw$}",
            sw = self.size,
            tw = self.tier,
            nw = self.solved,
            bw = self.best,
            mw = self.median,
        )
    }

    /// A group's table line.
    fn group_row(&self, group: &TimeGroup) -> String {
        self.row(
            &group.size.to_string(),
            tier_name(group),
            &group.solved.to_string(),
            &time(group.best_ms),
            &time(group.median_ms),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduce::Tier;
    use crate::game::GameKind;
    use crate::stats::Size;

    fn game(game: GameKind, saved: usize, solved: usize, without: usize) -> GameStats {
        GameStats {
            game,
            saved,
            solved,
            without_hints: without,
            with_hints: solved - without,
            times: Vec::new(),
            streak: Streak::default(),
        }
    }

    #[test]
    fn every_game_has_a_block_and_tables_line_up() {
        let mut tents = game(GameKind::Tents, 4, 3, 2);
        tents.streak = Streak {
            current: 1,
            longest: 3,
        };
        tents.times = vec![
            TimeGroup {
                size: Size { rows: 5, cols: 5 },
                tier: Some(Tier::Easy),
                solved: 2,
                best_ms: 200_000,
                median_ms: 300_000,
            },
            TimeGroup {
                size: Size { rows: 12, cols: 30 },
                tier: None,
                solved: 1,
                best_ms: 3_723_000,
                median_ms: 3_723_000,
            },
        ];
        let stats = Stats {
            games: vec![
                tents,
                game(GameKind::LightUp, 2, 1, 0),
                game(GameKind::Mosaic, 0, 0, 0),
            ],
            solved: 4,
            streak: Streak {
                current: 0,
                longest: 1,
            },
        };
        let lines = report_lines(&stats);
        let expected = [
            "Tents: 3 puzzles solved, 2 without hints, 1 with hints (4 saved)",
            "  daily streak: current 1 day, longest 3 days",
            "  size   tier     solved     best   median",
            "  5x5    easy          2     3:20     5:00",
            "  12x30  unrated       1  1:02:03  1:02:03",
            "",
            "Light Up: 1 puzzle solved, 0 without hints, 1 with hints (2 saved)",
            "  daily streak: current 0 days, longest 0 days",
            "  no times yet: every solve used hints",
            "",
            "Mosaic: nothing saved yet",
            "",
            "All games: 4 puzzles solved",
            "  daily streak: current 0 days, longest 1 day",
        ];
        assert_eq!(lines, expected);
        assert_eq!(report_text(&stats), expected.join("\n") + "\n");
    }

    #[test]
    fn saved_but_unsolved_games_say_so() {
        let stats = Stats {
            games: vec![game(GameKind::Mosaic, 2, 0, 0)],
            solved: 0,
            streak: Streak::default(),
        };
        assert_eq!(
            report_lines(&stats),
            [
                "Mosaic: 0 puzzles solved (2 saved)",
                "",
                "All games: 0 puzzles solved"
            ]
        );
    }
}
