//! Whether a position can still be completed: a depth-first search with the easy and tricky
//! rules propagated after each choice, one independent region at a time.

use super::engine::{BLACK, Engine, UNKNOWN, WHITE, other};

/// A colouring of every square an active clue counts that extends the current state and meets
/// every active clue, if there is one. The state is left as it was.
pub fn find_solution(e: &mut Engine) -> Option<Vec<u8>> {
    let mark = e.trail_len();
    let found = solve_all(e);
    let values = found.then(|| e.values().to_vec());
    e.undo(mark);
    e.clear_queues();
    values
}

fn solve_all(e: &mut Engine) -> bool {
    if e.propagate(true).is_err() {
        return false;
    }
    regions(e).iter().all(|region| solve_region(e, region))
}

/// The undecided covered squares, split into groups linked by the clues counting them.
fn regions(e: &Engine) -> Vec<Vec<u32>> {
    let m = e.model();
    let mut seen = vec![false; m.cells()];
    let mut out = Vec::new();
    for start in e.open_cells() {
        if seen[start as usize] {
            continue;
        }
        seen[start as usize] = true;
        let mut region = vec![start];
        let mut next = 0;
        while next < region.len() {
            let cell = region[next] as usize;
            next += 1;
            for k in m.cell_clues.row(cell) {
                let clue = k.clue;
                if !e.is_active(clue) {
                    continue;
                }
                for &(o, _) in m.terms.row(clue as usize) {
                    if e.value(o) == UNKNOWN && !seen[o as usize] {
                        seen[o as usize] = true;
                        region.push(o);
                    }
                }
            }
        }
        out.push(region);
    }
    out
}

/// A square of `region` to branch on: one of the active clue with the fewest undecided squares,
/// tried first with the colour that clue leans to.
fn choose(e: &Engine, region: &[u32]) -> Option<(u32, u8)> {
    let m = e.model();
    let mut best: Option<(i32, u32, u8)> = None;
    for &cell in region {
        if e.value(cell) != UNKNOWN {
            continue;
        }
        for k in m.cell_clues.row(cell as usize) {
            let clue = k.clue;
            if !e.is_active(clue) {
                continue;
            }
            let (u, need) = (e.unknown(clue), e.need(clue));
            if best.is_none_or(|(bu, _, _)| u < bu) {
                let first = if 2 * need >= u { BLACK } else { WHITE };
                best = Some((u, cell, first));
            }
        }
    }
    best.map(|(_, cell, v)| (cell, v))
}

/// Completes one region (propagated already); on failure the region is left as it was.
fn solve_region(e: &mut Engine, region: &[u32]) -> bool {
    // Each frame: trail mark before the choice, square, first colour, second tried yet.
    let mut stack: Vec<(usize, u32, u8, bool)> = Vec::new();
    loop {
        let Some((cell, first)) = choose(e, region) else {
            return true;
        };
        stack.push((e.trail_len(), cell, first, false));
        e.assign(cell, first);
        while e.propagate(true).is_err() {
            loop {
                let Some((mark, cell, first, tried)) = stack.pop() else {
                    return false;
                };
                e.undo(mark);
                if !tried {
                    stack.push((mark, cell, first, true));
                    e.assign(cell, other(first));
                    break;
                }
            }
        }
    }
}
