//! The pack as the browser shows it: each puzzle loaded once, with its size and options.

use std::sync::{Arc, OnceLock};

use crate::game::{Game, GameKind};
use crate::games::AnyGame;
use crate::look::Look;
use crate::pack::{self, Entry};

/// One pack puzzle, ready to list and to open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackItem {
    /// Stable pack name (`tents/default-2020`): the key of its saved progress.
    pub name: String,
    /// Title from `pack.toml`.
    pub title: String,
    /// The game.
    pub kind: GameKind,
    /// Rows and columns.
    pub size: (usize, usize),
    /// The options that differ from the game's defaults (`wrapping, diagadj`), or empty.
    pub options: String,
    /// Difficulty as graded in `pack.toml`.
    pub difficulty: String,
    /// The puzzle, or why its embedded file could not be read.
    pub game: Result<AnyGame, String>,
    /// How it was made, for a puzzle made by the new-puzzle form (none for the pack's).
    pub made: Option<Arc<crate::progress::Made>>,
}

impl PackItem {
    /// The item for a pack entry; `None` when the entry names no known game.
    pub fn of(entry: &Entry) -> Option<PackItem> {
        let kind = entry.kind()?;
        let game = entry.load();
        let (size, options) = match &game {
            Ok(g) => {
                let t = crate::with_game!(g, g => g.topology());
                ((t.rows, t.cols), options_tags(g))
            }
            Err(_) => ((0, 0), "unreadable".to_string()),
        };
        Some(PackItem {
            name: entry.name.clone(),
            title: entry.title.clone(),
            kind,
            size,
            options,
            difficulty: entry.difficulty.clone(),
            game,
            made: None,
        })
    }

    /// An item for a puzzle held in memory (tests and screenshots use hand-made lists).
    pub fn new(name: &str, title: &str, difficulty: &str, game: AnyGame) -> PackItem {
        let t = crate::with_game!(&game, g => g.topology());
        PackItem {
            name: name.to_string(),
            title: title.to_string(),
            kind: game.kind(),
            size: (t.rows, t.cols),
            options: options_tags(&game),
            difficulty: difficulty.to_string(),
            game: Ok(game),
            made: None,
        }
    }

    /// The item of a puzzle made by the new-puzzle form and kept as `name`.
    pub fn made(name: &str, made: Arc<crate::progress::Made>, game: AnyGame) -> PackItem {
        let mut item = PackItem::new(name, &format!("seed {}", made.seed), &made.difficulty, game);
        item.made = Some(made);
        item
    }

    /// When it was made (pack puzzles: never).
    pub fn made_at(&self) -> Option<crate::progress::Timestamp> {
        self.made.as_ref().map(|m| m.made_at)
    }

    /// `RxC`.
    pub fn size_text(&self) -> String {
        format!("{}x{}", self.size.0, self.size.1)
    }
}

/// The options of a puzzle that differ from its game's defaults, comma-separated.
pub fn options_tags(game: &AnyGame) -> String {
    let (wrapping, own) = crate::with_game!(game, g => (g.topology().wrapping, g.option_tags()));
    let mut tags = Vec::new();
    if wrapping {
        tags.push("wrapping");
    }
    tags.extend(own);
    tags.join(", ")
}

/// Every puzzle of the embedded pack, in `pack.toml` order; read once per run.
pub fn catalogue() -> Arc<[PackItem]> {
    static CATALOGUE: OnceLock<Arc<[PackItem]>> = OnceLock::new();
    CATALOGUE
        .get_or_init(|| pack::entries().iter().filter_map(PackItem::of).collect())
        .clone()
}

/// The pack name a PUZZLE argument resolves to (`tents/default` → `tents/default-2020`).
pub fn pack_name(puzzle: &str) -> Option<String> {
    pack::find(puzzle).map(|e| e.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tents::Tents;

    #[test]
    fn the_catalogue_holds_every_pack_entry() {
        let items = catalogue();
        assert_eq!(items.len(), pack::entries().len());
        let tents = items
            .iter()
            .find(|i| i.name == "tents/default-2020")
            .unwrap();
        assert_eq!(tents.size_text(), "8x8");
        assert_eq!(tents.kind, GameKind::Tents);
        assert_eq!(tents.options, "");
        assert!(tents.game.is_ok());
    }

    #[test]
    fn options_name_what_differs_from_the_defaults() {
        let text = "2 2 1 1\n1 0 \n0 1 \nx \n  \n";
        let game = AnyGame::Tents(Tents::parse(text).unwrap());
        assert_eq!(options_tags(&game), "wrapping, diagadj");
        let mosaic = AnyGame::parse("1 1 0 1\n-e\n", Some(GameKind::Mosaic)).unwrap();
        assert_eq!(options_tags(&mosaic), "ortho");
    }

    #[test]
    fn short_pack_names_resolve_to_full_ones() {
        assert_eq!(pack_name("tents/default").unwrap(), "tents/default-2020");
        assert_eq!(pack_name("nope"), None);
    }
}
