//! `text [PUZZLE]`: line-mode play on stdin/stdout, the course's `game_text`.

use std::io::{self, BufRead, Write};

use super::args::TextArgs;
use super::{Failure, Outcome, load::load};
use crate::game::{Game, GameKind, MoveKind};
use crate::games::AnyGame;
use crate::play::Play;

/// Runs `text`.
pub fn run(args: &TextArgs) -> Outcome {
    let game = match &args.puzzle {
        Some(p) => load(p, &args.options)?,
        None => {
            let kind = args.options.kind().unwrap_or(GameKind::Tents);
            AnyGame::default_for(kind)
                .with_overrides(&args.options.overrides())
                .map_err(Failure::input)?
        }
    };
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    crate::with_game!(game, g => session(Play::new(g), stdin, &mut stdout).map(drop))
        .map_err(|e| Failure::input(format!("cannot write to stdout: {e}")))?;
    Ok(0)
}

/// Plays commands from `input` until a win, `q` or the end of input, writing to `out`.
/// Returns the final game.
pub fn session<G: Game>(
    mut play: Play<G>,
    input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<Play<G>> {
    write!(out, "{}", play.state().print_board())?;
    if play.state().is_won() {
        writeln!(out, "congratulations, you won!")?;
        return Ok(play);
    }
    prompt(out)?;
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&first) = words.first() else {
            prompt(out)?;
            continue;
        };
        let letter = single_char(first);
        let changed = match letter {
            Some('q') if words.len() == 1 => return Ok(play),
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
                match std::fs::write(words[1], play.state().format()) {
                    Ok(()) => writeln!(out, "saved to {}", words[1])?,
                    Err(e) => writeln!(out, "cannot save to {}: {e}", words[1])?,
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
            return Ok(play);
        }
        prompt(out)?;
    }
    Ok(play)
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
