//! The `n` key: the first press shows the next deduction (highlighted squares, explanation),
//! the second applies it as one history entry named after its rule.

use crate::send;

use crate::helpers::{model, render, screen, tents};
use gridpuzzles::deduce::Deduce;
use gridpuzzles::game::Game;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::lightup::LightUp;
use gridpuzzles::games::mosaic::Mosaic;
use gridpuzzles::games::tents::Tents;
use gridpuzzles::grid::Pos;
use gridpuzzles::history::Action;
use gridpuzzles::theme::{Role, Themes};
use gridpuzzles::tui::model::{Finish, Model, Session, Tone};
use gridpuzzles::tui::msg::{Direction, Msg};
use send::send;

fn message(model: &Model) -> (String, Tone) {
    let m = model.message.as_ref().expect("a message");
    (m.text.clone(), m.tone)
}

#[test]
fn first_n_shows_the_hint_without_moving() {
    let m = send(&model(AnyGame::Tents(Tents::default_2020())), [Msg::Hint]);
    let shown = screen(&m).hint.as_ref().expect("a hint is shown");
    assert_eq!(shown.rule.id, "finish-with-grass");
    assert_eq!(
        shown.sets,
        (1..=6).map(|c| Pos::new(1, c)).collect::<Vec<_>>()
    );
    assert_eq!(shown.premises, vec![gridpuzzles::game::Target::Row(1)]);
    assert_eq!(tents(&m).history().done().len(), 0, "nothing played yet");
    let (text, tone) = message(&m);
    assert_eq!(tone, Tone::Info);
    assert_eq!(
        text,
        "Finish with grass (easy): Row 1 has no tents, so its free squares are grass. \
         n again applies it"
    );
}

#[test]
fn second_n_applies_it_as_one_entry_named_after_the_rule() {
    let start = model(AnyGame::Tents(Tents::default_2020()));
    let m = send(&start, [Msg::Hint, Msg::Hint]);
    let play = tents(&m);
    assert_eq!(play.history().done().len(), 1);
    let entry = play.history().done().last().unwrap();
    assert_eq!(entry.action, Action::Hint("Finish with grass".into()));
    for c in 1..=6 {
        assert_eq!(
            play.state().piece(Pos::new(1, c)),
            Tents::SECONDARY,
            "(1,{c}) is grass"
        );
    }
    assert!(
        screen(&m).hint.is_none(),
        "the applied hint is no longer shown"
    );
    assert_eq!(
        message(&m).0,
        "hint applied: Finish with grass (z undoes it)"
    );
    // One undo takes the whole hint back.
    let undone = send(&m, [Msg::Undo]);
    assert_eq!(tents(&undone).state(), tents(&start).state());
}

#[test]
fn a_move_between_the_presses_makes_the_second_show_again() {
    let start = model(AnyGame::Tents(Tents::default_2020()));
    // The cursor starts at (0,0): a tent there is the move between the two presses.
    let m = send(&start, [Msg::Hint, Msg::Primary]);
    assert!(screen(&m).hint.is_none(), "a move clears the hint shown");
    let m = send(&m, [Msg::Hint]);
    assert!(screen(&m).hint.is_some());
    assert_eq!(
        tents(&m).history().done().len(),
        1,
        "only the tent was played"
    );
    // Cursor moves keep the hint: the second press still applies it.
    let m = send(&m, [Msg::Move(Direction::Right), Msg::Hint]);
    assert_eq!(tents(&m).history().done().len(), 2);
    assert!(matches!(
        tents(&m).history().done().last().unwrap().action,
        Action::Hint(_)
    ));
}

/// Presses `n` until the position is won (or `limit` presses), returning the model.
fn hint_until_won(start: Model, limit: usize) -> Model {
    let mut m = start;
    for _ in 0..limit {
        if screen(&m).session.is_won() {
            break;
        }
        m = send(&m, [Msg::Hint]);
        assert_eq!(message(&m).1, Tone::Info, "{}", message(&m).0);
    }
    m
}

#[test]
fn hints_alone_solve_each_game_s_default_puzzle() {
    for game in [
        AnyGame::Tents(Tents::default_2020()),
        AnyGame::Tents(Tents::default_2025()),
        AnyGame::LightUp(LightUp::default_game()),
        AnyGame::Mosaic(Mosaic::default_game()),
    ] {
        let m = hint_until_won(model(game.clone()), 200);
        let s = screen(&m);
        assert!(
            s.session.is_won(),
            "{} not solved by hints",
            game.kind().title()
        );
        // Solved with hints: marked as such, no best time.
        assert!(
            matches!(s.finish, Some(Finish::Helped(_))),
            "{:?}",
            s.finish
        );
        assert!(s.record.solved);
        assert_eq!(s.record.best, None);
        let done = match &s.session {
            Session::Tents(p) => p.history().done().len(),
            Session::LightUp(p) => p.history().done().len(),
            Session::Mosaic(p) => p.history().done().len(),
        };
        assert!(done > 0);
        // Once won, n has no hint to give: it opens the pack's first unsolved puzzle of the
        // game (this one is not from the pack).
        let (after, effects) = gridpuzzles::tui::update(&m, Msg::Hint);
        assert!(after.play().is_none(), "left for the next puzzle");
        let opened: Vec<_> = effects
            .iter()
            .filter_map(|e| match e {
                gridpuzzles::tui::Effect::LoadProgress(request) => Some(request),
                _ => None,
            })
            .collect();
        assert_eq!(opened.len(), 1, "{effects:?}");
        assert_eq!(opened[0].game.kind(), game.kind());
        assert!(opened[0].puzzle.key.is_some(), "a pack puzzle");
    }
}

#[test]
fn a_position_with_an_error_gets_a_warning_not_a_hint() {
    let start = model(AnyGame::Tents(Tents::default_2020()));
    // Tents at (0,0) and (1,1) touch.
    let m = send(
        &start,
        [
            Msg::Primary,
            Msg::Move(Direction::Down),
            Msg::Move(Direction::Right),
            Msg::Primary,
            Msg::Hint,
        ],
    );
    let (text, tone) = message(&m);
    assert_eq!(tone, Tone::Warning);
    assert!(
        text.starts_with("no hint: the position breaks a rule"),
        "{text}"
    );
    assert!(screen(&m).hint.is_none());
    assert_eq!(tents(&m).history().done().len(), 2);
}

#[test]
fn a_puzzle_without_a_solution_gets_a_warning_not_a_hint() {
    // The peer case `lightup_iTschoCapic_lightup_impossible.txt`: the 2s in the corners need
    // bulbs on (1,0) and (1,2), which see each other.
    let game = LightUp::parse("3 3 0\n2b2\nbbb\nbbb\n").unwrap();
    let m = send(&model(AnyGame::LightUp(game)), [Msg::Hint]);
    assert_eq!(
        message(&m),
        (
            "no hint: this puzzle has no solution".to_string(),
            Tone::Warning
        )
    );
    assert!(screen(&m).hint.is_none());
}

#[test]
fn the_hint_the_tui_shows_is_the_library_s_hint() {
    let game = LightUp::default_game();
    let m = send(&model(AnyGame::LightUp(game.clone())), [Msg::Hint]);
    let gridpuzzles::deduce::HintOutcome::Hint(hint) = game.hint() else {
        panic!("the default Light Up has a hint");
    };
    let shown = screen(&m).hint.as_ref().unwrap();
    assert!(shown.shows(&hint));
    assert_eq!(shown.explanation, hint.explanation);
}

#[test]
fn the_shown_hint_renders_with_its_explanation() {
    let m = send(&model(AnyGame::Mosaic(Mosaic::default_game())), [Msg::Hint]);
    insta::assert_snapshot!("mosaic_hint_shown", render(&m, 100, 16).to_string());
}

#[test]
fn decided_squares_and_premises_are_highlighted_in_every_theme() {
    // Tents 2020: the hint fills row 1 with grass, its premise is row 1's clue.
    let m = send(
        &model(AnyGame::Tents(Tents::default_2020())),
        [
            Msg::Move(Direction::Down),
            Msg::Move(Direction::Down),
            Msg::Hint,
        ],
    );
    let plain = send(
        &model(AnyGame::Tents(Tents::default_2020())),
        [Msg::Move(Direction::Down), Msg::Move(Direction::Down)],
    );
    let themes = Themes::builtin();
    for name in themes.names() {
        let themed = |m: &Model| Model {
            theme_name: name.to_string(),
            ..m.clone()
        };
        let with_hint = render(&themed(&m), 80, 18);
        let without = render(&themed(&plain), 80, 18);
        let (a, b) = (with_hint.buffer(), without.buffer());
        let theme = themes.get(name).unwrap();
        // The same glyphs in both renders, but row 1 and its clue restyled.
        let differing: Vec<(u16, u16)> = a
            .area
            .positions()
            .filter(|&p| {
                let (x, y) = (p.x, p.y);
                a[(x, y)].style() != b[(x, y)].style() && a[(x, y)].symbol() == b[(x, y)].symbol()
            })
            .map(|p| (p.x, p.y))
            .collect();
        // Six squares of two columns each, plus the row clue.
        assert!(
            differing.len() >= 13,
            "theme {name}: only {} cells changed style",
            differing.len()
        );
        // Decided squares and premises look different from each other, too.
        assert_ne!(
            theme.style(Role::Hint),
            theme.style(Role::Premise),
            "theme {name}"
        );
    }
}

#[test]
fn a_wrong_position_names_the_move_that_left_every_solution() {
    // One solution. The first move blackens (1,1), which the solution has white (no clue is
    // broken yet); the second blackens (2,2), as the solution does.
    let game = Mosaic::parse("3 3 0 0\n3e-e2e\n-e6e-e\n2e-e3e\n").unwrap();
    let m = send(
        &model(AnyGame::Mosaic(game)),
        [
            Msg::Move(Direction::Down),
            Msg::Move(Direction::Right),
            Msg::Primary,
            Msg::Move(Direction::Down),
            Msg::Move(Direction::Right),
            Msg::Primary,
            Msg::Hint,
        ],
    );
    let (text, tone) = message(&m);
    assert_eq!(tone, Tone::Warning);
    assert_eq!(
        text,
        "no hint: the position is already wrong: move 1 of 2 at (1,1) left every solution \
         (z 2 times undoes it); these squares differ from the solution (marked): (1,1)"
    );
    assert!(screen(&m).hint.is_none());
}
