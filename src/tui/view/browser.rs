//! The browser screen: the pack grouped by game, one puzzle a line with its size, difficulty,
//! mark and options; a filter line above, the message line and key bar below.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

use super::footer;
use super::key_bar;
use super::paint::{cell_style, panel};
use super::too_small;
use crate::theme::{Role, Theme};
use crate::tui::browser::{Browser, Mark, Row, visible_scroll};
use crate::tui::keys::{self, BarEntry, Bound, Context};
use crate::tui::layout::browser::{BrowserLayout, MIN_SIZE, browser_message};
use crate::tui::layout::footer::{Footer, height};
use crate::tui::model::{Model, Tone};
use crate::tui::pack_view::PackItem;

/// The widest name column.
const MAX_NAME: usize = 30;
/// The widest options column.
const MAX_OPTIONS: usize = 24;

/// Column widths shared by the headings and every puzzle line.
#[derive(Clone, Copy, Debug)]
struct Columns {
    name: usize,
    size: usize,
    options: usize,
}

impl Columns {
    fn of(browser: &Browser) -> Columns {
        let all = || browser.items.iter().chain(browser.made.iter());
        let name = all().map(|i| shown_name(i).chars().count()).max();
        let options = all().map(|i| i.options.chars().count()).max();
        let size = all().map(|i| i.size_text().len()).max();
        Columns {
            name: name.unwrap_or(0).clamp(4, MAX_NAME),
            size: size.unwrap_or(0).max(5),
            options: options.unwrap_or(0).clamp(7, MAX_OPTIONS),
        }
    }

    /// The cells of a puzzle line after the two mark columns.
    fn line(
        &self,
        name: &str,
        size: &str,
        difficulty: &str,
        status: &str,
        options: &str,
    ) -> String {
        format!(
            "{name:<nw$}  {size:>sw$}  {difficulty:<10}  {status:<12}  {options:<ow$}",
            nw = self.name,
            sw = self.size,
            ow = self.options,
            name = cut(name, self.name),
            options = cut(options, self.options),
        )
    }
}

/// At most `width` characters of `text`.
fn cut(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

/// The filter line's text.
pub fn filter_text(browser: &Browser) -> String {
    let game = browser.game_filter.map_or("all", |g| g.title());
    let status = browser.status_filter.map_or("all", |s| s.label());
    let shown = browser
        .rows()
        .iter()
        .filter(|r| matches!(r, Row::Puzzle(_) | Row::Made(_)))
        .count();
    format!(
        "game: {game} (g)   status: {status} (s)   {shown} of {} puzzles",
        browser.items.len() + browser.made.len()
    )
}

fn line_text(browser: &Browser, row: Row, columns: Columns) -> String {
    match row {
        Row::Header(kind) => {
            let (shown, total) = browser.counts(kind);
            if shown == total {
                format!("{}  ({total})", kind.title())
            } else {
                format!("{}  ({shown} of {total})", kind.title())
            }
        }
        Row::MadeHeader(kind) => {
            let made = browser.made.iter().filter(|i| i.kind == kind).count();
            format!("  made here  ({made}, newest first; d deletes)")
        }
        Row::Puzzle(_) | Row::Made(_) => {
            let Some(item) = browser.item(row) else {
                return String::new();
            };
            let mark = browser.mark(&item.name);
            let cells = columns.line(
                &shown_name(item),
                &item.size_text(),
                &item.difficulty,
                &mark.text(),
                &item.options,
            );
            format!("{} {cells}  {}", mark.symbol(), item.title)
        }
        Row::NewRandom(kind) => format!("+ new random {} puzzle", kind.title()),
    }
}

/// A pack puzzle's name; for one made here, its name without `random/` and the seed (which
/// its title gives).
fn shown_name(item: &PackItem) -> String {
    match &item.made {
        Some(made) => {
            let name = item
                .name
                .strip_prefix(crate::kept::PREFIX)
                .unwrap_or(&item.name);
            let seed = format!("-{}", made.seed);
            name.strip_suffix(&seed).unwrap_or(name).to_string()
        }
        None => item.name.clone(),
    }
}

fn row_role(browser: &Browser, row: Row) -> Role {
    match row {
        Row::Header(_) | Row::MadeHeader(_) => Role::Title,
        Row::Puzzle(_) | Row::Made(_) => match browser.item(row).map(|i| browser.mark(&i.name)) {
            Some(Mark::New) | None => Role::Text,
            Some(Mark::InProgress) => Role::Unsatisfied,
            Some(Mark::Solved { .. }) => Role::Satisfied,
        },
        Row::NewRandom(_) => Role::Text,
    }
}

/// The key bar's entries for the browser's keys `table`.
pub fn key_bar_entries(table: &Bound) -> Vec<BarEntry> {
    keys::bar_entries(table, &Context::default())
}

/// Draws the browser screen.
pub fn draw(buf: &mut Buffer, area: Rect, model: &Model) {
    let theme = model.theme();
    let message = browser_message(model);
    let footer = message.as_ref().map(|m| Footer {
        text: m.text.clone(),
        role: match m.tone {
            Tone::Info => Role::Text,
            Tone::Warning => Role::Error,
        },
        is_hint: false,
    });
    let lines = height(footer.as_ref(), area.width);
    let Some(layout) = BrowserLayout::with_message(area, lines) else {
        too_small::draw(buf, area, MIN_SIZE, theme);
        return;
    };
    let browser = &model.browser;
    panel(theme, "Puzzles").render(layout.panel, buf);
    let text = cell_style(theme, &[Role::Text]);
    let width = usize::from(layout.filters.width);
    buf.set_stringn(
        layout.filters.x + 1,
        layout.filters.y,
        filter_text(browser),
        width.saturating_sub(1),
        text,
    );
    let columns = Columns::of(browser);
    let headings = format!(
        "   {}  title",
        columns.line("name", "size", "difficulty", "status", "options")
    );
    buf.set_stringn(
        layout.headings.x + 1,
        layout.headings.y,
        headings,
        width.saturating_sub(1),
        cell_style(theme, &[Role::Dim]),
    );
    draw_list(buf, layout.list, browser, theme);
    footer::draw(buf, layout.message, footer.as_ref(), theme);
    draw_key_bar(buf, layout.keys, &model.keys.browser, theme);
}

fn draw_list(buf: &mut Buffer, area: Rect, browser: &Browser, theme: &Theme) {
    let rows = browser.rows();
    let selected = browser.selected_index(&rows);
    let height = usize::from(area.height);
    let scroll = visible_scroll(browser.scroll, selected, height, &rows);
    let width = usize::from(area.width);
    let columns = Columns::of(browser);
    for (line, (index, &row)) in rows
        .iter()
        .enumerate()
        .skip(scroll)
        .take(height)
        .enumerate()
    {
        let y = area.y + line as u16;
        let is_selected = Some(index) == selected;
        let mut roles = vec![row_role(browser, row)];
        if is_selected {
            roles.push(Role::Selected);
        }
        let style: Style = cell_style(theme, &roles);
        let (marker, indent) = match row {
            Row::Header(_) | Row::MadeHeader(_) => ("", " "),
            _ if is_selected => (">", " "),
            _ => (" ", " "),
        };
        let text = format!("{marker}{indent}{}", line_text(browser, row, columns));
        if is_selected {
            buf.set_style(Rect::new(area.x, y, area.width, 1), style);
        }
        let style = if !row.selectable() {
            style.add_modifier(Modifier::BOLD)
        } else {
            style
        };
        buf.set_stringn(area.x, y, text, width, style);
    }
}

fn draw_key_bar(buf: &mut Buffer, area: Rect, table: &Bound, theme: &Theme) {
    key_bar::draw(buf, area, &key_bar_entries(table), theme);
}
