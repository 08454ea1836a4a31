//! The "new random puzzle" form: size, difficulty, wrapping and the game's own variant (Tents:
//! diagonal touching, Light Up: symmetric walls, Mosaic: neighbourhood), changed with the
//! arrow keys.

use crate::deduce::{GenOptions, Tier};
use crate::game::GameKind;
use crate::games::mosaic::Neighbourhood;
use crate::games::mosaic::neighbourhood_name;

/// Smallest side the form offers.
pub const MIN_SIDE: usize = 4;
/// Largest side the form offers.
pub const MAX_SIDE: usize = 30;

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
    /// The game's own variant: diagadj, symmetric walls or the neighbourhood.
    Variant,
}

impl FormField {
    /// Every field, top to bottom.
    pub const ALL: [FormField; 5] = [
        FormField::Rows,
        FormField::Cols,
        FormField::Difficulty,
        FormField::Wrapping,
        FormField::Variant,
    ];

    /// The field's label in the form for `kind`.
    pub fn label(self, kind: GameKind) -> &'static str {
        match self {
            FormField::Rows => "rows",
            FormField::Cols => "columns",
            FormField::Difficulty => "difficulty",
            FormField::Wrapping => "wrapping",
            FormField::Variant => match kind {
                GameKind::Tents => "diagonal",
                GameKind::LightUp => "symmetric",
                GameKind::Mosaic => "counts",
            },
        }
    }
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
    /// Tents: tents may touch diagonally.
    pub diagadj: bool,
    /// Light Up: walls symmetric under a half turn.
    pub symmetric: bool,
    /// Mosaic: the squares a clue counts.
    pub neighbourhood: Neighbourhood,
    /// The field the arrow keys change.
    pub field: FormField,
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
            diagadj: false,
            symmetric: false,
            neighbourhood: Neighbourhood::Full,
            field: FormField::Rows,
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
            ..self
        }
    }

    /// The form with the selected field's value one step up (`up`) or down.
    pub fn adjust(self, up: bool) -> NewPuzzleForm {
        let side = |v: usize| {
            if up {
                (v + 1).min(MAX_SIDE)
            } else {
                v.saturating_sub(1).max(MIN_SIDE)
            }
        };
        match self.field {
            FormField::Rows => NewPuzzleForm {
                rows: side(self.rows),
                ..self
            },
            FormField::Cols => NewPuzzleForm {
                cols: side(self.cols),
                ..self
            },
            FormField::Difficulty => {
                let at = Tier::ALL
                    .iter()
                    .position(|&t| t == self.difficulty)
                    .unwrap_or(0);
                let to = if up {
                    (at + 1).min(Tier::ALL.len() - 1)
                } else {
                    at.saturating_sub(1)
                };
                NewPuzzleForm {
                    difficulty: Tier::ALL[to],
                    ..self
                }
            }
            FormField::Wrapping => NewPuzzleForm {
                wrapping: !self.wrapping,
                ..self
            },
            FormField::Variant => match self.kind {
                GameKind::Tents => NewPuzzleForm {
                    diagadj: !self.diagadj,
                    ..self
                },
                GameKind::LightUp => NewPuzzleForm {
                    symmetric: !self.symmetric,
                    ..self
                },
                GameKind::Mosaic => {
                    let all = Neighbourhood::ALL;
                    let at = all
                        .iter()
                        .position(|&n| n == self.neighbourhood)
                        .unwrap_or(0);
                    let to = if up {
                        (at + 1).min(all.len() - 1)
                    } else {
                        at.saturating_sub(1)
                    };
                    NewPuzzleForm {
                        neighbourhood: all[to],
                        ..self
                    }
                }
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
            FormField::Variant => match self.kind {
                GameKind::Tents => yes_no(self.diagadj),
                GameKind::LightUp => yes_no(self.symmetric),
                GameKind::Mosaic => neighbourhood_name(self.neighbourhood).to_string(),
            },
        }
    }

    /// The generator's options for this form.
    pub fn options(&self) -> GenOptions {
        GenOptions {
            rows: self.rows,
            cols: self.cols,
            difficulty: self.difficulty,
            wrapping: self.wrapping,
            diagadj: self.kind == GameKind::Tents && self.diagadj,
            symmetric: self.kind == GameKind::LightUp && self.symmetric,
            neighbourhood: if self.kind == GameKind::Mosaic {
                self.neighbourhood
            } else {
                Neighbourhood::Full
            },
        }
    }
}

fn yes_no(on: bool) -> String {
    if on { "yes" } else { "no" }.to_string()
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
        assert_eq!(f.move_field(9).field, FormField::Variant);
        let f = f.adjust(true).adjust(true);
        assert_eq!((f.rows, f.cols), (12, 10));
        let mut small = f;
        for _ in 0..40 {
            small = small.adjust(false);
        }
        assert_eq!(small.rows, MIN_SIDE);
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
        let variant = |kind| NewPuzzleForm::new(kind).move_field(4);
        let tents = variant(GameKind::Tents).adjust(true);
        assert_eq!(FormField::Variant.label(GameKind::Tents), "diagonal");
        assert_eq!(tents.value(FormField::Variant), "yes");
        assert!(tents.options().diagadj && !tents.options().symmetric);
        let light = variant(GameKind::LightUp).adjust(true);
        assert_eq!(light.value(FormField::Variant), "yes");
        assert!(light.options().symmetric && !light.options().diagadj);
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
        assert_eq!(back.options().neighbourhood, Neighbourhood::Ortho);
        // A variant chosen for one game never leaks into another's options.
        let switched = NewPuzzleForm {
            kind: GameKind::Mosaic,
            ..tents
        };
        assert!(!switched.options().diagadj);
    }
}
