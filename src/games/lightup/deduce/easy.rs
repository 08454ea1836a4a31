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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::lightup::LightUp;
    use crate::games::lightup::deduce::layout::Layout;

    fn layout(text: &str) -> Layout {
        Layout::new(&LightUp::parse(text).unwrap())
    }

    #[test]
    fn zero_wall_marks_only_undecided_neighbours() {
        let lay = layout("1 3 0\nb0b\n");
        let s = State::with_values(&lay, &[NOBULB, UNKNOWN]);
        let f = zero_wall(&s, 0).unwrap();
        assert_eq!(f.sets, vec![(1, NOBULB)]);
        let s = State::with_values(&lay, &[NOBULB, NOBULB]);
        assert_eq!(zero_wall(&s, 0), None);
        let lay = layout("1 3 0\nb1b\n");
        assert_eq!(zero_wall(&State::new(&lay), 0), None);
    }

    #[test]
    fn complete_and_needy_walls() {
        let lay = layout("1 3 0\nb1b\n");
        let s = State::with_values(&lay, &[BULB, UNKNOWN]);
        assert_eq!(wall_complete(&s, 0).unwrap().sets, vec![(1, NOBULB)]);
        assert_eq!(wall_needs_all(&s, 0), None);
        let s = State::with_values(&lay, &[NOBULB, UNKNOWN]);
        assert_eq!(wall_complete(&s, 0), None);
        assert_eq!(wall_needs_all(&s, 0).unwrap().sets, vec![(1, BULB)]);
        let s = State::new(&lay);
        assert_eq!(wall_complete(&s, 0), None);
        assert_eq!(wall_needs_all(&s, 0), None);
    }

    #[test]
    fn only_light_needs_a_single_candidate() {
        let lay = layout("2 2 0\nbb\nwb\n");
        // Cells: (0,0)=0, (0,1)=1, (1,1)=2. With (0,1) marked, (0,0) is lit only by itself.
        let s = State::with_values(&lay, &[UNKNOWN, NOBULB, UNKNOWN]);
        assert_eq!(only_one_light(&s, 0).unwrap().sets, vec![(0, BULB)]);
        assert_eq!(only_one_light(&s, 1), None);
        assert!(!unlightable(&s, 1));
        let s = State::with_values(&lay, &[NOBULB, NOBULB, UNKNOWN]);
        assert!(unlightable(&s, 0));
    }
}
