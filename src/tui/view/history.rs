//! The undo-history panel: moves newest first, the current position marked, undone moves dimmed.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::paint::{cell_style, panel, put_text};
use crate::game::Game;
use crate::look::describe_entry;
use crate::play::Play;
use crate::theme::{Role, Theme};
use crate::tui::layout::text::{fit_with_ellipsis, wrap};
use crate::tui::model::{Session, with_session};

/// One line of the history panel.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HistoryLine {
    /// The move's number (0 is the starting position).
    pub number: usize,
    /// What the move did, e.g. `tent (3,4)`.
    pub text: String,
    /// Whether this is the current position.
    pub current: bool,
    /// Whether the move was undone (redo would replay it).
    pub undone: bool,
}

/// The panel's lines, newest first: undone moves, then done moves, then the start.
pub fn history_lines(session: &Session) -> Vec<HistoryLine> {
    with_session!(session, p => (0..line_count(p)).map(|k| line_at(p, k)).collect())
}

/// The lines a panel `height` lines tall shows: a window that keeps the current line in view.
pub fn visible_lines(session: &Session, height: usize) -> Vec<HistoryLine> {
    with_session!(session, p => {
        let total = line_count(p);
        let current = p.history().undone().len();
        let offset = scroll_offset(total, current, height);
        (offset..total.min(offset + height)).map(|k| line_at(p, k)).collect()
    })
}

/// Every entry plus the start line.
fn line_count<G: Game>(play: &Play<G>) -> usize {
    play.history().done().len() + play.history().undone().len() + 1
}

/// Line `k` of the newest-first list. The redo stack keeps the next move to redo last, so its
/// first entry is the newest; the current line comes right after the undone ones.
fn line_at<G: Game>(play: &Play<G>, k: usize) -> HistoryLine {
    let done = play.history().done();
    let undone = play.history().undone();
    let total = done.len() + undone.len();
    if let Some(entry) = undone.get(k) {
        return HistoryLine {
            number: total - k,
            text: describe_entry::<G>(entry),
            current: false,
            undone: true,
        };
    }
    let j = k - undone.len();
    if j < done.len() {
        let i = done.len() - 1 - j;
        HistoryLine {
            number: i + 1,
            text: describe_entry::<G>(&done[i]),
            current: j == 0,
            undone: false,
        }
    } else {
        HistoryLine {
            number: 0,
            text: "start".to_string(),
            current: done.is_empty(),
            undone: false,
        }
    }
}

/// The first of `total` lines to show in a window of `height` lines so that line `current`
/// stays in view (near the middle once the list scrolls).
pub fn scroll_offset(total: usize, current: usize, height: usize) -> usize {
    if total <= height || height == 0 {
        return 0;
    }
    current.saturating_sub(height / 2).min(total - height)
}

/// Draws the panel in `area`: one row a move, but the current move whole, wrapped under its
/// number, so the move the board shows is never cut.
pub fn draw(buf: &mut Buffer, area: Rect, session: &Session, theme: &Theme) {
    let block = panel(theme, "History");
    let inner = block.inner(area);
    block.render(area, buf);
    let width = usize::from(inner.width);
    let height = usize::from(inner.height);
    let digits = session.moves_recorded().to_string().len();
    let indent = digits + 2;
    // The current line's rows come out of the window's height first.
    let current_rows = with_session!(session, p => {
        let current = line_at(p, p.history().undone().len());
        wrap(&current.text, width.saturating_sub(indent)).len().max(1)
    });
    let window = visible_lines(session, height.saturating_sub(current_rows - 1).max(1));
    let mut y = inner.y;
    for line in &window {
        let role = if line.current {
            Role::HistoryCurrent
        } else if line.undone {
            Role::HistoryUndone
        } else {
            Role::Text
        };
        let style = cell_style(theme, &[role]);
        let marker = if line.current { '>' } else { ' ' };
        let rows = if line.current {
            wrap(&line.text, width.saturating_sub(indent))
        } else {
            vec![line.text.clone()]
        };
        for (i, row) in rows.iter().enumerate() {
            if y >= inner.bottom() {
                return;
            }
            let text = if i == 0 {
                format!("{marker}{:>digits$} {row}", line.number)
            } else {
                format!("{:indent$}{row}", "")
            };
            let text = fit_with_ellipsis(&text, width);
            put_text(buf, inner.x, y, &text, width, style);
            y += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tents::{Square, Tents};
    use crate::grid::Pos;

    fn session_with(moves: usize, undone: usize) -> Session {
        let mut play = Play::new(Tents::default_2020());
        for c in 0..moves {
            play = play.play(Pos::new(6, c), Square::Grass).0;
        }
        for _ in 0..undone {
            play = play.undo();
        }
        Session::Tents(play)
    }

    #[test]
    fn the_window_keeps_the_current_line_in_view() {
        assert_eq!(scroll_offset(5, 0, 10), 0);
        assert_eq!(scroll_offset(30, 0, 10), 0);
        assert_eq!(scroll_offset(30, 12, 10), 7);
        assert_eq!(scroll_offset(30, 29, 10), 20);
        let session = session_with(8, 6);
        let all = history_lines(&session);
        assert_eq!(all.len(), 9);
        let window = visible_lines(&session, 4);
        assert_eq!(window.len(), 4);
        assert!(window.iter().any(|l| l.current));
        assert_eq!(window[..], all[4..8]);
        assert_eq!(visible_lines(&session, 20), all);
    }

    #[test]
    fn the_current_move_shows_whole_wrapped_under_its_number() {
        use crate::history::Action;
        let play = Play::new(Tents::default_2020()).play_compound(
            Action::Hint("Grass on squares next to no unmatched tree at all".into()),
            &[
                (Pos::new(6, 0), Square::Grass),
                (Pos::new(6, 1), Square::Grass),
            ],
        );
        let session = Session::Tents(play);
        let theme = crate::theme::Themes::builtin().default_theme().clone();
        let area = Rect::new(0, 0, 24, 8);
        let mut buf = Buffer::empty(area);
        draw(&mut buf, area, &session, &theme);
        let rows: Vec<String> = (1..7)
            .map(|y| (1..23).map(|x| buf[(x, y)].symbol().to_string()).collect())
            .collect();
        let text: String = rows.iter().map(|r| r.trim()).collect::<Vec<_>>().join(" ");
        let whole = history_lines(&session)[0].text.clone();
        assert!(text.contains(&whole), "{rows:#?} should hold {whole:?}");
        assert!(rows[0].starts_with(">1 "), "{rows:#?}");
        assert!(rows.iter().any(|r| r.trim() == "0 start"), "{rows:#?}");
    }
}
