//! Solving with clause learning: the puzzle as clauses for a SAT solver (batsat, a Rust port of
//! MiniSat), solved again with each solution found ruled out, up to a limit.
//!
//! On large dense puzzles the depth-first search needs deep probing at every node and thousands
//! of nodes; a clause-learning solver remembers why each branch failed and proves uniqueness of a
//! 100x100 puzzle in seconds instead of minutes. The caller propagates and probes first, so the
//! solver starts from the squares the engine already fixed, and with what each probe implied
//! (mostly the flows' reasoning, which the clauses do not carry) as binary clauses.
//!
//! The clauses: one variable per tent square; no two touching squares both tents; per line a
//! sequential counter saying "exactly this many"; under the local rule every tree has a tent
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

    /// Exactly `k` of `xs` are true: a sequential counter, `s[j]` after `i` literals meaning "at
    /// least `j` of the first `i`", defined both ways so unit propagation fixes the rest as
    /// soon as `k` literals are true or `n - k` false.
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
        // `prev[j]`: "at least j of the literals so far" for j in 1..=k+1; `None` is false.
        let mut prev: Vec<Option<Lit>> = vec![None; k + 2];
        for (i, &x) in xs.iter().enumerate() {
            let mut cur: Vec<Option<Lit>> = vec![None; k + 2];
            for j in 1..=(i + 1).min(k + 1) {
                let s = self.var();
                let a = prev[j];
                // "At least j - 1 so far": true for j = 1.
                let b = if j == 1 { None } else { prev[j - 1] };
                let b_true = j == 1;
                // s <-> a | (b & x)
                if let Some(a) = a {
                    self.clause(&[!a, s]);
                }
                if b_true {
                    self.clause(&[!x, s]);
                } else if let Some(b) = b {
                    self.clause(&[!b, !x, s]);
                }
                let mut c = vec![!s, x];
                c.extend(a);
                self.clause(&c);
                if !b_true {
                    let mut c = vec![!s];
                    c.extend(a);
                    c.extend(b);
                    self.clause(&c);
                }
                cur[j] = Some(s);
            }
            prev = cur;
        }
        match prev[k] {
            Some(s) => self.clause(&[s]),
            None => self.clause(&[]),
        }
        if let Some(s) = prev[k + 1] {
            self.clause(&[!s]);
        }
    }
}

/// The solutions that complete `state` (a propagated state of `m`, one byte per cell), each as
/// its tents (row-major), no more than `limit` of them; `None` if the solver gave up (it has
/// no budget set, so it does not). `implied` lists implications that hold in `state` (pairs of
/// literals, each cell * 2 + 1 for a tent or + 0 for no tent), added as binary clauses.
pub(super) fn solutions(
    m: &Model,
    state: &[u8],
    implied: &[(u32, u32)],
    limit: u64,
) -> Option<Vec<Vec<bool>>> {
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
    // A literal on a square the state fixed is already a unit clause.
    let lit_of = |l: u32| -> Option<Lit> {
        let c = (l / 2) as usize;
        let k = m.cand_of_cell[c] as usize;
        (state[c] == UNKNOWN).then(|| if l % 2 == 1 { tent[k] } else { !tent[k] })
    };
    for &(a, b) in implied {
        if let (Some(a), Some(b)) = (lit_of(a), lit_of(b)) {
            cnf.clause(&[!a, b]);
        }
    }
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
