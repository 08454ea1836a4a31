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

/// Whether a terminal whose `TERM` is `term` can draw emoji. Those that say they cannot: the
/// Linux console (`linux`, `linux-16color`, …), the BSD consoles (`cons25`, `wsvt25`, `pcvt25`,
/// `pccon`), DEC terminals and their emulations (`vt52`, `vt100`, `vt220`, …), `sun`, `mach`,
/// `hurd`, `ansi` and `dumb`. Any other value, or none, is taken to draw them: most terminals
/// do, and name themselves `xterm-256color` whatever they are.
pub fn term_has_emoji(term: Option<&str>) -> bool {
    let term = term.unwrap_or("").trim().to_ascii_lowercase();
    // The name before any `-feature` suffix: `linux-16color`, `vt100-am`, `sun-color`.
    let base = term.split('-').next().unwrap_or("");
    let vt = base
        .strip_prefix("vt")
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
    let consoles = [
        "linux", "sun", "mach", "hurd", "pccon", "ansi", "ansi.sys", "dumb",
    ];
    let bsd = ["cons", "wsvt", "pcvt"];
    !(vt || consoles.contains(&base) || bsd.iter().any(|p| base.starts_with(p)))
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
    /// Tents, proof mode: a tent linked to the tree on its left (an arrow points at the tree).
    TentLinkedLeft,
    /// Tents, proof mode: a tent linked to the tree on its right.
    TentLinkedRight,
    /// Tents, proof mode: a tent linked to the tree above it.
    TentLinkedUp,
    /// Tents, proof mode: a tent linked to the tree below it.
    TentLinkedDown,
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
    pub const ALL: [Symbol; 15] = [
        Symbol::Empty,
        Symbol::Tree,
        Symbol::Tent,
        Symbol::Grass,
        Symbol::TentLinkedLeft,
        Symbol::TentLinkedRight,
        Symbol::TentLinkedUp,
        Symbol::TentLinkedDown,
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
            // A linked tent is an arrow pointing at its tree beside an `A` (a tent's shape):
            // no single-code-point emoji shows a direction in two columns.
            Symbol::TentLinkedLeft => "<A",
            Symbol::TentLinkedRight => "A>",
            Symbol::TentLinkedUp => "A^",
            Symbol::TentLinkedDown => "Av",
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
            Symbol::TentLinkedLeft => "<A",
            Symbol::TentLinkedRight => "A>",
            Symbol::TentLinkedUp => "A^",
            Symbol::TentLinkedDown => "Av",
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
    fn consoles_without_emoji_are_told_by_their_term() {
        for term in [
            "linux",
            "linux-16color",
            "LINUX",
            "vt100",
            "vt102",
            "vt220",
            "vt320-w",
            "vt52",
            "dumb",
            "cons25",
            "cons25r",
            "wsvt25",
            "pcvt25",
            "pccon",
            "sun",
            "sun-color",
            "mach-color",
            "hurd",
            "ansi",
        ] {
            assert!(!term_has_emoji(Some(term)), "{term}");
        }
        for term in [
            "xterm",
            "xterm-256color",
            "tmux-256color",
            "screen",
            "vte-256color",
            "alacritty",
            "xterm-kitty",
            "foot",
            "",
        ] {
            assert!(term_has_emoji(Some(term)), "{term}");
        }
        assert!(
            term_has_emoji(None),
            "no TERM: most likely a terminal that has them"
        );
    }

    #[test]
    fn ascii_set_is_ascii() {
        for symbol in Symbol::ALL {
            assert!(glyph(GlyphSet::Ascii, symbol).is_ascii(), "{symbol:?}");
        }
    }
}
