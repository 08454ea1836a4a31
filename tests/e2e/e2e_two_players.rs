//! End to end: two players (two processes, two terminals) on the same data folder and the same
//! puzzle. The second is told the puzzle is open elsewhere and saves nothing; the first keeps
//! saving; afterwards every file in the data folder reads back. Every wait polls against a
//! generous deadline (a failure guard, not a timing check).

use crate::common;

use crate::pty;

use gridpuzzles::game::Game;
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::progress::codec::decode_progress;
use gridpuzzles::progress::{Loaded, Store};
use pty::{ENTER, Player, temp_home};

const KEY: &str = "tents/default-2020";

fn tent(i: usize) -> Pos {
    let (r, c) = common::TENTS_2020_SOLUTION[i];
    Pos::new(r, c)
}

#[test]
fn the_second_player_is_told_and_no_file_is_corrupt() {
    let home = temp_home();
    let mut first = Player::start(&["play", "tents/default"], home.path());
    first.wait_for_text("Tents 8x8");
    first.play(tent(0), ENTER, 1);
    first.play(tent(1), ENTER, 2);

    let mut second = Player::start(&["play", "tents/default"], home.path());
    second.wait_for_text("open in another gridpuzzles: progress is kept there");
    // It starts from the first player's last save (two moves), read only.
    second.wait_for_text("moves 2 ");
    // The second player plays a longer game than the first, which must not replace it.
    for i in 0..4 {
        second.play(tent(5 + i), ENTER, i + 3);
    }
    first.play(tent(2), ENTER, 3);
    // Its moves are not kept: quitting asks first.
    second.send("q");
    second.wait_for_text("Quit?");
    assert_eq!(second.quit_with("y"), 0);
    second.assert_restored();
    assert_eq!(first.quit_with("q"), 0);
    first.assert_restored();

    let store = Store::open(home.path()).unwrap();
    let Loaded::Found(saved) = store.load_puzzle::<Square>(KEY).unwrap() else {
        panic!("no progress for {KEY}");
    };
    assert_eq!(saved.history.done().len(), 3, "the first player's history");
    let position = Tents::parse(&saved.position).unwrap();
    for i in 0..3 {
        assert_eq!(position.piece(tent(i)), Square::Tent);
    }
    assert_eq!(
        position.piece(tent(5)),
        Square::Empty,
        "nothing of the second"
    );

    // Every file left in the progress folder is a whole progress file or an empty lock file.
    let folder = store.puzzle_path(KEY).parent().unwrap().to_path_buf();
    let mut files = 0;
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        if name.ends_with(".json.lock") {
            assert!(bytes.is_empty(), "{name} holds data");
        } else {
            assert!(name.ends_with(".json"), "a stray file: {name}");
            let text = String::from_utf8(bytes).unwrap();
            decode_progress::<Square>(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            files += 1;
        }
    }
    assert_eq!(files, 1);
}

/// A signal ends even a player whose moves are not kept (where `q` would ask first).
#[cfg(unix)]
#[test]
fn sigterm_ends_the_second_player_without_asking() {
    let home = temp_home();
    let mut first = Player::start(&["play", "tents/default"], home.path());
    first.wait_for_text("Tents 8x8");
    first.play(tent(0), ENTER, 1);
    let mut second = Player::start(&["play", "tents/default"], home.path());
    second.wait_for_text("open in another gridpuzzles");
    // From the first player's last save (one move), read only.
    second.play(tent(5), ENTER, 2);
    second.signal(nix::sys::signal::Signal::SIGTERM);
    assert_eq!(second.wait_exit(), 143);
    second.assert_restored();
    assert_eq!(first.quit_with("q"), 0);
    let store = Store::open(home.path()).unwrap();
    let Loaded::Found(saved) = store.load_puzzle::<Square>(KEY).unwrap() else {
        panic!("no progress for {KEY}");
    };
    assert_eq!(saved.history.done().len(), 1, "the first player's history");
}

/// The takeover: A saves tent (0,0), grass (0,1); B opens read-only from that save; A
/// saves a tent on (0,2); B plays three grass moves; A quits and B takes over. A's saved tent
/// and B's grass are both in the file, and B is told its moves were kept.
#[test]
fn a_takeover_keeps_the_other_player_s_saved_moves_and_its_own() {
    let home = temp_home();
    let mut first = Player::start(&["play", "tents/default"], home.path());
    first.wait_for_text("Tents 8x8");
    first.play(Pos::new(0, 0), ENTER, 1);
    first.play(Pos::new(0, 1), "-", 2);

    let mut second = Player::start(&["play", "tents/default"], home.path());
    second.wait_for_text("open in another gridpuzzles");
    second.wait_for_text("moves 2 ");
    first.play(Pos::new(0, 2), ENTER, 3);
    for (n, col) in (0..3).enumerate() {
        second.play(Pos::new(2, col), "-", n + 3);
    }
    assert_eq!(first.quit_with("q"), 0);
    second.wait_for_text("now saving here");
    second.wait_for_text("3 of your moves since replayed");
    second.wait_for_text("moves 6 ");
    assert_eq!(second.quit_with("q"), 0);
    second.assert_restored();

    let store = Store::open(home.path()).unwrap();
    let Loaded::Found(saved) = store.load_puzzle::<Square>(KEY).unwrap() else {
        panic!("no progress for {KEY}");
    };
    assert_eq!(saved.history.done().len(), 6, "three moves of each player");
    let position = Tents::parse(&saved.position).unwrap();
    assert_eq!(position.piece(Pos::new(0, 0)), Square::Tent);
    assert_eq!(position.piece(Pos::new(0, 1)), Square::Grass);
    assert_eq!(
        position.piece(Pos::new(0, 2)),
        Square::Tent,
        "A's saved tent"
    );
    for col in 0..3 {
        assert_eq!(position.piece(Pos::new(2, col)), Square::Grass, "B's grass");
    }
}
