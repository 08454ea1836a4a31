//! `update` for the browser's messages and for progress, settings and generation results,
//! without a terminal or files: the effects asked for are checked, and their answers are fed
//! back by hand.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::helpers::lightup;
use gridpuzzles::deduce::{Phase, Progress, Tier};
use gridpuzzles::game::{Game, GameKind};
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::lightup::{LightUp, Piece};
use gridpuzzles::games::mosaic::Mosaic;
use gridpuzzles::games::tents::Tents;
use gridpuzzles::grid::Pos;
use gridpuzzles::history::Action;
use gridpuzzles::play::Play;
use gridpuzzles::progress::{self, ListEntry, Listing, Loaded, Solve, Summary, Timestamp};
use gridpuzzles::tui::browser::{Browser, Mark, Row, StatusFilter};
use gridpuzzles::tui::effect::{Effect, solve_any};
use gridpuzzles::tui::form::{FormField, NewPuzzleForm};
use gridpuzzles::tui::generate::{GenRequest, seed_from};
use gridpuzzles::tui::layout::browser::BrowserLayout;
use gridpuzzles::tui::model::{
    Finish, Model, OpenRequest, Overlay, PuzzleRef, Record, Screen, Session, Tone,
};
use gridpuzzles::tui::msg::{Button, Direction, Msg};
use gridpuzzles::tui::pack_view::PackItem;
use gridpuzzles::tui::saved::{GameProgress, ProgressOutcome, Resumed};
use gridpuzzles::tui::{Settings, update};

// ---------------------------------------------------------------- helpers

/// Two puzzles per game (the same puzzle under two names is enough to browse).
fn items() -> Arc<[PackItem]> {
    let mut out = Vec::new();
    for kind in GameKind::ALL {
        for n in 1..=2 {
            let name = format!("{}/p{n}", kind.id());
            out.push(PackItem::new(
                &name,
                "t",
                "easy",
                AnyGame::default_for(kind),
            ));
        }
    }
    out.into()
}

/// The browser of [`items`].
fn model() -> Model {
    Model::with_browser(Browser::new(items()), Settings::default())
}

fn send(model: &Model, msgs: impl IntoIterator<Item = Msg>) -> Model {
    msgs.into_iter()
        .fold(model.clone(), |m, msg| update(&m, msg).0)
}

/// Sends `msgs`, collecting every effect asked for.
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

fn selected(model: &Model) -> Option<Row> {
    model.browser.selected_row()
}

fn message(model: &Model) -> (String, Tone) {
    let m = model.message.as_ref().expect("a message");
    (m.text.clone(), m.tone)
}

fn lightup_request() -> OpenRequest {
    OpenRequest {
        game: AnyGame::LightUp(LightUp::default_game()),
        puzzle: PuzzleRef::saved("lightup/p1", "lightup/p1"),
    }
}

/// The browser with `lightup/p1` open on a fresh start.
fn playing_lightup() -> Model {
    let m = send(&model(), [Msg::Tick(Duration::from_secs(10))]);
    send(
        &m,
        [Msg::ProgressLoaded {
            request: lightup_request(),
            outcome: ProgressOutcome::Fresh,
        }],
    )
}

fn saves(effects: &[Effect]) -> Vec<(&str, &GameProgress)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::SaveProgress { key, progress } => Some((key.as_str(), progress)),
            _ => None,
        })
        .collect()
}

fn lightup_saved(progress: &GameProgress) -> &progress::PuzzleProgress<Piece> {
    match progress {
        GameProgress::LightUp(p) => p,
        other => panic!("not Light Up: {other:?}"),
    }
}

// ---------------------------------------------------------------- start

#[test]
fn start_asks_for_themes_keys_settings_and_the_progress_listing() {
    let (_, effects) = update(&model(), Msg::Start);
    assert_eq!(
        effects,
        vec![
            Effect::LoadThemes,
            Effect::LoadKeys,
            Effect::LoadSettings,
            Effect::ListProgress
        ]
    );
    assert_eq!(model().screen, Screen::Browser);
}

#[test]
fn the_listing_becomes_marks_and_unreadable_files_a_notice() {
    let summary = |solved, moves| Summary {
        solved,
        best_ms: solved.then_some(61_000),
        elapsed_ms: 5_000,
        moves,
        saved_at: Timestamp(1),
    };
    let listing = Listing {
        entries: vec![
            ListEntry {
                name: "tents/p1".into(),
                summary: summary(true, 0),
                made: None,
            },
            ListEntry {
                name: "mosaic/p2".into(),
                summary: summary(false, 3),
                made: None,
            },
        ],
        problems: vec![(PathBuf::from("/data/progress/x.json"), "empty file".into())],
    };
    let m = send(&model(), [Msg::ProgressListed(Ok(listing))]);
    assert_eq!(
        m.browser.mark("tents/p1"),
        Mark::Solved {
            best: Some(Duration::from_secs(61))
        }
    );
    assert_eq!(m.browser.mark("mosaic/p2"), Mark::InProgress);
    assert_eq!(m.browser.mark("lightup/p1"), Mark::New);
    let notice = m.notice.clone().unwrap();
    assert_eq!(notice.tone, Tone::Warning);
    assert!(
        notice
            .text
            .starts_with("1 unreadable progress file: /data/progress/x.json: empty file"),
        "{}",
        notice.text
    );
    let failed = send(
        &model(),
        [Msg::ProgressListed(Err("no data folder".into()))],
    );
    assert_eq!(
        failed.notice.unwrap().text,
        "saved progress not listed: no data folder"
    );
}

// ---------------------------------------------------------------- moving

#[test]
fn arrows_move_over_puzzles_and_new_puzzle_lines_skipping_headings() {
    let m = model();
    assert_eq!(selected(&m), Some(Row::Puzzle(0)));
    let up = send(&m, [Msg::Move(Direction::Up)]);
    assert_eq!(selected(&up), Some(Row::Puzzle(0)));
    let m = send(&m, vec![Msg::Move(Direction::Down); 2]);
    assert_eq!(selected(&m), Some(Row::NewRandom(GameKind::Tents)));
    let m = send(&m, [Msg::Move(Direction::Down)]);
    assert_eq!(selected(&m), Some(Row::Puzzle(2)));
    // Left and right mean nothing here.
    let same = send(
        &m,
        [Msg::Move(Direction::Left), Msg::Move(Direction::Right)],
    );
    assert_eq!(selected(&same), Some(Row::Puzzle(2)));
    let end = send(&m, [Msg::End]);
    assert_eq!(selected(&end), Some(Row::NewRandom(GameKind::Mosaic)));
    let home = send(&end, [Msg::Home]);
    assert_eq!(selected(&home), Some(Row::Puzzle(0)));
}

#[test]
fn pages_move_by_the_list_height_and_scroll_follows() {
    // 80x10: the list is 10 - 2 (footer) - 2 (frame) - 2 (filters, headings) = 4 lines high.
    let m = send(&model(), [Msg::Resize(80, 10)]);
    let height = BrowserLayout::compute(ratatui::layout::Rect::new(0, 0, 80, 10))
        .unwrap()
        .list
        .height;
    assert_eq!(height, 4);
    let down = send(&m, [Msg::PageDown]);
    // Selectable lines: p1 p2 new | p1 p2 new | p1 p2 new; four down from tents/p1.
    assert_eq!(selected(&down), Some(Row::Puzzle(3)));
    let rows = down.browser.rows();
    let at = rows.iter().position(|&r| r == Row::Puzzle(3)).unwrap();
    assert!(down.browser.scroll <= at && at < down.browser.scroll + 4);
    let back = send(&down, [Msg::PageUp]);
    assert_eq!(selected(&back), Some(Row::Puzzle(0)));
    assert_eq!(back.browser.scroll, 0, "the Tents heading shows again");
    let bottom = send(&m, [Msg::End]);
    assert_eq!(bottom.browser.scroll, rows.len() - 4);
}

#[test]
fn filters_cycle_and_esc_clears_them() {
    let m = model();
    let mut games = Vec::new();
    let mut cur = m.clone();
    for _ in 0..4 {
        cur = send(&cur, [Msg::CycleGameFilter]);
        games.push(cur.browser.game_filter);
    }
    assert_eq!(
        games,
        vec![
            Some(GameKind::Tents),
            Some(GameKind::LightUp),
            Some(GameKind::Mosaic),
            None
        ]
    );
    let light = send(&m, [Msg::CycleGameFilter, Msg::CycleGameFilter]);
    assert_eq!(selected(&light), Some(Row::Puzzle(2)));
    assert!(
        light
            .browser
            .rows()
            .iter()
            .all(|r| !matches!(r, Row::Header(k) if *k != GameKind::LightUp))
    );
    let statuses: Vec<_> = (1..=4)
        .map(|n| {
            send(&m, vec![Msg::CycleStatusFilter; n])
                .browser
                .status_filter
        })
        .collect();
    assert_eq!(
        statuses,
        vec![
            Some(StatusFilter::New),
            Some(StatusFilter::InProgress),
            Some(StatusFilter::Solved),
            None
        ]
    );
    let cleared = send(&light, [Msg::CycleStatusFilter, Msg::Back]);
    assert_eq!(
        (cleared.browser.game_filter, cleared.browser.status_filter),
        (None, None)
    );
    assert_eq!(message(&cleared).0, "filters cleared");
    assert_eq!(message(&send(&cleared, [Msg::Back])).0, "q quits");
}

#[test]
fn a_click_selects_and_a_second_click_opens() {
    let m = send(&model(), [Msg::Resize(80, 24)]);
    let list = BrowserLayout::compute(ratatui::layout::Rect::new(0, 0, 80, 24))
        .unwrap()
        .list;
    let rows = m.browser.rows();
    let line = rows.iter().position(|&r| r == Row::Puzzle(3)).unwrap() as u16;
    let click = Msg::Click {
        column: list.x + 3,
        row: list.y + line,
        button: Button::Left,
    };
    let (once, effects) = run(&m, [click.clone()]);
    assert_eq!(selected(&once), Some(Row::Puzzle(3)));
    assert!(effects.is_empty());
    let (_, effects) = run(&once, [click]);
    let Some(Effect::LoadProgress(request)) = effects.first() else {
        panic!("{effects:?}");
    };
    assert_eq!(request.puzzle.key.as_deref(), Some("lightup/p2"));
    let heading = Msg::Click {
        column: list.x + 3,
        row: list.y,
        button: Button::Left,
    };
    assert_eq!(selected(&send(&m, [heading])), Some(Row::Puzzle(0)));
}

#[test]
fn help_theme_and_ascii_work_on_the_browser() {
    let help = send(&model(), [Msg::ToggleHelp]);
    assert_eq!(help.overlay, Overlay::Help);
    let moved = send(&help, [Msg::Move(Direction::Down)]);
    assert_eq!(
        selected(&moved),
        Some(Row::Puzzle(0)),
        "help holds the keys"
    );
    assert_eq!(send(&help, [Msg::ToggleHelp]).overlay, Overlay::None);
    let (themed, effects) = run(&model(), [Msg::NextTheme]);
    assert_eq!(themed.theme_name, "light");
    assert_eq!(
        effects,
        vec![Effect::SaveSettings(progress::Settings {
            theme: Some("light".into()),
            ascii: false,
            theme_glyphs: false,
            ..Default::default()
        })]
    );
    let (ascii, effects) = run(&themed, [Msg::ToggleAscii]);
    assert!(ascii.settings.ascii);
    assert_eq!(ascii.glyphs(), gridpuzzles::theme::GlyphSet::Ascii);
    assert_eq!(
        effects,
        vec![Effect::SaveSettings(progress::Settings {
            theme: Some("light".into()),
            ascii: true,
            theme_glyphs: false,
            ..Default::default()
        })]
    );
    assert!(!send(&ascii, [Msg::ToggleAscii]).settings.ascii);
}

// ---------------------------------------------------------------- opening

#[test]
fn enter_asks_for_the_saved_progress_of_the_selected_puzzle() {
    let m = send(&model(), vec![Msg::Move(Direction::Down); 3]);
    let (after, effects) = run(&m, [Msg::Open]);
    assert_eq!(
        after.screen,
        Screen::Browser,
        "nothing shown before the answer"
    );
    assert_eq!(
        effects,
        vec![Effect::LoadProgress(OpenRequest {
            game: AnyGame::LightUp(LightUp::default_game()),
            puzzle: PuzzleRef::saved("lightup/p1", "lightup/p1"),
        })]
    );
}

#[test]
fn a_fresh_puzzle_opens_at_the_start_with_its_name() {
    let m = playing_lightup();
    let screen = m.play().unwrap();
    assert_eq!(screen.puzzle.key.as_deref(), Some("lightup/p1"));
    assert_eq!(screen.started, Duration::from_secs(10));
    assert_eq!(screen.carried, Duration::ZERO);
    assert!(!screen.persisted);
    assert_eq!(lightup(&m).history().done().len(), 0);
}

#[test]
fn saved_progress_resumes_position_history_clock_and_record() {
    let (played, _) = Play::new(LightUp::default_game()).play(Pos::new(0, 0), Piece::Bulb);
    let (played, _) = played.play(Pos::new(1, 1), Piece::Mark);
    let played = played.undo();
    let resumed = Resumed {
        session: Session::LightUp(played.clone()),
        elapsed: Duration::from_secs(95),
        record: Record {
            solved: true,
            best: Some(Duration::from_secs(70)),
            solves: Vec::new(),
        },
        view: None,
        proof: None,
    };
    let m = send(
        &model(),
        [
            Msg::Tick(Duration::from_secs(4)),
            Msg::ProgressLoaded {
                request: lightup_request(),
                outcome: ProgressOutcome::Resumed(Box::new(resumed)),
            },
            Msg::Tick(Duration::from_secs(9)),
        ],
    );
    let screen = m.play().unwrap();
    assert_eq!(lightup(&m), &played);
    assert_eq!(screen.elapsed(m.now), Duration::from_secs(100));
    assert!(screen.persisted && screen.record.solved);
    assert_eq!(screen.finish, None, "not won now");
    // Redo replays the undone move.
    let redone = send(&m, [Msg::Redo]);
    assert_eq!(lightup(&redone).state().piece(Pos::new(1, 1)), Piece::Mark);
}

#[test]
fn a_resumed_won_position_shows_how_it_was_finished() {
    let solved = LightUp::default_game().solve().unwrap();
    let moves: Vec<_> = solved
        .topology()
        .positions()
        .map(|p| (p, solved.piece(p)))
        .collect();
    let by_hand = moves
        .iter()
        .fold(Play::new(LightUp::default_game()), |p, &(pos, piece)| {
            p.play(pos, piece).0
        });
    let revealed = Play::new(LightUp::default_game()).reveal().unwrap();
    let open = |play: &Play<LightUp>, solved: bool| {
        let resumed = Resumed {
            session: Session::LightUp(play.clone()),
            elapsed: Duration::from_secs(42),
            record: Record {
                solved,
                best: solved.then_some(Duration::from_secs(42)),
                solves: Vec::new(),
            },
            view: None,
            proof: None,
        };
        send(
            &model(),
            [Msg::ProgressLoaded {
                request: lightup_request(),
                outcome: ProgressOutcome::Resumed(Box::new(resumed)),
            }],
        )
    };
    let m = open(&by_hand, true);
    assert_eq!(
        m.play().unwrap().finish,
        Some(Finish::Solved(Duration::from_secs(42)))
    );
    let m = open(&revealed, true);
    assert_eq!(m.play().unwrap().finish, Some(Finish::Revealed));
    assert_eq!(
        revealed.history().done().last().unwrap().action,
        Action::Reveal
    );
}

#[test]
fn set_aside_progress_is_reported_and_play_starts_afresh() {
    let m = send(
        &model(),
        [Msg::ProgressLoaded {
            request: lightup_request(),
            outcome: ProgressOutcome::SetAside {
                moved_to: PathBuf::from("/d/progress/lightup.json.corrupt-20260101T000000Z"),
                reason: "line 1, column 1: expected value".into(),
            },
        }],
    );
    let screen = m.play().unwrap();
    assert_eq!(lightup(&m).history().done().len(), 0);
    assert_eq!(screen.puzzle.key.as_deref(), Some("lightup/p1"));
    let line = m.message_line().unwrap();
    assert_eq!(line.tone, Tone::Warning);
    assert_eq!(
        line.text,
        "saved progress unreadable (line 1, column 1: expected value); moved to \
         /d/progress/lightup.json.corrupt-20260101T000000Z; starting afresh"
    );
    // The warning stays while this puzzle is played.
    let moved = send(&m, [Msg::Move(Direction::Right)]);
    assert_eq!(moved.message_line(), Some(line));
}

#[test]
fn a_store_that_fails_means_playing_without_saving() {
    let m = send(
        &model(),
        [Msg::ProgressLoaded {
            request: lightup_request(),
            outcome: ProgressOutcome::Failed("no data folder".into()),
        }],
    );
    assert_eq!(m.play().unwrap().puzzle.key, None);
    assert_eq!(
        m.message_line().unwrap().text,
        "progress not saved: no data folder"
    );
    let (_, effects) = run(&m, [Msg::Primary, Msg::Back]);
    assert!(saves(&effects).is_empty());
}

// ---------------------------------------------------------------- saving

#[test]
fn every_move_asks_for_a_save_of_position_history_and_time() {
    let m = playing_lightup();
    let (m, effects) = run(&m, [Msg::Tick(Duration::from_secs(13)), Msg::Primary]);
    let saved = saves(&effects);
    assert_eq!(saved.len(), 1);
    let (key, progress) = saved[0];
    assert_eq!(key, "lightup/p1");
    let p = lightup_saved(progress);
    assert_eq!(p.position, lightup(&m).state().format());
    assert_eq!(&p.history, lightup(&m).history());
    assert_eq!(p.elapsed_ms, 3_000);
    assert!(!p.solved);
    assert!(m.play().unwrap().persisted);
    // Moving the cursor changes no square: no save.
    let (_, effects) = run(&m, [Msg::Move(Direction::Down)]);
    assert!(saves(&effects).is_empty());
    // Undo and redo change the position: saved.
    let (_, effects) = run(&m, [Msg::Undo, Msg::Redo]);
    assert_eq!(saves(&effects).len(), 2);
}

#[test]
fn esc_saves_marks_the_puzzle_and_shows_the_browser() {
    let m = playing_lightup();
    let (back, effects) = run(&m, [Msg::Primary, Msg::Back]);
    assert_eq!(back.screen, Screen::Browser);
    assert_eq!(
        saves(&effects).len(),
        2,
        "after the move and on the way out"
    );
    assert_eq!(back.browser.mark("lightup/p1"), Mark::InProgress);
    // The puzzle just played is selected on the list (opened by name, not from the list).
    let index = back
        .browser
        .items
        .iter()
        .position(|i| i.name == "lightup/p1");
    assert_eq!(selected(&back), index.map(Row::Puzzle));
    // An untouched puzzle writes nothing and stays new (its background solve, not answered
    // here, is stopped).
    let (back, effects) = run(&playing_lightup(), [Msg::Back]);
    assert_eq!(effects, vec![Effect::StopSolving]);
    assert_eq!(back.browser.mark("lightup/p1"), Mark::New);
}

#[test]
fn quitting_saves_first() {
    let (m, _) = run(&playing_lightup(), [Msg::Primary]);
    let (quit, effects) = run(&m, [Msg::Quit]);
    assert!(quit.quitting);
    assert_eq!(effects.len(), 2);
    assert!(matches!(effects[0], Effect::SaveProgress { .. }));
    assert_eq!(effects[1], Effect::Quit);
    let (_, effects) = run(&playing_lightup(), [Msg::Quit]);
    assert_eq!(effects, vec![Effect::Quit]);
}

#[test]
fn a_solve_records_solved_and_the_best_time() {
    let solved = LightUp::default_game().solve().unwrap();
    let bulbs: Vec<Pos> = solved
        .topology()
        .positions()
        .filter(|&p| solved.piece(p) == Piece::Bulb)
        .collect();
    let mut m = send(&playing_lightup(), [Msg::Tick(Duration::from_secs(70))]);
    let mut effects = Vec::new();
    for &p in &bulbs {
        let screen = m.play().unwrap();
        let (dr, dc) = (
            p.row as isize - screen.cursor.row as isize,
            p.col as isize - screen.cursor.col as isize,
        );
        let mut msgs = Vec::new();
        let v = if dr > 0 {
            Direction::Down
        } else {
            Direction::Up
        };
        let h = if dc > 0 {
            Direction::Right
        } else {
            Direction::Left
        };
        msgs.extend(std::iter::repeat_n(Msg::Move(v), dr.unsigned_abs()));
        msgs.extend(std::iter::repeat_n(Msg::Move(h), dc.unsigned_abs()));
        msgs.push(Msg::Primary);
        let (next, e) = run(&m, msgs);
        m = next;
        effects.extend(e);
    }
    let screen = m.play().unwrap();
    assert!(screen.session.is_won());
    assert_eq!(screen.finish, Some(Finish::Solved(Duration::from_secs(60))));
    assert_eq!(
        screen.record,
        Record {
            solved: true,
            best: Some(Duration::from_secs(60)),
            // Stamped with the time when it is written.
            solves: vec![Solve {
                at: Timestamp(0),
                ms: 60_000,
                hints: false,
            }],
        }
    );
    let last = saves(&effects).last().copied().unwrap().1;
    let p = lightup_saved(last);
    assert!(p.solved);
    assert_eq!(p.best_ms, Some(60_000));
    assert_eq!(p.elapsed_ms, 60_000);
    let back = send(&m, [Msg::Back]);
    assert_eq!(
        back.browser.mark("lightup/p1"),
        Mark::Solved {
            best: Some(Duration::from_secs(60))
        }
    );
    // A slower second solve keeps the best time.
    let again = send(
        &m,
        [
            Msg::Restart,
            Msg::Confirm(true),
            Msg::Tick(Duration::from_secs(200)),
        ],
    );
    assert_eq!(
        again.play().unwrap().record.best,
        Some(Duration::from_secs(60))
    );
    assert!(again.play().unwrap().record.solved, "kept after a restart");
}

#[test]
fn revealing_is_not_solving() {
    let (m, effects) = run(&playing_lightup(), [Msg::Reveal, Msg::Confirm(true)]);
    let Some(Effect::Solve(puzzle)) = effects.first().cloned() else {
        panic!("{effects:?}");
    };
    let solution = solve_any(&puzzle);
    let (m, effects) = run(&m, [Msg::Solved { puzzle, solution }]);
    assert_eq!(m.play().unwrap().finish, Some(Finish::Revealed));
    assert!(!m.play().unwrap().record.solved);
    let p = lightup_saved(saves(&effects)[0].1);
    assert!(!p.solved);
    assert_eq!(p.best_ms, None);
}

// ---------------------------------------------------------------- settings

#[test]
fn saved_settings_choose_the_theme_and_glyphs_unless_the_command_line_did() {
    let saved = progress::Settings {
        theme: Some("mono".into()),
        ascii: true,
        theme_glyphs: false,
        ..Default::default()
    };
    let m = send(
        &model(),
        [Msg::SettingsLoaded(Ok(Loaded::Found(saved.clone())))],
    );
    assert_eq!(m.theme_name, "mono");
    assert!(m.settings.ascii);
    assert_eq!(m.stored, saved);
    let cli = Model::with_browser(
        Browser::new(items()),
        Settings {
            theme: Some("light".into()),
            ascii: false,
            ..Settings::default()
        },
    );
    let m = send(&cli, [Msg::SettingsLoaded(Ok(Loaded::Found(saved)))]);
    assert_eq!(m.theme_name, "light");
    let gone = progress::Settings {
        theme: Some("neon".into()),
        ascii: false,
        theme_glyphs: false,
        ..Default::default()
    };
    let m = send(&model(), [Msg::SettingsLoaded(Ok(Loaded::Found(gone)))]);
    assert_eq!(m.theme_name, "default");
    assert_eq!(
        m.notice.unwrap().text,
        "saved theme `neon` not found; using default"
    );
}

#[test]
fn unreadable_settings_are_reported() {
    let m = send(
        &model(),
        [Msg::SettingsLoaded(Ok(Loaded::SetAside {
            original: PathBuf::from("/d/settings.toml"),
            moved_to: PathBuf::from("/d/settings.toml.corrupt-1"),
            reason: "empty file".into(),
        }))],
    );
    assert_eq!(
        m.notice.unwrap().text,
        "settings file unreadable (empty file); moved to /d/settings.toml.corrupt-1; using the defaults"
    );
    let failed = send(
        &model(),
        [Msg::StoreFailed("settings not saved: disk full".into())],
    );
    assert_eq!(
        message(&failed),
        ("settings not saved: disk full".into(), Tone::Warning)
    );
    assert_eq!(failed.notice.unwrap().text, "settings not saved: disk full");
}

// ---------------------------------------------------------------- new random puzzles

#[test]
fn new_random_lines_open_the_form_or_say_the_game_has_no_generator() {
    let m = send(&model(), vec![Msg::Move(Direction::Down); 2]);
    assert_eq!(selected(&m), Some(Row::NewRandom(GameKind::Tents)));
    let opened = send(&m, [Msg::Open]);
    assert_eq!(
        opened.overlay,
        Overlay::NewPuzzle(NewPuzzleForm::new(GameKind::Tents))
    );
    // `n` asks for the selected line's game.
    let n = send(&model(), [Msg::NewPuzzle]);
    assert_eq!(
        n.overlay,
        Overlay::NewPuzzle(NewPuzzleForm::new(GameKind::Tents))
    );
    let mosaic = send(
        &model(),
        [Msg::End, Msg::Move(Direction::Up), Msg::NewPuzzle],
    );
    assert_eq!(
        mosaic.overlay,
        Overlay::NewPuzzle(NewPuzzleForm::new(GameKind::Mosaic))
    );
    let light = send(
        &model(),
        [
            Msg::CycleGameFilter,
            Msg::CycleGameFilter,
            Msg::End,
            Msg::Open,
        ],
    );
    assert_eq!(
        light.overlay,
        Overlay::NewPuzzle(NewPuzzleForm::new(GameKind::LightUp))
    );
    // The form comes back with the last values used, for the game asked for.
    let used = NewPuzzleForm {
        rows: 6,
        ..NewPuzzleForm::new(GameKind::Tents)
    };
    let mut again = with_form(used);
    again = send(&again, [Msg::Confirm(true), Msg::Back, Msg::NewPuzzle]);
    let Overlay::NewPuzzle(form) = again.overlay else {
        panic!("{:?}", again.overlay);
    };
    assert_eq!((form.kind, form.rows), (GameKind::Tents, 6));
}

fn with_form(form: NewPuzzleForm) -> Model {
    Model {
        overlay: Overlay::NewPuzzle(form),
        ..send(&model(), [Msg::Tick(Duration::from_millis(1234))])
    }
}

#[test]
fn the_form_changes_with_arrows_and_asks_for_a_seeded_generator() {
    let m = with_form(NewPuzzleForm::new(GameKind::Mosaic));
    let m = send(
        &m,
        [
            Msg::Move(Direction::Right),
            Msg::Move(Direction::Down),
            Msg::Move(Direction::Left),
            Msg::Move(Direction::Down),
            Msg::Move(Direction::Right),
        ],
    );
    let Overlay::NewPuzzle(form) = m.overlay else {
        panic!("{:?}", m.overlay);
    };
    assert_eq!(
        (form.rows, form.cols, form.difficulty),
        (11, 9, Tier::Tricky)
    );
    assert_eq!(form.field, FormField::Difficulty);
    let (after, effects) = run(&m, [Msg::Confirm(true)]);
    let request = GenRequest {
        options: form.options(),
        seed: seed_from(Duration::from_millis(1234)),
    };
    assert_eq!(effects, vec![Effect::Generate(request.clone())]);
    assert_eq!(after.overlay, Overlay::None);
    assert_eq!(after.generating, Some(request));
    assert_eq!(after.browser.last_form, Some(form));
    let cancelled = send(&m, [Msg::Confirm(false)]);
    assert_eq!(cancelled.overlay, Overlay::None);
    assert_eq!(cancelled.generating, None);
}

#[test]
fn progress_is_shown_for_the_puzzle_asked_for_and_esc_stops_its_generator() {
    let m = with_form(NewPuzzleForm::new(GameKind::Tents));
    let (waiting, _) = run(&m, [Msg::Confirm(true)]);
    let request = waiting.generating.clone().unwrap();
    assert_eq!(waiting.generating_progress, Progress::default());
    let progress = Progress {
        phase: Phase::Repairing,
        done: 300,
        attempt: 0,
    };
    let told = send(
        &waiting,
        [Msg::GenProgress {
            request: request.clone(),
            progress,
        }],
    );
    assert_eq!(told.generating_progress, progress);
    // Progress of a job no longer waited for changes nothing.
    let other = GenRequest {
        seed: request.seed.wrapping_add(1),
        ..request.clone()
    };
    let stale = Progress {
        done: 900,
        ..progress
    };
    let ignored = send(
        &told,
        [Msg::GenProgress {
            request: other,
            progress: stale,
        }],
    );
    assert_eq!(ignored.generating_progress, progress);
    // Esc stops the generator itself, not only the wait.
    let (cancelled, effects) = run(&told, [Msg::Back]);
    assert_eq!(effects, vec![Effect::CancelGenerate(request)]);
    assert_eq!(cancelled.generating, None);
}

#[test]
fn a_generated_puzzle_is_kept_and_listed_unless_cancelled() {
    let m = with_form(NewPuzzleForm::new(GameKind::Mosaic));
    let (waiting, effects) = run(&m, [Msg::Confirm(true)]);
    let Some(Effect::Generate(request)) = effects.first().cloned() else {
        panic!("{effects:?}");
    };
    let game = AnyGame::Mosaic(Mosaic::default_game());
    let answer = Msg::Generated {
        request: request.clone(),
        result: Ok(game.clone()),
    };
    let (opened, effects) = run(&waiting, [answer.clone()]);
    let name = format!("random/mosaic-10x10-easy-{}", request.seed);
    // Saved at once, with how it was made: leaving it loses nothing.
    let saved = saves(&effects);
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].0, name);
    let screen = opened.play().unwrap();
    assert_eq!(screen.puzzle.key.as_deref(), Some(name.as_str()));
    assert_eq!(screen.puzzle.title, "random 10x10 easy");
    let made = screen.puzzle.made.as_deref().unwrap();
    assert_eq!((made.seed, made.rows, made.cols), (request.seed, 10, 10));
    assert_eq!(made.puzzle, game.format());
    assert_eq!(
        message(&opened).0,
        format!(
            "new 10x10 easy Mosaic puzzle, seed {}: kept as {name}",
            request.seed
        )
    );
    // The browser lists it under its game, made here.
    assert_eq!(opened.browser.made.len(), 1);
    assert_eq!(opened.browser.made[0].name, name);
    let (back, effects) = run(&opened, [Msg::Primary, Msg::Back]);
    assert_eq!(back.overlay, Overlay::None, "leaving does not ask");
    assert_eq!(back.screen, Screen::Browser);
    assert_eq!(saves(&effects).last().unwrap().0, name);
    assert_eq!(back.browser.selected_row(), Some(Row::Made(0)));
    assert!(
        back.browser
            .rows()
            .contains(&Row::MadeHeader(GameKind::Mosaic))
    );
    // Esc while waiting cancels: a late answer is dropped.
    let cancelled = send(&waiting, [Msg::Back]);
    assert_eq!(message(&cancelled).0, "new puzzle cancelled");
    assert_eq!(send(&cancelled, [answer]).screen, Screen::Browser);
    let failed = send(
        &waiting,
        [Msg::Generated {
            request,
            result: Err("no hard puzzle found in 100 attempts".into()),
        }],
    );
    assert_eq!(failed.screen, Screen::Browser);
    assert_eq!(
        message(&failed),
        (
            "no puzzle: no hard puzzle found in 100 attempts".into(),
            Tone::Warning
        )
    );
}

#[test]
fn opening_a_puzzle_without_a_key_needs_no_answer() {
    let request = OpenRequest {
        game: AnyGame::Tents(Tents::default_2025()),
        puzzle: PuzzleRef::unsaved("x"),
    };
    let (m, effects) = run(&model(), [Msg::OpenPuzzle(request)]);
    // No progress to look for: only its solution is worked out, in the background.
    let puzzle = AnyGame::Tents(Tents::default_2025().cleared());
    assert_eq!(effects, vec![Effect::KeepSolution(puzzle)]);
    assert!(matches!(m.play().unwrap().session, Session::Tents(_)));
    let keyed = lightup_request();
    let (m, effects) = run(&model(), [Msg::OpenPuzzle(keyed.clone())]);
    assert_eq!(m.screen, Screen::Browser);
    assert_eq!(effects, vec![Effect::LoadProgress(keyed)]);
}

#[test]
fn a_terminal_without_emoji_gets_ascii_until_the_player_chooses_the_themes_glyphs() {
    use gridpuzzles::theme::GlyphSet;
    let console = Model::with_browser(
        Browser::new(items()),
        Settings {
            no_emoji: true,
            ..Settings::default()
        },
    );
    assert_eq!(console.glyphs(), GlyphSet::Ascii);
    // `a` chooses the theme's glyphs, and that choice is saved.
    let (themed, effects) = run(&console, [Msg::ToggleAscii]);
    assert_eq!(themed.glyphs(), GlyphSet::Emoji);
    assert_eq!(
        effects,
        vec![Effect::SaveSettings(progress::Settings {
            theme: None,
            ascii: false,
            theme_glyphs: true,
            ..Default::default()
        })]
    );
    // Back to ASCII is what the console gets anyway: nothing is kept to force it elsewhere.
    let (back, effects) = run(&themed, [Msg::ToggleAscii]);
    assert_eq!(back.glyphs(), GlyphSet::Ascii);
    assert_eq!(
        effects,
        vec![Effect::SaveSettings(progress::Settings::default())]
    );
    // The saved choice wins over the console's ASCII, and `--ascii` over both.
    let saved = progress::Settings {
        theme_glyphs: true,
        ..progress::Settings::default()
    };
    let loaded = send(
        &console,
        [Msg::SettingsLoaded(Ok(Loaded::Found(saved.clone())))],
    );
    assert_eq!(loaded.glyphs(), GlyphSet::Emoji);
    let forced = Model::with_browser(
        Browser::new(items()),
        Settings {
            no_emoji: true,
            ascii: true,
            ..Settings::default()
        },
    );
    let forced = send(&forced, [Msg::SettingsLoaded(Ok(Loaded::Found(saved)))]);
    assert_eq!(forced.glyphs(), GlyphSet::Ascii);
    // Where the terminal has emoji, `a` forces ASCII as before.
    let (ascii, _) = run(&model(), [Msg::ToggleAscii]);
    assert!(ascii.settings.ascii && !ascii.settings.theme_glyphs);
    assert_eq!(ascii.glyphs(), GlyphSet::Ascii);
}
