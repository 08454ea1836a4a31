//! Turning raw theme files into complete themes: user overrides, `parent` chains, the final
//! fallback to the default theme, and the guarantee that errors and the cursor show without colour.
//!
//! Pure: works on already-parsed [`RawTheme`]s.

use std::collections::HashMap;

use ratatui::style::{Modifier, Style};

use super::error::{ThemeError, ThemeErrorKind};
use super::{DEFAULT_THEME, GlyphSet, Origin, RawTheme, Role, Theme, Themes};

/// A theme file in the graph: built-ins first, then user files.
struct Node {
    raw: RawTheme,
    user: bool,
}

/// The theme files and the name lookup that `parent` uses.
struct Graph {
    nodes: Vec<Node>,
    /// Name -> node a `parent` line refers to (a user file wins over the built-in).
    effective: HashMap<String, usize>,
    /// Name -> built-in node.
    builtin: HashMap<String, usize>,
}

impl Graph {
    fn new(builtins: Vec<RawTheme>, users: Vec<RawTheme>) -> Graph {
        let nodes: Vec<Node> = (builtins.into_iter().map(|raw| Node { raw, user: false }))
            .chain(users.into_iter().map(|raw| Node { raw, user: true }))
            .collect();
        let mut effective = HashMap::new();
        let mut builtin = HashMap::new();
        for (i, node) in nodes.iter().enumerate() {
            effective.insert(node.raw.name.clone(), i);
            if !node.user {
                builtin.insert(node.raw.name.clone(), i);
            }
        }
        Graph {
            nodes,
            effective,
            builtin,
        }
    }

    /// The node `n`'s `parent` line names. A user theme naming itself as parent means the
    /// built-in it overrides, so `light.toml` can tweak the built-in `light`.
    fn parent_of(&self, n: usize) -> Option<Result<usize, ThemeError>> {
        let node = &self.nodes[n];
        let parent = node.raw.parent.as_ref()?;
        let found = if node.user && parent.name == node.raw.name {
            self.builtin.get(&parent.name)
        } else {
            self.effective.get(&parent.name)
        };
        Some(found.copied().ok_or_else(|| {
            self.error_at_parent(n, ThemeErrorKind::UnknownParent(parent.name.clone()))
        }))
    }

    fn error_at_parent(&self, n: usize, kind: ThemeErrorKind) -> ThemeError {
        let raw = &self.nodes[n].raw;
        ThemeError {
            path: raw.path.clone(),
            position: raw.parent.as_ref().map(|p| p.position),
            kind,
        }
    }

    /// `n` followed by its ancestors; a problem further up is reported on `n`'s `parent` line.
    fn chain(&self, n: usize) -> Result<Vec<usize>, ThemeError> {
        let mut chain = vec![n];
        let mut current = n;
        while let Some(parent) = self.parent_of(current) {
            let parent = match parent {
                Ok(p) => p,
                Err(e) if current == n => return Err(e),
                Err(_) => return Err(self.broken_parent(n)),
            };
            if let Some(start) = chain.iter().position(|&c| c == parent) {
                if start != 0 {
                    return Err(self.broken_parent(n));
                }
                let mut names: Vec<String> = chain
                    .iter()
                    .map(|&c| self.nodes[c].raw.name.clone())
                    .collect();
                names.push(self.nodes[parent].raw.name.clone());
                return Err(self.error_at_parent(n, ThemeErrorKind::ParentCycle(names)));
            }
            chain.push(parent);
            current = parent;
        }
        Ok(chain)
    }

    fn broken_parent(&self, n: usize) -> ThemeError {
        let name = self.nodes[n].raw.parent.as_ref().map(|p| p.name.clone());
        self.error_at_parent(n, ThemeErrorKind::BrokenParent(name.unwrap_or_default()))
    }

    /// Resolves node `n` over `fallback` (the styles and glyphs missing roles come from).
    fn theme(&self, n: usize, fallback: Option<&Theme>) -> Result<Theme, ThemeError> {
        let chain = self.chain(n)?;
        let raws: Vec<&RawTheme> = chain.iter().map(|&c| &self.nodes[c].raw).collect();
        let styles = Role::ALL
            .iter()
            .map(|&role| {
                let own = raws.iter().find_map(|raw| raw.style(role));
                let style = own.or_else(|| fallback.map(|f| f.style(role)));
                visible_without_colour(role, style.unwrap_or_default())
            })
            .collect();
        let glyphs = raws
            .iter()
            .find_map(|raw| raw.glyphs)
            .or(fallback.map(|f| f.glyphs))
            .unwrap_or(GlyphSet::Emoji);
        let node = &self.nodes[n];
        let origin = match (node.user, self.builtin.contains_key(&node.raw.name)) {
            (false, _) => Origin::Builtin,
            (true, false) => Origin::User(node.raw.path.clone()),
            (true, true) => Origin::UserOverride(node.raw.path.clone()),
        };
        Ok(Theme {
            name: node.raw.name.clone(),
            description: node.raw.description.clone().unwrap_or_default(),
            glyphs,
            origin,
            styles,
        })
    }
}

/// Cursor and errors must show under `NO_COLOR` too: without a modifier of their own they get one.
fn visible_without_colour(role: Role, style: Style) -> Style {
    let needed = match role {
        Role::Cursor => Modifier::REVERSED,
        Role::Error => Modifier::BOLD | Modifier::UNDERLINED,
        _ => return style,
    };
    if style.add_modifier.is_empty() {
        style.add_modifier(needed)
    } else {
        style
    }
}

impl Themes {
    /// Builds the theme list from parsed built-in and user files (pure).
    ///
    /// A user file overrides the built-in of the same name; a user theme that cannot be resolved
    /// is reported and skipped (a built-in of its name then stays). Missing roles come from the
    /// `parent` chain, then from the `default` theme (and, for `default` itself, the built-in one).
    pub fn resolve(builtins: Vec<RawTheme>, users: Vec<RawTheme>) -> (Themes, Vec<ThemeError>) {
        let builtin_order: Vec<String> = builtins.iter().map(|r| r.name.clone()).collect();
        let graph = Graph::new(builtins, users);
        let mut errors = Vec::new();
        let mut resolved: Vec<Option<Theme>> = vec![None; graph.nodes.len()];

        // The built-in default first: it is the last resort of every other theme.
        let builtin_default = graph.builtin.get(DEFAULT_THEME).copied();
        let base = match builtin_default.map(|n| graph.theme(n, None)) {
            Some(Ok(theme)) => theme,
            Some(Err(e)) => {
                errors.push(e);
                placeholder_default()
            }
            None => placeholder_default(),
        };
        if let Some(n) = builtin_default {
            resolved[n] = Some(base.clone());
        }

        // Then the effective default (a user override of it, if any), over the built-in one.
        let mut default = base.clone();
        if let Some(&n) = graph.effective.get(DEFAULT_THEME)
            && Some(n) != builtin_default
        {
            match graph.theme(n, Some(&base)) {
                Ok(theme) => {
                    default = theme.clone();
                    resolved[n] = Some(theme);
                }
                Err(e) => errors.push(e),
            }
        }

        for n in 0..graph.nodes.len() {
            if resolved[n].is_some() || graph.nodes[n].raw.name == DEFAULT_THEME {
                continue;
            }
            match graph.theme(n, Some(&default)) {
                Ok(theme) => resolved[n] = Some(theme),
                Err(e) => errors.push(e),
            }
        }

        let mut themes: Vec<Theme> = Vec::new();
        let pick = |name: &str, resolved: &[Option<Theme>]| -> Option<Theme> {
            let user = graph
                .effective
                .get(name)
                .filter(|&&n| graph.nodes[n].user)
                .and_then(|&n| resolved[n].clone());
            user.or_else(|| graph.builtin.get(name).and_then(|&n| resolved[n].clone()))
        };
        for name in &builtin_order {
            if themes.iter().all(|t| &t.name != name)
                && let Some(theme) = pick(name, &resolved)
            {
                themes.push(theme);
            }
        }
        if themes.iter().all(|t| t.name != DEFAULT_THEME) {
            themes.insert(0, default);
        }
        let mut added: Vec<Theme> = graph
            .nodes
            .iter()
            .enumerate()
            .filter(|(_, node)| node.user && !graph.builtin.contains_key(&node.raw.name))
            .filter(|(n, node)| graph.effective.get(&node.raw.name) == Some(n))
            .filter_map(|(n, _)| resolved[n].clone())
            .collect();
        added.sort_by(|a, b| a.name.cmp(&b.name));
        themes.extend(added);
        errors.dedup();
        (Themes { themes }, errors)
    }
}

/// Used only if the built-in default is missing: plain terminal colours, modifiers for what matters.
fn placeholder_default() -> Theme {
    Theme {
        name: DEFAULT_THEME.to_string(),
        description: "Terminal colours".to_string(),
        glyphs: GlyphSet::Emoji,
        origin: Origin::Builtin,
        styles: Role::ALL
            .iter()
            .map(|&role| visible_without_colour(role, Style::new()))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::theme::{builtin_raw_themes, parse_theme};

    fn raw(name: &str, text: &str) -> RawTheme {
        parse_theme(name, text, Path::new(&format!("{name}.toml"))).unwrap()
    }

    #[test]
    fn shipped_error_and_cursor_styles_carry_their_own_modifiers() {
        // The safety net in `visible_without_colour` must not be what makes shipped themes pass.
        let (builtins, errors) = builtin_raw_themes();
        assert!(errors.is_empty(), "{errors:?}");
        let graph = Graph::new(builtins, Vec::new());
        for n in 0..graph.nodes.len() {
            let chain = graph.chain(n).unwrap();
            for role in [Role::Cursor, Role::Error, Role::Exceeded] {
                let style = chain
                    .iter()
                    .find_map(|&c| graph.nodes[c].raw.style(role))
                    .or_else(|| graph.nodes[graph.builtin[DEFAULT_THEME]].raw.style(role))
                    .unwrap();
                assert!(
                    !style.add_modifier.is_empty(),
                    "{} {role}",
                    graph.nodes[n].raw.name
                );
            }
        }
    }

    #[test]
    fn missing_modifier_on_cursor_and_error_is_supplied() {
        let base = raw(
            "default",
            "[styles]\ncursor = { bg = \"red\" }\nerror = {}\n",
        );
        let (themes, errors) = Themes::resolve(vec![base], Vec::new());
        assert!(errors.is_empty());
        let theme = themes.default_theme();
        assert_eq!(theme.style(Role::Cursor).add_modifier, Modifier::REVERSED);
        assert_eq!(
            theme.style(Role::Cursor).bg,
            Some(ratatui::style::Color::Red)
        );
        assert_eq!(
            theme.style(Role::Error).add_modifier,
            Modifier::BOLD | Modifier::UNDERLINED
        );
    }

    #[test]
    fn without_builtins_there_is_still_a_default() {
        let (themes, errors) = Themes::resolve(Vec::new(), Vec::new());
        assert!(errors.is_empty());
        assert_eq!(themes.names(), vec![DEFAULT_THEME]);
        assert_eq!(themes.next_after(DEFAULT_THEME).name, DEFAULT_THEME);
    }
}
