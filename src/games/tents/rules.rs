//! The rules of Tents (docs/rules.md#tents): move classification, error marks and the won test.

use super::matching::{maximum_matching, unmatchable_group};
use super::{Square, Tents};
use crate::game::{ErrorMark, MoveKind, Target};
use crate::games::tents::Rule4;
use crate::grid::{Grid, Pos, Topology};

/// The squares a tent at `p` must not share a border or corner with: orthogonal neighbours, plus
/// diagonal ones unless `diagadj`; never `p` itself (a tiny wrapped grid reaches it).
pub(super) fn touching(t: Topology, p: Pos, diagadj: bool) -> impl Iterator<Item = Pos> {
    let diagonal = (!diagadj).then(|| t.diagonal(p)).into_iter().flatten();
    t.orthogonal(p).chain(diagonal).filter(move |&q| q != p)
}

/// Whether `s` can still hold a tent: `EMPTY` or `TENT`.
fn open(s: Square) -> bool {
    matches!(s, Square::Empty | Square::Tent)
}

/// How many squares of row `r` satisfy `pred`.
fn count_row(grid: &Grid<Square>, r: usize, pred: impl Fn(Square) -> bool) -> usize {
    grid.row(r).iter().filter(|&&s| pred(s)).count()
}

/// How many squares of column `c` satisfy `pred`.
fn count_col(grid: &Grid<Square>, c: usize, pred: impl Fn(Square) -> bool) -> usize {
    (0..grid.rows())
        .filter(|&r| pred(grid[Pos::new(r, c)]))
        .count()
}

/// How many squares of each row and of each column satisfy `pred`, in one pass over the grid
/// (a column at a time would stride across it).
pub(super) fn line_counts(
    grid: &Grid<Square>,
    pred: impl Fn(Square) -> bool,
) -> (Vec<usize>, Vec<usize>) {
    // Hits added rather than branched on, into 32-bit counters and a local row sum: the compiler
    // then vectorises the loop (a grid's line is far shorter than 2^32).
    let mut cols = vec![0u32; grid.cols()];
    let rows = (0..grid.rows())
        .map(|r| {
            let mut count = 0u32;
            for (col, &s) in cols.iter_mut().zip(grid.row(r)) {
                let hit = u32::from(pred(s));
                count += hit;
                *col += hit;
            }
            count as usize
        })
        .collect();
    (rows, cols.into_iter().map(|c| c as usize).collect())
}

/// How many squares of the grid satisfy `pred`.
fn count_all(grid: &Grid<Square>, pred: impl Fn(Square) -> bool) -> usize {
    grid.cells().iter().filter(|&&s| pred(s)).count()
}

/// Classifies putting `piece` on `pos`, in the order of docs/rules.md#moves, steps 1–11.
pub(super) fn check_move(g: &Tents, pos: Pos, piece: Square) -> MoveKind {
    let t = g.grid.topology();
    // 1. Trees never change, and nothing is played off the grid.
    if !t.contains(pos) || piece == Square::Tree || g.grid[pos] == Square::Tree {
        return MoveKind::Illegal;
    }
    // 2. Emptying a square never loses.
    if piece == Square::Empty {
        return MoveKind::Regular;
    }
    // 3. Everything below looks at the position after the move.
    let after = g.grid.with(pos, piece);
    let is = |s: Square| move |x: Square| x == s;
    let losing = match piece {
        Square::Tent => {
            // 4. Touching another tent.
            touching(t, pos, g.diagadj).any(|q| after[q] == Square::Tent)
            // 5. Too many tents in the row or column.
                || count_row(&after, pos.row, is(Square::Tent)) > g.row_counts[pos.row]
                || count_col(&after, pos.col, is(Square::Tent)) > g.col_counts[pos.col]
            // 7. More tents than trees.
                || count_all(&after, is(Square::Tent)) > count_all(&after, is(Square::Tree))
            // 9. No tree next to it.
                || !t.orthogonal(pos).any(|q| after[q] == Square::Tree)
        }
        Square::Grass => {
            // 6. Not enough room left in the row or column.
            count_row(&after, pos.row, open) < g.row_counts[pos.row]
                || count_col(&after, pos.col, open) < g.col_counts[pos.col]
            // 8. Not enough room left for one tent per tree.
                || count_all(&after, open) < count_all(&after, is(Square::Tree))
            // 10. A neighbouring tree now has only grass around it.
                || t.orthogonal(pos).any(|tree| {
                    after[tree] == Square::Tree
                        && t.orthogonal(tree).all(|q| after[q] == Square::Grass)
                })
        }
        Square::Empty | Square::Tree => false,
    };
    // 11. Otherwise regular.
    if losing {
        MoveKind::Losing
    } else {
        MoveKind::Regular
    }
}

/// Every square and clue in error (docs/rules.md#error-marks), sorted, one mark per target and
/// reason.
pub(super) fn error_marks(g: &Tents) -> Vec<ErrorMark> {
    let grid = &g.grid;
    let t = grid.topology();
    let mut marks = Vec::new();
    let mut mark = |target: Target, reason: &str| {
        marks.push(ErrorMark {
            target,
            reason: reason.to_string(),
        })
    };
    // Row by row: the position of each square is known without dividing out its index.
    for r in 0..t.rows {
        for (c, &s) in grid.row(r).iter().enumerate() {
            let p = Pos::new(r, c);
            if s == Square::Tree {
                if !t.orthogonal(p).any(|q| open(grid[q])) {
                    mark(Target::Square(p), "tree without room for a tent");
                }
            } else if s == Square::Tent {
                if touching(t, p, g.diagadj).any(|q| grid[q] == Square::Tent) {
                    mark(Target::Square(p), "tents touch");
                }
                if !t.orthogonal(p).any(|q| grid[q] == Square::Tree) {
                    mark(Target::Square(p), "tent without a tree");
                }
            }
        }
    }
    let (row_tents, col_tents) = line_counts(grid, |s| s == Square::Tent);
    let (row_room, col_room) = line_counts(grid, open);
    let lines = (0..t.rows)
        .map(|r| (Target::Row(r), g.row_counts[r], row_tents[r], row_room[r]))
        .chain((0..t.cols).map(|c| (Target::Col(c), g.col_counts[c], col_tents[c], col_room[c])));
    for (target, expected, tents, room) in lines {
        if tents > expected {
            mark(target, "too many tents");
        } else if room < expected {
            mark(target, "not enough room for tents");
        }
    }
    if g.rule4 == Rule4::Matching {
        for p in unmatchable(grid) {
            mark(Target::Square(p), "cannot be matched");
        }
    }
    marks.sort();
    marks.dedup();
    marks
}

/// Under Tatham's rule: the trees and tents of groups that can never be matched one to one —
/// tents with too few trees around them, or trees with too few tents and empty squares around
/// them (Hall's obstructions, found from maximum matchings).
fn unmatchable(grid: &Grid<Square>) -> Vec<Pos> {
    let t = grid.topology();
    let tents: Vec<Pos> = positions_of(grid, Square::Tent);
    let trees: Vec<Pos> = positions_of(grid, Square::Tree);
    let mut found = Vec::new();

    // Tents whose trees are too few: left = tents, right = trees.
    let tree_index = index_of(t, &trees);
    let adj: Vec<Vec<usize>> = tents
        .iter()
        .map(|&p| {
            t.orthogonal(p)
                .filter_map(|q| tree_index[t.index(q)])
                .collect()
        })
        .collect();
    let (tents_hit, trees_hit) = unmatchable_group(&adj, &maximum_matching(&adj, trees.len()));
    found.extend(selected(&tents, &tents_hit));
    found.extend(selected(&trees, &trees_hit));

    // Trees whose room is too small: left = trees, right = tents and empty squares.
    let room: Vec<Pos> = t.positions().filter(|&p| open(grid[p])).collect();
    let room_index = index_of(t, &room);
    let adj: Vec<Vec<usize>> = trees
        .iter()
        .map(|&p| {
            t.orthogonal(p)
                .filter_map(|q| room_index[t.index(q)])
                .collect()
        })
        .collect();
    let (trees_hit, room_hit) = unmatchable_group(&adj, &maximum_matching(&adj, room.len()));
    found.extend(selected(&trees, &trees_hit));
    found.extend(
        selected(&room, &room_hit)
            .into_iter()
            .filter(|&p| grid[p] == Square::Tent),
    );
    found
}

/// The squares holding `s`, row-major.
fn positions_of(grid: &Grid<Square>, s: Square) -> Vec<Pos> {
    let t = grid.topology();
    grid.cells()
        .iter()
        .enumerate()
        .filter(|&(_, &x)| x == s)
        .map(|(i, _)| t.pos(i))
        .collect()
}

/// For each square of the grid, its index in `list` if it is there.
fn index_of(t: Topology, list: &[Pos]) -> Vec<Option<usize>> {
    let mut index = vec![None; t.len()];
    for (i, &p) in list.iter().enumerate() {
        index[t.index(p)] = Some(i);
    }
    index
}

/// The members of `list` whose flag is set.
fn selected(list: &[Pos], flags: &[bool]) -> Vec<Pos> {
    list.iter()
        .zip(flags)
        .filter(|&(_, &f)| f)
        .map(|(&p, _)| p)
        .collect()
}

/// Whether the position is solved (docs/rules.md#won rules 1–4, with the rule-4 variant in force).
pub(super) fn is_won(g: &Tents) -> bool {
    let grid = &g.grid;
    // The counts first: one pass over the grid, and they rule out nearly every position met
    // while playing (the view asks once a frame).
    let (row_tents, col_tents) = line_counts(grid, |s| s == Square::Tent);
    if row_tents != g.row_counts || col_tents != g.col_counts {
        return false;
    }
    let t = grid.topology();
    let tents = positions_of(grid, Square::Tent);
    let trees = positions_of(grid, Square::Tree);
    let apart = tents
        .iter()
        .all(|&p| !touching(t, p, g.diagadj).any(|q| grid[q] == Square::Tent));
    apart && tents.len() == trees.len() && rule4_holds(g.rule4, grid, &tents, &trees)
}

/// Rule 4 on a position with as many tents as trees.
fn rule4_holds(rule4: Rule4, grid: &Grid<Square>, tents: &[Pos], trees: &[Pos]) -> bool {
    let t = grid.topology();
    let next_to = |p: Pos, s: Square| t.orthogonal(p).any(|q| grid[q] == s);
    match rule4 {
        Rule4::Local => {
            tents.iter().all(|&p| next_to(p, Square::Tree))
                && trees.iter().all(|&p| next_to(p, Square::Tent))
        }
        Rule4::Matching => {
            let tent_index = index_of(t, tents);
            let adj: Vec<Vec<usize>> = trees
                .iter()
                .map(|&p| {
                    t.orthogonal(p)
                        .filter_map(|q| tent_index[t.index(q)])
                        .collect()
                })
                .collect();
            maximum_matching(&adj, tents.len()).saturates_left()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn topo(wrapping: bool) -> Topology {
        Topology::new(3, 3, wrapping)
    }

    #[test]
    fn touching_excludes_diagonals_under_diagadj() {
        let all: Vec<Pos> = touching(topo(false), Pos::new(1, 1), false).collect();
        assert_eq!(all.len(), 8);
        let ortho: Vec<Pos> = touching(topo(false), Pos::new(1, 1), true).collect();
        assert_eq!(ortho.len(), 4);
        assert!(ortho.iter().all(|p| p.row == 1 || p.col == 1));
    }

    #[test]
    fn touching_never_returns_the_square_itself() {
        let t = Topology::new(1, 1, true);
        assert_eq!(touching(t, Pos::new(0, 0), false).count(), 0);
        let t = Topology::new(1, 3, true);
        assert!(touching(t, Pos::new(0, 1), false).all(|q| q != Pos::new(0, 1)));
    }

    #[test]
    fn touching_wraps_on_a_torus() {
        let n: Vec<Pos> = touching(topo(true), Pos::new(0, 0), false).collect();
        assert!(n.contains(&Pos::new(2, 2)));
        assert!(n.contains(&Pos::new(0, 2)));
        let n: Vec<Pos> = touching(topo(false), Pos::new(0, 0), false).collect();
        assert_eq!(n.len(), 3);
    }
}
