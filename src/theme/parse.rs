//! Reading one theme file's text into a [`RawTheme`] (pure: no I/O, no other themes consulted).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;
use toml::Spanned;

use super::error::{Position, ThemeError, ThemeErrorKind};
use super::{GlyphSet, Role};

/// A theme as written in its file: only what it sets itself, before inheritance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawTheme {
    /// The theme's name (the file stem).
    pub name: String,
    /// The file, for messages.
    pub path: PathBuf,
    /// `description`, if given.
    pub description: Option<String>,
    /// `parent`, if given.
    pub parent: Option<ParentRef>,
    /// `glyphs`, if given.
    pub glyphs: Option<GlyphSet>,
    styles: Vec<Option<Style>>,
}

/// A `parent = "..."` line: the name and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParentRef {
    /// The parent's name.
    pub name: String,
    /// Where the name is in the file.
    pub position: Position,
}

impl RawTheme {
    /// The style this file gives `role`, if it gives one.
    pub fn style(&self, role: Role) -> Option<Style> {
        self.styles[role.index()]
    }

    /// The roles this file styles itself.
    pub fn styled_roles(&self) -> impl Iterator<Item = Role> + '_ {
        Role::ALL
            .iter()
            .copied()
            .filter(|r| self.styles[r.index()].is_some())
    }
}

/// The file layout; unknown keys are errors so typos do not pass silently.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    description: Option<String>,
    parent: Option<Spanned<String>>,
    glyphs: Option<Spanned<String>>,
    #[serde(default)]
    styles: BTreeMap<Spanned<String>, StyleEntry>,
}

/// One role's style, in ratatui's serde field names and value formats.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StyleEntry {
    fg: Option<Spanned<String>>,
    bg: Option<Spanned<String>>,
    underline_color: Option<Spanned<String>>,
    add_modifier: Option<Spanned<String>>,
    sub_modifier: Option<Spanned<String>>,
}

/// Parses the text of theme `name`; `path` is only used to locate errors.
pub fn parse_theme(name: &str, text: &str, path: &Path) -> Result<RawTheme, ThemeError> {
    let located = |span: std::ops::Range<usize>, kind| ThemeError {
        path: path.to_path_buf(),
        position: Some(Position::of_offset(text, span.start)),
        kind,
    };
    let file: ThemeFile = toml::from_str(text).map_err(|e| ThemeError {
        path: path.to_path_buf(),
        position: e.span().map(|s| Position::of_offset(text, s.start)),
        kind: ThemeErrorKind::Toml(e.message().trim().to_string()),
    })?;

    let glyphs = match &file.glyphs {
        None => None,
        Some(g) => Some(GlyphSet::from_str(g.get_ref()).map_err(|_| {
            located(
                g.span(),
                ThemeErrorKind::UnknownGlyphSet(g.get_ref().clone()),
            )
        })?),
    };

    let mut styles = vec![None; Role::COUNT];
    let mut entries: Vec<_> = file.styles.into_iter().collect();
    entries.sort_by_key(|(key, _)| key.span().start); // report the first problem in the file
    for (key, entry) in entries {
        let role = Role::from_key(key.get_ref()).ok_or_else(|| {
            located(
                key.span(),
                ThemeErrorKind::UnknownRole(key.get_ref().clone()),
            )
        })?;
        styles[role.index()] = Some(
            entry
                .to_style()
                .map_err(|(span, kind)| located(span, kind))?,
        );
    }

    Ok(RawTheme {
        name: name.to_string(),
        path: path.to_path_buf(),
        description: file.description,
        parent: file.parent.map(|p| ParentRef {
            position: Position::of_offset(text, p.span().start),
            name: p.into_inner(),
        }),
        glyphs,
        styles,
    })
}

type Located = (std::ops::Range<usize>, ThemeErrorKind);

impl StyleEntry {
    fn to_style(&self) -> Result<Style, Located> {
        let mut style = Style::new();
        style.fg = colour("fg", &self.fg)?;
        style.bg = colour("bg", &self.bg)?;
        // Accepted and checked, for files written for ratatui's format, but not drawn: the
        // player's backend writes no underline colour, so the cells carry none.
        colour("underline_color", &self.underline_color)?;
        style.add_modifier = modifier("add_modifier", &self.add_modifier)?;
        style.sub_modifier = modifier("sub_modifier", &self.sub_modifier)?;
        Ok(style)
    }
}

/// A colour in ratatui's serde format: a name, an index "0"-"255", or "#rrggbb".
fn colour(field: &str, value: &Option<Spanned<String>>) -> Result<Option<Color>, Located> {
    let Some(value) = value else { return Ok(None) };
    Color::from_str(value.get_ref()).map(Some).map_err(|_| {
        let kind = ThemeErrorKind::BadColour {
            field: field.to_string(),
            value: value.get_ref().clone(),
        };
        (value.span(), kind)
    })
}

/// Modifiers in ratatui's serde format, `"BOLD | REVERSED"`; names are also accepted in lower case.
fn modifier(field: &str, value: &Option<Spanned<String>>) -> Result<Modifier, Located> {
    let Some(value) = value else {
        return Ok(Modifier::empty());
    };
    let mut modifier = Modifier::empty();
    for name in value.get_ref().split('|').map(str::trim) {
        if name.is_empty() && value.get_ref().trim().is_empty() {
            continue;
        }
        let flag = Modifier::from_name(&name.to_ascii_uppercase()).ok_or_else(|| {
            let kind = ThemeErrorKind::BadModifier {
                field: field.to_string(),
                value: value.get_ref().clone(),
            };
            (value.span(), kind)
        })?;
        modifier |= flag;
    }
    Ok(modifier)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<RawTheme, ThemeError> {
        parse_theme("t", text, Path::new("t.toml"))
    }

    #[test]
    fn reads_every_field_of_a_style() {
        let raw = parse(
            "description = \"d\"\nparent = \"light\"\nglyphs = \"ascii\"\n[styles]\n\
             cursor = { fg = \"black\", bg = \"#ff8000\", underline_color = \"42\", \
             add_modifier = \"BOLD | reversed\", sub_modifier = \"DIM\" }\n",
        )
        .unwrap();
        assert_eq!(raw.description.as_deref(), Some("d"));
        assert_eq!(raw.parent.as_ref().unwrap().name, "light");
        assert_eq!(
            raw.parent.as_ref().unwrap().position,
            Position {
                line: 2,
                column: 10
            }
        );
        assert_eq!(raw.glyphs, Some(GlyphSet::Ascii));
        let style = raw.style(Role::Cursor).unwrap();
        assert_eq!(style.fg, Some(Color::Black));
        assert_eq!(style.bg, Some(Color::Rgb(255, 128, 0)));
        assert_eq!(style.add_modifier, Modifier::BOLD | Modifier::REVERSED);
        assert_eq!(style.sub_modifier, Modifier::DIM);
        assert_eq!(raw.styled_roles().collect::<Vec<_>>(), vec![Role::Cursor]);
    }

    #[test]
    fn empty_file_and_empty_modifier_are_fine() {
        let raw = parse("").unwrap();
        assert_eq!(raw.styled_roles().count(), 0);
        let raw = parse("[styles]\ntext = { add_modifier = \"\" }").unwrap();
        assert_eq!(raw.style(Role::Text), Some(Style::new()));
    }

    #[test]
    fn bad_modifier_is_located() {
        let err = parse("[styles]\ntext = { add_modifier = \"BOLD | SHINY\" }").unwrap_err();
        assert_eq!(
            err.position,
            Some(Position {
                line: 2,
                column: 25
            })
        );
        assert!(matches!(err.kind, ThemeErrorKind::BadModifier { .. }));
    }

    #[test]
    fn an_underline_colour_is_checked_though_not_drawn() {
        let err = parse("[styles]\ntext = { underline_color = \"mauve\" }").unwrap_err();
        assert_eq!(
            err.position,
            Some(Position {
                line: 2,
                column: 28
            })
        );
        assert!(matches!(err.kind, ThemeErrorKind::BadColour { .. }));
    }

    #[test]
    fn first_problem_in_file_order_is_reported() {
        let err = parse("[styles]\nzzz = {}\naaa = {}\n").unwrap_err();
        assert_eq!(err.kind, ThemeErrorKind::UnknownRole("zzz".into()));
        assert_eq!(err.position, Some(Position { line: 2, column: 1 }));
    }
}
