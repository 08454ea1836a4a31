//! The browser's state: the pack grouped by game, filters, marks and the selection. Pure: the
//! view draws it and `update` changes it.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use super::form::NewPuzzleForm;
use super::pack_view::PackItem;
use crate::game::GameKind;
use crate::progress::Summary;

/// How far a puzzle has got, as its mark in the browser shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Never played (or nothing on the board and never solved).
    #[default]
    New,
    /// Moves on the board, not solved yet.
    InProgress,
    /// Solved at least once.
    Solved {
        /// The fastest solve.
        best: Option<Duration>,
    },
}

impl Mark {
    /// The mark of a saved puzzle: solved wins over in progress (as `gridpuzzles list`).
    pub fn of(summary: &Summary) -> Mark {
        if summary.solved {
            Mark::Solved {
                best: summary.best_ms.map(Duration::from_millis),
            }
        } else if summary.in_progress() {
            Mark::InProgress
        } else {
            Mark::New
        }
    }

    /// `new`, `in progress` or `solved 1:23`.
    pub fn text(self) -> String {
        match self {
            Mark::New => "new".to_string(),
            Mark::InProgress => "in progress".to_string(),
            Mark::Solved { best: Some(d) } => format!("solved {}", crate::clock::clock(d)),
            // Solved, but only with hints or a reveal: no best time to show.
            Mark::Solved { best: None } => "solved (hints)".to_string(),
        }
    }

    /// A one-character mark that reads without colour: blank, `~` or `*`.
    pub fn symbol(self) -> char {
        match self {
            Mark::New => ' ',
            Mark::InProgress => '~',
            Mark::Solved { .. } => '*',
        }
    }

    /// The status filter this mark passes.
    pub fn status(self) -> StatusFilter {
        match self {
            Mark::New => StatusFilter::New,
            Mark::InProgress => StatusFilter::InProgress,
            Mark::Solved { .. } => StatusFilter::Solved,
        }
    }
}

/// Which puzzles the status filter lets through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StatusFilter {
    /// Never played.
    New,
    /// Started, not solved.
    InProgress,
    /// Solved.
    Solved,
}

impl StatusFilter {
    /// The filter's name.
    pub fn label(self) -> &'static str {
        match self {
            StatusFilter::New => "new",
            StatusFilter::InProgress => "in progress",
            StatusFilter::Solved => "solved",
        }
    }
}

/// One line of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    /// A game's heading.
    Header(GameKind),
    /// A pack puzzle, by its index in [`Browser::items`].
    Puzzle(usize),
    /// The "new random puzzle" entry of a game.
    NewRandom(GameKind),
    /// The heading of a game's puzzles made here by the new-puzzle form.
    MadeHeader(GameKind),
    /// A puzzle made by the new-puzzle form, by its index in [`Browser::made`].
    Made(usize),
}

impl Row {
    /// Whether the selection can rest on this line.
    pub fn selectable(self) -> bool {
        !matches!(self, Row::Header(_) | Row::MadeHeader(_))
    }
}

/// The browser: the pack, the marks, the filters and the selection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Browser {
    /// Every pack puzzle, in pack order.
    pub items: Arc<[PackItem]>,
    /// The puzzles made here by the new-puzzle form, newest first.
    pub made: Arc<[PackItem]>,
    /// Marks of puzzles with saved progress, by pack name (missing: new).
    pub marks: Arc<HashMap<String, Mark>>,
    /// Only this game, when set.
    pub game_filter: Option<GameKind>,
    /// Only puzzles with this mark, when set.
    pub status_filter: Option<StatusFilter>,
    /// The selected line, if it is still shown (else the first selectable one is).
    pub selected: Option<Row>,
    /// The first line shown.
    pub scroll: usize,
    /// The values of the last new random puzzle form, offered again.
    pub last_form: Option<NewPuzzleForm>,
}

impl Browser {
    /// The browser of `items`, no filter, the first puzzle selected.
    pub fn new(items: Arc<[PackItem]>) -> Browser {
        let mut browser = Browser {
            items,
            made: Arc::new([]),
            marks: Arc::new(HashMap::new()),
            game_filter: None,
            status_filter: None,
            selected: None,
            scroll: 0,
            last_form: None,
        };
        browser.selected = browser.rows().into_iter().find(|r| r.selectable());
        browser
    }

    /// The next pack puzzle of game `kind` after `after` (in pack order, wrapping round) that
    /// is not solved; from the pack's first when `after` is not one of the pack's. `after`
    /// itself is never the answer.
    pub fn next_unsolved(&self, kind: GameKind, after: Option<&str>) -> Option<&PackItem> {
        let of_game: Vec<&PackItem> = self.items.iter().filter(|i| i.kind == kind).collect();
        let start = after
            .and_then(|name| of_game.iter().position(|i| i.name == name))
            .map_or(0, |i| i + 1);
        (0..of_game.len())
            .map(|k| of_game[(start + k) % of_game.len()])
            .find(|item| {
                Some(item.name.as_str()) != after
                    && item.game.is_ok()
                    && !matches!(self.mark(&item.name), Mark::Solved { .. })
            })
    }

    /// The puzzle `name`'s mark.
    pub fn mark(&self, name: &str) -> Mark {
        self.marks.get(name).copied().unwrap_or_default()
    }

    /// The lines shown with the current filters: per game, its heading, its pack puzzles, its
    /// "new random puzzle" line and, under a heading of their own, the puzzles made here.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows = Vec::with_capacity(self.items.len() + self.made.len() + 9);
        for kind in GameKind::ALL {
            if self.game_filter.is_some_and(|g| g != kind) {
                continue;
            }
            rows.push(Row::Header(kind));
            for (i, item) in self.items.iter().enumerate() {
                if item.kind == kind && self.passes(item) {
                    rows.push(Row::Puzzle(i));
                }
            }
            rows.push(Row::NewRandom(kind));
            let made: Vec<Row> = (0..self.made.len())
                .filter(|&i| self.made[i].kind == kind && self.passes(&self.made[i]))
                .map(Row::Made)
                .collect();
            if !made.is_empty() {
                rows.push(Row::MadeHeader(kind));
                rows.extend(made);
            }
        }
        rows
    }

    fn passes(&self, item: &PackItem) -> bool {
        self.status_filter
            .is_none_or(|f| self.mark(&item.name).status() == f)
    }

    /// The puzzle on a line (a pack puzzle or one made here).
    pub fn item(&self, row: Row) -> Option<&PackItem> {
        match row {
            Row::Puzzle(i) => self.items.get(i),
            Row::Made(i) => self.made.get(i),
            Row::Header(_) | Row::NewRandom(_) | Row::MadeHeader(_) => None,
        }
    }

    /// The line of puzzle `name`, pack or made here.
    pub fn row_of(&self, name: &str) -> Option<Row> {
        let pack = self
            .items
            .iter()
            .position(|i| i.name == name)
            .map(Row::Puzzle);
        pack.or_else(|| self.made.iter().position(|i| i.name == name).map(Row::Made))
    }

    /// Lists a puzzle just made, newest first (replacing one of the same name).
    pub fn add_made(&mut self, item: PackItem) {
        let selected = self
            .selected
            .and_then(|r| self.item(r))
            .map(|i| i.name.clone());
        let mut made: Vec<PackItem> = vec![item.clone()];
        made.extend(self.made.iter().filter(|i| i.name != item.name).cloned());
        self.made = made.into();
        self.reselect(selected);
    }

    /// Replaces the puzzles made here (from the saved progress listing), newest first.
    pub fn set_made(&mut self, mut made: Vec<PackItem>) {
        let selected = self
            .selected
            .and_then(|r| self.item(r))
            .map(|i| i.name.clone());
        made.sort_by(|a, b| {
            b.made_at()
                .cmp(&a.made_at())
                .then_with(|| a.name.cmp(&b.name))
        });
        self.made = made.into();
        self.reselect(selected);
    }

    /// Takes a puzzle made here off the list (it was deleted); the selection moves to the line
    /// that takes its place.
    pub fn remove_made(&mut self, name: &str) {
        let rows = self.rows();
        let at = self.selected_index(&rows);
        let made: Vec<PackItem> = self
            .made
            .iter()
            .filter(|i| i.name != name)
            .cloned()
            .collect();
        self.made = made.into();
        Arc::make_mut(&mut self.marks).remove(name);
        let rows = self.rows();
        self.selected = at
            .and_then(|i| {
                rows[i.min(rows.len().saturating_sub(1))..]
                    .iter()
                    .find(|r| r.selectable())
            })
            .or_else(|| rows.iter().rev().find(|r| r.selectable()))
            .copied();
    }

    /// Keeps the selection on the puzzle it was on, now that the made list changed.
    fn reselect(&mut self, name: Option<String>) {
        if let Some(row) = name.and_then(|n| self.row_of(&n)) {
            self.selected = Some(row);
        } else if matches!(self.selected, Some(Row::Made(_))) {
            self.selected = None;
            self.refilter();
        }
    }

    /// (puzzles shown, puzzles of that game in the pack) for a game's heading.
    pub fn counts(&self, kind: GameKind) -> (usize, usize) {
        let of_game = self.items.iter().filter(|i| i.kind == kind);
        let total = of_game.clone().count();
        (of_game.filter(|i| self.passes(i)).count(), total)
    }

    /// The index of the selected line in `rows`.
    pub fn selected_index(&self, rows: &[Row]) -> Option<usize> {
        self.selected
            .and_then(|s| rows.iter().position(|&r| r == s))
            .or_else(|| rows.iter().position(|r| r.selectable()))
    }

    /// The selected line (the first selectable one when the selection is filtered out).
    pub fn selected_row(&self) -> Option<Row> {
        let rows = self.rows();
        self.selected_index(&rows).map(|i| rows[i])
    }

    /// The selected puzzle's game (a "new random" line's game too).
    pub fn selected_kind(&self) -> Option<GameKind> {
        match self.selected_row()? {
            Row::Header(k) | Row::NewRandom(k) | Row::MadeHeader(k) => Some(k),
            Row::Puzzle(i) => Some(self.items[i].kind),
            Row::Made(i) => Some(self.made[i].kind),
        }
    }

    /// Moves the selection `steps` selectable lines down (negative: up), stopping at the ends.
    pub fn move_by(&mut self, steps: isize) {
        let rows = self.rows();
        let selectable: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].selectable()).collect();
        let Some(here) = self.selected_index(&rows) else {
            return;
        };
        let at = selectable.iter().position(|&i| i == here).unwrap_or(0);
        let to = (at as isize + steps).clamp(0, selectable.len() as isize - 1) as usize;
        self.selected = Some(rows[selectable[to]]);
    }

    /// Selects the first (`last` false) or last selectable line.
    pub fn move_to_end(&mut self, last: bool) {
        let rows = self.rows();
        let mut selectable = rows.iter().filter(|r| r.selectable());
        self.selected = if last {
            selectable.next_back().copied()
        } else {
            selectable.next().copied()
        };
    }

    /// Selects `row` if it is shown and selectable; returns whether it was.
    pub fn select(&mut self, row: Row) -> bool {
        let shown = row.selectable() && self.rows().contains(&row);
        if shown {
            self.selected = Some(row);
        }
        shown
    }

    /// All games, then each game in turn.
    pub fn cycle_game_filter(&mut self) {
        let next = match self.game_filter {
            None => Some(GameKind::ALL[0]),
            Some(g) => {
                let at = GameKind::ALL.iter().position(|&k| k == g).unwrap_or(0);
                GameKind::ALL.get(at + 1).copied()
            }
        };
        self.game_filter = next;
        self.refilter();
    }

    /// All, new, in progress, solved.
    pub fn cycle_status_filter(&mut self) {
        self.status_filter = match self.status_filter {
            None => Some(StatusFilter::New),
            Some(StatusFilter::New) => Some(StatusFilter::InProgress),
            Some(StatusFilter::InProgress) => Some(StatusFilter::Solved),
            Some(StatusFilter::Solved) => None,
        };
        self.refilter();
    }

    /// Removes both filters; returns whether there were any.
    pub fn clear_filters(&mut self) -> bool {
        let had = self.game_filter.is_some() || self.status_filter.is_some();
        self.game_filter = None;
        self.status_filter = None;
        self.refilter();
        had
    }

    /// Keeps the selection if it is still shown, else selects the first shown puzzle.
    fn refilter(&mut self) {
        let rows = self.rows();
        if !self.selected.is_some_and(|s| rows.contains(&s)) {
            self.selected = rows
                .iter()
                .find(|r| matches!(r, Row::Puzzle(_)))
                .or_else(|| rows.iter().find(|r| r.selectable()))
                .copied();
        }
        self.scroll = 0;
    }

    /// Replaces every mark (from the saved progress listing).
    pub fn set_marks(&mut self, marks: HashMap<String, Mark>) {
        self.marks = Arc::new(marks);
    }

    /// Sets one puzzle's mark.
    pub fn set_mark(&mut self, name: &str, mark: Mark) {
        Arc::make_mut(&mut self.marks).insert(name.to_string(), mark);
    }

    /// Scrolls so that the selection shows in a list `height` lines high (with its game's
    /// heading when it is the game's first line).
    pub fn keep_visible(&mut self, height: usize) {
        let rows = self.rows();
        self.scroll = visible_scroll(self.scroll, self.selected_index(&rows), height, &rows);
    }
}

/// The first line to show so that line `selected` of `rows` shows in `height` lines, moving
/// `scroll` as little as possible.
pub fn visible_scroll(
    scroll: usize,
    selected: Option<usize>,
    height: usize,
    rows: &[Row],
) -> usize {
    let Some(selected) = selected else {
        return 0;
    };
    if height == 0 {
        return selected;
    }
    let top = if selected > 0 && !rows[selected - 1].selectable() {
        selected - 1
    } else {
        selected
    };
    let mut scroll = scroll.min(top);
    if selected >= scroll + height {
        scroll = selected + 1 - height;
    }
    // No blank lines below the last row while there are rows above the window.
    scroll.min(rows.len().saturating_sub(height))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyGame;

    fn items() -> Arc<[PackItem]> {
        let mut out = Vec::new();
        for kind in GameKind::ALL {
            for n in 0..3 {
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

    #[test]
    fn rows_group_by_game_with_a_new_random_line_each() {
        let b = Browser::new(items());
        let rows = b.rows();
        assert_eq!(rows.len(), 3 * (1 + 3 + 1));
        assert_eq!(rows[0], Row::Header(GameKind::Tents));
        assert_eq!(rows[4], Row::NewRandom(GameKind::Tents));
        assert_eq!(b.selected_row(), Some(Row::Puzzle(0)));
    }

    #[test]
    fn moving_skips_headings_and_stops_at_the_ends() {
        let mut b = Browser::new(items());
        b.move_by(-1);
        assert_eq!(b.selected_row(), Some(Row::Puzzle(0)));
        b.move_by(3);
        assert_eq!(b.selected_row(), Some(Row::NewRandom(GameKind::Tents)));
        b.move_by(1);
        assert_eq!(b.selected_row(), Some(Row::Puzzle(3)));
        b.move_by(100);
        assert_eq!(b.selected_row(), Some(Row::NewRandom(GameKind::Mosaic)));
        b.move_to_end(false);
        assert_eq!(b.selected_row(), Some(Row::Puzzle(0)));
    }

    #[test]
    fn filters_keep_the_selection_when_they_can() {
        let mut b = Browser::new(items());
        b.move_by(5);
        assert_eq!(b.selected_row(), Some(Row::Puzzle(4)));
        b.cycle_game_filter();
        assert_eq!(b.game_filter, Some(GameKind::Tents));
        assert_eq!(b.selected_row(), Some(Row::Puzzle(0)));
        b.cycle_game_filter();
        b.cycle_game_filter();
        b.cycle_game_filter();
        assert_eq!(b.game_filter, None);
        b.set_mark("lightup/p1", Mark::Solved { best: None });
        b.cycle_status_filter();
        b.cycle_status_filter();
        b.cycle_status_filter();
        assert_eq!(b.status_filter, Some(StatusFilter::Solved));
        assert_eq!(b.counts(GameKind::LightUp), (1, 3));
        assert_eq!(b.counts(GameKind::Tents), (0, 3));
        // No puzzle was shown under "in progress": the selection fell on a "new random" line,
        // still shown now.
        assert_eq!(b.selected_row(), Some(Row::NewRandom(GameKind::Tents)));
        b.move_by(1);
        assert_eq!(b.selected_row(), Some(Row::Puzzle(4)));
        assert!(b.clear_filters());
        assert_eq!(b.selected_row(), Some(Row::Puzzle(4)));
        assert!(!b.clear_filters());
    }

    #[test]
    fn marks_read_as_the_list_command_prints_them() {
        let summary = |solved, moves| Summary {
            solved,
            best_ms: Some(83_000),
            elapsed_ms: 0,
            moves,
            saved_at: crate::progress::Timestamp(0),
        };
        assert_eq!(Mark::of(&summary(false, 0)).text(), "new");
        assert_eq!(Mark::of(&summary(false, 2)).text(), "in progress");
        assert_eq!(Mark::of(&summary(true, 2)).text(), "solved 1:23");
    }

    #[test]
    fn scrolling_follows_the_selection_and_shows_headings() {
        let b = Browser::new(items());
        let rows = b.rows();
        assert_eq!(visible_scroll(0, Some(1), 4, &rows), 0);
        assert_eq!(visible_scroll(0, Some(7), 4, &rows), 4);
        // The first puzzle of a game brings its heading along.
        assert_eq!(visible_scroll(9, Some(6), 4, &rows), 5);
        assert_eq!(visible_scroll(0, Some(14), 4, &rows), 11);
    }
}

#[cfg(test)]
mod next_tests {
    use super::*;
    use crate::games::AnyGame;

    fn item(name: &str) -> PackItem {
        PackItem::new(name, name, "easy", AnyGame::default_for(GameKind::Tents))
    }

    #[test]
    fn the_next_unsolved_puzzle_follows_pack_order_wraps_and_skips_solved_ones() {
        let mut b = Browser::new(Arc::from(vec![item("t/a"), item("t/b"), item("t/c")]));
        let solved = Mark::Solved { best: None };
        b.set_mark("t/b", solved);
        fn next(b: &Browser, after: Option<&str>) -> Option<String> {
            b.next_unsolved(GameKind::Tents, after)
                .map(|i| i.name.clone())
        }
        assert_eq!(next(&b, Some("t/a")).as_deref(), Some("t/c"));
        assert_eq!(next(&b, Some("t/c")).as_deref(), Some("t/a"));
        assert_eq!(next(&b, None).as_deref(), Some("t/a"));
        assert_eq!(next(&b, Some("elsewhere")).as_deref(), Some("t/a"));
        b.set_mark("t/c", solved);
        assert_eq!(next(&b, Some("t/a")), None, "only the open one is left");
        assert_eq!(b.next_unsolved(GameKind::Mosaic, None), None);
    }
}
