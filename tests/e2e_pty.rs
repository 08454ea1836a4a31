//! End to end: the real binary in a pseudo-terminal, driven with real key presses and read back
//! through a vt100 screen. Every wait polls the screen against a generous deadline (a failure
//! guard, not a timing check).

use std::io::{Read, Write};
use std::path::Path;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use gridpuzzles::game::Game;
use gridpuzzles::games::lightup::{LightUp, Square as LightSquare};
use gridpuzzles::games::mosaic::{Colour, Mosaic};
use gridpuzzles::grid::Pos;
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

const ROWS: u16 = 40;
const COLS: u16 = 120;
const DEADLINE: Duration = Duration::from_secs(20);

const UP: &str = "\x1b[A";
const DOWN: &str = "\x1b[B";
const RIGHT: &str = "\x1b[C";
const LEFT: &str = "\x1b[D";
const ENTER: &str = "\r";

/// The course's default Tents game solution (the game `gridpuzzles` opens on).
const TENTS_SOLUTION: [(usize, usize); 12] = [
    (0, 0),
    (0, 3),
    (0, 6),
    (2, 0),
    (2, 3),
    (2, 5),
    (2, 7),
    (4, 0),
    (4, 2),
    (4, 4),
    (4, 6),
    (6, 0),
];

/// The binary running in a pseudo-terminal, its output parsed into a screen.
struct Player {
    parser: vt100::Parser,
    output: Receiver<Vec<u8>>,
    input: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    master: Box<dyn MasterPty + Send>,
    cursor: Pos,
}

impl Player {
    fn start(args: &[&str], home: &Path) -> Player {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pseudo-terminal");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_gridpuzzles"));
        cmd.args(args);
        cmd.cwd(env!("CARGO_MANIFEST_DIR"));
        cmd.env("TERM", "xterm-256color");
        cmd.env("GRIDPUZZLES_HOME", home);
        cmd.env_remove("NO_COLOR");
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
            parser: vt100::Parser::new(nz(ROWS), nz(COLS), 0),
            output,
            input,
            child,
            master: pair.master,
            cursor: Pos::new(0, 0),
        }
    }

    fn screen(&self) -> &vt100::Screen {
        self.parser.screen()
    }

    fn text(&self) -> String {
        self.screen().contents()
    }

    fn pump(&mut self) {
        while let Ok(bytes) = self.output.try_recv() {
            self.parser.process(&bytes);
        }
    }

    /// Polls the screen until `ready` holds; panics with the screen after the deadline.
    fn wait_for(&mut self, what: &str, ready: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + DEADLINE;
        loop {
            self.pump();
            if ready(self.screen()) {
                return;
            }
            if Instant::now() > deadline {
                panic!("waited for {what}; the screen shows:\n{}", self.text());
            }
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(20)) {
                self.parser.process(&bytes);
            }
        }
    }

    fn wait_for_text(&mut self, text: &str) {
        let owned = text.to_string();
        self.wait_for(&format!("`{text}`"), move |s| s.contents().contains(&owned));
    }

    fn send(&mut self, keys: &str) {
        self.input.write_all(keys.as_bytes()).expect("write keys");
        self.input.flush().expect("flush keys");
    }

    /// Arrow keys from the cursor's square to `to`.
    fn walk_to(&mut self, to: Pos) -> String {
        let from = self.cursor;
        let mut keys = String::new();
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
    fn play(&mut self, to: Pos, key: &str, moves: usize) {
        let keys = self.walk_to(to) + key;
        self.send(&keys);
        self.wait_for_text(&format!("moves {moves} "));
    }

    /// The history panel's lines, inside the frame whose left border is at `border_col`.
    fn history(&self, border_col: u16) -> Vec<String> {
        (1..ROWS - 4)
            .map(|row| {
                let line: String = (border_col + 1..COLS)
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
    fn peak_rss_kb(&self) -> Option<u64> {
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
    fn quit_with(&mut self, keys: &str) -> u32 {
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
            self.parser.process(&bytes);
        }
        status.exit_code()
    }

    /// Checks the terminal was handed back: main screen, no mouse capture, cursor shown.
    fn assert_restored(&self) {
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

fn nz(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("a size above zero")
}

fn temp_home() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}

/// The board square's screen cell: squares start at row 1, column 1, two columns each.
fn square_cell(pos: Pos) -> (u16, u16) {
    (1 + pos.row as u16, 1 + 2 * pos.col as u16)
}

/// After a win: `z` moves the history's current mark, `c` recolours the board, `q` quits.
fn undo_recolour_and_quit(player: &mut Player, moves: usize, history_col: u16, probe: Pos) {
    player.wait_for_text("Solved in");
    let before = player.history(history_col);
    let w = moves.to_string().len();
    assert!(before[0].starts_with(&format!(">{moves} ")), "{before:?}");
    let peak = player.peak_rss_kb();
    eprintln!("peak RSS after {moves} moves: {peak:?} kB");

    player.send("z");
    player.wait_for_text(&format!("moves {} ", moves - 1));
    let after = player.history(history_col);
    assert_ne!(before, after);
    assert!(after[0].starts_with(&format!(" {moves} ")), "{after:?}");
    assert!(
        after[1].starts_with(&format!(">{:>w$} ", moves - 1)),
        "{after:?}"
    );
    assert!(!player.text().contains("Solved in"));

    let (row, col) = square_cell(probe);
    let colour = |p: &Player| {
        let cell = p.screen().cell(row, col).expect("board cell");
        (cell.fgcolor(), cell.bgcolor())
    };
    let default_colour = colour(player);
    assert!(player.text().contains("default "));
    player.send("c");
    player.wait_for_text("theme light");
    assert_ne!(
        colour(player),
        default_colour,
        "c did not change the colours"
    );

    assert_ne!(
        player.screen().mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "mouse capture was never enabled"
    );
    assert!(player.screen().alternate_screen());
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn tents_default_game_solved_with_arrows_and_enter() {
    let home = temp_home();
    let mut player = Player::start(&[], home.path());
    player.wait_for_text("Tents 8x8");
    for (i, &(r, c)) in TENTS_SOLUTION.iter().enumerate() {
        player.play(Pos::new(r, c), ENTER, i + 1);
    }
    // Board block: 8 squares * 2 + counts 3 + frame 2 = 21 columns; the panel starts there.
    undo_recolour_and_quit(&mut player, TENTS_SOLUTION.len(), 21, Pos::new(1, 1));
}

#[test]
fn lightup_default_game_solved_in_the_player() {
    let id = "7x7:b1f2iB2g1Bi2fBb";
    let solved = LightUp::from_tatham_id(id).unwrap().solve().unwrap();
    let bulbs: Vec<Pos> = solved
        .topology()
        .positions()
        .filter(|&p| solved.square(p) == Some(LightSquare::Bulb))
        .collect();
    let home = temp_home();
    let mut player = Player::start(&["play", id], home.path());
    player.wait_for_text("Light Up 7x7");
    for (i, &p) in bulbs.iter().enumerate() {
        player.play(p, ENTER, i + 1);
    }
    // Probe a lit square that holds no bulb.
    let probe = solved
        .topology()
        .positions()
        .find(|&p| solved.square(p) == Some(LightSquare::Blank))
        .unwrap();
    undo_recolour_and_quit(&mut player, bulbs.len(), 7 * 2 + 2, probe);
}

#[test]
fn mosaic_puzzle_file_solved_with_letter_keys() {
    let path = "tests/data/peer-cases/mosaic_ani-owl_mosaic_default.txt";
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    let solved = Mosaic::parse(&text).unwrap().solve().unwrap();
    let home = temp_home();
    let mut player = Player::start(&["play", path], home.path());
    player.wait_for_text("Mosaic 5x5");
    let squares: Vec<Pos> = solved.topology().positions().collect();
    for (i, &p) in squares.iter().enumerate() {
        let key = match solved.colour(p) {
            Colour::Black => "b",
            _ => "w",
        };
        player.play(p, key, i + 1);
    }
    let probe = Pos::new(0, 1);
    undo_recolour_and_quit(&mut player, squares.len(), 5 * 2 + 2, probe);
}

#[test]
fn reveal_then_ctrl_c_quits_and_restores_the_terminal() {
    let home = temp_home();
    let mut player = Player::start(&["play", "7x7:b1f2iB2g1Bi2fBb"], home.path());
    player.wait_for_text("Light Up 7x7");
    player.send("s");
    player.wait_for_text("Show the solution?");
    player.send("y");
    player.wait_for_text("Solution revealed.");
    assert!(player.text().contains("reveal the solution"));
    assert!(player.screen().alternate_screen());
    assert_eq!(player.quit_with("\x03"), 0);
    player.assert_restored();
}

#[test]
fn a_broken_user_theme_is_reported_with_its_place_and_the_default_is_used() {
    let home = temp_home();
    let themes = home.path().join("themes");
    std::fs::create_dir_all(&themes).unwrap();
    std::fs::write(
        themes.join("bad.toml"),
        "description = \"broken\"\n[styles]\ncursor = { fg = \"not-a-colour\" }\n",
    )
    .unwrap();
    let mut player = Player::start(&["--theme", "default"], home.path());
    player.wait_for_text("theme error:");
    let text = player.text();
    let expected = format!("{}:3:", themes.join("bad.toml").display());
    assert!(
        text.replace('\n', "").contains(&expected),
        "no located error {expected} on:\n{text}"
    );
    assert!(
        text.contains("default "),
        "the default theme is not in use:\n{text}"
    );
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}

#[test]
fn a_too_small_terminal_asks_to_enlarge_and_recovers() {
    let home = temp_home();
    let mut player = Player::start(&[], home.path());
    player.wait_for_text("History");
    player
        .master
        .resize(PtySize {
            rows: 10,
            cols: 30,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    player.parser.set_size(nz(10), nz(30));
    player.wait_for_text("Please enlarge the terminal");
    player
        .master
        .resize(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    player.parser.set_size(nz(ROWS), nz(COLS));
    player.wait_for("the board back", |s| {
        s.contents().contains("History") && !s.contents().contains("enlarge")
    });
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}
