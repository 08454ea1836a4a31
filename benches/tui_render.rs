//! TUI speed: one frame of a 30x30 Tents board with a long history panel, and of a 100x100 at
//! 80x24 and 300x100, into a `TestBackend`, one drag over 50 squares of it,
//! and the time from process start to the first frame in a pseudo-terminal. The peak memory of
//! that interactive session (VmHWM) is printed once.

use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use gridpuzzles::game::Game;
use gridpuzzles::games::AnyGame;
use gridpuzzles::games::tents::{Rule4, Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::tui::layout::play_layout;
use gridpuzzles::tui::model::{Model, Settings};
use gridpuzzles::tui::msg::{Button, Direction, Msg};
use gridpuzzles::tui::{update, view};
use portable_pty::{Child, CommandBuilder, PtySize, native_pty_system};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const BOARD: &str = include_str!("data/tents-yangzhu/tents-30x30-1.txt");
const BIG: &str = include_str!("data/tents-yangzhu/tents-100x100-1.txt");

/// A 100x100 game with the cursor at the centre, a few tents down and two of them touching
/// (error marks), in a terminal of `size`.
fn big_100x100(size: (u16, u16)) -> Model {
    let game = Tents::parse(BIG).expect("bench board parses");
    let mut model = Model::new(AnyGame::Tents(game), Settings::default());
    model = update(&model, Msg::Resize(size.0, size.1)).0;
    for _ in 0..50 {
        model = update(&model, Msg::Move(Direction::Down)).0;
        model = update(&model, Msg::Move(Direction::Right)).0;
        model = update(&model, Msg::Primary).0;
    }
    model
}

fn render_big_frames(c: &mut Criterion) {
    for size in [(80u16, 24u16), (300, 100)] {
        let model = big_100x100(size);
        let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
        let name = format!("render one frame: tents 100x100 at {}x{}", size.0, size.1);
        c.bench_function(&name, |b| {
            b.iter(|| {
                terminal.draw(|frame| view(&model, frame)).unwrap();
            })
        });
    }
    // The floor under the figures above: ratatui's own work for a frame that draws nothing
    // (clearing one buffer, comparing it with the last), at the larger size.
    let mut terminal = Terminal::new(TestBackend::new(300, 100)).unwrap();
    c.bench_function("ratatui alone: an empty frame at 300x100", |b| {
        b.iter(|| {
            terminal.draw(|_| {}).unwrap();
        })
    });
}

/// One `update` of a right-drag from (60,0) reported at (60,49): 50 squares painted with grass
/// as one history entry, on the 100x100 at 300x100.
fn drag_50_squares(c: &mut Criterion) {
    let model = big_100x100((300, 100));
    let layout = play_layout(&model).expect("a layout");
    let (x0, y) = layout.cell_of(Pos::new(60, 0)).expect("on screen");
    let (x1, _) = layout.cell_of(Pos::new(60, 49)).expect("on screen");
    let pressed = update(
        &model,
        Msg::Click {
            column: x0,
            row: y,
            button: Button::Right,
        },
    )
    .0;
    c.bench_function("drag over 50 squares: one update, tents 100x100", |b| {
        b.iter(|| update(&pressed, Msg::Drag { column: x1, row: y }).0)
    });
}

/// A 30x30 game with every tent of its solution played by cursor moves: a long history.
fn mid_game_30x30() -> Model {
    let game = Tents::parse(BOARD).expect("bench board parses");
    // Solved under Tatham's matching rule (fast); its solution also solves the file's local rule.
    let solved = game
        .with_rule4(Rule4::Matching)
        .solve()
        .expect("bench board has a solution");
    let mut model = Model::new(AnyGame::Tents(game.clone()), Settings::default());
    model = update(&model, Msg::Resize(110, 40)).0;
    let mut at = (0usize, 0usize);
    for p in game.topology().positions() {
        if solved.piece(p) != Square::Tent {
            continue;
        }
        let mut msgs = Vec::new();
        while at.0 < p.row {
            msgs.push(Msg::Move(Direction::Down));
            at.0 += 1;
        }
        while at.1 < p.col {
            msgs.push(Msg::Move(Direction::Right));
            at.1 += 1;
        }
        while at.1 > p.col {
            msgs.push(Msg::Move(Direction::Left));
            at.1 -= 1;
        }
        msgs.push(Msg::Primary);
        for msg in msgs {
            model = update(&model, msg).0;
        }
    }
    // Undo a few so the panel shows dimmed redo entries too.
    for _ in 0..5 {
        model = update(&model, Msg::Undo).0;
    }
    model
}

fn render_frame(c: &mut Criterion) {
    let model = mid_game_30x30();
    let mut terminal = Terminal::new(TestBackend::new(110, 40)).unwrap();
    c.bench_function("render one frame: tents 30x30 + history", |b| {
        b.iter(|| {
            terminal.draw(|frame| view(&model, frame)).unwrap();
        })
    });
}

/// The player in a pseudo-terminal and a channel of its output.
struct Spawned {
    child: Box<dyn Child + Send + Sync>,
    output: Receiver<Vec<u8>>,
    input: Box<dyn Write + Send>,
    _master: Box<dyn portable_pty::MasterPty + Send>,
}

fn spawn() -> Spawned {
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 40,
            cols: 120,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let home = std::env::temp_dir().join("gridpuzzles-bench-home");
    // A fresh data folder: each start is a first start, at "moves 0".
    let _ = std::fs::remove_dir_all(&home);
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_gridpuzzles"));
    // Straight onto the course's default game (without a command the player opens on the browser).
    cmd.args(["play", "tents/default"]);
    cmd.env("GRIDPUZZLES_HOME", home);
    cmd.env("TERM", "xterm-256color");
    let child = pair.slave.spawn_command(cmd).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let input = pair.master.take_writer().unwrap();
    let (tx, output) = channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 16384];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    Spawned {
        child,
        output,
        input,
        _master: pair.master,
    }
}

/// Reads output until `needle` has appeared.
fn wait_for(output: &Receiver<Vec<u8>>, seen: &mut Vec<u8>, needle: &[u8]) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !seen.windows(needle.len()).any(|w| w == needle) {
        assert!(Instant::now() < deadline, "no {needle:?} on screen");
        if let Ok(bytes) = output.recv_timeout(Duration::from_millis(50)) {
            seen.extend(bytes);
        }
    }
}

fn quit(mut p: Spawned) {
    p.input.write_all(b"q").unwrap();
    p.input.flush().unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while p.child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            p.child.kill().unwrap();
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn peak_rss_kb(child: &dyn Child) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.process_id()?)).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Plays the default game to the end with real keys, then reports the session's peak memory.
fn report_peak_memory() {
    let mut p = spawn();
    let mut seen = Vec::new();
    wait_for(&p.output, &mut seen, b"moves 0");
    let solve = "\r\x1b[C\x1b[C\x1b[C\r\x1b[C\x1b[C\x1b[C\r\x1b[B\x1b[B\
                 \x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\r\x1b[C\x1b[C\x1b[C\r\x1b[C\x1b[C\r\
                 \x1b[C\x1b[C\r\x1b[B\x1b[B\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\r\
                 \x1b[C\x1b[C\r\x1b[C\x1b[C\r\x1b[C\x1b[C\r\x1b[B\x1b[B\
                 \x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\r?\x1b[Acs";
    p.input.write_all(solve.as_bytes()).unwrap();
    p.input.flush().unwrap();
    wait_for(&p.output, &mut seen, b"Solved in");
    match peak_rss_kb(p.child.as_ref()) {
        Some(kb) => eprintln!("peak RSS of an interactive session (VmHWM): {kb} kB"),
        None => eprintln!("peak RSS: /proc not readable here"),
    }
    quit(p);
}

fn startup(c: &mut Criterion) {
    report_peak_memory();
    c.bench_function("process start to first frame (pty)", |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                let start = Instant::now();
                let p = spawn();
                let mut seen = Vec::new();
                // The status line is written with the first frame.
                wait_for(&p.output, &mut seen, b"moves 0");
                total += start.elapsed();
                quit(p);
            }
            total
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = render_frame, render_big_frames, drag_50_squares, startup
}
criterion_main!(benches);
