//! Rendering snapshots of the browser: a hand-made pack (so the snapshots do not change when the
//! bundled pack grows), drawn into ratatui's `TestBackend`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use crate::helpers::render;
use gridpuzzles::deduce::{Phase, Progress};
use gridpuzzles::game::{Game, GameKind};
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::mosaic::Mosaic;
use gridpuzzles::games::tents::Tents;
use gridpuzzles::tui::browser::{Browser, Mark};
use gridpuzzles::tui::form::NewPuzzleForm;
use gridpuzzles::tui::model::{Model, Overlay, Settings};
use gridpuzzles::tui::msg::{Direction, Msg};
use gridpuzzles::tui::pack_view::PackItem;
use gridpuzzles::tui::update;

/// The course's four puzzles plus variants with options, as a small pack.
fn items() -> Arc<[PackItem]> {
    let wrapped = Tents::parse("4 4 1 1\n1 1 0 0 \n1 0 0 1 \nx   \n  x \n    \n    \n").unwrap();
    let ortho = Mosaic::parse("2 2 1 1\n1e2e\n-e-e\n").unwrap();
    vec![
        PackItem::new(
            "tents/default-2020",
            "Course default game (2020)",
            "easy",
            AnyGame::Tents(Tents::default_2020()),
        ),
        PackItem::new(
            "tents/default-2025",
            "Course default game (2025)",
            "easy",
            AnyGame::Tents(Tents::default_2025()),
        ),
        PackItem::new(
            "tents/4x4-tricky-01",
            "Wrapping, diagonal tents",
            "tricky",
            AnyGame::Tents(wrapped),
        ),
        PackItem::new(
            "lightup/default",
            "Course default game",
            "easy",
            AnyGame::default_for(GameKind::LightUp),
        ),
        PackItem::new(
            "mosaic/default",
            "Course default game",
            "easy",
            AnyGame::Mosaic(Mosaic::default_game()),
        ),
        PackItem::new(
            "mosaic/2x2-hard-01",
            "Orthogonal, wrapping",
            "hard",
            AnyGame::Mosaic(ortho),
        ),
    ]
    .into()
}

fn browser() -> Browser {
    let mut b = Browser::new(items());
    b.set_marks(HashMap::from([
        (
            "tents/default-2020".to_string(),
            Mark::Solved {
                best: Some(Duration::from_secs(83)),
            },
        ),
        ("lightup/default".to_string(), Mark::InProgress),
    ]));
    b
}

fn model() -> Model {
    Model::with_browser(browser(), Settings::default())
}

fn send(model: &Model, msgs: impl IntoIterator<Item = Msg>) -> Model {
    msgs.into_iter()
        .fold(model.clone(), |m, msg| update(&m, msg).0)
}

fn text(model: &Model, width: u16, height: u16) -> String {
    render(model, width, height).to_string()
}

#[test]
fn the_pack_grouped_by_game_with_marks() {
    let m = send(&model(), [Msg::Move(Direction::Down)]);
    insta::assert_snapshot!("browser_start", text(&m, 100, 24));
}

#[test]
fn filtered_by_game_and_status() {
    let light = send(&model(), [Msg::CycleGameFilter, Msg::CycleGameFilter]);
    insta::assert_snapshot!("browser_light_up_only", text(&light, 100, 16));
    let solved = send(&model(), vec![Msg::CycleStatusFilter; 3]);
    insta::assert_snapshot!("browser_solved_only", text(&solved, 100, 16));
}

#[test]
fn a_narrow_terminal_cuts_the_lines_and_scrolls() {
    let m = send(&model(), [Msg::Resize(60, 10), Msg::End]);
    insta::assert_snapshot!("browser_scrolled_narrow", text(&m, 60, 10));
}

#[test]
fn help_and_new_puzzle_form() {
    let help = send(&model(), [Msg::ToggleHelp]);
    insta::assert_snapshot!("browser_help", text(&help, 100, 24));
    let form = NewPuzzleForm::new(GameKind::LightUp)
        .move_field(2)
        .adjust(true);
    let with_form = Model {
        overlay: Overlay::NewPuzzle(form),
        ..model()
    };
    insta::assert_snapshot!("browser_new_puzzle_form", text(&with_form, 100, 24));
}

#[test]
fn a_puzzle_being_made_shows_its_progress_bar() {
    let with_form = Model {
        overlay: Overlay::NewPuzzle(NewPuzzleForm::new(GameKind::Tents)),
        ..model()
    };
    let asked = send(
        &with_form,
        [Msg::Tick(Duration::from_secs(2)), Msg::Confirm(true)],
    );
    let request = asked.generating.clone().expect("a puzzle being made");
    let progress = Progress {
        phase: Phase::Repairing,
        done: 400,
        attempt: 0,
    };
    let later = send(
        &asked,
        [
            Msg::GenProgress { request, progress },
            Msg::Tick(Duration::from_millis(5300)),
        ],
    );
    insta::assert_snapshot!("browser_making_a_puzzle", text(&later, 100, 24));
}

#[test]
fn too_small_for_the_browser() {
    insta::assert_snapshot!("browser_too_small", text(&model(), 30, 6));
}

#[test]
fn styled_selection_and_marks() {
    let backend = render(&model(), 100, 12);
    insta::assert_debug_snapshot!("browser_styled_default", backend.buffer());
}

/// The browser with one Tents puzzle made here, in progress.
fn with_made() -> Model {
    let made = gridpuzzles::progress::Made {
        puzzle: AnyGame::Tents(Tents::default_2025()).format(),
        game: "tents".into(),
        rows: 8,
        cols: 8,
        difficulty: "tricky".into(),
        wrapping: false,
        variant: vec!["diagadj".into()],
        seed: 12345,
        made_at: gridpuzzles::progress::Timestamp(1),
    };
    let name = "random/tents-8x8-tricky-diagadj-12345";
    let mut b = browser();
    b.set_made(vec![PackItem::made(
        name,
        Arc::new(made),
        AnyGame::Tents(Tents::default_2025()),
    )]);
    b.set_mark(name, Mark::InProgress);
    Model::with_browser(b, Settings::default())
}

#[test]
fn puzzles_made_here_the_open_prompt_and_the_statistics() {
    let made = send(&with_made(), vec![Msg::Move(Direction::Down); 3]);
    insta::assert_snapshot!("browser_made_here", text(&made, 100, 24));
    let mut prompt = send(&model(), [Msg::OpenPrompt]);
    for c in "tents:8x8:zz".chars() {
        prompt = send(&prompt, [Msg::Type(c)]);
    }
    prompt.prompt.error = Some(
        "game ID tents:8x8:zz: line 1, column 13: expected more of the stream: it covers 50 of \
         the 65 cells (the grid's 64 and a final tree)"
            .into(),
    );
    insta::assert_snapshot!("browser_open_prompt_refused", text(&prompt, 80, 24));
    let lines: Arc<[String]> = [
        "Tents: 2 puzzles solved, 1 without hints, 1 with hints (3 saved)",
        "  daily streak: current 1 day, longest 2 days",
        "  size  tier     solved  best  median",
        "  8x8   easy          1  1:23    1:23",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let stats = send(&model(), [Msg::ShowStats, Msg::StatsLoaded(Ok(lines))]);
    insta::assert_snapshot!("browser_statistics", text(&stats, 80, 16));
}
