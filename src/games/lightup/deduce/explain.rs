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
    let bulbs = cells_with(f, BULB);
    let marks = cells_with(f, NOBULB);
    let set_cells: Vec<u32> = f.sets.iter().map(|&(c, _)| c).collect();
    let mut premises: Vec<Pos> = Vec::new();
    let text = match &f.why {
        Why::ZeroWall(w) => {
            premises.push(s.lay.walls[*w as usize].pos);
            format!(
                "The 0 at {} allows no bulb next to it, so {} {}.",
                s.lay.walls[*w as usize].pos,
                list(s, &marks),
                no_bulb(marks.len())
            )
        }
        Why::WallComplete(w) => {
            let wall = &s.lay.walls[*w as usize];
            premises.push(wall.pos);
            premises.extend(
                wall.cells()
                    .iter()
                    .filter(|&&(c, _)| s.val[c as usize] == BULB)
                    .map(|&(c, _)| pos(s, c)),
            );
            if s.need(*w) == 0 {
                format!(
                    "{} already has its {}, so {} {}.",
                    capital(&wall_name(s, *w)),
                    plural(i32::from(wall.number), "bulb", "bulbs"),
                    list(s, &marks),
                    no_bulb(marks.len())
                )
            } else {
                format!(
                    "{} touches {} from two sides and needs only {} more, so {} {}.",
                    capital(&wall_name(s, *w)),
                    list(s, &marks),
                    plural(s.need(*w), "bulb", "bulbs"),
                    list(s, &marks),
                    no_bulb(marks.len())
                )
            }
        }
        Why::WallNeedsAll(w) => {
            let wall = &s.lay.walls[*w as usize];
            premises.push(wall.pos);
            premises.extend(wall.cells().iter().map(|&(c, _)| pos(s, c)));
            let doubled = s.wall_unknowns(*w).iter().any(|&(_, wt)| wt > 1);
            if doubled {
                format!(
                    "{} still needs {} and cannot reach that without {} (a neighbour touching it from two sides counts twice), so {} {}.",
                    capital(&wall_name(s, *w)),
                    plural(s.need(*w), "bulb", "bulbs"),
                    list(s, &bulbs),
                    list(s, &bulbs),
                    is_bulb(bulbs.len())
                )
            } else {
                format!(
                    "{} still needs {} and has only {} left for them, so {} {}.",
                    capital(&wall_name(s, *w)),
                    plural(s.need(*w), "bulb", "bulbs"),
                    plural(s.wall_free(*w), "free neighbour", "free neighbours"),
                    list(s, &bulbs),
                    is_bulb(bulbs.len())
                )
            }
        }
        Why::OnlyLight(c) => {
            premises.push(pos(s, *c));
            premises.extend(s.lay.line_cells(*c).map(|y| pos(s, y)));
            if set_cells == [*c] {
                format!(
                    "Nothing else can light {} any more, so it is a bulb itself.",
                    pos(s, *c)
                )
            } else {
                format!(
                    "Only {} can still light {}, so it is a bulb.",
                    list(s, &bulbs),
                    pos(s, *c)
                )
            }
        }
        Why::Starve(w) => {
            let wall = &s.lay.walls[*w as usize];
            premises.push(wall.pos);
            premises.extend(s.wall_unknowns(*w).iter().map(|&(c, _)| pos(s, c)));
            premises.extend(f.walls.iter().map(|&x| s.lay.walls[x as usize].pos));
            format!(
                "A bulb on {} would leave {} too few free neighbours for the {} it still needs, so {} {}.",
                list(s, &marks),
                wall_name(s, *w),
                plural(s.need(*w), "bulb", "bulbs"),
                list(s, &marks),
                no_bulb(marks.len())
            )
        }
        Why::Darken(c) => {
            premises.push(pos(s, *c));
            premises.extend(s.candidate_list(*c).iter().map(|&y| pos(s, y)));
            premises.extend(f.walls.iter().map(|&x| s.lay.walls[x as usize].pos));
            format!(
                "A bulb on {} would rule out every square that could still light {}, so {} {}.",
                list(s, &marks),
                pos(s, *c),
                list(s, &marks),
                no_bulb(marks.len())
            )
        }
        Why::Placements(w, survivors) => {
            premises.extend(f.walls.iter().map(|&x| s.lay.walls[x as usize].pos));
            premises.extend(s.wall_unknowns(*w).iter().map(|&(c, _)| pos(s, c)));
            let ways = if *survivors == 1 {
                "The only way".to_string()
            } else {
                format!("Each of the {survivors} ways")
            };
            let effect = match (bulbs.is_empty(), marks.is_empty()) {
                (false, true) => format!("puts a bulb on {}", list(s, &bulbs)),
                (true, false) => format!("leaves {} without a bulb", list(s, &marks)),
                _ => format!(
                    "puts a bulb on {} and none on {}",
                    list(s, &bulbs),
                    list(s, &marks)
                ),
            };
            format!(
                "{ways} to place the {} still missing around {} without breaking a nearby number or leaving a neighbour dark {effect}.",
                plural(s.need(*w), "bulb", "bulbs"),
                wall_name(s, *w),
            )
        }
        Why::Case {
            tried,
            conflict,
            deep,
        } => {
            let c = set_cells[0];
            premises.push(pos(s, c));
            premises.extend(conflict_squares(s, *conflict));
            let rules = if *deep {
                "the easy and tricky rules"
            } else {
                "the easy rules"
            };
            if *tried == BULB {
                format!(
                    "If {} were a bulb, {rules} would lead to a contradiction: {}; so {} cannot hold a bulb.",
                    pos(s, c),
                    conflict_clause(s, *conflict),
                    pos(s, c)
                )
            } else {
                format!(
                    "If {} had no bulb, {rules} would lead to a contradiction: {}; so {} is a bulb.",
                    pos(s, c),
                    conflict_clause(s, *conflict),
                    pos(s, c)
                )
            }
        }
    };
    let mut seen = Vec::new();
    for p in premises {
        if !seen.contains(&p) && !set_cells.iter().any(|&c| pos(s, c) == p) {
            seen.push(p);
        }
    }
    (text, seen.into_iter().map(Target::Square).collect())
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
