//! A Tents puzzle as plain clauses for a SAT solver (batsat, a Rust port of MiniSat), solved
//! again with each solution found ruled out, up to a limit.
//!
//! Not part of the product: the baseline ("plain SAT") that gridpuzzles' own clause-learning
//! engine is benched against, and an independent oracle its tests compare counts with. It reads
//! only the puzzle's public description, so it shares no code with the engine.
//!
//! The clauses: one variable per square beside a tree (the only squares a tent may take); no
//! two touching squares both tents; per line a totalizer saying "exactly this many" (the rows'
//! counts then fix the number of tents, which must be the number of trees); under the
//! local rule every tree has a tent next to it; under the matching rule one variable per tree
//! and neighbouring square ("this tent is that tree's"), exactly one per tree, at most one per
//! square, and a square is a tent exactly when some tree owns it.

use batsat::{BasicSolver, Lit, SolverInterface, lbool};
use gridpuzzles::games::tents::Rule4;
use gridpuzzles::games::tents::solve::TentsPuzzle;
use gridpuzzles::grid::{Pos, Topology};

/// `min(number of solutions, limit)`.
pub fn count(p: &TentsPuzzle, limit: u64) -> u64 {
    solutions(p, limit).len() as u64
}

/// Up to `limit` distinct solutions, each as its tents (row-major).
pub fn solutions(p: &TentsPuzzle, limit: u64) -> Vec<Vec<bool>> {
    let squares = Squares::of(p);
    let mut cnf = Cnf::new();
    let tent: Vec<Lit> = squares.candidates.iter().map(|_| cnf.var()).collect();
    no_touching(&mut cnf, p, &squares, &tent);
    match p.rule4 {
        Rule4::Matching => one_tent_per_tree(&mut cnf, &squares, &tent),
        Rule4::Local => {
            for cands in &squares.tree_cands {
                let c: Vec<Lit> = cands.iter().map(|&k| tent[k]).collect();
                cnf.clause(&c);
            }
        }
    }
    line_counts(&mut cnf, p, &squares, &tent);
    enumerate(&mut cnf, p.topology, &squares, &tent, limit)
}

/// The puzzle's squares as the clauses see them.
struct Squares {
    /// The squares beside a tree (row-major indices), in order.
    candidates: Vec<usize>,
    /// Per square, its place in `candidates`.
    cand_of: Vec<Option<usize>>,
    /// Per tree (row-major order), the candidates beside it.
    tree_cands: Vec<Vec<usize>>,
}

impl Squares {
    fn of(p: &TentsPuzzle) -> Squares {
        let t = p.topology;
        let mut cand_of = vec![None; t.len()];
        let mut candidates = Vec::new();
        for pos in t.positions() {
            let i = t.index(pos);
            if !p.trees[i] && orthogonal(t, pos).iter().any(|&j| p.trees[j]) {
                cand_of[i] = Some(candidates.len());
                candidates.push(i);
            }
        }
        let tree_cands = t
            .positions()
            .filter(|&pos| p.trees[t.index(pos)])
            .map(|pos| {
                orthogonal(t, pos)
                    .into_iter()
                    .filter_map(|j| cand_of[j])
                    .collect()
            })
            .collect();
        Squares {
            candidates,
            cand_of,
            tree_cands,
        }
    }
}

/// The distinct squares next to `pos` among `near`, never `pos` itself (on a tiny torus two
/// directions can reach one square, or come back to `pos`).
fn distinct(t: Topology, pos: Pos, near: impl Iterator<Item = Pos>) -> Vec<usize> {
    let mut out: Vec<usize> = near.map(|q| t.index(q)).collect();
    out.sort_unstable();
    out.dedup();
    out.retain(|&j| j != t.index(pos));
    out
}

fn orthogonal(t: Topology, pos: Pos) -> Vec<usize> {
    distinct(t, pos, t.orthogonal(pos))
}

/// No two touching squares both tents: orthogonally, and diagonally unless `diagadj`.
fn no_touching(cnf: &mut Cnf, p: &TentsPuzzle, squares: &Squares, tent: &[Lit]) {
    let t = p.topology;
    for (k, &i) in squares.candidates.iter().enumerate() {
        let pos = t.pos(i);
        let near = if p.diagadj {
            orthogonal(t, pos)
        } else {
            distinct(t, pos, t.around(pos))
        };
        for j in near {
            if let Some(kx) = squares.cand_of[j]
                && kx > k
            {
                cnf.clause(&[!tent[k], !tent[kx]]);
            }
        }
    }
}

/// The matching rule: each tree owns exactly one neighbouring square, each square has at most
/// one owner, and a square is a tent exactly when it has one.
fn one_tent_per_tree(cnf: &mut Cnf, squares: &Squares, tent: &[Lit]) {
    let mut owners: Vec<Vec<Lit>> = vec![Vec::new(); squares.candidates.len()];
    for cands in &squares.tree_cands {
        let own: Vec<Lit> = cands.iter().map(|_| cnf.var()).collect();
        cnf.clause(&own);
        for (i, (&k, &p)) in cands.iter().zip(&own).enumerate() {
            cnf.clause(&[!p, tent[k]]);
            owners[k].push(p);
            for &q in &own[i + 1..] {
                cnf.clause(&[!p, !q]);
            }
        }
    }
    for (k, own) in owners.iter().enumerate() {
        let mut c = vec![!tent[k]];
        c.extend(own);
        cnf.clause(&c);
        cnf.at_most_one(own);
    }
}

/// Each row and column holds exactly its count of tents.
fn line_counts(cnf: &mut Cnf, p: &TentsPuzzle, squares: &Squares, tent: &[Lit]) {
    let t = p.topology;
    let mut rows: Vec<Vec<Lit>> = vec![Vec::new(); t.rows];
    let mut cols: Vec<Vec<Lit>> = vec![Vec::new(); t.cols];
    for (k, &i) in squares.candidates.iter().enumerate() {
        let pos = t.pos(i);
        rows[pos.row].push(tent[k]);
        cols[pos.col].push(tent[k]);
    }
    let trees = p.trees.iter().filter(|&&tree| tree).count();
    if p.row_counts.iter().sum::<usize>() != trees {
        cnf.clause(&[]);
    }
    for (xs, &count) in rows.iter().zip(&p.row_counts) {
        cnf.exactly(xs, count);
    }
    for (xs, &count) in cols.iter().zip(&p.col_counts) {
        cnf.exactly(xs, count);
    }
}

/// Solves again and again, each solution ruled out by a clause, until `limit` solutions or none
/// is left.
fn enumerate(
    cnf: &mut Cnf,
    t: Topology,
    squares: &Squares,
    tent: &[Lit],
    limit: u64,
) -> Vec<Vec<bool>> {
    let mut found = Vec::new();
    while (found.len() as u64) < limit && cnf.consistent {
        if cnf.solver.solve_limited(&[]) != lbool::TRUE {
            break;
        }
        let is_tent: Vec<bool> = tent
            .iter()
            .map(|&x| cnf.solver.value_lit(x) == lbool::TRUE)
            .collect();
        let block: Vec<Lit> = tent
            .iter()
            .zip(&is_tent)
            .map(|(&x, &on)| if on { !x } else { x })
            .collect();
        cnf.clause(&block);
        let mut tents = vec![false; t.len()];
        for (&i, &on) in squares.candidates.iter().zip(&is_tent) {
            tents[i] = on;
        }
        found.push(tents);
    }
    found
}

/// Clauses under construction, added straight to the solver.
struct Cnf {
    solver: BasicSolver,
    /// False once an empty clause was added: no solution.
    consistent: bool,
}

impl Cnf {
    fn new() -> Self {
        Cnf {
            solver: BasicSolver::default(),
            consistent: true,
        }
    }

    fn var(&mut self) -> Lit {
        Lit::new(self.solver.new_var_default(), true)
    }

    fn clause(&mut self, lits: &[Lit]) {
        let mut c = lits.to_vec();
        if !self.solver.add_clause_reuse(&mut c) {
            self.consistent = false;
        }
    }

    /// At most one of `xs` is true (pairwise: the lists are short).
    fn at_most_one(&mut self, xs: &[Lit]) {
        for (i, &p) in xs.iter().enumerate() {
            for &q in &xs[i + 1..] {
                self.clause(&[!p, !q]);
            }
        }
    }

    /// A totalizer over `xs` (Bailleux and Boufkhad), its outputs cut at `cap`: output `i`
    /// means "at least i + 1 of `xs`", defined both ways.
    fn totalizer(&mut self, xs: &[Lit], cap: usize) -> Vec<Lit> {
        if xs.len() == 1 {
            return xs.to_vec();
        }
        let (l, r) = xs.split_at(xs.len() / 2);
        let a = self.totalizer(l, cap);
        let b = self.totalizer(r, cap);
        let m = (a.len() + b.len()).min(cap);
        let o: Vec<Lit> = (0..m).map(|_| self.var()).collect();
        for i in 0..=a.len() {
            for j in 0..=b.len() {
                let s = i + j;
                if s >= 1 && s <= m {
                    let mut c = vec![o[s - 1]];
                    if i > 0 {
                        c.push(!a[i - 1]);
                    }
                    if j > 0 {
                        c.push(!b[j - 1]);
                    }
                    self.clause(&c);
                }
                if s < m {
                    let mut c = vec![!o[s]];
                    if i < a.len() {
                        c.push(a[i]);
                    }
                    if j < b.len() {
                        c.push(b[j]);
                    }
                    self.clause(&c);
                }
            }
        }
        o
    }

    /// Exactly `k` of `xs` are true, through a totalizer.
    fn exactly(&mut self, xs: &[Lit], k: usize) {
        let n = xs.len();
        if k > n {
            self.clause(&[]);
            return;
        }
        if k == 0 || k == n {
            for &x in xs {
                self.clause(&[if k == 0 { !x } else { x }]);
            }
            return;
        }
        let at_least = self.totalizer(xs, k + 1);
        self.clause(&[at_least[k - 1]]);
        if let Some(&more) = at_least.get(k) {
            self.clause(&[!more]);
        }
    }
}
