//! Bad theme files: every problem is reported with its file, line and column.

use std::path::{Path, PathBuf};

use gridpuzzles::theme::{
    Position, RawTheme, ThemeError, ThemeErrorKind, Themes, builtin_raw_themes, parse_theme,
};

fn parse(text: &str) -> Result<RawTheme, ThemeError> {
    parse_theme("mine", text, Path::new("/cfg/themes/mine.toml"))
}

fn at(line: usize, column: usize) -> Option<Position> {
    Some(Position { line, column })
}

fn user(name: &str, text: &str) -> RawTheme {
    parse_theme(name, text, Path::new(&format!("/cfg/themes/{name}.toml"))).unwrap()
}

fn resolve_users(users: Vec<RawTheme>) -> (Themes, Vec<ThemeError>) {
    let (builtins, errors) = builtin_raw_themes();
    assert!(errors.is_empty());
    Themes::resolve(builtins, users)
}

#[test]
fn malformed_toml_is_located() {
    let err = parse("description = \"ok\"\n[styles]\ntext = { fg = \"red\" bg = \"blue\" }\n")
        .unwrap_err();
    assert_eq!(err.path, PathBuf::from("/cfg/themes/mine.toml"));
    assert!(matches!(err.kind, ThemeErrorKind::Toml(_)), "{err}");
    assert_eq!((err.line(), err.column()), (Some(3), Some(21)));
    assert!(
        err.to_string()
            .starts_with("/cfg/themes/mine.toml:3:21: bad TOML: "),
        "{err}"
    );
}

#[test]
fn unterminated_string_is_located() {
    let err = parse("\n\n  description = \"never closed\n").unwrap_err();
    assert!(matches!(err.kind, ThemeErrorKind::Toml(_)), "{err}");
    assert_eq!(err.line(), Some(3));
}

#[test]
fn unknown_top_level_key_is_located() {
    let err = parse("description = \"x\"\ncolours = 3\n").unwrap_err();
    assert!(
        matches!(&err.kind, ThemeErrorKind::Toml(m) if m.contains("colours")),
        "{err}"
    );
    assert_eq!(err.position, at(2, 1));
}

#[test]
fn unknown_style_field_is_located() {
    let err = parse("[styles]\ntext = { fg = \"red\", fgg = \"blue\" }\n").unwrap_err();
    assert!(
        matches!(&err.kind, ThemeErrorKind::Toml(m) if m.contains("fgg")),
        "{err}"
    );
    assert_eq!(err.position, at(2, 22));
}

#[test]
fn wrong_value_type_is_located() {
    let err = parse("[styles]\ntext = { fg = 5 }\n").unwrap_err();
    assert!(matches!(err.kind, ThemeErrorKind::Toml(_)), "{err}");
    assert_eq!(err.position, at(2, 15));
}

#[test]
fn unknown_role_is_located() {
    let err = parse("[styles]\ntext = {}\n  curser = { fg = \"red\" }\n").unwrap_err();
    assert_eq!(err.kind, ThemeErrorKind::UnknownRole("curser".into()));
    assert_eq!(err.position, at(3, 3));
    assert!(err.to_string().contains("cursor"), "lists the roles: {err}");
}

#[test]
fn bad_colour_is_located() {
    let err = parse("[styles]\n\ntext = { fg = \"red\", bg = \"#12345\" }\n").unwrap_err();
    assert_eq!(
        err.kind,
        ThemeErrorKind::BadColour {
            field: "bg".into(),
            value: "#12345".into()
        }
    );
    assert_eq!(err.position, at(3, 27));
}

#[test]
fn out_of_range_index_is_a_bad_colour() {
    let err = parse("[styles]\ntext = { fg = \"256\" }\n").unwrap_err();
    assert!(
        matches!(err.kind, ThemeErrorKind::BadColour { .. }),
        "{err}"
    );
}

#[test]
fn unknown_glyph_set_is_located() {
    let err = parse("description = \"x\"\nglyphs = \"unicode\"\n").unwrap_err();
    assert_eq!(err.kind, ThemeErrorKind::UnknownGlyphSet("unicode".into()));
    assert_eq!(err.position, at(2, 10));
}

#[test]
fn unknown_parent_is_located_and_the_theme_skipped() {
    let (themes, errors) = resolve_users(vec![user("mine", "# hi\nparent = \"nope\"\n")]);
    assert_eq!(errors.len(), 1);
    let err = &errors[0];
    assert_eq!(err.kind, ThemeErrorKind::UnknownParent("nope".into()));
    assert_eq!(err.path, PathBuf::from("/cfg/themes/mine.toml"));
    assert_eq!(err.position, at(2, 10));
    assert!(themes.get("mine").is_none());
    assert_eq!(themes.len(), 6);
}

#[test]
fn parent_cycle_is_reported_for_each_theme_in_it() {
    let (themes, errors) = resolve_users(vec![
        user("a", "parent = \"b\"\n"),
        user("b", "parent = \"c\"\n"),
        user("c", "\nparent = \"a\"\n"),
        user("d", "parent = \"a\"\n"),
        user("fine", "parent = \"light\"\n"),
    ]);
    let cycle =
        |names: &[&str]| ThemeErrorKind::ParentCycle(names.iter().map(|s| s.to_string()).collect());
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert_eq!(errors[0].kind, cycle(&["a", "b", "c", "a"]));
    assert_eq!(errors[0].path, PathBuf::from("/cfg/themes/a.toml"));
    assert_eq!(errors[0].position, at(1, 10));
    assert_eq!(errors[2].kind, cycle(&["c", "a", "b", "c"]));
    assert_eq!(errors[2].position, at(2, 10));
    assert_eq!(errors[3].kind, ThemeErrorKind::BrokenParent("a".into()));
    assert_eq!(errors[3].path, PathBuf::from("/cfg/themes/d.toml"));
    assert!(errors[0].to_string().contains("a -> b -> c -> a"));
    for name in ["a", "b", "c", "d"] {
        assert!(themes.get(name).is_none(), "{name}");
    }
    assert!(themes.get("fine").is_some());
}

#[test]
fn a_theme_that_is_its_own_parent_is_a_cycle() {
    let (_, errors) = resolve_users(vec![user("selfish", "parent = \"selfish\"\n")]);
    assert_eq!(
        errors[0].kind,
        ThemeErrorKind::ParentCycle(vec!["selfish".into(), "selfish".into()])
    );
}

#[test]
fn load_reports_bad_files_and_keeps_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("broken.toml"), "[styles\n").unwrap();
    std::fs::write(dir.path().join("light.toml"), "glyphs = 3\n").unwrap();
    std::fs::write(dir.path().join("good.toml"), "description = \"Good\"\n").unwrap();
    let (themes, errors) = Themes::load(Some(dir.path()));
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert_eq!(errors[0].path, dir.path().join("broken.toml"));
    assert_eq!(errors[0].position, at(1, 8));
    assert_eq!(errors[1].path, dir.path().join("light.toml"));
    assert_eq!(errors[1].position, at(1, 10));
    // The broken override leaves the built-in light in place.
    assert_eq!(
        themes.names(),
        vec![
            "default",
            "light",
            "ansi16",
            "high-contrast",
            "mono",
            "ascii",
            "good"
        ]
    );
    assert!(!themes.get("light").unwrap().is_user_override());
}

#[test]
fn a_missing_user_folder_is_not_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let (themes, errors) = Themes::load(Some(&dir.path().join("not-there")));
    assert!(errors.is_empty());
    assert_eq!(themes.len(), 6);
}

#[test]
fn a_file_not_utf8_is_placed_at_its_first_bad_byte() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("latin1.toml"),
        b"# caf\xc3\xa9 ok\ndescription = \"caf\xe9\"\n",
    )
    .unwrap();
    let (themes, errors) = Themes::load(Some(dir.path()));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].kind, ThemeErrorKind::NotUtf8);
    // Line 2, after `description = "caf`: columns count characters, as for every error.
    assert_eq!(errors[0].position, at(2, 19));
    assert_eq!(
        errors[0].to_string(),
        format!(
            "{}:2:19: not UTF-8 text",
            dir.path().join("latin1.toml").display()
        )
    );
    assert_eq!(themes.len(), 6);
}

#[cfg(unix)]
#[test]
fn toml_paths_that_are_not_files_are_reported_never_read() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.toml");
    let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: `c` is a valid NUL-terminated path for the duration of the call.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    symlink("/dev/zero", dir.path().join("zero.toml")).unwrap();
    symlink("gone.toml", dir.path().join("dangling.toml")).unwrap();
    symlink("loop.toml", dir.path().join("loop.toml")).unwrap();
    std::fs::create_dir(dir.path().join("folder.toml")).unwrap();
    std::fs::write(dir.path().join("fine.toml"), "description = \"Fine\"\n").unwrap();
    // Reading the FIFO would block, /dev/zero would never end.
    let (themes, errors) = Themes::load(Some(dir.path()));
    assert!(themes.get("fine").is_some());
    let found: Vec<(String, String)> = errors
        .iter()
        .map(|e| {
            let name = e.path.file_name().unwrap().to_string_lossy().into_owned();
            match &e.kind {
                ThemeErrorKind::NotRegular(what) => (name, what.clone()),
                other => panic!("{name}: {other:?}"),
            }
        })
        .collect();
    let name = |n: &str| n.to_string();
    assert_eq!(found.len(), 5, "{found:?}");
    assert_eq!(
        found[0],
        (
            name("dangling.toml"),
            name("a dangling link to gone.toml (nothing there)")
        )
    );
    assert_eq!(found[1], (name("fifo.toml"), name("a FIFO (named pipe)")));
    assert_eq!(found[2], (name("folder.toml"), name("a folder")));
    assert_eq!(
        found[3],
        (
            name("loop.toml"),
            name("a link to loop.toml that leads round in a loop")
        )
    );
    assert_eq!(
        found[4],
        (
            name("zero.toml"),
            name("a link to /dev/zero, a character device")
        )
    );
    assert!(errors.iter().all(|e| e.position.is_none()));
}

#[test]
fn a_broken_override_leaves_the_builtin_in_place_even_as_a_parent() {
    // The user default points at ascii, whose parent is default: a cycle. The user file is
    // dropped, and the built-in ascii (parent: the built-in default) must still load.
    let (themes, errors) = resolve_users(vec![
        user("default", "parent = \"ascii\"\n"),
        user("mine", "parent = \"default\"\n"),
    ]);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].path, PathBuf::from("/cfg/themes/default.toml"));
    assert_eq!(
        errors[0].kind,
        ThemeErrorKind::ParentCycle(vec!["default".into(), "ascii".into(), "default".into()])
    );
    let builtin = Themes::builtin();
    assert_eq!(themes.default_theme(), builtin.default_theme());
    assert_eq!(themes.get("ascii"), builtin.get("ascii"));
    assert!(themes.get("mine").is_some());
}

#[test]
fn a_theme_file_too_large_is_refused_unread_and_the_others_load() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ok.toml"), "description = \"fine\"\n").unwrap();
    let huge = format!("description = \"{}\"\n", "x".repeat(2 * 1024 * 1024));
    std::fs::write(dir.path().join("huge.toml"), huge).unwrap();
    let (themes, errors) = gridpuzzles::theme::read_user_themes(dir.path());
    assert_eq!(themes.len(), 1);
    assert_eq!(errors.len(), 1);
    assert!(errors[0].path.ends_with("huge.toml"), "{:?}", errors[0]);
    assert!(errors[0].to_string().contains("too large"), "{}", errors[0]);
}
