//! `update` on the browser: moving, filtering, opening, and the new random puzzle form.

use std::collections::HashMap;

use super::browser_layout::{keep_visible, layout, page_height};
use super::{open, settings};
use std::sync::Arc;

use crate::deduce::Progress;
use crate::game::GameKind;
use crate::games::AnyGame;
use crate::kept;
use crate::progress::Listing;
use crate::tui::browser::{Mark, Row};
use crate::tui::effect::Effect;
use crate::tui::form::NewPuzzleForm;
use crate::tui::generate::{self, GenRequest};
use crate::tui::model::{Confirm, Message, Model, OpenPrompt, OpenRequest, Overlay, PuzzleRef};
use crate::tui::msg::{Button, Direction, Msg};
use crate::tui::pack_view::PackItem;
use crate::tui::text_field::Edit;

/// A message on the browser with no overlay open.
pub fn act(model: &mut Model, msg: Msg, effects: &mut Vec<Effect>) {
    let page = page_height(model) as isize;
    let browser = &mut model.browser;
    match msg {
        Msg::Move(Direction::Up) | Msg::Wheel(Direction::Up) => browser.move_by(-1),
        Msg::Move(Direction::Down) | Msg::Wheel(Direction::Down) => browser.move_by(1),
        Msg::PageUp => browser.move_by(-page),
        Msg::PageDown => browser.move_by(page),
        Msg::Home => browser.move_to_end(false),
        Msg::End => browser.move_to_end(true),
        Msg::CycleGameFilter => browser.cycle_game_filter(),
        Msg::CycleStatusFilter => browser.cycle_status_filter(),
        Msg::Open => open_selected(model, effects),
        Msg::NewPuzzle => {
            if let Some(kind) = model.browser.selected_kind() {
                new_puzzle_form(model, kind);
            }
        }
        Msg::ToggleHelp => super::help::open(model),
        Msg::OpenPrompt => {
            model.prompt = OpenPrompt::default();
            model.overlay = Overlay::Open;
        }
        Msg::DeleteMade => match model.browser.selected_row() {
            Some(Row::Made(_)) => model.overlay = Overlay::Confirm(Confirm::DeleteMade),
            _ => {
                model.message = Some(Message::info(
                    "d deletes puzzles made here; pack puzzles stay",
                ));
            }
        },
        Msg::ShowStats => {
            model.stats = None;
            model.stats_scroll = 0;
            model.overlay = Overlay::Stats;
            effects.push(Effect::LoadStats);
        }
        Msg::NextTheme => settings::next_theme(model, effects),
        Msg::ToggleAscii => settings::toggle_ascii(model, effects),
        Msg::Back => back(model, effects),
        Msg::Click {
            column,
            row,
            button: Button::Left,
        } => click(model, column, row, effects),
        _ => {}
    }
    keep_visible(model);
}

/// Esc: cancel the generator (its thread stops), else clear the filters, else explain how to
/// leave.
fn back(model: &mut Model, effects: &mut Vec<Effect>) {
    let text = if let Some(request) = model.generating.take() {
        effects.push(Effect::CancelGenerate(request));
        "new puzzle cancelled"
    } else if model.browser.clear_filters() {
        "filters cleared"
    } else {
        "q quits"
    };
    model.message = Some(Message::info(text));
}

/// A left click: selects a line; a click on the selected line opens it.
fn click(model: &mut Model, column: u16, row: u16, effects: &mut Vec<Effect>) {
    let Some(layout) = layout(model) else {
        return;
    };
    let list = layout.list;
    let inside = column >= list.x && column < list.right() && row >= list.y && row < list.bottom();
    if !inside {
        return;
    }
    let rows = model.browser.rows();
    let Some(&line) = rows.get(model.browser.scroll + usize::from(row - list.y)) else {
        return;
    };
    if model.browser.selected_row() == Some(line) {
        open_selected(model, effects);
    } else {
        model.browser.select(line);
    }
}

/// Enter: opens the selected puzzle, or the form of a "new random puzzle" line.
fn open_selected(model: &mut Model, effects: &mut Vec<Effect>) {
    let Some(row) = model.browser.selected_row() else {
        return;
    };
    if let Row::NewRandom(kind) = row {
        new_puzzle_form(model, kind);
        return;
    }
    let Some(item) = model.browser.item(row) else {
        return;
    };
    match &item.game {
        Ok(game) => {
            let mut puzzle = PuzzleRef::saved(&item.name, &item.name);
            // A made puzzle's progress file keeps how it was made; its saves must too.
            puzzle.made = item.made.clone();
            let request = OpenRequest {
                game: game.clone(),
                puzzle,
            };
            open::open(model, request, effects);
        }
        Err(e) => model.message = Some(Message::warning(e.clone())),
    }
}

/// Opens the new random puzzle form for `kind` (with the last form's values).
fn new_puzzle_form(model: &mut Model, kind: GameKind) {
    let form = model.browser.last_form.map_or_else(
        || NewPuzzleForm::new(kind),
        |last| NewPuzzleForm {
            kind,
            field: NewPuzzleForm::new(kind).field,
            ..last
        },
    );
    model.overlay = Overlay::NewPuzzle(form);
}

/// A message while the form is open: arrows choose and change, Enter generates, Esc cancels.
pub fn form(model: &mut Model, form: NewPuzzleForm, msg: Msg, effects: &mut Vec<Effect>) {
    let changed = match msg {
        Msg::Move(Direction::Up) => form.move_field(-1),
        Msg::Move(Direction::Down) => form.move_field(1),
        Msg::Move(Direction::Left) => form.adjust(false),
        Msg::Move(Direction::Right) => form.adjust(true),
        Msg::Type(digit) => form.type_digit(digit),
        Msg::Paste(text) => text.chars().fold(form, NewPuzzleForm::type_digit),
        Msg::Erase | Msg::Edit(Edit::Backspace | Edit::Delete) => form.erase(),
        // A number field is one word: Ctrl-U and Ctrl-W clear it.
        Msg::Edit(Edit::EraseToStart | Edit::EraseWord | Edit::EraseToEnd) => {
            std::iter::successors(Some(form), |f| Some(f.erase()))
                .nth(20)
                .unwrap_or(form)
        }
        Msg::Confirm(true) => {
            let request = GenRequest {
                options: form.options(),
                seed: form.seed.unwrap_or_else(|| generate::seed_from(model.now)),
            };
            model.overlay = Overlay::None;
            // The next form starts from these choices, but a seed is for one puzzle only.
            model.browser.last_form = Some(NewPuzzleForm {
                seed: None,
                typed: false,
                ..form.within_bounds()
            });
            model.generating = Some(request.clone());
            model.generating_since = model.now;
            model.generating_progress = Progress::default();
            effects.push(Effect::Generate(request));
            return;
        }
        Msg::Confirm(false) => {
            model.overlay = Overlay::None;
            return;
        }
        _ => form,
    };
    model.overlay = Overlay::NewPuzzle(changed);
}

/// The browser's items of the puzzles made here, from the listing; one whose puzzle cannot be
/// read is listed with the reason (opening it says why).
fn made_items(listing: &Listing) -> Vec<PackItem> {
    let made = listing.entries.iter().filter(|e| kept::is_kept(&e.name));
    made.filter_map(|e| {
        let record = Arc::new(e.made.clone()?);
        Some(match kept::puzzle(&record) {
            Ok(game) => PackItem::made(&e.name, record, game),
            Err(why) => {
                let game = AnyGame::default_for(GameKind::from_id(&record.game)?);
                PackItem {
                    game: Err(format!("{}: {why}", e.name)),
                    ..PackItem::made(&e.name, record, game)
                }
            }
        })
    })
    .collect()
}

/// Takes the saved progress listing as the browser's marks; unreadable files are reported.
pub fn apply_listing(model: &mut Model, listing: Result<Listing, String>) {
    match listing {
        Ok(listing) => {
            let marks: HashMap<String, Mark> = listing
                .entries
                .iter()
                .map(|e| (e.name.clone(), Mark::of(&e.summary)))
                .collect();
            model.browser.set_marks(marks);
            model.browser.set_made(made_items(&listing));
            if let Some((path, why)) = listing.problems.first() {
                let n = listing.problems.len();
                let files = if n == 1 { "file" } else { "files" };
                settings::add_notice(
                    model,
                    format!(
                        "{n} unreadable progress {files}: {}: {why} (opening its puzzle sets it aside)",
                        path.display()
                    ),
                );
            }
        }
        Err(e) => settings::add_notice(model, format!("saved progress not listed: {e}")),
    }
    keep_visible(model);
}

/// A message while the open prompt is shown: typing, Enter reads the entry, Esc closes.
pub fn prompt(model: &mut Model, msg: Msg, effects: &mut Vec<Effect>) {
    let prompt = &mut model.prompt;
    let edit = match &msg {
        Msg::Type(c) => Some(Edit::Insert(*c)),
        Msg::Erase => Some(Edit::Backspace),
        Msg::Edit(edit) => Some(*edit),
        _ => None,
    };
    match msg {
        // While the entry is read, only Esc does something.
        ref other if prompt.reading && *other != Msg::Confirm(false) => {}
        Msg::Paste(text) => {
            prompt.field = prompt.field.pasted(&text);
            prompt.error = None;
        }
        _ if edit.is_some() => {
            let edited = edit.map(|e| prompt.field.edited(e)).unwrap_or_default();
            // Typing clears the last refusal; moving the cursor does not.
            if edited.text() != prompt.field.text() {
                prompt.error = None;
            }
            prompt.field = edited;
        }
        Msg::Confirm(true) => {
            let text = prompt.field.text().trim().to_string();
            if text.is_empty() {
                let game = GameKind::ALL[0].id();
                prompt.error = Some(format!(
                    "type a Tatham game ID ({game}:8x8:…), a puzzle file or a name such as \
                     {game}/default"
                ));
            } else {
                prompt.reading = true;
                effects.push(Effect::ReadPuzzle(text));
            }
        }
        Msg::Confirm(false) => {
            // Closing drops an answer still on its way.
            model.prompt = OpenPrompt::default();
            model.overlay = Overlay::None;
        }
        _ => {}
    }
}

/// The loop read the open prompt's entry: open the puzzle, or show why not, the entry kept
/// for editing.
pub fn puzzle_read(
    model: &mut Model,
    text: &str,
    result: Result<Box<OpenRequest>, String>,
    effects: &mut Vec<Effect>,
) {
    let waiting = model.overlay == Overlay::Open
        && model.prompt.reading
        && model.prompt.field.text().trim() == text;
    if !waiting {
        return;
    }
    model.prompt.reading = false;
    match result {
        Ok(request) => {
            model.prompt = OpenPrompt::default();
            model.overlay = Overlay::None;
            open::open(model, *request, effects);
        }
        Err(why) => model.prompt.error = Some(why),
    }
}

/// The player said yes to deleting the selected puzzle made here: it leaves the list at once,
/// and the loop deletes its file.
pub fn delete_selected(model: &mut Model) -> Vec<Effect> {
    let Some(row @ Row::Made(_)) = model.browser.selected_row() else {
        return Vec::new();
    };
    let Some(name) = model.browser.item(row).map(|i| i.name.clone()) else {
        return Vec::new();
    };
    model.browser.remove_made(&name);
    keep_visible(model);
    vec![Effect::DeletePuzzle(name)]
}

/// The loop deleted a puzzle made here, or says why not (the list is read again to show what
/// is really there).
pub fn deleted(
    model: &mut Model,
    name: &str,
    result: Result<(), String>,
    effects: &mut Vec<Effect>,
) {
    match result {
        Ok(()) => model.message = Some(Message::info(format!("deleted {name}"))),
        Err(why) => {
            model.message = Some(Message::warning(format!("{name} not deleted: {why}")));
            effects.push(Effect::ListProgress);
        }
    }
}

/// Keys on the statistics: up and down scroll, anything else closes them.
pub fn stats_keys(model: &mut Model, msg: Msg) {
    let lines = match &model.stats {
        Some(Ok(lines)) => lines.len(),
        _ => 0,
    };
    let page = page_height(model).max(1);
    let last = lines.saturating_sub(page);
    let scroll = model.stats_scroll;
    model.stats_scroll = match msg {
        Msg::Move(Direction::Up) => scroll.saturating_sub(1),
        Msg::Move(Direction::Down) => (scroll + 1).min(last),
        Msg::PageUp => scroll.saturating_sub(page),
        Msg::PageDown => (scroll + page).min(last),
        Msg::Wheel(_) | Msg::Tick(_) | Msg::Resize(..) => scroll,
        _ => {
            model.overlay = Overlay::None;
            0
        }
    };
}
