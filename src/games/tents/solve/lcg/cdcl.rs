//! A small clause-learning SAT solver shaped for Tents: binary clauses (the no-touch pairs) held
//! as lists of implications, longer clauses watched by two literals, a theory (the line and
//! matching propagators) run at each fixed point of unit propagation, 1-UIP learning with
//! clause minimisation, VSIDS, phase saving, Luby restarts, and learnt clauses dropped by their
//! literal block distance.
//!
//! Literals and values are batsat's types (the crate stays for the plain-clause encoding, `sat`,
//! the bench's baseline).

use super::lit::{Lit, Truth, Var};

use crate::budget::{Budget, OutOfTime};

use super::var_heap::VarHeap;

/// What the solver needs from a theory: the checks, the levels, and the explanations.
pub(super) trait Theory {
    /// Reads the trail past what it has seen and propagates; reports through `host`.
    fn check(&mut self, host: &mut Cdcl);
    /// Marks where a new decision level starts.
    fn push_level(&mut self);
    /// Undoes the last `n` decision levels.
    fn pop(&mut self, n: usize);
    /// The true literals that made the theory force `v`.
    fn why(&self, v: Var) -> &[Lit];
    /// Where `v` lies (row and column): probing tries a variable again only once something
    /// near it changed.
    fn place(&self, v: Var) -> [u32; 2];
}

/// Why a literal is on the trail.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reason {
    /// A decision, an assumption, or a fact at level 0.
    Decision,
    /// A binary clause; the literal held is its other literal, false.
    Bin(Lit),
    /// A longer clause, whose first literal is the one set.
    Long(u32),
    /// The theory, which keeps the explanation (`Theory::why`).
    Theory,
}

/// A longer clause: where its literals lie in the arena, and how good it is if learnt.
#[derive(Clone, Copy)]
struct Clause {
    start: u32,
    len: u32,
    /// Literal block distance when learnt (distinct decision levels); 0 for problem clauses.
    lbd: u32,
    removed: bool,
}

/// A clause watching a literal, with a literal of it that, when true, spares a visit.
#[derive(Clone, Copy)]
struct Watch {
    cref: u32,
    blocker: Lit,
}

/// The settings that differ between the rules.
pub(super) struct Settings {
    /// Decay of the variables' activities.
    pub var_decay: f64,
    /// Recursive minimisation of learnt clauses (else only against their literals' reasons).
    pub deep_minimise: bool,
    /// Decisions take a variable's phase in the longest trail a conflict ended ("target
    /// phases", as in Kissat) before its last phase: the search keeps rebuilding its most
    /// complete assignment, which finds solutions of large satisfiable puzzles far sooner.
    pub target_phases: bool,
}

const TRUE: i8 = 1;
const FALSE: i8 = -1;
const UNDEF: i8 = 0;

/// Conflicts between restarts are `RESTART_BASE` times the Luby sequence.
const RESTART_BASE: f64 = 100.0;
/// Conflicts before the first reduction of the learnt clauses, and how much later each next one.
const REDUCE_FIRST: u64 = 2000;
const REDUCE_INC: u64 = 300;
/// Probing stops after this many passes over the variables, even when the last one set some:
/// later passes find little for what they cost (figures in `docs/tents-solver.md`).
const PROBE_PASSES: u32 = 3;
/// Learnt clauses with this literal block distance or less are always kept (unless they fill
/// the solver's cap on learnt clauses, see `Cdcl::set_learnt_cap`).
const LBD_KEEP: u32 = 2;

/// The cap on the bytes of learnt clauses a solver starts with: a quarter of a count's memory
/// cap, as `Lcg::set_memory` gives.
const LEARNT_CAP: usize = super::super::count_cache::DEFAULT_MEMORY_BYTES / 4;

/// Bytes a learnt clause holds besides its literals: its entry in `clauses` and in `learnts`,
/// and its two watches, each list of which may be up to half empty.
const CLAUSE_BYTES: usize = size_of::<Clause>() + size_of::<u32>() + 4 * size_of::<Watch>();

/// Conflicts between two looks at the budget: reading the clock is cheap next to a conflict,
/// but not free.
const BUDGET_CHECK_CONFLICTS: u64 = 16;

/// What probing keeps between the probes of a pass and from one pass to the next.
struct Probing {
    /// Per variable, its row and column.
    places: Vec<[usize; 2]>,
    /// Per row and per column (shifted by one, so that neighbours need no bounds check): the
    /// length of the level-0 trail when something in it was last set.
    changed_at: [Vec<usize>; 2],
    /// Per variable, the trail's length when it was last probed.
    probed_at: Vec<Option<usize>>,
    /// Literals set by a probe that held in this pass: they need no probe of their own, as what
    /// they set, the probe set too.
    implied: Vec<bool>,
    /// Per literal: the number of the tent's probe that last set it (one per probe, so that no
    /// mark outlives its probe). A literal both probes of a variable set holds either way.
    mark: Vec<u32>,
    tent_probes: u32,
}

impl Probing {
    fn new(places: Vec<[usize; 2]>) -> Probing {
        let changed_at = [0, 1].map(|axis| {
            let most = places.iter().map(|p| p[axis]).max().unwrap_or(0);
            vec![0usize; most + 3]
        });
        let vars = places.len();
        Probing {
            places,
            changed_at,
            probed_at: vec![None; vars],
            implied: vec![false; 2 * vars],
            mark: vec![0; 2 * vars],
            tent_probes: 0,
        }
    }

    /// Whether variable `v` is worth a probe: never probed, or something was set in its lines
    /// or the lines beside them since (its own lines only was slower).
    fn due(&self, v: u32) -> bool {
        let [r, c] = self.places[v as usize];
        let last_change = self.changed_at[0][r..r + 3]
            .iter()
            .chain(&self.changed_at[1][c..c + 3])
            .max()
            .copied()
            .unwrap_or(0);
        self.probed_at[v as usize].is_none_or(|at| at < last_change)
    }

    /// Records that `set` was set at level 0, the trail then `now` long.
    fn note_set(&mut self, set: &[Lit], now: usize) {
        for &q in set {
            let [qr, qc] = self.places[q.var().idx() as usize];
            self.changed_at[0][qr + 1] = now;
            self.changed_at[1][qc + 1] = now;
        }
    }
}

/// The solver's state between and during solves.
pub(super) struct Cdcl {
    /// Per literal code: TRUE, FALSE or UNDEF.
    lv: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<Lit>,
    /// Trail length at the start of each decision level.
    lim: Vec<usize>,
    qhead: usize,
    /// Per literal code: the literals implied when it is true (binary clauses).
    bins: Vec<Vec<Lit>>,
    /// Per literal code: the clauses to visit when it becomes true (they watch its negation).
    watches: Vec<Vec<Watch>>,
    arena: Vec<Lit>,
    clauses: Vec<Clause>,
    /// Slots of `clauses` free for reuse.
    free: Vec<u32>,
    learnts: Vec<u32>,
    activity: Vec<f64>,
    var_inc: f64,
    var_decay: f64,
    heap: VarHeap,
    /// Per variable: the phase it last had.
    saved: Vec<bool>,
    /// Per variable: its phase in the longest trail a conflict ended (`Unset`: never in it),
    /// with `target_phases`.
    target: Vec<Truth>,
    /// The length of that trail.
    target_len: usize,
    target_phases: bool,
    /// Per variable: a phase always taken when deciding it, if any.
    fixed: Vec<Truth>,
    deep: bool,
    seen: Vec<u8>,
    learnt: Vec<Lit>,
    to_clear: Vec<Lit>,
    stack: Vec<Lit>,
    reason_lits: Vec<Lit>,
    level_stamp: Vec<u32>,
    stamp: u32,
    /// The conflict clause (all false) once one is found.
    confl: Vec<Lit>,
    /// The clause being added, less its false and repeated literals.
    adding: Vec<Lit>,
    th_conflict: bool,
    th_propagated: bool,
    /// False once the clauses have no solution at all.
    ok: bool,
    model: Vec<bool>,
    next_reduce: u64,
    reduce_inc: u64,
    /// Literals of the learnt clauses kept (their arena space, the removed ones' included
    /// until the arena is packed).
    learnt_lits: usize,
    /// The most bytes the learnt clauses may take (`learnt_bytes`).
    learnt_cap: usize,
    /// How many times the cap made learnt clauses go.
    #[cfg(test)]
    cap_reductions: u32,
    restarts: u32,
    /// Conflicts, decisions and propagations so far.
    pub counts: [u64; 3],
    /// When a solve gives up (checked every few conflicts).
    budget: Budget,
}

impl Cdcl {
    /// A solver with `vars` variables and no clauses; `phases` fixes, per variable, the phase it
    /// is always decided with (UNDEF: the phase it last had, first false).
    pub(super) fn new(vars: usize, phases: Vec<Truth>, settings: &Settings) -> Self {
        let mut heap = VarHeap::new(vars);
        let activity = vec![0.0; vars];
        for v in 0..vars as u32 {
            heap.insert(v, &activity);
        }
        Cdcl {
            lv: vec![UNDEF; 2 * vars],
            level: vec![0; vars],
            reason: vec![Reason::Decision; vars],
            trail: Vec::with_capacity(vars),
            lim: Vec::new(),
            qhead: 0,
            bins: vec![Vec::new(); 2 * vars],
            watches: vec![Vec::new(); 2 * vars],
            arena: Vec::new(),
            clauses: Vec::new(),
            free: Vec::new(),
            learnts: Vec::new(),
            activity,
            var_inc: 1.0,
            var_decay: settings.var_decay,
            heap,
            saved: vec![false; vars],
            target: vec![Truth::Unset; vars],
            target_len: 0,
            target_phases: settings.target_phases,
            fixed: phases,
            deep: settings.deep_minimise,
            seen: vec![0; vars],
            learnt: Vec::new(),
            to_clear: Vec::new(),
            stack: Vec::new(),
            reason_lits: Vec::new(),
            level_stamp: vec![0; vars + 1],
            stamp: 0,
            confl: Vec::new(),
            adding: Vec::new(),
            th_conflict: false,
            th_propagated: false,
            ok: true,
            model: Vec::new(),
            next_reduce: REDUCE_FIRST,
            reduce_inc: REDUCE_INC,
            learnt_lits: 0,
            learnt_cap: LEARNT_CAP,
            #[cfg(test)]
            cap_reductions: 0,
            restarts: 0,
            counts: [0; 3],
            budget: Budget::unlimited(),
        }
    }

    /// The value of literal `p`: TRUE, FALSE or UNDEF.
    #[inline]
    fn val(&self, p: Lit) -> i8 {
        self.lv[p.idx() as usize]
    }

    /// How many decision levels are open.
    fn decision_level(&self) -> u32 {
        self.lim.len() as u32
    }

    /// Sets `p` true at the current level, for the reason `why`.
    #[inline]
    fn enqueue(&mut self, p: Lit, why: Reason) {
        let v = p.var().idx() as usize;
        self.lv[p.idx() as usize] = TRUE;
        self.lv[(!p).idx() as usize] = FALSE;
        self.level[v] = self.lim.len() as u32;
        self.reason[v] = why;
        self.trail.push(p);
    }

    /// Adds a clause at level 0 (between solves); false once the clauses have no solution.
    pub(super) fn add_clause(&mut self, lits: &[Lit]) -> bool {
        debug_assert_eq!(self.decision_level(), 0);
        if !self.ok {
            return false;
        }
        // A scratch list, not a new one per clause: the puzzle's clauses are mostly pairs.
        let mut c = std::mem::take(&mut self.adding);
        c.clear();
        let mut satisfied = false;
        for &p in lits {
            match self.val(p) {
                TRUE => satisfied = true,
                FALSE => {}
                _ if c.contains(&!p) => satisfied = true,
                _ if !c.contains(&p) => c.push(p),
                _ => {}
            }
            if satisfied {
                self.adding = c;
                return true;
            }
        }
        match c.len() {
            0 => self.ok = false,
            1 => self.enqueue(c[0], Reason::Decision),
            2 => self.add_binary(c[0], c[1]),
            _ => {
                self.store(&c, false, 0);
            }
        }
        self.adding = c;
        self.ok
    }

    /// Makes room for `n` implications of literal `p` (binary clauses with `!p`), so that
    /// adding a puzzle's pairs does not grow each list several times.
    pub(super) fn reserve_implications(&mut self, p: Lit, n: usize) {
        self.bins[p.idx() as usize].reserve_exact(n);
    }

    /// Adds the clause `a or b` as two implications.
    fn add_binary(&mut self, a: Lit, b: Lit) {
        self.bins[(!a).idx() as usize].push(b);
        self.bins[(!b).idx() as usize].push(a);
    }

    /// Stores a clause of three literals or more and watches its first two.
    fn store(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> u32 {
        let clause = Clause {
            start: self.arena.len() as u32,
            len: lits.len() as u32,
            lbd,
            removed: false,
        };
        self.arena.extend_from_slice(lits);
        let cref = match self.free.pop() {
            Some(slot) => {
                self.clauses[slot as usize] = clause;
                slot
            }
            None => {
                self.clauses.push(clause);
                self.clauses.len() as u32 - 1
            }
        };
        self.watch(cref);
        if learnt {
            self.learnts.push(cref);
            self.learnt_lits += lits.len();
        }
        cref
    }

    /// What the learnt clauses take, as far as it is known without walking them: their
    /// literals (twice: the arena may be up to half empty) and `CLAUSE_BYTES` each.
    pub(super) fn learnt_bytes(&self) -> usize {
        self.learnt_lits * 2 * size_of::<Lit>() + self.learnts.len() * CLAUSE_BYTES
    }

    /// Keeps the learnt clauses within `bytes` (`learnt_bytes`): past it, the usual
    /// reduction runs at once, then, if that was not enough, every learnt clause goes but
    /// those that are the reason of a literal set.
    pub(super) fn set_learnt_cap(&mut self, bytes: usize) {
        self.learnt_cap = bytes;
    }

    /// Watches the first two literals of clause `cref`.
    fn watch(&mut self, cref: u32) {
        let c = self.clauses[cref as usize];
        let (a, b) = (
            self.arena[c.start as usize],
            self.arena[c.start as usize + 1],
        );
        self.watches[(!a).idx() as usize].push(Watch { cref, blocker: b });
        self.watches[(!b).idx() as usize].push(Watch { cref, blocker: a });
    }

    /// Unit propagation to a fixed point; false on a conflict, left in `confl`.
    fn bcp(&mut self) -> bool {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            self.counts[2] += 1;
            let pi = p.idx() as usize;
            for i in 0..self.bins[pi].len() {
                let q = self.bins[pi][i];
                match self.val(q) {
                    TRUE => {}
                    UNDEF => self.enqueue(q, Reason::Bin(!p)),
                    _ => {
                        self.confl.clear();
                        self.confl.extend([q, !p]);
                        return false;
                    }
                }
            }
            if !self.propagate_long(p) {
                return false;
            }
        }
        true
    }

    /// Visits the longer clauses watching `!p`, now false.
    fn propagate_long(&mut self, p: Lit) -> bool {
        let false_lit = !p;
        let mut ws = std::mem::take(&mut self.watches[p.idx() as usize]);
        let (mut i, mut j) = (0, 0);
        let mut ok = true;
        'visit: while i < ws.len() {
            let w = ws[i];
            i += 1;
            if self.val(w.blocker) == TRUE {
                ws[j] = w;
                j += 1;
                continue;
            }
            let c = self.clauses[w.cref as usize];
            let (start, len) = (c.start as usize, c.len as usize);
            let lits = &mut self.arena[start..start + len];
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let kept = Watch {
                cref: w.cref,
                blocker: first,
            };
            if first != w.blocker && self.lv[first.idx() as usize] == TRUE {
                ws[j] = kept;
                j += 1;
                continue;
            }
            for k in 2..len {
                if self.lv[lits[k].idx() as usize] != FALSE {
                    lits.swap(1, k);
                    let new = lits[1];
                    self.watches[(!new).idx() as usize].push(kept);
                    continue 'visit;
                }
            }
            ws[j] = kept;
            j += 1;
            if self.lv[first.idx() as usize] == FALSE {
                self.confl.clear();
                self.confl.extend_from_slice(lits);
                while i < ws.len() {
                    ws[j] = ws[i];
                    i += 1;
                    j += 1;
                }
                ok = false;
            } else {
                self.enqueue(first, Reason::Long(w.cref));
            }
        }
        ws.truncate(j);
        self.watches[p.idx() as usize] = ws;
        ok
    }

    /// Takes back every level above `level`, saving phases, and the theory's with them.
    fn cancel_until<T: Theory + ?Sized>(&mut self, level: u32, th: &mut T) {
        let dl = self.decision_level();
        if dl <= level {
            return;
        }
        let to = self.lim[level as usize];
        for c in (to..self.trail.len()).rev() {
            let p = self.trail[c];
            let v = p.var().idx();
            self.lv[p.idx() as usize] = UNDEF;
            self.lv[(!p).idx() as usize] = UNDEF;
            self.saved[v as usize] = p.sign();
            if !self.heap.contains(v) {
                self.heap.insert(v, &self.activity);
            }
        }
        self.trail.truncate(to);
        self.qhead = to;
        self.lim.truncate(level as usize);
        th.pop((dl - level) as usize);
    }

    /// Raises the activity of `v`, which took part in a conflict.
    fn bump(&mut self, v: u32) {
        let a = &mut self.activity[v as usize];
        *a += self.var_inc;
        if *a > 1e100 {
            for x in &mut self.activity {
                *x *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        if self.heap.contains(v) {
            self.heap.up(v, &self.activity);
        }
    }

    /// The false literals of the reason of `v` (other than `v`'s own), into `reason_lits`.
    fn load_reason<T: Theory + ?Sized>(&mut self, v: u32, th: &T) {
        self.reason_lits.clear();
        match self.reason[v as usize] {
            Reason::Decision => {}
            Reason::Bin(q) => self.reason_lits.push(q),
            Reason::Long(cref) => {
                let c = self.clauses[cref as usize];
                let s = c.start as usize;
                self.reason_lits
                    .extend_from_slice(&self.arena[s + 1..s + c.len as usize]);
            }
            Reason::Theory => self
                .reason_lits
                .extend(th.why(Var::from_idx(v)).iter().map(|&q| !q)),
        }
    }

    /// First-UIP analysis of `confl` (which has a literal at the current level): the learnt
    /// clause in `learnt`, asserting literal first; returns the level to go back to.
    fn analyze<T: Theory + ?Sized>(&mut self, th: &T) -> u32 {
        let dl = self.decision_level();
        self.learnt.clear();
        self.learnt.push(Lit::UNDEF);
        self.reason_lits.clear();
        self.reason_lits.extend_from_slice(&self.confl);
        let mut path = 0u32;
        let mut idx = self.trail.len();
        loop {
            for i in 0..self.reason_lits.len() {
                let q = self.reason_lits[i];
                let v = q.var().idx();
                if self.seen[v as usize] == 0 && self.level[v as usize] > 0 {
                    self.seen[v as usize] = 1;
                    self.bump(v);
                    if self.level[v as usize] >= dl {
                        path += 1;
                    } else {
                        self.learnt.push(q);
                    }
                }
            }
            let p = loop {
                idx -= 1;
                let p = self.trail[idx];
                if self.seen[p.var().idx() as usize] != 0 {
                    break p;
                }
            };
            let v = p.var().idx();
            self.seen[v as usize] = 0;
            path -= 1;
            if path == 0 {
                self.learnt[0] = !p;
                break;
            }
            self.load_reason(v, th);
        }
        self.minimise(th);
        // The second literal is one of the highest level after the first: the watch to keep.
        if self.learnt.len() == 1 {
            return 0;
        }
        let mut best = 1;
        for i in 2..self.learnt.len() {
            if self.level[self.learnt[i].var().idx() as usize]
                > self.level[self.learnt[best].var().idx() as usize]
            {
                best = i;
            }
        }
        self.learnt.swap(1, best);
        self.level[self.learnt[1].var().idx() as usize]
    }

    /// Drops literals of `learnt` implied by the others, then clears the marks.
    fn minimise<T: Theory + ?Sized>(&mut self, th: &T) {
        self.to_clear.clear();
        self.to_clear.extend_from_slice(&self.learnt);
        let mut abstract_levels = 0u32;
        for &q in &self.learnt[1..] {
            abstract_levels |= 1 << (self.level[q.var().idx() as usize] & 31);
        }
        let mut j = 1;
        for i in 1..self.learnt.len() {
            let q = self.learnt[i];
            let v = q.var().idx();
            let keep = if self.reason[v as usize] == Reason::Decision {
                true
            } else if self.deep {
                !self.redundant(q, abstract_levels, th)
            } else {
                self.load_reason(v, th);
                self.reason_lits.iter().any(|&r| {
                    let w = r.var().idx() as usize;
                    self.seen[w] == 0 && self.level[w] > 0
                })
            };
            if keep {
                self.learnt[j] = q;
                j += 1;
            }
        }
        self.learnt.truncate(j);
        for i in 0..self.to_clear.len() {
            self.seen[self.to_clear[i].var().idx() as usize] = 0;
        }
    }

    /// Whether `q` follows from the marked literals through reasons (MiniSat's `litRedundant`).
    fn redundant<T: Theory + ?Sized>(&mut self, q: Lit, abstract_levels: u32, th: &T) -> bool {
        self.stack.clear();
        self.stack.push(q);
        let top = self.to_clear.len();
        while let Some(p) = self.stack.pop() {
            self.load_reason(p.var().idx(), th);
            for i in 0..self.reason_lits.len() {
                let r = self.reason_lits[i];
                let w = r.var().idx() as usize;
                if self.seen[w] != 0 || self.level[w] == 0 {
                    continue;
                }
                if self.reason[w] != Reason::Decision
                    && abstract_levels & (1 << (self.level[w] & 31)) != 0
                {
                    self.seen[w] = 1;
                    self.stack.push(r);
                    self.to_clear.push(r);
                } else {
                    for k in top..self.to_clear.len() {
                        self.seen[self.to_clear[k].var().idx() as usize] = 0;
                    }
                    self.to_clear.truncate(top);
                    return false;
                }
            }
        }
        true
    }

    /// The literal block distance of `learnt`: how many decision levels its literals span.
    fn lbd(&mut self) -> u32 {
        self.stamp += 1;
        // Levels can outnumber variables by the assumptions already true when assumed.
        if self.level_stamp.len() <= self.lim.len() {
            self.level_stamp.resize(self.lim.len() + 1, 0);
        }
        let mut n = 0;
        for &q in &self.learnt {
            let l = self.level[q.var().idx() as usize] as usize;
            if self.level_stamp[l] != self.stamp {
                self.level_stamp[l] = self.stamp;
                n += 1;
            }
        }
        n
    }

    /// Learns from the conflict in `confl`; false when it shows there is no solution at all.
    fn resolve<T: Theory + ?Sized>(&mut self, th: &mut T) -> bool {
        self.counts[0] += 1;
        let top = self
            .confl
            .iter()
            .map(|q| self.level[q.var().idx() as usize])
            .max()
            .unwrap_or(0);
        if top == 0 {
            self.ok = false;
            return false;
        }
        // A theory may find a conflict late, all below the current level.
        self.cancel_until(top, th);
        let back = self.analyze(th);
        self.cancel_until(back, th);
        let lbd = self.lbd();
        let first = self.learnt[0];
        match self.learnt.len() {
            1 => self.enqueue(first, Reason::Decision),
            2 => {
                let second = self.learnt[1];
                self.add_binary(first, second);
                self.enqueue(first, Reason::Bin(second));
            }
            _ => {
                let learnt = std::mem::take(&mut self.learnt);
                let cref = self.store(&learnt, true, lbd);
                self.learnt = learnt;
                self.enqueue(first, Reason::Long(cref));
            }
        }
        self.var_inc /= self.var_decay;
        true
    }

    /// Drops the learnt clauses above literal block distance `keep_lbd`, but the better half of
    /// them with `keep_half` (each regular reduction; none are kept past the cap), then rebuilds
    /// the watches and packs the arena. Clauses that are the reason of a literal set stay.
    fn reduce(&mut self, keep_lbd: u32, keep_half: bool) {
        let mut candidates: Vec<u32> = Vec::new();
        let mut kept: Vec<u32> = Vec::new();
        for &cref in &self.learnts {
            let c = self.clauses[cref as usize];
            let first = self.arena[c.start as usize];
            let locked = self.reason[first.var().idx() as usize] == Reason::Long(cref)
                && self.val(first) == TRUE;
            if c.lbd <= keep_lbd || locked {
                kept.push(cref);
            } else {
                candidates.push(cref);
            }
        }
        // Newer first among equals, so older clauses go first.
        candidates.sort_by_key(|&cref| (self.clauses[cref as usize].lbd, u32::MAX - cref));
        let keep = if keep_half { candidates.len() / 2 } else { 0 };
        for &cref in &candidates[keep..] {
            self.clauses[cref as usize].removed = true;
            self.free.push(cref);
        }
        kept.extend_from_slice(&candidates[..keep]);
        self.learnts = kept;
        self.learnt_lits = self
            .learnts
            .iter()
            .map(|&cref| self.clauses[cref as usize].len as usize)
            .sum();
        let live = self.clauses.iter().filter(|c| !c.removed);
        let mut arena = Vec::with_capacity(live.map(|c| c.len as usize).sum());
        for c in self.clauses.iter_mut().filter(|c| !c.removed) {
            let s = c.start as usize;
            c.start = arena.len() as u32;
            arena.extend_from_slice(&self.arena[s..s + c.len as usize]);
        }
        self.arena = arena;
        for w in &mut self.watches {
            w.clear();
        }
        for cref in 0..self.clauses.len() as u32 {
            if !self.clauses[cref as usize].removed {
                self.watch(cref);
            }
        }
    }

    /// The next decision: the open variable of highest activity, in its fixed or saved phase.
    fn pick(&mut self) -> Option<Lit> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.lv[2 * v as usize] == UNDEF {
                let var = Var::from_idx(v);
                let f = self.fixed[v as usize];
                let tent = if f == Truth::Unset {
                    match self.target[v as usize] {
                        Truth::Unset => self.saved[v as usize],
                        t => t == Truth::True,
                    }
                } else {
                    f == Truth::True
                };
                return Some(Lit::new(var, tent));
            }
        }
        None
    }

    /// Opens a decision level, in the theory too.
    fn new_level<T: Theory + ?Sized>(&mut self, th: &mut T) {
        self.lim.push(self.trail.len());
        th.push_level();
    }

    /// Searches up to `budget` conflicts: TRUE with a full assignment, FALSE when there is no
    /// solution under the assumptions, UNDEF when the budget ran out or the solver's time
    /// budget is spent (back at level 0).
    fn search<T: Theory + ?Sized>(
        &mut self,
        th: &mut T,
        budget: u64,
        assumptions: &[Lit],
    ) -> Truth {
        let mut conflicts = 0;
        loop {
            if !self.fixpoint(th) {
                conflicts += 1;
                if self.target_phases && self.trail.len() > self.target_len {
                    self.target_len = self.trail.len();
                    for &p in &self.trail {
                        self.target[p.var().idx() as usize] = Truth::from(p.sign());
                    }
                }
                if !self.resolve(th) {
                    return Truth::False;
                }
                continue;
            }
            if conflicts >= budget
                || (conflicts % BUDGET_CHECK_CONFLICTS == 0 && self.budget.is_spent())
            {
                self.cancel_until(0, th);
                return Truth::Unset;
            }
            if self.counts[0] >= self.next_reduce {
                self.next_reduce = self.counts[0] + REDUCE_FIRST + self.reduce_inc;
                self.reduce_inc += REDUCE_INC;
                self.reduce(LBD_KEEP, true);
            }
            if self.learnt_bytes() > self.learnt_cap {
                #[cfg(test)]
                {
                    self.cap_reductions += 1;
                }
                self.reduce(LBD_KEEP, true);
                if self.learnt_bytes() > self.learnt_cap / 2 {
                    self.reduce(0, false);
                }
            }
            let mut next = None;
            while (self.decision_level() as usize) < assumptions.len() {
                let p = assumptions[self.decision_level() as usize];
                match self.val(p) {
                    TRUE => self.new_level(th),
                    FALSE => return Truth::False,
                    _ => {
                        next = Some(p);
                        break;
                    }
                }
            }
            let next = match next {
                Some(p) => p,
                None => match self.pick() {
                    Some(p) => {
                        self.counts[1] += 1;
                        p
                    }
                    None => return Truth::True,
                },
            };
            self.new_level(th);
            self.enqueue(next, Reason::Decision);
        }
    }

    /// Limits every later solve to `budget`.
    pub(super) fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The budget every solve is limited to.
    pub(super) fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Whether the clauses and the theory have a solution with every assumption true; if so
    /// `model` reads it. `Err(OutOfTime)` when the budget ran out first (what was learnt is
    /// kept).
    pub(super) fn solve<T: Theory + ?Sized>(
        &mut self,
        th: &mut T,
        assumptions: &[Lit],
    ) -> Result<bool, OutOfTime> {
        if !self.ok {
            return Ok(false);
        }
        loop {
            let budget = (luby(2.0, self.restarts) * RESTART_BASE) as u64;
            self.restarts += 1;
            let status = self.search(th, budget, assumptions);
            if status == Truth::Unset {
                self.budget.check()?;
                continue;
            }
            let sat = status == Truth::True;
            if sat {
                self.model.clear();
                self.model
                    .extend((0..self.saved.len()).map(|v| self.lv[2 * v] == TRUE));
            }
            self.cancel_until(0, th);
            return Ok(sat);
        }
    }

    /// Unit propagation and the theory to a fixed point; false on a conflict (in `confl`).
    fn fixpoint<T: Theory + ?Sized>(&mut self, th: &mut T) -> bool {
        loop {
            if !self.bcp() {
                return false;
            }
            self.th_conflict = false;
            self.th_propagated = false;
            th.check(self);
            if self.th_conflict {
                return false;
            }
            if !self.th_propagated {
                return true;
            }
        }
    }

    /// Failed-literal probing at level 0: each open literal whose propagation fails is set the
    /// other way, and a literal that both values of a variable set is set too, until nothing
    /// changes or after `PROBE_PASSES` passes. Returns how many were set so.
    pub(super) fn probe<T: Theory + ?Sized>(&mut self, th: &mut T) -> usize {
        if !self.ok || !self.fixpoint(th) {
            self.ok = false;
            return 0;
        }
        let vars = self.saved.len() as u32;
        let mut st = Probing::new(
            (0..vars)
                .map(|v| th.place(Var::from_idx(v)).map(|x| x as usize))
                .collect(),
        );
        let mut fixed = 0;
        let mut changed = true;
        let mut passes = 0;
        while changed && passes < PROBE_PASSES {
            passes += 1;
            changed = false;
            st.implied.iter_mut().for_each(|x| *x = false);
            for v in 0..vars {
                if self.lv[2 * v as usize] != UNDEF || !st.due(v) {
                    continue;
                }
                st.probed_at[v as usize] = Some(self.trail.len());
                let (set, consistent) = self.probe_var(th, v, &mut st);
                fixed += set;
                changed |= set > 0;
                if !consistent {
                    return fixed;
                }
            }
        }
        fixed
    }

    /// Probes both values of the open variable `v` and sets at level 0 what a failed probe
    /// refutes or both probes imply. Returns how many literals were so set, and false when
    /// level 0 then fails (`ok` is cleared).
    fn probe_var<T: Theory + ?Sized>(
        &mut self,
        th: &mut T,
        v: u32,
        st: &mut Probing,
    ) -> (usize, bool) {
        let mut fixed = 0;
        // What the tent's probe set, marked, to find what both probes set.
        let mut tent_set = false;
        for tent in [true, false] {
            if self.lv[2 * v as usize] != UNDEF {
                continue;
            }
            let p = Lit::new(Var::from_idx(v), tent);
            if st.implied[p.idx() as usize] {
                continue;
            }
            self.new_level(th);
            let at = self.trail.len();
            self.enqueue(p, Reason::Decision);
            let fine = self.fixpoint(th);
            let mut both = Vec::new();
            if tent {
                st.tent_probes += 1;
            }
            if fine {
                for &q in &self.trail[at + 1..] {
                    st.implied[q.idx() as usize] = true;
                    if tent {
                        st.mark[q.idx() as usize] = st.tent_probes;
                    } else if tent_set && st.mark[q.idx() as usize] == st.tent_probes {
                        both.push(q);
                    }
                }
                tent_set = tent;
            }
            self.cancel_until(0, th);
            if !fine {
                both.push(!p);
            }
            if both.is_empty() {
                continue;
            }
            fixed += both.len();
            let before = self.trail.len();
            for q in both {
                if self.val(q) == UNDEF {
                    self.enqueue(q, Reason::Decision);
                }
            }
            if !self.fixpoint(th) {
                self.ok = false;
                return (fixed, false);
            }
            st.note_set(&self.trail[before..], self.trail.len());
        }
        (fixed, true)
    }

    /// The last solution found: each variable's value.
    pub(super) fn model(&self) -> &[bool] {
        &self.model
    }
}

/// What a theory sees of the solver during a check, and may do: force a literal, unassigned or
/// true, or report a conflict.
impl Cdcl {
    /// The value of `v` now.
    #[inline]
    pub(super) fn value(&self, v: Var) -> Truth {
        match self.lv[2 * v.idx() as usize] {
            TRUE => Truth::True,
            FALSE => Truth::False,
            _ => Truth::Unset,
        }
    }

    /// Puts `p`, unassigned (the caller has looked), on the trail as forced by the theory.
    #[inline]
    pub(super) fn propagate(&mut self, p: Lit) {
        debug_assert!(!self.th_conflict, "a check stops at its conflict");
        debug_assert_eq!(self.val(p), UNDEF, "the theory forces only open literals");
        self.enqueue(p, Reason::Theory);
        self.th_propagated = true;
    }

    /// Reports `clause`, every literal of it false now, as a conflict.
    pub(super) fn raise_conflict(&mut self, clause: &[Lit]) {
        debug_assert!(
            clause.iter().all(|&q| self.val(q) == FALSE),
            "a conflict's literals are all false"
        );
        self.confl.clear();
        self.confl.extend_from_slice(clause);
        self.th_conflict = true;
    }

    /// The trail: the true literals in the order they were set.
    pub(super) fn trail(&self) -> &[Lit] {
        &self.trail
    }
}

/// The Luby sequence's `x`-th term, as a power of `y` (MiniSat's `luby`).
fn luby(y: f64, mut x: u32) -> f64 {
    let (mut size, mut seq) = (1u32, 0i32);
    while size < x + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    while size - 1 != x {
        size = (size - 1) >> 1;
        seq -= 1;
        x %= size;
    }
    y.powi(seq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// No rules beyond the clauses.
    struct NoTheory;

    impl Theory for NoTheory {
        fn check(&mut self, _: &mut Cdcl) {}
        fn push_level(&mut self) {}
        fn pop(&mut self, _: usize) {}
        fn why(&self, _: Var) -> &[Lit] {
            &[]
        }
        fn place(&self, _: Var) -> [u32; 2] {
            [0, 0]
        }
    }

    /// At most `k` of the variables true, as a theory: it forces the rest false once `k` are
    /// true, and explains each by those `k`.
    struct AtMost {
        k: usize,
        why: Vec<Lit>,
    }

    impl Theory for AtMost {
        fn check(&mut self, host: &mut Cdcl) {
            let trues: Vec<Lit> = host.trail().iter().copied().filter(|p| p.sign()).collect();
            if trues.len() > self.k {
                let clause: Vec<Lit> = trues[..=self.k].iter().map(|&p| !p).collect();
                host.raise_conflict(&clause);
            } else if trues.len() == self.k {
                // All the others at once, so that one explanation serves every forced literal.
                self.why = trues;
                for v in 0..VARS as u32 {
                    let var = Var::from_idx(v);
                    if host.value(var) == Truth::Unset {
                        host.propagate(Lit::new(var, false));
                    }
                }
            }
        }
        fn push_level(&mut self) {}
        fn pop(&mut self, _: usize) {}
        fn why(&self, _: Var) -> &[Lit] {
            &self.why
        }
        fn place(&self, _: Var) -> [u32; 2] {
            [0, 0]
        }
    }

    const VARS: usize = 8;

    fn lit_of(code: i8) -> Lit {
        Lit::new(Var::from_idx(code.unsigned_abs() as u32 - 1), code > 0)
    }

    fn satisfies(assignment: u32, clauses: &[Vec<i8>]) -> bool {
        clauses.iter().all(|c| {
            c.iter()
                .any(|&x| (assignment >> (x.unsigned_abs() - 1) & 1 == 1) == (x > 0))
        })
    }

    /// Every solution, by enumeration with blocking clauses, as bit masks.
    fn all_solutions(clauses: &[Vec<i8>], th: &mut dyn Theory) -> Vec<u32> {
        // Target phases on: their path is the one the local rule takes.
        let settings = Settings {
            var_decay: 0.8,
            deep_minimise: true,
            target_phases: true,
        };
        let mut s = Cdcl::new(VARS, vec![Truth::Unset; VARS], &settings);
        for c in clauses {
            let lits: Vec<Lit> = c.iter().map(|&x| lit_of(x)).collect();
            s.add_clause(&lits);
        }
        s.probe(th);
        let mut found = Vec::new();
        while s.solve(th, &[]) == Ok(true) {
            let mask = (0..VARS as u32).fold(0, |m, v| m | (s.model()[v as usize] as u32) << v);
            found.push(mask);
            let block: Vec<Lit> = (0..VARS as u32)
                .map(|v| Lit::new(Var::from_idx(v), !s.model()[v as usize]))
                .collect();
            if !s.add_clause(&block) {
                break;
            }
        }
        found.sort_unstable();
        found
    }

    fn clauses() -> impl Strategy<Value = Vec<Vec<i8>>> {
        let lit = (1..=VARS as i8, any::<bool>()).prop_map(|(v, pos)| if pos { v } else { -v });
        prop::collection::vec(prop::collection::vec(lit, 1..4), 0..30)
    }

    /// Twelve random 3-SAT formulas near the threshold (150 variables, 640 clauses, a fixed
    /// seed), each solved by our core (with learnt clauses held to `cap` bytes, when given) and
    /// by batsat: the answers agree and a model found satisfies the formula. Returns our
    /// solvers and whether each found a model.
    fn random_formulas_beside_batsat(cap: Option<usize>) -> Vec<(Cdcl, bool)> {
        use batsat::{BasicSolver, SolverInterface};
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut next = move |n: u64| rng.random_range(0..n);
        let (vars, clauses) = (150, 640);
        let mut solved = Vec::new();
        for _ in 0..12 {
            let formula: Vec<[Lit; 3]> = (0..clauses)
                .map(|_| [0; 3].map(|_| Lit::new(Var::from_idx(next(vars) as u32), next(2) == 1)))
                .collect();
            let settings = Settings {
                var_decay: 0.95,
                deep_minimise: true,
                target_phases: false,
            };
            let mut ours = Cdcl::new(vars as usize, vec![Truth::Unset; vars as usize], &settings);
            if let Some(cap) = cap {
                ours.set_learnt_cap(cap);
            }
            let mut theirs = BasicSolver::default();
            let bvars: Vec<batsat::Var> = (0..vars).map(|_| theirs.new_var_default()).collect();
            for c in &formula {
                ours.add_clause(c);
                let mut b: Vec<batsat::Lit> = c
                    .iter()
                    .map(|p| batsat::Lit::new(bvars[p.var().idx() as usize], p.sign()))
                    .collect();
                theirs.add_clause_reuse(&mut b);
            }
            let found = ours.solve(&mut NoTheory, &[]) == Ok(true);
            assert_eq!(found, theirs.solve_limited(&[]) == batsat::lbool::TRUE);
            if found {
                let value = |p: &Lit| ours.model()[p.var().idx() as usize] == p.sign();
                assert!(formula.iter().all(|c| c.iter().any(value)));
            }
            solved.push((ours, found));
        }
        solved
    }

    /// Random 3-SAT near the threshold, big enough for restarts and the reduction of learnt
    /// clauses, against batsat.
    #[test]
    fn hard_random_formulas_agree_with_batsat() {
        let solved = random_formulas_beside_batsat(None);
        let sat = solved.iter().filter(|(_, found)| *found).count();
        let reduced = solved
            .iter()
            .filter(|(ours, _)| ours.counts[0] >= REDUCE_FIRST)
            .count();
        assert!(
            sat > 0 && sat < 12,
            "both answers met: {sat} of 12 satisfiable"
        );
        assert!(
            reduced > 0,
            "no formula was hard enough to reduce the learnt clauses"
        );
    }

    /// The same formulas with the learnt clauses held to 24 KB: the cap drops them (the glue
    /// clauses too) far more often than the schedule would, the answers stay batsat's, and a
    /// solve that finds a solution ends within the cap.
    #[test]
    fn learnt_clauses_stay_within_their_cap_and_answers_are_unchanged() {
        let cap = 24 << 10;
        let solved = random_formulas_beside_batsat(Some(cap));
        for (ours, found) in &solved {
            if *found {
                assert!(ours.learnt_bytes() <= cap, "{} bytes", ours.learnt_bytes());
            }
        }
        let capped: u32 = solved.iter().map(|(ours, _)| ours.cap_reductions).sum();
        assert!(capped > 10, "the cap dropped learnt clauses {capped} times");
    }

    /// A solver on `VARS` variables with MiniSat's decay, phases saved.
    fn plain_solver() -> Cdcl {
        let settings = Settings {
            var_decay: 0.95,
            deep_minimise: true,
            target_phases: false,
        };
        Cdcl::new(VARS, vec![Truth::Unset; VARS], &settings)
    }

    /// A literal whose propagation fails is set the other way at level 0, and what follows from
    /// that is found in the same probing.
    #[test]
    fn probing_sets_failed_literals_the_other_way() {
        let mut s = plain_solver();
        // 1 implies 2 and not 2; not 1 implies 3, and 3 implies 4.
        for c in [[-1, 2], [-1, -2], [1, 3], [-3, 4]] {
            s.add_clause(&c.map(lit_of));
        }
        s.add_clause(&[1, 4, 5].map(lit_of));
        let fixed = s.probe(&mut NoTheory);
        assert!(fixed >= 1, "variable 1 fails");
        // Not 1 is fixed; so 3 holds, and with it 4.
        for (v, value) in [(0, FALSE), (2, TRUE), (3, TRUE)] {
            assert_eq!(s.lv[2 * v], value, "variable {}", v + 1);
            assert_eq!(s.level[v], 0);
        }
        assert_eq!(s.solve(&mut NoTheory, &[lit_of(1)]), Ok(false));
        assert!(s.solve(&mut NoTheory, &[]) == Ok(true));
        assert!(!s.model()[0] && s.model()[2] && s.model()[3]);
    }

    /// A literal that both probes of a variable set holds, even when no probe fails.
    #[test]
    fn probing_keeps_what_both_sides_of_a_variable_imply() {
        let mut s = plain_solver();
        // 1 gives 4 and 5, which give 2; not 1 gives 6, then 7, which give 2. Not 2 alone
        // propagates nothing, so no probe fails.
        for c in [
            &[-1, 4][..],
            &[-1, 5],
            &[-4, -5, 2],
            &[1, 6],
            &[-6, 7],
            &[-6, -7, 2],
        ] {
            let lits: Vec<Lit> = c.iter().map(|&x| lit_of(x)).collect();
            s.add_clause(&lits);
        }
        assert_eq!(s.probe(&mut NoTheory), 1);
        assert_eq!(
            (s.lv[2], s.level[1]),
            (TRUE, 0),
            "variable 2 holds at level 0"
        );
        assert_eq!(s.solve(&mut NoTheory, &[lit_of(-2)]), Ok(false));
    }

    proptest! {
        #[test]
        fn enumeration_finds_exactly_the_brute_force_solutions(cs in clauses()) {
            let expected: Vec<u32> = (0..1u32 << VARS).filter(|&a| satisfies(a, &cs)).collect();
            prop_assert_eq!(all_solutions(&cs, &mut NoTheory), expected);
        }

        #[test]
        fn a_theory_that_forces_and_fails_is_respected(cs in clauses(), k in 0usize..4) {
            let expected: Vec<u32> = (0..1u32 << VARS)
                .filter(|&a| satisfies(a, &cs) && a.count_ones() as usize <= k)
                .collect();
            let mut th = AtMost { k, why: Vec::new() };
            prop_assert_eq!(all_solutions(&cs, &mut th), expected);
        }

        #[test]
        fn several_assumptions_even_repeated_restrict_the_solution(
            cs in clauses(),
            assumed in prop::collection::vec((0u32..VARS as u32, any::<bool>()), 0..6),
        ) {
            let mut s = plain_solver();
            for c in &cs {
                let lits: Vec<Lit> = c.iter().map(|&x| lit_of(x)).collect();
                s.add_clause(&lits);
            }
            let lits: Vec<Lit> = assumed
                .iter()
                .map(|&(v, pos)| Lit::new(Var::from_idx(v), pos))
                .collect();
            let exists = (0..1u32 << VARS).any(|a| {
                satisfies(a, &cs) && assumed.iter().all(|&(v, pos)| (a >> v & 1 == 1) == pos)
            });
            prop_assert_eq!(s.solve(&mut NoTheory, &lits) == Ok(true), exists);
            // The solver is left usable: without the assumptions it answers as brute force does.
            let any = (0..1u32 << VARS).any(|a| satisfies(a, &cs));
            prop_assert_eq!(s.solve(&mut NoTheory, &[]) == Ok(true), any);
        }

        #[test]
        fn assumptions_restrict_the_solution(cs in clauses(), v in 0u32..VARS as u32, pos: bool) {
            let settings = Settings { var_decay: 0.95, deep_minimise: false, target_phases: false };
            let mut s = Cdcl::new(VARS, vec![Truth::True; VARS], &settings);
            for c in &cs {
                let lits: Vec<Lit> = c.iter().map(|&x| lit_of(x)).collect();
                s.add_clause(&lits);
            }
            let p = Lit::new(Var::from_idx(v), pos);
            let exists = (0..1u32 << VARS)
                .any(|a| satisfies(a, &cs) && (a >> v & 1 == 1) == pos);
            let found = s.solve(&mut NoTheory, &[p]) == Ok(true);
            prop_assert_eq!(found, exists);
            if found {
                prop_assert_eq!(s.model()[v as usize], pos);
                let mask = (0..VARS as u32).fold(0, |m, w| m | (s.model()[w as usize] as u32) << w);
                prop_assert!(satisfies(mask, &cs));
            }
        }
    }
}
