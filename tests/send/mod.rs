//! Messages through `update` as the loop sends them, hints answered: tests of the pure model
//! share this instead of each writing it again.

use gridpuzzles::tui::effect::{Effect, hint_answer};
use gridpuzzles::tui::model::Model;
use gridpuzzles::tui::msg::Msg;
use gridpuzzles::tui::update;

/// The model after `msgs`, each hint asked for worked out and answered in turn.
pub fn send(model: &Model, msgs: impl IntoIterator<Item = Msg>) -> Model {
    msgs.into_iter()
        .fold(model.clone(), |m, msg| with_hints(update(&m, msg)))
}

/// The model once the hints asked for have been worked out and answered, as the loop does when
/// the worker answers.
fn with_hints((model, effects): (Model, Vec<Effect>)) -> Model {
    effects.into_iter().fold(model, |m, effect| match effect {
        Effect::Hint {
            session,
            shown,
            known,
        } => {
            let answer = hint_answer(&session, shown.as_ref(), known.as_deref());
            with_hints(update(&m, Msg::Hinted(Box::new(answer))))
        }
        _ => m,
    })
}
