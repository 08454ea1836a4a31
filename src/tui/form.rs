//! The "new random puzzle" form: size, difficulty and wrapping, changed with the arrow keys.

use crate::deduce::{GenOptions, Tier};
use crate::game::{GameKind, Neighbourhood};

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
}

impl FormField {
    /// Every field, top to bottom.
    pub const ALL: [FormField; 4] = [
        FormField::Rows,
        FormField::Cols,
        FormField::Difficulty,
        FormField::Wrapping,
    ];

    /// The field's label.
    pub fn label(self) -> &'static str {
        match self {
            FormField::Rows => "rows",
            FormField::Cols => "columns",
            FormField::Difficulty => "difficulty",
            FormField::Wrapping => "wrapping",
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
    /// The field the arrow keys change.
    pub field: FormField,
}

impl NewPuzzleForm {
    /// A 10x10 easy puzzle without wrapping, the rows field selected.
    pub fn new(kind: GameKind) -> NewPuzzleForm {
        NewPuzzleForm {
            kind,
            rows: 10,
            cols: 10,
            difficulty: Tier::Easy,
            wrapping: false,
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
        }
    }

    /// The value shown for `field`.
    pub fn value(&self, field: FormField) -> String {
        match field {
            FormField::Rows => self.rows.to_string(),
            FormField::Cols => self.cols.to_string(),
            FormField::Difficulty => self.difficulty.id().to_string(),
            FormField::Wrapping => if self.wrapping { "yes" } else { "no" }.to_string(),
        }
    }

    /// The generator's options for this form.
    pub fn options(&self) -> GenOptions {
        GenOptions {
            rows: self.rows,
            cols: self.cols,
            difficulty: self.difficulty,
            wrapping: self.wrapping,
            diagadj: false,
            symmetric: false,
            neighbourhood: Neighbourhood::Full,
        }
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
        assert_eq!(f.move_field(9).field, FormField::Wrapping);
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
}
