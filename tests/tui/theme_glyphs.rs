//! Glyph sets: every square is exactly two columns, and emoji are safe in tmux.

use std::collections::HashSet;

use gridpuzzles::theme::{GlyphSet, Symbol, glyph};
use unicode_width::UnicodeWidthStr;

const SETS: [GlyphSet; 2] = [GlyphSet::Emoji, GlyphSet::Ascii];

#[test]
fn every_glyph_is_two_columns_wide() {
    for set in SETS {
        for symbol in Symbol::ALL {
            let g = glyph(set, symbol);
            assert_eq!(g.width(), 2, "{set} {symbol:?} {g:?}");
            assert_eq!(g.width_cjk(), 2, "{set} {symbol:?} {g:?} (CJK width)");
        }
    }
}

#[test]
fn no_variation_selector_or_joiner_and_emoji_are_single_code_points() {
    for set in SETS {
        for symbol in Symbol::ALL {
            let g = glyph(set, symbol);
            assert!(
                !g.contains('\u{FE0F}') && !g.contains('\u{FE0E}'),
                "{set} {symbol:?}"
            );
            assert!(!g.contains('\u{200D}'), "{set} {symbol:?}");
            let chars = g.chars().count();
            // Either one wide code point, or two plain ASCII characters.
            assert!(
                chars == 1 || (chars == 2 && g.is_ascii()),
                "{set} {symbol:?} {g:?}"
            );
        }
    }
}

#[test]
fn emoji_set_uses_the_known_safe_emoji() {
    // Linked tents (proof mode) are ASCII pairs in every set: an arrow and a tent's `A`.
    let safe: HashSet<&str> = [
        "🌲", "⛺", "🟩", "⬜", "💡", "⬛", "🔹", "🔸", "🟨", "  ", "<A", "A>", "A^", "Av",
    ]
    .into();
    for symbol in Symbol::ALL {
        let g = glyph(GlyphSet::Emoji, symbol);
        assert!(safe.contains(g), "{symbol:?} {g:?}");
    }
}

#[test]
fn pieces_of_one_game_look_different() {
    use Symbol::*;
    let games: [&[Symbol]; 3] = [
        &[
            Empty,
            Tree,
            Tent,
            Grass,
            TentLinkedLeft,
            TentLinkedRight,
            TentLinkedUp,
            TentLinkedDown,
        ],
        &[Empty, Bulb, Mark, LitMark, Wall, Lit],
        &[Empty, Black, White],
    ];
    for set in SETS {
        for game in games {
            let glyphs: HashSet<&str> = game.iter().map(|&s| glyph(set, s)).collect();
            assert_eq!(glyphs.len(), game.len(), "{set} {game:?}");
        }
    }
}

#[test]
fn ascii_glyphs_are_the_documented_ones() {
    let expected = [
        (Symbol::Tree, "^^"),
        (Symbol::Tent, "/\\"),
        (Symbol::Grass, ".."),
        (Symbol::Empty, "  "),
        (Symbol::Bulb, "()"),
        (Symbol::Mark, "::"),
        (Symbol::LitMark, ":."),
        (Symbol::Wall, "##"),
    ];
    for (symbol, text) in expected {
        assert_eq!(glyph(GlyphSet::Ascii, symbol), text);
    }
}

#[test]
fn marks_are_neutral_markers_not_crosses() {
    // A red cross reads as an error: a mark only says "no bulb here".
    let crosses = ['❌', '❎', '✖', '✕', '✗', '✘', '×', 'x', 'X', '+'];
    for set in SETS {
        for symbol in [Symbol::Mark, Symbol::LitMark] {
            let g = glyph(set, symbol);
            assert!(!g.contains(crosses), "{set} {symbol:?} {g:?}");
        }
    }
}
