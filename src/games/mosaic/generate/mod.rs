//! The Mosaic generator (docs/rules.md#solver-generator-and-hints): plant a random colouring, put a
//! clue on every square, then remove clues in random order while the remaining ones still solve the
//! puzzle with the target tier's rules (see [`reduce`] for the local test that keeps this fast);
//! keep the result if the rules of its tier solve it from scratch, those of the tier below do not,
//! and (easy and tricky puzzles) the counter finds exactly one solution.
//!
//! Solving with sound rules is itself a proof that the solution is unique, so a square no
//! clue counts (free to take either colour) can never survive: its last clue is never removed.

mod derivation;
mod random;
mod reduce;

use super::deduce::{Engine, Model};
use super::gen_params::{ClueDensity, GenParams};
use super::{MAX_CLUE, Mosaic, Neighbourhood, neighbourhood_name};
use crate::deduce::{
    Cancelled, GenCtl, GenError, Generate, Missing, Phase, Tier, listed_missing, no_puzzle_sentence,
};
use crate::game::Game;
use crate::grid::{Grid, Topology};
use reduce::Reducer;

/// What the Mosaic generator is asked for.
pub type GenOptions = crate::deduce::GenOptions<GenParams>;

/// Largest number of rows or columns the generator makes.
pub const MAX_SIDE: usize = 100;

impl Generate for Mosaic {
    type Params = GenParams;
    const DEFAULT_SIZE: (usize, usize) = (10, 10);
    const SIDES: (usize, usize) = (1, MAX_SIDE);

    /// The sizes [`NO_PUZZLE`] lists, whatever the clue density (the searches cover every set
    /// of clues).
    fn no_puzzle(options: &GenOptions) -> Option<String> {
        let nb = options.params.neighbourhood;
        if !listed_missing(NO_PUZZLE, options, nb) {
            return None;
        }
        let mut flags = Vec::new();
        if options.wrapping {
            flags.push("--wrapping".to_string());
        }
        if nb != Neighbourhood::Full {
            flags.push(format!("--neighbourhood {}", neighbourhood_name(nb)));
        }
        Some(no_puzzle_sentence("Mosaic", options, &flags, ""))
    }

    /// Keeps clues as `options.params.density` says.
    fn generate_ctl(options: &GenOptions, seed: u64, ctl: &GenCtl) -> Result<Self, GenError> {
        let density = options.params.density;
        let sides = 1..=MAX_SIDE;
        if !sides.contains(&options.rows) || !sides.contains(&options.cols) {
            return Err(GenError::Unsupported(format!(
                "mosaic sizes run from 1x1 to {MAX_SIDE}x{MAX_SIDE}, not {}x{}",
                options.rows, options.cols
            )));
        }
        let attempts = attempt_budget(options);
        for attempt in 0..attempts {
            ctl.report_attempt(attempt);
            if let Some(puzzle) = attempt_once(options, density, seed, attempt, ctl)? {
                return Ok(puzzle);
            }
        }
        Err(GenError::GaveUp {
            difficulty: options.difficulty,
            attempts,
        })
    }
}

/// Sizes and variants where no Mosaic puzzle of some difficulty exists; the neighbourhood is
/// the variant. A single square without itself in its neighbourhood has no puzzle at all (its
/// clue, 0, says nothing of it).
pub const NO_PUZZLE: &[Missing<Neighbourhood>] = {
    use Neighbourhood::{Full as F, FullExclude as FX, Ortho as O, OrthoExclude as OX};
    const ALL: &[Tier] = &Tier::ALL;
    const TH: &[Tier] = &[Tier::Tricky, Tier::Hard];
    const T: &[Tier] = &[Tier::Tricky];
    const H: &[Tier] = &[Tier::Hard];
    &[
        Missing::new(1, 1, false, F, TH),
        Missing::new(1, 1, false, O, TH),
        Missing::new(1, 1, false, FX, ALL),
        Missing::new(1, 1, false, OX, ALL),
        Missing::new(1, 1, true, F, TH),
        Missing::new(1, 1, true, O, TH),
        Missing::new(1, 1, true, FX, TH),
        Missing::new(1, 1, true, OX, TH),
        Missing::new(1, 2, false, F, TH),
        Missing::new(1, 2, false, O, TH),
        Missing::new(1, 2, false, FX, TH),
        Missing::new(1, 2, false, OX, TH),
        Missing::new(1, 2, true, F, TH),
        Missing::new(1, 2, true, O, TH),
        Missing::new(1, 2, true, FX, TH),
        Missing::new(1, 2, true, OX, TH),
        Missing::new(1, 3, false, F, H),
        Missing::new(1, 3, false, O, H),
        Missing::new(1, 3, false, FX, TH),
        Missing::new(1, 3, false, OX, TH),
        Missing::new(1, 3, true, F, TH),
        Missing::new(1, 3, true, O, TH),
        Missing::new(1, 3, true, FX, T),
        Missing::new(1, 3, true, OX, TH),
        Missing::new(1, 4, false, F, H),
        Missing::new(1, 4, false, O, H),
        Missing::new(1, 4, false, FX, TH),
        Missing::new(1, 4, false, OX, TH),
        Missing::new(1, 4, true, F, T),
        Missing::new(1, 4, true, O, TH),
        Missing::new(1, 4, true, FX, T),
        Missing::new(1, 4, true, OX, TH),
        Missing::new(1, 5, false, F, H),
        Missing::new(1, 5, false, O, H),
        Missing::new(1, 5, false, FX, TH),
        Missing::new(1, 5, false, OX, TH),
        Missing::new(1, 5, true, F, T),
        Missing::new(1, 5, true, O, TH),
        Missing::new(1, 5, true, FX, T),
        Missing::new(1, 5, true, OX, TH),
        Missing::new(1, 6, false, F, H),
        Missing::new(1, 6, false, O, H),
        Missing::new(1, 6, false, FX, TH),
        Missing::new(1, 6, false, OX, TH),
        Missing::new(1, 6, true, F, T),
        Missing::new(1, 6, true, O, TH),
        Missing::new(1, 6, true, FX, T),
        Missing::new(1, 6, true, OX, TH),
        Missing::new(2, 2, false, F, TH),
        Missing::new(2, 2, false, OX, TH),
        Missing::new(2, 2, true, F, T),
        Missing::new(2, 2, true, O, T),
        Missing::new(2, 2, true, FX, TH),
        Missing::new(2, 2, true, OX, TH),
        Missing::new(2, 3, false, F, H),
        Missing::new(2, 3, false, OX, H),
        Missing::new(2, 3, true, F, T),
        Missing::new(2, 3, true, O, T),
        Missing::new(2, 3, true, FX, T),
        Missing::new(2, 3, true, OX, TH),
        Missing::new(2, 4, false, F, H),
        Missing::new(2, 4, false, OX, H),
        Missing::new(2, 4, true, F, T),
        Missing::new(2, 4, true, O, T),
        Missing::new(2, 4, true, FX, T),
        Missing::new(2, 4, true, OX, TH),
        Missing::new(3, 3, true, F, TH),
    ]
};

/// Small grids fail quickly and some sizes cannot reach every tier: many cheap attempts there,
/// fewer on large grids where one attempt nearly always succeeds.
fn attempt_budget(options: &GenOptions) -> u32 {
    match options.rows * options.cols {
        0..=100 => 200,
        101..=2_500 => 40,
        _ => 10,
    }
}

fn attempt_once(
    options: &GenOptions,
    density: ClueDensity,
    seed: u64,
    attempt: u32,
    ctl: &GenCtl,
) -> Result<Option<Mosaic>, Cancelled> {
    ctl.check()?;
    ctl.report(Phase::Planting, 0.0);
    let topology = Topology::new(options.rows, options.cols, options.wrapping);
    let mut rng = random::stream(seed, attempt);
    let black = random::coin_flips(&mut rng, topology.len());
    let model = Model::everywhere(topology, options.params.neighbourhood, &black);
    if model.target.iter().any(|&t| t > i32::from(MAX_CLUE)) {
        // Tiny wrapped grids count some squares several times.
        return Ok(None);
    }
    let tier = options.difficulty;
    let Some(mut reducer) = Reducer::new(&model, &black, tier) else {
        return Ok(None);
    };
    let keep = match density {
        ClueDensity::Minimal => 0,
        ClueDensity::Percent(p) => topology.len() * usize::from(p.min(100)) / 100,
    };
    let mut left = topology.len();
    let order = random::permutation(&mut rng, model.clues());
    for (i, &x) in order.iter().enumerate() {
        if left <= keep {
            break;
        }
        ctl.check()?;
        ctl.report(
            Phase::Removing,
            i as f64 / order.len().max(1) as f64 * REMOVED_AT,
        );
        if reducer.try_remove(x) {
            left -= 1;
        }
    }
    let present = reducer.present;
    ctl.check()?;
    ctl.report(Phase::Checking, REMOVED_AT);
    // The grade, from scratch: solved at the tier (a proof of uniqueness), not below it.
    if !solves(&model, &present, tier) || below(tier).is_some_and(|t| solves(&model, &present, t)) {
        return Ok(None);
    }
    let puzzle = puzzle(&model, &present, options);
    ctl.check()?;
    // The counter agrees at once when the easy and tricky rules solve the puzzle; for hard
    // puzzles its search can take minutes, and the proof above already shows uniqueness.
    if tier < Tier::Hard && puzzle.count(Some(2)) != 1u32.into() {
        return Ok(None);
    }
    Ok(Some(puzzle))
}

/// Where the progress bar stands when clue removal ends and the final checks start.
const REMOVED_AT: f64 = 0.9;

/// The tier just below, if any.
fn below(tier: Tier) -> Option<Tier> {
    match tier {
        Tier::Easy => None,
        Tier::Tricky => Some(Tier::Easy),
        Tier::Hard => Some(Tier::Tricky),
    }
}

/// Whether the `present` clues solve every square with the rules up to `tier`.
fn solves(model: &Model, present: &[bool], tier: Tier) -> bool {
    let mut e = Engine::new(model);
    for (c, _) in present.iter().enumerate().filter(|(_, p)| **p) {
        e.activate(c as u32);
    }
    e.close(tier).is_ok() && e.solved()
}

/// The puzzle with the `present` clues, every square empty.
fn puzzle(model: &Model, present: &[bool], options: &GenOptions) -> Mosaic {
    let cells = (0..model.clues())
        .map(|c| present[c].then(|| model.target[c] as u8))
        .collect();
    let clues = Grid::from_cells(model.topology, cells)
        .unwrap_or_else(|| unreachable!("one clue per square"));
    Mosaic::new(clues, options.params.neighbourhood)
        .unwrap_or_else(|e| unreachable!("clues were checked against MAX_CLUE: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduce::gen_ctl::assert_cancels_promptly;

    #[test]
    fn a_cancel_returns_within_a_few_checks_at_any_point_of_the_job() {
        for difficulty in [Tier::Tricky, Tier::Hard] {
            let options = GenOptions {
                rows: 14,
                cols: 14,
                difficulty,
                wrapping: false,
                params: GenParams::default(),
            };
            assert_cancels_promptly(|ctl| Mosaic::generate_ctl(&options, 5, ctl), 20);
        }
    }
}
