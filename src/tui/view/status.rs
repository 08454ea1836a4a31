//! The three lines under the board: status, message, key bar.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::key_bar;
use super::paint::{cell_style, put_text};
use crate::clock::clock;
use crate::look::Look;
use crate::play::Play;
use crate::proof::ProofRules;
use crate::theme::{Role, Theme};
use crate::tui::keys::{self, BarEntry, Bound, Context};
use crate::tui::layout::Viewport;
use crate::tui::model::{Model, PlayScreen, Session, with_session};

/// One field of the status line, dropped in order of `keep` (lowest first) when the line is too
/// narrow; `right` fields sit at the right end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusField {
    /// What it shows.
    pub text: String,
    /// Lower drops first; `u8::MAX` never drops.
    pub keep: u8,
    /// Drawn at the right end of the line.
    pub right: bool,
}

fn field(text: String, keep: u8, right: bool) -> StatusField {
    StatusField { text, keep, right }
}

/// The status line's fields: game and size, options, counters, moves, cursor on the left; the
/// puzzle's name, the theme and the clock on the right.
pub fn status_fields(
    model: &Model,
    screen: &PlayScreen,
    shown: Option<&Viewport>,
) -> Vec<StatusField> {
    let (game, options, counters) = with_session!(&screen.session, p => game_status(p));
    let elapsed = screen.elapsed(model.now);
    let mut fields = vec![
        field(game, u8::MAX, false),
        field(error_count(screen, shown), 9, false),
        field(options, 4, false),
        field(counters, 7, false),
        field(format!("moves {}", screen.session.moves()), 3, false),
        field(format!("at {}", screen.cursor), 6, false),
    ];
    // In proof mode the board is the proof's: what the proof stands at says more than moves.
    if let Some(mode) = &screen.proof {
        let summary = mode.summary();
        let text = if summary.complete {
            "proof complete".to_string()
        } else {
            let plural = if summary.steps == 1 { "" } else { "s" };
            format!(
                "proof: {} step{plural}, {} open",
                summary.steps, summary.open
            )
        };
        fields[4] = field(text, 199, false);
    }
    // Which puzzle is open is the last thing a narrow line gives up; the game is named on
    // the left, so a pack name goes without its game's folder (`default-2020`).
    if !screen.puzzle.title.is_empty() {
        let title = &screen.puzzle.title;
        let game = format!("{}/", screen.session.kind().id());
        let name = title.strip_prefix(&game).unwrap_or(title);
        fields.push(field(name.to_string(), 200, true));
    }
    fields.push(field(model.theme().name.clone(), 1, true));
    fields.push(field(clock(elapsed), 5, true));
    fields.retain(|f| !f.text.is_empty());
    fields
}

/// `3 errors, 2 off screen` (empty without errors): squares, rows and columns in error, and
/// how many of them lie outside `shown`.
fn error_count(screen: &PlayScreen, shown: Option<&Viewport>) -> String {
    let errors = screen.errors();
    let count = errors.count();
    if count == 0 {
        return String::new();
    }
    let noun = if count == 1 { "error" } else { "errors" };
    let off = shown.map_or(0, |view| errors.off_screen(view));
    if off == 0 {
        format!("{count} {noun} (x)")
    } else {
        format!("{count} {noun}, {off} off screen (x)")
    }
}

/// The status line's text for `width` columns: (left part, right part), fields dropped least
/// important first until both fit with a space between.
pub fn status_text(
    model: &Model,
    screen: &PlayScreen,
    shown: Option<&Viewport>,
    width: usize,
) -> (String, String) {
    let mut fields = status_fields(model, screen, shown);
    loop {
        let join = |right: bool| {
            let parts: Vec<&str> = fields
                .iter()
                .filter(|f| f.right == right)
                .map(|f| f.text.as_str())
                .collect();
            parts.join("  ")
        };
        let (left, right) = (format!(" {}", join(false)), join(true));
        let right = if right.is_empty() {
            right
        } else {
            format!("{right} ")
        };
        let need = left.chars().count() + 1 + right.chars().count();
        let droppable = fields
            .iter()
            .enumerate()
            .filter(|(_, f)| f.keep != u8::MAX)
            .min_by_key(|(_, f)| f.keep)
            .map(|(i, _)| i);
        match droppable {
            Some(i) if need > width => {
                fields.remove(i);
            }
            _ => return (left, right),
        }
    }
}

fn game_status<G: Look>(play: &Play<G>) -> (String, String, String) {
    let state = play.state();
    let t = state.topology();
    let counters: Vec<String> = state
        .counters()
        .iter()
        .map(|c| format!("{} {}", c.label, c.value))
        .collect();
    (
        format!("{} {}x{}", G::KIND.title(), t.rows, t.cols),
        state.options_summary(),
        counters.join("  "),
    )
}

/// Draws the status line.
pub fn draw_status(
    buf: &mut Buffer,
    area: Rect,
    model: &Model,
    screen: &PlayScreen,
    shown: &Viewport,
) {
    let theme = model.theme();
    let style = cell_style(theme, &[Role::Status]);
    buf.set_style(area, style);
    let width = usize::from(area.width);
    let (left, right) = status_text(model, screen, Some(shown), width);
    let (lw, rw) = (left.chars().count(), right.chars().count());
    put_text(buf, area.x, area.y, &left, width, style);
    if lw + 1 + rw <= width {
        put_text(buf, area.x + (width - rw) as u16, area.y, &right, rw, style);
    }
}

/// What the play screen's key bar depends on besides the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KeyBarContext {
    /// The side panel is folded away (`p` shows it).
    pub panel_folded: bool,
    /// The game is paused (`P` resumes).
    pub paused: bool,
    /// The position is solved or revealed.
    pub finished: bool,
    /// The position has errors.
    pub errors: bool,
    /// Proof mode is on.
    pub proving: bool,
}

/// The key bar's entries for a session with the play keys `table`.
pub fn key_bar_entries(session: &Session, context: KeyBarContext, table: &Bound) -> Vec<BarEntry> {
    with_session!(session, p => game_keys(p, context, table))
}

fn game_keys<G: Look + ProofRules>(
    play: &Play<G>,
    context: KeyBarContext,
    table: &Bound,
) -> Vec<BarEntry> {
    let keys = Context {
        finished: context.finished,
        paused: context.paused,
        errors: context.errors,
        proving: context.proving,
        ..Context::of_game(play.state(), context.panel_folded)
    };
    keys::bar_entries(table, &keys)
}

/// Draws the key bar.
pub fn draw_key_bar(
    buf: &mut Buffer,
    area: Rect,
    session: &Session,
    context: KeyBarContext,
    table: &Bound,
    theme: &Theme,
) {
    key_bar::draw(buf, area, &key_bar_entries(session, context, table), theme);
}
