//! Mosaic puzzles planted from a picture: colour the squares, then give each kept square the
//! number of black squares in its neighbourhood as its clue, so the picture is a solution.

use gridpuzzles::game::Game;
use gridpuzzles::games::mosaic::{Colour, Mosaic, Neighbourhood};
use gridpuzzles::grid::{Grid, Pos, Topology};

/// The four neighbourhoods, for strategies that pick one by index.
pub const NEIGHBOURHOODS: [Neighbourhood; 4] = [
    Neighbourhood::Full,
    Neighbourhood::Ortho,
    Neighbourhood::FullExclude,
    Neighbourhood::OrthoExclude,
];

/// A picture without clues: black where `black` says (row-major), white elsewhere.
pub fn picture(t: Topology, black: &[bool], n: Neighbourhood) -> Mosaic {
    let colours = black
        .iter()
        .map(|&b| if b { Colour::Black } else { Colour::White })
        .collect();
    Mosaic::from_parts(
        Grid::filled(t, None),
        Grid::from_cells(t, colours).unwrap(),
        n,
    )
    .unwrap()
}

/// The clue a square of `picture` would show: its number of black neighbours (at most 9, one
/// a direction, though on tiny wrapped grids a square comes back more than once).
pub fn clue_at(picture: &Mosaic, p: Pos) -> u8 {
    let black = picture
        .neighbours(p)
        .filter(|&q| picture.colour(q) == Colour::Black)
        .count();
    black.min(9) as u8
}

/// The clues of `picture` on the squares where `keep` holds, none elsewhere (row-major).
pub fn clues(picture: &Mosaic, keep: impl Fn(Pos) -> bool) -> Vec<Option<u8>> {
    let t = picture.topology();
    t.positions()
        .map(|p| keep(p).then(|| clue_at(picture, p)))
        .collect()
}

/// The puzzle planted from `picture`: its clues where `keep` holds, every square empty.
pub fn planted(picture: &Mosaic, keep: impl Fn(Pos) -> bool) -> Mosaic {
    let t = picture.topology();
    Mosaic::new(
        Grid::from_cells(t, clues(picture, keep)).unwrap(),
        picture.neighbourhood(),
    )
    .unwrap()
}
