//! `update` on the play screen: cursor, pieces, history, prompts, mouse. Pure.

use super::advance::{advance, wrap};
use super::settings;
use crate::game::{MoveKind, Target};
use crate::games::AnyGame;
use crate::grid::{Line, Pos, Topology};
use crate::history::Action;
use crate::look::Look;
use crate::play::Play;
use crate::tui::effect::Effect;
use crate::tui::layout::{PanelChoice, WHEEL_STEP, margin, play_layout};
use crate::tui::model::{
    ClockBefore, Confirm, Message, Model, PlayScreen, Playable, Session, with_session,
};
use crate::tui::msg::{Button, Direction, HintAnswer, Msg};
use crate::tui::solution::{self, KeptSolution, KnownSolution};
use std::sync::Arc;

/// A message on the play screen with no overlay open.
pub fn act(model: &mut Model, msg: Msg, effects: &mut Vec<Effect>) {
    let paused = model.play().is_some_and(|p| p.paused);
    if !paused && super::proof::act(model, &msg, effects) {
        return;
    }
    match msg {
        Msg::ToggleHelp => super::help::open(model),
        Msg::NextTheme => settings::next_theme(model, effects),
        Msg::ToggleAscii => settings::toggle_ascii(model, effects),
        Msg::Back if model.would_lose_moves() => {
            model.overlay = crate::tui::model::Overlay::Confirm(Confirm::LeaveRandom);
        }
        Msg::Back => super::open::back_to_browser(model, effects),
        Msg::TogglePanel => toggle_panel(model),
        Msg::Pause if !paused && model.play().is_some_and(|p| p.session.is_won()) => {
            model.message = Some(Message::info("solved: the clock has stopped"));
        }
        Msg::Pause => {
            if let Some(screen) = model.play_mut() {
                screen.paused = !screen.paused;
                screen.drag = None;
            }
            if paused {
                model.message = Some(Message::info("resumed"));
            }
        }
        Msg::Release => {
            if let Some(screen) = model.play_mut() {
                screen.drag = None;
            }
        }
        // The board is hidden while paused: nothing on it can be played or looked for.
        _ if paused => {
            let text = format!("paused: {} resumes", model.key_name(&Msg::Pause));
            model.message = Some(Message::info(text));
        }
        // Once solved, Enter and `n` (which have nothing left to place or hint) go on.
        Msg::Primary | Msg::Hint if model.play().is_some_and(|p| p.session.is_won()) => {
            next_puzzle(model, effects);
        }
        Msg::Hint => hint(model, effects),
        Msg::Restart => model.overlay = crate::tui::model::Overlay::Confirm(Confirm::Restart),
        Msg::Reveal if model.play().is_some_and(|p| p.session.is_won()) => {
            model.message = Some(Message::info("already solved: nothing to reveal"));
        }
        Msg::Reveal => model.overlay = crate::tui::model::Overlay::Confirm(Confirm::Reveal),
        Msg::Move(direction) => {
            if let Some(screen) = model.play_mut() {
                screen.cursor = step_cursor(screen.session.topology(), screen.cursor, direction);
                screen.view_held = false;
            }
        }
        Msg::PageUp | Msg::PageDown | Msg::Home | Msg::End | Msg::First | Msg::Last => {
            jump(model, &msg);
        }
        Msg::LastMove => last_move(model),
        Msg::NextError => next_error(model),
        Msg::NextPuzzle => next_puzzle(model, effects),
        Msg::Click {
            column,
            row,
            button,
        } => click(model, column, row, button),
        Msg::Drag { column, row } => super::drag::drag_to(model, column, row),
        Msg::Wheel(direction) => wheel(model, direction),
        Msg::Primary => play_step(model, Step::Place(Choice::ClickPrimary)),
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

/// A mouse press on the board: the cursor goes there, the square takes the click's piece, and
/// a drag starts from it. The view stays put: the square clicked is in sight, and scrolling
/// would slide another square under the pointer for the next click.
fn click(model: &mut Model, column: u16, row: u16, button: Button) {
    let square = play_layout(model).and_then(|layout| layout.square_at(column, row));
    let (Some(screen), Some(pos)) = (model.play(), square) else {
        return;
    };
    let before = screen.session.clone();
    if let Some(screen) = model.play_mut() {
        screen.cursor = pos;
        screen.view_held = true;
    }
    let choice = match button {
        Button::Left => Choice::ClickPrimary,
        Button::Right => Choice::ClickSecondary,
    };
    play_step(model, Step::Place(choice));
    super::drag::start(model, &before, pos);
}

/// The jump keys: a screen up or down, the row's ends, the board's first and last squares.
/// On wrapping boards a screen up or down wraps round as the arrows do.
fn jump(model: &mut Model, msg: &Msg) {
    let page = play_layout(model).map_or(1, |l| l.view.rows.max(1));
    let Some(screen) = model.play_mut() else {
        return;
    };
    let t = screen.session.topology();
    let (rows, cols) = (t.rows.max(1), t.cols.max(1));
    let cursor = screen.cursor;
    let row_by = |up: bool| {
        if t.wrapping {
            let step = page % rows;
            if up {
                (cursor.row + rows - step) % rows
            } else {
                (cursor.row + step) % rows
            }
        } else if up {
            cursor.row.saturating_sub(page)
        } else {
            (cursor.row + page).min(rows - 1)
        }
    };
    screen.view_held = false;
    screen.cursor = match msg {
        Msg::PageUp => Pos::new(row_by(true), cursor.col),
        Msg::PageDown => Pos::new(row_by(false), cursor.col),
        Msg::Home => Pos::new(cursor.row, 0),
        Msg::End => Pos::new(cursor.row, cols - 1),
        Msg::First => Pos::new(0, 0),
        Msg::Last => Pos::new(rows - 1, cols - 1),
        _ => cursor,
    };
}

/// `.`: the cursor to the square of the newest move still done.
fn last_move(model: &mut Model) {
    let Some(screen) = model.play_mut() else {
        return;
    };
    let square = with_session!(&screen.session, p => p
        .history()
        .done()
        .last()
        .and_then(|e| e.changes.last())
        .map(|c| c.pos));
    match square {
        Some(pos) => {
            screen.cursor = pos;
            screen.view_held = false;
        }
        None => model.message = Some(Message::info("no move yet")),
    }
}

/// Esc on the play screen: dismisses what is shown over a quiet board (a message, a hint
/// shown or being worked out, squares marked by a hint) and says whether it did; only from a
/// quiet board does Esc leave the puzzle. Lasting notices (progress not saved, open
/// elsewhere) do not hold Esc back.
pub fn dismiss(before: &Model, next: &mut Model) -> bool {
    let Some(screen) = next.play_mut() else {
        return false;
    };
    let shown = before.message.is_some()
        || screen.hint.is_some()
        || screen.thinking
        || !screen.marks.is_empty();
    if shown {
        screen.hint = None;
        screen.thinking = false;
        screen.marks.clear();
        next.message = None;
    }
    shown
}

/// `x`: the cursor to the next error after it in reading order (round again after the last),
/// brought into view.
fn next_error(model: &mut Model) {
    let Some(screen) = model.play_mut() else {
        return;
    };
    let errors = screen.errors();
    let Some(place) = errors.next_after(screen.cursor) else {
        model.message = Some(Message::info("no errors"));
        return;
    };
    let (n, count) = (
        errors.index_of(place).unwrap_or(0) + 1,
        errors.places().len(),
    );
    screen.cursor = place;
    model.message = Some(Message::info(format!("error {n} of {count}, at {place}")));
    show_squares(model, &[place], &[]);
}

/// `N` (and Enter or `n` once solved): the next unsolved pack puzzle of the same game, after
/// this one in pack order; this one is saved and marked as when leaving it.
fn next_puzzle(model: &mut Model, effects: &mut Vec<Effect>) {
    let Some(screen) = model.play() else {
        return;
    };
    let kind = screen.session.kind();
    let current = (screen.puzzle.key.as_ref())
        .or(screen.waiting_for.as_ref().map(|w| &w.key))
        .cloned();
    let Some(item) = model
        .browser
        .next_unsolved(kind, current.as_deref())
        .cloned()
    else {
        let text = format!(
            "no next puzzle: every {} puzzle of the pack is solved",
            kind.title()
        );
        model.message = Some(Message::warning(text));
        return;
    };
    if model.would_lose_moves() {
        model.overlay = crate::tui::model::Overlay::Confirm(Confirm::LeaveRandom);
        return;
    }
    let Ok(game) = item.game else {
        return;
    };
    super::open::back_to_browser(model, effects);
    let request = crate::tui::model::OpenRequest {
        game,
        puzzle: crate::tui::model::PuzzleRef::saved(&item.name, &item.name),
    };
    super::open::open(model, request, effects);
}

/// Brings `squares` on screen when one of them is not: the cursor goes to the first, and the
/// view is centred on them (with `context`, such as a hint's premises, when all fit).
pub fn show_squares(model: &mut Model, squares: &[Pos], context: &[Pos]) {
    let Some(layout) = play_layout(model) else {
        return;
    };
    let Some(screen) = model.play_mut() else {
        return;
    };
    let Some(&first) = squares.first() else {
        return;
    };
    if squares.iter().all(|&p| layout.view.contains(p)) {
        return;
    }
    let view = layout.view;
    let (rows, cols) = layout.board;
    let span = |list: &mut dyn Iterator<Item = Pos>| {
        list.fold(None, |acc: Option<(Pos, Pos)>, p| match acc {
            None => Some((p, p)),
            Some((lo, hi)) => Some((
                Pos::new(lo.row.min(p.row), lo.col.min(p.col)),
                Pos::new(hi.row.max(p.row), hi.col.max(p.col)),
            )),
        })
    };
    let fits = |(lo, hi): (Pos, Pos)| hi.row - lo.row < view.rows && hi.col - lo.col < view.cols;
    let (lo, hi) = span(&mut squares.iter().chain(context).copied())
        .filter(|&b| fits(b))
        .or_else(|| span(&mut squares.iter().copied()).filter(|&b| fits(b)))
        .unwrap_or((first, first));
    let centre = |lo: usize, hi: usize, shown: usize, total: usize| {
        ((lo + hi) / 2)
            .saturating_sub(shown / 2)
            .min(total.saturating_sub(shown))
    };
    screen.cursor = first;
    screen.view_held = false;
    screen.scroll = Pos::new(
        centre(lo.row, hi.row, view.rows, rows),
        centre(lo.col, hi.col, view.cols, cols),
    );
}

/// Keeps the board's view on the cursor: the scroll position the layout settles on is kept,
/// so the next frame moves the view as little as possible.
pub fn follow_cursor(model: &mut Model) {
    if let Some(layout) = play_layout(model)
        && let Some(screen) = model.play_mut()
    {
        screen.scroll = layout.view.origin();
    }
}

/// Runs the play screen's clock only while the player can play: not while paused, under the
/// help or a prompt, or once the position is solved or revealed.
pub fn settle_clock(model: &mut Model) {
    let (now, overlay_open) = (model.now, model.overlay != crate::tui::model::Overlay::None);
    if let Some(screen) = model.play_mut() {
        let running = !overlay_open && !screen.paused && !screen.session.is_won();
        screen.set_running(running, now);
    }
}

/// A wheel notch: the view scrolls `WHEEL_STEP` squares and the cursor moves with it, so it
/// stays on screen; at the board's edge the cursor alone moves.
fn wheel(model: &mut Model, direction: Direction) {
    let Some(layout) = play_layout(model) else {
        return;
    };
    let Some(screen) = model.play_mut() else {
        return;
    };
    let (rows, cols) = layout.board;
    let view = layout.view;
    let shift = |first: usize, shown: usize, total: usize, cursor: usize, forward: bool| {
        let last_first = total.saturating_sub(shown);
        let moved = if forward {
            (first + WHEEL_STEP).min(last_first)
        } else {
            first.saturating_sub(WHEEL_STEP)
        };
        let cursor = if moved == first {
            // The view is at the board's edge: the cursor alone moves.
            if forward {
                (cursor + WHEEL_STEP).min(total - 1)
            } else {
                cursor.saturating_sub(WHEEL_STEP)
            }
        } else {
            // The cursor moves with the view and stays clear of its edges.
            let m = margin(shown);
            let moved_cursor = if forward {
                cursor + (moved - first)
            } else {
                cursor - (first - moved).min(cursor)
            };
            moved_cursor.clamp(
                moved + m,
                (moved + shown).saturating_sub(1 + m).max(moved + m),
            )
        };
        (moved, cursor.min(total - 1))
    };
    let (scroll, cursor) = (&mut screen.scroll, &mut screen.cursor);
    match direction {
        Direction::Up | Direction::Down => {
            let forward = direction == Direction::Down;
            (scroll.row, cursor.row) = shift(view.first_row, view.rows, rows, cursor.row, forward);
        }
        Direction::Left | Direction::Right => {
            let forward = direction == Direction::Right;
            (scroll.col, cursor.col) = shift(view.first_col, view.cols, cols, cursor.col, forward);
        }
    }
}

/// `p`: hides the side panel when it is drawn, shows it (the board giving up room) when not.
fn toggle_panel(model: &mut Model) {
    let shown = play_layout(model).is_some_and(|layout| layout.panel.is_some());
    model.panel = if shown {
        PanelChoice::Hidden
    } else {
        PanelChoice::Shown
    };
}

/// The player said yes to a prompt; returns the effects it needs.
pub fn confirmed(model: &mut Model, question: Confirm) -> Vec<Effect> {
    match question {
        Confirm::LeaveRandom => {
            let mut effects = Vec::new();
            super::open::back_to_browser(model, &mut effects);
            effects
        }
        Confirm::QuitRandom => {
            model.quitting = true;
            vec![Effect::Quit]
        }
        Confirm::DeleteMade => super::browser::delete_selected(model),
        Confirm::Restart if super::proof::restart(model) => Vec::new(),
        Confirm::Restart => {
            play_step(model, Step::Restart);
            if let Some(screen) = model.play_mut() {
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
            // The solution kept since the puzzle opened is revealed at once.
            if let Some(known) = screen.solution.known().cloned() {
                screen.solving = true;
                let puzzle = screen.session.puzzle();
                solved(model, &puzzle, solution::solution(&known).as_ref());
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

/// The background solve of a puzzle answered: keep what it found, if that puzzle is still open.
pub fn solution_kept(model: &mut Model, puzzle: &AnyGame, known: Option<Arc<KnownSolution>>) {
    let Some(screen) = model.play_mut() else {
        return;
    };
    if screen.solution != KeptSolution::Solving || screen.game().puzzle() != *puzzle {
        return;
    }
    screen.solution = known.map_or(KeptSolution::Unknown, KeptSolution::Known);
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
pub(super) enum Choice {
    Secondary,
    Empty,
    Cycle,
    Key(char),
    ClickPrimary,
    ClickSecondary,
}

/// A change to the game in play.
#[derive(Clone, Copy, Debug)]
pub(super) enum Step {
    Place(Choice),
    FillRow,
    FillCol,
    Undo,
    Redo,
    Restart,
}

/// Applies a step to the play screen, then notes a win. A solved (or revealed) position takes
/// no more pieces: undo, redo and restart still work. An undone or redone move off screen is
/// brought into view.
pub(super) fn play_step(model: &mut Model, step: Step) {
    let now = model.now;
    let Some(screen) = model.play_mut() else {
        return;
    };
    if screen.session.is_won() && matches!(step, Step::Place(_) | Step::FillRow | Step::FillCol) {
        model.message = Some(Message::info("solved: z undoes the last move, r restarts"));
        return;
    }
    let (session, message, moved, crossed) = with_session!(&screen.session, p => {
        let (play, message) = game_step(p, screen.cursor, step);
        let moved = moved_squares(p, step);
        let crossed = restart_crossed(p, &play, step);
        (wrap(play), message, moved, crossed)
    });
    match crossed {
        Some(Crossing::Forward) => restart_clock(screen, now),
        Some(Crossing::Back) => restore_clock(screen, &session, now),
        None => {}
    }
    advance(screen, session, now, false);
    model.message = message;
    show_squares(model, &moved, &[]);
}

/// A restart entry made, redone or undone by a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Crossing {
    /// Restarted (or the restart redone): a fresh attempt.
    Forward,
    /// The restart undone: the position from before it.
    Back,
}

/// Whether `step`, taking `before` to `after`, made, redid or undid a restart.
fn restart_crossed<G: Look>(before: &Play<G>, after: &Play<G>, step: Step) -> Option<Crossing> {
    let last_done = |p: &Play<G>| p.history().done().last().map(|e| e.action.clone());
    let restart = Some(crate::history::Action::Restart);
    match step {
        Step::Restart | Step::Redo if before != after && last_done(after) == restart => {
            Some(Crossing::Forward)
        }
        Step::Undo if before != after && last_done(before) == restart => Some(Crossing::Back),
        _ => None,
    }
}

/// A restart starts the clock from zero for a fresh attempt; what it replaced is kept for undo.
fn restart_clock(screen: &mut PlayScreen, now: std::time::Duration) {
    screen.restarts.push(ClockBefore {
        elapsed: screen.elapsed(now),
        finish: screen.finish,
    });
    screen.carried = std::time::Duration::ZERO;
    screen.started = now;
    screen.finish = None;
}

/// Undoing a restart brings back the clock and the finish it replaced: a won position it
/// restores is not a new solve. Without them (a restart made in an earlier sitting), a won
/// position is finished as when it is reopened.
fn restore_clock(screen: &mut PlayScreen, restored: &Session, now: std::time::Duration) {
    let before = screen.restarts.pop();
    screen.carried = before.map_or(screen.elapsed(now), |b| b.elapsed);
    screen.started = now;
    screen.finish = match before {
        Some(b) => b.finish,
        None => super::open::finish_of(restored, &screen.record, screen.carried),
    };
}

/// The squares an undo or redo changes (none for other steps).
fn moved_squares<G: Look>(play: &Play<G>, step: Step) -> Vec<Pos> {
    let entry = match step {
        Step::Undo => play.history().done().last(),
        Step::Redo => play.history().undone().last(),
        _ => None,
    };
    entry
        .map(|e| e.changes.iter().map(|c| c.pos).collect())
        .unwrap_or_default()
}

/// `n`: asks a worker for the next deduction (shown by the first press, applied by a second
/// press on the same position). The hint runs away from `update` so the player never waits
/// for it: keys pressed meanwhile are handled at once, and an answer for a position that has
/// changed since is dropped. It takes the kept solution along, to judge the position without
/// solving the puzzle again.
fn hint(model: &mut Model, effects: &mut Vec<Effect>) {
    let Some(screen) = model.play_mut() else {
        return;
    };
    effects.push(Effect::Hint {
        session: screen.session.clone(),
        shown: screen.hint.clone(),
        known: screen.solution.known().cloned(),
    });
    screen.thinking = true;
    model.message = Some(Message::info("thinking…"));
}

/// A hint worker answered: play or show its hint if the position is still the one asked about.
pub fn hinted(model: &mut Model, answer: HintAnswer) {
    let now = model.now;
    let Some(screen) = model.play_mut() else {
        return;
    };
    if screen.session != answer.asked || !screen.thinking {
        return;
    }
    screen.thinking = false;
    screen.solution = screen.solution.after_learning(answer.learned);
    if let Some(session) = answer.next {
        advance(screen, session, now, false);
    }
    screen.hint = answer.shown;
    screen.marks = answer.marks;
    let (hint, marks) = (screen.hint.clone(), screen.marks.clone());
    model.message = Some(answer.message);
    // The hint's squares (or the wrong ones) come on screen, with its premises where they fit.
    let (squares, premises) = match &hint {
        Some(hint) => (
            hint.sets.clone(),
            hint.premises
                .iter()
                .filter_map(|t| match t {
                    Target::Square(p) => Some(*p),
                    Target::Row(_) | Target::Col(_) => None,
                })
                .collect(),
        ),
        None => (marks, Vec::new()),
    };
    show_squares(model, &squares, &premises);
}

/// One step on a concrete game: the game after it and what to tell the player.
fn game_step<G: Look>(play: &Play<G>, cursor: Pos, step: Step) -> (Play<G>, Option<Message>) {
    let state = play.state();
    match step {
        Step::Place(choice) => {
            let current = state.piece(cursor);
            let piece = match choice {
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
            // A click on a square that never changes is refused in the clicked piece's name.
            let named = match choice {
                Choice::ClickPrimary => G::PRIMARY,
                Choice::ClickSecondary => G::SECONDARY,
                _ => piece,
            };
            if state.check_move(cursor, piece) == MoveKind::Illegal {
                return place(play, cursor, named);
            }
            place(play, cursor, piece)
        }
        Step::FillRow => fill(play, Line::Row(cursor.row)),
        Step::FillCol => fill(play, Line::Col(cursor.col)),
        Step::Undo if play.history().can_undo() => (play.undo(), None),
        Step::Undo => (play.clone(), Some(Message::info("nothing to undo"))),
        Step::Redo if play.history().can_redo() => (play.redo(), None),
        Step::Redo => (play.clone(), Some(Message::info("nothing to redo"))),
        Step::Restart if play.history().can_undo() || play.state() != &play.state().cleared() => (
            play.restart_in_history(),
            Some(Message::info("restarted: z brings the position back")),
        ),
        Step::Restart => (
            play.clone(),
            Some(Message::info("the board is empty already")),
        ),
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
                "f and F fill no lines in {}: its squares are placed one by one",
                G::KIND.title()
            ))),
        ),
        Some(fill) if fill.still_needed > 0 => {
            let (primary, secondary) = (G::piece_name(G::PRIMARY), G::piece_name(G::SECONDARY));
            let n = fill.still_needed;
            let plural = if n == 1 { "" } else { "s" };
            let what = match fill.moves.len() {
                0 => format!("no square of it is sure to be {secondary}"),
                k => format!("{secondary} on the {k} square(s) no {primary} can take"),
            };
            let text = format!("{name} {index} still needs {n} {primary}{plural}: {what}");
            (
                play.play_compound(action, &fill.moves),
                Some(Message::info(text)),
            )
        }
        Some(fill) if fill.moves.is_empty() => (
            play.clone(),
            Some(Message::info(format!("{name} {index} has no empty square"))),
        ),
        Some(fill) => (play.play_compound(action, &fill.moves), None),
    }
}
