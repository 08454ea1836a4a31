//! The semantic roles a theme gives a style to: named by meaning, not by widget.

use std::fmt;

/// Declares `Role` with its TOML key and one-line meaning, keeping the three in one place.
macro_rules! roles {
    ($($variant:ident => $key:literal, $doc:literal;)*) => {
        /// A semantic role of the interface; every theme has a style for each one.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Role {
            $(#[doc = $doc] $variant,)*
        }

        impl Role {
            /// Every role, in the order theme files list them.
            pub const ALL: &'static [Role] = &[$(Role::$variant),*];

            /// The key naming this role in a theme file (snake_case).
            pub fn key(self) -> &'static str {
                match self {
                    $(Role::$variant => $key,)*
                }
            }

            /// The role a theme-file key names, if any (exact snake_case match).
            pub fn from_key(key: &str) -> Option<Role> {
                match key {
                    $($key => Some(Role::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

roles! {
    Background => "background", "The whole screen behind everything else.";
    Text => "text", "Ordinary text: labels, help, history entries.";
    Dim => "dim", "Secondary text: hints in the key bar, comments.";
    Grid => "grid", "Board frame, panel borders and separators.";
    Cursor => "cursor", "The cursor: over the first column of a square (all of a wide glyph), the cursor's ruler indices; needs a modifier.";
    Error => "error", "A square or clue the game marks as breaking a rule (needs a modifier).";
    Satisfied => "satisfied", "A clue whose count is met exactly.";
    Unsatisfied => "unsatisfied", "A clue whose count is not reached yet.";
    Exceeded => "exceeded", "A clue whose count is exceeded.";
    Clue => "clue", "Clue numbers: Tents row/column counts, Mosaic clues.";
    Lit => "lit", "Light Up: an empty square lit by a bulb.";
    Tree => "tree", "Tents: a tree.";
    Tent => "tent", "Tents: a tent.";
    Grass => "grass", "Tents: a square marked as grass.";
    Empty => "empty", "An empty board square (the base every square is layered on).";
    Bulb => "bulb", "Light Up: a bulb.";
    Mark => "mark", "Light Up: a square marked as having no bulb.";
    Wall => "wall", "Light Up: a wall without a number.";
    WallNumber => "wall_number", "Light Up: a wall with a number.";
    Black => "black", "Mosaic: a square filled black.";
    White => "white", "Mosaic: a square marked white.";
    BlackSatisfied => "black_satisfied", "Mosaic: the number of a satisfied clue on a black square (dimmed).";
    WhiteSatisfied => "white_satisfied", "Mosaic: the number of a satisfied clue on a white square (dimmed).";
    Hint => "hint", "Squares a hint decides (highlighted until the next move).";
    Premise => "premise", "Squares and clues a hint's deduction looked at.";
    HistoryCurrent => "history_current", "History panel: the entry of the current position.";
    HistoryUndone => "history_undone", "History panel: undone entries that redo would replay.";
    Status => "status", "The status line (game, size, pieces left, moves).";
    KeyBar => "key_bar", "The one-line key bar.";
    Banner => "banner", "The won banner and confirmation prompts.";
    Title => "title", "Titles of screens, panels and overlays.";
    Selected => "selected", "The selected row of a list (browser, theme list).";
}

impl Role {
    /// How many roles there are.
    pub const COUNT: usize = Role::ALL.len();

    /// Position of the role in [`Role::ALL`], for table lookups.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_index_matches_position() {
        for (i, role) in Role::ALL.iter().enumerate() {
            assert_eq!(role.index(), i);
            assert_eq!(Role::from_key(role.key()), Some(*role));
        }
        assert_eq!(Role::from_key("Cursor"), None);
        assert_eq!(Role::from_key("key-bar"), None);
    }
}
