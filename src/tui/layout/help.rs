//! What the help overlay says and where its rows go: the puzzle's own rules, written by its
//! game from its options, then every key of the screen. Each line is wrapped to the overlay's
//! width (none is ever cut) and the whole scrolls; [`HelpPage`] is the one layout both the view
//! (which the view draws) and `update` (which clamps the scroll offset) read.

use ratatui::layout::Rect;

use super::text::wrap;
use crate::game::{Game, GameKind};
use crate::look::Look;
use crate::play::Play;
use crate::proof::ProofRules;
use crate::tui::keys::{self, Bound, Context};
use crate::tui::model::{Model, Screen, Session, with_session};
use crate::tui::msg::Msg;

/// The widest the overlay gets: lines of prose read best at about this measure.
pub const HELP_WIDTH: u16 = 80;

/// One part of the help's content, before wrapping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A section's heading.
    Heading(String),
    /// A paragraph, drawn after a bullet and wrapped under its own first word.
    Paragraph(String),
    /// Keys and what they do: the words wrap under themselves, right of the keys' column.
    Keys(String, String),
    /// An empty line.
    Blank,
}

/// What a help overlay says: its title and its blocks, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpText {
    /// The title on the overlay's frame.
    pub title: String,
    /// The content.
    pub blocks: Vec<Block>,
    /// The keys that close it, as its frame names them (`? Esc q`).
    pub closes: String,
}

/// One row of the help as drawn at some width: a lead in the keys' style (the keys, a bullet
/// or an indent), then text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpRow {
    /// Drawn first, in the keys' style.
    pub lead: String,
    /// Drawn after the lead.
    pub text: String,
    /// A heading's row, drawn in the title style.
    pub heading: bool,
}

impl HelpRow {
    fn new(lead: impl Into<String>, text: impl Into<String>) -> HelpRow {
        HelpRow {
            lead: lead.into(),
            text: text.into(),
            heading: false,
        }
    }
}

/// The narrowest the words beside the keys' column may get before the words go under the keys
/// instead.
const MIN_WORDS: usize = 24;

impl HelpText {
    /// The rows at `width` columns: every block wrapped, no row wider than `width` (a word longer
    /// than a line is split, never cut).
    pub fn rows(&self, width: usize) -> Vec<HelpRow> {
        let width = width.max(4);
        let key_width = self
            .blocks
            .iter()
            .filter_map(|b| match b {
                Block::Keys(k, _) => Some(k.chars().count()),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let mut rows = Vec::new();
        for block in &self.blocks {
            match block {
                Block::Heading(text) => {
                    rows.extend(wrap(text, width).into_iter().map(|t| HelpRow {
                        heading: true,
                        ..HelpRow::new("", t)
                    }))
                }
                Block::Paragraph(text) => hanging(&mut rows, "• ", "  ", text, width - 2),
                Block::Keys(k, words) if k.is_empty() && words.is_empty() => {
                    rows.push(HelpRow::new("", ""));
                }
                Block::Keys(k, words) if width >= key_width + 2 + MIN_WORDS => {
                    let lead = format!("{k:<key_width$}  ");
                    let indent = " ".repeat(key_width + 2);
                    hanging(&mut rows, &lead, &indent, words, width - key_width - 2);
                }
                // Too narrow for a keys' column: the keys on their own rows, the words under them.
                Block::Keys(k, words) => {
                    rows.extend(wrap(k, width).into_iter().map(|k| HelpRow::new(k, "")));
                    hanging(&mut rows, "  ", "  ", words, width - 2);
                }
                Block::Blank => rows.push(HelpRow::new("", "")),
            }
        }
        rows
    }
}

/// Pushes `text` wrapped to `width`, its first row after `first`, the others after `indent`
/// (both as wide as each other); one row even when `text` is empty.
fn hanging(rows: &mut Vec<HelpRow>, first: &str, indent: &str, text: &str, width: usize) {
    let lines = wrap(text, width);
    if lines.is_empty() {
        rows.push(HelpRow::new(first, ""));
    }
    for (i, line) in lines.into_iter().enumerate() {
        rows.push(HelpRow::new(if i == 0 { first } else { indent }, line));
    }
}

/// The help overlay laid out on a screen: where it goes and its rows at that width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpPage {
    /// The overlay with its frame.
    pub popup: Rect,
    /// Where the rows go, inside the frame with a blank column either side.
    pub text: Rect,
    /// Every row of the help, shown or not.
    pub rows: Vec<HelpRow>,
}

impl HelpPage {
    /// `help` centred in `area`: as wide as [`HELP_WIDTH`] or the screen, as tall as its rows
    /// or the screen.
    pub fn of(help: &HelpText, area: Rect) -> HelpPage {
        let width = area.width.min(HELP_WIDTH);
        let rows = help.rows(usize::from(width.saturating_sub(4)));
        let height = u16::try_from(rows.len() + 2).unwrap_or(u16::MAX);
        let popup = super::centred(area, width, height);
        let text = Rect::new(
            popup.x + 2,
            popup.y + 1,
            popup.width.saturating_sub(4),
            popup.height.saturating_sub(2),
        );
        HelpPage { popup, text, rows }
    }

    /// The rows shown at once.
    pub fn shown(&self) -> usize {
        usize::from(self.text.height)
    }

    /// The largest scroll offset: the last row at the bottom.
    pub fn last_scroll(&self) -> usize {
        self.rows.len().saturating_sub(self.shown())
    }
}

/// The help of the screen `model` shows, laid out at its size.
pub fn page(model: &Model) -> HelpPage {
    let (columns, rows) = model.size;
    HelpPage::of(&help_text(model), Rect::new(0, 0, columns, rows))
}

/// The help of the screen `model` shows.
pub fn help_text(model: &Model) -> HelpText {
    match &model.screen {
        Screen::Play(screen) => play_help(&screen.session, &model.keys.play),
        Screen::Browser => browser_help(&model.keys.browser),
    }
}

/// The play screen's help: the puzzle's rules, then its keys as bound in `keys` and the mouse.
pub fn play_help(session: &Session, keys: &Bound) -> HelpText {
    with_session!(session, p => game_help(p, keys))
}

fn game_help<G: Look + ProofRules>(play: &Play<G>, keys: &Bound) -> HelpText {
    let state = play.state();
    let summary = state.options_summary();
    let heading = if summary.is_empty() {
        "Rules of this puzzle".to_string()
    } else {
        format!("Rules of this puzzle ({summary})")
    };
    let mut blocks = vec![Block::Heading(heading)];
    blocks.extend(state.rules_text().into_iter().map(Block::Paragraph));
    blocks.push(Block::Blank);
    blocks.push(Block::Heading("Keys".to_string()));
    blocks.extend(key_blocks(keys::help_lines(
        keys,
        &Context::of_game(state, false),
    )));
    HelpText {
        title: format!("Help: {}", G::KIND.title()),
        blocks,
        closes: closing_keys(keys),
    }
}

/// The browser's help: its keys as bound in `keys`, then each game's goal in a sentence (the
/// rules of its default puzzle; a puzzle's own help says how its options change them).
pub fn browser_help(keys: &Bound) -> HelpText {
    let mut blocks = vec![Block::Heading("Keys".to_string())];
    blocks.extend(key_blocks(keys::help_lines(keys, &Context::default())));
    blocks.push(Block::Blank);
    blocks.push(Block::Heading("The games".to_string()));
    for kind in GameKind::ALL {
        let goal = crate::with_kind!(kind, G => G::default_puzzle().rules_text())
            .into_iter()
            .next()
            .unwrap_or_default();
        blocks.push(Block::Paragraph(format!("{}: {goal}", kind.title())));
    }
    blocks.push(Block::Paragraph(
        "A puzzle's own help (? while playing) gives all its rules, as its options set them: \
         wrapping, tents touching diagonally, rule 4, the Mosaic neighbourhood."
            .to_string(),
    ));
    HelpText {
        title: "Help: puzzle browser".to_string(),
        blocks,
        closes: closing_keys(keys),
    }
}

/// The keys that close the help: the help keys bound in `keys`, Esc and `q`.
fn closing_keys(keys: &Bound) -> String {
    let mut names: Vec<String> = keys
        .keys_of(&Msg::ToggleHelp)
        .iter()
        .map(|key| key.name())
        .collect();
    for fixed in ["Esc", "q"] {
        if !names.iter().any(|n| n == fixed) {
            names.push(fixed.to_string());
        }
    }
    names.join(" ")
}

/// The key table's lines as blocks; an empty line starts a paragraph.
fn key_blocks(lines: Vec<(String, String)>) -> impl Iterator<Item = Block> {
    lines.into_iter().map(|(k, words)| {
        if k.is_empty() && words.is_empty() {
            Block::Blank
        } else {
            Block::Keys(k, words)
        }
    })
}
