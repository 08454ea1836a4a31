//! Prints the position a puzzle file reaches by applying hints until the first case analysis
//! (the position where a `hint` has the most work to do), in the puzzle's file format.
//!
//! `cargo run --release --example hard_position -- FILE > POSITION`

use gridpuzzles::deduce::{Deduce, Tier, apply_hints_below};
use gridpuzzles::games::AnyGame;

fn main() -> Result<(), String> {
    let path = std::env::args().nth(1).ok_or("usage: hard_position FILE")?;
    let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
    let game = AnyGame::parse(&text, None).map_err(|e| e.to_string())?;
    print!("{}", gridpuzzles::with_game!(&game, g => hard(g)));
    Ok(())
}

fn hard<G: Deduce>(game: &G) -> String {
    apply_hints_below(game, Tier::Hard).format()
}
