//! What the tests of the player read off a model, written once: the play screen, the game in
//! play, and the frame the view draws.

use gridpuzzles::games::AnyGame;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::mosaic::Mosaic;
use gridpuzzles::games::tents::Tents;
use gridpuzzles::play::Play;
use gridpuzzles::tui::Settings;
use gridpuzzles::tui::model::{Model, PlayScreen, Session};
use gridpuzzles::tui::msg::Msg;
use gridpuzzles::tui::view::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::send::send;

/// A model playing `game` with the default settings.
pub fn model(game: AnyGame) -> Model {
    Model::new(game, Settings::default())
}

/// The play screen the model shows (a test that asks for it expects one).
pub fn screen(model: &Model) -> &PlayScreen {
    model.play().expect("the play screen")
}

/// The Tents game in play.
pub fn tents(model: &Model) -> &Play<Tents> {
    match &screen(model).session {
        Session::Tents(p) => p,
        other => panic!("not Tents: {other:?}"),
    }
}

/// The Light Up game in play.
pub fn lightup(model: &Model) -> &Play<LightUp> {
    match &screen(model).session {
        Session::LightUp(p) => p,
        other => panic!("not Light Up: {other:?}"),
    }
}

/// The Mosaic game in play.
pub fn mosaic(model: &Model) -> &Play<Mosaic> {
    match &screen(model).session {
        Session::Mosaic(p) => p,
        other => panic!("not Mosaic: {other:?}"),
    }
}

/// The frame the view draws of `model` once the terminal is `width` by `height`.
pub fn render(model: &Model, width: u16, height: u16) -> TestBackend {
    let sized = send(model, [Msg::Resize(width, height)]);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| view(&sized, frame)).unwrap();
    terminal.backend().clone()
}
