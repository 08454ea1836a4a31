//! Renders the player as docs/screenshot.svg, the picture in README.md: a Tents puzzle half
//! played with a hint shown, drawn by the program's own `view` into ratatui's `TestBackend`
//! at 80x24 in the default theme, each cell an SVG `<text>` in the buffer's colours.
//!
//! `cargo run --example screenshot` (writes docs/screenshot.svg; a path argument writes there)

use std::fmt::Write as _;

use gridpuzzles::games::AnyGame;
use gridpuzzles::games::tents::Tents;
use gridpuzzles::tui::model::{Model, Settings};
use gridpuzzles::tui::msg::{Direction, Msg};
use gridpuzzles::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthStr;

/// Messages through `update` with hints answered, as the model tests send them.
#[path = "../tests/send/mod.rs"]
mod send;

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;
/// A cell's size in the picture, in SVG units: a monospace font of size 16 is about 9.6 wide.
const CELL_W: f32 = 9.6;
const CELL_H: f32 = 20.0;
/// The terminal's own colours, where the theme leaves them (`Color::Reset`).
const DEFAULT_FG: &str = "#d8d8d8";
const DEFAULT_BG: &str = "#181818";

fn main() -> std::io::Result<()> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/docs/screenshot.svg").into());
    let buffer = render(&half_played());
    std::fs::write(&path, svg(&buffer))?;
    eprintln!("wrote {path}");
    Ok(())
}

/// The course's 2025 Tents puzzle with its first four rows solved (tents placed, the rest
/// filled with grass), then a hint asked for: the screen a player sees mid-game.
fn half_played() -> Model {
    let model = Model::new(AnyGame::Tents(Tents::default_2025()), Settings::default());
    let mut msgs = vec![Msg::Resize(WIDTH, HEIGHT)];
    let mut at = (0usize, 0usize);
    let mut go = |to: (usize, usize), then: Msg, msgs: &mut Vec<Msg>| {
        let (down, right) = (to.0 as isize - at.0 as isize, to.1 as isize - at.1 as isize);
        let v = if down > 0 {
            Direction::Down
        } else {
            Direction::Up
        };
        let h = if right > 0 {
            Direction::Right
        } else {
            Direction::Left
        };
        msgs.extend(std::iter::repeat_n(Msg::Move(v), down.unsigned_abs()));
        msgs.extend(std::iter::repeat_n(Msg::Move(h), right.unsigned_abs()));
        msgs.push(then);
        at = to;
    };
    for tent in [(0, 4), (1, 0), (1, 6), (2, 2), (3, 4), (3, 6)] {
        go(tent, Msg::Primary, &mut msgs);
    }
    for row in 0..4 {
        go((row, 0), Msg::FillRow, &mut msgs);
    }
    go((4, 3), Msg::Hint, &mut msgs);
    send::send(&model, msgs)
}

fn render(model: &Model) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(WIDTH, HEIGHT)).expect("a test terminal");
    terminal
        .draw(|frame| view(model, frame))
        .expect("drawing never fails on a TestBackend");
    terminal.backend().buffer().clone()
}

/// The buffer as an SVG: one rectangle per run of a background colour, one `<text>` per glyph
/// at its cell, so the columns stay where the terminal puts them whatever the font's widths.
fn svg(buffer: &Buffer) -> String {
    let (w, h) = (buffer.area.width, buffer.area.height);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{:.0}" viewBox="0 0 {:.1} {:.1}" font-family="'DejaVu Sans Mono', 'Menlo', 'Consolas', monospace" font-size="16">"#,
        f32::from(w) * CELL_W,
        f32::from(h) * CELL_H,
        f32::from(w) * CELL_W,
        f32::from(h) * CELL_H
    );
    let _ = writeln!(
        out,
        r#"<rect width="100%" height="100%" fill="{DEFAULT_BG}"/>"#
    );
    for y in 0..h {
        backgrounds(buffer, y, &mut out);
    }
    for y in 0..h {
        let mut x = 0;
        while x < w {
            let cell = &buffer[(x, y)];
            let symbol = cell.symbol();
            let (fg, _) = colours(cell);
            if !symbol.trim().is_empty() {
                let mut style = format!(r#"fill="{fg}""#);
                if cell.modifier.contains(Modifier::BOLD) {
                    style.push_str(r#" font-weight="bold""#);
                }
                if cell.modifier.contains(Modifier::ITALIC) {
                    style.push_str(r#" font-style="italic""#);
                }
                if cell.modifier.contains(Modifier::DIM) {
                    style.push_str(r#" opacity="0.6""#);
                }
                if cell.modifier.contains(Modifier::UNDERLINED) {
                    style.push_str(r#" text-decoration="underline""#);
                }
                let _ = writeln!(
                    out,
                    r#"<text x="{:.1}" y="{:.1}" {style}>{}</text>"#,
                    f32::from(x) * CELL_W,
                    f32::from(y) * CELL_H + CELL_H * 0.75,
                    escape(symbol)
                );
            }
            // A wide glyph covers the next cell too; ratatui blanks that one.
            x += symbol.width().max(1) as u16;
        }
    }
    out.push_str("</svg>\n");
    out
}

/// Row `y`'s backgrounds, a rectangle per run of one colour (the screen's own left out).
fn backgrounds(buffer: &Buffer, y: u16, out: &mut String) {
    let w = buffer.area.width;
    let mut x = 0;
    while x < w {
        let (_, bg) = colours(&buffer[(x, y)]);
        let start = x;
        while x < w && colours(&buffer[(x, y)]).1 == bg {
            x += 1;
        }
        if bg != DEFAULT_BG {
            let _ = writeln!(
                out,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{bg}"/>"#,
                f32::from(start) * CELL_W,
                f32::from(y) * CELL_H,
                f32::from(x - start) * CELL_W,
                CELL_H
            );
        }
    }
}

/// A cell's foreground and background as `#rrggbb`, reverse video applied.
fn colours(cell: &ratatui::buffer::Cell) -> (String, String) {
    let fg = hex(cell.fg).unwrap_or_else(|| DEFAULT_FG.into());
    let bg = hex(cell.bg).unwrap_or_else(|| DEFAULT_BG.into());
    if cell.modifier.contains(Modifier::REVERSED) {
        (bg, fg)
    } else {
        (fg, bg)
    }
}

/// A colour as `#rrggbb` (xterm's palette for the named and indexed ones); `None` for the
/// terminal's default.
fn hex(colour: Color) -> Option<String> {
    let (r, g, b) = match colour {
        Color::Reset => return None,
        Color::Rgb(r, g, b) => (r, g, b),
        Color::Indexed(i) => indexed(i),
        named => indexed(match named {
            Color::Black => 0,
            Color::Red => 1,
            Color::Green => 2,
            Color::Yellow => 3,
            Color::Blue => 4,
            Color::Magenta => 5,
            Color::Cyan => 6,
            Color::Gray => 7,
            Color::DarkGray => 8,
            Color::LightRed => 9,
            Color::LightGreen => 10,
            Color::LightYellow => 11,
            Color::LightBlue => 12,
            Color::LightMagenta => 13,
            Color::LightCyan => 14,
            _ => 15,
        }),
    };
    Some(format!("#{r:02x}{g:02x}{b:02x}"))
}

/// xterm's 256-colour palette.
fn indexed(i: u8) -> (u8, u8, u8) {
    const SIXTEEN: [(u8, u8, u8); 16] = [
        (0, 0, 0),
        (205, 0, 0),
        (0, 205, 0),
        (205, 205, 0),
        (0, 0, 238),
        (205, 0, 205),
        (0, 205, 205),
        (229, 229, 229),
        (127, 127, 127),
        (255, 0, 0),
        (0, 255, 0),
        (255, 255, 0),
        (92, 92, 255),
        (255, 0, 255),
        (0, 255, 255),
        (255, 255, 255),
    ];
    let level = |v: u8| if v == 0 { 0 } else { 55 + v * 40 };
    match i {
        0..=15 => SIXTEEN[usize::from(i)],
        16..=231 => {
            let v = i - 16;
            (level(v / 36), level(v / 6 % 6), level(v % 6))
        }
        _ => {
            let grey = 8 + (i - 232) * 10;
            (grey, grey, grey)
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
