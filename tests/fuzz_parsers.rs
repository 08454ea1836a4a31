//! Fuzz suites over every parser: the three text formats, the three kinds of Tatham game ID,
//! puzzle files as bytes (the CLI's reader), theme TOML, progress files, the settings file and
//! `text`-mode command lines. Inputs are structure-aware mutations of real files (see
//! `fuzz/mod.rs`). Every case must end without a panic and within the memory bound; a refusal
//! must be located inside the input, and whatever is accepted must survive its writer and be
//! read back the same.
//!
//! `cargo test --test fuzz_parsers` runs a small budget; the long run (see README.md) sets
//! `GRIDPUZZLES_FUZZ_CASES`.

mod fuzz;

use std::path::Path;
use std::time::Duration;

use gridpuzzles::cli::load::parse_file;
use gridpuzzles::cli::text::{MAX_COMMAND_LINE, session};
use gridpuzzles::game::{Game, GameKind, ParseError};
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::game_id::looks_like_tatham_id;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::mosaic::Mosaic;
use gridpuzzles::games::tents::Tents;
use gridpuzzles::grid::Pos;
use gridpuzzles::play::Play;
use gridpuzzles::progress::codec::{
    decode_progress, decode_settings, decode_summary, encode_progress, encode_settings,
};
use gridpuzzles::progress::{PuzzleProgress, Settings};
use gridpuzzles::theme::{BUILTIN_THEMES, Themes, builtin_raw_themes, parse_theme};
use gridpuzzles::tui::model::{Record, Session};
use gridpuzzles::tui::saved::{GameProgress, progress_of, resume};

use fuzz::{Verdict, files, fuzz};

#[global_allocator]
static ALLOC: fuzz::CountingAlloc = fuzz::CountingAlloc;

/// Boards up to this many squares also get their error marks computed (the `check` command's
/// work on the hostile input); larger ones only go through the reader and the writer.
const CHECKED_SQUARES: usize = 4096;

// ---------------------------------------------------------------------------------------------
// Seeds

/// The pack's files and the peer files of `game` (as named in `puzzles/` and `tests/data`).
fn puzzle_files(game: &str) -> Vec<Vec<u8>> {
    let mut seeds = files(&format!("puzzles/{game}"), ".txt");
    seeds.extend(
        files("tests/data/peer-cases", ".txt")
            .into_iter()
            .filter(|f| {
                // Peer files are named after their game; keep those of this one.
                detect(f) == Some(game)
            }),
    );
    seeds
}

fn detect(bytes: &[u8]) -> Option<&'static str> {
    let text = std::str::from_utf8(bytes).ok()?;
    Some(match gridpuzzles::games::any::detect_file(text) {
        GameKind::Tents => "tents",
        GameKind::LightUp => "lightup",
        GameKind::Mosaic => "mosaic",
    })
}

/// Tatham IDs of the files of `game`, plus a few written by hand.
fn tatham_ids<G: Game>(game: &str, extra: &[&str]) -> Vec<Vec<u8>> {
    let mut ids: Vec<Vec<u8>> = puzzle_files(game)
        .iter()
        .filter_map(|f| G::parse(std::str::from_utf8(f).ok()?).ok())
        .map(|g| g.to_tatham_id().into_bytes())
        .collect();
    ids.extend(extra.iter().map(|s| s.as_bytes().to_vec()));
    ids
}

// ---------------------------------------------------------------------------------------------
// Properties

/// A refusal must name a line and column inside the input (or just past its end) and say what
/// was expected.
fn located(e: &ParseError, text: &str) -> Result<(), String> {
    let lines: Vec<&str> = text.split('\n').collect();
    let width = |line: usize| lines.get(line - 1).map_or(0, |l| l.chars().count());
    if e.line == 0 || e.col == 0 || e.expected.trim().is_empty() {
        return Err(format!("refusal not located: {e:?}"));
    }
    if e.line > lines.len() + 1 || e.col > width(e.line) + 1 {
        return Err(format!(
            "refusal at line {}, column {} is outside the input ({} lines)",
            e.line,
            e.col,
            lines.len()
        ));
    }
    Ok(())
}

/// What the program does with an accepted puzzle whatever the command: state, errors, win.
fn exercise<G: Game>(g: &G) {
    if g.topology().len() <= CHECKED_SQUARES {
        let _ = g.error_marks();
        let _ = g.is_won();
        let _ = g.cleared();
    }
}

/// A text file of game `G`: refused where it is wrong, or read back the same after writing.
fn text_file<G: Game>(bytes: &[u8]) -> Verdict {
    let text = String::from_utf8_lossy(bytes);
    match G::parse(&text) {
        Err(e) => located(&e, &text).map(|()| false),
        Ok(g) => {
            exercise(&g);
            let written = g.format();
            let again = G::parse(&written).map_err(|e| format!("own output refused: {e}"))?;
            if again != g {
                return Err("read back differently after writing".to_string());
            }
            Ok(true)
        }
    }
}

/// A Tatham ID of game `G`: refused where it is wrong (line 1), or exported and imported back
/// to the same puzzle.
fn tatham_id<G: Game>(bytes: &[u8]) -> Verdict {
    let id = String::from_utf8_lossy(bytes);
    match G::from_tatham_id(&id) {
        // An ID is one line whatever it holds: columns count its characters.
        Err(e) if e.line != 1 || e.col == 0 || e.col > id.chars().count() + 1 => {
            Err(format!("refusal outside the ID: {e:?}"))
        }
        Err(e) if e.expected.trim().is_empty() => Err(format!("refusal without a reason: {e:?}")),
        Err(_) => Ok(false),
        Ok(g) => {
            exercise(&g);
            let exported = g.to_tatham_id();
            let again = G::from_tatham_id(&exported)
                .map_err(|e| format!("own ID {exported:?} refused: {e}"))?;
            if again != g.cleared() {
                return Err(format!("ID {exported:?} imports another puzzle"));
            }
            Ok(true)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Suites: the text formats

#[test]
fn fuzz_tents_text_format() {
    fuzz("tents-text", &puzzle_files("tents"), text_file::<Tents>);
}

#[test]
fn fuzz_lightup_text_format() {
    fuzz(
        "lightup-text",
        &puzzle_files("lightup"),
        text_file::<LightUp>,
    );
}

#[test]
fn fuzz_mosaic_text_format() {
    fuzz("mosaic-text", &puzzle_files("mosaic"), text_file::<Mosaic>);
}

/// The CLI's reader: bytes (UTF-8 or not) of any game, recognised from their content.
#[test]
fn fuzz_puzzle_file_bytes() {
    let mut seeds = puzzle_files("tents");
    seeds.extend(puzzle_files("lightup"));
    seeds.extend(puzzle_files("mosaic"));
    fuzz("file-bytes", &seeds, |bytes| {
        match parse_file("f.txt", bytes, None) {
            Err(failure) => {
                let m = &failure.message;
                // Located, and in the terms of the game the file was read as.
                let read_as = ["Tents", "Light Up", "Mosaic"]
                    .iter()
                    .any(|g| m.starts_with(&format!("f.txt: read as {g}: line ")));
                // Bytes that are not UTF-8 are refused before any game is chosen.
                let not_text = m.starts_with("f.txt: line ") && m.ends_with("expected UTF-8 text");
                if !(read_as || not_text) || !m.contains(", column ") {
                    return Err(format!("refusal not located: {m}"));
                }
                Ok(false)
            }
            Ok(game) => {
                let again = AnyGame::parse(&game.format(), Some(game.kind()))
                    .map_err(|e| format!("own output refused: {e}"))?;
                if again != game {
                    return Err("read back differently after writing".to_string());
                }
                Ok(true)
            }
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Suites: Tatham IDs

#[test]
fn fuzz_tents_tatham_ids() {
    let extra = [
        "8x8:__b_c_a_d__a_b_,3,0,4,0,4,0,1,0,2,1,2,1,1,2,1,2",
        "5:a_,1,0,0,0,0,1,0,0,0,0",
    ];
    fuzz(
        "tents-id",
        &tatham_ids::<Tents>("tents", &extra),
        tatham_id::<Tents>,
    );
}

#[test]
fn fuzz_lightup_tatham_ids() {
    let extra = ["7x7:b1f2iB2g1Bi2fBb", "2x2:aB1a", "10x10b20s2d0#12345"];
    fuzz(
        "lightup-id",
        &tatham_ids::<LightUp>("lightup", &extra),
        tatham_id::<LightUp>,
    );
}

#[test]
fn fuzz_mosaic_tatham_ids() {
    let extra = ["5x5:a3b4b3c5a4a4a2b1c", "3x3h0:9z", "4x4#999"];
    fuzz(
        "mosaic-id",
        &tatham_ids::<Mosaic>("mosaic", &extra),
        tatham_id::<Mosaic>,
    );
}

/// Arguments shaped like game IDs, as the commands and the player's `o` read them: prefixes in
/// any letter case and spacing, with options, doubled colons, unknown prefixes, huge, negative
/// and malformed sizes. An argument that looks like an ID is never "no such file": it is read,
/// or refused with a line and column (or as valid for two games, naming both).
#[test]
fn fuzz_id_shaped_arguments() {
    let tents = "10x10:aadggbcbbbfmcdf_adaaah,3,2,3,1,2,1,2,2,2,3,4,1,2,2,2,1,3,1,1,4";
    let seeds: Vec<Vec<u8>> = [
        format!("TENTS:{tents}"),
        format!("Tents: {tents}"),
        format!("tents::{tents}"),
        "light:40x40:abc".to_string(),
        "LightUp:7x7:b1f2iB2g1Bi2fBb".to_string(),
        "mosaic :5x5:a3b4b3c5a4a4a2b1c".to_string(),
        "4097x-1:abc".to_string(),
        "99999999999999999999x3:a".to_string(),
        "3x-4:a".to_string(),
        "0x0:".to_string(),
        "3x3:i".to_string(),
        "3x3:b43c2a".to_string(),
        format!("tents+wrapping+diagadj+local:{tents}"),
        "Mosaic+Ortho-Exclude+wrapping:3x3:a4g".to_string(),
        "lightup+bogus:7x7:b1f2iB2g1Bi2fBb".to_string(),
        "-1x5:a".to_string(),
        "x5:a".to_string(),
        ":7x7:b1f2iB2g1Bi2fBb".to_string(),
        " 7x7:b1f2iB2g1Bi2fBb".to_string(),
        "1e3x1:1h".to_string(),
    ]
    .into_iter()
    .map(String::into_bytes)
    .collect();
    fuzz("id-shaped", &seeds, |bytes| {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return Ok(false);
        };
        // Names of puzzles made here are read from the data folder: not this suite's business.
        if !looks_like_tatham_id(text) || gridpuzzles::kept::is_kept(text) {
            return Ok(false);
        }
        match gridpuzzles::puzzle_arg::read(text, None) {
            Ok(_) => Ok(true),
            Err(m) if m.contains("line 1, column ") || m.contains("valid for both") => Ok(false),
            Err(m) => Err(format!("refusal not located: {m}")),
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Suite: theme TOML

#[test]
fn fuzz_theme_files() {
    let mut seeds: Vec<Vec<u8>> = BUILTIN_THEMES
        .iter()
        .map(|(_, text)| text.as_bytes().to_vec())
        .collect();
    seeds.extend(files("themes", ".toml"));
    seeds.push(b"parent = \"mine\"\nglyphs = \"ascii\"\n[styles]\ncursor = { fg = \"#ff00ff\", add_modifier = \"BOLD | REVERSED\" }\n".to_vec());
    seeds.push(b"parent = \"default\"\n[styles]\nerror = { fg = \"indexed(196)\", bg = \"Rgb(1, 2, 3)\" }\n".to_vec());
    let (builtins, errors) = builtin_raw_themes();
    assert!(errors.is_empty());
    fuzz("theme", &seeds, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        let path = Path::new("themes/mine.toml");
        // The same file under a new name and under a built-in's (an override).
        let mut users = Vec::new();
        for name in ["mine", "default"] {
            match parse_theme(name, &text, path) {
                Ok(raw) => users.push(raw),
                Err(e) => {
                    if e.path != path {
                        return Err(format!("error names another file: {e:?}"));
                    }
                    if let Some(p) = e.position {
                        let lines = text.split('\n').count();
                        if p.line == 0 || p.line > lines + 1 || p.column == 0 {
                            return Err(format!("error outside the file: {e:?}"));
                        }
                    }
                }
            }
        }
        let accepted = !users.is_empty();
        let (themes, _errors) = Themes::resolve(builtins.clone(), users);
        if themes.get("default").is_none() {
            return Err("no default theme after resolving".to_string());
        }
        Ok(accepted)
    });
}

// ---------------------------------------------------------------------------------------------
// Suites: progress and settings files

/// A real session of each game, saved: moves, an undo, a redo left.
fn saved_sessions() -> Vec<(GameKind, String)> {
    fn played<G: Game>(g: G, moves: &[(usize, usize, G::Piece)]) -> Play<G> {
        let mut play = Play::new(g);
        for &(r, c, piece) in moves {
            play = play.play(Pos::new(r, c), piece).0;
        }
        play.undo()
    }
    use gridpuzzles::games::{lightup::Piece, mosaic::Colour, tents::Square};
    let sessions = [
        Session::Tents(played(
            Tents::default_2020(),
            &[
                (0, 0, Square::Tent),
                (1, 1, Square::Grass),
                (0, 3, Square::Tent),
            ],
        )),
        Session::LightUp(played(
            LightUp::default_game(),
            &[
                (0, 0, Piece::Bulb),
                (6, 6, Piece::Mark),
                (3, 3, Piece::Bulb),
            ],
        )),
        Session::Mosaic(played(
            Mosaic::default_game(),
            &[
                (0, 0, Colour::Black),
                (1, 1, Colour::White),
                (2, 2, Colour::Black),
            ],
        )),
    ];
    let record = Record {
        solved: true,
        best: Some(Duration::from_millis(61_234)),
        solves: Vec::new(),
    };
    sessions
        .iter()
        .map(|s| {
            let text = match progress_of(s, Duration::from_secs(75), &record) {
                GameProgress::Tents(p) => encode_progress("tents/default", &p),
                GameProgress::LightUp(p) => encode_progress("lightup/default", &p),
                GameProgress::Mosaic(p) => encode_progress("mosaic/default", &p),
            };
            (s.kind(), text.expect("a session encodes"))
        })
        .collect()
}

/// A progress file for game `G`: refused with a reason, or written back the same, and resumed
/// on the game's default puzzle or refused as not fitting it.
fn progress_file<G: Game>(text: &str, puzzle: &G) -> Verdict
where
    G::Piece: serde::Serialize + serde::de::DeserializeOwned,
{
    let _ = decode_summary(text);
    match decode_progress::<G::Piece>(text) {
        Err(reason) => {
            if reason.trim().is_empty() {
                return Err("refused without a reason".to_string());
            }
            Ok(false)
        }
        Ok((name, progress)) => {
            let written = encode_progress(&name, &progress)?;
            let (name2, again): (String, PuzzleProgress<G::Piece>) =
                decode_progress(&written).map_err(|e| format!("own output refused: {e}"))?;
            if name2 != name || again != progress {
                return Err("read back differently after writing".to_string());
            }
            let _ = resume(puzzle, &progress);
            Ok(true)
        }
    }
}

#[test]
fn fuzz_progress_files() {
    let saved = saved_sessions();
    let seeds: Vec<Vec<u8>> = saved.iter().map(|(_, t)| t.clone().into_bytes()).collect();
    let (tents, lightup, mosaic) = (
        Tents::default_2020(),
        LightUp::default_game(),
        Mosaic::default_game(),
    );
    fuzz("progress", &seeds, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        // Each game's reader sees every file: a file of another game must be refused cleanly.
        let a = progress_file(&text, &tents)?;
        let b = progress_file(&text, &lightup)?;
        let c = progress_file(&text, &mosaic)?;
        Ok(a || b || c)
    });
}

#[test]
fn fuzz_settings_files() {
    let seeds: Vec<Vec<u8>> = [
        Settings::default(),
        Settings {
            theme: Some("high-contrast".into()),
            ascii: true,
            theme_glyphs: false,
            ..Default::default()
        },
    ]
    .iter()
    .map(|s| encode_settings(s).unwrap().into_bytes())
    .chain([b"theme = \"light\"\nascii = false\n# a comment\n".to_vec()])
    .collect();
    fuzz("settings", &seeds, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        match decode_settings(&text) {
            Err(reason) if reason.trim().is_empty() => Err("refused without a reason".into()),
            Err(_) => Ok(false),
            Ok(settings) => {
                let again = decode_settings(&encode_settings(&settings)?)
                    .map_err(|e| format!("own output refused: {e}"))?;
                if again != settings {
                    return Err("read back differently after writing".to_string());
                }
                Ok(true)
            }
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Suite: `text` mode command lines

/// Plays `input` as `text` mode commands on `g`; the game that comes out must still be a game
/// its own reader accepts unchanged.
fn text_session<G: Game>(g: G, input: &[u8]) -> Verdict {
    let mut out = Vec::new();
    let play = session(Play::new(g), input, &mut out)
        .map_err(|e| format!("I/O error: {e}"))?
        .play;
    let state = play.state();
    if G::parse(&state.format()).as_ref() != Ok(state) {
        return Err("the position played does not read back".to_string());
    }
    Ok(!out.is_empty())
}

#[test]
fn fuzz_text_mode_command_lines() {
    let seeds: Vec<Vec<u8>> = [
        "t 0 0\ng 1 1\nz\ny\nr\nh\nt 0 3\ne 0 3\nq\n",
        "l 0 0\nm 6 6\nl 3 3\nz\nz\ny\nx 1 1\nl -1 99999999999999999999\n",
        "b 0 0\nw 1 1\nb 2 2\nr\nz\ny\nb 4 4\n\n\nq\n",
        "t 9223372036854775807 -9223372036854775808\nbogus\n  t   1   1  \r\nh\n",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    fuzz("text-commands", &seeds, |bytes| {
        // `s FILE` writes a file: not from random input.
        let lines: Vec<&[u8]> = bytes
            .split(|&b| b == b'\n')
            .filter(|l| !l.trim_ascii_start().starts_with(b"s"))
            .collect();
        let input = lines.join(&b'\n');
        let game = bytes.first().copied().unwrap_or(0) % 3;
        match game {
            0 => text_session(Tents::default_2020(), &input),
            1 => text_session(LightUp::default_game(), &input),
            _ => text_session(Mosaic::default_game(), &input),
        }
    });
}

/// The two refusals only `text` mode has: a line too long to hold, and one that is not text.
#[test]
fn text_mode_refuses_long_and_binary_lines_and_plays_on() {
    let mut input = vec![b'7'; MAX_COMMAND_LINE * 3];
    input.extend_from_slice(b"\nt\xff 0 0\nt 0 0\n");
    let mut out = Vec::new();
    let play = session(Play::new(Tents::default_2020()), &input[..], &mut out)
        .unwrap()
        .play;
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains(&format!(
            "invalid command: longer than {MAX_COMMAND_LINE} bytes"
        )),
        "{out}"
    );
    assert!(
        out.contains("invalid command: not UTF-8 text (byte 2)"),
        "{out}"
    );
    assert_eq!(
        play.history().done().len(),
        1,
        "the good line after them was played"
    );
    assert!(!out.contains("7777777777"), "the long line was echoed");
}

/// The largest Tents grid a file may describe is read (a small file: short rows are padded),
/// written and read back within the memory bound; one more row is refused at the header.
#[test]
fn the_largest_grid_is_read_within_the_bound_and_a_larger_one_refused() {
    let side = 4096;
    assert_eq!(side * side, gridpuzzles::game::MAX_SQUARES);
    let counts = |n: usize| "0 ".repeat(n) + "\n";
    let file = |rows: usize| {
        format!("{rows} {side} 0 0\n{}{}", counts(rows), counts(side)) + &"\n".repeat(rows)
    };
    let largest = file(side);
    let report = fuzz::check_one(&largest.clone().into_bytes(), text_file::<Tents>);
    assert_eq!(report, Ok(true));
    let err = Tents::parse(&file(side + 1)).unwrap_err();
    assert_eq!((err.line, err.col), (1, 1));
    assert!(err.expected.contains("at most 16777216 squares"), "{err}");
}
