//! End to end: the real binary in a pseudo-terminal, driven with real key presses and read back
//! through a vt100 screen. Every wait polls the screen against a generous deadline (a failure
//! guard, not a timing check).

use crate::common;

use crate::pty;

use std::path::Path;

use gridpuzzles::game::Game;
use gridpuzzles::games::lightup::{LightUp, Square as LightSquare};
use gridpuzzles::games::mosaic::{Colour, Mosaic};
use gridpuzzles::grid::Pos;
use portable_pty::PtySize;
use pty::{COLS, ENTER, Player, ROWS, nz, temp_home};

/// The board square's screen cell on boards of up to 10 rows: under the frame and the column
/// ruler (row 2), right of the frame and the one-digit row ruler (column 3), two columns each.
fn square_cell(pos: Pos) -> (u16, u16) {
    (2 + pos.row as u16, 3 + 2 * pos.col as u16)
}

/// After a win: `z` moves the history's current mark, `c` recolours the board, `q` quits.
fn undo_recolour_and_quit(player: &mut Player, moves: usize, history_col: u16, probe: Pos) {
    player.wait_for_text("Solved in");
    let before = player.history(history_col);
    let w = moves.to_string().len();
    assert!(before[0].starts_with(&format!(">{moves} ")), "{before:?}");
    let peak = player.peak_rss_kb();
    eprintln!("peak RSS after {moves} moves: {peak:?} kB");

    player.send("z");
    player.wait_for_text(&format!("moves {} ", moves - 1));
    let after = player.history(history_col);
    assert_ne!(before, after);
    assert!(after[0].starts_with(&format!(" {moves} ")), "{after:?}");
    assert!(
        after[1].starts_with(&format!(">{:>w$} ", moves - 1)),
        "{after:?}"
    );
    assert!(!player.text().contains("Solved in"));

    let (row, col) = square_cell(probe);
    let colour = |p: &Player| {
        let cell = p.screen().cell(row, col).expect("board cell");
        (cell.fgcolor(), cell.bgcolor())
    };
    let default_colour = colour(player);
    assert!(player.text().contains("default "));
    player.send("c");
    player.wait_for_text("theme light");
    assert_ne!(
        colour(player),
        default_colour,
        "c did not change the colours"
    );

    assert_ne!(
        player.screen().mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "mouse capture was never enabled"
    );
    assert!(player.screen().alternate_screen());
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn tents_default_game_solved_with_arrows_and_enter() {
    let home = temp_home();
    let mut player = Player::start(&["play", "tents/default"], home.path());
    player.wait_for_text("Tents 8x8");
    for (i, &(r, c)) in common::TENTS_2020_SOLUTION.iter().enumerate() {
        player.play(Pos::new(r, c), ENTER, i + 1);
    }
    // Board block: row ruler 2 + 8 squares * 2 + counts 3 + frame 2 = 23 columns; the panel
    // starts there.
    undo_recolour_and_quit(
        &mut player,
        common::TENTS_2020_SOLUTION.len(),
        23,
        Pos::new(1, 1),
    );
}

#[test]
fn lightup_default_game_solved_in_the_player() {
    let id = "7x7:b1f2iB2g1Bi2fBb";
    let solved = LightUp::from_tatham_id(id).unwrap().solve().unwrap();
    let bulbs: Vec<Pos> = solved
        .topology()
        .positions()
        .filter(|&p| solved.square(p) == Some(LightSquare::Bulb))
        .collect();
    let home = temp_home();
    let mut player = Player::start(&["play", id], home.path());
    player.wait_for_text("Light Up 7x7");
    for (i, &p) in bulbs.iter().enumerate() {
        player.play(p, ENTER, i + 1);
    }
    // Probe a lit square that holds no bulb.
    let probe = solved
        .topology()
        .positions()
        .find(|&p| solved.square(p) == Some(LightSquare::Blank))
        .unwrap();
    undo_recolour_and_quit(&mut player, bulbs.len(), 7 * 2 + 4, probe);
}

#[test]
fn mosaic_puzzle_file_solved_with_letter_keys() {
    let path = "tests/data/peer-cases/mosaic_ani-owl_mosaic_default.txt";
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    let solved = Mosaic::parse(&text).unwrap().solve().unwrap();
    let home = temp_home();
    let mut player = Player::start(&["play", path], home.path());
    player.wait_for_text("Mosaic 5x5");
    let squares: Vec<Pos> = solved.topology().positions().collect();
    for (i, &p) in squares.iter().enumerate() {
        let key = match solved.colour(p) {
            Colour::Black => "b",
            _ => "w",
        };
        player.play(p, key, i + 1);
    }
    let probe = Pos::new(0, 1);
    undo_recolour_and_quit(&mut player, squares.len(), 5 * 2 + 4, probe);
}

#[test]
fn reveal_then_ctrl_c_quits_and_restores_the_terminal() {
    let home = temp_home();
    let mut player = Player::start(&["play", "7x7:b1f2iB2g1Bi2fBb"], home.path());
    player.wait_for_text("Light Up 7x7");
    player.send("s");
    player.wait_for_text("Show the solution?");
    player.send("y");
    player.wait_for_text("Solution revealed.");
    assert!(player.text().contains("reveal the solution"));
    assert!(player.screen().alternate_screen());
    assert_eq!(player.quit_with("\x03"), 0);
    player.assert_restored();
}

#[test]
fn a_broken_user_theme_is_reported_with_its_place_and_the_default_is_used() {
    let home = temp_home();
    let themes = home.path().join("themes");
    std::fs::create_dir_all(&themes).unwrap();
    std::fs::write(
        themes.join("bad.toml"),
        "description = \"broken\"\n[styles]\ncursor = { fg = \"not-a-colour\" }\n",
    )
    .unwrap();
    let mut player = Player::start(
        &["play", "tents/default", "--theme", "default"],
        home.path(),
    );
    player.wait_for_text("theme error:");
    let text = player.text();
    let expected = format!("{}:3:", themes.join("bad.toml").display());
    assert!(
        text.replace('\n', "").contains(&expected),
        "no located error {expected} on:\n{text}"
    );
    assert!(
        text.contains("default "),
        "the default theme is not in use:\n{text}"
    );
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn a_too_small_terminal_asks_to_enlarge_and_recovers() {
    let home = temp_home();
    let mut player = Player::start(&["play", "tents/default"], home.path());
    player.wait_for_text("History");
    player
        .master
        .resize(PtySize {
            rows: 7,
            cols: 30,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    player.parser.set_size(nz(7), nz(30));
    player.wait_for_text("Please enlarge the terminal");
    player
        .master
        .resize(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    player.parser.set_size(nz(ROWS), nz(COLS));
    player.wait_for("the board back", |s| {
        s.contents().contains("History") && !s.contents().contains("enlarge")
    });
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn n_shows_a_hint_and_n_again_applies_it() {
    let home = temp_home();
    let mut player = Player::start(&["play", "tents/default"], home.path());
    player.wait_for_text("Tents 8x8");
    player.send("n");
    player.wait_for_text("Hint: Finish with grass");
    assert!(
        player.text().contains("Row 1 has no tents"),
        "{}",
        player.text()
    );
    assert!(player.text().contains("moves 0 "));
    player.send("n");
    player.wait_for_text("moves 1 ");
    let history = player.history(23);
    assert!(
        history[0].starts_with(">1 hint: Finish with grass"),
        "{history:?}"
    );
    assert!(!player.text().contains("Hint: Finish with grass"));
    // One undo takes the six grass squares back.
    player.send("z");
    player.wait_for_text("moves 0 ");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}
