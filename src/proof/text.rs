//! The proof text format (docs/proof-format.md): a header naming the game and the puzzle, then
//! one step a line, branches indented under their case step. [`read`] locates every error by
//! line and column; [`write`] writes what it reads back equal.

use crate::deduce::RuleKind;
use crate::game::{Game, GameKind, ParseError, Target};
use crate::games::Listed;
use crate::games::game_id;
use crate::grid::Pos;

use super::tree::{Branch, Located, Proof, Step, target_text};
use super::{Link, ProofRules, case_rule_named, rule_named};

/// The first line of every proof file.
pub const MAGIC: &str = "gridpuzzles proof";

/// Spaces per level of branch nesting.
const INDENT: usize = 2;

/// A word of a line and its 1-based column.
#[derive(Clone, Copy, Debug)]
struct Word<'a> {
    text: &'a str,
    col: usize,
}

/// A line with something on it: its number, indentation and words.
#[derive(Debug)]
struct Line<'a> {
    number: usize,
    indent: usize,
    words: Vec<Word<'a>>,
    /// The column just after the last word (where a missing word is expected).
    end: usize,
}

/// The lines of `text` with something on them, comments cut.
fn lines(text: &str) -> Result<Vec<Line<'_>>, ParseError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let raw = raw.trim_end_matches('\r');
        let body = raw.split('#').next().unwrap_or("");
        if body.trim().is_empty() {
            continue;
        }
        let indent = body.chars().take_while(|&c| c == ' ').count();
        if body.chars().nth(indent) == Some('\t') {
            return Err(ParseError::new(
                number,
                indent + 1,
                "spaces for indentation, not a tab",
            ));
        }
        let mut words = Vec::new();
        let mut start: Option<(usize, usize)> = None;
        let mut col = 0;
        for (byte, c) in body.char_indices() {
            col += 1;
            if c.is_whitespace() {
                if let Some((b, sc)) = start.take() {
                    words.push(Word {
                        text: &body[b..byte],
                        col: sc,
                    });
                }
            } else if start.is_none() {
                start = Some((byte, col));
            }
        }
        if let Some((b, sc)) = start {
            words.push(Word {
                text: &body[b..],
                col: sc,
            });
        }
        let end = words.last().map_or(1, |w| w.col + w.text.chars().count());
        out.push(Line {
            number,
            indent,
            words,
            end,
        });
    }
    Ok(out)
}

/// The game a proof file is for, from its header (to pick the reader).
pub fn game_of(text: &str) -> Result<GameKind, ParseError> {
    let lines = lines(text)?;
    let mut it = lines.iter();
    header_magic(it.next(), &lines)?;
    header_game(it.next(), &lines)
}

fn after_last(lines: &[Line]) -> (usize, usize) {
    lines.last().map_or((1, 1), |l| (l.number + 1, 1))
}

fn header_magic(line: Option<&Line>, all: &[Line]) -> Result<(), ParseError> {
    let Some(line) = line else {
        let (l, c) = after_last(all);
        return Err(ParseError::new(l, c, format!("`{MAGIC}`")));
    };
    let text: Vec<&str> = line.words.iter().map(|w| w.text).collect();
    if text.join(" ") != MAGIC || line.indent != 0 {
        return Err(ParseError::new(line.number, 1, format!("`{MAGIC}`")));
    }
    Ok(())
}

fn header_game(line: Option<&Line>, all: &[Line]) -> Result<GameKind, ParseError> {
    let Some(line) = line else {
        let (l, c) = after_last(all);
        return Err(ParseError::new(l, c, "`game NAME`"));
    };
    match line.words[..] {
        [w, name] if w.text == "game" && line.indent == 0 => GameKind::from_id(name.text)
            .ok_or_else(|| {
                ParseError::new(line.number, name.col, "a game: tents, lightup or mosaic")
            }),
        _ => Err(ParseError::new(
            line.number,
            line.words[0].col,
            "`game NAME`",
        )),
    }
}

/// Reads a proof of game `G`.
pub fn read<G: ProofRules + Listed>(text: &str) -> Result<Proof<G>, ParseError> {
    let lines = lines(text)?;
    let mut it = lines.iter();
    header_magic(it.next(), &lines)?;
    let game_line = it.next();
    let kind = header_game(game_line, &lines)?;
    if kind != G::KIND {
        let line = game_line.expect("read above");
        return Err(ParseError::new(
            line.number,
            line.words[1].col,
            format!("game {}", G::KIND),
        ));
    }
    let puzzle = match it.next() {
        Some(line)
            if line.indent == 0 && line.words.len() == 2 && line.words[0].text == "puzzle" =>
        {
            let id = line.words[1];
            let any = game_id::read(id.text, Some(G::KIND)).map_err(|e| {
                ParseError::new(
                    line.number,
                    id.col,
                    format!("a {} game ID ({e})", G::KIND.title()),
                )
            })?;
            G::inside::<crate::games::any::Puzzle>(&any)
                .cloned()
                .ok_or_else(|| {
                    ParseError::new(
                        line.number,
                        id.col,
                        format!("a {} game ID", G::KIND.title()),
                    )
                })?
        }
        Some(line) => {
            return Err(ParseError::new(
                line.number,
                line.words[0].col,
                "`puzzle GAME-ID`",
            ));
        }
        None => {
            let (l, c) = after_last(&lines);
            return Err(ParseError::new(l, c, "`puzzle GAME-ID`"));
        }
    };
    let rest: Vec<&Line> = it.collect();
    let mut reader = Reader {
        lines: &rest,
        at: 0,
        puzzle: &puzzle,
    };
    let steps = reader.sequence(0)?;
    if let Some(line) = rest.get(reader.at) {
        // Only a line indented deeper than any open level can be left over.
        return Err(ParseError::new(
            line.number,
            1,
            "a step at the indentation of its branch",
        ));
    }
    Ok(Proof { puzzle, steps })
}

/// Squares and links as a direct step writes them before `by` (`tent (1,2) grass (0,0) link
/// (1,2)-(0,2)`), on `puzzle`: what a saved proof keeps of the squares set since its last step.
#[allow(clippy::type_complexity)]
pub fn read_pending<G: ProofRules>(
    puzzle: &G,
    text: &str,
) -> Result<(Vec<(Pos, G::Piece)>, Vec<Link>), ParseError> {
    let lines = lines(text)?;
    let Some(line) = lines.first() else {
        return Ok((Vec::new(), Vec::new()));
    };
    let rest = [line];
    let reader = Reader {
        lines: &rest,
        at: 0,
        puzzle,
    };
    let (sets, links, _) = reader.sets_and_links(line, false)?;
    Ok((sets, links))
}

/// Squares and links as [`read_pending`] reads them: a direct step's line without `by RULE`.
pub fn pending_line<G: Game>(sets: &[(Pos, G::Piece)], links: &[Link]) -> String {
    let mut s = String::new();
    let mut last: Option<G::Piece> = None;
    for &(pos, piece) in sets {
        if last != Some(piece) {
            s.push_str(G::piece_name(piece));
            s.push(' ');
            last = Some(piece);
        }
        s.push_str(&pos.to_string());
        s.push(' ');
    }
    for (k, link) in links.iter().enumerate() {
        if k == 0 {
            s.push_str("link ");
        }
        s.push_str(&link.to_string());
        s.push(' ');
    }
    s.trim_end().to_string()
}

struct Reader<'a, 'b, G> {
    lines: &'b [&'b Line<'a>],
    at: usize,
    puzzle: &'b G,
}

impl<G: ProofRules> Reader<'_, '_, G> {
    /// The steps at `depth` until a line less indented or a branch marker at a lower depth.
    fn sequence(&mut self, depth: usize) -> Result<Vec<Located<Step<G::Piece>>>, ParseError> {
        let mut steps = Vec::new();
        while let Some(line) = self.lines.get(self.at) {
            let want = depth * INDENT;
            if line.indent < want {
                break;
            }
            if line.indent > want {
                return Err(ParseError::new(
                    line.number,
                    1,
                    format!("a step indented {want} spaces (deeper only inside a branch)"),
                ));
            }
            let first = line.words[0];
            if first.text == "branch" {
                if depth == 0 {
                    return Err(ParseError::new(
                        line.number,
                        first.col,
                        "a step (a branch follows its case step)",
                    ));
                }
                // The next branch of the case that encloses this sequence.
                break;
            }
            self.at += 1;
            let step = match first.text {
                "case" => self.case(line, depth)?,
                "contradiction" => self.contradiction(line)?,
                "merge" => {
                    if let Some(w) = line.words.get(1) {
                        return Err(ParseError::new(
                            line.number,
                            w.col,
                            "the end of the line after `merge`",
                        ));
                    }
                    Step::Merge
                }
                _ => self.direct(line)?,
            };
            steps.push(Located {
                line: line.number,
                step,
            });
        }
        Ok(steps)
    }

    fn piece(&self, word: &str) -> Option<G::Piece> {
        [G::PRIMARY, G::SECONDARY]
            .into_iter()
            .find(|&p| G::piece_name(p) == word)
    }

    fn pieces_list(&self) -> String {
        format!(
            "`{}`, `{}`",
            G::piece_name(G::PRIMARY),
            G::piece_name(G::SECONDARY)
        )
    }

    fn pos(&self, line: &Line, w: Word) -> Result<Pos, ParseError> {
        let bad = || ParseError::new(line.number, w.col, "a square `(ROW,COL)` on the grid");
        let inner = w
            .text
            .strip_prefix('(')
            .and_then(|s| s.strip_suffix(')'))
            .ok_or_else(bad)?;
        let (r, c) = inner.split_once(',').ok_or_else(bad)?;
        let (r, c): (i64, i64) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
        self.puzzle.topology().checked(r, c).ok_or_else(bad)
    }

    /// A link `(r,c)-(r,c)`: the tent's square, then the tree's.
    fn link(&self, line: &Line, w: Word) -> Result<Link, ParseError> {
        let Some(dash) = w.text.find(")-(") else {
            return Err(ParseError::new(
                line.number,
                w.col,
                "a link `(ROW,COL)-(ROW,COL)` (tent, then tree)",
            ));
        };
        let tent = Word {
            text: &w.text[..=dash],
            col: w.col,
        };
        let tree = Word {
            text: &w.text[dash + 2..],
            col: w.col + w.text[..dash + 2].chars().count(),
        };
        Ok(Link {
            tent: self.pos(line, tent)?,
            tree: self.pos(line, tree)?,
        })
    }

    /// `(r,c)`, `row N` or `column N` starting at word `k`; the target and the next word.
    fn target(&self, line: &Line, k: usize) -> Result<(Target, usize), ParseError> {
        let Some(&w) = line.words.get(k) else {
            return Err(ParseError::new(
                line.number,
                line.end,
                "a square `(ROW,COL)`, `row N` or `column N`",
            ));
        };
        if w.text == "row" || w.text == "column" {
            let topo = self.puzzle.topology();
            let (limit, what) = if w.text == "row" {
                (topo.rows, "a row number")
            } else {
                (topo.cols, "a column number")
            };
            let Some(&n) = line.words.get(k + 1) else {
                return Err(ParseError::new(line.number, line.end, what));
            };
            let i: usize = n.text.parse().ok().filter(|&i| i < limit).ok_or_else(|| {
                ParseError::new(line.number, n.col, format!("{what} below {limit}"))
            })?;
            let t = if w.text == "row" {
                Target::Row(i)
            } else {
                Target::Col(i)
            };
            return Ok((t, k + 2));
        }
        Ok((Target::Square(self.pos(line, w)?), k + 1))
    }

    fn end_of_line(&self, line: &Line, k: usize) -> Result<(), ParseError> {
        match line.words.get(k) {
            None => Ok(()),
            Some(w) => Err(ParseError::new(line.number, w.col, "the end of the line")),
        }
    }

    /// Pieces with their squares and `link` with its links, from the line's start up to `by`
    /// (`until_by`: a step, which must have it) or to the end of the line (pending squares);
    /// also the index of the word `by`.
    #[allow(clippy::type_complexity)]
    fn sets_and_links(
        &self,
        line: &Line,
        until_by: bool,
    ) -> Result<(Vec<(Pos, G::Piece)>, Vec<Link>, usize), ParseError> {
        let mut sets = Vec::new();
        let mut links = Vec::new();
        let mut k = 0;
        // What the words after a piece name or `link` are: squares of that piece, or links.
        let mut group: Option<Option<G::Piece>> = None;
        loop {
            let Some(&w) = line.words.get(k) else {
                if !until_by {
                    break;
                }
                return Err(ParseError::new(line.number, line.end, "`by RULE`"));
            };
            if until_by && w.text == "by" {
                break;
            }
            let opener = if w.text == "link" {
                if !G::LINKS {
                    return Err(ParseError::new(
                        line.number,
                        w.col,
                        format!(
                            "a piece ({}): {} has no links",
                            self.pieces_list(),
                            G::KIND.title()
                        ),
                    ));
                }
                Some(None)
            } else {
                self.piece(w.text).map(Some)
            };
            if let Some(opened) = opener {
                group = Some(opened);
                k += 1;
                // A piece name or `link` is followed by at least one square or link.
                let Some(&first) = line.words.get(k) else {
                    let what = match opened {
                        Some(_) => "a square `(ROW,COL)`",
                        None => "a link `(ROW,COL)-(ROW,COL)` (tent, then tree)",
                    };
                    return Err(ParseError::new(line.number, line.end, what));
                };
                match opened {
                    Some(p) => sets.push((self.pos(line, first)?, p)),
                    None => links.push(self.link(line, first)?),
                }
                k += 1;
                continue;
            }
            match group {
                Some(Some(p)) if w.text.starts_with('(') => {
                    sets.push((self.pos(line, w)?, p));
                    k += 1;
                }
                Some(None) if w.text.starts_with('(') => {
                    links.push(self.link(line, w)?);
                    k += 1;
                }
                Some(_) => {
                    return Err(ParseError::new(
                        line.number,
                        w.col,
                        format!("a square, a piece ({}) or `by RULE`", self.pieces_list()),
                    ));
                }
                None => {
                    return Err(ParseError::new(
                        line.number,
                        w.col,
                        format!(
                            "a step: a piece ({}) and squares, `by RULE`, `case`, `contradiction` or `merge`",
                            self.pieces_list()
                        ),
                    ));
                }
            }
        }
        Ok((sets, links, k))
    }

    fn direct(&self, line: &Line) -> Result<Step<G::Piece>, ParseError> {
        let (sets, links, k) = self.sets_and_links(line, true)?;
        let Some(&name) = line.words.get(k + 1) else {
            return Err(ParseError::new(
                line.number,
                line.end,
                "a rule name after `by`",
            ));
        };
        let rule = rule_named::<G>(name.text)
            .filter(|r| r.kind != RuleKind::Contradiction)
            .ok_or_else(|| {
                ParseError::new(
                    line.number,
                    name.col,
                    format!("a direct rule of {}", G::KIND.title()),
                )
            })?;
        self.end_of_line(line, k + 2)?;
        Ok(Step::Direct { rule, sets, links })
    }

    fn contradiction(&self, line: &Line) -> Result<Step<G::Piece>, ParseError> {
        let Some(&name) = line.words.get(1) else {
            return Err(ParseError::new(
                line.number,
                line.end,
                "a contradiction rule",
            ));
        };
        let rule = rule_named::<G>(name.text)
            .filter(|r| r.kind == RuleKind::Contradiction)
            .ok_or_else(|| {
                ParseError::new(
                    line.number,
                    name.col,
                    format!("a contradiction rule of {}", G::KIND.title()),
                )
            })?;
        match line.words.get(2) {
            Some(w) if w.text == "at" => {}
            Some(w) => return Err(ParseError::new(line.number, w.col, "`at`")),
            None => {
                return Err(ParseError::new(
                    line.number,
                    line.end,
                    "`at` and where it holds",
                ));
            }
        }
        let (at, k) = self.target(line, 3)?;
        self.end_of_line(line, k)?;
        Ok(Step::Contradiction { rule, at })
    }

    fn case(&mut self, line: &Line, depth: usize) -> Result<Step<G::Piece>, ParseError> {
        let Some(&name) = line.words.get(1) else {
            return Err(ParseError::new(line.number, line.end, "a case rule"));
        };
        let rule = case_rule_named::<G>(name.text).ok_or_else(|| {
            let names: Vec<&str> = G::case_rules().iter().map(|r| r.id).collect();
            ParseError::new(
                line.number,
                name.col,
                format!("a case rule ({})", names.join(", ")),
            )
        })?;
        let (at, k) = self.target(line, 2)?;
        self.end_of_line(line, k)?;
        let mut branches = Vec::new();
        let mut total: Option<usize> = None;
        loop {
            let k = branches.len() + 1;
            if total.is_some_and(|n| k > n) {
                break;
            }
            let expected = match total {
                Some(n) => format!("`branch {k}/{n}`"),
                None => "`branch 1/N`".to_string(),
            };
            let Some(marker) = self.lines.get(self.at) else {
                let (l, c) = self
                    .lines
                    .last()
                    .map_or((line.number + 1, 1), |l| (l.number + 1, 1));
                return Err(ParseError::new(l, c, expected));
            };
            let want = depth * INDENT;
            let word = marker.words[0];
            if marker.indent != want || word.text != "branch" {
                return Err(ParseError::new(
                    marker.number,
                    word.col.min(marker.indent + 1),
                    expected,
                ));
            }
            let count = marker.words.get(1).and_then(|w| {
                let (a, b) = w.text.split_once('/')?;
                Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?))
            });
            match count {
                Some((a, b)) if a == k && b >= 1 && total.is_none_or(|n| n == b) => total = Some(b),
                _ => {
                    let col = marker.words.get(1).map_or(marker.end, |w| w.col);
                    return Err(ParseError::new(marker.number, col, expected));
                }
            }
            self.end_of_line(marker, 2)?;
            self.at += 1;
            let steps = self.sequence(depth + 1)?;
            branches.push(Branch {
                line: marker.number,
                steps,
            });
        }
        Ok(Step::Case { rule, at, branches })
    }
}

/// Writes a proof in the text format: `read(&write(p)) == p`.
pub fn write<G: ProofRules + Listed>(proof: &Proof<G>) -> String {
    let id = puzzle_id(&proof.puzzle);
    let mut out = format!("{MAGIC}\ngame {}\npuzzle {id}\n", G::KIND.id());
    write_steps(Some(proof.puzzle.cleared()), &proof.steps, 0, &mut out);
    out
}

/// The puzzle as a game ID that reads back as the same puzzle: the ID writer's, or, when that
/// one leaves out an option in force (rule 4 local is a file's default, which plain IDs read
/// as matching), gridpuzzles' prefix naming every option in force.
pub fn puzzle_id<G: Game + Listed>(g: &G) -> String {
    let plain = game_id::write(&crate::games::any::IntoAny::into_any(g.clone())).id;
    let same = |id: &str| {
        game_id::read(id, Some(G::KIND))
            .ok()
            .and_then(|any| G::inside::<crate::games::any::Puzzle>(&any).cloned())
            .is_some_and(|back| back == g.cleared())
    };
    if same(&plain) {
        return plain;
    }
    let mut words: Vec<&str> = Vec::new();
    if g.topology().wrapping {
        words.push("wrapping");
    }
    words.extend(
        G::ID_OPTIONS
            .iter()
            .filter(|o| !o.tatham && (o.in_force)(g))
            .map(|o| o.word),
    );
    format!("{}+{}:{}", G::KIND.id(), words.join("+"), g.to_tatham_id())
}

/// One step as a line, without indentation.
pub fn step_line<G: Game>(step: &Step<G::Piece>) -> String {
    match step {
        Step::Direct { rule, sets, links } => match pending_line::<G>(sets, links) {
            squares if squares.is_empty() => format!("by {}", rule.id),
            squares => format!("{squares} by {}", rule.id),
        },
        Step::Case { rule, at, .. } => format!("case {} {}", rule.id, target_text(*at)),
        Step::Contradiction { rule, at } => {
            format!("contradiction {} at {}", rule.id, target_text(*at))
        }
        Step::Merge => "merge".to_string(),
    }
}

/// Writes `steps` at `depth`; `position` is the position before them, followed as the judge
/// does only to comment each branch with the squares its case sets. The position after the
/// steps, unless they end closed or split.
fn write_steps<G: ProofRules>(
    position: Option<G>,
    steps: &[Located<Step<G::Piece>>],
    depth: usize,
    out: &mut String,
) -> Option<G> {
    let pad = " ".repeat(depth * INDENT);
    let mut position = position;
    let mut split_ends: Vec<Option<G>> = Vec::new();
    for located in steps {
        out.push_str(&pad);
        out.push_str(&step_line::<G>(&located.step));
        out.push('\n');
        match &located.step {
            Step::Direct { sets, links, .. } => {
                position = position.map(|g| super::checked::apply_case(&g, sets, links));
            }
            Step::Case { rule, at, branches } => {
                let cases = position
                    .as_ref()
                    .and_then(|g| g.cases(rule, *at).ok())
                    .unwrap_or_default();
                let n = branches.len();
                split_ends.clear();
                for (k, b) in branches.iter().enumerate() {
                    out.push_str(&format!("{pad}branch {}/{n}", k + 1));
                    let mut start = position.clone();
                    if let (Some(case), Some(g)) = (cases.get(k), start.as_mut()) {
                        let what: Vec<String> = case
                            .sets
                            .iter()
                            .map(|&(p, v)| format!("{} {p}", G::piece_name(v)))
                            .chain(case.links.iter().map(|l| format!("link {l}")))
                            .collect();
                        out.push_str(&format!("  # {}", what.join(" ")));
                        *g = super::checked::apply_whole(g, case);
                    }
                    out.push('\n');
                    split_ends.push(write_steps(start, &b.steps, depth + 1, out));
                }
                position = None;
            }
            Step::Merge => {
                let mut open = split_ends.drain(..).flatten();
                position = match (open.next(), open.next()) {
                    (Some(g), None) => Some(g),
                    _ => None,
                };
            }
            Step::Contradiction { .. } => position = None,
        }
    }
    position
}
