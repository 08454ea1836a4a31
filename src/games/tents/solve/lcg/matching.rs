//! Rule 4 under `matching` as a propagator: the tents and the trees pair off, each tree with a
//! tent next to it.
//!
//! (Kept apart from `flow.rs`: inside the clause-learning engine every deduction needs a reason.)
//!
//! A matching is kept that gives every tree a square that may hold a tent and every placed tent
//! a tree; backtracking keeps it valid (squares only get freer). By the Mendelsohn–Dulmage
//! theorem such a matching exists exactly when one covers the trees and one covers the tents,
//! so failures come in two kinds, each explained by a Hall set: trees whose open squares are
//! fewer than them (because of the empty squares next to them), or tents whose trees are fewer
//! than them (because of those tents). Tight sets of trees (as many open squares as trees) force
//! their squares to be tents. The other direction (a square whose trees all belong to placed
//! tents is empty) is left to conflicts: found over the whole grid at every check it cost more
//! than it saved (50x50 bench: 4 times slower for a mixed change in conflicts).

use super::lit::Lit;

use super::super::model::{Csr, Model, NONE};
use super::super::state::{NO_TENT, TENT, UNKNOWN};
use super::ctx::{Ctx, lit};

/// The maintained matching, the work waiting for the next check, and scratch space.
pub(super) struct Matching {
    /// Candidate -> tree paired with it, or NONE.
    tree_of: Vec<u32>,
    /// Tree -> candidate paired with it, or NONE.
    cand_of: Vec<u32>,
    /// Per candidate: its trees (indices), as in the model's `cell_trees` (packed by candidate
    /// rather than by square: it is read at every assignment).
    cand_trees: Csr,
    /// Trees that lost their square, to pair again.
    free_trees: Vec<u32>,
    /// Tents placed while unpaired, to pair.
    lone_tents: Vec<u32>,
    seen_tree: Vec<u32>,
    seen_cand: Vec<u32>,
    stamp: u32,
    /// Per tree / candidate: where the search came from.
    pred_tree: Vec<u32>,
    pred_cand: Vec<u32>,
    queue: Vec<u32>,
    why: Vec<Lit>,
    /// Trees next to squares emptied since their last try for a tight set.
    touched: Vec<u32>,
    touched_flag: Vec<bool>,
    /// Per tree: `tight_stamp` once found in a tight set during the current check.
    tight: Vec<u32>,
    tight_stamp: u32,
}

impl Matching {
    /// A matching of every tree to one of its squares, or `None` when there is none (no
    /// solution).
    pub(super) fn new(m: &Model) -> Option<Self> {
        let trees = m.tree_count();
        let cands = m.candidates.len();
        let cand_trees = Csr::from_lists(
            m.candidates
                .iter()
                .map(|&c| m.cell_trees.get(c as usize).to_vec())
                .collect(),
        );
        let mut mt = Matching {
            tree_of: vec![NONE; cands],
            cand_of: vec![NONE; trees],
            cand_trees,
            free_trees: (0..trees as u32).collect(),
            lone_tents: Vec::new(),
            seen_tree: vec![0; trees],
            seen_cand: vec![0; cands],
            stamp: 0,
            pred_tree: vec![NONE; trees],
            pred_cand: vec![NONE; cands],
            queue: Vec::new(),
            why: Vec::new(),
            touched: (0..trees as u32).collect(),
            touched_flag: vec![true; trees],
            tight: vec![0; trees],
            tight_stamp: 0,
        };
        let open = vec![UNKNOWN; cands];
        for t in 0..trees as u32 {
            if !mt.pair_tree(m, &open, t) {
                return None;
            }
        }
        mt.free_trees.clear();
        Some(mt)
    }

    /// Notes that candidate `k` was decided (`val[k]` holds its new value).
    pub(super) fn on_assign(&mut self, k: u32, val: &[u8]) {
        if val[k as usize] == NO_TENT {
            for &t in self.cand_trees.get(k as usize) {
                if !self.touched_flag[t as usize] {
                    self.touched_flag[t as usize] = true;
                    self.touched.push(t);
                }
            }
            let t = self.tree_of[k as usize];
            if t != NONE {
                self.tree_of[k as usize] = NONE;
                self.cand_of[t as usize] = NONE;
                self.free_trees.push(t);
            }
        } else if self.tree_of[k as usize] == NONE {
            self.lone_tents.push(k);
        }
    }

    /// Repairs the matching, then forces what every matching implies; false on a conflict.
    pub(super) fn propagate(&mut self, m: &Model, val: &[u8], ctx: &mut Ctx) -> bool {
        while let Some(&t) = self.free_trees.last() {
            if self.cand_of[t as usize] == NONE && !self.pair_tree(m, val, t) {
                self.fail_trees(m, val, ctx);
                return false;
            }
            self.free_trees.pop();
        }
        while let Some(&k) = self.lone_tents.last() {
            if val[k as usize] == TENT
                && self.tree_of[k as usize] == NONE
                && !self.pair_tent(val, k)
            {
                self.fail_tents(ctx);
                return false;
            }
            self.lone_tents.pop();
        }
        self.force_tents(m, val, ctx)
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen_tree.fill(0);
            self.seen_cand.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    fn pair(&mut self, t: u32, k: u32) {
        self.cand_of[t as usize] = k;
        self.tree_of[k as usize] = t;
    }

    /// Gives free tree `t0` a square by an augmenting path (breadth first: short paths);
    /// on failure the trees searched are those marked with the current stamp.
    fn pair_tree(&mut self, m: &Model, val: &[u8], t0: u32) -> bool {
        let s = self.next_stamp();
        self.queue.clear();
        self.queue.push(t0);
        self.seen_tree[t0 as usize] = s;
        let mut head = 0;
        while head < self.queue.len() {
            let t = self.queue[head];
            head += 1;
            for &k in m.tree_cands.get(t as usize) {
                if val[k as usize] == NO_TENT || self.seen_cand[k as usize] == s {
                    continue;
                }
                self.seen_cand[k as usize] = s;
                self.pred_cand[k as usize] = t;
                let owner = self.tree_of[k as usize];
                if owner == NONE {
                    // Shift each tree of the path to the square after it.
                    let mut cur = k;
                    loop {
                        let t = self.pred_cand[cur as usize];
                        let prev = self.cand_of[t as usize];
                        self.pair(t, cur);
                        if t == t0 {
                            return true;
                        }
                        cur = prev;
                    }
                }
                if self.seen_tree[owner as usize] != s {
                    self.seen_tree[owner as usize] = s;
                    self.queue.push(owner);
                }
            }
        }
        false
    }

    /// Pairs lone tent `k0` by moving trees along an alternating path until one leaves a square
    /// that is not a tent; on failure the tents searched are in `queue`.
    fn pair_tent(&mut self, val: &[u8], k0: u32) -> bool {
        let s = self.next_stamp();
        self.queue.clear();
        self.queue.push(k0);
        self.seen_cand[k0 as usize] = s;
        let mut head = 0;
        while head < self.queue.len() {
            let k = self.queue[head];
            head += 1;
            for i in 0..self.cand_trees.get(k as usize).len() {
                let t = self.cand_trees.get(k as usize)[i];
                if self.seen_tree[t as usize] == s {
                    continue;
                }
                self.seen_tree[t as usize] = s;
                self.pred_tree[t as usize] = k;
                let mate = self.cand_of[t as usize];
                if mate == NONE || val[mate as usize] != TENT {
                    if mate != NONE {
                        self.tree_of[mate as usize] = NONE;
                    }
                    let mut cur = t;
                    loop {
                        let k = self.pred_tree[cur as usize];
                        let prev = self.tree_of[k as usize];
                        self.pair(cur, k);
                        if k == k0 {
                            return true;
                        }
                        cur = prev;
                    }
                }
                if self.seen_cand[mate as usize] != s {
                    self.seen_cand[mate as usize] = s;
                    self.queue.push(mate);
                }
            }
        }
        false
    }

    /// After `pair_tree` failed: the searched trees have fewer open squares than themselves;
    /// the clause asks for one of their empty squares to hold a tent.
    fn fail_trees(&mut self, m: &Model, val: &[u8], ctx: &mut Ctx) {
        self.why.clear();
        let s = self.stamp;
        for &t in &self.queue {
            for &k in m.tree_cands.get(t as usize) {
                if val[k as usize] == NO_TENT && self.seen_cand[k as usize] != s {
                    self.seen_cand[k as usize] = s;
                    self.why.push(lit(k, true));
                }
            }
        }
        ctx.fail(&self.why);
    }

    /// After `pair_tent` failed: the searched tents have fewer trees than themselves; one of
    /// them must go.
    fn fail_tents(&mut self, ctx: &mut Ctx) {
        self.why.clear();
        self.why.extend(self.queue.iter().map(|&k| lit(k, false)));
        ctx.fail(&self.why);
    }

    /// Squares every matching of the trees uses are tents: those of a tight set of trees, as
    /// many open squares as trees. A set becomes tight only when one of its squares is emptied,
    /// so only the trees next to emptied squares are tried: from each, the trees reachable
    /// through their open squares' partners, until a free open square shows the set is not
    /// tight.
    fn force_tents(&mut self, m: &Model, val: &[u8], ctx: &mut Ctx) -> bool {
        self.tight_stamp = self.tight_stamp.wrapping_add(1);
        if self.tight_stamp == 0 {
            self.tight.fill(0);
            self.tight_stamp = 1;
        }
        while let Some(&t0) = self.touched.last() {
            if self.tight[t0 as usize] != self.tight_stamp && !self.force_tight_set(m, val, t0, ctx)
            {
                return false;
            }
            self.touched.pop();
            self.touched_flag[t0 as usize] = false;
        }
        true
    }

    /// Tries the trees reachable from `t0` (see `force_tents`); their squares are forced when
    /// they are tight, and then marked in `tight`, so the other trees of the set are not tried
    /// again in this check.
    fn force_tight_set(&mut self, m: &Model, val: &[u8], t0: u32, ctx: &mut Ctx) -> bool {
        let c = self.next_stamp();
        self.queue.clear();
        self.queue.push(t0);
        self.seen_tree[t0 as usize] = c;
        let mut head = 0;
        while head < self.queue.len() {
            let t = self.queue[head];
            head += 1;
            let cands = m.tree_cands.get(t as usize);
            if cands
                .iter()
                .any(|&k| val[k as usize] != NO_TENT && self.tree_of[k as usize] == NONE)
            {
                return true;
            }
            for &k in cands {
                if val[k as usize] == NO_TENT {
                    continue;
                }
                let owner = self.tree_of[k as usize];
                if self.seen_tree[owner as usize] != c {
                    self.seen_tree[owner as usize] = c;
                    self.queue.push(owner);
                }
            }
        }
        self.why.clear();
        for &t in &self.queue {
            for &k in m.tree_cands.get(t as usize) {
                if val[k as usize] == NO_TENT {
                    self.why.push(lit(k, false));
                }
            }
        }
        self.why.sort_unstable_by_key(|p| p.idx());
        self.why.dedup();
        let why = ctx.explain(&self.why);
        for i in 0..self.queue.len() {
            let t = self.queue[i];
            self.tight[t as usize] = self.tight_stamp;
            let k = self.cand_of[t as usize];
            if val[k as usize] == UNKNOWN && !ctx.force(lit(k, true), why) {
                return false;
            }
        }
        true
    }
}
