//! The "new random puzzle" form: size, difficulty, wrapping, the game's own parameters (its
//! [`GenParams`](crate::deduce::GenParams) line: Tents' diagonal touching, Light Up's symmetric
//! walls, Mosaic's neighbourhood) and the seed, changed with the arrow keys; sizes and the seed
//! also take typed digits.

use crate::deduce::gen_params::{step_through, yes_no};
use crate::deduce::{GenOptions, Tier};
use crate::game::GameKind;
use crate::games::AnyGenParams;

/// The fewest and the most rows (and columns) `kind`'s generator makes: the form's bounds.
pub fn sides(kind: GameKind) -> (usize, usize) {
    crate::with_kind!(kind, G => <G as crate::deduce::Generate>::SIDES)
}

/// A line of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FormField {
    /// Number of rows.
    Rows,
    /// Number of columns.
    Cols,
    /// Target difficulty.
    Difficulty,
    /// Toric grid or not.
    Wrapping,
    /// The game's own parameters: diagadj, symmetric walls or the neighbourhood.
    Variant,
    /// The generator's seed (none: from the clock).
    Seed,
}

impl FormField {
    /// Every field, top to bottom.
    pub const ALL: [FormField; 6] = [
        FormField::Rows,
        FormField::Cols,
        FormField::Difficulty,
        FormField::Wrapping,
        FormField::Variant,
        FormField::Seed,
    ];

    /// The field's label in the form for `kind`.
    pub fn label(self, kind: GameKind) -> &'static str {
        match self {
            FormField::Rows => "rows",
            FormField::Cols => "columns",
            FormField::Difficulty => "difficulty",
            FormField::Wrapping => "wrapping",
            FormField::Variant => AnyGenParams::default_for(kind).label(),
            FormField::Seed => "seed",
        }
    }
}

/// Every game's own parameters as the form last had them, so that switching games keeps each
/// game's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EachGameParams([AnyGenParams; GameKind::ALL.len()]);

impl EachGameParams {
    /// Every game's defaults.
    pub fn new() -> EachGameParams {
        EachGameParams(GameKind::ALL.map(AnyGenParams::default_for))
    }

    /// Game `kind`'s parameters.
    pub fn of(&self, kind: GameKind) -> AnyGenParams {
        self.0[slot(kind)]
    }

    /// These with `params` as their game's.
    pub fn with(self, params: AnyGenParams) -> EachGameParams {
        let mut each = self;
        each.0[slot(params.kind())] = params;
        each
    }
}

impl Default for EachGameParams {
    fn default() -> Self {
        EachGameParams::new()
    }
}

/// Where `kind` is in [`GameKind::ALL`] (the list's order, which is also the enum's).
fn slot(kind: GameKind) -> usize {
    kind as usize
}

/// What the player chose so far, and the field being changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NewPuzzleForm {
    /// The game to generate.
    pub kind: GameKind,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Target difficulty.
    pub difficulty: Tier,
    /// Toric grid.
    pub wrapping: bool,
    /// Each game's own parameters; the form shows and changes `kind`'s.
    pub params: EachGameParams,
    /// The seed typed (none: from the clock).
    pub seed: Option<u64>,
    /// The field the arrow keys change.
    pub field: FormField,
    /// Digits were typed into the field since it was selected (the first digit replaces the
    /// value, the next ones extend it).
    pub typed: bool,
}

impl NewPuzzleForm {
    /// A 10x10 easy puzzle without wrapping or variant, the rows field selected.
    pub fn new(kind: GameKind) -> NewPuzzleForm {
        NewPuzzleForm {
            kind,
            rows: 10,
            cols: 10,
            difficulty: Tier::Easy,
            wrapping: false,
            params: EachGameParams::new(),
            seed: None,
            field: FormField::Rows,
            typed: false,
        }
    }

    /// The form with the field `steps` lines down (negative: up), stopping at the ends.
    pub fn move_field(self, steps: isize) -> NewPuzzleForm {
        let at = FormField::ALL
            .iter()
            .position(|&f| f == self.field)
            .unwrap_or(0);
        let to = (at as isize + steps).clamp(0, FormField::ALL.len() as isize - 1) as usize;
        NewPuzzleForm {
            field: FormField::ALL[to],
            typed: false,
            ..self.within_bounds()
        }
    }

    /// The form with its sizes brought within the game's bounds (typing may leave them out).
    pub fn within_bounds(self) -> NewPuzzleForm {
        let (min, max) = sides(self.kind);
        NewPuzzleForm {
            rows: self.rows.clamp(min, max),
            cols: self.cols.clamp(min, max),
            ..self
        }
    }

    /// The form with `digit` typed into the selected field: the first digit replaces a size,
    /// the next ones extend it up to the game's largest side; the seed takes up to 20 digits.
    /// Other fields ignore digits.
    pub fn type_digit(self, digit: char) -> NewPuzzleForm {
        let Some(d) = digit.to_digit(10).map(u64::from) else {
            return self;
        };
        let (_, max) = sides(self.kind);
        let extend = |v: usize| {
            let next = if self.typed {
                v * 10 + d as usize
            } else {
                d as usize
            };
            // A digit that would pass the largest side is not taken.
            if next > max { v } else { next }
        };
        let typed = NewPuzzleForm {
            typed: true,
            ..self
        };
        match self.field {
            FormField::Rows => NewPuzzleForm {
                rows: extend(self.rows),
                ..typed
            },
            FormField::Cols => NewPuzzleForm {
                cols: extend(self.cols),
                ..typed
            },
            FormField::Seed => {
                let seed = match self.seed {
                    Some(s) if self.typed => s.checked_mul(10).and_then(|s| s.checked_add(d)),
                    _ => Some(d),
                };
                NewPuzzleForm {
                    seed: seed.or(self.seed),
                    ..typed
                }
            }
            FormField::Difficulty | FormField::Wrapping | FormField::Variant => self,
        }
    }

    /// The form with the selected field's last digit erased (a size keeps at least one digit;
    /// the seed's last digit leaves it empty: from the clock).
    pub fn erase(self) -> NewPuzzleForm {
        let typed = NewPuzzleForm {
            typed: true,
            ..self
        };
        match self.field {
            FormField::Rows => NewPuzzleForm {
                rows: self.rows / 10,
                ..typed
            },
            FormField::Cols => NewPuzzleForm {
                cols: self.cols / 10,
                ..typed
            },
            FormField::Seed => NewPuzzleForm {
                seed: self.seed.map(|s| s / 10).filter(|&s| s != 0),
                ..typed
            },
            FormField::Difficulty | FormField::Wrapping | FormField::Variant => self,
        }
    }

    /// The form with the selected field's value one step up (`up`) or down.
    pub fn adjust(mut self, up: bool) -> NewPuzzleForm {
        let (min, max) = sides(self.kind);
        let side = |v: usize| {
            if up {
                (v + 1).clamp(min, max)
            } else {
                v.saturating_sub(1).clamp(min, max)
            }
        };
        self.typed = false;
        match self.field {
            FormField::Rows => NewPuzzleForm {
                rows: side(self.rows),
                ..self
            },
            FormField::Cols => NewPuzzleForm {
                cols: side(self.cols),
                ..self
            },
            FormField::Difficulty => NewPuzzleForm {
                difficulty: step_through(&Tier::ALL, self.difficulty, up),
                ..self
            },
            FormField::Wrapping => NewPuzzleForm {
                wrapping: !self.wrapping,
                ..self
            },
            FormField::Variant => NewPuzzleForm {
                params: self.params.with(self.own().step(up)),
                ..self
            },
            FormField::Seed => NewPuzzleForm {
                seed: match (self.seed, up) {
                    (None, true) => Some(1),
                    (None, false) => None,
                    (Some(s), true) => Some(s.saturating_add(1)),
                    (Some(s), false) => s.checked_sub(1).filter(|&s| s != 0),
                },
                ..self
            },
        }
    }

    /// The value shown for `field`.
    pub fn value(&self, field: FormField) -> String {
        match field {
            FormField::Rows => self.rows.to_string(),
            FormField::Cols => self.cols.to_string(),
            FormField::Difficulty => self.difficulty.id().to_string(),
            FormField::Wrapping => yes_no(self.wrapping),
            FormField::Variant => self.own().value(),
            FormField::Seed => self
                .seed
                .map_or_else(|| "from the clock".to_string(), |s| s.to_string()),
        }
    }

    /// The generator's options for this form.
    pub fn options(&self) -> GenOptions<AnyGenParams> {
        let bounded = self.within_bounds();
        GenOptions {
            rows: bounded.rows,
            cols: bounded.cols,
            difficulty: self.difficulty,
            wrapping: self.wrapping,
            params: self.own(),
        }
    }

    /// The parameters of the form's game.
    fn own(&self) -> AnyGenParams {
        self.params.of(self.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_walk_the_fields_and_change_values_within_bounds() {
        let f = NewPuzzleForm::new(GameKind::Tents);
        assert_eq!(f.move_field(-1).field, FormField::Rows);
        assert_eq!(f.move_field(2).field, FormField::Difficulty);
        assert_eq!(f.move_field(3).field, FormField::Wrapping);
        assert_eq!(f.move_field(4).field, FormField::Variant);
        assert_eq!(f.move_field(9).field, FormField::Seed);
        let f = f.adjust(true).adjust(true);
        assert_eq!((f.rows, f.cols), (12, 10));
        let mut small = f;
        for _ in 0..40 {
            small = small.adjust(false);
        }
        assert_eq!(small.rows, sides(GameKind::Tents).0);
        let d = f.move_field(2);
        assert_eq!(d.adjust(false).difficulty, Tier::Easy);
        assert_eq!(
            d.adjust(true).adjust(true).adjust(true).difficulty,
            Tier::Hard
        );
        let w = f.move_field(3).adjust(true);
        assert!(w.wrapping);
        assert_eq!(w.value(FormField::Wrapping), "yes");
        assert!(!w.adjust(false).wrapping);
    }

    #[test]
    fn options_follow_the_form() {
        let f = NewPuzzleForm {
            rows: 7,
            cols: 9,
            difficulty: Tier::Tricky,
            wrapping: true,
            ..NewPuzzleForm::new(GameKind::Mosaic)
        };
        let o = f.options();
        assert_eq!(
            (o.rows, o.cols, o.difficulty, o.wrapping),
            (7, 9, Tier::Tricky, true)
        );
    }

    #[test]
    fn the_variant_field_is_each_game_s_own() {
        use crate::games::mosaic::{self, Neighbourhood};
        use crate::games::{lightup, tents};
        let variant = |kind| NewPuzzleForm::new(kind).move_field(4);
        let tents = variant(GameKind::Tents).adjust(true);
        assert_eq!(FormField::Variant.label(GameKind::Tents), "diagonal");
        assert_eq!(tents.value(FormField::Variant), "yes");
        assert_eq!(
            tents.options().params,
            AnyGenParams::Tents(tents::GenParams { diagadj: true })
        );
        let light = variant(GameKind::LightUp).adjust(true);
        assert_eq!(light.value(FormField::Variant), "yes");
        assert_eq!(
            light.options().params,
            AnyGenParams::LightUp(lightup::GenParams { symmetric: true })
        );
        let mosaic = variant(GameKind::Mosaic);
        assert_eq!(mosaic.value(FormField::Variant), "full");
        let names: Vec<String> = (0..4)
            .scan(mosaic, |f, _| {
                *f = f.adjust(true);
                Some(f.value(FormField::Variant))
            })
            .collect();
        assert_eq!(
            names,
            ["ortho", "full-exclude", "ortho-exclude", "ortho-exclude"]
        );
        let back = mosaic.adjust(true).adjust(true).adjust(false);
        assert_eq!(
            back.options().params,
            AnyGenParams::Mosaic(mosaic::GenParams {
                neighbourhood: Neighbourhood::Ortho,
                ..Default::default()
            })
        );
        // A variant chosen for one game never leaks into another's options, and comes back
        // with its game.
        let switched = NewPuzzleForm {
            kind: GameKind::Mosaic,
            ..tents
        };
        assert_eq!(
            switched.options().params,
            AnyGenParams::default_for(GameKind::Mosaic)
        );
        let again = NewPuzzleForm {
            kind: GameKind::Tents,
            ..switched
        };
        assert_eq!(again.value(FormField::Variant), "yes");
    }
}
