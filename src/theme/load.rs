//! The only part of theming that does I/O: embedded built-ins and the user's theme folder.

use std::fs;
use std::path::{Path, PathBuf};

use super::error::{Position, ThemeError, ThemeErrorKind};
use super::{RawTheme, Themes, parse_theme};
use crate::files::regular::{OpenError, open_regular};

/// The built-in themes, in the order the theme list shows them: (name, file text).
pub const BUILTIN_THEMES: &[(&str, &str)] = &[
    ("default", include_str!("../../themes/default.toml")),
    ("light", include_str!("../../themes/light.toml")),
    ("ansi16", include_str!("../../themes/ansi16.toml")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.toml"),
    ),
    ("mono", include_str!("../../themes/mono.toml")),
    ("ascii", include_str!("../../themes/ascii.toml")),
];

/// Parses the embedded built-in themes (named `themes/<name>.toml` in messages).
pub fn builtin_raw_themes() -> (Vec<RawTheme>, Vec<ThemeError>) {
    let mut themes = Vec::new();
    let mut errors = Vec::new();
    for (name, text) in BUILTIN_THEMES {
        let path = PathBuf::from(format!("themes/{name}.toml"));
        match parse_theme(name, text, &path) {
            Ok(raw) => themes.push(raw),
            Err(e) => errors.push(e),
        }
    }
    (themes, errors)
}

/// Reads every `*.toml` file of `dir` (sorted by name); a missing folder is simply empty. A
/// `*.toml` that is not a regular file (a FIFO, a device, a folder, a dangling link, a link
/// loop) is reported and never opened for reading.
pub fn read_user_themes(dir: &Path) -> (Vec<RawTheme>, Vec<ThemeError>) {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Vec::new(), Vec::new()),
        Err(e) => {
            let error = ThemeError {
                path: dir.to_path_buf(),
                position: None,
                kind: ThemeErrorKind::Io(e.to_string()),
            };
            return (Vec::new(), vec![error]);
        }
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    paths.sort();

    let mut themes = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
            continue; // a non-UTF-8 name cannot be typed after --theme anyway
        };
        match read_capped(&path) {
            Ok(text) => match parse_theme(name, &text, &path) {
                Ok(raw) => themes.push(raw),
                Err(e) => errors.push(e),
            },
            Err(Unread::Gone) => {} // removed since the folder was listed
            Err(Unread::Error(position, kind)) => errors.push(ThemeError {
                path: path.clone(),
                position,
                kind,
            }),
        }
    }
    (themes, errors)
}

/// The largest theme file read: a full theme is about 3 KB, so this only stops a mistake (a
/// huge or endless file) from being read whole.
pub const MAX_THEME_BYTES: u64 = 1024 * 1024;

/// Why a theme file's text was not read.
enum Unread {
    /// Nothing there any more.
    Gone,
    /// A problem to report, placed in the file when it has a place.
    Error(Option<Position>, ThemeErrorKind),
}

/// The text of a theme file, refused unread above [`MAX_THEME_BYTES`] (the read itself is
/// bounded too, for files that grow or lie about their size) or when it is not a regular file.
fn read_capped(path: &Path) -> Result<String, Unread> {
    use std::io::Read;
    let io = |e: std::io::Error| Unread::Error(None, ThemeErrorKind::Io(e.to_string()));
    let file = open_regular(path).map_err(|e| match e {
        OpenError::Missing => Unread::Gone,
        OpenError::NotRegular(what) => Unread::Error(None, ThemeErrorKind::NotRegular(what)),
        OpenError::Io(e) => io(e),
    })?;
    let size = file.metadata().map_err(io)?.len();
    let too_large = |size| {
        Unread::Error(
            None,
            ThemeErrorKind::TooLarge {
                size,
                max: MAX_THEME_BYTES,
            },
        )
    };
    if size > MAX_THEME_BYTES {
        return Err(too_large(size));
    }
    let mut bytes = Vec::new();
    file.take(MAX_THEME_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_THEME_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|e| {
        // The text before the first bad byte is valid, so it places that byte.
        let valid = e.utf8_error().valid_up_to();
        let before = std::str::from_utf8(&e.as_bytes()[..valid]).unwrap_or_default();
        let at = Position::of_offset(before, before.len());
        Unread::Error(Some(at), ThemeErrorKind::NotUtf8)
    })
}

impl Themes {
    /// Built-ins plus the themes of `user_dir` (usually `<config dir>/themes`). Never fails:
    /// every unusable file is reported and skipped, and the rest load.
    pub fn load(user_dir: Option<&Path>) -> (Themes, Vec<ThemeError>) {
        let (builtins, mut errors) = builtin_raw_themes();
        let (users, user_errors) = match user_dir {
            Some(dir) => read_user_themes(dir),
            None => (Vec::new(), Vec::new()),
        };
        errors.extend(user_errors);
        let (themes, resolve_errors) = Themes::resolve(builtins, users);
        errors.extend(resolve_errors);
        (themes, errors)
    }
}
