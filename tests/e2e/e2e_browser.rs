//! End to end: the pack browser and saved progress, with the real binary in a pseudo-terminal
//! and `GRIDPUZZLES_HOME` in a temporary folder. Browse to the Light Up puzzle, make two moves,
//! quit, start again: the same board and history; solve it; the browser marks it solved.

use crate::pty;

use std::path::Path;
use std::process::Command;

use gridpuzzles::game::Game;
use gridpuzzles::games::lightup::{LightUp, Piece};
use gridpuzzles::grid::Pos;
use pty::{DOWN, ENTER, ESC, Player, temp_home};

const NAME: &str = "lightup/default";
/// The board is 7x7: its frame is 7 * 2 + 2 columns wide, then the history panel.
const HISTORY_COL: u16 = 18;

/// The solution, from `gridpuzzles solve lightup/default`.
fn solution(home: &Path) -> LightUp {
    let out = Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
        .args(["solve", NAME])
        .env("GRIDPUZZLES_HOME", home)
        .output()
        .expect("run gridpuzzles solve");
    assert!(out.status.success(), "{out:?}");
    LightUp::parse(&String::from_utf8(out.stdout).unwrap()).expect("a Light Up solution")
}

/// The browser line of puzzle `name` (inside the browser's frame).
fn browser_line(player: &Player, name: &str) -> Option<String> {
    let needle = format!(" {name} ");
    player
        .lines()
        .into_iter()
        .find(|l| l.starts_with('│') && l.contains(&needle))
}

/// Waits until the browser shows puzzle `name` marked `mark`; returns its line.
fn wait_for_mark(player: &mut Player, name: &str, mark: &str) -> String {
    let needle = format!(" {name} ");
    let mark = mark.to_string();
    player.wait_for(&format!("{name} marked {mark}"), move |s| {
        s.rows(0, s.size().1.get())
            .any(|l| l.starts_with('│') && l.contains(&needle) && l.contains(&mark))
    });
    browser_line(player, name).unwrap()
}

/// From the start screen: show Light Up puzzles only (the pack's Tents fill the first page).
fn show_lightup(player: &mut Player) {
    player.wait_for_text("Puzzles");
    player.send("gg");
    // The whole list redrawn: the selection is on a Light Up line.
    player.wait_for("the Light Up filter", |s| {
        selected(s).is_some_and(|l| l.contains("lightup/") || l.contains("Light Up puzzle"))
    });
}

/// From the Light Up list: walk down to `NAME`, open it.
fn open_from_browser(player: &mut Player) {
    for _ in 0..200 {
        let before = selected(player.screen());
        if before
            .as_ref()
            .is_some_and(|l| l.contains(&format!(" {NAME} ")))
        {
            player.send(ENTER);
            player.wait_for_text("Light Up 7x7");
            return;
        }
        player.send(DOWN);
        player.wait_for("the selection to move", |s| selected(s) != before);
    }
    panic!("{NAME} not found in the browser:\n{}", player.text());
}

/// The selected browser line (marked `>` after the frame).
fn selected(screen: &vt100::Screen) -> Option<String> {
    screen
        .rows(0, screen.size().1.get())
        .find(|l| l.starts_with("│>"))
        .map(|l| l.trim_end().to_string())
}

/// The board's squares: rows 2 to 8, under the frame and the column ruler.
fn board(player: &Player) -> Vec<String> {
    player.lines()[2..=8]
        .iter()
        .map(|l| l.chars().take(HISTORY_COL as usize).collect())
        .collect()
}

#[test]
fn browse_play_quit_resume_solve_and_see_it_marked() {
    let home = temp_home();
    let solved = solution(home.path());
    let bulbs: Vec<Pos> = solved
        .topology()
        .positions()
        .filter(|&p| solved.piece(p) == Piece::Bulb)
        .collect();
    assert!(bulbs.len() > 2);

    let mut player = Player::start(&[], home.path());
    show_lightup(&mut player);
    wait_for_mark(&mut player, NAME, " new ");
    open_from_browser(&mut player);
    player.play(bulbs[0], ENTER, 1);
    player.play(bulbs[1], ENTER, 2);
    let board_before = board(&player);
    let history_before = player.history(HISTORY_COL);
    assert_eq!(history_before.len(), 3, "{history_before:?}");
    assert!(
        history_before[0].starts_with(">2 bulb "),
        "{history_before:?}"
    );
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();

    let mut player = Player::start(&[], home.path());
    show_lightup(&mut player);
    wait_for_mark(&mut player, NAME, "in progress");
    open_from_browser(&mut player);
    player.wait_for_text("moves 2 ");
    assert_eq!(board(&player), board_before);
    assert_eq!(player.history(HISTORY_COL), history_before);

    for (i, &p) in bulbs.iter().enumerate().skip(2) {
        player.play(p, ENTER, i + 1);
    }
    player.wait_for_text("Solved in");
    player.send(ESC);
    let line = wait_for_mark(&mut player, NAME, "solved ");
    assert!(line.contains("* lightup/default"), "{line}");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();

    // `list` agrees with the browser.
    let out = Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
        .arg("list")
        .env("GRIDPUZZLES_HOME", home.path())
        .output()
        .unwrap();
    let listing = String::from_utf8(out.stdout).unwrap();
    let row = listing.lines().find(|l| l.starts_with(NAME)).unwrap();
    assert!(row.contains("solved "), "{row}");
}

#[test]
fn play_by_pack_name_shares_progress_with_the_browser() {
    let home = temp_home();
    let mut player = Player::start(&["play", NAME], home.path());
    player.wait_for_text("Light Up 7x7");
    player.send("-");
    player.wait_for_text("moves 1 ");
    player.send(ESC);
    wait_for_mark(&mut player, NAME, "in progress");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn a_new_random_tents_puzzle_from_the_form() {
    let home = temp_home();
    let mut player = Player::start(&[], home.path());
    player.wait_for("the selection on the first Tents puzzle", |s| {
        selected(s).is_some_and(|l| l.contains("tents/default-2020"))
    });
    // The selection starts on a Tents puzzle: `n` asks for a Tents puzzle.
    player.send("n");
    player.wait_for_text("New Tents puzzle");
    let left = "\x1b[D";
    player.send(&left.repeat(4));
    player.wait_for_text("rows        < 6 >");
    player.send(DOWN);
    player.send(&left.repeat(4));
    player.wait_for_text("columns     < 6 >");
    player.send(ENTER);
    player.wait_for_text("Tents 6x6");
    player.wait_for_text("kept as random/tents-6x6-easy-");
    assert!(player.text().contains("random 6x6 easy"));
    // The first Esc dismisses the message, the second leaves.
    player.send(ESC);
    player.wait_for("the message dismissed", |s| {
        !s.contents().contains("kept as random/")
    });
    player.send(ESC);
    player.wait_for_text("Puzzles");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

/// Prints the text screen captures of docs/playing.md:
/// `cargo test --test e2e readme_screenshots -- --ignored --nocapture`.
#[test]
#[ignore = "prints the README screenshots"]
fn readme_screenshots() {
    let home = temp_home();
    let capture = |title: &str, player: &mut Player| {
        // The whole frame drawn: the key bar on the last row.
        player.wait_for("the key bar", |s| {
            s.rows(0, s.size().1.get())
                .last()
                .is_some_and(|l| l.starts_with(" arrows move") || l.starts_with(" hjkl move"))
        });
        let lines = player.lines();
        let last = lines.iter().rposition(|l| !l.is_empty()).unwrap_or(0);
        println!("--- {title}\n```text\n{}\n```", lines[..=last].join("\n"));
    };
    let cols = 96;

    let mut player = Player::start_sized(&["play", "tents/default"], home.path(), 16, cols);
    player.wait_for_text("Tents 8x8");
    for (to, key, n) in [
        (Pos::new(0, 0), ENTER, 1),
        (Pos::new(0, 3), ENTER, 2),
        (Pos::new(1, 3), ENTER, 3),
        (Pos::new(1, 0), "f", 4),
        (Pos::new(3, 1), "-", 5),
    ] {
        player.play(to, key, n);
    }
    capture("tents", &mut player);
    assert_eq!(player.quit_with("q"), 0);

    let mut player = Player::start_sized(&["play", "lightup/default"], home.path(), 13, cols);
    player.wait_for_text("Light Up 7x7");
    for (to, key, n) in [
        (Pos::new(0, 0), ENTER, 1),
        (Pos::new(0, 4), ENTER, 2),
        (Pos::new(1, 0), "-", 3),
        (Pos::new(2, 4), ENTER, 4),
    ] {
        player.play(to, key, n);
    }
    capture("lightup", &mut player);
    assert_eq!(player.quit_with("q"), 0);

    let mut player = Player::start_sized(&["play", "mosaic/default"], home.path(), 12, cols);
    player.wait_for_text("Mosaic 5x5");
    for (to, key, n) in [
        (Pos::new(0, 0), "b", 1),
        (Pos::new(0, 1), "b", 2),
        (Pos::new(1, 1), "w", 3),
        (Pos::new(2, 2), "b", 4),
        (Pos::new(2, 3), "b", 5),
    ] {
        player.play(to, key, n);
    }
    capture("mosaic", &mut player);
    assert_eq!(player.quit_with("q"), 0);

    let mut player = Player::start_sized(&[], home.path(), 18, cols);
    wait_for_mark(&mut player, "tents/default-2020", "in progress");
    capture("browser", &mut player);
    assert_eq!(player.quit_with("q"), 0);
}
