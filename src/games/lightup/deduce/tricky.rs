//! The tricky rules. Two are Tatham's "set discounting": a bulb on `d` is impossible when its
//! first consequences (the squares it lights, the other neighbours of a wall it fills) would
//! starve a numbered wall or rule out every square able to light some unlit square. The third
//! enumerates the placements of one wall's missing bulbs and keeps those whose first
//! consequences leave the nearby walls and squares possible; cells equal in all of them are
//! decided (this covers Tatham's notes on diagonal and aligned clues).

use super::catalogue::{BULB_DARKENS_SQUARE, BULB_STARVES_WALL, WALL_PLACEMENTS};
use super::finding::{Finding, Why};
use super::state::{BULB, Conflict, MAX_DARKENED, NOBULB, State, UNKNOWN};

/// The undecided neighbours of wall `w` with their weights, on the stack.
fn free_cells(s: &State, w: u32) -> ([(u32, u8); 4], usize) {
    let mut out = [(0, 0); 4];
    let mut n = 0;
    for &(c, wt) in s.lay.wall_cells(w) {
        if s.val[c as usize] == UNKNOWN {
            out[n] = (c, wt);
            n += 1;
        }
    }
    (out, n)
}

/// The walls a bulb on `d` would fill exactly (their other neighbours are then ruled out).
fn filled_walls(s: &State, d: u32) -> Vec<u32> {
    s.lay
        .walls_of(d)
        .iter()
        .filter(|&&(w, wt)| s.need(w) == i32::from(wt))
        .map(|&(w, _)| w)
        .collect()
}

/// Calls `f` on every undecided cell whose bulb would rule out a bulb on `x` (those seeing it
/// and those sharing a wall it would fill); possibly more than once each.
fn for_rulers_out(s: &State, x: u32, mut f: impl FnMut(u32)) {
    let lay = s.lay;
    for y in lay.line_cells(x) {
        if y != x && s.val[y as usize] == UNKNOWN {
            f(y);
        }
    }
    for &(w, _) in lay.walls_of(x) {
        let need = s.need(w);
        for &(y, wt) in lay.wall_cells(w) {
            if y != x && s.val[y as usize] == UNKNOWN && need == i32::from(wt) {
                f(y);
            }
        }
    }
}

/// Set discounting on a clue: the first undecided `d` whose bulb would leave wall `w` with
/// fewer free neighbours than the bulbs it would still need.
pub fn starve(s: &State, w: u32) -> Option<Finding> {
    let need = s.need(w);
    if need <= 0 || need > s.wall_free(w) {
        return None;
    }
    let (free, n) = free_cells(s, w);
    let free = &free[..n];
    let mut best: Option<u32> = None;
    let mut consider = |d: u32| {
        if best.is_some_and(|b| b <= d) {
            return;
        }
        let wd = i32::from(s.lay.weight(w, d));
        if wd > need {
            return;
        }
        let left: i32 = free
            .iter()
            .filter(|&&(x, _)| x != d && !s.rules_out(d, x))
            .map(|&(_, wt)| i32::from(wt))
            .sum();
        if left < need - wd {
            best = Some(d);
        }
    };
    for &(x, _) in free {
        consider(x);
        for_rulers_out(s, x, &mut consider);
    }
    let d = best?;
    let mut walls = vec![w];
    walls.extend(filled_walls(s, d));
    walls.sort_unstable();
    walls.dedup();
    Some(Finding {
        rule: BULB_STARVES_WALL,
        sets: vec![(d, NOBULB)],
        why: Why::Starve(w),
        walls,
    })
}

/// Set discounting on a square: the first undecided `d` (not lighting unlit cell `c`) whose
/// bulb would rule out every candidate able to light `c`.
pub fn darken(s: &State, c: u32) -> Option<Finding> {
    if s.val[c as usize] == BULB || s.lit(c) {
        return None;
    }
    let n = s.candidates(c) as usize;
    if n == 0 || n > MAX_DARKENED {
        return None;
    }
    let lay = s.lay;
    let mut xs = [0u32; MAX_DARKENED];
    let mut k = 0;
    let [h, v] = lay.segs(c);
    for (i, &y) in lay.seg(h).iter().chain(lay.seg(v)).enumerate() {
        let second_copy = y == c && i >= lay.seg(h).len();
        if s.val[y as usize] == UNKNOWN && !second_copy {
            xs[k] = y;
            k += 1;
        }
    }
    let xs = &xs[..k];
    // A bulb not lighting `c` sees at most two of its candidates (where the lines cross); the
    // others it can only rule out through a wall still needing bulbs.
    let plain = xs
        .iter()
        .filter(|&&x| lay.walls_of(x).iter().all(|&(w, _)| s.need(w) <= 0))
        .count();
    if plain > 2 {
        return None;
    }
    let cost = |x: u32| s.candidates(x) as usize + 3 * lay.walls_of(x).len();
    let &x0 = xs.iter().min_by_key(|&&x| cost(x))?;
    let mut best: Option<u32> = None;
    for_rulers_out(s, x0, |d| {
        if best.is_some_and(|b| b <= d) || lay.lights(d, c) {
            return;
        }
        if xs.iter().all(|&x| s.rules_out(d, x)) {
            best = Some(d);
        }
    });
    let d = best?;
    let walls: Vec<u32> = filled_walls(s, d)
        .into_iter()
        .filter(|&w| xs.iter().any(|&x| lay.weight(w, x) > 0))
        .collect();
    Some(Finding {
        rule: BULB_DARKENS_SQUARE,
        sets: vec![(d, NOBULB)],
        why: Why::Darken(c),
        walls,
    })
}

/// The placements of wall `w`'s missing bulbs among its undecided neighbours that survive their
/// first consequences; cells equal in all of them are decided. No survivor is a contradiction.
pub fn placements(s: &mut State, w: u32) -> Result<Option<Finding>, Conflict> {
    let need = s.need(w);
    if need <= 0 || need > s.wall_free(w) {
        return Ok(None);
    }
    let (free, n) = free_cells(s, w);
    let free = &free[..n];
    let mut read = Vec::new();
    let (mut all, mut any, mut survivors) = (u32::MAX, 0u32, 0usize);
    for mask in 0u32..(1 << n) {
        let total: i32 = (0..n)
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| i32::from(free[i].1))
            .sum();
        if total != need {
            continue;
        }
        let mut bulbs = [0u32; 4];
        let mut k = 0;
        for (i, &(c, _)) in free.iter().enumerate() {
            if mask & (1 << i) != 0 {
                bulbs[k] = c;
                k += 1;
            }
        }
        if survives(s, w, free, &bulbs[..k], &mut read) {
            all &= mask;
            any |= mask;
            survivors += 1;
        }
    }
    if survivors == 0 {
        return Err(Conflict::NoPlacement(w));
    }
    let sets: Vec<(u32, u8)> = (0..n)
        .filter_map(|i| {
            if all & (1 << i) != 0 {
                Some((free[i].0, BULB))
            } else if any & (1 << i) == 0 {
                Some((free[i].0, NOBULB))
            } else {
                None
            }
        })
        .collect();
    if sets.is_empty() {
        return Ok(None);
    }
    read.push(w);
    read.sort_unstable();
    read.dedup();
    Ok(Some(Finding {
        rule: WALL_PLACEMENTS,
        sets,
        why: Why::Placements(w, survivors),
        walls: read,
    }))
}

/// Whether putting bulbs on `bulbs` (and none on wall `w`'s other free neighbours) keeps every
/// wall near them able to reach its number and every unlit neighbour of `w` able to be lit,
/// counting only first consequences. Walls looked at are added to `read`.
fn survives(s: &mut State, w: u32, free: &[(u32, u8)], bulbs: &[u32], read: &mut Vec<u32>) -> bool {
    let lay = s.lay;
    for (k, &a) in bulbs.iter().enumerate() {
        if bulbs[k + 1..].iter().any(|&b| lay.sees(a, b)) {
            return false;
        }
    }
    let added = |w2: u32| -> i32 { bulbs.iter().map(|&b| i32::from(lay.weight(w2, b))).sum() };
    // Walls next to the bulbs must not overflow; those they fill rule out their other cells.
    let mut filled = [0u32; 16];
    let mut n_filled = 0;
    for &b in bulbs {
        for &(w3, _) in lay.walls_of(b) {
            if w3 == w || filled[..n_filled].contains(&w3) {
                continue;
            }
            read.push(w3);
            let k = added(w3);
            if s.need(w3) < k {
                return false;
            }
            if s.need(w3) == k {
                filled[n_filled] = w3;
                n_filled += 1;
            }
        }
    }
    // The cells ruled out: the other free neighbours, what the bulbs light, and the other
    // neighbours of the walls the bulbs fill.
    s.next_epoch();
    let mut ruled = std::mem::take(&mut s.scratch);
    ruled.clear();
    let mut rule_out = |s: &mut State, y: u32| {
        if s.val[y as usize] == UNKNOWN && !bulbs.contains(&y) && !s.stamped(y) {
            s.stamp(y);
            ruled.push(y);
        }
    };
    for &(x, _) in free {
        rule_out(s, x);
    }
    for &b in bulbs {
        for y in lay.line_cells(b) {
            rule_out(s, y);
        }
    }
    for &w3 in &filled[..n_filled] {
        for &(y, _) in lay.wall_cells(w3) {
            rule_out(s, y);
        }
    }
    let ok = walls_keep_room(s, w, bulbs, &ruled, read) && neighbours_stay_lightable(s, w, bulbs);
    s.scratch = ruled;
    ok
}

/// Whether every wall other than `w` next to a bulb or a ruled-out cell can still reach its
/// number once `bulbs` are placed and the stamped cells ruled out.
fn walls_keep_room(s: &State, w: u32, bulbs: &[u32], ruled: &[u32], read: &mut Vec<u32>) -> bool {
    let lay = s.lay;
    let room = |w2: u32| -> bool {
        let added: i32 = bulbs.iter().map(|&b| i32::from(lay.weight(w2, b))).sum();
        let left: i32 = lay
            .wall_cells(w2)
            .iter()
            .filter(|&&(y, _)| s.val[y as usize] == UNKNOWN && !bulbs.contains(&y) && !s.stamped(y))
            .map(|&(_, wt)| i32::from(wt))
            .sum();
        s.need(w2) - added <= left
    };
    for &y in bulbs.iter().chain(ruled) {
        for &(w2, _) in lay.walls_of(y) {
            if w2 != w {
                read.push(w2);
                if !room(w2) {
                    return false;
                }
            }
        }
    }
    true
}

/// Whether every unlit neighbour of wall `w` not lit by `bulbs` keeps a candidate that is not
/// ruled out (stamped).
fn neighbours_stay_lightable(s: &State, w: u32, bulbs: &[u32]) -> bool {
    let lay = s.lay;
    lay.wall_cells(w).iter().all(|&(y, _)| {
        s.val[y as usize] == BULB
            || s.lit(y)
            || bulbs.iter().any(|&b| lay.lights(b, y))
            || lay
                .line_cells(y)
                .any(|c| s.val[c as usize] == UNKNOWN && !s.stamped(c) && !bulbs.contains(&c))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::lightup::LightUp;
    use crate::games::lightup::deduce::layout::Layout;
    use crate::grid::Pos;

    fn layout(text: &str) -> Layout {
        Layout::new(&LightUp::parse(text).unwrap())
    }

    fn cell(lay: &Layout, r: usize, c: usize) -> u32 {
        lay.cell_of(Pos::new(r, c)).unwrap()
    }

    fn start<'a>(lay: &'a Layout, text: &str) -> State<'a> {
        let g = LightUp::parse(text).unwrap();
        let values: Vec<u8> = lay
            .pos_of
            .iter()
            .map(|&p| match g.square(p) {
                Some(crate::games::lightup::Square::Mark) => NOBULB,
                Some(crate::games::lightup::Square::Bulb) => BULB,
                _ => UNKNOWN,
            })
            .collect();
        State::with_values(lay, &values)
    }

    #[test]
    fn starving_bulb_is_the_first_in_row_major_order() {
        let text = "3 3 0\nbbb\nw2b\nbbb\n";
        let lay = layout(text);
        let s = start(&lay, text);
        let f = starve(&s, 0).unwrap();
        assert_eq!(f.sets, vec![(cell(&lay, 0, 2), NOBULB)]);
        assert_eq!(f.walls, vec![0]);
        let text = "3 3 0\nbbb\nw1b\nbbb\n";
        let lay = layout(text);
        assert_eq!(starve(&start(&lay, text), 0), None);
    }

    #[test]
    fn darkening_bulb_must_not_light_the_square_itself() {
        let text = "3 3 0\n-bw\nbbb\nwbb\n";
        let lay = layout(text);
        let s = start(&lay, text);
        let f = darken(&s, cell(&lay, 0, 0)).unwrap();
        assert_eq!(f.sets, vec![(cell(&lay, 1, 1), NOBULB)]);
        // An unmarked (0,0) can light itself: nothing to rule out.
        let text = "3 3 0\nbbw\nbbb\nwbb\n";
        let lay = layout(text);
        assert_eq!(darken(&start(&lay, text), 0), None);
    }

    #[test]
    fn darkening_through_a_wall_a_bulb_fills() {
        // (0,0) is marked and only (0,1) or (1,0) can light it; both touch the 1, which a bulb
        // on (1,2) would fill.
        let text = "3 3 0\n-bw\nb1b\nwbb\n";
        let lay = layout(text);
        let s = start(&lay, text);
        let f = darken(&s, cell(&lay, 0, 0)).unwrap();
        assert_eq!(f.sets, vec![(cell(&lay, 1, 2), NOBULB)]);
        assert_eq!(f.walls, vec![0]);
        // A 2 is not filled by one bulb.
        let text = "3 3 0\n-bw\nb2b\nwbb\n";
        let lay = layout(text);
        assert_eq!(darken(&start(&lay, text), cell(&lay, 0, 0)), None);
    }

    #[test]
    fn placements_agree_or_contradict() {
        let text = "3 3 1\nbbb\nb3b\nbbb\n";
        let lay = layout(text);
        let mut s = start(&lay, text);
        assert_eq!(placements(&mut s, 0), Err(Conflict::NoPlacement(0)));
        let text = "3 3 1\nb-b\nb2b\nbbb\n";
        let lay = layout(text);
        let mut s = start(&lay, text);
        // Up is marked; left and right see each other round the edge: down is a bulb.
        let f = placements(&mut s, 0).unwrap().unwrap();
        assert_eq!(f.sets, vec![(cell(&lay, 2, 1), BULB)]);
        assert_eq!(f.why, Why::Placements(0, 2));
        let text = "3 3 1\nbbb\nb2b\nbbb\n";
        let lay = layout(text);
        assert_eq!(placements(&mut start(&lay, text), 0), Ok(None));
    }
}
