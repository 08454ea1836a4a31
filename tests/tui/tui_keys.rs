//! keys.toml through `update` and `view`, without a terminal: the bindings arrive as a message
//! at start, the keymap, the key bar and the help follow them, and a bad file becomes a located
//! notice with the default keys kept.

use std::path::Path;
use std::sync::Arc;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::tents::Tents;
use gridpuzzles::tui::keymap::message_for;
use gridpuzzles::tui::keys::{KeyBindings, parse_keys};
use gridpuzzles::tui::layout::banner::banner_with_keys;
use gridpuzzles::tui::model::{Finish, Model, Overlay, Settings, Tone};
use gridpuzzles::tui::msg::{LoadedKeys, Msg};
use gridpuzzles::tui::{update, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn send(model: &Model, msgs: impl IntoIterator<Item = Msg>) -> Model {
    msgs.into_iter()
        .fold(model.clone(), |m, msg| update(&m, msg).0)
}

fn tents() -> Model {
    Model::new(AnyGame::Tents(Tents::default_2020()), Settings::default())
}

fn loaded(text: &str) -> LoadedKeys {
    match parse_keys(text, Path::new("/home/x/keys.toml")) {
        Ok(keys) => LoadedKeys {
            keys: Arc::new(keys),
            errors: Vec::new(),
        },
        Err(errors) => LoadedKeys {
            keys: Arc::default(),
            errors,
        },
    }
}

fn screen_text(model: &Model) -> String {
    sized_text(model, 100, 30)
}

fn sized_text(model: &Model, width: u16, height: u16) -> String {
    let model = send(model, [Msg::Resize(width, height)]);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| view(&model, frame)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn press(model: &Model, c: char) -> Option<Msg> {
    let event = Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    message_for(&event, model)
}

#[test]
fn loaded_keys_drive_the_keymap_the_bar_and_the_help() {
    let model = send(
        &tents(),
        [Msg::KeysLoaded(loaded(
            "[play]\nundo = \"U\"\nhelp = \"H\"\nhint = \"?\"\n",
        ))],
    );
    assert_eq!(model.notice, None);
    assert_eq!(press(&model, 'U'), Some(Msg::Undo));
    assert_eq!(press(&model, 'z'), None);
    assert_eq!(press(&model, 'H'), Some(Msg::ToggleHelp));
    let text = screen_text(&model);
    let bar = text.lines().last().unwrap();
    assert!(bar.contains("U undo"), "{bar}");
    assert!(bar.contains("H help") && bar.contains("? hint"), "{bar}");
    assert!(!bar.contains("z undo"), "{bar}");

    let help = send(&model, [Msg::ToggleHelp]);
    assert_eq!(help.overlay, Overlay::Help);
    // Tall enough for the whole help: nothing scrolled away.
    let text = sized_text(&help, 100, 70);
    assert!(text.contains("show a hint; ? again applies it"), "{text}");
    assert!(text.contains("U  y Ctrl-R"), "{text}");
    assert!(text.contains("this help: H Esc or q closes it"), "{text}");
    assert!(text.contains("H Esc q close"), "{text}");
    assert!(!text.contains("z u"), "{text}");
}

#[test]
fn a_bad_file_is_a_located_notice_and_the_defaults_hold() {
    let model = send(
        &tents(),
        [Msg::KeysLoaded(loaded(
            "[play]\nundo = \"U\"\nhnit = \"n\"\nredo = \"nope\"\n",
        ))],
    );
    assert_eq!(*model.keys, KeyBindings::default());
    assert_eq!(press(&model, 'z'), Some(Msg::Undo));
    assert_eq!(press(&model, 'U'), None);
    let notice = model.notice.clone().unwrap();
    assert_eq!(notice.tone, Tone::Warning);
    assert_eq!(
        notice.text,
        "keys error: /home/x/keys.toml:3:1: unknown action `hnit` in [play] (did you mean \
         `hint`?) (and 1 more); using the default keys"
    );
    let text = screen_text(&model).replace('\n', "");
    assert!(text.contains("keys.toml:3:1"), "{text}");
}

#[test]
fn messages_that_name_a_key_name_the_one_bound() {
    let model = send(
        &tents(),
        [Msg::KeysLoaded(loaded(
            "[play]\npause = \"ctrl-p\"\nundo = \"U\"\nprimary = \"o\"\nascii = \"A\"\n",
        ))],
    );
    let paused = send(&model, [Msg::Pause, Msg::Primary]);
    assert_eq!(
        paused.message.as_ref().map(|m| m.text.as_str()),
        Some("paused: Ctrl-P resumes")
    );
    let ascii = send(&model, [Msg::ToggleAscii]);
    assert_eq!(
        ascii.message.as_ref().map(|m| m.text.as_str()),
        Some("ASCII glyphs: A switches back")
    );
    let banner = banner_with_keys(Some(Finish::Revealed), true, &model.keys.play);
    assert_eq!(
        banner,
        "Solution revealed.  o next puzzle  U undo  r restart  q quit"
    );
}
