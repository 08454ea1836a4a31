//! Terminal events to messages: the screens' keys come from their [key tables](super::keys)
//! (SPEC §7), the overlays' few keys and the mouse are read here.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::keys::Bound;
use super::model::{Model, Overlay, Screen};
use super::msg::{Button, Direction, Msg};
use super::text_field::Edit;
use crate::game::GameKind;
use crate::look::Look;

/// The message a terminal event means in `model` (its overlay, its game's piece letters and
/// the keys bound by keys.toml); `None` for events that mean nothing (key releases, mouse
/// moves, unbound keys).
///
/// A game's own piece letters win over movement: in Light Up `l` places a bulb (SPEC §7 lists
/// `l` for Light Up), so there the right arrow moves right.
pub fn message_for(event: &Event, model: &Model) -> Option<Msg> {
    let table = match model.screen {
        Screen::Browser => &model.keys.browser,
        Screen::Play(_) => &model.keys.play,
    };
    let browsing = matches!(model.screen, Screen::Browser);
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => {
            key_message(key, model.overlay, browsing, table, &model.piece_letters())
        }
        Event::Mouse(mouse) => mouse_message(mouse, model.overlay),
        Event::Resize(columns, rows) => Some(Msg::Resize(*columns, *rows)),
        // A paste means something only where text is typed.
        Event::Paste(text) if matches!(model.overlay, Overlay::Open | Overlay::NewPuzzle(_)) => {
            Some(Msg::Paste(text.clone()))
        }
        _ => None,
    }
}

/// Whether `event` is Ctrl-Z, which suspends the player (the loop does it: it is the
/// terminal's business, not the model's).
pub fn is_suspend(event: &Event) -> bool {
    matches!(event, Event::Key(key)
        if key.kind != KeyEventKind::Release
            && key.code == KeyCode::Char('z')
            && key.modifiers.contains(KeyModifiers::CONTROL))
}

/// A key on the screen whose keys are `table`, under `overlay`. The overlays' own keys are
/// fixed and come first (a quit key rebound to `y` still answers a question); then the
/// screen's quit keys, Ctrl-C among them, quit from every overlay.
fn key_message(
    key: &KeyEvent,
    overlay: Overlay,
    browsing: bool,
    table: &Bound,
    piece_letters: &[char],
) -> Option<Msg> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let alt = key.modifiers.contains(KeyModifiers::ALT);
    let quit = || (table.message(key.code, ctrl) == Some(Msg::Quit)).then_some(Msg::Quit);
    // The open prompt takes every printable key as text (`q` included) and the editing keys.
    if overlay == Overlay::Open {
        return prompt_key(key.code, ctrl, alt).or_else(|| quit().filter(|_| !alt));
    }
    // The rule picker likewise, and Up / Down choose among the rules.
    if overlay == Overlay::Rules {
        return match key.code {
            KeyCode::Up => Some(Msg::Move(Direction::Up)),
            KeyCode::Down => Some(Msg::Move(Direction::Down)),
            code => prompt_key(code, ctrl, alt).or_else(|| quit().filter(|_| !alt)),
        };
    }
    if alt {
        return None;
    }
    match overlay {
        Overlay::None if browsing => table.message(key.code, ctrl),
        Overlay::None => play_key(key.code, ctrl, table, piece_letters),
        // Over the help `q` closes it rather than quitting.
        Overlay::Help if !ctrl => help_key(key.code, table).or_else(quit),
        Overlay::Help => quit(),
        Overlay::Confirm(_) => match key.code {
            KeyCode::Char('y' | 'Y') | KeyCode::Enter => Some(Msg::Confirm(true)),
            KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(Msg::Confirm(false)),
            _ => quit(),
        },
        Overlay::NewPuzzle(_) => match key.code {
            KeyCode::Enter => Some(Msg::Confirm(true)),
            KeyCode::Esc => Some(Msg::Confirm(false)),
            KeyCode::Char(c) if c.is_ascii_digit() => Some(Msg::Type(c)),
            KeyCode::Backspace | KeyCode::Delete => Some(Msg::Erase),
            KeyCode::Char('u') if ctrl => Some(Msg::Edit(Edit::EraseToStart)),
            KeyCode::Char('w') if ctrl => Some(Msg::Edit(Edit::EraseWord)),
            code => direction(code).map(Msg::Move).or_else(quit),
        },
        Overlay::Open | Overlay::Rules => None,
        Overlay::Stats => match key.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Msg::Move(Direction::Up)),
            KeyCode::Down | KeyCode::Char('j') => Some(Msg::Move(Direction::Down)),
            KeyCode::PageUp => Some(Msg::PageUp),
            KeyCode::PageDown => Some(Msg::PageDown),
            // Any other key closes the statistics.
            _ => quit().or(Some(Msg::ShowStats)),
        },
    }
}

/// A key in the open prompt: text, the editing keys (arrows, Home/End, Ctrl-A/E, Ctrl or Alt
/// with the arrows or b/f for words, Backspace, Delete, Ctrl-U/W/K/H), Enter to open, Esc to
/// cancel. `None` for other keys (Ctrl-C quits).
fn prompt_key(code: KeyCode, ctrl: bool, alt: bool) -> Option<Msg> {
    let edit = match (code, ctrl || alt) {
        (KeyCode::Enter, _) => return Some(Msg::Confirm(true)),
        (KeyCode::Esc, _) => return Some(Msg::Confirm(false)),
        (KeyCode::Char(c), false) => Edit::Insert(c),
        (KeyCode::Left, false) => Edit::Left,
        (KeyCode::Right, false) => Edit::Right,
        (KeyCode::Left, true) | (KeyCode::Char('b'), true) => Edit::WordLeft,
        (KeyCode::Right, true) | (KeyCode::Char('f'), true) => Edit::WordRight,
        (KeyCode::Home, _) | (KeyCode::Char('a'), true) => Edit::Home,
        (KeyCode::End, _) | (KeyCode::Char('e'), true) => Edit::End,
        (KeyCode::Backspace, false) | (KeyCode::Char('h'), true) => Edit::Backspace,
        (KeyCode::Backspace, true) | (KeyCode::Char('w'), true) => Edit::EraseWord,
        (KeyCode::Delete, _) => Edit::Delete,
        (KeyCode::Char('u'), true) => Edit::EraseToStart,
        (KeyCode::Char('k'), true) => Edit::EraseToEnd,
        _ => return None,
    };
    Some(Msg::Edit(edit))
}

/// A key over the help: its own key as bound in `table` (`?`), Esc and `q` close it, the
/// arrows, `j` `k`, PgUp, PgDn, Home and End scroll it; other keys do nothing (but quit keys),
/// so a stray one loses no place.
fn help_key(code: KeyCode, table: &Bound) -> Option<Msg> {
    if table.message(code, false) == Some(Msg::ToggleHelp) {
        return Some(Msg::ToggleHelp);
    }
    match code {
        KeyCode::Esc | KeyCode::Char('q') => Some(Msg::ToggleHelp),
        KeyCode::Up | KeyCode::Char('k') => Some(Msg::Move(Direction::Up)),
        KeyCode::Down | KeyCode::Char('j') => Some(Msg::Move(Direction::Down)),
        KeyCode::PageUp => Some(Msg::PageUp),
        KeyCode::PageDown => Some(Msg::PageDown),
        KeyCode::Home => Some(Msg::Home),
        KeyCode::End => Some(Msg::End),
        _ => None,
    }
}

/// Arrows and `hjkl`.
fn direction(code: KeyCode) -> Option<Direction> {
    match code {
        KeyCode::Up | KeyCode::Char('k') => Some(Direction::Up),
        KeyCode::Down | KeyCode::Char('j') => Some(Direction::Down),
        KeyCode::Left | KeyCode::Char('h') => Some(Direction::Left),
        KeyCode::Right | KeyCode::Char('l') => Some(Direction::Right),
        _ => None,
    }
}

/// A play-screen key: the game's own piece letters first, then the play table as bound.
fn play_key(code: KeyCode, ctrl: bool, table: &Bound, piece_letters: &[char]) -> Option<Msg> {
    if let KeyCode::Char(c) = code
        && !ctrl
        && piece_letters.contains(&c)
    {
        return Some(Msg::PieceKey(c));
    }
    table.message(code, ctrl).or_else(|| match code {
        // Another game's piece letter: `update` answers that it is not a key in this game.
        KeyCode::Char(c) if !ctrl && is_any_piece_letter(c) => Some(Msg::PieceKey(c)),
        _ => None,
    })
}

/// Whether `c` places a piece in some game of the collection.
fn is_any_piece_letter(c: char) -> bool {
    GameKind::ALL
        .into_iter()
        .any(|kind| crate::with_kind!(kind, G => G::piece_for_key(c).is_some()))
}

fn mouse_message(mouse: &MouseEvent, overlay: Overlay) -> Option<Msg> {
    let button = match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => Button::Left,
        MouseEventKind::Down(MouseButton::Right) => Button::Right,
        MouseEventKind::Drag(MouseButton::Left | MouseButton::Right)
            if overlay == Overlay::None =>
        {
            return Some(Msg::Drag {
                column: mouse.column,
                row: mouse.row,
            });
        }
        MouseEventKind::Up(_) => return Some(Msg::Release),
        kind if matches!(overlay, Overlay::None | Overlay::Help) => {
            return wheel(kind, mouse.modifiers).map(Msg::Wheel);
        }
        _ => return None,
    };
    match overlay {
        Overlay::Confirm(_)
        | Overlay::NewPuzzle(_)
        | Overlay::Open
        | Overlay::Stats
        | Overlay::Rules => None,
        Overlay::None | Overlay::Help => Some(Msg::Click {
            column: mouse.column,
            row: mouse.row,
            button,
        }),
    }
}

/// Which way a wheel notch scrolls: up and down, sideways with Shift (the wheel reported as up
/// or down with Shift held) or from a sideways wheel (which some terminals report instead).
fn wheel(kind: MouseEventKind, modifiers: KeyModifiers) -> Option<Direction> {
    let shift = modifiers.contains(KeyModifiers::SHIFT);
    match kind {
        MouseEventKind::ScrollUp if shift => Some(Direction::Left),
        MouseEventKind::ScrollDown if shift => Some(Direction::Right),
        MouseEventKind::ScrollUp => Some(Direction::Up),
        MouseEventKind::ScrollDown => Some(Direction::Down),
        MouseEventKind::ScrollLeft => Some(Direction::Left),
        MouseEventKind::ScrollRight => Some(Direction::Right),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyGame;
    use crate::tui::form::NewPuzzleForm;
    use crate::tui::model::{Confirm, Settings};

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn ctrl(c: char) -> Event {
        Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
    }

    fn model(kind: GameKind, overlay: Overlay) -> Model {
        Model {
            overlay,
            ..Model::new(AnyGame::default_for(kind), Settings::default())
        }
    }

    fn in_game(kind: GameKind, event: Event) -> Option<Msg> {
        message_for(&event, &model(kind, Overlay::None))
    }

    fn play(event: Event) -> Option<Msg> {
        in_game(GameKind::Tents, event)
    }

    fn with_overlay(event: Event, overlay: Overlay) -> Option<Msg> {
        message_for(&event, &model(GameKind::Tents, overlay))
    }

    #[test]
    fn the_open_prompt_takes_every_letter_and_only_ctrl_c_quits() {
        let typed = |c| with_overlay(key(KeyCode::Char(c)), Overlay::Open);
        assert_eq!(typed('q'), Some(Msg::Edit(Edit::Insert('q'))));
        assert_eq!(typed(':'), Some(Msg::Edit(Edit::Insert(':'))));
        let open = |e| with_overlay(e, Overlay::Open);
        assert_eq!(open(ctrl('u')), Some(Msg::Edit(Edit::EraseToStart)));
        assert_eq!(open(ctrl('w')), Some(Msg::Edit(Edit::EraseWord)));
        assert_eq!(open(key(KeyCode::Left)), Some(Msg::Edit(Edit::Left)));
        assert_eq!(open(key(KeyCode::Home)), Some(Msg::Edit(Edit::Home)));
        assert_eq!(open(key(KeyCode::End)), Some(Msg::Edit(Edit::End)));
        assert_eq!(open(key(KeyCode::Delete)), Some(Msg::Edit(Edit::Delete)));
        assert_eq!(with_overlay(ctrl('c'), Overlay::Open), Some(Msg::Quit));
        assert_eq!(
            with_overlay(key(KeyCode::Backspace), Overlay::Open),
            Some(Msg::Edit(Edit::Backspace))
        );
        assert_eq!(
            with_overlay(key(KeyCode::Esc), Overlay::Open),
            Some(Msg::Confirm(false))
        );
        // The form takes digits; the statistics close on a key that does not scroll them.
        let form = Overlay::NewPuzzle(crate::tui::form::NewPuzzleForm::new(GameKind::Tents));
        assert_eq!(
            with_overlay(key(KeyCode::Char('7')), form),
            Some(Msg::Type('7'))
        );
        assert_eq!(
            with_overlay(key(KeyCode::Char('x')), Overlay::Stats),
            Some(Msg::ShowStats)
        );
    }

    #[test]
    fn l_places_a_bulb_in_light_up_and_moves_elsewhere() {
        let l = || key(KeyCode::Char('l'));
        assert_eq!(in_game(GameKind::LightUp, l()), Some(Msg::PieceKey('l')));
        assert_eq!(
            in_game(GameKind::Tents, l()),
            Some(Msg::Move(Direction::Right))
        );
        assert_eq!(
            in_game(GameKind::Mosaic, l()),
            Some(Msg::Move(Direction::Right))
        );
        assert_eq!(
            in_game(GameKind::LightUp, key(KeyCode::Right)),
            Some(Msg::Move(Direction::Right))
        );
        assert_eq!(
            in_game(GameKind::LightUp, key(KeyCode::Char('h'))),
            Some(Msg::Move(Direction::Left))
        );
    }

    #[test]
    fn arrows_and_hjkl_move() {
        for (code, dir) in [
            (KeyCode::Up, Direction::Up),
            (KeyCode::Char('k'), Direction::Up),
            (KeyCode::Down, Direction::Down),
            (KeyCode::Char('j'), Direction::Down),
            (KeyCode::Left, Direction::Left),
            (KeyCode::Char('h'), Direction::Left),
            (KeyCode::Right, Direction::Right),
            (KeyCode::Char('l'), Direction::Right),
        ] {
            assert_eq!(play(key(code)), Some(Msg::Move(dir)), "{code:?}");
        }
    }

    #[test]
    fn the_table_of_spec_section_7() {
        let table = [
            (key(KeyCode::Enter), Msg::Primary),
            (key(KeyCode::Char('-')), Msg::Secondary),
            (key(KeyCode::Char(' ')), Msg::Cycle),
            (key(KeyCode::Backspace), Msg::Clear),
            (key(KeyCode::Delete), Msg::Clear),
            (key(KeyCode::Char('e')), Msg::Clear),
            (key(KeyCode::Char('t')), Msg::PieceKey('t')),
            (key(KeyCode::Char('g')), Msg::PieceKey('g')),
            (key(KeyCode::Char('m')), Msg::PieceKey('m')),
            (key(KeyCode::Char('b')), Msg::PieceKey('b')),
            (key(KeyCode::Char('w')), Msg::PieceKey('w')),
            (key(KeyCode::Char('f')), Msg::FillRow),
            (
                Event::Key(KeyEvent::new(KeyCode::Char('F'), KeyModifiers::SHIFT)),
                Msg::FillCol,
            ),
            (key(KeyCode::Char('z')), Msg::Undo),
            (key(KeyCode::Char('u')), Msg::Undo),
            (key(KeyCode::Char('y')), Msg::Redo),
            (ctrl('r'), Msg::Redo),
            (key(KeyCode::Char('r')), Msg::Restart),
            (key(KeyCode::Char('s')), Msg::Reveal),
            (key(KeyCode::Char('n')), Msg::Hint),
            (key(KeyCode::Char('c')), Msg::NextTheme),
            (key(KeyCode::Char('?')), Msg::ToggleHelp),
            (key(KeyCode::Esc), Msg::Back),
            (key(KeyCode::Char('q')), Msg::Quit),
            (ctrl('c'), Msg::Quit),
            (key(KeyCode::PageUp), Msg::PageUp),
            (key(KeyCode::PageDown), Msg::PageDown),
            (key(KeyCode::Home), Msg::Home),
            (key(KeyCode::End), Msg::End),
            (
                Event::Key(KeyEvent::new(KeyCode::Home, KeyModifiers::CONTROL)),
                Msg::First,
            ),
            (
                Event::Key(KeyEvent::new(KeyCode::End, KeyModifiers::CONTROL)),
                Msg::Last,
            ),
            (key(KeyCode::Char('.')), Msg::LastMove),
            (key(KeyCode::Char('x')), Msg::NextError),
            (
                Event::Key(KeyEvent::new(KeyCode::Char('P'), KeyModifiers::SHIFT)),
                Msg::Pause,
            ),
            (
                Event::Key(KeyEvent::new(KeyCode::Char('N'), KeyModifiers::SHIFT)),
                Msg::NextPuzzle,
            ),
        ];
        for (event, msg) in table {
            assert_eq!(play(event.clone()), Some(msg), "{event:?}");
        }
        assert_eq!(play(key(KeyCode::Char('X'))), None);
        assert_eq!(play(ctrl('x')), None);
    }

    /// A model on `kind` whose keys are keys.toml's `text`.
    fn rebound(kind: GameKind, text: &str) -> Model {
        let keys = crate::tui::keys::parse_keys(text, std::path::Path::new("keys.toml"));
        Model {
            keys: std::sync::Arc::new(keys.unwrap()),
            ..model(kind, Overlay::None)
        }
    }

    #[test]
    fn a_rebound_key_sends_its_action_and_the_old_key_nothing() {
        let model = rebound(
            GameKind::Tents,
            "[play]\nhint = \"?\"\nhelp = \"f1\"\nundo = \"U\"\nquit = \"Q\"\n",
        );
        let sent = |event: Event| message_for(&event, &model);
        assert_eq!(sent(key(KeyCode::Char('?'))), Some(Msg::Hint));
        assert_eq!(sent(key(KeyCode::F(1))), Some(Msg::ToggleHelp));
        assert_eq!(sent(key(KeyCode::Char('n'))), None);
        assert_eq!(sent(key(KeyCode::Char('U'))), Some(Msg::Undo));
        assert_eq!(sent(key(KeyCode::Char('z'))), None);
        assert_eq!(sent(key(KeyCode::Char('u'))), None);
        assert_eq!(sent(key(KeyCode::Char('Q'))), Some(Msg::Quit));
        assert_eq!(sent(key(KeyCode::Char('q'))), None);
        // Ctrl-C quits whatever the file says, over overlays too.
        assert_eq!(sent(ctrl('c')), Some(Msg::Quit));
        let help = Model {
            overlay: Overlay::Help,
            ..model.clone()
        };
        assert_eq!(
            message_for(&key(KeyCode::Char('Q')), &help),
            Some(Msg::Quit)
        );
        assert_eq!(
            message_for(&key(KeyCode::Char('q')), &help),
            Some(Msg::ToggleHelp)
        );
        // The help closes on its own key as bound; `?` is the hint's now.
        assert_eq!(
            message_for(&key(KeyCode::F(1)), &help),
            Some(Msg::ToggleHelp)
        );
        assert_eq!(message_for(&key(KeyCode::Char('?')), &help), None);
        // The browser's keys are its own table's.
        let browser = Model {
            screen: Screen::Browser,
            ..model.clone()
        };
        assert_eq!(
            message_for(&key(KeyCode::Char('q')), &browser),
            Some(Msg::Quit)
        );
    }

    #[test]
    fn piece_letters_stay_and_win_over_a_rebinding_in_their_game() {
        let text = "[play]\nhint = \"t\"\n";
        let tents = rebound(GameKind::Tents, text);
        let mosaic = rebound(GameKind::Mosaic, text);
        let t = key(KeyCode::Char('t'));
        assert_eq!(message_for(&t, &tents), Some(Msg::PieceKey('t')));
        assert_eq!(message_for(&t, &mosaic), Some(Msg::Hint));
    }

    #[test]
    fn a_quit_key_rebound_to_an_answer_still_answers() {
        let model = Model {
            overlay: Overlay::Confirm(Confirm::Restart),
            ..rebound(GameKind::Tents, "[play]\nquit = \"y\"\nredo = \"Y\"\n")
        };
        assert_eq!(
            message_for(&key(KeyCode::Char('y')), &model),
            Some(Msg::Confirm(true))
        );
    }

    #[test]
    fn prompts_take_yes_and_no_only() {
        let prompt = Overlay::Confirm(Confirm::Restart);
        assert_eq!(
            with_overlay(key(KeyCode::Char('y')), prompt),
            Some(Msg::Confirm(true))
        );
        assert_eq!(
            with_overlay(key(KeyCode::Enter), prompt),
            Some(Msg::Confirm(true))
        );
        assert_eq!(
            with_overlay(key(KeyCode::Char('n')), prompt),
            Some(Msg::Confirm(false))
        );
        assert_eq!(
            with_overlay(key(KeyCode::Esc), prompt),
            Some(Msg::Confirm(false))
        );
        assert_eq!(with_overlay(key(KeyCode::Char('z')), prompt), None);
        assert_eq!(with_overlay(ctrl('c'), prompt), Some(Msg::Quit));
    }

    #[test]
    fn the_help_closes_on_its_key_esc_and_q_only_and_scrolls() {
        let help = |event| with_overlay(event, Overlay::Help);
        for closes in [KeyCode::Char('?'), KeyCode::Esc, KeyCode::Char('q')] {
            assert_eq!(help(key(closes)), Some(Msg::ToggleHelp), "{closes:?}");
        }
        for (code, msg) in [
            (KeyCode::Up, Msg::Move(Direction::Up)),
            (KeyCode::Char('k'), Msg::Move(Direction::Up)),
            (KeyCode::Down, Msg::Move(Direction::Down)),
            (KeyCode::Char('j'), Msg::Move(Direction::Down)),
            (KeyCode::PageUp, Msg::PageUp),
            (KeyCode::PageDown, Msg::PageDown),
            (KeyCode::Home, Msg::Home),
            (KeyCode::End, Msg::End),
        ] {
            assert_eq!(help(key(code)), Some(msg), "{code:?}");
        }
        for ignored in [KeyCode::Char('z'), KeyCode::Enter, KeyCode::Char('t')] {
            assert_eq!(help(key(ignored)), None, "{ignored:?}");
        }
        assert_eq!(help(ctrl('c')), Some(Msg::Quit));
        assert_eq!(help(ctrl('r')), None);
        let wheel = Event::Mouse(MouseEvent {
            kind: MouseEventKind::ScrollDown,
            column: 1,
            row: 1,
            modifiers: KeyModifiers::NONE,
        });
        assert_eq!(help(wheel), Some(Msg::Wheel(Direction::Down)));
    }

    fn browsing(overlay: Overlay, event: Event) -> Option<Msg> {
        let model = Model {
            overlay,
            ..Model::browser(Settings::default())
        };
        message_for(&event, &model)
    }

    #[test]
    fn the_browser_has_its_own_keys() {
        let table = [
            (key(KeyCode::Up), Msg::Move(Direction::Up)),
            (key(KeyCode::Char('k')), Msg::Move(Direction::Up)),
            (key(KeyCode::Down), Msg::Move(Direction::Down)),
            (key(KeyCode::Char('j')), Msg::Move(Direction::Down)),
            (key(KeyCode::PageUp), Msg::PageUp),
            (key(KeyCode::PageDown), Msg::PageDown),
            (key(KeyCode::Home), Msg::Home),
            (key(KeyCode::End), Msg::End),
            (key(KeyCode::Enter), Msg::Open),
            (key(KeyCode::Char('n')), Msg::NewPuzzle),
            (key(KeyCode::Char('g')), Msg::CycleGameFilter),
            (key(KeyCode::Char('s')), Msg::CycleStatusFilter),
            (key(KeyCode::Char('c')), Msg::NextTheme),
            (key(KeyCode::Char('a')), Msg::ToggleAscii),
            (key(KeyCode::Char('?')), Msg::ToggleHelp),
            (key(KeyCode::Esc), Msg::Back),
            (key(KeyCode::Char('q')), Msg::Quit),
            (ctrl('c'), Msg::Quit),
        ];
        for (event, msg) in table {
            assert_eq!(
                browsing(Overlay::None, event.clone()),
                Some(msg),
                "{event:?}"
            );
        }
        // Play keys mean nothing here.
        assert_eq!(browsing(Overlay::None, key(KeyCode::Char('t'))), None);
        assert_eq!(browsing(Overlay::None, key(KeyCode::Char('z'))), None);
        assert_eq!(play(key(KeyCode::Char('a'))), Some(Msg::ToggleAscii));
    }

    #[test]
    fn the_new_puzzle_form_takes_arrows_enter_and_esc() {
        let form = Overlay::NewPuzzle(NewPuzzleForm::new(GameKind::Tents));
        assert_eq!(
            browsing(form, key(KeyCode::Left)),
            Some(Msg::Move(Direction::Left))
        );
        assert_eq!(
            browsing(form, key(KeyCode::Char('l'))),
            Some(Msg::Move(Direction::Right))
        );
        assert_eq!(
            browsing(form, key(KeyCode::Enter)),
            Some(Msg::Confirm(true))
        );
        assert_eq!(browsing(form, key(KeyCode::Esc)), Some(Msg::Confirm(false)));
        assert_eq!(browsing(form, key(KeyCode::Char('x'))), None);
        let click = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 1,
            row: 1,
            modifiers: KeyModifiers::NONE,
        });
        assert_eq!(browsing(form, click), None);
    }

    #[test]
    fn mouse_presses_become_clicks() {
        let press = |kind| {
            Event::Mouse(MouseEvent {
                kind,
                column: 5,
                row: 3,
                modifiers: KeyModifiers::NONE,
            })
        };
        assert_eq!(
            play(press(MouseEventKind::Down(MouseButton::Left))),
            Some(Msg::Click {
                column: 5,
                row: 3,
                button: Button::Left
            })
        );
        assert_eq!(
            play(press(MouseEventKind::Down(MouseButton::Right))),
            Some(Msg::Click {
                column: 5,
                row: 3,
                button: Button::Right
            })
        );
        assert_eq!(play(press(MouseEventKind::Moved)), None);
        assert_eq!(
            play(press(MouseEventKind::Up(MouseButton::Left))),
            Some(Msg::Release)
        );
        assert_eq!(
            play(press(MouseEventKind::Drag(MouseButton::Right))),
            Some(Msg::Drag { column: 5, row: 3 })
        );
        assert_eq!(play(Event::Resize(100, 30)), Some(Msg::Resize(100, 30)));
    }
}
