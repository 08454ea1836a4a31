//! The real binary reading Tatham game IDs valid for two games (docs/rules.md#tatham-game-ids): the
//! game whose puzzle has exactly one solution, an error naming both games and `--game` otherwise,
//! and the `tents:` / `lightup:` / `mosaic:` prefixes.

use crate::common::binary;
use binary::{run, stderr, stdout};

/// `3x3:b43c2a` is a Light Up ID (no solution: the 4 sits on an edge) and a Mosaic ID (one
/// solution).
const ONE_SOLUTION_AS_MOSAIC: &str = "3x3:b43c2a";
/// `4x4:2b3a1c4a0d` is a Light Up ID and a Mosaic ID, without a solution as either.
const NO_SOLUTION_AS_EITHER: &str = "4x4:2b3a1c4a0d";

#[test]
fn both_ids_are_valid_for_light_up_and_mosaic() {
    for id in [ONE_SOLUTION_AS_MOSAIC, NO_SOLUTION_AS_EITHER] {
        for game in ["lightup", "mosaic"] {
            let o = run(&["convert", id, "--game", game, "--to", "file"]);
            assert!(o.status.success(), "{id} as {game}: {}", stderr(&o));
        }
    }
    let o = run(&["count", ONE_SOLUTION_AS_MOSAIC, "--game", "lightup"]);
    assert_eq!(stdout(&o), "0\n");
    let o = run(&["count", ONE_SOLUTION_AS_MOSAIC, "--game", "mosaic"]);
    assert_eq!(stdout(&o), "1\n");
}

#[test]
fn an_id_of_two_games_is_read_as_the_one_with_a_single_solution() {
    let o = run(&["convert", ONE_SOLUTION_AS_MOSAIC, "--to", "file"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A Mosaic file: a four-number header and two characters per square.
    assert_eq!(stdout(&o), "3 3 0 0\n-e-e4e\n3e-e-e\n-e2e-e\n");
    let o = run(&["count", ONE_SOLUTION_AS_MOSAIC]);
    assert_eq!(stdout(&o), "1\n");
}

#[test]
fn an_id_of_two_games_without_a_single_solution_names_both_and_the_option() {
    let o = run(&["count", NO_SOLUTION_AS_EITHER]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("Light Up"), "{err}");
    assert!(err.contains("Mosaic"), "{err}");
    assert!(err.contains("--game"), "{err}");
    assert!(err.contains(NO_SOLUTION_AS_EITHER), "{err}");
    assert!(stdout(&o).is_empty());
}

#[test]
fn a_prefix_names_the_game() {
    let o = run(&["count", &format!("lightup:{ONE_SOLUTION_AS_MOSAIC}")]);
    assert_eq!(stdout(&o), "0\n", "{}", stderr(&o));
    let o = run(&["count", &format!("mosaic:{NO_SOLUTION_AS_EITHER}")]);
    assert_eq!(stdout(&o), "0\n", "{}", stderr(&o));
    let o = run(&[
        "convert",
        "tents:8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3",
        "--to",
        "id",
    ]);
    assert_eq!(
        stdout(&o).trim_end(),
        "8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3",
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_prefix_that_disagrees_with_the_game_option_is_an_error() {
    let o = run(&[
        "count",
        &format!("mosaic:{ONE_SOLUTION_AS_MOSAIC}"),
        "--game",
        "lightup",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("Mosaic") && err.contains("Light Up"), "{err}");
}

#[test]
fn a_prefix_on_a_malformed_id_reports_that_game_s_error() {
    let o = run(&["count", "mosaic:3x3:b4"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("game ID mosaic:3x3:b4"),
        "{}",
        stderr(&o)
    );
}

/// A blank 300x300 ID is valid for Light Up and Mosaic; reading it must not search.
fn blank_300x300() -> String {
    format!("300x300:{}n", "z".repeat(3461))
}

#[test]
fn an_ambiguous_large_id_is_refused_at_once_by_every_reading_command() {
    let id = blank_300x300();
    for args in [
        vec!["check", id.as_str()],
        vec!["convert", id.as_str(), "--to", "file"],
        vec!["count", id.as_str()],
        vec!["solve", id.as_str()],
        vec!["hint", id.as_str()],
        vec!["text", id.as_str()],
    ] {
        let started = std::time::Instant::now();
        let o = run(&args);
        // Generous, for a loaded machine: the reading itself is a few milliseconds.
        assert!(
            started.elapsed() < std::time::Duration::from_secs(2),
            "{:?} took {:?}",
            args[0],
            started.elapsed()
        );
        assert_eq!(o.status.code(), Some(2), "{:?}", args[0]);
        let err = stderr(&o);
        assert!(err.contains("valid for both Light Up and Mosaic"), "{err}");
        assert!(err.contains("`lightup:` or `mosaic:`"), "{err}");
        // The ID is not repeated whole.
        assert!(err.len() < 400, "{err}");
    }
    let o = run(&["convert", &format!("mosaic:{id}"), "--to", "id"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn arguments_shaped_like_ids_get_the_id_reader_s_located_errors() {
    let tents = "10x10:aadggbcbbbfmcdf_adaaah,3,2,3,1,2,1,2,2,2,3,4,1,2,2,2,1,3,1,1,4";
    let o = run(&["convert", &format!("TENTS:{tents}"), "--to", "id"]);
    assert_eq!(
        stdout(&o).trim(),
        tents,
        "a prefix in capitals names the game"
    );
    for (arg, located) in [
        (
            format!("tents::{tents}"),
            "line 1, column 7: expected the grid width",
        ),
        (
            "light:40x40:abc".to_string(),
            "line 1, column 1: expected a game prefix",
        ),
        (
            "4097x-1:abc".to_string(),
            "line 1, column 6: expected the height",
        ),
        (
            "tents:8x8:zz".to_string(),
            "line 1, column 13: expected more of the stream",
        ),
    ] {
        let o = run(&["check", &arg]);
        assert_eq!(o.status.code(), Some(2), "{arg}");
        let err = stderr(&o);
        assert!(err.contains(located), "{arg}: {err}");
        assert!(!err.contains("no such file"), "{arg}: {err}");
    }
}

/// Whether `message` repeats more than `n` characters of `argument` in a row.
fn echoes_more_than(message: &str, argument: &str, n: usize) -> bool {
    let chars: Vec<char> = message.chars().collect();
    chars
        .windows(n + 1)
        .any(|w| argument.contains(&w.iter().collect::<String>()))
}

/// The most characters of the argument an error repeats.
const SHOWN: usize = 48;

#[test]
fn sizes_gone_wrong_are_read_as_ids_and_located() {
    for (arg, col) in [
        ("-1x5:a", 1),
        ("x5:a", 1),
        (":7x7:b1f2iB2g1Bi2fBb", 1),
        (" 7x7:b1f2iB2g1Bi2fBb", 1),
        ("1e3x1:1h", 2),
    ] {
        let o = run(&["check", "--", arg]);
        assert_eq!(o.status.code(), Some(2), "{arg:?}");
        let err = stderr(&o);
        assert!(err.contains("game ID"), "{arg:?}: {err}");
        assert!(
            err.contains(&format!("line 1, column {col}: expected")),
            "{arg:?}: {err}"
        );
        assert!(!err.contains("no such file"), "{arg:?}: {err}");
        assert!(!echoes_more_than(&err, arg, SHOWN), "{arg:?}: {err}");
    }
}

#[test]
fn no_error_repeats_more_than_48_characters_of_the_argument() {
    let tents = "8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3";
    let home = tempfile::tempdir().unwrap();
    let cases = [
        // Longer than a file name or a path can be: never asked of the file system.
        "n".repeat(300),
        "n".repeat(5000),
        "dir/".repeat(2000),
        format!("{}ä", "ä".repeat(60_000)),
        // Shaped like IDs, with the trouble far in or at the start.
        format!("{}:7x7:b", "light".repeat(20_000)),
        format!("tents+{}:{tents}", "bogus".repeat(20_000)),
        format!("300x300:{}", "z".repeat(100_000)),
        format!("7x7:{}", "é".repeat(50_000)),
        // A puzzle made here that is not there.
        format!("random/{}", "tents-".repeat(1000)),
        // Shorter ones, whole.
        "tents+bogus:2x2:a".to_string(),
        "nothing-here.txt".to_string(),
    ];
    for arg in &cases {
        let o = binary::bin()
            .args(["check", "--", arg])
            .env("GRIDPUZZLES_HOME", home.path())
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let head: String = arg.chars().take(20).collect();
        assert_eq!(o.status.code(), Some(2), "{head}…");
        let err = stderr(&o);
        assert!(!err.contains("os error"), "{head}…: {err}");
        assert!(!echoes_more_than(&err, arg, SHOWN), "{head}…: {err}");
        if arg.chars().count() > SHOWN {
            assert!(err.contains('…'), "{head}…: {err}");
        } else {
            assert!(err.contains(arg.as_str()), "{head}…: {err}");
        }
        if arg.contains(':') && !arg.starts_with("random/") {
            assert!(err.contains("line 1, column "), "{head}…: {err}");
        }
    }
}

#[test]
fn a_file_whose_name_looks_like_an_id_is_read_as_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = run(&["convert", "tents/default", "--to", "file"]);
    for name in ["7x7:b1f2iB2g1Bi2fBb", "x5:a", "tents+diagadj:2x2:a"] {
        std::fs::write(dir.path().join(name), &file.stdout).unwrap();
        let o = binary::bin()
            .args(["convert", name, "--to", "file"])
            .current_dir(dir.path())
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert_eq!(o.stdout, file.stdout, "{name}");
    }
}

#[test]
fn ids_keep_their_options_in_a_prefix_with_a_warning() {
    let lightup = "7x7:b1f2iB2g1Bi2fBb";
    let mosaic = "5x5:0b3b5e4a16a63f";
    let tents = "8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3";
    for (puzzle, options, id, carried) in [
        (lightup, &[][..], lightup.to_string(), &[][..]),
        (
            lightup,
            &["--wrapping"][..],
            format!("lightup+wrapping:{lightup}"),
            &["wrapping"][..],
        ),
        (mosaic, &[][..], mosaic.to_string(), &[][..]),
        (
            mosaic,
            &["--neighbourhood", "ortho", "--wrapping"][..],
            format!("mosaic+wrapping+ortho:{mosaic}"),
            &[
                "wrapping",
                "neighbourhood ortho (they read as neighbourhood full)",
            ][..],
        ),
        (tents, &[][..], tents.to_string(), &[][..]),
        (
            tents,
            &["--diagadj"][..],
            format!("tents+diagadj:{tents}"),
            &["diagadj"][..],
        ),
        (
            tents,
            // Rule 4 is each format's own: not written, no warning.
            &["--rule4", "local", "--wrapping", "--diagadj"][..],
            format!("tents+wrapping+diagadj:{tents}"),
            &["wrapping", "diagadj"][..],
        ),
    ] {
        let mut args = vec!["convert", puzzle, "--to", "id"];
        args.extend(options);
        let o = run(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), format!("{id}\n"), "{args:?}");
        let prefix = id.split_once(':').map_or("", |(p, _)| p);
        let game = match prefix.split('+').next() {
            Some("tents") => "Tents",
            Some("lightup") => "Light Up",
            _ => "Mosaic",
        };
        let warnings: Vec<String> = carried
            .iter()
            .map(|option| {
                format!(
                    "gridpuzzles: warning: Tatham's {game} IDs cannot carry {option}; the ID \
                     carries it in its prefix `{prefix}:`, which only gridpuzzles reads\n"
                )
            })
            .collect();
        assert_eq!(stderr(&o), warnings.concat(), "{args:?}");
        // The ID reads back with its options: the same file as the puzzle with them.
        let mut file_args = vec!["convert", puzzle, "--to", "file"];
        file_args.extend(options);
        let want = run(&file_args);
        let back = run(&["convert", &id, "--to", "file"]);
        assert!(back.status.success(), "{id}: {}", stderr(&back));
        assert_eq!(stdout(&back), stdout(&want), "{id}");
        assert_eq!(stderr(&back), "", "{id}");
    }
}

#[test]
fn a_prefix_s_options_are_checked_and_located() {
    for (arg, col, expected) in [
        (
            "tents+bogus:2x2:a",
            7,
            "an option of Tents IDs after '+': `wrapping`, `diagadj`, `local` or `matching`",
        ),
        (
            "LIGHTUP+Diagadj:2x2:a",
            9,
            "an option of Light Up IDs after '+': `wrapping`",
        ),
        ("tents+local+matching:2x2:a", 13, "the rule 4 given once"),
        (
            "mosaic+ortho+ortho:2x2:a",
            14,
            "the neighbourhood given once",
        ),
    ] {
        let o = run(&["check", arg]);
        assert_eq!(o.status.code(), Some(2), "{arg}");
        let err = stderr(&o);
        assert!(
            err.contains(&format!("line 1, column {col}: expected {expected}")),
            "{arg}: {err}"
        );
    }
    // Any letter case, as the game's name.
    let o = run(&["count", "MOSAIC+Full-Exclude+WRAPPING:3x3:a4g"]);
    assert!(o.status.success(), "{}", stderr(&o));
}
