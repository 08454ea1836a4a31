//! The full-screen player, in the Elm architecture: `view` draws the [`Model`], terminal events
//! become [`Msg`]s in [`keymap`], [`update`] returns the next model and the [`Effect`]s this loop
//! performs. Only this file touches the terminal; it is always restored (normal exit, `q`,
//! Ctrl-C, errors, panics and the ending signals of [`signals`]), mouse capture included.

pub mod browser;
pub mod effect;
pub mod error_set;
pub mod form;
pub mod generate;
pub mod hint;
pub mod keymap;
pub mod keys;
pub mod layout;
pub mod model;
pub mod msg;
pub mod pack_view;
pub mod panel;
pub mod proof_mode;
pub mod puzzle_ref;
pub mod saved;
pub mod session;
pub mod sgr;
pub mod signals;
pub mod solution;
pub mod text_field;
pub mod update;
pub mod view;

use std::collections::VecDeque;
use std::io::{self, Stdout, Write, stdout};
use std::time::{Duration, Instant};

use crossterm::cursor::Show;
use crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::terminal::{
    self, BeginSynchronizedUpdate, EndSynchronizedUpdate, EnterAlternateScreen,
    LeaveAlternateScreen,
};
use crossterm::{execute, queue};
use ratatui::Terminal;

use crate::theme::ColorDepth;
use sgr::SgrBackend;

pub use effect::{Effect, Performer};
pub use model::{Model, Settings};
pub use msg::Msg;
pub use update::update;
pub use view::view;

/// How long the loop waits for input before a tick moves the clock on (and looks for signals).
const TICK: Duration = Duration::from_millis(250);

/// How often the clock ticks while a worker (generator, solver) runs; its answer is looked for
/// sooner, every [`ANSWER_POLL`].
const BUSY_TICK: Duration = Duration::from_millis(50);

/// How often the loop, waiting for input while a worker runs, looks whether it has answered: a
/// hint worked out in a few milliseconds reaches the screen without waiting for the tick.
const ANSWER_POLL: Duration = Duration::from_millis(2);

/// How the loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// The player quit.
    Quit,
    /// An ending signal (its number) arrived.
    Signal(i32),
}

/// Runs the player until the model asks to quit or an ending signal arrives; progress is saved
/// and the terminal restored whatever happens. `first` are the messages handled after start-up
/// (such as opening a puzzle). Progress that could not be saved on the way out is reported on
/// stderr once the terminal is back. Returns the exit code: 0, or 128 + the signal's number.
pub fn run(model: Model, first: Vec<Msg>, depth: ColorDepth) -> io::Result<u8> {
    let signals = signals::ExitSignals::catch(emergency_exit)?;
    let suspend = signals::SuspendSignal::catch()?;
    let mut performer = Performer::open_default();
    let mut terminal = TerminalGuard::enter(depth)?;
    let mut model = model;
    let result = event_loop(
        &mut terminal.terminal,
        &mut model,
        first,
        &mut performer,
        &signals,
        &suspend,
    );
    if !model.quitting {
        // A signal or a terminal error (a hung-up terminal fails every write): save as `q`
        // would, before anything else is tried on the terminal. On a puzzle whose moves are
        // not kept `q` only asks first: there is nothing to save, only the writes waiting.
        let (_, quit) = dispatch_batch(model, vec![Msg::Quit], &mut performer);
        if !quit {
            performer.flush_on_exit();
        }
    }
    drop(terminal);
    for failure in performer.exit_failures() {
        // Not `eprintln!`: it panics when the terminal is gone.
        let _ = writeln!(io::stderr(), "gridpuzzles: {failure}");
    }
    // A signal that came with a terminal error (SIGHUP) is the better account of the ending.
    match (signals.caught(), result) {
        (_, Ok(Ending::Signal(signal))) | (Some(signal), Err(_)) => Ok(signals::exit_code(signal)),
        (_, Ok(Ending::Quit)) => Ok(0),
        (None, Err(e)) => Err(e),
    }
}

/// The terminal the player draws on.
type PlayerTerminal = Terminal<SgrBackend<Stdout>>;

/// Draws `model` as one synchronized update: a terminal that knows the mode shows the frame
/// whole, never half drawn; others ignore the marks.
fn draw_frame(terminal: &mut PlayerTerminal, model: &Model) -> io::Result<()> {
    queue!(terminal.backend_mut(), BeginSynchronizedUpdate)?;
    terminal.draw(|frame| view(model, frame))?;
    execute!(terminal.backend_mut(), EndSynchronizedUpdate)
}

/// Handles input until the player quits (`model.quitting`) or a signal arrives; `model` is left
/// as it was then.
fn event_loop(
    terminal: &mut PlayerTerminal,
    model: &mut Model,
    first: Vec<Msg>,
    performer: &mut Performer,
    signals: &signals::ExitSignals,
    suspend: &signals::SuspendSignal,
) -> io::Result<Ending> {
    let clock = Instant::now();
    let size = terminal.size()?;
    let mut startup = vec![Msg::Resize(size.width, size.height), Msg::Start];
    startup.extend(first);
    let mut quit;
    (*model, quit) = dispatch(model.clone(), startup, performer);
    while !quit {
        if let Some(signal) = signals.caught() {
            return Ok(Ending::Signal(signal));
        }
        if suspend.take() {
            (*model, quit) = suspend_player(terminal, model.clone(), performer)?;
            continue;
        }
        draw_frame(terminal, model)?;
        if !input_within(performer)? {
            let mut messages = vec![Msg::Tick(clock.elapsed())];
            messages.extend(performer.finished());
            (*model, quit) = dispatch(model.clone(), messages, performer);
            continue;
        }
        // Take every event already waiting before drawing again: a burst costs one redraw
        // and one save.
        let mut messages = vec![Msg::Tick(clock.elapsed())];
        loop {
            let event = event::read()?;
            if keymap::is_suspend(&event) {
                (*model, quit) = suspend_player(terminal, model.clone(), performer)?;
                break;
            }
            if let Some(msg) = keymap::message_for(&event, model) {
                messages.push(msg);
            }
            // The keymap depends on the model (screen, overlay): update before the next key.
            (*model, quit) =
                dispatch_batch(model.clone(), std::mem::take(&mut messages), performer);
            if quit || !event::poll(Duration::ZERO)? {
                break;
            }
        }
        if !quit {
            (*model, quit) = dispatch(model.clone(), performer.finished(), performer);
        }
    }
    Ok(Ending::Quit)
}

/// Waits for input up to the next tick; `false` when none came, or a worker answered first.
fn input_within(performer: &mut Performer) -> io::Result<bool> {
    if !performer.busy() {
        return event::poll(TICK);
    }
    let deadline = Instant::now() + BUSY_TICK;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if event::poll(left.min(ANSWER_POLL))? {
            return Ok(true);
        }
        if left.is_zero() || performer.answered() {
            return Ok(false);
        }
    }
}

/// Ctrl-Z or SIGTSTP: pauses the puzzle in play (its clock stops), saves, hands the terminal
/// back and stops the process like any full-screen program; once continued (`fg`), takes the
/// terminal again and redraws everything.
fn suspend_player(
    terminal: &mut PlayerTerminal,
    model: Model,
    performer: &mut Performer,
) -> io::Result<(Model, bool)> {
    let playing = model
        .play()
        .is_some_and(|p| !p.paused && !p.session.is_won());
    let pause = if playing {
        vec![Msg::Pause]
    } else {
        Vec::new()
    };
    let (model, quit) = dispatch(model, pause, performer);
    release_mouse();
    restore();
    signals::stop_until_continued();
    terminal::enable_raw_mode()?;
    execute!(
        stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste,
        terminal::Clear(terminal::ClearType::All)
    )?;
    // The screen was the shell's meanwhile: the next frame is drawn against an empty one, so
    // every cell is written again. (`Terminal::clear` would ask the terminal where its cursor
    // is, which not every terminal answers.)
    terminal.swap_buffers();
    Ok((model, quit))
}

/// Runs `messages` through `update` in order, performing the effects it asks for and feeding
/// their answers back in; then writes the batch's saves. Returns the model and whether to quit.
pub fn dispatch(model: Model, messages: Vec<Msg>, performer: &mut Performer) -> (Model, bool) {
    let (mut model, quit) = dispatch_batch(model, messages, performer);
    if !quit {
        let failures = performer.flush();
        if !failures.is_empty() {
            (model, _) = dispatch_batch(model, failures, performer);
        }
    }
    (model, quit)
}

/// [`dispatch`] without writing the saves at the end (more input of the burst follows); they
/// are written anyway before quitting and before anything reads the data folder.
fn dispatch_batch(model: Model, messages: Vec<Msg>, performer: &mut Performer) -> (Model, bool) {
    let mut model = model;
    let mut queue: VecDeque<Msg> = messages.into();
    while let Some(msg) = queue.pop_front() {
        let (next, effects) = update(&model, msg);
        model = next;
        for effect in &effects {
            if *effect == Effect::Quit {
                performer.flush_on_exit();
                return (model, true);
            }
            queue.extend(performer.perform(effect));
        }
    }
    (model, false)
}

/// The terminal in raw mode, on the alternate screen, with mouse capture; restored on drop and
/// by the panic hook.
struct TerminalGuard {
    terminal: PlayerTerminal,
}

impl TerminalGuard {
    fn enter(depth: ColorDepth) -> io::Result<TerminalGuard> {
        // Our hook restores the terminal (raw mode, alternate screen, mouse, cursor), then hands
        // over to the previous hook to print the panic.
        let previous_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // Worker threads catch their panics and report them on screen.
            if effect::in_worker() {
                return;
            }
            release_mouse();
            restore();
            previous_hook(info);
        }));
        terminal::enable_raw_mode()?;
        execute!(stdout(), EnterAlternateScreen)?;
        let terminal =
            Terminal::new(SgrBackend::new(stdout(), depth)).inspect_err(|_| restore())?;
        let guard = TerminalGuard { terminal };
        // A paste arrives whole (one event), so its line breaks are not Enter presses.
        execute!(stdout(), EnableMouseCapture, EnableBracketedPaste)?;
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        release_mouse();
        restore();
    }
}

/// Ends the process at once for `signal`, when the loop could not (see [`signals`]): the
/// terminal is restored as far as it still can be. Every batch of moves was saved as it was
/// handled.
fn emergency_exit(signal: i32) -> ! {
    release_mouse();
    restore();
    std::process::exit(i32::from(signals::exit_code(signal)))
}

/// Leaves raw mode and the alternate screen; errors are ignored (a terminal that is gone
/// cannot be told). Raw mode goes first: it has more effects than the alternate screen.
fn restore() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(stdout(), LeaveAlternateScreen);
}

/// Disables mouse capture and shows the cursor; errors are ignored (nothing left to tell).
fn release_mouse() {
    let mut out = stdout();
    let _ = execute!(out, DisableMouseCapture, DisableBracketedPaste, Show);
    let _ = out.flush();
}
