//! The square states of the three games, each drawn from a real position through the game's own
//! `Look`: what the theme tests check every theme against.

use gridpuzzles::game::Game;
use gridpuzzles::games::lightup::{self, LightUp};
use gridpuzzles::games::mosaic::{Colour, Mosaic, Neighbourhood, Status};
use gridpuzzles::games::tents::{self, Tents};
use gridpuzzles::grid::{Grid, Pos, Topology};
use gridpuzzles::look::{Look, SquareLook};

/// A square state of one game, named for messages: its look, and whether the game marks it as
/// an error (only squares a game can mark are).
pub type State = (String, SquareLook, bool);

/// The states `plain` names, then those of them the game can mark as errors again, marked.
fn with_errors(plain: Vec<(&'static str, SquareLook)>, can_err: &[&str]) -> Vec<State> {
    let mut states: Vec<State> = plain
        .iter()
        .map(|(n, l)| (n.to_string(), *l, false))
        .collect();
    for (name, look) in plain {
        if can_err.contains(&name) {
            states.push((format!("{name} in error"), look, true));
        }
    }
    states
}

/// A 1x2 Mosaic: the clue 1 on the left square, counting both squares (or with
/// `FullExclude` only the right one), so every clued state shows the same digit.
fn mosaic_pair(neighbourhood: Neighbourhood) -> Mosaic {
    let topology = Topology::new(1, 2, false);
    let clues = Grid::from_cells(topology, vec![Some(1), None]).expect("two cells");
    Mosaic::new(clues, neighbourhood).expect("a valid clue")
}

fn mosaic_states() -> Vec<State> {
    let (clue, plain) = (Pos::new(0, 0), Pos::new(0, 1));
    let game = mosaic_pair(Neighbourhood::Full);
    let with = |g: &Mosaic, left: Colour, right: Colour| g.apply(clue, left).apply(plain, right);
    let clued = |g: Mosaic, satisfied: bool| {
        assert_eq!(g.status(clue) == Status::Satisfied, satisfied, "{g:?}");
        g.square_look(clue)
    };
    let empty = Colour::Empty;
    // Without its own square in the count, a clue is satisfied while its square is empty.
    let exclude = mosaic_pair(Neighbourhood::FullExclude);
    let plain_states = vec![
        ("empty", game.square_look(plain)),
        (
            "black",
            with(&game, empty, Colour::Black).square_look(plain),
        ),
        (
            "white",
            with(&game, empty, Colour::White).square_look(plain),
        ),
        ("empty clue", clued(game.clone(), false)),
        (
            "black clue",
            clued(with(&game, Colour::Black, empty), false),
        ),
        (
            "white clue",
            clued(with(&game, Colour::White, empty), false),
        ),
        (
            "empty clue satisfied",
            clued(with(&exclude, empty, Colour::Black), true),
        ),
        (
            "black clue satisfied",
            clued(with(&game, Colour::Black, Colour::White), true),
        ),
        (
            "white clue satisfied",
            clued(with(&game, Colour::White, Colour::Black), true),
        ),
    ];
    // A clue is an error when it cannot be met (so never when satisfied).
    with_errors(plain_states, &["empty clue", "black clue", "white clue"])
}

fn lightup_states() -> Vec<State> {
    let game = LightUp::default_game();
    let positions: Vec<Pos> = game.topology().positions().collect();
    let find = |g: &LightUp, want: &dyn Fn(&LightUp, Pos) -> bool| {
        *positions.iter().find(|&&p| want(g, p)).expect("a square")
    };
    let blank = |g: &LightUp, p: Pos| g.square(p) == Some(lightup::Square::Blank);
    let bulb_at = find(&game, &blank);
    let lit = game.apply(bulb_at, lightup::Piece::Bulb);
    let lit_floor = find(&lit, &|g, p| blank(g, p) && g.is_lit(p));
    let dark_floor = find(&lit, &|g, p| blank(g, p) && !g.is_lit(p));
    let wall = find(&game, &|g, p| {
        g.square(p) == Some(lightup::Square::Wall(None))
    });
    let numbered = find(&game, &|g, p| {
        matches!(g.square(p), Some(lightup::Square::Wall(Some(_))))
    });
    let mark = |p: Pos| lit.apply(p, lightup::Piece::Mark).square_look(p);
    let plain_states = vec![
        ("floor", lit.square_look(dark_floor)),
        ("lit floor", lit.square_look(lit_floor)),
        ("bulb", lit.square_look(bulb_at)),
        ("mark", mark(dark_floor)),
        ("lit mark", mark(lit_floor)),
        ("wall", game.square_look(wall)),
        ("numbered wall", game.square_look(numbered)),
    ];
    // Light Up marks a bulb another one lights, and a numbered wall that cannot be met.
    with_errors(plain_states, &["bulb", "numbered wall"])
}

fn tents_states() -> Vec<State> {
    let game = Tents::default_2020();
    let positions: Vec<Pos> = game.topology().positions().collect();
    let find = |square: tents::Square| {
        *positions
            .iter()
            .find(|&&p| game.grid()[p] == square)
            .expect("a square")
    };
    let (empty, tree) = (find(tents::Square::Empty), find(tents::Square::Tree));
    let plain_states = vec![
        ("empty", game.square_look(empty)),
        ("tree", game.square_look(tree)),
        (
            "tent",
            game.apply(empty, tents::Square::Tent).square_look(empty),
        ),
        (
            "grass",
            game.apply(empty, tents::Square::Grass).square_look(empty),
        ),
    ];
    // Tents marks a tree without room for a tent, and a tent touching another or without a
    // tree.
    with_errors(plain_states, &["tree", "tent"])
}

/// Every game's states, by game name.
pub fn games() -> Vec<(&'static str, Vec<State>)> {
    vec![
        ("mosaic", mosaic_states()),
        ("lightup", lightup_states()),
        ("tents", tents_states()),
    ]
}
