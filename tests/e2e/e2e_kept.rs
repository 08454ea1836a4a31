//! End to end in a pseudo-terminal: a puzzle made by the new-puzzle form is kept (listed by a
//! new player and `list`, resumed by `play NAME`), `o` opens a game ID and reports a bad one
//! where it goes wrong, restart is undone by `z`, and a player on a puzzle open elsewhere takes
//! it over when the other player quits, keeping the other player's moves.

use crate::pty;

use std::path::Path;
use std::process::Command;

use gridpuzzles::game::Game;
use gridpuzzles::games::lightup::Piece;
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::progress::{Loaded, Store};
use pty::{DOWN, ENTER, ESC, Player, temp_home};

/// The first word of `text` starting with `prefix`.
fn word_starting(text: &str, prefix: &str) -> Option<String> {
    let at = text.find(prefix)?;
    let word: String = text[at..]
        .chars()
        .take_while(|c| !c.is_whitespace())
        .collect();
    Some(word)
}

/// `gridpuzzles ARGS` on the data folder `home`: its stdout.
fn run(args: &[&str], home: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_gridpuzzles"))
        .args(args)
        .env("GRIDPUZZLES_HOME", home)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_made_puzzle_is_kept_listed_and_resumed_by_its_name() {
    let home = temp_home();
    let mut player = Player::start_sized(&[], home.path(), 24, 80);
    player.wait_for_text("tents/default-2020");
    player.send("n");
    player.wait_for_text("New Tents puzzle");
    // Digits replace a size: 10 rows, 12 columns.
    player.send("10");
    player.send(DOWN);
    player.send("12");
    player.wait_for_text("columns     < 12 >");
    player.send(ENTER);
    // The message wraps before the name, never inside it.
    player.wait_for_text("random/tents-10x12-easy-");
    let name = word_starting(&player.text(), "random/tents-10x12-easy-").unwrap();
    // Its file holds the puzzle: one grass on a square that is not a tree.
    let store = Store::open(home.path()).unwrap();
    let (game, _) = gridpuzzles::kept::load(&store, &name).unwrap();
    let gridpuzzles::games::AnyGame::Tents(tents) = game else {
        panic!("not Tents")
    };
    let free = tents
        .topology()
        .positions()
        .find(|&p| tents.piece(p) == Square::Empty)
        .unwrap();
    let keys = player.walk_to(free) + "g";
    player.send(&keys);
    player.wait_for_text(&format!("grass {free}"));
    player.send(ESC);
    player.wait_for_text("made here");
    assert!(!player.text().contains("Leave?"), "leaving does not ask");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();

    // A new player lists it, in progress, and `play NAME` resumes the move.
    let listed = run(&["list"], home.path());
    let line = listed.lines().find(|l| l.starts_with(&name)).unwrap();
    assert!(line.contains("in progress"), "{line}");
    assert!(line.contains("10x12"), "{line}");
    let mut again = Player::start(&["play", &name], home.path());
    again.wait_for_text("Tents 10x12");
    again.wait_for_text(&format!("grass {free}"));
    assert_eq!(again.quit_with("q"), 0);
    let progress = Store::open(home.path())
        .unwrap()
        .load_puzzle::<Square>(&name)
        .unwrap();
    let Loaded::Found(progress) = progress else {
        panic!("{progress:?}");
    };
    assert_eq!(progress.history.done().len(), 1);
    assert_eq!(Tents::parse(&progress.made.unwrap().puzzle).unwrap(), tents);
}

#[test]
fn o_opens_a_game_id_and_a_bad_one_is_reported_where_it_goes_wrong() {
    let home = temp_home();
    // Wide enough for the status line to name the rule beside the ID the puzzle is named by.
    let mut player = Player::start_sized(&[], home.path(), 24, 110);
    player.wait_for_text("tents/default-2020");
    player.send("o");
    player.wait_for_text("Open a puzzle");
    player.send("tents:8x8:zz");
    player.send(ENTER);
    player.wait_for_text("column 13");
    assert!(
        player
            .text()
            .contains("game ID tents:8x8:zz: line 1, column 13")
    );
    // The entry is kept for editing: erase the bad part and type the rest.
    player.send("\x7f\x7f");
    player.send("d_bfdcdcfcaig,4,0,1,2,1,1,2,1,3,0,4,0,4,0,1,0");
    player.send(ENTER);
    // The pack's default Tents clues, under Tatham's rule as every game ID is.
    player.wait_for_text("Tents 8x8");
    player.wait_for_text("rule 4: matching");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn restart_then_z_brings_the_position_back() {
    let home = temp_home();
    let mut player = Player::start(&["play", "tents/default"], home.path());
    player.wait_for_text("Tents 8x8");
    player.play(Pos::new(0, 0), ENTER, 1);
    player.send("r");
    player.wait_for_text("Restart?");
    player.send("y");
    player.wait_for_text("restarted: z brings");
    player.wait_for_text("restart (1)");
    player.send("z");
    player.wait_for("the restart undone", |s| {
        !s.contents().contains("restarted: z brings")
    });
    assert_eq!(player.quit_with("q"), 0);
    // Saved: the tent back on the board, the restart waiting to be redone.
    let saved = Store::open(home.path())
        .unwrap()
        .load_puzzle::<Square>("tents/default-2020")
        .unwrap();
    let Loaded::Found(saved) = saved else {
        panic!("{saved:?}");
    };
    assert_eq!(saved.history.done().len(), 1);
    assert_eq!(saved.history.undone().len(), 1);
    let position = Tents::parse(&saved.position).unwrap();
    assert_eq!(position.piece(Pos::new(0, 0)), Square::Tent);
}

#[test]
fn the_second_player_takes_over_when_the_first_quits_and_keeps_its_moves() {
    let home = temp_home();
    let key = "lightup/default";
    let mut first = Player::start(&["play", key], home.path());
    first.wait_for_text("Light Up 7x7");
    // A blank square: cycle it to a bulb.
    first.send(" ");
    first.wait_for_text("bulb (0,0)");
    let mut second = Player::start(&["play", key], home.path());
    second.wait_for_text("open in another gridpuzzles");
    assert_eq!(first.quit_with("q"), 0);
    // The second player's next move is saved there, after the first player's.
    second.send("\x1b[C-");
    second.wait_for_text("now saving here");
    second.wait_for_text("mark (0,1)");
    assert_eq!(second.quit_with("q"), 0);
    let saved = Store::open(home.path())
        .unwrap()
        .load_puzzle::<Piece>(key)
        .unwrap();
    let Loaded::Found(saved) = saved else {
        panic!("{saved:?}");
    };
    let squares: Vec<Pos> = saved
        .history
        .done()
        .iter()
        .map(|e| e.changes[0].pos)
        .collect();
    assert_eq!(squares, [Pos::new(0, 0), Pos::new(0, 1)]);
}
