//! `update` on the browser's parts beyond the list: the open prompt, deleting a puzzle made
//! here, the statistics overlay, the form's typed digits and seed; and, through the loop minus
//! the terminal, taking over a puzzle another player let go.

use std::sync::Arc;
use std::time::Duration;

use gridpuzzles::deduce::Tier;
use gridpuzzles::game::GameKind;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::lightup::Piece;
use gridpuzzles::progress::{Loaded, Made, Store, Timestamp};
use gridpuzzles::tui::browser::{Browser, Row};
use gridpuzzles::tui::effect::Effect;
use gridpuzzles::tui::form::{FormField, NewPuzzleForm};
use gridpuzzles::tui::model::{
    Confirm, Model, OpenPrompt, OpenRequest, Overlay, PuzzleRef, Screen, Session, Tone,
};
use gridpuzzles::tui::msg::{Direction, Msg};
use gridpuzzles::tui::pack_view::PackItem;
use gridpuzzles::tui::{Performer, Settings, dispatch, update};

fn made(seed: u64, at: u64) -> PackItem {
    let record = Made {
        puzzle: AnyGame::default_for(GameKind::Tents).format(),
        game: "tents".into(),
        rows: 8,
        cols: 8,
        difficulty: "easy".into(),
        wrapping: false,
        variant: Vec::new(),
        seed,
        made_at: Timestamp(at),
    };
    PackItem::made(
        &format!("random/tents-8x8-easy-{seed}"),
        Arc::new(record),
        AnyGame::default_for(GameKind::Tents),
    )
}

/// A browser of one pack puzzle per game and two Tents puzzles made here.
fn model() -> Model {
    let items: Arc<[PackItem]> = GameKind::ALL
        .iter()
        .map(|&k| {
            let name = format!("{}/p1", k.id());
            PackItem::new(&name, "t", "easy", AnyGame::default_for(k))
        })
        .collect();
    let mut browser = Browser::new(items);
    browser.set_made(vec![made(1, 100), made(2, 200)]);
    Model::with_browser(browser, Settings::default())
}

fn run(model: &Model, msgs: impl IntoIterator<Item = Msg>) -> (Model, Vec<Effect>) {
    let mut all = Vec::new();
    let mut m = model.clone();
    for msg in msgs {
        let (next, effects) = update(&m, msg);
        m = next;
        all.extend(effects);
    }
    (m, all)
}

fn send(model: &Model, msgs: impl IntoIterator<Item = Msg>) -> Model {
    run(model, msgs).0
}

fn typed(text: &str) -> Vec<Msg> {
    text.chars().map(Msg::Type).collect()
}

#[test]
fn made_puzzles_are_listed_newest_first_under_their_game() {
    let m = model();
    let rows = m.browser.rows();
    let tents: Vec<Row> = rows
        .iter()
        .copied()
        .take_while(|r| *r != Row::Header(GameKind::LightUp))
        .collect();
    assert_eq!(
        tents,
        [
            Row::Header(GameKind::Tents),
            Row::Puzzle(0),
            Row::NewRandom(GameKind::Tents),
            Row::MadeHeader(GameKind::Tents),
            Row::Made(0),
            Row::Made(1),
        ]
    );
    assert_eq!(m.browser.made[0].name, "random/tents-8x8-easy-2");
}

#[test]
fn the_open_prompt_reads_what_is_typed_and_keeps_a_refused_entry() {
    let (m, effects) = run(&model(), [Msg::OpenPrompt]);
    assert!(effects.is_empty());
    assert_eq!(m.overlay, Overlay::Open);
    // Enter on nothing explains what to type.
    let empty = send(&m, [Msg::Confirm(true)]);
    assert!(empty.prompt.error.as_deref().unwrap().contains("game ID"));
    let mut msgs = typed("tents:8x8:zz");
    msgs.push(Msg::Confirm(true));
    let (asked, effects) = run(&m, msgs);
    assert_eq!(effects, vec![Effect::ReadPuzzle("tents:8x8:zz".into())]);
    assert!(asked.prompt.reading);
    // Typing waits for the answer.
    assert_eq!(send(&asked, typed("x")).prompt.field.text(), "tents:8x8:zz");
    let why = "game ID tents:8x8:zz: line 1, column 7: expected more".to_string();
    let refused = send(
        &asked,
        [Msg::PuzzleRead {
            text: "tents:8x8:zz".into(),
            result: Err(why.clone()),
        }],
    );
    assert_eq!(refused.overlay, Overlay::Open);
    assert_eq!(refused.prompt.error, Some(why));
    assert_eq!(refused.prompt.field.text(), "tents:8x8:zz");
    // Moving the cursor keeps the reason; editing clears it. The cursor keys, Home/End and
    // the shell's Ctrl-W / Ctrl-U edit anywhere in the entry; a paste is typed at the cursor.
    use gridpuzzles::tui::text_field::Edit;
    let moved = send(&refused, [Msg::Edit(Edit::Home), Msg::Edit(Edit::Right)]);
    assert_eq!(
        (moved.prompt.field.cursor(), moved.prompt.error.is_some()),
        (1, true)
    );
    let fixed = send(
        &moved,
        [Msg::Edit(Edit::Delete), Msg::Edit(Edit::Insert('e'))],
    );
    assert_eq!(fixed.prompt.field.text(), "tents:8x8:zz");
    assert_eq!(fixed.prompt.error, None);
    let erased = send(
        &fixed,
        [Msg::Edit(Edit::End), Msg::Edit(Edit::EraseToStart)],
    );
    assert_eq!(erased.prompt.field.text(), "");
    let pasted = send(&erased, [Msg::Paste("lightup/default\n".into())]);
    assert_eq!(pasted.prompt.field.text(), "lightup/default");
    let edited = send(&refused, [Msg::Erase, Msg::Erase]);
    assert_eq!(edited.prompt.field.text(), "tents:8x8:");
    assert_eq!(edited.prompt.error, None);
    let request = OpenRequest {
        game: AnyGame::default_for(GameKind::Mosaic),
        puzzle: PuzzleRef::saved("mosaic/p1", "mosaic/p1"),
    };
    let mut msgs = typed("mosaic/p1");
    msgs.push(Msg::Confirm(true));
    let asked = send(&send(&m, []), msgs);
    let (opened, effects) = run(
        &asked,
        [Msg::PuzzleRead {
            text: "mosaic/p1".into(),
            result: Ok(Box::new(request.clone())),
        }],
    );
    assert_eq!(opened.overlay, Overlay::None);
    assert_eq!(opened.prompt, OpenPrompt::default());
    assert_eq!(effects, vec![Effect::LoadProgress(request.clone())]);
    // An answer for an entry no longer waiting (Esc, or other text) is dropped.
    let closed = send(&asked, [Msg::Confirm(false)]);
    assert_eq!(closed.overlay, Overlay::None);
    let late = send(
        &closed,
        [Msg::PuzzleRead {
            text: "mosaic/p1".into(),
            result: Ok(Box::new(request)),
        }],
    );
    assert_eq!(late.screen, Screen::Browser);
}

#[test]
fn d_deletes_a_puzzle_made_here_after_asking_and_only_those() {
    let m = model();
    let pack = send(&m, [Msg::DeleteMade]);
    assert_eq!(pack.overlay, Overlay::None);
    assert!(pack.message.as_ref().unwrap().text.contains("made here"));
    let on_made = send(&m, [Msg::Move(Direction::Down), Msg::Move(Direction::Down)]);
    assert_eq!(on_made.browser.selected_row(), Some(Row::Made(0)));
    let asking = send(&on_made, [Msg::DeleteMade]);
    assert_eq!(asking.overlay, Overlay::Confirm(Confirm::DeleteMade));
    assert_eq!(send(&asking, [Msg::Confirm(false)]).browser.made.len(), 2);
    let (deleted, effects) = run(&asking, [Msg::Confirm(true)]);
    assert_eq!(
        effects,
        vec![Effect::DeletePuzzle("random/tents-8x8-easy-2".into())]
    );
    assert_eq!(deleted.browser.made.len(), 1);
    assert_eq!(deleted.browser.selected_row(), Some(Row::Made(0)));
    let done = send(
        &deleted,
        [Msg::Deleted {
            name: "random/tents-8x8-easy-2".into(),
            result: Ok(()),
        }],
    );
    assert_eq!(
        done.message.as_ref().unwrap().text,
        "deleted random/tents-8x8-easy-2"
    );
    // A refusal says why and lists the folder again.
    let (refused, effects) = run(
        &deleted,
        [Msg::Deleted {
            name: "random/tents-8x8-easy-2".into(),
            result: Err("open in another gridpuzzles".into()),
        }],
    );
    assert_eq!(refused.message.as_ref().unwrap().tone, Tone::Warning);
    assert_eq!(effects, vec![Effect::ListProgress]);
}

#[test]
fn s_shows_the_statistics_which_scroll_and_close() {
    let (m, effects) = run(&model(), [Msg::ShowStats]);
    assert_eq!(effects, vec![Effect::LoadStats]);
    assert_eq!(m.overlay, Overlay::Stats);
    let lines: Arc<[String]> = (0..100).map(|i| format!("line {i}")).collect();
    let m = send(&m, [Msg::StatsLoaded(Ok(lines))]);
    let m = send(&m, [Msg::Move(Direction::Down), Msg::PageDown]);
    assert!(m.stats_scroll > 1);
    let m = send(&m, [Msg::Move(Direction::Up)]);
    assert_eq!(m.overlay, Overlay::Stats);
    let closed = send(&m, [Msg::Open]);
    assert_eq!(closed.overlay, Overlay::None);
}

#[test]
fn the_form_takes_digits_up_to_the_generator_s_limit_and_a_seed() {
    let form = NewPuzzleForm::new(GameKind::Tents);
    // The first digit replaces, the next extend; a digit past 100 is not taken.
    let rows = "100".chars().fold(form, |f, c| f.type_digit(c));
    assert_eq!(rows.rows, 100);
    assert_eq!(rows.type_digit('5').rows, 100);
    // Below the smallest side while typing, brought up when the field is left.
    let small = form.type_digit('2');
    assert_eq!(small.rows, 2);
    assert_eq!(small.move_field(1).rows, 4);
    assert_eq!(small.options().rows, 4);
    let seed = form.move_field(5);
    assert_eq!(seed.field, FormField::Seed);
    assert_eq!(seed.value(FormField::Seed), "from the clock");
    let seeded = "1234".chars().fold(seed, |f, c| f.type_digit(c));
    assert_eq!(seeded.seed, Some(1234));
    assert_eq!(seeded.erase().seed, Some(123));
    assert_eq!(seeded.erase().erase().erase().erase().seed, None);
    // Enter asks for that seed, and the next form starts without it.
    let m = send(&model(), [Msg::NewPuzzle, Msg::Type('1'), Msg::Type('2')]);
    let m = (0..5).fold(m, |m, _| send(&m, [Msg::Move(Direction::Down)]));
    let (m, effects) = run(&m, [Msg::Type('7'), Msg::Type('7'), Msg::Confirm(true)]);
    let [Effect::Generate(request)] = effects.as_slice() else {
        panic!("{effects:?}");
    };
    assert_eq!(request.seed, 77);
    assert_eq!(
        (request.options.rows, request.options.difficulty),
        (12, Tier::Easy)
    );
    assert_eq!(m.browser.last_form.unwrap().seed, None);
    // The browser says how long it has been generating.
    let later = send(&m, [Msg::Tick(Duration::from_millis(2500))]);
    let text = gridpuzzles::tui::layout::browser::browser_message(&later)
        .unwrap()
        .text;
    assert!(text.contains("2.5 s"), "{text}");
}

// ------------------------------------------------------------- taking over, through the loop

const KEY: &str = "lightup/default";

fn start(dir: &std::path::Path) -> (Model, Performer) {
    let mut p = Performer::new(Store::open(dir).map_err(|e| e.to_string()));
    let open = Msg::OpenPuzzle(OpenRequest {
        game: AnyGame::default_for(GameKind::LightUp),
        puzzle: PuzzleRef::saved(KEY, KEY),
    });
    let (model, quit) = dispatch(
        Model::browser(Settings::default()),
        vec![Msg::Resize(120, 40), Msg::Start, open],
        &mut p,
    );
    assert!(!quit);
    (model, p)
}

fn step(model: Model, performer: &mut Performer, msgs: Vec<Msg>) -> Model {
    let (model, quit) = dispatch(model, msgs, performer);
    assert!(!quit);
    model
}

fn moves(model: &Model) -> usize {
    match &model.play().unwrap().session {
        Session::LightUp(p) => p.history().done().len(),
        other => panic!("{other:?}"),
    }
}

fn saved_moves(dir: &std::path::Path) -> usize {
    match Store::open(dir).unwrap().load_puzzle::<Piece>(KEY).unwrap() {
        Loaded::Found(p) => p.history.done().len(),
        other => panic!("{other:?}"),
    }
}

/// Marks the square under the cursor, then moves down: the first column's top four squares
/// are blank.
fn mark_down() -> Vec<Msg> {
    vec![Msg::Secondary, Msg::Move(Direction::Down)]
}

#[test]
fn the_waiting_player_takes_over_and_its_longer_history_is_saved() {
    let home = tempfile::tempdir().unwrap();
    let (first, mut p1) = start(home.path());
    let first = step(first, &mut p1, vec![Msg::Secondary]);
    let (second, mut p2) = start(home.path());
    assert_eq!(second.play().unwrap().puzzle.key, None);
    // While the first player holds it, trying changes nothing.
    let second = step(second, &mut p2, vec![Msg::Tick(Duration::from_secs(2))]);
    assert_eq!(second.play().unwrap().puzzle.key, None);
    let second = step(
        second,
        &mut p2,
        vec![Msg::Move(Direction::Down), Msg::Secondary],
    );
    assert_eq!(moves(&second), 2);
    let (_, quit) = dispatch(first, vec![Msg::Quit], &mut p1);
    assert!(quit);
    drop(p1);
    let second = step(second, &mut p2, vec![Msg::Tick(Duration::from_secs(4))]);
    let screen = second.play().unwrap();
    assert_eq!(screen.puzzle.key.as_deref(), Some(KEY));
    assert_eq!(second.message.as_ref().unwrap().text, "now saving here");
    assert_eq!(
        saved_moves(home.path()),
        2,
        "its history, which holds the first's move"
    );
}

#[test]
fn the_other_player_s_save_is_kept_and_the_waiting_player_s_moves_go_on_top() {
    let home = tempfile::tempdir().unwrap();
    let (first, mut p1) = start(home.path());
    let (second, mut p2) = start(home.path());
    let first = step(first, &mut p1, mark_down());
    let first = step(first, &mut p1, mark_down());
    let first = step(first, &mut p1, mark_down());
    assert_eq!(saved_moves(home.path()), 3);
    // One move on a square the first player left alone, one on a square it marked.
    let second = step(
        second,
        &mut p2,
        vec![
            Msg::Move(Direction::Right),
            Msg::Secondary,
            Msg::Move(Direction::Left),
            Msg::Primary,
        ],
    );
    let (_, quit) = dispatch(first, vec![Msg::Quit], &mut p1);
    assert!(quit);
    drop(p1);
    let second = step(second, &mut p2, vec![Msg::Tick(Duration::from_secs(2))]);
    assert_eq!(
        moves(&second),
        4,
        "the other player's three moves, then one of its own"
    );
    let text = &second.message.as_ref().unwrap().text;
    assert!(
        text.contains("save (3 steps) is kept; 1 of your moves"),
        "{text}"
    );
    assert!(text.contains("1 skipped"), "{text}");
    assert_eq!(saved_moves(home.path()), 4);
}
