//! New random puzzles for the browser: which games have a generator, and the call to it.

use std::time::Duration;

use crate::deduce::{GenOptions, Generate};
use crate::game::GameKind;
use crate::games::AnyGame;
use crate::games::any::IntoAny;
use crate::games::mosaic::Neighbourhood;
use crate::games::mosaic::neighbourhood_name;

/// A puzzle to generate: the game, the generator's options and the seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenRequest {
    /// The game.
    pub kind: GameKind,
    /// Size, difficulty and options.
    pub options: GenOptions,
    /// The seed (shown to the player, so `gridpuzzles generate` can make it again).
    pub seed: u64,
}

impl GenRequest {
    /// `10x10 tricky Light Up puzzle`, with `wrapping` and the variant when asked.
    pub fn describe(&self) -> String {
        let o = &self.options;
        let mut words = String::new();
        if o.wrapping {
            words += " wrapping";
        }
        if o.diagadj {
            words += " diagadj";
        }
        if o.symmetric {
            words += " symmetric";
        }
        let neighbourhood = match o.neighbourhood {
            Neighbourhood::Full => String::new(),
            other => format!(" ({})", neighbourhood_name(other)),
        };
        format!(
            "{}x{} {}{words} {} puzzle{neighbourhood}",
            o.rows,
            o.cols,
            o.difficulty,
            self.kind.title()
        )
    }
}

/// Runs the generator of the request's game; an error says why nothing came out.
pub fn generate(request: &GenRequest) -> Result<AnyGame, String> {
    crate::with_kind!(request.kind, G => run::<G>(request))
}

fn run<G: Generate + IntoAny>(request: &GenRequest) -> Result<AnyGame, String> {
    G::generate(&request.options, request.seed)
        .map(IntoAny::into_any)
        .map_err(|e| e.to_string())
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
            kind: GameKind::Tents,
            options: NewPuzzleForm {
                rows: 6,
                cols: 6,
                ..NewPuzzleForm::new(GameKind::Tents)
            }
            .options(),
            seed: 11,
        };
        let a = generate(&request).unwrap();
        assert_eq!(a.kind(), GameKind::Tents);
        assert_eq!(generate(&request).unwrap(), a);
        let too_small = GenRequest {
            options: GenOptions {
                rows: 1,
                ..request.options.clone()
            },
            ..request
        };
        assert!(generate(&too_small).unwrap_err().starts_with("unsupported"));
    }

    #[test]
    fn every_game_with_a_generator_makes_its_own_puzzles() {
        for kind in GameKind::ALL {
            let request = GenRequest {
                kind,
                options: NewPuzzleForm {
                    rows: 5,
                    cols: 5,
                    ..NewPuzzleForm::new(kind)
                }
                .options(),
                seed: 3,
            };
            let game = generate(&request).unwrap();
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
                kind,
                options: NewPuzzleForm::new(kind).options(),
                seed: 7,
            };
            assert_eq!(
                request.describe(),
                format!("10x10 easy {} puzzle", kind.title())
            );
        }
    }
}
