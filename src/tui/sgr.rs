//! A ratatui backend that writes each cell's style as one complete SGR sequence at the
//! terminal's colour depth.
//!
//! Why not crossterm's own: it writes the 16 named colours as 256-colour codes (`38;5;1`),
//! which 16-colour terminals misread, and under `NO_COLOR` it writes `ESC[;m` for each colour
//! change, which resets the reverse/bold/underline just set, so the cursor and error marks
//! vanished. Here a style change is written as `ESC[0;…m` with every modifier and colour of the
//! new style, and no colour at all when the depth has none.

use std::io::{self, Write};

use crossterm::cursor::{Hide, MoveTo, Show};
use crossterm::queue;
use crossterm::terminal::{self, Clear, ClearType as CtClear};
use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use ratatui::style::{Color, Modifier};

use crate::theme::{ColorDepth, downgrade, named_index};

/// A backend for a terminal of a known colour depth, writing to `W`.
#[derive(Debug)]
pub struct SgrBackend<W: Write> {
    writer: W,
    depth: ColorDepth,
}

impl<W: Write> SgrBackend<W> {
    /// A backend writing to `writer` for a terminal of `depth`.
    pub fn new(writer: W, depth: ColorDepth) -> SgrBackend<W> {
        SgrBackend { writer, depth }
    }
}

/// The SGR sequence that sets exactly this style: reset, modifiers, then the colours the depth
/// has.
pub fn sgr(fg: Color, bg: Color, modifier: Modifier, depth: ColorDepth) -> String {
    let mut out = String::from("\x1b[0");
    for (flag, code) in [
        (Modifier::BOLD, "1"),
        (Modifier::DIM, "2"),
        (Modifier::ITALIC, "3"),
        (Modifier::UNDERLINED, "4"),
        (Modifier::SLOW_BLINK, "5"),
        (Modifier::RAPID_BLINK, "6"),
        (Modifier::REVERSED, "7"),
        (Modifier::HIDDEN, "8"),
        (Modifier::CROSSED_OUT, "9"),
    ] {
        if modifier.contains(flag) {
            out.push(';');
            out.push_str(code);
        }
    }
    for (color, background) in [(fg, false), (bg, true)] {
        if let Some(code) = downgrade(color, depth).and_then(|c| color_code(c, background)) {
            out.push(';');
            out.push_str(&code);
        }
    }
    out.push('m');
    out
}

/// The SGR parameters of a colour (`None` for the terminal's default, which the reset gave):
/// the 16 named colours as 30–37 / 90–97 (40–47 / 100–107 behind), never as `5;N`.
fn color_code(color: Color, background: bool) -> Option<String> {
    let layer = if background { 48 } else { 38 };
    match color {
        Color::Reset => None,
        Color::Indexed(i) => Some(format!("{layer};5;{i}")),
        Color::Rgb(r, g, b) => Some(format!("{layer};2;{r};{g};{b}")),
        named => named_index(named).map(|i| {
            let base = match (background, i < 8) {
                (false, true) => 30,
                (false, false) => 90 - 8,
                (true, true) => 40,
                (true, false) => 100 - 8,
            };
            (base + i).to_string()
        }),
    }
}

/// Raw writes (such as the synchronized-update marks around a frame) go straight through.
impl<W: Write> Write for SgrBackend<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

impl<W: Write> Backend for SgrBackend<W> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let mut style: Option<(Color, Color, Modifier)> = None;
        let mut last: Option<Position> = None;
        for (x, y, cell) in content {
            if !matches!(last, Some(p) if x == p.x + 1 && y == p.y) {
                queue!(self.writer, MoveTo(x, y))?;
            }
            last = Some(Position { x, y });
            let wanted = (cell.fg, cell.bg, cell.modifier);
            if style != Some(wanted) {
                self.writer
                    .write_all(sgr(cell.fg, cell.bg, cell.modifier, self.depth).as_bytes())?;
                style = Some(wanted);
            }
            self.writer.write_all(cell.symbol().as_bytes())?;
        }
        self.writer.write_all(b"\x1b[0m")
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        queue!(self.writer, Hide)
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        queue!(self.writer, Show)
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        crossterm::cursor::position().map(|(x, y)| Position { x, y })
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let p = position.into();
        queue!(self.writer, MoveTo(p.x, p.y))
    }

    fn clear(&mut self) -> io::Result<()> {
        self.clear_region(ClearType::All)
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        let kind = match clear_type {
            ClearType::All => CtClear::All,
            ClearType::AfterCursor => CtClear::FromCursorDown,
            ClearType::BeforeCursor => CtClear::FromCursorUp,
            ClearType::CurrentLine => CtClear::CurrentLine,
            ClearType::UntilNewLine => CtClear::UntilNewLine,
        };
        queue!(self.writer, Clear(kind))
    }

    fn size(&self) -> io::Result<Size> {
        let (width, height) = terminal::size()?;
        Ok(Size { width, height })
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        let crossterm::terminal::WindowSize {
            columns,
            rows,
            width,
            height,
        } = terminal::window_size()?;
        Ok(WindowSize {
            columns_rows: Size {
                width: columns,
                height: rows,
            },
            pixels: Size { width, height },
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_colours_use_the_sixteen_colour_codes() {
        let s = sgr(
            Color::Red,
            Color::LightBlue,
            Modifier::empty(),
            ColorDepth::Ansi16,
        );
        assert_eq!(s, "\x1b[0;31;104m");
        let s = sgr(
            Color::Black,
            Color::Reset,
            Modifier::BOLD,
            ColorDepth::TrueColor,
        );
        assert_eq!(s, "\x1b[0;1;30m");
    }

    #[test]
    fn deep_colours_come_down_to_the_depth() {
        let orange = Color::Rgb(255, 135, 0);
        assert_eq!(
            sgr(
                orange,
                Color::Reset,
                Modifier::empty(),
                ColorDepth::TrueColor
            ),
            "\x1b[0;38;2;255;135;0m"
        );
        assert_eq!(
            sgr(orange, Color::Reset, Modifier::empty(), ColorDepth::Ansi256),
            "\x1b[0;38;5;208m"
        );
        let sixteen = sgr(
            orange,
            Color::Indexed(196),
            Modifier::empty(),
            ColorDepth::Ansi16,
        );
        assert!(
            !sixteen.contains(";5;") && !sixteen.contains(";2;"),
            "{sixteen:?}"
        );
    }

    #[test]
    fn without_colour_only_modifiers_are_written() {
        let s = sgr(
            Color::Red,
            Color::Blue,
            Modifier::REVERSED | Modifier::UNDERLINED,
            ColorDepth::None,
        );
        assert_eq!(s, "\x1b[0;4;7m");
    }

    #[test]
    fn a_frame_writes_a_style_once_per_change() {
        let mut backend = SgrBackend::new(Vec::new(), ColorDepth::None);
        let mut a = Cell::new("a");
        a.modifier = Modifier::REVERSED;
        let b = Cell::new("b");
        let cells = [(0, 0, &a), (1, 0, &a), (2, 0, &b)];
        backend.draw(cells.into_iter()).unwrap();
        let out = String::from_utf8(backend.writer).unwrap();
        assert_eq!(out, "\x1b[1;1H\x1b[0;7maa\x1b[0mb\x1b[0m");
    }
}
