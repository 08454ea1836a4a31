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
        let builtin = (node.user && parent.name == node.raw.name)
            .then(|| self.builtin.get(&parent.name))
            .flatten();
        let found = builtin.or_else(|| self.effective.get(&parent.name));
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

/// One pass of resolution: a theme (or the error that stops it) per node that is in play.
struct Pass {
    resolved: Vec<Option<Theme>>,
    errors: Vec<(usize, ThemeError)>,
    default: Theme,
}

impl Graph {
    /// Whether node `n` is used: every built-in, and each user file its name resolves to.
    fn in_play(&self, n: usize) -> bool {
        !self.nodes[n].user || self.effective.get(&self.nodes[n].raw.name) == Some(&n)
    }

    /// Resolves every node in play: the built-in default first (the last resort of all), then the
    /// effective default over it, then the rest over the effective default.
    fn resolve_all(&self) -> Pass {
        let mut resolved: Vec<Option<Theme>> = vec![None; self.nodes.len()];
        let mut errors = Vec::new();
        let builtin_default = self.builtin.get(DEFAULT_THEME).copied();
        let base = match builtin_default.map(|n| (n, self.theme(n, None))) {
            Some((n, Ok(theme))) => {
                resolved[n] = Some(theme.clone());
                theme
            }
            Some((n, Err(e))) => {
                errors.push((n, e));
                placeholder_default()
            }
            None => placeholder_default(),
        };
        let mut default = base.clone();
        if let Some(&n) = self.effective.get(DEFAULT_THEME)
            && Some(n) != builtin_default
        {
            match self.theme(n, Some(&base)) {
                Ok(theme) => {
                    default = theme.clone();
                    resolved[n] = Some(theme);
                }
                Err(e) => errors.push((n, e)),
            }
        }
        for (n, slot) in resolved.iter_mut().enumerate() {
            if !self.in_play(n) || self.nodes[n].raw.name == DEFAULT_THEME {
                continue;
            }
            match self.theme(n, Some(&default)) {
                Ok(theme) => *slot = Some(theme),
                Err(e) => errors.push((n, e)),
            }
        }
        Pass {
            resolved,
            errors,
            default,
        }
    }
}

impl Themes {
    /// Builds the theme list from parsed built-in and user files (pure).
    ///
    /// A user file overrides the built-in of the same name. Missing roles come from the `parent`
    /// chain, then from the `default` theme (and, for `default` itself, the built-in one). A user
    /// theme that cannot be resolved is reported and skipped; if it replaced a built-in, the
    /// built-in stands in for it everywhere, also as a parent, as if the file were not there.
    pub fn resolve(builtins: Vec<RawTheme>, users: Vec<RawTheme>) -> (Themes, Vec<ThemeError>) {
        let builtin_order: Vec<String> = builtins.iter().map(|r| r.name.clone()).collect();
        let mut graph = Graph::new(builtins, users);
        let mut dropped = Vec::new();
        // Each round drops at least one user file, so this ends.
        let pass = loop {
            let pass = graph.resolve_all();
            let broken: Vec<(usize, ThemeError)> = pass
                .errors
                .iter()
                .filter(|(n, _)| {
                    graph.nodes[*n].user && graph.builtin.contains_key(&graph.nodes[*n].raw.name)
                })
                .cloned()
                .collect();
            if broken.is_empty() {
                break pass;
            }
            for (n, error) in broken {
                let name = graph.nodes[n].raw.name.clone();
                let builtin = graph.builtin[&name];
                graph.effective.insert(name, builtin);
                dropped.push((n, error));
            }
        };

        let effective = |name: &str| {
            graph
                .effective
                .get(name)
                .and_then(|&n| pass.resolved[n].clone())
        };
        let mut themes: Vec<Theme> = Vec::new();
        for name in &builtin_order {
            if themes.iter().all(|t| &t.name != name)
                && let Some(theme) = effective(name)
            {
                themes.push(theme);
            }
        }
        if themes.iter().all(|t| t.name != DEFAULT_THEME) {
            themes.insert(0, pass.default.clone());
        }
        let mut added: Vec<Theme> = (0..graph.nodes.len())
            .filter(|&n| graph.nodes[n].user && graph.in_play(n))
            .filter(|&n| !graph.builtin.contains_key(&graph.nodes[n].raw.name))
            .filter_map(|n| pass.resolved[n].clone())
            .collect();
        added.sort_by(|a, b| a.name.cmp(&b.name));
        themes.extend(added);

        let mut errors: Vec<(usize, ThemeError)> = dropped.into_iter().chain(pass.errors).collect();
        errors.sort_by_key(|(n, _)| *n);
        (
            Themes { themes },
            errors.into_iter().map(|(_, e)| e).collect(),
        )
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
