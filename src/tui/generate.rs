//! New random puzzles for the browser: the request and the call to its game's generator.

use std::time::Duration;

use crate::deduce::{GenCtl, GenOptions};
use crate::game::GameKind;
use crate::games::{AnyGame, AnyGenParams, any_gen_params};

/// A puzzle to generate: size, difficulty, wrapping and the game's own parameters (which say
/// the game), and the seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenRequest {
    /// Size, difficulty, wrapping and the game's parameters.
    pub options: GenOptions<AnyGenParams>,
    /// The seed (shown to the player, so `gridpuzzles generate` can make it again).
    pub seed: u64,
}

impl GenRequest {
    /// The game to generate.
    pub fn kind(&self) -> GameKind {
        self.options.params.kind()
    }

    /// `10x10 tricky Light Up puzzle`, with `wrapping` and the game's own words when asked.
    pub fn describe(&self) -> String {
        let o = &self.options;
        let mut words = String::new();
        if o.wrapping {
            words += " wrapping";
        }
        for tag in o.params.tags() {
            words += " ";
            words += tag;
        }
        let note = o
            .params
            .note()
            .map_or_else(String::new, |note| format!(" ({note})"));
        format!(
            "{}x{} {}{words} {} puzzle{note}",
            o.rows,
            o.cols,
            o.difficulty,
            self.kind().title()
        )
    }
}

/// Runs the generator of the request's game, reporting to `ctl` and stopping once it is
/// cancelled; an error says why nothing came out.
pub fn generate(request: &GenRequest, ctl: &GenCtl) -> Result<AnyGame, String> {
    any_gen_params::generate_ctl(&request.options, request.seed, ctl).map_err(|e| e.to_string())
}

/// A seed from the loop's clock (time since start, to the nanosecond), spread by SplitMix64
/// so that nearby times give unrelated seeds.
pub fn seed_from(now: Duration) -> u64 {
    let mut z = (now.as_nanos() as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::form::NewPuzzleForm;

    #[test]
    fn seeds_differ_for_nearby_times_and_repeat_for_equal_ones() {
        let a = seed_from(Duration::from_nanos(1));
        let b = seed_from(Duration::from_nanos(2));
        assert_ne!(a, b);
        assert_eq!(a, seed_from(Duration::from_nanos(1)));
    }

    #[test]
    fn the_same_request_makes_the_same_puzzle() {
        let request = GenRequest {
            options: NewPuzzleForm {
                rows: 6,
                cols: 6,
                ..NewPuzzleForm::new(GameKind::Tents)
            }
            .options(),
            seed: 11,
        };
        let a = generate(&request, &GenCtl::new()).unwrap();
        assert_eq!(a.kind(), GameKind::Tents);
        assert_eq!(generate(&request, &GenCtl::new()).unwrap(), a);
        let too_small = GenRequest {
            options: GenOptions {
                rows: 1,
                ..request.options.clone()
            },
            ..request
        };
        assert!(
            generate(&too_small, &GenCtl::new())
                .unwrap_err()
                .starts_with("unsupported")
        );
    }

    #[test]
    fn every_game_with_a_generator_makes_its_own_puzzles() {
        for kind in GameKind::ALL {
            let request = GenRequest {
                options: NewPuzzleForm {
                    rows: 5,
                    cols: 5,
                    ..NewPuzzleForm::new(kind)
                }
                .options(),
                seed: 3,
            };
            let game = generate(&request, &GenCtl::new()).unwrap();
            assert_eq!(game.kind(), kind);
            assert_eq!(
                game.format()
                    .lines()
                    .next()
                    .unwrap()
                    .split(' ')
                    .take(2)
                    .collect::<Vec<_>>(),
                ["5", "5"]
            );
        }
    }

    #[test]
    fn requests_describe_themselves() {
        for kind in GameKind::ALL {
            let request = GenRequest {
                options: NewPuzzleForm::new(kind).options(),
                seed: 7,
            };
            assert_eq!(
                request.describe(),
                format!("10x10 easy {} puzzle", kind.title())
            );
        }
    }

    #[test]
    fn descriptions_name_wrapping_and_the_game_s_own_choice() {
        let with = |kind, steps: usize| {
            let mut form = NewPuzzleForm::new(kind).move_field(3).adjust(true);
            form = form.move_field(1);
            for _ in 0..steps {
                form = form.adjust(true);
            }
            GenRequest {
                options: form.options(),
                seed: 1,
            }
            .describe()
        };
        assert_eq!(
            with(GameKind::Tents, 1),
            "10x10 easy wrapping diagadj Tents puzzle"
        );
        assert_eq!(
            with(GameKind::LightUp, 1),
            "10x10 easy wrapping symmetric Light Up puzzle"
        );
        assert_eq!(
            with(GameKind::Mosaic, 2),
            "10x10 easy wrapping Mosaic puzzle (full-exclude)"
        );
    }
}
