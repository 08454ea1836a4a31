//! The help's rules: every pack puzzle's option set reads its rules whole at 80x24, scrolling
//! through the overlay; and each sentence that depends on an option says what the rules engine
//! does with that option (a tiny position for each, checked with `is_won` and the error marks).

use std::collections::BTreeMap;

use gridpuzzles::game::Game;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::mosaic::{Mosaic, Neighbourhood, Status};
use gridpuzzles::games::tents::{Rule4, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::look::Look;
use gridpuzzles::tui::layout::help;
use gridpuzzles::tui::model::{Model, Overlay, Settings};
use gridpuzzles::tui::msg::{Direction, Msg};
use gridpuzzles::tui::{update, view};
use gridpuzzles::with_game;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn send(model: &Model, msgs: impl IntoIterator<Item = Msg>) -> Model {
    msgs.into_iter()
        .fold(model.clone(), |m, msg| update(&m, msg).0)
}

/// Text with every run of white space made one space.
fn plain(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

// ------------------------------------------------------------ every pack option set, whole

/// One pack puzzle of each option set (game and options summary), by name.
fn option_sets() -> BTreeMap<(String, String), (String, AnyGame)> {
    let mut sets = BTreeMap::new();
    for entry in gridpuzzles::pack::entries() {
        let game = entry.load().expect("pack puzzles load");
        let summary = with_game!(&game, g => g.options_summary());
        sets.entry((entry.game.clone(), summary))
            .or_insert((entry.name.clone(), game));
    }
    sets
}

/// The help's text rows as the screen shows them, at each scroll offset from the top to the
/// last: row `i` of the help is read in every frame that shows it, and must read the same in
/// each. Each frame's rows are read inside the help's frame, whose side borders must be whole.
fn scrolled_rows(model: &Model, width: u16, height: u16) -> Vec<String> {
    let mut m = send(model, [Msg::Resize(width, height), Msg::ToggleHelp]);
    assert_eq!(m.overlay, Overlay::Help);
    let mut rows: Vec<Option<String>> = Vec::new();
    loop {
        let page = help::page(&m);
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| view(&m, frame)).unwrap();
        let buffer = terminal.backend().buffer().clone();
        let cell = |x: u16, y: u16| buffer[(x, y)].symbol().to_string();
        for i in 0..page.text.height {
            let y = page.text.y + i;
            assert_eq!(cell(page.popup.x, y), "│", "left border at row {y}");
            assert_eq!(
                cell(page.popup.right() - 1, y),
                "│",
                "right border at row {y}"
            );
            let line: String = (page.text.x..page.text.right())
                .map(|x| cell(x, y))
                .collect();
            let index = m.help_scroll + usize::from(i);
            if rows.len() <= index {
                rows.resize(index + 1, None);
            }
            let line = line.trim_end().to_string();
            match &rows[index] {
                Some(seen) => assert_eq!(seen, &line, "row {index} changed while scrolling"),
                None => rows[index] = Some(line),
            }
        }
        let next = send(&m, [Msg::Move(Direction::Down)]);
        if next.help_scroll == m.help_scroll {
            break;
        }
        m = next;
    }
    rows.into_iter()
        .map(|r| r.expect("every row was shown"))
        .collect()
}

#[test]
fn every_pack_option_set_reads_its_rules_whole_at_80x24() {
    let sets = option_sets();
    // Tents with and without diagadj and wrapping, Light Up with and without wrapping, and all
    // four Mosaic neighbourhoods, some wrapping.
    assert!(sets.len() >= 9, "{:?}", sets.keys());
    for ((game, summary), (name, puzzle)) in &sets {
        let model = Model::new(puzzle.clone(), Settings::default());
        let rows = scrolled_rows(&model, 80, 24);
        let read = plain(&rows.join(" "));
        let rules = with_game!(puzzle, g => g.rules_text());
        assert!(!rules.is_empty());
        for rule in &rules {
            assert!(
                read.contains(&plain(rule)),
                "{game} ({summary}, {name}): the rule {rule:?} is not read whole in:\n{}",
                rows.join("\n")
            );
        }
        // The rules come first: the first frame opens on them.
        assert!(rows[0].starts_with("Rules of this puzzle"), "{}", rows[0]);
        assert!(
            read.contains(&format!("({summary})")),
            "{name}: the options in force are named"
        );
        // Then the keys, to the last one, and the mouse.
        assert!(read.contains("q Ctrl-C quit (progress kept)"), "{name}");
        assert!(
            read.contains("mouse click:") && read.ends_with("wheel scrolls"),
            "{name}: the help ends on the mouse line:\n{}",
            rows.join("\n")
        );
    }
}

#[test]
fn the_help_fits_and_scrolls_at_larger_sizes_too() {
    let puzzle = gridpuzzles::pack::find("tents/10x10-easy-03")
        .expect("the diagadj Tents puzzle is in the pack")
        .load()
        .unwrap();
    let model = Model::new(puzzle, Settings::default());
    for (w, h) in [(80, 24), (100, 30), (160, 50)] {
        let rows = scrolled_rows(&model, w, h);
        assert!(
            plain(&rows.join(" ")).contains("Tents may touch diagonally"),
            "{w}x{h}"
        );
    }
}

// ------------------------------------------------------------ Tents: the text and the engine

/// A Tents position from its rows (`x` tree, `*` tent, `-` grass, ` ` empty) and counts.
fn tents(
    rows: &[&str],
    row_counts: &[usize],
    col_counts: &[usize],
    wrapping: bool,
    diagadj: bool,
    rule4: Rule4,
) -> Tents {
    let counts = |v: &[usize]| v.iter().map(|n| format!("{n} ")).collect::<String>();
    let text = format!(
        "{} {} {} {}\n{}\n{}\n{}\n",
        rows.len(),
        rows[0].len(),
        u8::from(wrapping),
        u8::from(diagadj),
        counts(row_counts),
        counts(col_counts),
        rows.join("\n")
    );
    Tents::parse(&text)
        .expect("a valid Tents text")
        .with_rule4(rule4)
}

fn text_of(game: &impl Look) -> String {
    plain(&game.rules_text().join(" "))
}

#[test]
fn tents_diagonal_touching_is_said_as_the_engine_judges_it() {
    // Two tents corner to corner, each beside its own tree.
    let corner = |diagadj| {
        tents(
            &["x*--", "--*x"],
            &[1, 1],
            &[0, 1, 1, 0],
            false,
            diagadj,
            Rule4::Local,
        )
    };
    let allowed = corner(true);
    assert!(
        allowed.is_won(),
        "diagadj accepts tents touching diagonally"
    );
    assert!(allowed.error_marks().is_empty());
    let text = text_of(&allowed);
    assert!(text.contains("Tents may touch diagonally"), "{text}");
    assert!(!text.contains("not even diagonally"), "{text}");
    assert!(text.contains("never side by side"), "{text}");

    let refused = corner(false);
    assert!(!refused.is_won(), "without diagadj a diagonal touch loses");
    assert!(
        refused
            .error_marks()
            .iter()
            .any(|m| m.reason.contains("touch")),
        "{:?}",
        refused.error_marks()
    );
    let text = text_of(&refused);
    assert!(
        text.contains("Tents never touch, not even diagonally"),
        "{text}"
    );
    assert!(!text.contains("may touch diagonally"), "{text}");

    // Side by side is refused either way, as both texts say.
    for diagadj in [false, true] {
        let side = tents(&["x**x"], &[2], &[0, 1, 1, 0], false, diagadj, Rule4::Local);
        assert!(!side.is_won(), "diagadj {diagadj}: tents side by side");
        assert!(text_of(&side).contains("side by side"));
    }
}

#[test]
fn tents_wrapping_is_said_as_the_engine_judges_it() {
    // Tents at both ends of a row touch across the join only when the grid wraps.
    let ends = |wrapping| {
        tents(
            &["*xx*"],
            &[2],
            &[1, 0, 0, 1],
            wrapping,
            false,
            Rule4::Local,
        )
    };
    assert!(ends(false).is_won());
    assert!(
        !ends(true).is_won(),
        "the joined edges make the end tents touch"
    );
    // A tent on the right edge stands next to a tree on the left edge only when it wraps.
    let across = |wrapping| {
        tents(
            &["x-*", "---"],
            &[1, 0],
            &[0, 0, 1],
            wrapping,
            false,
            Rule4::Local,
        )
    };
    assert!(across(true).is_won(), "a tree and its tent across the join");
    assert!(!across(false).is_won());

    let joined = text_of(&ends(true));
    assert!(
        joined.contains(
            "The edges join: the rightmost column touches the leftmost, and the top row the bottom"
        ),
        "{joined}"
    );
    assert!(!text_of(&ends(false)).contains("edges join"));
}

#[test]
fn tents_rule_4_is_said_as_the_engine_judges_it() {
    // "tree tent tree": the first tent serves both trees at its sides; the third tree has two
    // tents, so tents and trees are as many.
    let shared = |rule4| {
        tents(
            &["x*x-*x*"],
            &[3],
            &[0, 1, 0, 0, 1, 0, 1],
            false,
            false,
            rule4,
        )
    };
    let local = shared(Rule4::Local);
    assert!(local.is_won(), "local: a tent may serve two trees");
    let text = text_of(&local);
    assert!(text.contains("Rule 4: local"), "{text}");
    assert!(text.contains("one tent may serve two trees"), "{text}");
    assert!(
        text.contains("In a row \"tree tent tree\" the one tent serves both trees"),
        "{text}"
    );
    assert!(!text.contains("one to one"), "{text}");

    let matching = shared(Rule4::Matching);
    assert!(!matching.is_won(), "matching: each tree its own tent");
    assert!(
        !matching.error_marks().is_empty(),
        "the unmatched group is marked"
    );
    let text = text_of(&matching);
    assert!(text.contains("Rule 4: matching"), "{text}");
    assert!(text.contains("one to one"), "{text}");
    assert!(
        text.contains(
            "the tent serves just one of the two trees; the other needs a tent of its own"
        ),
        "{text}"
    );
    assert!(!text.contains("may serve two trees"), "{text}");

    // When the other tree does have its own tent, both rules accept.
    for rule4 in [Rule4::Local, Rule4::Matching] {
        let own = tents(&["x*x*"], &[2], &[0, 1, 0, 1], false, false, rule4);
        assert!(own.is_won(), "{rule4:?}");
    }
}

#[test]
fn the_status_lines_rule_4_is_explained_in_the_help() {
    for rule4 in [Rule4::Local, Rule4::Matching] {
        let game = Tents::default_2020().with_rule4(rule4);
        let summary = game.options_summary();
        let named = summary
            .split(", ")
            .find(|p| p.starts_with("rule 4"))
            .unwrap()
            .replace("rule 4: ", "Rule 4: ");
        let text = text_of(&game);
        assert!(text.contains(&named), "{named} in {text}");
    }
}

// ------------------------------------------------------------ Light Up

fn lightup(rows: &[&str], wrapping: bool) -> LightUp {
    let text = format!(
        "{} {} {}\n{}\n",
        rows.len(),
        rows[0].len(),
        u8::from(wrapping),
        rows.join("\n")
    );
    LightUp::parse(&text).expect("a valid Light Up text")
}

#[test]
fn light_up_wrapping_is_said_as_the_engine_judges_it() {
    // Light goes out at the left edge and comes back at the right, past the wall, only when the
    // grid wraps.
    let around = |wrapping| lightup(&["*wb"], wrapping);
    assert!(around(true).is_won());
    assert!(around(true).is_lit(Pos::new(0, 2)));
    assert!(!around(false).is_lit(Pos::new(0, 2)));
    assert!(!around(false).is_won());
    // A numbered wall counts a bulb across the join only when the grid wraps.
    let wall = |wrapping| lightup(&["1b*"], wrapping);
    assert!(wall(true).is_won());
    assert!(!wall(false).is_won());

    let joined = text_of(&around(true));
    assert!(joined.contains("The edges join"), "{joined}");
    assert!(joined.contains("across the joined edges too"), "{joined}");
    let plain_grid = text_of(&around(false));
    assert!(!plain_grid.contains("edges join"), "{plain_grid}");
    assert!(
        plain_grid.contains("until a wall or the edge of the grid stops the light"),
        "{plain_grid}"
    );
}

#[test]
fn light_up_bulbs_seeing_each_other_are_refused_as_said() {
    let seeing = lightup(&["*b*"], false);
    assert!(!seeing.is_won());
    assert!(seeing.has_error(Pos::new(0, 0)));
    let walled = lightup(&["*w*"], false);
    assert!(walled.is_won());
    assert!(text_of(&seeing).contains("unless a wall stands between them"));
}

// ------------------------------------------------------------ Mosaic

/// A Mosaic position of `rows` x `cols`, one clue `clue` at `at`, every square white but
/// `black`.
fn mosaic(
    (rows, cols): (usize, usize),
    at: Pos,
    clue: u8,
    black: Pos,
    neighbourhood: Neighbourhood,
    wrapping: bool,
) -> Mosaic {
    let code = match neighbourhood {
        Neighbourhood::Full => 0,
        Neighbourhood::Ortho => 1,
        Neighbourhood::FullExclude => 2,
        Neighbourhood::OrthoExclude => 3,
    };
    let mut text = format!("{rows} {cols} {} {code}\n", u8::from(wrapping));
    for r in 0..rows {
        for c in 0..cols {
            let p = Pos::new(r, c);
            text.push(if p == at {
                char::from(b'0' + clue)
            } else {
                '-'
            });
            text.push(if p == black { 'b' } else { 'w' });
        }
        text.push('\n');
    }
    Mosaic::parse(&text).expect("a valid Mosaic text")
}

#[test]
fn each_mosaic_neighbourhood_is_said_as_the_engine_counts_it() {
    let centre = Pos::new(2, 2);
    for neighbourhood in Neighbourhood::ALL {
        // The squares the engine counts: with one black square and every other white, a clue
        // of 1 is met exactly when that square is counted.
        let mut counted = Vec::new();
        for r in 0..5 {
            for c in 0..5 {
                let black = Pos::new(r, c);
                let g = mosaic((5, 5), centre, 1, black, neighbourhood, false);
                if g.status(centre) == Status::Satisfied {
                    assert!(g.is_won());
                    counted.push((r as i32 - 2, c as i32 - 2));
                } else {
                    assert!(!g.is_won());
                }
            }
        }
        // The squares the text names.
        let text = text_of(&mosaic((5, 5), centre, 1, centre, neighbourhood, false));
        let itself = text.contains("the square it is on and");
        assert_ne!(
            itself,
            text.contains("not the square it is on"),
            "{neighbourhood:?}: the text says whether the square counts: {text}"
        );
        let eight = text.contains("the 8 squares around it (its 3x3 block, corners included)")
            || text.contains("the 8 squares around it (corners included)");
        let four =
            text.contains("4 side neighbours (above, below, left and right; not the corners)");
        assert_ne!(eight, four, "{neighbourhood:?}: {text}");
        let mut said: Vec<(i32, i32)> = Vec::new();
        for dr in -1..=1 {
            for dc in -1_i32..=1 {
                let side = dr == 0 || dc == 0;
                let here = dr == 0 && dc == 0;
                let named = if here {
                    itself
                } else {
                    eight || (four && side)
                };
                if named {
                    said.push((dr, dc));
                }
            }
        }
        counted.sort_unstable();
        said.sort_unstable();
        assert_eq!(counted, said, "{neighbourhood:?}: {text}");
    }
}

#[test]
fn mosaic_wrapping_is_said_as_the_engine_counts_it() {
    for neighbourhood in Neighbourhood::ALL {
        // A clue in the top-left corner; the black square at the bottom of its column.
        let corner = |wrapping| {
            mosaic(
                (4, 4),
                Pos::new(0, 0),
                1,
                Pos::new(3, 0),
                neighbourhood,
                wrapping,
            )
        };
        assert!(corner(true).is_won(), "{neighbourhood:?}");
        assert!(!corner(false).is_won(), "{neighbourhood:?}");
        let joined = text_of(&corner(true));
        assert!(
            joined.contains("a number on an edge also counts squares on the opposite edge"),
            "{joined}"
        );
        assert!(!text_of(&corner(false)).contains("edges join"));
    }
}

#[test]
fn mosaic_says_every_square_is_black_or_white() {
    let g = Mosaic::default_game();
    let text = text_of(&g);
    assert!(text.starts_with("Colour every square black or white, so that each number counts exactly the black squares of its neighbourhood."), "{text}");
    assert!(!g.is_won(), "an uncoloured square is not yet won");
}
