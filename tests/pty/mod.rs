//! A player for end-to-end tests: the real binary in a pseudo-terminal, its output parsed into a
//! vt100 screen. Every wait polls the screen against a generous deadline (a failure guard, not a
//! timing check).

// Each test file uses part of this module.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::Path;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use gridpuzzles::grid::Pos;
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

pub const ROWS: u16 = 40;
pub const COLS: u16 = 120;
pub const DEADLINE: Duration = Duration::from_secs(20);

pub const UP: &str = "\x1b[A";
pub const DOWN: &str = "\x1b[B";
pub const RIGHT: &str = "\x1b[C";
pub const LEFT: &str = "\x1b[D";
pub const ENTER: &str = "\r";
pub const HOME: &str = "\x1b[H";
pub const END: &str = "\x1b[F";
pub const PAGE_UP: &str = "\x1b[5~";
pub const PAGE_DOWN: &str = "\x1b[6~";
pub const CTRL_HOME: &str = "\x1b[1;5H";
pub const CTRL_END: &str = "\x1b[1;5F";
pub const ESC: &str = "\x1b";

/// The binary running in a pseudo-terminal, its output parsed into a screen.
pub struct Player {
    pub parser: vt100::Parser,
    pub output: Receiver<Vec<u8>>,
    pub input: Box<dyn Write + Send>,
    pub child: Box<dyn Child + Send + Sync>,
    pub master: Box<dyn MasterPty + Send>,
    pub cursor: Pos,
    /// Every byte the program wrote so far (escape sequences included).
    pub raw: Vec<u8>,
    /// The output stops inside a frame (a synchronized update begun and not yet ended).
    pub mid_frame: bool,
}

/// The marks the player writes around each frame (synchronized update, mode 2026).
const FRAME_BEGIN: &[u8] = b"\x1b[?2026h";
const FRAME_END: &[u8] = b"\x1b[?2026l";

impl Player {
    /// The binary with `args` in a [`ROWS`] x [`COLS`] terminal, its data folder `home`.
    pub fn start(args: &[&str], home: &Path) -> Player {
        Player::start_sized(args, home, ROWS, COLS)
    }

    /// The binary with `args` in a `rows` x `cols` terminal, its data folder `home`.
    pub fn start_sized(args: &[&str], home: &Path, rows: u16, cols: u16) -> Player {
        Player::start_with_env(args, home, rows, cols, &[("TERM", "xterm-256color")])
    }

    /// The binary with `args` in a `rows` x `cols` terminal, its data folder `home`, with `env`
    /// set (an empty value removes the variable); `NO_COLOR` and `COLORTERM` are removed unless
    /// `env` sets them.
    pub fn start_with_env(
        args: &[&str],
        home: &Path,
        rows: u16,
        cols: u16,
        env: &[(&str, &str)],
    ) -> Player {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pseudo-terminal");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_gridpuzzles"));
        cmd.args(args);
        cmd.cwd(env!("CARGO_MANIFEST_DIR"));
        cmd.env("GRIDPUZZLES_HOME", home);
        cmd.env_remove("NO_COLOR");
        cmd.env_remove("COLORTERM");
        for (name, value) in env {
            if value.is_empty() {
                cmd.env_remove(name);
            } else {
                cmd.env(name, value);
            }
        }
        let child = pair.slave.spawn_command(cmd).expect("spawn gridpuzzles");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let input = pair.master.take_writer().expect("pty writer");
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 16384];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Player {
            parser: vt100::Parser::new(nz(rows), nz(cols), 0),
            output,
            input,
            child,
            master: pair.master,
            cursor: Pos::new(0, 0),
            raw: Vec::new(),
            mid_frame: false,
        }
    }

    pub fn screen(&self) -> &vt100::Screen {
        self.parser.screen()
    }

    pub fn text(&self) -> String {
        self.screen().contents()
    }

    pub fn pump(&mut self) {
        while let Ok(bytes) = self.output.try_recv() {
            self.feed(&bytes);
        }
    }

    /// Takes output: into the screen, and kept raw.
    fn feed(&mut self, bytes: &[u8]) {
        self.parser.process(bytes);
        // A mark may be split between two reads: look from just before the new bytes.
        let from = self.raw.len().saturating_sub(FRAME_BEGIN.len());
        self.raw.extend_from_slice(bytes);
        let last = |mark: &[u8]| {
            self.raw[from..]
                .windows(mark.len())
                .rposition(|w| w == mark)
        };
        match (last(FRAME_BEGIN), last(FRAME_END)) {
            (Some(begin), Some(end)) => self.mid_frame = begin > end,
            (Some(_), None) => self.mid_frame = true,
            (None, Some(_)) => self.mid_frame = false,
            (None, None) => {}
        }
    }

    /// Polls the screen until `ready` holds on a whole frame (never on one half drawn);
    /// panics with the screen after the deadline.
    pub fn wait_for(&mut self, what: &str, ready: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + DEADLINE;
        loop {
            self.pump();
            if !self.mid_frame && ready(self.screen()) {
                return;
            }
            if Instant::now() > deadline {
                panic!("waited for {what}; the screen shows:\n{}", self.text());
            }
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(20)) {
                self.feed(&bytes);
            }
        }
    }

    pub fn wait_for_text(&mut self, text: &str) {
        let owned = text.to_string();
        self.wait_for(&format!("`{text}`"), move |s| s.contents().contains(&owned));
    }

    pub fn send(&mut self, keys: &str) {
        self.input.write_all(keys.as_bytes()).expect("write keys");
        self.input.flush().expect("flush keys");
    }

    /// The keys that take the cursor to `to`: Ctrl-Home to the first square (a reopened puzzle
    /// puts the cursor back where it was left), then arrows.
    #[must_use = "the keys are returned, not sent"]
    pub fn walk_to(&mut self, to: Pos) -> String {
        let from = Pos::new(0, 0);
        let mut keys = String::from(CTRL_HOME);
        let (v, h) = (
            to.row as isize - from.row as isize,
            to.col as isize - from.col as isize,
        );
        keys.push_str(&(if v > 0 { DOWN } else { UP }).repeat(v.unsigned_abs()));
        keys.push_str(&(if h > 0 { RIGHT } else { LEFT }).repeat(h.unsigned_abs()));
        self.cursor = to;
        keys
    }

    /// Walks to `to`, presses `key`, and waits for the move counter to reach `moves`.
    pub fn play(&mut self, to: Pos, key: &str, moves: usize) {
        let keys = self.walk_to(to) + key;
        self.send(&keys);
        self.wait_for_text(&format!("moves {moves} "));
    }

    /// The screen's rows as text, wide glyphs once, trailing blanks removed.
    pub fn lines(&self) -> Vec<String> {
        self.screen()
            .rows(0, self.screen().size().1.get())
            .map(|l| l.trim_end().to_string())
            .collect()
    }

    /// The history panel's lines, inside the frame whose left border is at `border_col`.
    pub fn history(&self, border_col: u16) -> Vec<String> {
        let (rows, cols) = self.screen().size();
        let (rows, cols) = (rows.get(), cols.get());
        (1..rows - 4)
            .map(|row| {
                let line: String = (border_col + 1..cols)
                    .filter_map(|col| self.screen().cell(row, col))
                    .map(|c| match c.contents() {
                        "" => " ".to_string(),
                        s => s.to_string(),
                    })
                    .collect();
                line.trim_end_matches(|c: char| c == '│' || c.is_whitespace())
                    .to_string()
            })
            .filter(|l| !l.is_empty() && !l.starts_with('└'))
            .collect()
    }

    /// Peak resident memory of the player (kB), from /proc.
    pub fn peak_rss_kb(&self) -> Option<u64> {
        let pid = self.child.process_id()?;
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        status
            .lines()
            .find(|l| l.starts_with("VmHWM:"))?
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()
    }

    /// Sends `keys`, waits for the process to exit, reads what it wrote last; returns the code.
    pub fn quit_with(&mut self, keys: &str) -> u32 {
        self.send(keys);
        let deadline = Instant::now() + DEADLINE;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("child status") {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "the player did not quit:\n{}",
                self.text()
            );
            std::thread::sleep(Duration::from_millis(10));
        };
        // Read the rest of the output (the reader thread stops when the terminal closes).
        while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(300)) {
            self.feed(&bytes);
        }
        status.exit_code()
    }

    /// Checks the terminal was handed back: main screen, no mouse capture, cursor shown.
    pub fn assert_restored(&self) {
        let screen = self.screen();
        assert!(!screen.alternate_screen(), "still on the alternate screen");
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "mouse capture left on"
        );
        assert!(!screen.hide_cursor(), "cursor left hidden");
    }
}

/// Signals, exit and terminal modes, for the tests of what the player does when it is killed.
#[cfg(unix)]
impl Player {
    /// Sends `signal` to the player's process.
    pub fn signal(&self, signal: nix::sys::signal::Signal) {
        let pid = self.child.process_id().expect("the player's pid");
        let pid = nix::unistd::Pid::from_raw(i32::try_from(pid).expect("a pid"));
        nix::sys::signal::kill(pid, signal).expect("send the signal");
    }

    /// Waits for the process to end by itself, reads what it wrote last; returns the code.
    pub fn wait_exit(&mut self) -> u32 {
        self.quit_with("")
    }

    /// Whether the terminal is in raw mode (no line editing, no echo), as the player left it.
    pub fn raw_mode(&self) -> bool {
        use nix::sys::termios::LocalFlags;
        let termios = self.master.get_termios().expect("the terminal's modes");
        !termios
            .local_flags
            .intersects(LocalFlags::ICANON | LocalFlags::ECHO)
    }
}

pub fn nz(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("a size above zero")
}

/// The pack's Tents puzzle `name`, as the player opens it.
pub fn pack_tents(name: &str) -> gridpuzzles::games::tents::Tents {
    match gridpuzzles::pack::find(name).unwrap().load().unwrap() {
        gridpuzzles::games::AnyGame::Tents(t) => t,
        other => panic!("not Tents: {other:?}"),
    }
}

pub fn temp_home() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}
