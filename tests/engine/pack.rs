//! The bundled pack: pack.toml and the files agree, every puzzle loads and has exactly one solution.

use std::collections::BTreeSet;

use gridpuzzles::deduce::Deduce;
use gridpuzzles::game::Game;
use gridpuzzles::pack;
use gridpuzzles::with_game;

#[test]
fn manifest_and_files_agree() {
    let entries = pack::entries();
    let listed: BTreeSet<String> = entries.iter().map(|e| e.file.clone()).collect();
    let on_disk: BTreeSet<String> = pack::files().into_iter().collect();
    let missing: Vec<_> = listed.difference(&on_disk).collect();
    let orphans: Vec<_> = on_disk.difference(&listed).collect();
    assert!(missing.is_empty(), "listed but missing: {missing:?}");
    assert!(orphans.is_empty(), "files not in pack.toml: {orphans:?}");
    assert_eq!(listed.len(), entries.len(), "two entries share a file");
}

#[test]
fn names_are_unique_and_well_formed() {
    let entries = pack::entries();
    let names: BTreeSet<&str> = entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names.len(), entries.len());
    for e in &entries {
        let kind = e
            .kind()
            .unwrap_or_else(|| panic!("{}: unknown game {}", e.name, e.game));
        assert!(e.name.starts_with(&format!("{}/", kind.id())), "{}", e.name);
        assert!(e.file.starts_with(&format!("{}/", kind.id())), "{}", e.file);
        assert!(
            e.tier().is_some(),
            "{}: difficulty {}",
            e.name,
            e.difficulty
        );
        if e.source == pack::Source::Generator {
            assert!(e.generate_command().is_some(), "{}: no seed/size", e.name);
        }
    }
}

#[test]
fn course_defaults_are_there() {
    for (name, rows_line) in [
        ("tents/default-2020", Some("3 0 4 0 4 0 1 0 ")),
        ("tents/default-2025", Some("1 2 1 2 2 0 1 3 ")),
        ("lightup/default", None),
        ("mosaic/default", None),
    ] {
        let e = pack::find(name).unwrap_or_else(|| panic!("{name} missing"));
        if let Some(rows) = rows_line {
            assert_eq!(e.text().unwrap().lines().nth(1), Some(rows), "{name}");
        }
    }
    let light = pack::find("lightup/default").unwrap().load().unwrap();
    let want = gridpuzzles::games::AnyGame::from_tatham_id("7x7:b1f2iB2g1Bi2fBb", None).unwrap();
    assert_eq!(light.format(), want.format());
}

#[test]
fn every_pack_puzzle_loads_and_has_exactly_one_solution() {
    for e in pack::entries() {
        let game = e.load().unwrap_or_else(|err| panic!("{err}"));
        assert_eq!(Some(game.kind()), e.kind(), "{}", e.name);
        let count = with_game!(&game, g => g.count(Some(2)));
        assert_eq!(
            count,
            1u32.into(),
            "{} must have exactly one solution",
            e.name
        );
    }
}

#[test]
fn every_pack_puzzle_s_difficulty_is_what_the_grader_says() {
    let mut wrong = Vec::new();
    for e in pack::entries() {
        let game = e.load().unwrap_or_else(|err| panic!("{err}"));
        let grade = with_game!(&game, g => g.grade());
        if grade != e.tier() {
            wrong.push(format!(
                "{}: pack says {}, grader {grade:?}",
                e.name, e.difficulty
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn generated_entries_are_what_their_generate_command_makes() {
    use clap::Parser;
    use gridpuzzles::cli::args::{Cli, Command};
    use gridpuzzles::cli::generate::request;
    use gridpuzzles::games::any_gen_params::generate;
    let mut checked = 0;
    for e in pack::entries()
        .into_iter()
        .filter(|e| e.source == pack::Source::Generator)
    {
        let command = e.generate_command().unwrap();
        let cli = Cli::try_parse_from(command.split(' '));
        let Ok(Cli {
            command: Some(Command::Generate(args)),
            ..
        }) = cli
        else {
            panic!("{}: {command}: {cli:?}", e.name);
        };
        let options = request(&args).unwrap_or_else(|f| panic!("{}: {}", e.name, f.message));
        let made = generate(&options, args.seed.unwrap()).map(|g| g.format());
        assert_eq!(made.as_deref().ok(), e.text(), "{}: {command}", e.name);
        checked += 1;
    }
    assert!(checked >= 120, "only {checked} generated puzzles");
}

#[test]
fn each_game_has_forty_generated_puzzles_with_every_tier_and_variant() {
    for game in ["tents", "lightup", "mosaic"] {
        let entries: Vec<_> = pack::entries()
            .into_iter()
            .filter(|e| e.game == game && e.source == pack::Source::Generator)
            .collect();
        assert!(entries.len() >= 40, "{game}: {}", entries.len());
        for tier in ["easy", "tricky", "hard"] {
            assert!(
                entries.iter().any(|e| e.difficulty == tier),
                "{game} {tier}"
            );
        }
        assert!(entries.iter().any(|e| e.wrapping), "{game}: wrapping");
        let sides: Vec<usize> = entries
            .iter()
            .map(|e| {
                e.size
                    .as_deref()
                    .unwrap()
                    .split('x')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap()
            })
            .collect();
        assert_eq!(sides.iter().min(), Some(&5), "{game}");
        // Tents puzzles go up to 50x50 now that the player scrolls; the others to 25x25.
        let largest = if game == "tents" { 50 } else { 25 };
        assert_eq!(sides.iter().max(), Some(&largest), "{game}");
    }
    let all = pack::entries();
    assert!(all.iter().any(|e| e.game == "tents" && e.diagadj));
    for n in ["ortho", "full-exclude", "ortho-exclude"] {
        assert!(
            all.iter()
                .any(|e| e.game == "mosaic" && e.neighbourhood.as_deref() == Some(n)),
            "mosaic {n}"
        );
    }
}
