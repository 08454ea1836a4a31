//! `list`: the bundled pack, then the puzzles made here by the player's new-puzzle form (newest
//! first), one puzzle a line starting with its name.

use std::collections::HashMap;
use std::time::Duration;

use super::{Outcome, emit};
use crate::clock::clock;
use crate::game::Game;
use crate::kept;
use crate::pack;
use crate::progress::{ListEntry, Made, Store, Summary};

/// Runs `list`.
pub fn run() -> Outcome {
    let entries = saved_entries();
    let saved: HashMap<String, Summary> = entries
        .iter()
        .map(|e| (e.name.clone(), e.summary))
        .collect();
    let mut text = listing(&pack::entries(), &saved);
    text += &made_listing(&entries);
    emit(None, &text)
}

/// What the data folder holds; unreadable progress is reported, not fatal.
fn saved_entries() -> Vec<ListEntry> {
    let listed = Store::open_default().and_then(|store| store.list());
    match listed {
        Ok(listing) => {
            for (path, why) in &listing.problems {
                eprintln!("gridpuzzles: {}: {why}", path.display());
            }
            listing.entries
        }
        Err(e) => {
            eprintln!("gridpuzzles: progress not shown: {e}");
            Vec::new()
        }
    }
}

/// The puzzles made here, newest first, in the pack's columns; the options column also says
/// how to make the puzzle again.
pub fn made_listing(entries: &[ListEntry]) -> String {
    let mut made: Vec<(&ListEntry, &Made)> = entries
        .iter()
        .filter(|e| kept::is_kept(&e.name))
        .filter_map(|e| Some((e, e.made.as_ref()?)))
        .collect();
    made.sort_by(|a, b| b.1.made_at.cmp(&a.1.made_at).then(a.0.name.cmp(&b.0.name)));
    let width = made.iter().map(|(e, _)| e.name.len()).max().unwrap_or(4);
    let mut out = String::new();
    for (entry, m) in made {
        let mut options: Vec<&str> = Vec::new();
        if m.wrapping {
            options.push("wrapping");
        }
        options.extend(m.variant.iter().map(String::as_str));
        out += &format!(
            "{:width$}  {:8}  {:7}  {:7}  {:12}  {}\n",
            entry.name,
            m.game,
            format!("{}x{}", m.rows, m.cols),
            m.difficulty,
            status(Some(&entry.summary)),
            options.join(", "),
        );
    }
    out
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
