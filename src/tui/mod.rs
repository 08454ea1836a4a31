//! The full-screen player, in the Elm architecture: `view` draws the [`Model`], terminal events
//! become [`Msg`]s in [`keymap`], [`update`] returns the next model and the [`Effect`]s this loop
//! performs. Only this file touches the terminal; it is always restored (normal exit, `q`,
//! Ctrl-C, errors and panics), mouse capture included.

pub mod effect;
pub mod keymap;
pub mod model;
pub mod msg;
pub mod update;
pub mod view;

use std::collections::VecDeque;
use std::io::{self, Write, stdout};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use crossterm::cursor::Show;
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use ratatui::DefaultTerminal;

pub use effect::Effect;
pub use model::{Model, Settings};
pub use msg::Msg;
pub use update::update;
pub use view::view;

/// How long the loop waits for input before a tick moves the clock on.
const TICK: Duration = Duration::from_millis(500);
/// The wait while an effect is under way, so its answer shows soon.
const BUSY_TICK: Duration = Duration::from_millis(50);

/// Runs the player until the model asks to quit; the terminal is restored whatever happens.
pub fn run(model: Model) -> io::Result<()> {
    let mut terminal = TerminalGuard::enter()?;
    let result = event_loop(&mut terminal.terminal, model);
    drop(terminal);
    result
}

/// Draw, wait for an event or a tick, turn it into messages, update, perform effects; again.
fn event_loop(terminal: &mut DefaultTerminal, model: Model) -> io::Result<()> {
    let clock = Instant::now();
    let (outbox, inbox) = channel();
    let size = terminal.size()?;
    for effect in effect::STARTUP {
        effect::perform(effect, &outbox);
    }
    let mut messages = vec![Msg::Resize(size.width, size.height)];
    messages.extend(inbox.try_iter());
    let (mut model, mut quit) = dispatch(model, messages, &outbox, &inbox);
    while !quit {
        terminal.draw(|frame| view(&model, frame))?;
        let wait = if model.busy() { BUSY_TICK } else { TICK };
        if !event::poll(wait)? {
            let mut messages = vec![Msg::Tick(clock.elapsed())];
            messages.extend(inbox.try_iter());
            (model, quit) = dispatch(model, messages, &outbox, &inbox);
            continue;
        }
        // Take every event already waiting before drawing again: a burst costs one redraw.
        loop {
            let event = event::read()?;
            let mut messages = vec![Msg::Tick(clock.elapsed())];
            messages.extend(keymap::message_for(&event, &model));
            (model, quit) = dispatch(model, messages, &outbox, &inbox);
            if quit || !event::poll(Duration::ZERO)? {
                break;
            }
        }
    }
    Ok(())
}

/// Runs `messages` through `update` in order, performing the effects it asks for; answers that
/// are ready at once are fed back in. Returns the model and whether to quit.
fn dispatch(
    model: Model,
    messages: Vec<Msg>,
    outbox: &Sender<Msg>,
    inbox: &Receiver<Msg>,
) -> (Model, bool) {
    let mut model = model;
    let mut queue: VecDeque<Msg> = messages.into();
    while let Some(msg) = queue.pop_front() {
        let (next, effects) = update(&model, msg);
        model = next;
        for effect in &effects {
            if *effect == Effect::Quit {
                return (model, true);
            }
            effect::perform(effect, outbox);
        }
        queue.extend(inbox.try_iter());
    }
    (model, false)
}

/// The terminal in raw mode, on the alternate screen, with mouse capture; restored on drop and
/// by the panic hook.
struct TerminalGuard {
    terminal: DefaultTerminal,
}

impl TerminalGuard {
    fn enter() -> io::Result<TerminalGuard> {
        // ratatui installs a hook that leaves raw mode and the alternate screen; ours runs first
        // and also releases the mouse, then hands over to it.
        let terminal = ratatui::try_init()?;
        let ratatui_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // Worker threads catch their panics and report them on screen.
            if effect::in_worker() {
                return;
            }
            release_mouse();
            ratatui_hook(info);
        }));
        let guard = TerminalGuard { terminal };
        execute!(stdout(), EnableMouseCapture)?;
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        release_mouse();
        ratatui::restore();
    }
}

/// Disables mouse capture and shows the cursor; errors are ignored (nothing left to tell).
fn release_mouse() {
    let mut out = stdout();
    let _ = execute!(out, DisableMouseCapture, Show);
    let _ = out.flush();
}
