//! The easy rules: a 0 wall, a wall with its bulbs, a wall needing every free neighbour, and a
//! square only one candidate can light. Each looks at one wall or one square.

use super::catalogue::{ONLY_ONE_LIGHT, WALL_COMPLETE, WALL_NEEDS_ALL, ZERO_WALL};
use super::finding::{Finding, Why};
use super::state::{BULB, NOBULB, State, UNKNOWN};

/// A 0 wall with undecided neighbours: they get no bulb.
pub fn zero_wall(s: &State, w: u32) -> Option<Finding> {
    if s.lay.walls[w as usize].number != 0 {
        return None;
    }
    let sets: Vec<(u32, u8)> = s
        .wall_unknowns(w)
        .into_iter()
        .map(|(c, _)| (c, NOBULB))
        .collect();
    (!sets.is_empty()).then(|| Finding {
        rule: ZERO_WALL,
        sets,
        why: Why::ZeroWall(w),
        walls: vec![w],
    })
}

/// A numbered (non-zero) wall whose undecided neighbours would overshoot it: usually because it
/// already has all its bulbs.
pub fn wall_complete(s: &State, w: u32) -> Option<Finding> {
    if s.lay.walls[w as usize].number == 0 {
        return None;
    }
    let need = s.need(w);
    let sets: Vec<(u32, u8)> = s
        .wall_unknowns(w)
        .into_iter()
        .filter(|&(_, wt)| i32::from(wt) > need)
        .map(|(c, _)| (c, NOBULB))
        .collect();
    (!sets.is_empty() && need >= 0).then(|| Finding {
        rule: WALL_COMPLETE,
        sets,
        why: Why::WallComplete(w),
        walls: vec![w],
    })
}

/// A numbered wall that cannot reach its number without some undecided neighbours: usually all.
pub fn wall_needs_all(s: &State, w: u32) -> Option<Finding> {
    let (need, free) = (s.need(w), s.wall_free(w));
    if need <= 0 || need > free {
        return None;
    }
    let sets: Vec<(u32, u8)> = s
        .wall_unknowns(w)
        .into_iter()
        .filter(|&(_, wt)| i32::from(wt) <= need && free - i32::from(wt) < need)
        .map(|(c, _)| (c, BULB))
        .collect();
    (!sets.is_empty()).then(|| Finding {
        rule: WALL_NEEDS_ALL,
        sets,
        why: Why::WallNeedsAll(w),
        walls: vec![w],
    })
}

/// An unlit square with exactly one candidate left: the candidate is a bulb.
pub fn only_one_light(s: &State, c: u32) -> Option<Finding> {
    if s.val[c as usize] == BULB || s.lit(c) || s.candidates(c) != 1 {
        return None;
    }
    let only = s
        .lay
        .line_cells(c)
        .find(|&y| s.val[y as usize] == UNKNOWN)?;
    Some(Finding {
        rule: ONLY_ONE_LIGHT,
        sets: vec![(only, BULB)],
        why: Why::OnlyLight(c),
        walls: Vec::new(),
    })
}

/// Whether `c` is an unlit square nothing can light any more.
pub fn unlightable(s: &State, c: u32) -> bool {
    s.val[c as usize] != BULB && !s.lit(c) && s.candidates(c) == 0
}
