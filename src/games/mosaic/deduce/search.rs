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

/// The clues counting some square of `region`, once each.
fn region_clues(e: &Engine, region: &[u32]) -> Vec<u32> {
    let m = e.model();
    let mut clues: Vec<u32> = region
        .iter()
        .flat_map(|&cell| m.cell_clues.row(cell as usize).iter().map(|k| k.clue))
        .filter(|&c| e.is_active(c))
        .collect();
    clues.sort_unstable();
    clues.dedup();
    clues
}

/// A square to branch on: an undecided one of the clue with the fewest undecided squares, tried
/// first with the colour that clue leans to.
fn choose(e: &Engine, clues: &[u32]) -> Option<(u32, u8)> {
    let mut best: Option<(i32, u32)> = None;
    for &c in clues {
        let u = e.unknown(c);
        if u > 0 && best.is_none_or(|(bu, _)| u < bu) {
            best = Some((u, c));
            if u == 1 {
                break;
            }
        }
    }
    let (u, c) = best?;
    let m = e.model();
    let cell = m
        .terms
        .row(c as usize)
        .iter()
        .map(|&(cell, _)| cell)
        .find(|&cell| e.value(cell) == UNKNOWN)?;
    let first = if 2 * e.need(c) >= u { BLACK } else { WHITE };
    Some((cell, first))
}

/// Completes one region (propagated already); on failure the region is left as it was.
fn solve_region(e: &mut Engine, region: &[u32]) -> bool {
    let clues = region_clues(e, region);
    // Each frame: trail mark before the choice, square, first colour, second tried yet.
    let mut stack: Vec<(usize, u32, u8, bool)> = Vec::new();
    loop {
        let Some((cell, first)) = choose(e, &clues) else {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::mosaic::Mosaic;
    use crate::games::mosaic::deduce::Model;

    #[test]
    fn finds_a_solution_and_leaves_the_state_alone() {
        let g = Mosaic::parse("3 3 0 0\n2e-e1e\n-e3e2e\n2e-e1e\n").unwrap();
        let m = Model::of(&g);
        let mut e = Engine::with_all_clues(&m);
        let s = find_solution(&mut e).unwrap();
        assert_eq!(e.trail_len(), 0);
        let solved = g
            .topology()
            .positions()
            .zip(&s)
            .fold(g.clone(), |g, (p, &v)| {
                g.apply(
                    p,
                    if v == BLACK {
                        crate::games::mosaic::Colour::Black
                    } else {
                        crate::games::mosaic::Colour::White
                    },
                )
            });
        assert!(solved.is_won());
    }

    #[test]
    fn reports_no_solution() {
        // Clue 4 in a corner of a 2x2 grid with a white square: impossible.
        let g = Mosaic::parse("2 2 0 0\n4e-w\n-e-e\n").unwrap();
        let m = Model::of(&g);
        let mut e = Engine::with_all_clues(&m);
        e.assign(1, WHITE);
        assert!(find_solution(&mut e).is_none());
        assert_eq!(e.trail_len(), 1);
    }
}
