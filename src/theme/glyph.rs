//! Glyph sets: what each kind of square looks like, always exactly two columns wide.
//!
//! Emoji are single code points that are two columns wide in unicode-width and in tmux alike;
//! sequences with U+FE0F or ZWJ are never used because tmux draws them one column wide.

use std::fmt;
use std::str::FromStr;

/// Which glyphs the board is drawn with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GlyphSet {
    /// Single-code-point emoji (🌲 ⛺ 🟩 💡 🔹 ⬛ ⬜ …).
    #[default]
    Emoji,
    /// Plain ASCII pairs, for terminals and fonts without emoji.
    Ascii,
}

impl GlyphSet {
    /// The name used in theme files (`glyphs = "emoji"`).
    pub fn key(self) -> &'static str {
        match self {
            GlyphSet::Emoji => "emoji",
            GlyphSet::Ascii => "ascii",
        }
    }
}

impl fmt::Display for GlyphSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The name given is not a glyph set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGlyphSet;

impl FromStr for GlyphSet {
    type Err = UnknownGlyphSet;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "emoji" => Ok(GlyphSet::Emoji),
            "ascii" => Ok(GlyphSet::Ascii),
            _ => Err(UnknownGlyphSet),
        }
    }
}

/// A thing drawn in one board square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    /// An empty square (every game).
    Empty,
    /// Tents: a tree.
    Tree,
    /// Tents: a tent.
    Tent,
    /// Tents: grass.
    Grass,
    /// Light Up: a bulb.
    Bulb,
    /// Light Up: a "no bulb here" mark on a square no bulb lights.
    Mark,
    /// Light Up: a "no bulb here" mark on a lit square; a glyph of its own, so lit marks stay
    /// apart from unlit ones without colour.
    LitMark,
    /// Light Up: a wall without a number (numbered walls show their digit).
    Wall,
    /// Light Up: an empty square lit by a bulb.
    Lit,
    /// Mosaic: a black square.
    Black,
    /// Mosaic: a white square.
    White,
}

impl Symbol {
    /// Every symbol.
    pub const ALL: [Symbol; 11] = [
        Symbol::Empty,
        Symbol::Tree,
        Symbol::Tent,
        Symbol::Grass,
        Symbol::Bulb,
        Symbol::Mark,
        Symbol::LitMark,
        Symbol::Wall,
        Symbol::Lit,
        Symbol::Black,
        Symbol::White,
    ];
}

/// The two-column text of `symbol` in glyph set `set`.
pub fn glyph(set: GlyphSet, symbol: Symbol) -> &'static str {
    match set {
        GlyphSet::Emoji => match symbol {
            Symbol::Empty => "  ",
            Symbol::Tree => "🌲",
            Symbol::Tent => "⛺",
            Symbol::Grass => "🟩",
            Symbol::Bulb => "💡",
            // Marks are neutral markers, not crosses: a red cross read as an error. Blue on a
            // dark square, orange on a lit one.
            Symbol::Mark => "🔹",
            Symbol::LitMark => "🔸",
            Symbol::Wall => "⬛",
            Symbol::Lit => "🟨",
            Symbol::Black => "⬛",
            Symbol::White => "⬜",
        },
        GlyphSet::Ascii => match symbol {
            Symbol::Empty => "  ",
            Symbol::Tree => "^^",
            Symbol::Tent => "/\\",
            Symbol::Grass => "..",
            Symbol::Bulb => "()",
            // Dots, not crosses; a lit mark keeps the lit square's dot (` .`) on its right.
            Symbol::Mark => "::",
            Symbol::LitMark => ":.",
            Symbol::Wall => "##",
            Symbol::Lit => " .",
            Symbol::Black => "##",
            Symbol::White => "--",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyph_set_names_round_trip() {
        for set in [GlyphSet::Emoji, GlyphSet::Ascii] {
            assert_eq!(set.key().parse::<GlyphSet>(), Ok(set));
        }
        assert_eq!("Emoji".parse::<GlyphSet>(), Err(UnknownGlyphSet));
    }

    #[test]
    fn ascii_set_is_ascii() {
        for symbol in Symbol::ALL {
            assert!(glyph(GlyphSet::Ascii, symbol).is_ascii(), "{symbol:?}");
        }
    }
}
