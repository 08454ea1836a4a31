//! Solving with clause learning: the puzzle as clauses for a SAT solver (batsat, a Rust port of
//! MiniSat), solved again with each solution found ruled out, up to a limit.
//!
//! Not a product path: the benches' baseline ("plain SAT") against which the clause-learning
//! engine with native propagators (`lcg`) is measured. It starts from the squares the engine's
//! first propagation fixed.
//!
//! The clauses: one variable per tent square; no two touching squares both tents; per line a
//! totalizer saying "exactly this many"; under the local rule every tree has a tent
//! next to it; under the matching rule one variable per tree and neighbouring square ("this
//! tent is that tree's"), exactly one per tree, at most one per square, and a square is a tent
//! exactly when some tree owns it.

use batsat::{BasicSolver, Lit, SolverInterface, lbool};

use super::model::Model;
use super::state::{TENT, UNKNOWN};

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
    /// means "at least i + 1 of `xs`", defined both ways. Each half is counted, then the two
    /// counts are added: `i` of the left and `j` of the right give at least `i + j`, and fewer
    /// than `i + 1` and `j + 1` give fewer than `i + j + 1`.
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

    /// Exactly `k` of `xs` are true, through a totalizer: unit propagation then fixes the
    /// rest as soon as `k` literals are true or `n - k` false. (A sequential counter did the
    /// same job with more variables; the totalizer measured 10–25% faster on the bench.)
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

/// The solutions that complete `state` (a propagated state of `m`, one byte per cell), each as
/// its tents (row-major), no more than `limit` of them; `None` if the solver gave up (it has
/// no budget set, so it does not).
pub(super) fn solutions(m: &Model, state: &[u8], limit: u64) -> Option<Vec<Vec<bool>>> {
    let mut cnf = Cnf::new();
    let tent: Vec<Lit> = m.candidates.iter().map(|_| cnf.var()).collect();
    fixed_and_touching(&mut cnf, m, state, &tent);
    if m.matching {
        one_tent_per_tree(&mut cnf, m, &tent);
    } else {
        for t in 0..m.tree_count() {
            let c: Vec<Lit> = m
                .tree_cands
                .get(t)
                .iter()
                .map(|&k| tent[k as usize])
                .collect();
            cnf.clause(&c);
        }
    }
    line_counts(&mut cnf, m, state, &tent);
    enumerate(&mut cnf, m, &tent, limit)
}

/// The squares `state` decided, as unit clauses; no two touching squares both tents.
fn fixed_and_touching(cnf: &mut Cnf, m: &Model, state: &[u8], tent: &[Lit]) {
    for (k, &c) in m.candidates.iter().enumerate() {
        match state[c as usize] {
            UNKNOWN => {}
            v => cnf.clause(&[if v == TENT { tent[k] } else { !tent[k] }]),
        }
        for &x in m.touch.get(c as usize) {
            let kx = m.cand_of_cell[x as usize] as usize;
            if kx > k {
                cnf.clause(&[!tent[k], !tent[kx]]);
            }
        }
    }
}

/// The matching rule: each tree owns exactly one neighbouring square, each square has at most
/// one owner, and a square is a tent exactly when it has one. (With the line counts adding up
/// to the number of trees some of these follow from the others; they are kept because they
/// propagate at once.)
fn one_tent_per_tree(cnf: &mut Cnf, m: &Model, tent: &[Lit]) {
    let mut owners: Vec<Vec<Lit>> = vec![Vec::new(); m.candidates.len()];
    for t in 0..m.tree_count() {
        let cands = m.tree_cands.get(t);
        let own: Vec<Lit> = cands.iter().map(|_| cnf.var()).collect();
        cnf.clause(&own);
        for (i, (&k, &p)) in cands.iter().zip(&own).enumerate() {
            cnf.clause(&[!p, tent[k as usize]]);
            owners[k as usize].push(p);
            // At most one: the pairs with the owners after this one.
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

/// Each line holds exactly its count of tents; only its unknown squares are counted, the
/// decided ones being unit clauses already.
fn line_counts(cnf: &mut Cnf, m: &Model, state: &[u8], tent: &[Lit]) {
    for l in 0..m.line_count() {
        let mut fixed = 0;
        let mut xs = Vec::new();
        for &k in m.line_cands.get(l) {
            match state[m.candidates[k as usize] as usize] {
                UNKNOWN => xs.push(tent[k as usize]),
                TENT => fixed += 1,
                _ => {}
            }
        }
        match (m.target[l] as usize).checked_sub(fixed) {
            Some(need) => cnf.exactly(&xs, need),
            // More tents than the count: no solution.
            None => cnf.clause(&[]),
        }
    }
}

/// Solves again and again, each solution ruled out by a clause, until `limit` solutions or none
/// is left.
fn enumerate(cnf: &mut Cnf, m: &Model, tent: &[Lit], limit: u64) -> Option<Vec<Vec<bool>>> {
    let mut found = Vec::new();
    while (found.len() as u64) < limit && cnf.consistent {
        match cnf.solver.solve_limited(&[]) {
            r if r == lbool::TRUE => {
                let is_tent: Vec<bool> = tent
                    .iter()
                    .map(|&x| cnf.solver.value_lit(x) == lbool::TRUE)
                    .collect();
                // Rule this tent set out: some square must differ.
                let block: Vec<Lit> = tent
                    .iter()
                    .zip(&is_tent)
                    .map(|(&x, &on)| if on { !x } else { x })
                    .collect();
                cnf.clause(&block);
                let mut tents = vec![false; m.cell_count()];
                for (&c, &on) in m.candidates.iter().zip(&is_tent) {
                    tents[c as usize] = on;
                }
                found.push(tents);
            }
            r if r == lbool::FALSE => break,
            _ => return None,
        }
    }
    Some(found)
}
