//! The engine's working state: each cell is unknown, a bulb, or no bulb (marked or lit), with
//! counters kept in step, a trail to undo assignments, the queue of the easy rules' forced
//! values, and the "dirty" walls and squares the tricky rules must look at again.

use super::layout::Layout;

/// A bulb on `d` can rule out at most this many candidates of a square it does not light: the
/// two where its lines cross the square's, and three other neighbours of each of up to four
/// walls it fills. A square with more candidates is never darkened by one bulb.
pub const MAX_DARKENED: usize = 14;

/// Not decided yet: an unlit blank square.
pub const UNKNOWN: u8 = 0;
/// A bulb.
pub const BULB: u8 = 1;
/// No bulb: a mark, or a square lit by a bulb.
pub const NOBULB: u8 = 2;

/// Why a position (or a tried value) has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// Two bulbs (cells) light each other.
    BulbsSee(u32, u32),
    /// A numbered wall with more bulbs than its number.
    TooMany(u32),
    /// A numbered wall without room for its missing bulbs.
    TooFew(u32),
    /// An unlit cell nothing can light any more.
    Dark(u32),
    /// A numbered wall none of whose placements keeps its neighbours possible.
    NoPlacement(u32),
}

/// Cell values, counters, trail, queue and dirty sets over one [`Layout`].
pub struct State<'a> {
    /// The puzzle's structure.
    pub lay: &'a Layout,
    /// Each cell's value.
    pub val: Vec<u8>,
    seg_bulbs: Vec<u16>,
    seg_unknown: Vec<u16>,
    wall_bulbs: Vec<u8>,
    wall_unknown: Vec<u8>,
    trail: Vec<u32>,
    queue: Vec<(u32, u8)>,
    wall_queue: std::collections::VecDeque<(u32, u8, u32)>,
    unknown: usize,
    dirty_cells: Vec<u32>,
    cell_dirty: Vec<bool>,
    dirty_walls: Vec<u32>,
    wall_dirty: Vec<bool>,
    /// Walls whose numbers a top-level deduction read (for the generator).
    pub used: Vec<bool>,
    /// Whether deductions record the walls they read in `used`.
    pub record_used: bool,
    /// Trail position from which changes have not yet been turned into dirty marks.
    pub dirty_from: usize,
    epoch: u32,
    stamp: Vec<u32>,
    seg_seen: Vec<bool>,
    wall_seen: Vec<bool>,
    /// The cells case analysis decided at the top level, in order.
    pub cased: Vec<u32>,
    /// A reusable buffer for rules.
    pub scratch: Vec<u32>,
}

impl<'a> State<'a> {
    /// Every cell unknown, nothing dirty.
    pub fn new(lay: &'a Layout) -> Self {
        let cells = lay.cells();
        let walls = lay.walls.len();
        State {
            lay,
            val: vec![UNKNOWN; cells],
            seg_bulbs: vec![0; lay.seg_count()],
            seg_unknown: (0..lay.seg_count() as u32)
                .map(|s| lay.seg(s).len() as u16)
                .collect(),
            wall_bulbs: vec![0; walls],
            wall_unknown: lay
                .walls
                .iter()
                .map(|w| w.cells().iter().map(|&(_, wt)| wt).sum())
                .collect(),
            trail: Vec::with_capacity(cells),
            queue: Vec::new(),
            wall_queue: std::collections::VecDeque::new(),
            unknown: cells,
            dirty_cells: Vec::new(),
            cell_dirty: vec![false; cells],
            dirty_walls: Vec::new(),
            wall_dirty: vec![false; walls],
            used: vec![false; walls],
            record_used: false,
            dirty_from: 0,
            epoch: 0,
            stamp: vec![0; cells],
            seg_seen: vec![false; lay.seg_count()],
            wall_seen: vec![false; walls],
            scratch: Vec::new(),
            cased: Vec::new(),
        }
    }

    /// A state holding the given values, counters set, without propagating anything.
    pub fn with_values(lay: &'a Layout, values: &[u8]) -> Self {
        let mut s = State::new(lay);
        for (c, &v) in values.iter().enumerate() {
            if v != UNKNOWN {
                s.assign(c as u32, v);
            }
        }
        s.trail.clear();
        s.dirty_from = 0;
        s
    }

    /// Number of undecided cells.
    pub fn unknown_count(&self) -> usize {
        self.unknown
    }

    /// Whether a bulb lights cell `c`.
    pub fn lit(&self, c: u32) -> bool {
        let [h, v] = self.lay.segs(c);
        self.seg_bulbs[h as usize] > 0 || self.seg_bulbs[v as usize] > 0
    }

    /// Undecided cells that could light `c` (itself included when undecided).
    pub fn candidates(&self, c: u32) -> u32 {
        let [h, v] = self.lay.segs(c);
        u32::from(self.seg_unknown[h as usize]) + u32::from(self.seg_unknown[v as usize])
            - u32::from(self.val[c as usize] == UNKNOWN)
    }

    /// The undecided cells that could light `c`, ascending.
    pub fn candidate_list(&self, c: u32) -> Vec<u32> {
        let mut out: Vec<u32> = self
            .lay
            .line_cells(c)
            .filter(|&y| self.val[y as usize] == UNKNOWN)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Bulbs still missing around numbered wall `w` (negative when it has too many).
    pub fn need(&self, w: u32) -> i32 {
        i32::from(self.lay.walls[w as usize].number) - i32::from(self.wall_bulbs[w as usize])
    }

    /// Weighted count of undecided neighbours of wall `w`.
    pub fn wall_free(&self, w: u32) -> i32 {
        i32::from(self.wall_unknown[w as usize])
    }

    /// The undecided neighbours of wall `w` with their weights.
    pub fn wall_unknowns(&self, w: u32) -> Vec<(u32, u8)> {
        self.lay
            .wall_cells(w)
            .iter()
            .copied()
            .filter(|&(c, _)| self.val[c as usize] == UNKNOWN)
            .collect()
    }

    /// Whether a bulb on `d` rules out a bulb on `x`: it lights `x`, or fills a numbered wall
    /// next to both.
    pub fn rules_out(&self, d: u32, x: u32) -> bool {
        d != x && (self.lay.sees(d, x) || self.fills_shared_wall(d, x).is_some())
    }

    /// A numbered wall next to both `d` and `x` that a bulb on `d` would fill exactly.
    pub fn fills_shared_wall(&self, d: u32, x: u32) -> Option<u32> {
        self.lay
            .walls_of(d)
            .iter()
            .find(|&&(w, wt)| self.need(w) == i32::from(wt) && self.lay.weight(w, x) > 0)
            .map(|&(w, _)| w)
    }

    /// Starts a fresh membership epoch for [`Self::stamp`] / [`Self::stamped`].
    pub fn next_epoch(&mut self) -> u32 {
        crate::generation::advance(&mut self.epoch, || self.stamp.fill(0))
    }

    /// Adds cell `c` to the current epoch's set.
    pub fn stamp(&mut self, c: u32) {
        self.stamp[c as usize] = self.epoch;
    }

    /// Whether cell `c` is in the current epoch's set.
    pub fn stamped(&self, c: u32) -> bool {
        self.stamp[c as usize] == self.epoch
    }

    fn assign(&mut self, x: u32, v: u8) {
        let lay = self.lay;
        let i = x as usize;
        self.val[i] = v;
        self.unknown -= 1;
        self.trail.push(x);
        let [h, vs] = lay.segs(x);
        self.seg_unknown[h as usize] -= 1;
        self.seg_unknown[vs as usize] -= 1;
        if v == BULB {
            self.seg_bulbs[h as usize] += 1;
            self.seg_bulbs[vs as usize] += 1;
        }
        for &(w, wt) in lay.walls_of(x) {
            self.wall_unknown[w as usize] -= wt;
            if v == BULB {
                self.wall_bulbs[w as usize] += wt;
            }
        }
    }

    /// Assigns `v` to `x`, queues what the easy rules force and marks what the tricky rules must
    /// look at again. Fails on a contradiction (the assignment stays on the trail for undo).
    pub fn set(&mut self, x: u32, v: u8) -> Result<(), Conflict> {
        let lay = self.lay;
        let i = x as usize;
        if self.val[i] != UNKNOWN {
            return if self.val[i] == v {
                Ok(())
            } else {
                Err(self.clash(x, v))
            };
        }
        self.assign(x, v);
        let [h, vs] = lay.segs(x);
        if v == BULB {
            for seg in [h, vs] {
                if self.seg_bulbs[seg as usize] > 1 {
                    return Err(Conflict::BulbsSee(x, self.other_bulb(seg, x)));
                }
            }
            for seg in [h, vs] {
                for &y in lay.seg(seg) {
                    if self.val[y as usize] == UNKNOWN {
                        self.queue.push((y, NOBULB));
                    }
                }
            }
        } else {
            // A square of the segment keeps at least (undecided cells of it) - 1 candidates:
            // only a segment with at most two left can leave one with a single candidate.
            for seg in [h, vs] {
                let si = seg as usize;
                if self.seg_bulbs[si] == 0 && self.seg_unknown[si] <= 2 {
                    for &q in lay.seg(seg) {
                        self.check_cover(q)?;
                    }
                }
            }
        }
        for &(w, _) in lay.walls_of(x) {
            self.check_wall(w)?;
        }
        Ok(())
    }

    /// The contradiction of giving `x` the value `v` when it already holds the other one.
    fn clash(&self, x: u32, v: u8) -> Conflict {
        let lay = self.lay;
        if v == BULB {
            if let Some(seg) = lay
                .segs(x)
                .into_iter()
                .find(|&s| self.seg_bulbs[s as usize] > 0)
            {
                return Conflict::BulbsSee(x, self.other_bulb(seg, x));
            }
            if let Some(&(w, _)) = lay
                .walls_of(x)
                .iter()
                .find(|&&(w, wt)| self.need(w) < i32::from(wt))
            {
                return Conflict::TooMany(w);
            }
            if let Some(&(w, _)) = lay
                .walls_of(x)
                .iter()
                .find(|&&(w, _)| self.need(w) > self.wall_free(w))
            {
                return Conflict::TooFew(w);
            }
            return Conflict::Dark(x);
        }
        match lay
            .walls_of(x)
            .iter()
            .find(|&&(w, _)| self.need(w) > self.wall_free(w))
        {
            Some(&(w, _)) => Conflict::TooFew(w),
            None => Conflict::Dark(
                lay.line_cells(x)
                    .find(|&q| !self.lit(q) && self.candidates(q) == 0)
                    .unwrap_or(x),
            ),
        }
    }

    fn other_bulb(&self, seg: u32, x: u32) -> u32 {
        self.lay
            .seg(seg)
            .iter()
            .copied()
            .find(|&y| y != x && self.val[y as usize] == BULB)
            .unwrap_or(x)
    }

    /// An unlit cell needs a candidate; with exactly one left, that one is a bulb.
    fn check_cover(&mut self, q: u32) -> Result<(), Conflict> {
        if self.lit(q) {
            return Ok(());
        }
        match self.candidates(q) {
            0 => Err(Conflict::Dark(q)),
            1 => {
                let only = self
                    .lay
                    .line_cells(q)
                    .find(|&y| self.val[y as usize] == UNKNOWN);
                if let Some(y) = only {
                    self.queue.push((y, BULB));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// A numbered wall: too many bulbs or too little room fails; otherwise neighbours that would
    /// overshoot get no bulb and neighbours the wall cannot do without are bulbs.
    fn check_wall(&mut self, w: u32) -> Result<(), Conflict> {
        let (need, free) = (self.need(w), self.wall_free(w));
        if need < 0 {
            return Err(Conflict::TooMany(w));
        }
        if need > free {
            return Err(Conflict::TooFew(w));
        }
        if free == 0 {
            return Ok(());
        }
        for &(y, wt) in self.lay.wall_cells(w) {
            if self.val[y as usize] != UNKNOWN {
                continue;
            }
            let wt = i32::from(wt);
            if wt > need {
                self.wall_queue.push_back((y, NOBULB, w));
            } else if free - wt < need {
                self.wall_queue.push_back((y, BULB, w));
            }
        }
        Ok(())
    }

    /// Checks every wall and every cell once, queueing what the easy rules force.
    pub fn start(&mut self) -> Result<(), Conflict> {
        for w in 0..self.lay.walls.len() {
            self.check_wall(w as u32)?;
        }
        for c in 0..self.val.len() {
            self.check_cover(c as u32)?;
        }
        Ok(())
    }

    /// Applies queued values until none is left. What the squares' lighting forces comes first;
    /// a wall's forced values are applied one wall at a time only when nothing else is left, so
    /// the walls recorded as used are few (the generator drops the others).
    pub fn propagate(&mut self) -> Result<(), Conflict> {
        let result = self.propagate_queues();
        if result.is_err() {
            self.queue.clear();
            self.wall_queue.clear();
        }
        result
    }

    fn propagate_queues(&mut self) -> Result<(), Conflict> {
        loop {
            while let Some((x, v)) = self.queue.pop() {
                self.set(x, v)?;
            }
            let Some(&(_, _, w)) = self.wall_queue.front() else {
                return Ok(());
            };
            let mut applied = false;
            while let Some(&(x, v, w2)) = self.wall_queue.front() {
                if w2 != w {
                    break;
                }
                self.wall_queue.pop_front();
                applied |= self.val[x as usize] == UNKNOWN;
                self.set(x, v)?;
            }
            if applied && self.record_used {
                self.used[w as usize] = true;
            }
        }
    }

    /// Trail length, to undo back to.
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Reverts assignments back to trail length `mark` and forgets queued and dirty work.
    pub fn undo_to(&mut self, mark: usize) {
        let lay = self.lay;
        while self.trail.len() > mark {
            let Some(x) = self.trail.pop() else { break };
            let i = x as usize;
            let v = self.val[i];
            self.val[i] = UNKNOWN;
            self.unknown += 1;
            let [h, vs] = lay.segs(x);
            self.seg_unknown[h as usize] += 1;
            self.seg_unknown[vs as usize] += 1;
            if v == BULB {
                self.seg_bulbs[h as usize] -= 1;
                self.seg_bulbs[vs as usize] -= 1;
            }
            for &(w, wt) in lay.walls_of(x) {
                self.wall_unknown[w as usize] += wt;
                if v == BULB {
                    self.wall_bulbs[w as usize] -= wt;
                }
            }
        }
        self.queue.clear();
        self.wall_queue.clear();
        self.clear_dirty();
        self.dirty_from = self.dirty_from.min(mark);
    }

    /// Marks an unlit square for the tricky rules, unless it has too many candidates for one
    /// bulb to rule them all out (it is marked again when one of them is decided).
    pub fn mark_cell(&mut self, c: u32) {
        if !self.cell_dirty[c as usize]
            && self.val[c as usize] != BULB
            && !self.lit(c)
            && self.candidates(c) as usize <= MAX_DARKENED
        {
            self.cell_dirty[c as usize] = true;
            self.dirty_cells.push(c);
        }
    }

    /// Marks a numbered wall for the tricky rules, unless the easy rules settle it (it is marked
    /// again when a neighbour changes).
    pub fn mark_wall(&mut self, w: u32) {
        let need = self.need(w);
        if !self.wall_dirty[w as usize] && need > 0 && need < self.wall_free(w) {
            self.wall_dirty[w as usize] = true;
            self.dirty_walls.push(w);
        }
    }

    fn mark_walls_of(&mut self, c: u32) {
        let lay = self.lay;
        for &(w, _) in lay.walls_of(c) {
            self.mark_wall(w);
        }
    }

    /// Turns the changes made since `dirty_from` into dirty marks: every wall and cell whose
    /// tricky-rule verdict they may alter. That is the cells of the changed cells' lines (their
    /// candidates changed) and the walls next to those; and, for the numbered walls next to a
    /// changed cell, the same around each of their neighbours (what a bulb there rules out, and
    /// the room such walls have left) plus the walls sharing those neighbours' walls' cells.
    pub fn expand_dirty(&mut self) {
        let lay = self.lay;
        let from = self.dirty_from.min(self.trail.len());
        self.dirty_from = self.trail.len();
        if from == self.trail.len() {
            return;
        }
        self.next_epoch();
        let mut ys = std::mem::take(&mut self.scratch);
        ys.clear();
        for k in from..self.trail.len() {
            let x = self.trail[k];
            if !self.stamped(x) {
                self.stamp(x);
                ys.push(x);
            }
            for &(w2, _) in lay.walls_of(x) {
                self.mark_wall(w2);
                for &(y, _) in lay.wall_cells(w2) {
                    if !self.stamped(y) {
                        self.stamp(y);
                        ys.push(y);
                    }
                }
            }
        }
        let mut segs = Vec::new();
        let mut walls = Vec::new();
        for &y in &ys {
            for seg in lay.segs(y) {
                if !self.seg_seen[seg as usize] {
                    self.seg_seen[seg as usize] = true;
                    segs.push(seg);
                    for &w in lay.seg_walls(seg) {
                        self.mark_wall(w);
                    }
                    // A lit segment has no square to darken, and one with too many undecided
                    // cells gives each of its squares too many candidates.
                    let si = seg as usize;
                    if self.seg_bulbs[si] == 0
                        && usize::from(self.seg_unknown[si]) <= MAX_DARKENED + 1
                    {
                        for &z in lay.seg(seg) {
                            self.mark_cell(z);
                        }
                    }
                }
            }
            for &(w3, _) in lay.walls_of(y) {
                if !self.wall_seen[w3 as usize] {
                    self.wall_seen[w3 as usize] = true;
                    walls.push(w3);
                    for &(y2, _) in lay.wall_cells(w3) {
                        self.mark_walls_of(y2);
                    }
                }
            }
        }
        for seg in segs {
            self.seg_seen[seg as usize] = false;
        }
        for w in walls {
            self.wall_seen[w as usize] = false;
        }
        self.scratch = ys;
    }

    /// Marks every numbered wall and every cell dirty.
    pub fn mark_all_dirty(&mut self) {
        self.dirty_from = self.trail.len();
        for w in 0..self.lay.walls.len() {
            self.mark_wall(w as u32);
        }
        for c in 0..self.val.len() {
            self.mark_cell(c as u32);
        }
    }

    /// The next dirty wall, if any.
    pub fn pop_dirty_wall(&mut self) -> Option<u32> {
        let w = self.dirty_walls.pop()?;
        self.wall_dirty[w as usize] = false;
        Some(w)
    }

    /// The next dirty cell, if any.
    pub fn pop_dirty_cell(&mut self) -> Option<u32> {
        let c = self.dirty_cells.pop()?;
        self.cell_dirty[c as usize] = false;
        Some(c)
    }

    /// Forgets every dirty mark.
    pub fn clear_dirty(&mut self) {
        for &c in &self.dirty_cells {
            self.cell_dirty[c as usize] = false;
        }
        for &w in &self.dirty_walls {
            self.wall_dirty[w as usize] = false;
        }
        self.dirty_cells.clear();
        self.dirty_walls.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::lightup::LightUp;

    fn layout(text: &str) -> Layout {
        Layout::new(&LightUp::parse(text).unwrap())
    }

    #[test]
    fn a_bulb_empties_its_lines_and_undo_restores() {
        let lay = layout("2 3 0\nbbb\nbwb\n");
        let mut s = State::new(&lay);
        let m = s.mark();
        s.set(0, BULB).unwrap();
        s.propagate().unwrap();
        // (0,0) lights (0,1), (0,2) and (1,0); (1,2) is then only lit by itself.
        assert_eq!(s.val, vec![BULB, NOBULB, NOBULB, NOBULB, BULB]);
        assert_eq!(s.unknown_count(), 0);
        s.undo_to(m);
        assert_eq!(s.val, vec![UNKNOWN; 5]);
        assert_eq!(s.candidates(4), 2);
    }

    #[test]
    fn walls_fill_and_overflow() {
        let lay = layout("1 3 0\nb2b\n");
        let mut s = State::new(&lay);
        s.start().unwrap();
        s.propagate().unwrap();
        assert_eq!(s.val, vec![BULB, BULB]);
        let lay = layout("1 3 0\nb1b\n");
        let mut s = State::new(&lay);
        s.set(0, BULB).unwrap();
        assert_eq!(s.set(1, BULB), Err(Conflict::TooMany(0)));
    }

    #[test]
    fn dark_squares_are_contradictions() {
        let lay = layout("1 3 0\nbwb\n");
        let mut s = State::new(&lay);
        assert_eq!(s.set(0, NOBULB), Err(Conflict::Dark(0)));
    }

    #[test]
    fn bulbs_in_one_line_conflict() {
        let lay = layout("1 3 0\nbbb\n");
        let mut s = State::new(&lay);
        s.set(0, BULB).unwrap();
        assert_eq!(s.set(2, BULB), Err(Conflict::BulbsSee(2, 0)));
    }
}
