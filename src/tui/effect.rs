//! Side effects `update` asks for; the loop performs them and feeds results back as messages.

use std::sync::Arc;
use std::sync::mpsc::Sender;

use super::msg::{LoadedThemes, Msg};
use crate::game::Game;
use crate::games::AnyGame;
use crate::games::any::IntoAny;
use crate::theme::Themes;

/// Something only the loop around `update` may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Leave the program, restoring the terminal.
    Quit,
    /// Read the built-in and user themes; answered by [`Msg::ThemesLoaded`].
    LoadThemes,
    /// Solve this puzzle away from the loop (a solver may take a while); answered by
    /// [`Msg::Solved`].
    Solve(AnyGame),
}

/// What the loop performs before the first frame.
pub const STARTUP: &[Effect] = &[Effect::LoadThemes];

/// Reads built-in themes and the user's theme folder (`GRIDPUZZLES_HOME/themes` or the
/// platform's config folder).
pub fn load_themes() -> LoadedThemes {
    let dir = crate::paths::user_themes_dir();
    let (themes, errors) = Themes::load(dir.as_deref());
    LoadedThemes {
        themes: Arc::new(themes),
        errors,
    }
}

/// The first solution of a puzzle of any game.
pub fn solve_any(puzzle: &AnyGame) -> Option<AnyGame> {
    crate::with_game!(puzzle, g => g.solve().map(IntoAny::into_any))
}

/// Performs one effect; its result arrives on `outbox` as a message: at once for quick work,
/// later from a worker thread for solving. `Quit` is left to the loop, which stops.
pub fn perform(effect: &Effect, outbox: &Sender<Msg>) {
    match effect {
        Effect::Quit => {}
        Effect::LoadThemes => {
            // A closed outbox means the loop is gone: nobody is left to tell.
            let _ = outbox.send(Msg::ThemesLoaded(load_themes()));
        }
        Effect::Solve(puzzle) => {
            let puzzle = puzzle.clone();
            let outbox = outbox.clone();
            std::thread::spawn(move || {
                WORKER.with(|w| w.set(true));
                // A solver that panics must not take the screen down: report it instead.
                let answer = match std::panic::catch_unwind(|| solve_any(&puzzle)) {
                    Ok(solution) => Msg::Solved { puzzle, solution },
                    Err(payload) => Msg::SolverFailed(panic_text(payload.as_ref())),
                };
                let _ = outbox.send(answer);
            });
        }
    }
}

thread_local! {
    static WORKER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the current thread is an effect worker (its panics are caught and reported, so the
/// panic hook must leave the terminal alone).
pub fn in_worker() -> bool {
    WORKER.with(|w| w.get())
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown error".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tents::Tents;
    use std::sync::mpsc::channel;
    use std::time::Duration;

    #[test]
    fn solving_answers_from_a_worker_thread() {
        let (outbox, inbox) = channel();
        let puzzle = AnyGame::Tents(Tents::default_2020());
        perform(&Effect::Solve(puzzle.clone()), &outbox);
        let answer = inbox.recv_timeout(Duration::from_secs(60)).unwrap();
        let Msg::Solved {
            puzzle: answered,
            solution,
        } = answer
        else {
            panic!("expected a solution, got {answer:?}");
        };
        assert_eq!(answered, puzzle);
        assert_eq!(solution, solve_any(&puzzle));
        assert!(!in_worker());
    }

    #[test]
    fn themes_load_at_once_and_quit_sends_nothing() {
        let (outbox, inbox) = channel();
        perform(&Effect::Quit, &outbox);
        assert!(inbox.try_recv().is_err());
        perform(&Effect::LoadThemes, &outbox);
        assert!(matches!(inbox.try_recv(), Ok(Msg::ThemesLoaded(_))));
    }

    #[test]
    fn panic_payloads_read_as_text() {
        assert_eq!(panic_text(&"boom"), "boom");
        assert_eq!(panic_text(&String::from("bang")), "bang");
        assert_eq!(panic_text(&42u8), "unknown error");
    }
}
