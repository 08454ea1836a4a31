//! The `n` key runs the hint on an effect worker: `update` only asks for it, keys pressed
//! meanwhile are handled at once, and an answer for a position that has changed since is
//! dropped. On a big Mosaic, where a hint used to take seconds.

use std::time::Duration;

use crate::helpers::screen;
use gridpuzzles::game::Game;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::mosaic::{Colour, Mosaic};
use gridpuzzles::grid::Pos;
use gridpuzzles::tui::effect::{Effect, Performer};
use gridpuzzles::tui::model::{Model, Session, Settings};
use gridpuzzles::tui::msg::{Direction, Msg};
use gridpuzzles::tui::update;

/// A 30x30 hard Mosaic (`generate mosaic --size 30x30 --difficulty hard --seed 4`).
fn big_mosaic() -> Model {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/mosaic-30x30-hard-4.txt"
    );
    let game = Mosaic::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    Model::new(AnyGame::Mosaic(game), Settings::default())
}

fn mosaic(model: &Model) -> &Mosaic {
    match &screen(model).session {
        Session::Mosaic(p) => p.state(),
        other => panic!("not Mosaic: {other:?}"),
    }
}

/// Presses `n`: the model says it is thinking and hands the work to a worker of `performer`.
fn ask_for_a_hint(model: &Model, performer: &mut Performer) -> Model {
    let (asked, effects) = update(model, Msg::Hint);
    assert_eq!(asked.message.as_ref().unwrap().text, "thinking…");
    assert!(
        screen(&asked).hint.is_none(),
        "no hint before the worker answers"
    );
    assert_eq!(screen(&asked).session, screen(model).session);
    let [effect @ Effect::Hint { .. }] = effects.as_slice() else {
        panic!("expected one hint effect, got {effects:?}")
    };
    assert!(performer.perform(effect).is_empty(), "answered by a worker");
    assert!(performer.busy());
    asked
}

fn no_store() -> Performer {
    Performer::new(Err("no data folder".into()))
}

#[test]
fn a_key_pressed_right_after_n_is_handled_before_the_hint_arrives() {
    let mut performer = no_store();
    let start = big_mosaic();
    let asked = ask_for_a_hint(&start, &mut performer);
    // The player goes on at once: the cursor moves and a square turns black while the worker
    // is still (or was just) thinking.
    let (moved, _) = update(&asked, Msg::Move(Direction::Right));
    assert_eq!(screen(&moved).cursor, Pos::new(0, 1));
    let (played, _) = update(&moved, Msg::Primary);
    assert_eq!(mosaic(&played).colour(Pos::new(0, 1)), Colour::Black);
    // The answer, for the position before the black square, is stale: dropped.
    let answer = performer.wait(Duration::from_secs(120)).expect("an answer");
    let Msg::Hinted(ref hinted) = answer else {
        panic!("expected a hint answer, got {answer:?}")
    };
    assert_eq!(hinted.asked, screen(&start).session);
    let (after, _) = update(&played, answer);
    assert_eq!(screen(&after).session, screen(&played).session);
    assert!(screen(&after).hint.is_none());
}

#[test]
fn an_answer_for_the_position_still_in_play_is_shown() {
    let mut performer = no_store();
    let asked = ask_for_a_hint(&big_mosaic(), &mut performer);
    // Moving the cursor does not change the position: the answer still holds.
    let (moved, _) = update(&asked, Msg::Move(Direction::Down));
    let answer = performer.wait(Duration::from_secs(120)).expect("an answer");
    let (after, _) = update(&moved, answer);
    let shown = screen(&after).hint.as_ref().expect("the hint is shown");
    assert_eq!(shown.rule.id, "clue-complete");
    assert!(
        after
            .message
            .as_ref()
            .unwrap()
            .text
            .ends_with("n again applies it")
    );
    assert_eq!(screen(&after).cursor, Pos::new(1, 0));
}
