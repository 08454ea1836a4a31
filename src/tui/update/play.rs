//! `update` on the play screen: cursor, pieces, history, prompts, mouse. Pure.

use ratatui::layout::Rect;

use super::settings;
use crate::game::MoveKind;
use crate::games::AnyGame;
use crate::games::tents::Line;
use crate::grid::{Pos, Topology};
use crate::history::Action;
use crate::look::Look;
use crate::play::Play;
use crate::tui::effect::Effect;
use crate::tui::model::{
    Confirm, Finish, Message, Model, PlayScreen, Playable, Session, with_session,
};
use crate::tui::msg::{Button, Direction, HintAnswer, Msg};
use crate::tui::view::layout::{BoardGeometry, PlayLayout};

/// A message on the play screen with no overlay open.
pub fn act(model: &mut Model, msg: Msg, effects: &mut Vec<Effect>) {
    match msg {
        Msg::ToggleHelp => model.overlay = crate::tui::model::Overlay::Help,
        Msg::NextTheme => settings::next_theme(model, effects),
        Msg::ToggleAscii => settings::toggle_ascii(model, effects),
        Msg::Back => super::open::back_to_browser(model, effects),
        Msg::Hint => hint(model, effects),
        Msg::Restart => model.overlay = crate::tui::model::Overlay::Confirm(Confirm::Restart),
        Msg::Reveal => model.overlay = crate::tui::model::Overlay::Confirm(Confirm::Reveal),
        Msg::Move(direction) => {
            if let Some(screen) = model.play_mut() {
                screen.cursor = step_cursor(screen.session.topology(), screen.cursor, direction);
            }
        }
        Msg::Click {
            column,
            row,
            button,
        } => {
            let Some(screen) = model.play() else {
                return;
            };
            let area = Rect::new(0, 0, model.size.0, model.size.1);
            let square = PlayLayout::compute(area, BoardGeometry::of(&screen.session))
                .and_then(|layout| layout.square_at(column, row));
            if let Some(pos) = square {
                if let Some(screen) = model.play_mut() {
                    screen.cursor = pos;
                }
                let choice = match button {
                    Button::Left => Choice::ClickPrimary,
                    Button::Right => Choice::ClickSecondary,
                };
                play_step(model, Step::Place(choice));
            }
        }
        Msg::Primary => play_step(model, Step::Place(Choice::Primary)),
        Msg::Secondary => play_step(model, Step::Place(Choice::Secondary)),
        Msg::Clear => play_step(model, Step::Place(Choice::Empty)),
        Msg::Cycle => play_step(model, Step::Place(Choice::Cycle)),
        Msg::PieceKey(key) => play_step(model, Step::Place(Choice::Key(key))),
        Msg::FillRow => play_step(model, Step::FillRow),
        Msg::FillCol => play_step(model, Step::FillCol),
        Msg::Undo => play_step(model, Step::Undo),
        Msg::Redo => play_step(model, Step::Redo),
        // Browser keys and loop messages mean nothing here.
        _ => {}
    }
}

/// The player said yes to a prompt; returns the effects it needs.
pub fn confirmed(model: &mut Model, question: Confirm) -> Vec<Effect> {
    let now = model.now;
    match question {
        Confirm::Restart => {
            play_step(model, Step::Restart);
            if let Some(screen) = model.play_mut() {
                screen.started = now;
                screen.carried = std::time::Duration::ZERO;
                screen.finish = None;
                // A reveal still being solved is dropped: the player asked for a fresh start.
                screen.solving = false;
            }
            Vec::new()
        }
        Confirm::Reveal => {
            let Some(screen) = model.play_mut() else {
                return Vec::new();
            };
            if screen.solving {
                model.message = Some(Message::info("still solving..."));
                return Vec::new();
            }
            // The solver runs in the loop, away from `update`: large puzzles may take a while.
            screen.solving = true;
            let puzzle = screen.session.puzzle();
            model.message = Some(Message::info("solving..."));
            vec![Effect::Solve(puzzle)]
        }
    }
}

/// A solver answered: reveal its solution if it is for this puzzle and still wanted.
pub fn solved(model: &mut Model, puzzle: &AnyGame, solution: Option<&AnyGame>) {
    let now = model.now;
    let Some(screen) = model.play_mut() else {
        return;
    };
    if !screen.solving || screen.session.puzzle() != *puzzle {
        return;
    }
    screen.solving = false;
    let Some(solution) = solution else {
        model.message = Some(Message::warning("this puzzle has no solution"));
        return;
    };
    let revealed = with_session!(&screen.session, p => wrap(reveal(p, solution)));
    advance(screen, revealed, now, true);
    model.message = Some(Message::info("solution revealed: z undoes it"));
}

/// A solver failed: say so, if the play screen still waits for it.
pub fn solver_failed(model: &mut Model, reason: &str) {
    if let Some(screen) = model.play_mut()
        && screen.solving
    {
        screen.solving = false;
        model.message = Some(Message::warning(format!("the solver failed: {reason}")));
    }
}

/// The position with every square set as in `solution`, as one history entry.
fn reveal<G: Playable>(play: &Play<G>, solution: &AnyGame) -> Play<G> {
    let Some(solved) = G::from_any(solution) else {
        return play.clone();
    };
    let moves: Vec<_> = solved
        .topology()
        .positions()
        .map(|p| (p, solved.piece(p)))
        .collect();
    play.play_compound(Action::Reveal, &moves)
}

/// The cursor after one step: wrapping round on wrapping grids, stopping at the edge otherwise.
pub fn step_cursor(t: Topology, cursor: Pos, direction: Direction) -> Pos {
    let (dr, dc) = match direction {
        Direction::Up => (-1, 0),
        Direction::Down => (1, 0),
        Direction::Left => (0, -1),
        Direction::Right => (0, 1),
    };
    let axis = |v: usize, d: isize, size: usize| -> usize {
        let moved = v as isize + d;
        if t.wrapping {
            moved.rem_euclid(size.max(1) as isize) as usize
        } else {
            moved.clamp(0, size.saturating_sub(1) as isize) as usize
        }
    };
    Pos::new(axis(cursor.row, dr, t.rows), axis(cursor.col, dc, t.cols))
}

/// Which piece a placing message means.
#[derive(Clone, Copy, Debug)]
enum Choice {
    Primary,
    Secondary,
    Empty,
    Cycle,
    Key(char),
    ClickPrimary,
    ClickSecondary,
}

/// A change to the game in play.
#[derive(Clone, Copy, Debug)]
enum Step {
    Place(Choice),
    FillRow,
    FillCol,
    Undo,
    Redo,
    Restart,
}

/// Applies a step to the play screen, then notes a win.
fn play_step(model: &mut Model, step: Step) {
    let now = model.now;
    let Some(screen) = model.play_mut() else {
        return;
    };
    let (session, message) = with_session!(&screen.session, p => {
        let (play, message) = game_step(p, screen.cursor, step);
        (wrap(play), message)
    });
    advance(screen, session, now, false);
    model.message = message;
}

/// `n`: asks a worker for the next deduction (shown by the first press, applied by a second
/// press on the same position). The hint runs away from `update` so the player never waits
/// for it: keys pressed meanwhile are handled at once, and an answer for a position that has
/// changed since is dropped.
fn hint(model: &mut Model, effects: &mut Vec<Effect>) {
    let Some(screen) = model.play() else {
        return;
    };
    effects.push(Effect::Hint {
        session: screen.session.clone(),
        shown: screen.hint.clone(),
    });
    model.message = Some(Message::info("thinking…"));
}

/// A hint worker answered: play or show its hint if the position is still the one asked about.
pub fn hinted(model: &mut Model, answer: HintAnswer) {
    let now = model.now;
    let Some(screen) = model.play_mut() else {
        return;
    };
    if screen.session != answer.asked {
        return;
    }
    if let Some(session) = answer.next {
        advance(screen, session, now, false);
    }
    screen.hint = answer.shown;
    model.message = Some(answer.message);
}

/// Puts `session` in play: the hint shown goes stale, and a first win is recorded.
fn advance(screen: &mut PlayScreen, session: Session, now: std::time::Duration, revealed: bool) {
    let was_won = screen.session.is_won();
    screen.session = session;
    screen.hint = None;
    if screen.session.is_won() && !was_won {
        note_finish(screen, now, revealed);
    }
}

/// Records the first win of this position: the time, and for a solve the record.
fn note_finish(screen: &mut PlayScreen, now: std::time::Duration, revealed: bool) {
    if screen.finish.is_some() {
        return;
    }
    if revealed {
        screen.finish = Some(Finish::Revealed);
    } else {
        let time = screen.elapsed(now);
        screen.finish = Some(Finish::Solved(time));
        screen.record = screen.record.with_solve(time);
    }
}

fn wrap<G: Playable>(play: Play<G>) -> Session {
    G::session(play)
}

/// One step on a concrete game: the game after it and what to tell the player.
fn game_step<G: Look>(play: &Play<G>, cursor: Pos, step: Step) -> (Play<G>, Option<Message>) {
    let state = play.state();
    match step {
        Step::Place(choice) => {
            let current = state.piece(cursor);
            let piece = match choice {
                Choice::Primary => G::PRIMARY,
                Choice::Secondary => G::SECONDARY,
                Choice::Empty => G::EMPTY,
                Choice::Cycle if current == G::EMPTY => G::PRIMARY,
                Choice::Cycle if current == G::PRIMARY => G::SECONDARY,
                Choice::Cycle => G::EMPTY,
                Choice::ClickPrimary if current == G::EMPTY => G::PRIMARY,
                Choice::ClickPrimary => G::EMPTY,
                Choice::ClickSecondary if current == G::SECONDARY => G::EMPTY,
                Choice::ClickSecondary => G::SECONDARY,
                Choice::Key(key) => match G::piece_for_key(key) {
                    Some(piece) => piece,
                    None => {
                        let text =
                            format!("`{key}` is not a key in {}: ? lists them", G::KIND.title());
                        return (play.clone(), Some(Message::warning(text)));
                    }
                },
            };
            place(play, cursor, piece)
        }
        Step::FillRow => fill(play, Line::Row(cursor.row)),
        Step::FillCol => fill(play, Line::Col(cursor.col)),
        Step::Undo if play.history().can_undo() => (play.undo(), None),
        Step::Undo => (play.clone(), Some(Message::info("nothing to undo"))),
        Step::Redo if play.history().can_redo() => (play.redo(), None),
        Step::Redo => (play.clone(), Some(Message::info("nothing to redo"))),
        Step::Restart => (play.restart(), Some(Message::info("restarted"))),
    }
}

/// Plays one move, explaining refused and losing moves.
fn place<G: Look>(play: &Play<G>, pos: Pos, piece: G::Piece) -> (Play<G>, Option<Message>) {
    let (next, kind) = play.play(pos, piece);
    let name = G::piece_name(piece);
    let message = match kind {
        MoveKind::Illegal => Some(Message::warning(format!(
            "illegal move: {name} on {pos} (that square never changes)"
        ))),
        MoveKind::Losing => Some(Message::warning(format!(
            "losing move: {name} on {pos} cannot be part of a solution"
        ))),
        MoveKind::Regular => None,
    };
    (next, message)
}

/// Fills a row or column with the secondary piece as one history entry.
fn fill<G: Look>(play: &Play<G>, line: Line) -> (Play<G>, Option<Message>) {
    let (name, index, action) = match line {
        Line::Row(r) => ("row", r, Action::FillRow(r)),
        Line::Col(c) => ("column", c, Action::FillCol(c)),
    };
    match play.state().fill_moves(line) {
        None => (
            play.clone(),
            Some(Message::warning(format!(
                "f and F fill lines in Tents only, not in {}",
                G::KIND.title()
            ))),
        ),
        Some(moves) if moves.is_empty() => (
            play.clone(),
            Some(Message::info(format!("{name} {index} has no empty square"))),
        ),
        Some(moves) => (play.play_compound(action, &moves), None),
    }
}
