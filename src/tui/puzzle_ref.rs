//! The name a puzzle's progress is kept under and its title on screen, for a puzzle opened by
//! an argument (`play PUZZLE`, the browser's open prompt).

use std::path::Path;
use std::sync::Arc;

use super::model::PuzzleRef;
use super::pack_view;
use crate::game::{Game, ellipsized};
use crate::games::AnyGame;
use crate::games::game_id::looks_like_tatham_id;
use crate::progress::Made;
use crate::puzzle_arg::could_be_path;

/// The name a puzzle's progress is kept under, and its title on screen: a pack puzzle's name
/// (the one asked for, else the first pack puzzle that is the same puzzle, however it was
/// given), a puzzle made here its own name, else a key made from the puzzle itself.
pub fn puzzle_ref(argument: &str, game: &AnyGame, made: Option<Made>) -> PuzzleRef {
    if let Some(made) = made {
        // A puzzle made here keeps its own name, and its record keeps how it was made.
        return PuzzleRef {
            made: Some(Arc::new(made)),
            ..PuzzleRef::saved(argument, argument)
        };
    }
    let asked = if on_disk(argument) || looks_like_tatham_id(argument) {
        None
    } else {
        pack_view::pack_name(argument)
    };
    let catalogue = pack_view::catalogue();
    let same: Vec<&pack_view::PackItem> = catalogue
        .iter()
        .filter(|item| item.game.as_ref() == Ok(game))
        .collect();
    let item = same
        .iter()
        .find(|item| Some(&item.name) == asked.as_ref())
        .or_else(|| same.first());
    match item {
        Some(item) => PuzzleRef::saved(item.name.clone(), item.name.clone()),
        None => PuzzleRef::saved(custom_key(game), short_title(argument)),
    }
}

/// Longest title shown for a file or game ID.
const MAX_TITLE: usize = 28;

/// A file's name without its folders, or a game ID, cut to [`MAX_TITLE`] characters.
fn short_title(argument: &str) -> String {
    let path = Path::new(argument);
    let name = match path.file_name() {
        Some(name) if on_disk(argument) => name.to_string_lossy().into_owned(),
        _ => argument.to_string(),
    };
    ellipsized(&name, MAX_TITLE)
}

/// Whether `argument` is a path that is there (one no file can be named is not asked for).
fn on_disk(argument: &str) -> bool {
    could_be_path(argument) && Path::new(argument).exists()
}

/// `custom/<game>/<Tatham ID of the clues> (<options>)`: the same puzzle from a file or an ID,
/// with the same options, shares its progress.
pub fn custom_key(game: &AnyGame) -> String {
    crate::with_game!(game, g => format!(
        "custom/{}/{} ({})",
        game.kind().id(),
        g.cleared().to_tatham_id(),
        g.options_summary()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameKind;

    #[test]
    fn pack_puzzles_keep_their_pack_name_and_others_a_key_of_their_own() {
        let tents = AnyGame::default_for(GameKind::Tents);
        let short = puzzle_ref("tents/default", &tents, None);
        assert_eq!(short.key.as_deref(), Some("tents/default-2020"));
        assert_eq!(short.title, "tents/default-2020");
        // The pack's Light Up puzzle, given by its game ID, is still the pack puzzle.
        let id = "7x7:b1f2iB2g1Bi2fBb";
        let lightup = AnyGame::from_tatham_id(id, None).unwrap();
        assert_eq!(
            puzzle_ref(id, &lightup, None).key.as_deref(),
            Some("lightup/default")
        );
        let other = "2x2:aB1a";
        let small = AnyGame::from_tatham_id(other, None).unwrap();
        let by_id = puzzle_ref(other, &small, None);
        assert_eq!(
            by_id.key.as_deref(),
            Some("custom/lightup/2x2:aB1a (no wrapping)")
        );
        assert_eq!(by_id.title, other);
        let long = "8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3";
        assert_eq!(short_title(long), "8x8:_d_oaaien_b_a,3,0,2,1,2…");
        assert_eq!(short_title("Cargo.toml"), "Cargo.toml");
        let changed = lightup.with_wrapping(true);
        let key = puzzle_ref("lightup/default", &changed, None).key.unwrap();
        // The plain Tatham ID, as before IDs could carry options: saved progress keeps its key.
        assert_eq!(key, "custom/lightup/7x7:b1f2iB2g1Bi2fBb (wrapping)");
        let by_prefix = AnyGame::from_tatham_id("lightup+wrapping:7x7:b1f2iB2g1Bi2fBb", None);
        assert_eq!(by_prefix.as_ref(), Ok(&changed));
    }
}
