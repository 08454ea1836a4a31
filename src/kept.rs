//! Puzzles made by the player's new-puzzle form, kept in the data folder like pack puzzles:
//! their names (`random/tents-30x30-hard-<seed>`), the record of how they were made, and
//! reading them back. The puzzle's clues are kept in its progress file, so opening it again
//! never runs the generator (whose output for a seed may change between versions).

use crate::deduce::GenOptions;
use crate::game::GameKind;
use crate::games::{AnyGame, AnyGenParams};
use crate::progress::{Made, Store, Timestamp};

/// What every kept puzzle's name starts with.
pub const PREFIX: &str = "random/";

/// Whether `name` is the name of a puzzle made by the form.
pub fn is_kept(name: &str) -> bool {
    name.starts_with(PREFIX)
}

/// The words for a request's options besides size and difficulty: `wrapping`, then the game's
/// own (`diagadj`, `symmetric`, `ortho`).
fn variant_words(options: &GenOptions<AnyGenParams>) -> Vec<String> {
    let params = &options.params;
    let own = params.tags().into_iter().chain(params.note());
    own.map(str::to_string).collect()
}

/// The name a puzzle made with `options` and `seed` is kept under:
/// `random/<game>-<rows>x<cols>-<difficulty>[-wrapping][-<variant>…]-<seed>`. Different
/// requests get different names, so no puzzle overwrites another's progress.
pub fn name(options: &GenOptions<AnyGenParams>, seed: u64) -> String {
    let mut words = vec![
        options.params.kind().id().to_string(),
        format!("{}x{}", options.rows, options.cols),
        options.difficulty.id().to_string(),
    ];
    if options.wrapping {
        words.push("wrapping".to_string());
    }
    words.extend(variant_words(options));
    words.push(seed.to_string());
    format!("{PREFIX}{}", words.join("-"))
}

/// The record of how `puzzle` was made with `options` and `seed`, stamped when it is saved.
pub fn made(options: &GenOptions<AnyGenParams>, seed: u64, puzzle: &AnyGame) -> Made {
    Made {
        puzzle: puzzle.format(),
        game: options.params.kind().id().to_string(),
        rows: options.rows,
        cols: options.cols,
        difficulty: options.difficulty.id().to_string(),
        wrapping: options.wrapping,
        variant: variant_words(options),
        seed,
        made_at: Timestamp(0),
    }
}

/// The command that makes the same puzzle again.
pub fn generate_command(made: &Made) -> String {
    let mut command = format!(
        "gridpuzzles generate {} --size {}x{} --difficulty {} --seed {}",
        made.game, made.rows, made.cols, made.difficulty, made.seed
    );
    if made.wrapping {
        command += " --wrapping";
    }
    for word in &made.variant {
        command += &match word.as_str() {
            "diagadj" | "symmetric" => format!(" --{word}"),
            other => format!(" --neighbourhood {other}"),
        };
    }
    command
}

/// The puzzle a record holds, read in its game's format.
pub fn puzzle(made: &Made) -> Result<AnyGame, String> {
    let kind = GameKind::from_id(&made.game)
        .ok_or_else(|| format!("made by an unknown game `{}`", made.game))?;
    AnyGame::parse(&made.puzzle, Some(kind)).map_err(|e| format!("kept puzzle: {e}"))
}

/// The kept puzzle `name` from the data folder, or why it cannot be had.
pub fn load(store: &Store, name: &str) -> Result<(AnyGame, Made), String> {
    match store.made(name) {
        Ok(Some(made)) => Ok((puzzle(&made)?, made)),
        Ok(None) => Err(format!(
            "{}: no puzzle of that name was made here (see `gridpuzzles list`)",
            crate::puzzle_arg::shown(name)
        )),
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduce::Tier;
    use crate::games::{lightup, mosaic, tents};

    fn options(params: AnyGenParams, wrapping: bool) -> GenOptions<AnyGenParams> {
        GenOptions {
            rows: 30,
            cols: 20,
            difficulty: Tier::Hard,
            wrapping,
            params,
        }
    }

    #[test]
    fn names_say_game_size_difficulty_options_and_seed() {
        let plain = options(AnyGenParams::default_for(GameKind::Tents), false);
        assert_eq!(name(&plain, 77), "random/tents-30x20-hard-77");
        let diagadj = AnyGenParams::Tents(tents::GenParams { diagadj: true });
        assert_eq!(
            name(&options(diagadj, true), 5),
            "random/tents-30x20-hard-wrapping-diagadj-5"
        );
        let symmetric = AnyGenParams::LightUp(lightup::GenParams { symmetric: true });
        assert_eq!(
            name(&options(symmetric, false), 1),
            "random/lightup-30x20-hard-symmetric-1"
        );
        let ortho = AnyGenParams::Mosaic(mosaic::GenParams {
            neighbourhood: mosaic::Neighbourhood::Ortho,
            ..Default::default()
        });
        assert_eq!(
            name(&options(ortho, false), 2),
            "random/mosaic-30x20-hard-ortho-2"
        );
        assert!(is_kept(&name(&plain, 1)));
        assert!(!is_kept("tents/default-2020"));
    }

    #[test]
    fn a_record_gives_back_its_puzzle_and_the_command_that_makes_it() {
        let ortho = AnyGenParams::Mosaic(mosaic::GenParams {
            neighbourhood: mosaic::Neighbourhood::Ortho,
            ..Default::default()
        });
        let o = GenOptions {
            rows: 5,
            cols: 5,
            difficulty: Tier::Easy,
            ..options(ortho, true)
        };
        let game = crate::games::any_gen_params::generate(&o, 9).unwrap();
        let record = made(&o, 9, &game);
        assert_eq!(puzzle(&record).unwrap(), game);
        assert_eq!(
            generate_command(&record),
            "gridpuzzles generate mosaic --size 5x5 --difficulty easy --seed 9 --wrapping \
             --neighbourhood ortho"
        );
        let unknown = Made {
            game: "sudoku".into(),
            ..record
        };
        assert!(puzzle(&unknown).unwrap_err().contains("unknown game"));
    }
}
