//! Matching-rule pairings (Tatham's rule 4): every tree pairs with its own adjacent tent, so the
//! final tents are the squares of a matching that covers every tree and every tent placed.
//! From one such matching, alternating paths tell which empty squares every matching uses
//! (forced pairing: they are tents) and which none can use (impossible pairing: grass).
//!
//! (Kept apart from the solvers' matching: a hint states a pairing as a player sees it.)

use super::board::{Board, EMPTY, GRASS, TENT, TREE};
use super::catalogue::{FORCED_PAIRING, IMPOSSIBLE_PAIRING, UNMATCHABLE};
use super::step::{Contradiction, Sets, Step, Why};

const NONE: u32 = u32::MAX;

/// What the matching analysis concludes.
pub(super) enum PairingOutcome {
    /// Nothing new.
    Nothing,
    /// Squares decided.
    Step(Step),
    /// No matching covers every tree and every tent.
    Contradiction(Contradiction),
}

/// A matching between trees and open squares (empty or tent), indexed by cell.
struct Pairs {
    partner: Vec<u32>,
}

impl Pairs {
    fn get(&self, c: u32) -> Option<u32> {
        let p = self.partner[c as usize];
        (p != NONE).then_some(p)
    }
}

/// Whether a cell can still hold a tent.
fn open(b: &Board, c: u32) -> bool {
    matches!(b.at(c), EMPTY | TENT)
}

/// Tries to pair `start` (a tree, or a tent when `from_tent`) by an augmenting path. From a
/// tent the path alternates tent → tree → the tree's tent → ...; from a tree, tree → open
/// square → that square's tree → ...; the squares already paired stay paired.
fn augment(b: &Board, m: &mut Pairs, start: u32, seen: &mut [u32], stamp: u32) -> bool {
    let lay = b.layout;
    let next = |c: u32| -> &[u32] {
        if b.at(c) == TREE {
            lay.ortho(c as usize)
        } else {
            lay.trees_of(c as usize)
        }
    };
    // Stack of (vertex, index of next neighbour to try).
    let mut stack: Vec<(u32, usize)> = vec![(start, 0)];
    while let Some(&mut (u, ref mut i)) = stack.last_mut() {
        let nbrs = next(u);
        let Some(&v) = nbrs.get(*i) else {
            stack.pop();
            continue;
        };
        *i += 1;
        if seen[v as usize] == stamp || (b.at(u) == TREE && !open(b, v)) {
            continue;
        }
        seen[v as usize] = stamp;
        match m.get(v) {
            Some(w) => stack.push((w, 0)),
            None => {
                // Flip the path: each stacked vertex takes the neighbour it last tried.
                for &(u, i) in &stack {
                    let v = next(u)[i - 1];
                    m.partner[u as usize] = v;
                    m.partner[v as usize] = u;
                }
                return true;
            }
        }
    }
    false
}

/// A matching covering every tent, then every tree, or the contradiction that prevents it.
fn build(b: &Board) -> Result<Pairs, Contradiction> {
    let lay = b.layout;
    let n = lay.len();
    let mut m = Pairs {
        partner: vec![NONE; n],
    };
    let mut seen = vec![0u32; n];
    let mut stamp = 0;
    let tents: Vec<u32> = (0..n as u32).filter(|&c| b.is_tent(c)).collect();
    for &x in &tents {
        stamp += 1;
        if !augment(b, &mut m, x, &mut seen, stamp) {
            return Err(obstruction(b, &m, x));
        }
    }
    for &t in &lay.trees {
        if m.get(t).is_some() {
            continue;
        }
        stamp += 1;
        if !augment(b, &mut m, t, &mut seen, stamp) {
            return Err(obstruction(b, &m, t));
        }
    }
    Ok(m)
}

/// The trees and squares reachable by alternating paths from an unpairable vertex: a group
/// with too few partners (Hall's condition fails).
fn obstruction(b: &Board, m: &Pairs, start: u32) -> Contradiction {
    let lay = b.layout;
    let mut group = vec![start];
    let mut seen = vec![false; lay.len()];
    seen[start as usize] = true;
    let mut i = 0;
    while i < group.len() {
        let u = group[i];
        i += 1;
        let nbrs: &[u32] = if b.at(u) == TREE {
            lay.ortho(u as usize)
        } else {
            lay.trees_of(u as usize)
        };
        for &v in nbrs {
            if b.at(u) == TREE && !open(b, v) {
                continue;
            }
            if let Some(w) = m.get(v)
                && !seen[w as usize]
            {
                seen[w as usize] = true;
                group.push(w);
            }
        }
    }
    group.sort_unstable();
    let trees = group.iter().filter(|&&c| b.at(c) == TREE).count();
    let text = if b.at(start) == TREE {
        format!(
            "{} ({} among them) have fewer free squares around them than trees",
            super::board::plural(trees, "tree"),
            lay.pos(start)
        )
    } else {
        format!(
            "{} ({} among them) have fewer trees around them than tents",
            super::board::plural(group.len() - trees, "tent"),
            lay.pos(start)
        )
    };
    Contradiction::squares(&UNMATCHABLE, lay, &group, text)
}

/// The matching analysis: a contradiction, forced tents, or squares no matching can use.
pub(super) fn pairing(b: &Board) -> PairingOutcome {
    let lay = b.layout;
    if !lay.matching {
        return PairingOutcome::Nothing;
    }
    let m = match build(b) {
        Ok(m) => m,
        Err(c) => return PairingOutcome::Contradiction(c),
    };
    if let Some(step) = forced(b, &m) {
        return PairingOutcome::Step(step);
    }
    if let Some(step) = impossible(b, &m) {
        return PairingOutcome::Step(step);
    }
    PairingOutcome::Nothing
}

/// Forced pairing: the trees from which no alternating path reaches an unpaired square pair
/// only among squares all paired; a tight group's empty squares are tents.
fn forced(b: &Board, m: &Pairs) -> Option<Step> {
    forced_groups(b, m, false).into_iter().next()
}

/// Forced pairing's tight groups: the first (a hint), or every one (the proof checker applies
/// the rule everywhere). A tree inside an earlier group starts none: its group lies inside.
fn forced_groups(b: &Board, m: &Pairs, every: bool) -> Vec<Step> {
    let lay = b.layout;
    let n = lay.len();
    // Trees that can give up their square: reverse search from the unpaired open squares.
    let mut free = vec![false; n];
    let mut queue: Vec<u32> = Vec::new();
    for c in 0..n as u32 {
        if b.is_empty(c) && m.get(c).is_none() {
            for &t in lay.trees_of(c as usize) {
                if !free[t as usize] {
                    free[t as usize] = true;
                    queue.push(t);
                }
            }
        }
    }
    while let Some(t) = queue.pop() {
        let z = m.get(t).expect("every tree is paired");
        for &t2 in lay.trees_of(z as usize) {
            if t2 != t && !free[t2 as usize] {
                free[t2 as usize] = true;
                queue.push(t2);
            }
        }
    }
    let mut covered = vec![false; n];
    // One set of marks for every group, cleared after each (a 100x100 board has thousands).
    let mut in_group = vec![false; n];
    let mut out = Vec::new();
    for &start in &lay.trees {
        if free[start as usize]
            || covered[start as usize]
            || !b.is_empty(m.get(start).expect("every tree is paired"))
        {
            continue;
        }
        let step = tight_group(b, m, start, &mut in_group);
        if let Why::ForcedPairing { trees, .. } = &step.why {
            for &t in trees {
                covered[t as usize] = true;
                in_group[t as usize] = false;
            }
        }
        out.push(step);
        if !every {
            break;
        }
    }
    out
}

/// The tight group around `start` (no alternating path from it reaches an unpaired square):
/// its empty squares are tents. `in_group` comes clear and leaves marking the group's trees.
fn tight_group(b: &Board, m: &Pairs, start: u32, in_group: &mut [bool]) -> Step {
    let lay = b.layout;
    // The tight group around `start`: trees reachable by alternating paths.
    let mut trees = vec![start];
    in_group[start as usize] = true;
    let mut i = 0;
    while i < trees.len() {
        let t = trees[i];
        i += 1;
        for &z in lay.ortho(t as usize) {
            if !open(b, z) {
                continue;
            }
            let t2 = m.get(z).expect("a tight group's squares are all paired");
            if !in_group[t2 as usize] {
                in_group[t2 as usize] = true;
                trees.push(t2);
            }
        }
    }
    trees.sort_unstable();
    let mut squares: Vec<u32> = trees.iter().map(|&t| m.get(t).expect("paired")).collect();
    squares.sort_unstable();
    let sets: Sets = squares
        .iter()
        .filter(|&&c| b.is_empty(c))
        .map(|&c| (c, TENT))
        .collect();
    Step {
        rule: &FORCED_PAIRING,
        sets,
        why: Why::ForcedPairing { trees, squares },
    }
}

/// Impossible pairing: an unpaired empty square none of whose trees can be freed for it, because
/// each such tree's tent needs it (alternating paths through tents only).
fn impossible(b: &Board, m: &Pairs) -> Option<Step> {
    impossible_groups(b, m, false).into_iter().next()
}

/// Impossible pairing's groups: the first blocked square's (a hint), or every blocked square's
/// (the proof checker applies the rule everywhere).
fn impossible_groups(b: &Board, m: &Pairs, every: bool) -> Vec<Step> {
    let lay = b.layout;
    let n = lay.len();
    // Good trees: their partner is empty, or a tent that another good tree can take over.
    let mut good = vec![false; n];
    let mut queue: Vec<u32> = Vec::new();
    for &t in &lay.trees {
        if b.is_empty(m.get(t).expect("every tree is paired")) {
            good[t as usize] = true;
            queue.push(t);
        }
    }
    while let Some(t) = queue.pop() {
        for &x in lay.ortho(t as usize) {
            if !b.is_tent(x) {
                continue;
            }
            let t2 = m.get(x).expect("every tent is paired");
            if t2 != t && !good[t2 as usize] {
                good[t2 as usize] = true;
                queue.push(t2);
            }
        }
    }
    let blocked = |c: u32| {
        b.is_empty(c)
            && m.get(c).is_none()
            && lay.trees_of(c as usize).iter().all(|&t| !good[t as usize])
    };
    let group = |first: u32| -> Step {
        // The trees that first square's trees are stuck with, and their tents.
        let mut trees: Vec<u32> = lay.trees_of(first as usize).to_vec();
        let mut in_group = vec![false; n];
        for &t in &trees {
            in_group[t as usize] = true;
        }
        let mut i = 0;
        while i < trees.len() {
            let x = m.get(trees[i]).expect("paired");
            i += 1;
            for &t2 in lay.trees_of(x as usize) {
                if !in_group[t2 as usize] {
                    in_group[t2 as usize] = true;
                    trees.push(t2);
                }
            }
        }
        trees.sort_unstable();
        let mut tents: Vec<u32> = trees.iter().map(|&t| m.get(t).expect("paired")).collect();
        tents.sort_unstable();
        let mut sets: Sets = trees
            .iter()
            .flat_map(|&t| lay.ortho(t as usize).iter().copied())
            .filter(|&c| {
                blocked(c)
                    && lay
                        .trees_of(c as usize)
                        .iter()
                        .all(|&t| in_group[t as usize])
            })
            .map(|c| (c, GRASS))
            .collect();
        sets.sort_unstable();
        sets.dedup();
        Step {
            rule: &IMPOSSIBLE_PAIRING,
            sets,
            why: Why::ImpossiblePairing { tents, trees },
        }
    };
    let mut done = vec![false; n];
    let mut out = Vec::new();
    for first in (0..n as u32).filter(|&c| blocked(c) && lay.is_candidate(c)) {
        if done[first as usize] {
            continue;
        }
        let step = group(first);
        for &(c, _) in &step.sets {
            done[c as usize] = true;
        }
        out.push(step);
        if !every {
            break;
        }
    }
    out
}

/// Forced pairing's and impossible pairing's steps from one matching (the proof checker applies
/// each rule on its own), or the contradiction when no matching exists; nothing without
/// Tatham's rule 4.
pub(super) fn pairing_steps(b: &Board) -> Result<[Vec<Step>; 2], Contradiction> {
    if !b.layout.matching {
        return Ok([Vec::new(), Vec::new()]);
    }
    let m = build(b)?;
    Ok([forced_groups(b, &m, true), impossible_groups(b, &m, true)])
}
