//! One-sentence explanations and premise lists for findings and contradictions.

use crate::game::{ErrorMark, Target};
use crate::grid::Pos;

use super::finding::{Finding, Why};
use super::state::{BULB, Conflict, NOBULB, State};

fn pos(s: &State, c: u32) -> Pos {
    s.lay.pos_of[c as usize]
}

/// "the 2 at (3,4)".
fn wall_name(s: &State, w: u32) -> String {
    let wall = &s.lay.walls[w as usize];
    format!("the {} at {}", wall.number, wall.pos)
}

/// "(1,2)", "(1,2) and (3,4)", "(1,2), (3,4) and (5,6)".
fn list(s: &State, cells: &[u32]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| pos(s, c).to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

fn plural(n: i32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn cells_with(f: &Finding, v: u8) -> Vec<u32> {
    f.sets
        .iter()
        .filter(|&&(_, x)| x == v)
        .map(|&(c, _)| c)
        .collect()
}

/// "cannot hold a bulb" / "cannot hold bulbs".
fn no_bulb(n: usize) -> &'static str {
    if n == 1 {
        "cannot hold a bulb"
    } else {
        "cannot hold bulbs"
    }
}

/// "is a bulb" / "are bulbs".
fn is_bulb(n: usize) -> &'static str {
    if n == 1 { "is a bulb" } else { "are bulbs" }
}

/// What a contradiction means, as a clause: "(5,6) could no longer be lit".
pub fn conflict_clause(s: &State, conflict: Conflict) -> String {
    match conflict {
        Conflict::BulbsSee(a, b) => format!(
            "the bulbs on {} and {} would light each other",
            pos(s, a.min(b)),
            pos(s, a.max(b))
        ),
        Conflict::TooMany(w) => format!("{} would get too many bulbs", wall_name(s, w)),
        Conflict::TooFew(w) => format!("{} could no longer get its bulbs", wall_name(s, w)),
        Conflict::Dark(c) => format!("{} could no longer be lit", pos(s, c)),
        Conflict::NoPlacement(w) => format!(
            "{} would have no possible placement for its bulbs",
            wall_name(s, w)
        ),
    }
}

/// The squares a contradiction is about.
fn conflict_squares(s: &State, conflict: Conflict) -> Vec<Pos> {
    match conflict {
        Conflict::BulbsSee(a, b) => vec![pos(s, a), pos(s, b)],
        Conflict::Dark(c) => vec![pos(s, c)],
        Conflict::TooMany(w) | Conflict::TooFew(w) | Conflict::NoPlacement(w) => {
            vec![s.lay.walls[w as usize].pos]
        }
    }
}

/// The error marks for a contradiction a rule found in the position itself.
pub fn conflict_marks(s: &State, conflict: Conflict) -> Vec<ErrorMark> {
    let reason = match conflict {
        Conflict::BulbsSee(..) => "bulb lit by another bulb",
        Conflict::TooMany(_) => "too many bulbs",
        Conflict::TooFew(_) => "not enough room for bulbs",
        Conflict::Dark(_) => "cannot be lit any more",
        Conflict::NoPlacement(_) => "no placement of its bulbs works",
    };
    conflict_squares(s, conflict)
        .into_iter()
        .map(|p| ErrorMark {
            target: Target::Square(p),
            reason: reason.into(),
        })
        .collect()
}

/// The sentence explaining a finding, and the squares it looked at. Call it on the state the
/// finding was made in (before applying it).
pub fn explain(s: &State, f: &Finding) -> (String, Vec<Target>) {
    let cx = Context {
        s,
        f,
        bulbs: cells_with(f, BULB),
        marks: cells_with(f, NOBULB),
        set_cells: f.sets.iter().map(|&(c, _)| c).collect(),
    };
    let (text, premises) = match &f.why {
        Why::ZeroWall(w) => zero_wall(&cx, *w),
        Why::WallComplete(w) => wall_complete(&cx, *w),
        Why::WallNeedsAll(w) => wall_needs_all(&cx, *w),
        Why::OnlyLight(c) => only_light(&cx, *c),
        Why::Starve(w) => starve(&cx, *w),
        Why::Darken(c) => darken(&cx, *c),
        Why::Placements(w, survivors) => placements(&cx, *w, *survivors),
        Why::Case {
            tried,
            conflict,
            deep,
        } => case(&cx, *tried, *conflict, *deep),
    };
    let mut seen = Vec::new();
    for p in premises {
        if !seen.contains(&p) && !cx.set_cells.iter().any(|&c| pos(s, c) == p) {
            seen.push(p);
        }
    }
    (text, seen.into_iter().map(Target::Square).collect())
}

/// What every explanation looks at: the state, the finding and the squares it decides.
struct Context<'a, 'l> {
    s: &'a State<'l>,
    f: &'a Finding,
    bulbs: Vec<u32>,
    marks: Vec<u32>,
    set_cells: Vec<u32>,
}

/// A sentence and the squares it looked at (the finding's own squares are dropped later).
type Explained = (String, Vec<Pos>);

impl Context<'_, '_> {
    /// The squares of the walls the finding also used.
    fn other_walls(&self) -> impl Iterator<Item = Pos> + '_ {
        self.f
            .walls
            .iter()
            .map(|&x| self.s.lay.walls[x as usize].pos)
    }

    /// "(1,2) and (3,4) cannot hold bulbs".
    fn marks_text(&self) -> String {
        format!(
            "{} {}",
            list(self.s, &self.marks),
            no_bulb(self.marks.len())
        )
    }
}

fn zero_wall(cx: &Context, w: u32) -> Explained {
    let at = cx.s.lay.walls[w as usize].pos;
    let text = format!(
        "The 0 at {at} allows no bulb next to it, so {}.",
        cx.marks_text()
    );
    (text, vec![at])
}

fn wall_complete(cx: &Context, w: u32) -> Explained {
    let s = cx.s;
    let wall = &s.lay.walls[w as usize];
    let mut premises = vec![wall.pos];
    premises.extend(
        wall.cells()
            .iter()
            .filter(|&&(c, _)| s.val[c as usize] == BULB)
            .map(|&(c, _)| pos(s, c)),
    );
    let text = if s.need(w) == 0 {
        format!(
            "{} already has its {}, so {}.",
            capital(&wall_name(s, w)),
            plural(i32::from(wall.number), "bulb", "bulbs"),
            cx.marks_text()
        )
    } else {
        format!(
            "{} touches {} from two sides and needs only {} more, so {}.",
            capital(&wall_name(s, w)),
            list(s, &cx.marks),
            plural(s.need(w), "bulb", "bulbs"),
            cx.marks_text()
        )
    };
    (text, premises)
}

fn wall_needs_all(cx: &Context, w: u32) -> Explained {
    let s = cx.s;
    let wall = &s.lay.walls[w as usize];
    let mut premises = vec![wall.pos];
    premises.extend(wall.cells().iter().map(|&(c, _)| pos(s, c)));
    let doubled = s.wall_unknowns(w).iter().any(|&(_, wt)| wt > 1);
    let bulbs = list(s, &cx.bulbs);
    let text = if doubled {
        format!(
            "{} still needs {} and cannot reach that without {bulbs} (a neighbour touching it from two sides counts twice), so {bulbs} {}.",
            capital(&wall_name(s, w)),
            plural(s.need(w), "bulb", "bulbs"),
            is_bulb(cx.bulbs.len())
        )
    } else {
        format!(
            "{} still needs {} and has only {} left for them, so {bulbs} {}.",
            capital(&wall_name(s, w)),
            plural(s.need(w), "bulb", "bulbs"),
            plural(s.wall_free(w), "free neighbour", "free neighbours"),
            is_bulb(cx.bulbs.len())
        )
    };
    (text, premises)
}

fn only_light(cx: &Context, c: u32) -> Explained {
    let s = cx.s;
    let mut premises = vec![pos(s, c)];
    premises.extend(s.lay.line_cells(c).map(|y| pos(s, y)));
    let text = if cx.set_cells == [c] {
        format!(
            "Nothing else can light {} any more, so it is a bulb itself.",
            pos(s, c)
        )
    } else {
        format!(
            "Only {} can still light {}, so it is a bulb.",
            list(s, &cx.bulbs),
            pos(s, c)
        )
    };
    (text, premises)
}

fn starve(cx: &Context, w: u32) -> Explained {
    let s = cx.s;
    let mut premises = vec![s.lay.walls[w as usize].pos];
    premises.extend(s.wall_unknowns(w).iter().map(|&(c, _)| pos(s, c)));
    premises.extend(cx.other_walls());
    let text = format!(
        "A bulb on {} would leave {} too few free neighbours for the {} it still needs, so {}.",
        list(s, &cx.marks),
        wall_name(s, w),
        plural(s.need(w), "bulb", "bulbs"),
        cx.marks_text()
    );
    (text, premises)
}

fn darken(cx: &Context, c: u32) -> Explained {
    let s = cx.s;
    let mut premises = vec![pos(s, c)];
    premises.extend(s.candidate_list(c).iter().map(|&y| pos(s, y)));
    premises.extend(cx.other_walls());
    let text = format!(
        "A bulb on {} would rule out every square that could still light {}, so {}.",
        list(s, &cx.marks),
        pos(s, c),
        cx.marks_text()
    );
    (text, premises)
}

fn placements(cx: &Context, w: u32, survivors: usize) -> Explained {
    let s = cx.s;
    let mut premises: Vec<Pos> = cx.other_walls().collect();
    premises.extend(s.wall_unknowns(w).iter().map(|&(c, _)| pos(s, c)));
    let ways = if survivors == 1 {
        "The only way".to_string()
    } else {
        format!("Each of the {survivors} ways")
    };
    let (bulbs, marks) = (list(s, &cx.bulbs), list(s, &cx.marks));
    let effect = match (cx.bulbs.is_empty(), cx.marks.is_empty()) {
        (false, true) => format!("puts a bulb on {bulbs}"),
        (true, false) => format!("leaves {marks} without a bulb"),
        _ => format!("puts a bulb on {bulbs} and none on {marks}"),
    };
    let text = format!(
        "{ways} to place the {} still missing around {} without breaking a nearby number or leaving a neighbour dark {effect}.",
        plural(s.need(w), "bulb", "bulbs"),
        wall_name(s, w),
    );
    (text, premises)
}

fn case(cx: &Context, tried: u8, conflict: Conflict, deep: bool) -> Explained {
    let s = cx.s;
    let at = pos(s, cx.set_cells[0]);
    let mut premises = vec![at];
    premises.extend(conflict_squares(s, conflict));
    let rules = if deep {
        "the easy and tricky rules"
    } else {
        "the easy rules"
    };
    let why = conflict_clause(s, conflict);
    let text = if tried == BULB {
        format!(
            "If {at} were a bulb, {rules} would lead to a contradiction: {why}; so {at} cannot hold a bulb."
        )
    } else {
        format!(
            "If {at} had no bulb, {rules} would lead to a contradiction: {why}; so {at} is a bulb."
        )
    };
    (text, premises)
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
