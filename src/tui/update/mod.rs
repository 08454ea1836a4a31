//! `update`: the one place the model changes. Pure: no terminal, no clock, no files. What
//! needs them comes back as [`Effect`]s for the loop.

mod advance;
mod browser;
mod browser_layout;
mod drag;
mod help;
mod open;
mod play;
mod proof;
mod settings;

pub use open::OPEN_ELSEWHERE;
pub use play::step_cursor;

use super::effect::Effect;
use super::model::{Confirm, Message, Model, Overlay, Screen};
use super::msg::Msg;

/// The model after `msg`, and the effects the loop must perform.
pub fn update(model: &Model, msg: Msg) -> (Model, Vec<Effect>) {
    let mut next = model.clone();
    let mut effects = Vec::new();
    let is_tick = matches!(msg, Msg::Tick(_));
    match msg {
        Msg::Tick(now) => next.now = now,
        Msg::Resize(columns, rows) => {
            next.size = (columns, rows);
            browser_layout::keep_visible(&mut next);
            help::keep_in_range(&mut next);
        }
        Msg::Start => effects.extend([
            Effect::LoadThemes,
            Effect::LoadKeys,
            Effect::LoadSettings,
            Effect::ListProgress,
        ]),
        Msg::ThemesLoaded(loaded) => settings::apply_themes(&mut next, loaded),
        Msg::KeysLoaded(loaded) => settings::apply_keys(&mut next, loaded),
        Msg::SettingsLoaded(loaded) => settings::apply_saved(&mut next, loaded),
        Msg::ProgressListed(listing) => browser::apply_listing(&mut next, listing),
        Msg::OpenPuzzle(request) => open::open(&mut next, request, &mut effects),
        Msg::ProgressLoaded { request, outcome } => {
            open::loaded(&mut next, request, outcome, &mut effects);
        }
        msg @ (Msg::Generated { .. }
        | Msg::GenCancelled(_)
        | Msg::GenProgress { .. }
        | Msg::GeneratorFailed { .. }) => generation(&mut next, msg, &mut effects),
        Msg::Solved { puzzle, solution } => {
            play::solved(&mut next, &puzzle, solution.as_ref());
            open::autosave(model, &mut next, &mut effects);
        }
        Msg::SolverFailed(reason) => play::solver_failed(&mut next, &reason),
        Msg::SolutionKept { puzzle, known } => play::solution_kept(&mut next, &puzzle, known),
        Msg::Hinted(answer) => {
            play::hinted(&mut next, *answer);
            open::autosave(model, &mut next, &mut effects);
        }
        Msg::PuzzleRead { text, result } => {
            browser::puzzle_read(&mut next, &text, result, &mut effects)
        }
        Msg::Deleted { name, result } => browser::deleted(&mut next, &name, result, &mut effects),
        Msg::TookOver { key, saved } => open::took_over(&mut next, key, saved, &mut effects),
        Msg::StatsLoaded(report) => {
            next.stats = Some(report);
            next.stats_scroll = 0;
        }
        msg @ (Msg::ProgressNotSaved(_) | Msg::ProgressSavedAgain | Msg::StoreFailed(_)) => {
            store_news(&mut next, msg);
        }
        // A random puzzle's moves are not kept: ask once (`q` again, or y, quits).
        Msg::Quit
            if next.would_lose_moves()
                && !matches!(next.overlay, Overlay::Confirm(Confirm::QuitRandom)) =>
        {
            next.overlay = Overlay::Confirm(Confirm::QuitRandom);
        }
        Msg::Quit => {
            open::save(&mut next, &mut effects);
            next.quitting = true;
            effects.push(Effect::Quit);
        }
        action => act(model, &mut next, action, &mut effects),
    }
    open::try_take_over(&mut next, &mut effects);
    // The clock's tick moves neither the cursor nor the screen: no layout to settle.
    if !is_tick {
        play::follow_cursor(&mut next);
        play::settle_clock(&mut next);
    }
    (next, effects)
}

/// What the generator's worker says: a puzzle made, cancelled or failed, or how far it got.
fn generation(next: &mut Model, msg: Msg, effects: &mut Vec<Effect>) {
    match msg {
        Msg::Generated { request, result } => {
            open::generated(next, request, result, effects);
        }
        // Its thread has ended; the player was told when cancelling.
        Msg::GenCancelled(_) => {}
        Msg::GenProgress { request, progress } if next.generating.as_ref() == Some(&request) => {
            next.generating_progress = progress;
        }
        Msg::GeneratorFailed { request, why } => {
            open::generated(
                next,
                request,
                Err(format!("the generator failed: {why}")),
                effects,
            );
        }
        _ => {}
    }
}

/// What the loop says of the data folder: a save that failed, saving working again, a folder
/// that cannot be used.
fn store_news(next: &mut Model, msg: Msg) {
    match msg {
        Msg::ProgressNotSaved(text) => {
            let warning = Message::warning(text);
            // Said once; it then stays in front of every message until a save works.
            if next.unsaved.is_none() {
                next.message = Some(warning.clone());
            }
            next.unsaved = Some(warning);
        }
        Msg::ProgressSavedAgain => {
            next.unsaved = None;
            next.message = Some(Message::info("progress saved again"));
        }
        Msg::StoreFailed(text) => {
            let warning = Message::warning(text);
            next.message = Some(warning.clone());
            next.notice = Some(warning);
        }
        _ => {}
    }
}

/// A player's action (a key, a click, a confirmation): to the overlay in front, else to the
/// screen; then the position is saved if it changed.
fn act(model: &Model, next: &mut Model, action: Msg, effects: &mut Vec<Effect>) {
    if action == Msg::Back && next.overlay == Overlay::None && play::dismiss(model, next) {
        return;
    }
    next.message = None;
    match next.overlay {
        Overlay::None => match next.screen {
            Screen::Browser => browser::act(next, action, effects),
            Screen::Play(_) => play::act(next, action, effects),
        },
        Overlay::Help => help::act(next, action),
        Overlay::Confirm(question) => {
            if let Msg::Confirm(yes) = action {
                next.overlay = Overlay::None;
                if yes {
                    effects.extend(play::confirmed(next, question));
                }
            }
        }
        Overlay::NewPuzzle(form) => browser::form(next, form, action, effects),
        Overlay::Open => browser::prompt(next, action, effects),
        Overlay::Rules => proof::picker(next, action, effects),
        Overlay::Stats => browser::stats_keys(next, action),
    }
    proof::sync(model, next);
    open::autosave(model, next, effects);
}
