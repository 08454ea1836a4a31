//! Tents proofs: each rule's check on positions written from its description, one-step proofs
//! judged by `verify`, and the program's own proofs.

use gridpuzzles::game::Game;
use gridpuzzles::games::tents::Tents;
use gridpuzzles::proof::{self, judge, text};

#[test]
fn the_default_puzzle_is_proved_and_verified() {
    let g = Tents::default_puzzle();
    let p = proof::prove(&g).expect("a proof");
    let written = text::write(&p);
    eprintln!("{written}");
    let back = text::read::<Tents>(&written).expect("reads back");
    assert_eq!(back, p);
    let report = judge(&back);
    assert!(report.invalid.is_empty(), "{:?}", report.invalid);
    assert_eq!(report.open, 0);
    assert_eq!(report.solved, vec![g.solve().unwrap()]);
}
