//! The text of `gridpuzzles themes`.

use super::{Origin, Themes};

/// One line per theme, `name  description`, marking user themes and overridden built-ins.
pub fn theme_listing(themes: &Themes) -> String {
    let width = themes
        .iter()
        .map(|t| t.name.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for theme in themes.iter() {
        let mark = match &theme.origin {
            Origin::Builtin => String::new(),
            Origin::User(path) => format!(" [user: {}]", path.display()),
            Origin::UserOverride(path) => format!(" [user override: {}]", path.display()),
        };
        let line = format!("{:<width$}  {}{mark}", theme.name, theme.description);
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
