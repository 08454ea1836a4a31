//! The real binary: every command, its output, exit codes and errors on bad input.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use crate::common::binary;
use binary::{bin, run, stderr, stdout};

fn peer(file: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/peer-cases")
        .join(file)
        .to_string_lossy()
        .into_owned()
}

fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn temp_file(name: &str, content: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, content).unwrap();
    (dir, path)
}

const TENTS_DEFAULT: &str = "tents_laamphan_c-game-tents_game_default.txt";
const TENTS_2025_ID: &str = "8x8:_d_oaaien_b_a,3,0,2,1,2,1,2,1,1,2,1,2,2,0,1,3";
const LIGHTUP_ID: &str = "7x7:b1f2iB2g1Bi2fBb";

#[test]
fn count_prints_the_number_and_a_newline() {
    let o = run(&["count", &peer(TENTS_DEFAULT)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "1\n");
    let o = run(&["count", &peer("lightup_rbus64_lightup_8x8_v1.txt")]);
    assert_eq!(stdout(&o), "6628\n");
    let o = run(&[
        "count",
        &peer("mosaic_NgocBui71_Projet-technologique_test3x3_orthoexcl_c1.txt"),
    ]);
    assert_eq!(stdout(&o), "256\n");
}

#[test]
fn count_stops_at_the_limit() {
    let o = run(&[
        "count",
        "--limit",
        "10",
        &peer("lightup_rbus64_lightup_8x8_v1.txt"),
    ]);
    assert_eq!(stdout(&o), "10\n");
}

/// A limit above what the Tents engine lists first, on a dense puzzle with one solution: the
/// count is 1 (the search alone once took a minute on a 100x100 such puzzle).
#[test]
fn count_with_a_high_limit_counts_a_dense_tents_puzzle() {
    let puzzle = format!(
        "{}/benches/data/tents-yangzhu/tents-30x30-1.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let o = run(&["count", "--rule4", "matching", "--limit", "1001", &puzzle]);
    assert_eq!(stdout(&o), "1\n");
}

#[test]
fn count_writes_to_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("n.txt");
    let o = run(&["count", &peer(TENTS_DEFAULT), out.to_str().unwrap()]);
    assert!(o.status.success());
    assert_eq!(std::fs::read_to_string(out).unwrap(), "1\n");
    assert_eq!(stdout(&o), "");
}

#[test]
fn solve_prints_a_solution_that_check_accepts() {
    for file in [
        TENTS_DEFAULT,
        "lightup_iTschoCapic_lightup_default.txt",
        "mosaic_ani-owl_mosaic_default.txt",
        "tents_laamphan_c-game-tents_game_3x3wd.txt",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("sol.txt");
        let o = run(&["solve", &peer(file), out.to_str().unwrap()]);
        assert!(o.status.success(), "{file}: {}", stderr(&o));
        let c = run(&["check", out.to_str().unwrap()]);
        assert!(c.status.success(), "{file}: {}", stdout(&c));
    }
}

#[test]
fn solve_of_the_default_tents_game_is_the_known_solution() {
    let o = run(&["solve", &peer(TENTS_DEFAULT)]);
    let want = std::fs::read_to_string(peer(
        "tents_laamphan_c-game-tents_game_default_solution.txt",
    ))
    .unwrap();
    assert_eq!(stdout(&o), want);
}

#[test]
fn solve_exits_1_when_there_is_no_solution() {
    let o = run(&["solve", &peer("lightup_iTschoCapic_lightup_impossible.txt")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    assert!(stderr(&o).contains("no solution"));
}

#[test]
fn check_reports_errors_with_exit_1() {
    let (_d, p) = temp_file(
        "t.txt",
        "8 8 0 0\n3 0 4 0 4 0 1 0 \n4 0 1 2 1 1 2 1 \n******xx\nx      x\n    x   \nx    x  \n x      \nx   x x \n        \nx       \n",
    );
    let o = run(&["check", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.lines().count() >= 1);
    assert!(out.lines().all(|l| l.starts_with("error: ")), "{out}");
}

#[test]
fn check_accepts_won_files() {
    for f in [
        "tents_laamphan_c-game-tents_game_default_solution.txt",
        "lightup_RitualCoder_Lightup_default_solution.txt",
        "mosaic_ani-owl_mosaic_solution.txt",
    ] {
        let o = run(&["check", &peer(f)]);
        assert_eq!(o.status.code(), Some(0), "{f}: {}", stdout(&o));
    }
    let o = run(&["check", &peer(TENTS_DEFAULT)]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn convert_round_trips_tatham_ids() {
    // Rule 4 is each format's own (a file reads as `local`, an ID as `matching`): the course's
    // files convert to Tatham's plain IDs, with or without `--rule4`, and no warning.
    for id in [TENTS_2025_ID, LIGHTUP_ID] {
        let o = run(&["convert", id, "--to", "file"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let (_d, p) = temp_file("p.txt", &stdout(&o));
        for options in [&[][..], &["--rule4", "matching"][..]] {
            let mut args = vec!["convert", p.to_str().unwrap(), "--to", "id"];
            args.extend(options.iter().filter(|_| id == TENTS_2025_ID));
            let back = run(&args);
            assert_eq!(stdout(&back), format!("{id}\n"));
            assert_eq!(stderr(&back), "", "no option is lost, so no warning");
        }
    }
    let o = run(&["convert", TENTS_2025_ID, "--to", "file"]);
    assert!(
        stdout(&o).starts_with("8 8 0 0\n1 2 1 2 2 0 1 3 \n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn tatham_ids_are_accepted_as_puzzles() {
    let o = run(&["count", LIGHTUP_ID]);
    assert_eq!(stdout(&o), "1\n");
    let o = run(&["count", TENTS_2025_ID]);
    assert_eq!(stdout(&o), "1\n");
}

#[test]
fn seed_ids_are_refused_clearly() {
    let o = run(&["count", "8x8de#123456"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).to_lowercase().contains("seed"), "{}", stderr(&o));
}

#[test]
fn bad_files_are_located_errors() {
    let (_d, p) = temp_file("bad.txt", "2 2 0 0\n1 0 \n0 1 \nxQ\n  \n");
    let o = run(&["count", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("bad.txt"), "{err}");
    assert!(err.contains("line 4"), "{err}");
    assert!(err.contains("column 2"), "{err}");
    assert!(stdout(&o).is_empty());
}

#[test]
fn missing_file_is_an_error() {
    let o = run(&["solve", "/no/such/puzzle.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/no/such/puzzle.txt"));
}

#[test]
fn binary_garbage_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bin.txt");
    std::fs::write(&p, [0xffu8, 0xfe, 0x00, 0x41]).unwrap();
    let o = run(&["check", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn overrides_change_the_rules() {
    // 3x3 with one tree at (0,0) and a tent needed in column 2: only wrapping makes it solvable.
    let (_d, p) = temp_file("w.txt", "3 3 0 0\n1 0 0 \n0 0 1 \nx  \n   \n   \n");
    assert_eq!(stdout(&run(&["count", p.to_str().unwrap()])), "0\n");
    assert_eq!(
        stdout(&run(&["count", "--wrapping", p.to_str().unwrap()])),
        "1\n"
    );
    let o = run(&["count", "--neighbourhood", "ortho", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn game_can_be_forced() {
    let o = run(&["count", "--game", "mosaic", &peer(TENTS_DEFAULT)]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn text_mode_plays_the_default_tents_game() {
    let o = run_with_input(&["text"], "t 1 1\nt 0 4\nq\n");
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.contains("   01234567\n   --------\n0 |    xx  | 3\n"),
        "{out}"
    );
    assert!(out.contains("\n   40121121\n"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("losing move:")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("illegal move:")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("error:")), "{out}");
}

#[test]
fn text_mode_wins_with_congratulations() {
    let solution = common::TENTS_2020_SOLUTION;
    let mut input: String = solution
        .iter()
        .map(|(i, j)| format!("t {i} {j}\n"))
        .collect();
    input += "t 7 7\n";
    let o = run_with_input(&["text", &peer(TENTS_DEFAULT)], &input);
    assert!(o.status.success());
    let out = stdout(&o).to_lowercase();
    assert!(out.contains("congratulations"), "{out}");
    // The session ends at the win: the move after it is never read.
    assert!(!out.contains("(7,7)"));
}

#[test]
fn text_mode_undo_redo_restart_and_save() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("s.txt");
    let input = format!("t 0 0\nz\ny\ng 1 1\ns {}\nr\nq\n", save.display());
    let o = run_with_input(&["text", &peer(TENTS_DEFAULT)], &input);
    assert!(o.status.success());
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.lines().nth(3).unwrap().starts_with('*'), "{saved}");
    assert_eq!(saved.lines().nth(4).unwrap().chars().nth(1), Some('-'));
}

#[test]
fn text_mode_for_light_up_and_mosaic() {
    let o = run_with_input(&["text", "--game", "lightup"], "l 0 0\nl 0 2\nq\n");
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("illegal move:"), "{out}");
    assert!(out.contains("0 |*.1    |"), "{out}");
    let o = run_with_input(&["text", "--game", "mosaic"], "b 0 0\nq\n");
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.lines().any(|l| l.starts_with("error:")), "{out}");
    assert!(out.contains("🄌"), "{out}");
}

#[test]
fn text_mode_survives_junk_and_off_grid_moves() {
    let o = run_with_input(&["text"], "hello\nt 99 99\nt -1 0\nt a b\n\nh\n");
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("illegal move:"))
            .count(),
        2,
        "{out}"
    );
}

#[test]
fn errors_go_to_stderr_for_bad_usage() {
    let o = run(&["count"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stdout(&o).is_empty());
}

#[test]
fn pack_names_are_puzzles_and_list_shows_them() {
    let o = run(&["count", "tents/default"]);
    assert_eq!(stdout(&o), "1\n");
    let o = run(&["count", "lightup/default"]);
    assert_eq!(stdout(&o), "1\n");
    let home = tempfile::tempdir().unwrap();
    let o = bin()
        .arg("list")
        .env("GRIDPUZZLES_HOME", home.path())
        .output()
        .unwrap();
    assert!(o.status.success());
    let out = stdout(&o);
    let first_words: Vec<&str> = out
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    for name in [
        "tents/default-2020",
        "tents/default-2025",
        "lightup/default",
        "mosaic/default",
    ] {
        assert!(first_words.contains(&name), "{out}");
    }
    assert!(out.lines().all(|l| l.contains(" new ")), "{out}");
}

#[test]
fn themes_lists_the_shipped_themes() {
    let home = tempfile::tempdir().unwrap();
    let o = bin()
        .arg("themes")
        .env("GRIDPUZZLES_HOME", home.path())
        .output()
        .unwrap();
    assert!(o.status.success());
    let out = stdout(&o);
    for name in ["default", "light", "ansi16", "high-contrast", "mono"] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{out}");
    }
}

#[test]
fn hint_names_its_rule_and_json_has_the_spec_keys() {
    let o = run(&["hint", "tents/default"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().count() >= 3, "{out}");
    let o = run(&["hint", "--json", "tents/default"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    for key in ["rule", "tier", "kind", "sets", "premises", "explanation"] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    let first = &v["sets"][0];
    assert!(first["row"].is_u64() && first["col"].is_u64());
    assert!(
        ["*", "-"].contains(&first["value"].as_str().unwrap()),
        "{v}"
    );
}

#[test]
fn hint_refuses_won_and_erroneous_positions() {
    let o = run(&[
        "hint",
        &peer("tents_laamphan_c-game-tents_game_default_solution.txt"),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("won"), "{}", stderr(&o));
    let (_d, p) = temp_file(
        "e.txt",
        "8 8 0 0\n3 0 4 0 4 0 1 0 \n4 0 1 2 1 1 2 1 \n**  xx  \nx      x\n    x   \nx    x  \n x      \nx   x x \n        \nx       \n",
    );
    let o = run(&["hint", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("error"), "{}", stderr(&o));
}

#[test]
fn generate_is_reproducible_and_unique() {
    let args = [
        "generate",
        "tents",
        "--size",
        "8x8",
        "--difficulty",
        "easy",
        "--seed",
        "42",
    ];
    let a = run(&args);
    assert!(a.status.success(), "{}", stderr(&a));
    let b = run(&args);
    assert_eq!(a.stdout, b.stdout);
    let (_d, p) = temp_file("g.txt", &stdout(&a));
    assert_eq!(stdout(&run(&["count", p.to_str().unwrap()])), "1\n");
    assert!(stdout(&a).starts_with("8 8 0 0\n"));
}

#[test]
fn generate_writes_count_files_into_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&[
        "generate",
        "tents",
        "--size",
        "6x6",
        "--seed",
        "1",
        "--count",
        "3",
        "--output",
        dir.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
}

#[test]
fn hint_works_for_every_game() {
    for (puzzle, rule, value) in [
        ("tents/default", "finish-with-grass", "-"),
        ("lightup/default", "wall-needs-all", "*"),
        ("mosaic/default", "clue-complete", "w"),
    ] {
        let o = run(&["hint", "--json", puzzle]);
        assert!(o.status.success(), "{puzzle}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["rule"], rule, "{puzzle}: {v}");
        assert_eq!(v["tier"], "easy", "{puzzle}: {v}");
        assert_eq!(v["sets"][0]["value"], value, "{puzzle}: {v}");
    }
}

#[test]
fn generate_works_for_every_game_and_the_puzzle_is_unique() {
    for (game, first_line) in [
        ("tents", "7 7 0 0\n"),
        ("lightup", "7 7 0\n"),
        ("mosaic", "7 7 0 0\n"),
    ] {
        let args = [
            "generate",
            game,
            "--size",
            "7x7",
            "--difficulty",
            "easy",
            "--seed",
            "5",
        ];
        let a = run(&args);
        assert!(a.status.success(), "{game}: {}", stderr(&a));
        assert_eq!(
            run(&args).stdout,
            a.stdout,
            "{game}: same seed, same puzzle"
        );
        let text = stdout(&a);
        assert!(text.starts_with(first_line), "{game}: {text}");
        let (_d, p) = temp_file("g.txt", &text);
        assert_eq!(
            stdout(&run(&["count", p.to_str().unwrap()])),
            "1\n",
            "{game}"
        );
    }
}

#[test]
fn mosaic_density_keeps_more_clues_and_one_solution() {
    let clues = |text: &str| {
        text.lines()
            .skip(1)
            .flat_map(|l| l.as_bytes().chunks(2))
            .filter(|c| c[0].is_ascii_digit())
            .count()
    };
    let base = ["generate", "mosaic", "--size", "8x8", "--seed", "2"];
    let minimal = run(&base);
    let dense = run(&[&base[..], &["--density", "60"]].concat());
    assert!(
        minimal.status.success() && dense.status.success(),
        "{}",
        stderr(&dense)
    );
    assert!(
        clues(&stdout(&dense)) > clues(&stdout(&minimal)),
        "{}\n{}",
        stdout(&minimal),
        stdout(&dense)
    );
    assert!(clues(&stdout(&dense)) <= 64 * 60 / 100);
    let (_d, p) = temp_file("m.txt", &stdout(&dense));
    assert_eq!(stdout(&run(&["count", p.to_str().unwrap()])), "1\n");
    let wrong = run(&["generate", "tents", "--density", "50"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(stderr(&wrong).contains("--density is a Mosaic option, not a Tents one"));
}

#[test]
fn puzzles_can_come_from_stdin() {
    let text = std::fs::read_to_string(peer(TENTS_DEFAULT)).unwrap();
    let o = run_with_input(&["count", "/dev/stdin"], &text);
    assert_eq!(stdout(&o), "1\n", "{}", stderr(&o));
}

#[test]
fn count_limit_must_be_at_least_one() {
    let o = run(&["count", "--limit", "0", "tents/default"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("at least 1"), "{}", stderr(&o));
}

#[test]
fn a_count_the_limit_stops_says_so_on_stderr_only() {
    let many = peer("lightup_rbus64_lightup_8x8_v1.txt");
    let o = run(&["count", "--limit", "1", &many]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "1\n");
    assert!(
        stderr(&o).contains("at least 1 solution (stopped at --limit 1)"),
        "{}",
        stderr(&o)
    );
    let o = run(&["count", "--limit", "10", &many]);
    assert_eq!(stdout(&o), "10\n");
    assert!(stderr(&o).contains("at least 10 solutions (stopped at --limit 10)"));
    // Below the limit the count is exact: no note.
    let o = run(&["count", "--limit", "10000", &many]);
    assert_eq!(stdout(&o), "6628\n");
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
}

#[test]
fn each_game_takes_its_own_options_and_refuses_the_others_naming_their_game() {
    for (args, message) in [
        (
            &["count", "--neighbourhood", "ortho", "tents/default"][..],
            "--neighbourhood is a Mosaic option, not a Tents one",
        ),
        (
            &["solve", "--diagadj", "lightup/default"],
            "--diagadj is a Tents option, not a Light Up one",
        ),
        (
            &["check", "--rule4", "matching", LIGHTUP_ID],
            "--rule4 is a Tents option, not a Light Up one",
        ),
        (
            &["count", "--diagadj=false", "mosaic/default"],
            "--diagadj is a Tents option, not a Mosaic one",
        ),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
    // Its own: the default Tents puzzle keeps its one solution under either rule, and Mosaic's
    // neighbourhood changes its count.
    let o = run(&[
        "count",
        "--rule4",
        "matching",
        "--diagadj=false",
        "tents/default",
    ]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), "1\n"));
    let plain = run(&["count", "mosaic/default"]);
    let ortho = run(&["count", "--neighbourhood", "ortho", "mosaic/default"]);
    assert!(plain.status.success() && ortho.status.success());
    assert_ne!(stdout(&plain), stdout(&ortho));
}

#[test]
fn prove_writes_a_proof_that_verify_accepts() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("default.proof");
    let out = run(&["prove", "tents/default", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(
        written.starts_with("gridpuzzles proof\ngame tents\n"),
        "{written}"
    );
    let out = run(&["verify", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("proof complete: 8 steps, 0 case splits"),
        "{}",
        stdout(&out)
    );
    // To stdout without OUTPUT.
    let out = run(&["prove", "lightup/default"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("by wall-needs-all"));
}

#[test]
fn verify_names_the_first_invalid_step_the_open_branches_or_the_malformed_line() {
    let proof =
        |steps: &str| format!("gridpuzzles proof\ngame mosaic\npuzzle 5x5:0b3b5e4a16a63f\n{steps}");
    let (_d, bad) = temp_file(
        "bad.proof",
        &proof("white (0,0) by clue-complete\nblack (2,4) by clue-fill\n"),
    );
    let out = run(&["verify", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("line 5: invalid step by clue-fill at (2,4)"),
        "{err}"
    );
    let (_d, open) = temp_file(
        "open.proof",
        &proof("case black-or-white (2,2)\nbranch 1/2\nbranch 2/2\n"),
    );
    let out = run(&["verify", open.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("incomplete: 2 open branches"),
        "{}",
        stderr(&out)
    );
    let (_d, malformed) = temp_file("malformed.proof", &proof("white (0,0) bye clue-complete\n"));
    let out = run(&["verify", malformed.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 4, column 13"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn prove_exits_1_when_the_puzzle_has_several_solutions() {
    // An open 2x2 Light Up grid: bulbs on either diagonal.
    let (_d, file) = temp_file("two.txt", "2 2 0\nbb\nbb\n");
    let out = run(&["prove", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("several solutions"),
        "{}",
        stderr(&out)
    );
}
