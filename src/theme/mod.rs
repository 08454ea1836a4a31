//! Colour themes: semantic roles mapped to ratatui styles, with inheritance and glyph sets.
//!
//! Built-in themes live in `themes/*.toml` and are embedded in the binary; a user folder adds
//! themes or overrides built-ins by file stem. Reading files happens only in [`Themes::load`];
//! [`parse_theme`] and [`Themes::resolve`] are pure. The file schema is documented at the top of
//! `themes/default.toml`.
//!
//! Board squares are meant to be drawn by layering styles with [`Theme::layered`]: the square's
//! base (`Empty` or `Lit`), then its piece (`Tent`, `Bulb`, `Black`, …), then a hint's mark, then
//! `Error` when the game marks it, then `Cursor` ([`Theme::with_cursor`]). The board draws the
//! marks so that they never hide the square's state (see `tui::view::board`).

mod contrast;
mod depth;
mod error;
mod glyph;
mod listing;
mod load;
mod parse;
mod resolve;
mod role;

use std::path::PathBuf;

use ratatui::style::Style;

pub use contrast::{Family, blends_in, contrast_ratio, family, relative_luminance};
pub use depth::{
    ColorChoice, ColorDepth, ColorEnv, downgrade, named_index, no_colour_modifiers, style_for_depth,
};
pub use error::{Position, ThemeError, ThemeErrorKind};
pub use glyph::{GlyphSet, Symbol, UnknownGlyphSet, glyph, term_has_emoji};
pub use listing::theme_listing;
pub use load::{BUILTIN_THEMES, builtin_raw_themes, read_user_themes};
pub use parse::{ParentRef, RawTheme, parse_theme};
pub use role::Role;

/// The name of the theme every other theme finally falls back to.
pub const DEFAULT_THEME: &str = "default";

/// Where a theme came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Embedded in the binary.
    Builtin,
    /// A user file adding a new theme.
    User(PathBuf),
    /// A user file replacing the built-in theme of the same name.
    UserOverride(PathBuf),
}

/// A fully resolved theme: a style for every role and a glyph set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    /// The theme's name (its file stem).
    pub name: String,
    /// One line saying what the theme is for (empty if the file gives none).
    pub description: String,
    /// The glyph set the board is drawn with.
    pub glyphs: GlyphSet,
    /// Built-in or user file.
    pub origin: Origin,
    styles: Vec<Style>,
}

impl Theme {
    /// The style of `role`.
    pub fn style(&self, role: Role) -> Style {
        self.styles[role.index()]
    }

    /// The styles of `roles` patched over one another in order (later roles win).
    pub fn layered(&self, roles: &[Role]) -> Style {
        roles
            .iter()
            .fold(Style::new(), |acc, &role| acc.patch(self.style(role)))
    }

    /// The glyph of `symbol` in this theme's glyph set.
    pub fn glyph(&self, symbol: Symbol) -> &'static str {
        glyph(self.glyphs, symbol)
    }

    /// The same theme drawn with another glyph set (for `--ascii`).
    pub fn with_glyphs(&self, glyphs: GlyphSet) -> Theme {
        Theme {
            glyphs,
            ..self.clone()
        }
    }

    /// Whether a user file replaced the built-in theme of this name.
    pub fn is_user_override(&self) -> bool {
        matches!(self.origin, Origin::UserOverride(_))
    }
}

/// Every usable theme: built-ins in their fixed order, then user themes alphabetically.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Themes {
    themes: Vec<Theme>,
}

impl Themes {
    /// The built-in themes alone (no files read).
    pub fn builtin() -> Themes {
        let (raw, _) = builtin_raw_themes();
        Themes::resolve(raw, Vec::new()).0
    }

    /// The theme called `name`.
    pub fn get(&self, name: &str) -> Option<&Theme> {
        self.themes.iter().find(|t| t.name == name)
    }

    /// The `default` theme (a user override of it if there is one).
    pub fn default_theme(&self) -> &Theme {
        // `resolve` guarantees a theme named "default" exists.
        self.get(DEFAULT_THEME).unwrap_or(&self.themes[0])
    }

    /// The theme after `name` in the list, wrapping round; the default theme if `name` is unknown.
    pub fn next_after(&self, name: &str) -> &Theme {
        match self.themes.iter().position(|t| t.name == name) {
            Some(i) => &self.themes[(i + 1) % self.themes.len()],
            None => self.default_theme(),
        }
    }

    /// The names of all themes, in list order.
    pub fn names(&self) -> Vec<&str> {
        self.themes.iter().map(|t| t.name.as_str()).collect()
    }

    /// All themes, in list order.
    pub fn iter(&self) -> impl Iterator<Item = &Theme> {
        self.themes.iter()
    }

    /// How many themes there are (never zero).
    pub fn len(&self) -> usize {
        self.themes.len()
    }

    /// Always false: there is at least the default theme.
    pub fn is_empty(&self) -> bool {
        self.themes.is_empty()
    }
}
