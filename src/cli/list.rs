//! `list`: the bundled pack, one puzzle a line starting with its name.

use std::collections::HashMap;
use std::time::Duration;

use super::{Outcome, emit};
use crate::clock::clock;
use crate::game::Game;
use crate::pack;
use crate::progress::{Store, Summary};

/// Runs `list`.
pub fn run() -> Outcome {
    let saved = saved_summaries();
    emit(None, &listing(&pack::entries(), &saved))
}

/// What the data folder says about each puzzle; unreadable progress is reported, not fatal.
fn saved_summaries() -> HashMap<String, Summary> {
    let store = match Store::open_default() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("gridpuzzles: progress not shown: {e}");
            return HashMap::new();
        }
    };
    match store.list() {
        Ok(listing) => {
            for (path, why) in &listing.problems {
                eprintln!("gridpuzzles: {}: {why}", path.display());
            }
            listing
                .entries
                .into_iter()
                .map(|e| (e.name, e.summary))
                .collect()
        }
        Err(e) => {
            eprintln!("gridpuzzles: progress not shown: {e}");
            HashMap::new()
        }
    }
}

/// The table: name, game, size, options, difficulty, status.
pub fn listing(entries: &[pack::Entry], saved: &HashMap<String, Summary>) -> String {
    let mut out = String::new();
    let width = entries.iter().map(|e| e.name.len()).max().unwrap_or(4);
    for e in entries {
        let (size, options) = match e.load() {
            Ok(g) => crate::with_game!(&g, g => {
                let t = g.topology();
                (format!("{}x{}", t.rows, t.cols), g.options_summary())
            }),
            Err(err) => ("?".into(), err),
        };
        out += &format!(
            "{:width$}  {:8}  {:7}  {:7}  {:12}  {}\n",
            e.name,
            e.game,
            size,
            e.difficulty,
            status(saved.get(&e.name)),
            options,
        );
    }
    out
}

/// `solved (best m:ss)`, `in progress`, or `new`.
pub fn status(summary: Option<&Summary>) -> String {
    match summary {
        Some(s) if s.solved => match s.best_ms {
            Some(ms) => format!("solved {}", clock(Duration::from_millis(ms))),
            None => "solved (hints)".into(),
        },
        Some(s) if s.in_progress() => "in progress".into(),
        _ => "new".into(),
    }
}
