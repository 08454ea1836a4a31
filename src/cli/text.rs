//! `text [PUZZLE]`: line-mode play on stdin/stdout, the course's `game_text`.

use std::io::{self, BufRead, Read, Write};
use std::path::Path;

use super::args::TextArgs;
use super::{Failure, Outcome, load::load};
use crate::files::output::write_output;
use crate::game::{Game, GameKind, MoveKind};
use crate::games::AnyGame;
use crate::play::Play;

/// Runs `text`.
pub fn run(args: &TextArgs) -> Outcome {
    let game = match &args.puzzle {
        Some(p) => load(p, &args.options)?,
        None => {
            // No game named: the first of the list, the collection's flagship.
            let kind = args.options.kind().unwrap_or(GameKind::ALL[0]);
            let game = AnyGame::default_for(kind);
            args.options.apply(&game).map_err(Failure::input)?
        }
    };
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    let unsaved = crate::with_game!(game, g => session(Play::new(g), stdin, &mut stdout)
        .map(|ended| ended.unsaved))
    .map_err(|e| Failure::input(format!("cannot write to stdout: {e}")))?;
    // A save that failed was said at once; the exit code says it again to a script, even
    // after a win or `q`.
    match unsaved.as_slice() {
        [] => Ok(0),
        [one] => Err(Failure::input(format!("not saved: {one}"))),
        many => Err(Failure::input(format!(
            "{} saves failed: {}",
            many.len(),
            many.join(", ")
        ))),
    }
}

/// How a `text` session ended.
#[derive(Debug)]
pub struct Ended<G: Game> {
    /// The game as it was left.
    pub play: Play<G>,
    /// The files `s FILE` failed to write, in order (each left as it was).
    pub unsaved: Vec<String>,
}

/// The longest command line read, in bytes: a longer one is refused without being held in
/// memory whole (no command needs more than a few dozen).
pub const MAX_COMMAND_LINE: usize = 4096;

/// One line of input, as far as it could be read as a command.
enum CommandLine {
    /// A line of text, without its line end.
    Text(String),
    /// A line longer than [`MAX_COMMAND_LINE`] bytes (the rest of it was skipped).
    TooLong,
    /// A line that is not UTF-8; the 1-based byte offset of the first bad byte.
    NotUtf8(usize),
}

/// The next line of `input`, `None` at the end of input.
fn next_line(input: &mut impl BufRead) -> io::Result<Option<CommandLine>> {
    let mut bytes = Vec::new();
    let limit = u64::try_from(MAX_COMMAND_LINE).unwrap_or(u64::MAX) + 1;
    let read = input.by_ref().take(limit).read_until(b'\n', &mut bytes)?;
    if read == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_COMMAND_LINE {
        // Skip to the end of the line, a buffer at a time.
        loop {
            let buf = input.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            match buf.iter().position(|&b| b == b'\n') {
                Some(end) => {
                    input.consume(end + 1);
                    break;
                }
                None => {
                    let n = buf.len();
                    input.consume(n);
                }
            }
        }
        return Ok(Some(CommandLine::TooLong));
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(text) => CommandLine::Text(text),
        Err(e) => CommandLine::NotUtf8(e.utf8_error().valid_up_to() + 1),
    }))
}

/// Plays commands from `input` until a win, `q` or the end of input, writing to `out`.
/// Returns the final game and the saves that failed. Lines that are too long or not UTF-8 are
/// refused like any other invalid command. `s FILE` writes the file whole or not at all
/// ([`write_output`]): a failure prints `cannot save to FILE: …; FILE is unchanged`.
pub fn session<G: Game>(
    mut play: Play<G>,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<Ended<G>> {
    let mut unsaved = Vec::new();
    write!(out, "{}", play.state().print_board())?;
    if play.state().is_won() {
        writeln!(out, "congratulations, you won!")?;
        return Ok(Ended { play, unsaved });
    }
    prompt(out)?;
    while let Some(line) = next_line(&mut input)? {
        let line = match line {
            CommandLine::Text(text) => text,
            CommandLine::TooLong => {
                let why = format!("longer than {MAX_COMMAND_LINE} bytes");
                refuse(&why, play.state(), out)?;
                continue;
            }
            CommandLine::NotUtf8(at) => {
                refuse(&format!("not UTF-8 text (byte {at})"), play.state(), out)?;
                continue;
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&first) = words.first() else {
            prompt(out)?;
            continue;
        };
        let letter = single_char(first);
        let changed = match letter {
            Some('q') if words.len() == 1 => return Ok(Ended { play, unsaved }),
            Some('h') if words.len() == 1 => {
                write!(out, "{}", help::<G>())?;
                false
            }
            Some('z') if words.len() == 1 => {
                play = play.undo();
                true
            }
            Some('y') if words.len() == 1 => {
                play = play.redo();
                true
            }
            Some('r') if words.len() == 1 => {
                play = play.restart();
                true
            }
            Some('s') if words.len() == 2 => {
                let file = words[1];
                match write_output(Path::new(file), play.state().format().as_bytes()) {
                    Ok(()) => writeln!(out, "saved to {file}")?,
                    Err(e) => {
                        writeln!(out, "cannot save to {file}: {}", e.detail())?;
                        unsaved.push(file.to_string());
                    }
                }
                false
            }
            Some(c) if G::piece_for_command(c).is_some() && words.len() == 3 => {
                let piece = G::piece_for_command(c).expect("checked by the guard");
                match (words[1].parse::<i64>(), words[2].parse::<i64>()) {
                    (Ok(i), Ok(j)) => {
                        let (next, changed) = play_move(&play, i, j, piece, out)?;
                        play = next;
                        changed
                    }
                    _ => {
                        writeln!(out, "invalid command: coordinates must be whole numbers")?;
                        false
                    }
                }
            }
            _ => {
                writeln!(out, "invalid command: {line} (h for help)")?;
                false
            }
        };
        if changed {
            for mark in play.state().error_marks() {
                writeln!(out, "error: {mark}")?;
            }
        }
        write!(out, "{}", play.state().print_board())?;
        if play.state().is_won() {
            writeln!(out, "congratulations, you won!")?;
            return Ok(Ended { play, unsaved });
        }
        prompt(out)?;
    }
    Ok(Ended { play, unsaved })
}

/// Refuses a line that is not even text, as any invalid command is: the reason, the board, the
/// prompt.
fn refuse<G: Game>(why: &str, state: &G, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "invalid command: {why} (h for help)")?;
    write!(out, "{}", state.print_board())?;
    prompt(out)
}

fn play_move<G: Game>(
    play: &Play<G>,
    i: i64,
    j: i64,
    piece: G::Piece,
    out: &mut impl Write,
) -> io::Result<(Play<G>, bool)> {
    let name = G::piece_name(piece);
    let Some(pos) = play.state().topology().checked(i, j) else {
        let t = play.state().topology();
        writeln!(
            out,
            "illegal move: {name} at ({i},{j}) is off the {}x{} grid",
            t.rows, t.cols
        )?;
        return Ok((play.clone(), false));
    };
    let (next, kind) = play.play(pos, piece);
    match kind {
        MoveKind::Illegal => {
            writeln!(out, "illegal move: {name} at {pos} is not allowed there")?;
            Ok((next, false))
        }
        MoveKind::Losing => {
            writeln!(
                out,
                "losing move: {name} at {pos} (played; the puzzle cannot be won from here)"
            )?;
            Ok((next, true))
        }
        MoveKind::Regular => Ok((next, true)),
    }
}

fn single_char(word: &str) -> Option<char> {
    let mut chars = word.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

fn prompt(out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "> ? [h for help]")?;
    out.flush()
}

/// The `h` text: the game's piece commands, then the shared ones.
fn help<G: Game>() -> String {
    let mut s = String::from("commands:\n");
    for letter in 'a'..='z' {
        if let Some(piece) = G::piece_for_command(letter) {
            s += &format!(
                "  {letter} <i> <j>  put {} on square (i,j)\n",
                G::piece_name(piece)
            );
        }
    }
    s += "  z          undo\n  y          redo\n  r          restart\n";
    s += "  s <file>   save the game to a file\n  h          this help\n  q          quit\n";
    s
}
