//! Every square state a player must tell apart stays readable in every built-in theme, at every
//! colour depth, with either glyph set: two states never draw alike, the cursor never makes a
//! square look like another one without it, and no glyph is drawn in its own background's colour
//! (issue 36).
//!
//! "What is drawn" is read back from the cells the board's own square painter
//! (`tui::view::board::draw_square`) writes with the theme brought down to the depth, and taken
//! as the terminal shows it: reverse video swaps the colours, the terminal's default colours stand in
//! for unset ones, and colour emoji ignore the foreground colour.

use gridpuzzles::game::Game;
use gridpuzzles::games::lightup::{self, LightUp};
use gridpuzzles::games::mosaic::{Colour, Mosaic, Neighbourhood, Status};
use gridpuzzles::games::tents::{self, Tents};
use gridpuzzles::grid::{Grid, Pos, Topology};
use gridpuzzles::look::{Look, SquareLook};
use gridpuzzles::theme::{ColorDepth, GlyphSet, Theme, Themes, downgrade};
use gridpuzzles::tui::view::board::{SquareMarks, draw_square};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

const DEPTHS: [ColorDepth; 4] = [
    ColorDepth::TrueColor,
    ColorDepth::Ansi256,
    ColorDepth::Ansi16,
    ColorDepth::None,
];

const GLYPH_SETS: [GlyphSet; 2] = [GlyphSet::Emoji, GlyphSet::Ascii];

/// A colour as the terminal paints it; unset colours are the terminal's own defaults, which
/// the test cannot know and so takes as different from every named colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ink {
    Colour(Color),
    TerminalForeground,
    TerminalBackground,
}

/// One square as the terminal shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seen {
    /// The two columns' text (a wide glyph and the blank after it).
    text: String,
    /// The colour the glyph is drawn in, after reverse video.
    fg: Ink,
    /// The colour behind the glyph, after reverse video.
    bg: Ink,
    /// Every modifier but reverse video (already applied to the colours).
    modifiers: Modifier,
    /// Whether the square sets any colour of its own.
    coloured: bool,
}

impl Seen {
    fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    fn is_emoji(&self) -> bool {
        !self.text.is_ascii()
    }

    /// The glyph's own colour when it is a colour emoji that is one flat square (⬛ ⬜ 🟩 🟨):
    /// drawn on a background of that colour it shows as nothing.
    fn flat_square_colour(&self, depth: ColorDepth) -> Option<Ink> {
        let rgb = match self.text.trim_end() {
            "⬛" => Color::Rgb(0, 0, 0),
            "⬜" => Color::Rgb(0xff, 0xff, 0xff),
            "🟩" => Color::Rgb(0x78, 0xb1, 0x59),
            "🟨" => Color::Rgb(0xfd, 0xcb, 0x58),
            _ => return None,
        };
        downgrade(rgb, depth).map(Ink::Colour)
    }

    /// What the eye can use to tell this square from another: the glyph (blank when it
    /// vanishes into the background), its colour unless it is blank or a colour emoji, the
    /// background, and, where no colour is shown (`colourless`), the modifiers a glyph of this
    /// kind shows.
    fn cues(&self, depth: ColorDepth, colourless: bool) -> (String, Option<Ink>, Ink, Modifier) {
        let vanishes = self.flat_square_colour(depth) == Some(self.bg);
        let blank = self.is_blank() || vanishes;
        let text = if blank {
            "  ".to_string()
        } else {
            self.text.clone()
        };
        let fg = (!blank && !self.is_emoji()).then_some(self.fg);
        let lines = Modifier::UNDERLINED | Modifier::CROSSED_OUT;
        let modifiers = if !colourless {
            Modifier::empty()
        } else if blank {
            // On blanks only lines drawn across the cell show.
            self.modifiers & lines
        } else if self.is_emoji() {
            // A colour emoji is a picture: no weight, dimming or slant changes it.
            self.modifiers & (lines | Modifier::SLOW_BLINK | Modifier::RAPID_BLINK)
        } else {
            self.modifiers
        };
        (text, fg, self.bg, modifiers)
    }
}

/// The terminal's ink for a cell colour of the kind `default` names.
fn ink(colour: Color, depth: ColorDepth, default: Ink) -> Ink {
    match downgrade(colour, depth) {
        None | Some(Color::Reset) => default,
        Some(c) => Ink::Colour(c),
    }
}

/// Draws `look` with the board's own painter and reads back what the terminal shows.
fn seen(
    look: SquareLook,
    cursor: bool,
    theme: &Theme,
    glyphs: GlyphSet,
    depth: ColorDepth,
) -> Seen {
    let mut buf = Buffer::empty(Rect::new(0, 0, 2, 1));
    let marks = SquareMarks {
        cursor,
        ..SquareMarks::default()
    };
    draw_square(&mut buf, (0, 0), look, marks, theme, glyphs);
    let cell = &buf[(0, 0)];
    let text = format!("{}{}", cell.symbol(), buf[(1, 0)].symbol());
    let fg = ink(cell.fg, depth, Ink::TerminalForeground);
    let bg = ink(cell.bg, depth, Ink::TerminalBackground);
    let reversed = cell.modifier.contains(Modifier::REVERSED);
    let (fg, bg) = if reversed { (bg, fg) } else { (fg, bg) };
    let coloured = [fg, bg].iter().any(|i| matches!(i, Ink::Colour(_)));
    Seen {
        text,
        fg,
        bg,
        modifiers: cell.modifier - Modifier::REVERSED,
        coloured,
    }
}

/// A square state of one game, named for messages.
type State = (&'static str, SquareLook);

/// A 1x2 Mosaic: the clue 1 on the left square, counting both squares (or with
/// `FullExclude` only the right one), so every clued state shows the same digit.
fn mosaic_pair(neighbourhood: Neighbourhood) -> Mosaic {
    let topology = Topology::new(1, 2, false);
    let clues = Grid::from_cells(topology, vec![Some(1), None]).expect("two cells");
    Mosaic::new(clues, neighbourhood).expect("a valid clue")
}

fn mosaic_states() -> Vec<State> {
    let (clue, plain) = (Pos::new(0, 0), Pos::new(0, 1));
    let game = mosaic_pair(Neighbourhood::Full);
    let with = |g: &Mosaic, left: Colour, right: Colour| g.apply(clue, left).apply(plain, right);
    let clued = |g: Mosaic, satisfied: bool| {
        assert_eq!(g.status(clue) == Status::Satisfied, satisfied, "{g:?}");
        g.square_look(clue)
    };
    let empty = Colour::Empty;
    // Without its own square in the count, a clue is satisfied while its square is empty.
    let exclude = mosaic_pair(Neighbourhood::FullExclude);
    vec![
        ("empty", game.square_look(plain)),
        (
            "black",
            with(&game, empty, Colour::Black).square_look(plain),
        ),
        (
            "white",
            with(&game, empty, Colour::White).square_look(plain),
        ),
        ("empty clue", clued(game.clone(), false)),
        (
            "black clue",
            clued(with(&game, Colour::Black, empty), false),
        ),
        (
            "white clue",
            clued(with(&game, Colour::White, empty), false),
        ),
        (
            "empty clue satisfied",
            clued(with(&exclude, empty, Colour::Black), true),
        ),
        (
            "black clue satisfied",
            clued(with(&game, Colour::Black, Colour::White), true),
        ),
        (
            "white clue satisfied",
            clued(with(&game, Colour::White, Colour::Black), true),
        ),
    ]
}

fn lightup_states() -> Vec<State> {
    let game = LightUp::default_game();
    let positions: Vec<Pos> = game.topology().positions().collect();
    let find = |g: &LightUp, want: &dyn Fn(&LightUp, Pos) -> bool| {
        *positions.iter().find(|&&p| want(g, p)).expect("a square")
    };
    let blank = |g: &LightUp, p: Pos| g.square(p) == Some(lightup::Square::Blank);
    let bulb_at = find(&game, &blank);
    let lit = game.apply(bulb_at, lightup::Piece::Bulb);
    let lit_floor = find(&lit, &|g, p| blank(g, p) && g.is_lit(p));
    let dark_floor = find(&lit, &|g, p| blank(g, p) && !g.is_lit(p));
    let wall = find(&game, &|g, p| {
        g.square(p) == Some(lightup::Square::Wall(None))
    });
    let numbered = find(&game, &|g, p| {
        matches!(g.square(p), Some(lightup::Square::Wall(Some(_))))
    });
    let mark = |p: Pos| lit.apply(p, lightup::Piece::Mark).square_look(p);
    vec![
        ("floor", lit.square_look(dark_floor)),
        ("lit floor", lit.square_look(lit_floor)),
        ("bulb", lit.square_look(bulb_at)),
        ("mark", mark(dark_floor)),
        ("lit mark", mark(lit_floor)),
        ("wall", game.square_look(wall)),
        ("numbered wall", game.square_look(numbered)),
    ]
}

fn tents_states() -> Vec<State> {
    let game = Tents::default_2020();
    let positions: Vec<Pos> = game.topology().positions().collect();
    let find = |square: tents::Square| {
        *positions
            .iter()
            .find(|&&p| game.grid()[p] == square)
            .expect("a square")
    };
    let (empty, tree) = (find(tents::Square::Empty), find(tents::Square::Tree));
    vec![
        ("empty", game.square_look(empty)),
        ("tree", game.square_look(tree)),
        (
            "tent",
            game.apply(empty, tents::Square::Tent).square_look(empty),
        ),
        (
            "grass",
            game.apply(empty, tents::Square::Grass).square_look(empty),
        ),
    ]
}

/// Every game's states, by game name.
fn games() -> Vec<(&'static str, Vec<State>)> {
    vec![
        ("mosaic", mosaic_states()),
        ("lightup", lightup_states()),
        ("tents", tents_states()),
    ]
}

/// Calls `check` with every built-in theme at every depth and glyph set, and a label naming
/// them; collects the failures it reports.
fn every_theme(
    mut check: impl FnMut(&Theme, ColorDepth, GlyphSet, &str, &mut Vec<String>),
) -> Vec<String> {
    let mut failures = Vec::new();
    for depth in DEPTHS {
        let themes = Themes::builtin().for_depth(depth);
        for theme in themes.iter() {
            for glyphs in GLYPH_SETS {
                let label = format!("{} at {depth}, {glyphs} glyphs", theme.name);
                check(theme, depth, glyphs, &label, &mut failures);
            }
        }
    }
    failures
}

/// Every state drawn without, then with the cursor: its name for messages, whether the cursor
/// is on it, and what shows.
fn drawn(
    states: &[State],
    theme: &Theme,
    glyphs: GlyphSet,
    depth: ColorDepth,
) -> Vec<(String, bool, Seen)> {
    let mut out = Vec::new();
    for cursor in [false, true] {
        for (name, look) in states {
            let name = if cursor {
                format!("{name} under the cursor")
            } else {
                name.to_string()
            };
            out.push((name, cursor, seen(*look, cursor, theme, glyphs, depth)));
        }
    }
    out
}

/// Whether `a` and `b` show alike: where either square has a colour, modifiers are not a cue
/// (bold may only brighten); where neither has, they are all there is.
fn alike(a: &Seen, b: &Seen, depth: ColorDepth) -> bool {
    let colourless = depth == ColorDepth::None || !(a.coloured || b.coloured);
    a.cues(depth, colourless) == b.cues(depth, colourless)
}

#[test]
fn the_states_of_every_game_are_told_apart() {
    let failures = every_theme(|theme, depth, glyphs, label, failures| {
        for (game, states) in games() {
            let drawn = drawn(&states, theme, glyphs, depth);
            for (i, (a, a_cursor, seen_a)) in drawn.iter().enumerate() {
                for (b, b_cursor, seen_b) in &drawn[i + 1..] {
                    // The cursor's own squares need only differ from the squares without it.
                    if *a_cursor && *b_cursor {
                        continue;
                    }
                    if alike(seen_a, seen_b, depth) {
                        failures.push(format!("{label}, {game}: {a} = {b}: {seen_a:?}"));
                    }
                }
            }
        }
    });
    assert!(
        failures.is_empty(),
        "{} pairs of states look alike:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn no_glyph_is_drawn_in_its_background_colour() {
    let failures = every_theme(|theme, depth, glyphs, label, failures| {
        for (game, states) in games() {
            for (name, _, seen) in drawn(&states, theme, glyphs, depth) {
                if !seen.is_blank() && seen.fg == seen.bg {
                    failures.push(format!("{label}, {game}: {name}: {seen:?}"));
                }
            }
        }
    });
    assert!(
        failures.is_empty(),
        "{} glyphs drawn in their background colour:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_states_checked_are_the_games_own() {
    // Guards the searches above: each state is a different look of its game.
    for (game, states) in games() {
        for (i, (a, look_a)) in states.iter().enumerate() {
            for (b, look_b) in &states[i + 1..] {
                assert_ne!(look_a, look_b, "{game}: {a} and {b} are one look");
            }
        }
    }
}
