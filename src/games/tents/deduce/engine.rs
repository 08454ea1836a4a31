//! The propagation engine behind grading, case analysis and the generator: applies the rules
//! tier by tier with work lists (only what a change can affect is looked at again), keeps
//! every rule's conclusions on one board, and undoes trials through the board's trail.

use smallvec::smallvec;

use crate::deduce::Tier;
use crate::deduce::case::{self, Case, Propagator, Run};

use super::board::{Board, GRASS, Layout, TENT};
use super::catalogue::CASE_ANALYSIS;
use super::lines::{self, LineOutcome, LineScratch};
use super::order;
use super::pairing::{self, PairingOutcome};
use super::shared;
use super::step::{Contradiction, Step, Why};

/// A cell's square task is queued.
const QUEUED_CELL: u8 = 1;
/// A tree's task is queued.
const QUEUED_TREE: u8 = 2;
/// A tree is due for the tricky rules' next sweep.
const TREE_DIRTY: u8 = 4;

/// Sets `bit` in `flags`; whether it was clear.
#[inline]
fn raise(flags: &mut u8, bit: u8) -> bool {
    let fresh = *flags & bit == 0;
    *flags |= bit;
    fresh
}

/// A place some easy rule should look at again.
#[derive(Clone, Copy, Debug)]
enum Task {
    Line(usize),
    Cell(u32),
    Tree(u32),
}

/// How a run of the rules ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::games::tents) enum Outcome {
    /// Every line has its tents; the hardest tier used.
    Solved(Tier),
    /// No rule of the allowed tiers applies any more.
    Stuck,
    /// The position contradicts every solution.
    Contradiction,
}

/// The work lists, marks and scratch space of an engine, kept to run another without
/// allocating (the generator's estimates run hundreds of thousands of short engines on a
/// 100x100 board).
#[derive(Default)]
pub(super) struct Spare {
    queue: Vec<Task>,
    queued_line: Vec<bool>,
    /// Per cell, bits [`QUEUED_CELL`], [`QUEUED_TREE`] and [`TREE_DIRTY`]: one array to clear
    /// for each new engine, where the generator makes hundreds of thousands.
    flags: Vec<u8>,
    dirty_lines: Vec<usize>,
    line_dirty: Vec<bool>,
    dirty_trees: Vec<u32>,
    scratch: LineScratch,
    /// Every mark is clear and every list empty (an engine handed these buffers back through
    /// [`Engine::into_parts`]): the next engine on a board of the same size need not clear
    /// them cell by cell.
    clean: bool,
}

impl Spare {
    /// Empty work lists and clear marks for a board of `cells` cells and `lines` lines.
    fn prepare(&mut self, cells: usize, lines: usize) {
        let sized = self.flags.len() == cells
            && self.queued_line.len() == lines
            && self.line_dirty.len() == lines;
        if std::mem::take(&mut self.clean) && sized {
            debug_assert!(self.queue.is_empty() && self.dirty_lines.is_empty());
            debug_assert!(self.dirty_trees.is_empty() && !self.queued_line.contains(&true));
            debug_assert!(!self.line_dirty.contains(&true) && !self.flags.iter().any(|&f| f != 0));
            self.queue.reserve(cells);
            return;
        }
        self.queue.clear();
        self.queue.reserve(cells);
        reset(&mut self.queued_line, lines, false);
        reset(&mut self.flags, cells, 0);
        self.dirty_lines.clear();
        reset(&mut self.line_dirty, lines, false);
        self.dirty_trees.clear();
    }
}

/// Makes `v` hold `len` copies of `value`, in the room it has.
fn reset<T: Copy>(v: &mut Vec<T>, len: usize, value: T) {
    v.clear();
    v.resize(len, value);
}

/// The rules at work on a board.
pub(super) struct Engine<'a> {
    /// The position, with what has been deduced so far.
    pub b: Board<'a>,
    /// Work lists, marks and scratch space.
    bufs: Spare,
    pairing_dirty: bool,
    /// The hardest tier applied outside trials.
    pub used: Tier,
    in_trial: bool,
    /// A solution extending the position, cell by cell (TENT or GRASS), when known: case
    /// analysis need not try the value it gives a square.
    known: Option<Vec<u8>>,
    /// Asked between rounds of the rules: once it says true, the run stops where it is (its
    /// outcome then means nothing; the generator no longer needs it).
    stop: Option<&'a dyn Fn() -> bool>,
}

impl<'a> Engine<'a> {
    /// An engine that will look at every line, square and tree once.
    pub(super) fn new(b: Board<'a>) -> Self {
        Engine::looking_everywhere(b, Spare::default(), true)
    }

    /// [`Engine::new`] on the layout's blank board (see `Layout::blank_board`), in the buffers
    /// of an earlier engine. Under the local rule no square is looked at: the blank board has
    /// no tent and no empty square without a tree next to it, all the square rules read.
    pub(super) fn on_blank_in(layout: &'a Layout, spare: Spare) -> Self {
        Engine::looking_everywhere(layout.blank_board(), spare, layout.matching)
    }

    /// An engine that will look at every line and tree once, and at every square when
    /// `squares`.
    fn looking_everywhere(b: Board<'a>, spare: Spare, squares: bool) -> Self {
        let lay = b.layout;
        let mut e = Engine::idle_in(b, spare);
        for l in 0..lay.line_count() {
            e.push(Task::Line(l));
            e.mark_line(l);
        }
        if squares {
            for c in 0..lay.len() as u32 {
                if e.square_rules_may_act(c) {
                    e.push(Task::Cell(c));
                }
            }
        }
        for &t in &lay.trees {
            e.push(Task::Tree(t));
            e.mark_tree(t);
        }
        e
    }

    /// Queues the given cells, their lines and the trees around them.
    pub(super) fn seed(&mut self, cells: &[u32]) {
        let lay = self.b.layout;
        for &c in cells {
            if self.square_rules_may_act(c) {
                self.push(Task::Cell(c));
            }
            for l in lay.lines_of(c) {
                self.push(Task::Line(l));
                self.mark_line(l);
            }
            if lay.is_tree[c as usize] {
                self.push(Task::Tree(c));
                self.mark_tree(c);
            }
            for &t in lay.trees_of(c as usize) {
                self.push(Task::Tree(t));
                self.mark_tree(t);
            }
        }
    }

    /// Whether some square rule may act on cell `c` as it stands: they read only tents and
    /// empty squares, and of the empty ones only those with no tree next to them (empty field)
    /// unless tree-for-tent applies (the matching rule). A judgement from scratch on a 100x100
    /// looked at some 5000 squares for nothing.
    fn square_rules_may_act(&self, c: u32) -> bool {
        let lay = self.b.layout;
        self.b.is_tent(c) || (self.b.is_empty(c) && (lay.matching || !lay.is_candidate(c)))
    }

    /// An engine with nothing to do yet, in the buffers of an earlier one.
    fn idle_in(b: Board<'a>, mut bufs: Spare) -> Self {
        let lay = b.layout;
        bufs.prepare(lay.len(), lay.line_count());
        Engine {
            b,
            bufs,
            pairing_dirty: lay.matching,
            used: Tier::Easy,
            in_trial: false,
            known: None,
            stop: None,
        }
    }

    /// An engine that will look at the given cells, their lines and the trees around them (for
    /// a board that is closed except near those cells), in the buffers of an earlier engine.
    pub(super) fn seeded_in(b: Board<'a>, cells: &[u32], spare: Spare) -> Self {
        let mut e = Engine::idle_in(b, spare);
        e.seed(cells);
        e
    }

    /// The board reached, and the buffers for another engine.
    pub(super) fn into_parts(mut self) -> (Board<'a>, Spare) {
        self.reset_work();
        self.bufs.clean = true;
        (self.b, self.bufs)
    }

    #[inline]
    fn push(&mut self, task: Task) {
        let fresh = match task {
            Task::Line(l) => !std::mem::replace(&mut self.bufs.queued_line[l], true),
            Task::Cell(c) => raise(&mut self.bufs.flags[c as usize], QUEUED_CELL),
            Task::Tree(t) => raise(&mut self.bufs.flags[t as usize], QUEUED_TREE),
        };
        if fresh {
            self.bufs.queue.push(task);
        }
    }

    #[inline]
    fn mark_line(&mut self, l: usize) {
        if !self.bufs.line_dirty[l] {
            self.bufs.line_dirty[l] = true;
            self.bufs.dirty_lines.push(l);
        }
    }

    #[inline]
    fn mark_tree(&mut self, t: u32) {
        if raise(&mut self.bufs.flags[t as usize], TREE_DIRTY) {
            self.bufs.dirty_trees.push(t);
        }
    }

    /// Decides an empty cell and schedules what it may affect.
    fn assign(&mut self, c: u32, v: u8) {
        if !self.b.is_empty(c) {
            debug_assert_eq!(self.b.at(c), v, "a rule contradicts a decided square");
            return;
        }
        self.b.set(c, v);
        let lay = self.b.layout;
        for l in lay.lines_of(c) {
            self.push(Task::Line(l));
            self.mark_line(l);
        }
        // A square turned grass gives the square rules nothing to act on.
        if self.square_rules_may_act(c) {
            self.push(Task::Cell(c));
        }
        for &t in lay.trees_of(c as usize) {
            self.push(Task::Tree(t));
            self.mark_tree(t);
        }
        if lay.matching {
            self.pairing_dirty = true;
            // Ownership two steps away may change: re-check squares and trees around.
            for &t in lay.trees_of(c as usize) {
                for &x in lay.ortho(t as usize) {
                    self.push(Task::Cell(x));
                    for &t2 in lay.trees_of(x as usize) {
                        self.push(Task::Tree(t2));
                    }
                }
            }
        }
    }

    /// Stops runs early once `stop` says true (see the field).
    pub(super) fn stop_when(&mut self, stop: &'a dyn Fn() -> bool) {
        self.stop = Some(stop);
    }

    /// Tells case analysis a solution extending the position (TENT or GRASS per cell).
    pub(super) fn know_solution(&mut self, values: Vec<u8>) {
        self.known = Some(values);
    }

    /// Applies a step's conclusions.
    pub(super) fn apply(&mut self, step: &Step) {
        for &(c, v) in &step.sets {
            self.assign(c, v);
        }
        if !self.in_trial {
            self.used = self.used.max(step.rule.tier);
        }
    }

    /// Runs the easy rules until none applies.
    pub(super) fn propagate_easy(&mut self) -> Result<(), Contradiction> {
        while let Some(task) = self.bufs.queue.pop() {
            let b = &self.b;
            let step = match task {
                Task::Line(l) => {
                    self.bufs.queued_line[l] = false;
                    order::on_line(b, l)?
                }
                Task::Cell(c) => {
                    self.bufs.flags[c as usize] &= !QUEUED_CELL;
                    order::on_cell(b, c)?
                }
                Task::Tree(t) => {
                    self.bufs.flags[t as usize] &= !QUEUED_TREE;
                    order::on_tree(b, t)?
                }
            };
            if let Some(step) = step {
                self.apply(&step);
            }
        }
        Ok(())
    }

    /// One sweep of the tricky rules over what changed; whether anything was decided.
    fn tricky_sweep(&mut self) -> Result<bool, Contradiction> {
        let mut progress = false;
        let trees = std::mem::take(&mut self.bufs.dirty_trees);
        for &t in &trees {
            self.bufs.flags[t as usize] &= !TREE_DIRTY;
        }
        for t in trees {
            if let Some(step) = shared::shared_neighbour(&self.b, t) {
                self.apply(&step);
                progress = true;
            }
        }
        let lines = std::mem::take(&mut self.bufs.dirty_lines);
        for &l in &lines {
            self.bufs.line_dirty[l] = false;
        }
        for l in lines {
            match lines::enumerate(&self.b, l, &mut self.bufs.scratch) {
                LineOutcome::Nothing => {}
                LineOutcome::Step(step) => {
                    self.apply(&step);
                    progress = true;
                }
                LineOutcome::Contradiction(c) => return Err(c),
            }
        }
        if !progress && self.pairing_dirty {
            self.pairing_dirty = false;
            match pairing::pairing(&self.b) {
                PairingOutcome::Nothing => {}
                PairingOutcome::Step(step) => {
                    self.apply(&step);
                    progress = true;
                }
                PairingOutcome::Contradiction(c) => return Err(c),
            }
        }
        Ok(progress)
    }

    /// Runs the rules up to `max` (case analysis excluded) until none applies.
    pub(super) fn closure(&mut self, max: Tier) -> Result<(), Contradiction> {
        loop {
            self.propagate_easy()?;
            if max == Tier::Easy || self.b.lines_full() || self.stop.is_some_and(|f| f()) {
                return Ok(());
            }
            if !self.tricky_sweep()? {
                return Ok(());
            }
        }
    }

    /// Runs every rule up to `max`, case analysis included when `max` is hard (by the shared
    /// driver, going round the squares from where the last case analysis stopped).
    pub(super) fn run(&mut self, max: Tier) -> Outcome {
        match case::run(self, max, true) {
            Run::Solved(tier) => Outcome::Solved(tier),
            Run::Stuck => Outcome::Stuck,
            Run::Contradiction(_) => Outcome::Contradiction,
        }
    }

    /// Case analysis at a closed position, by the shared driver: the first empty candidate
    /// square, row-major, one of whose values (tent first) leads to a contradiction with the
    /// easy and tricky rules; the step gives it the other value. An error when both values of
    /// a square fail.
    pub(super) fn case_step(&mut self) -> Result<Option<Step>, Contradiction> {
        match case::find_case(self, 0, true) {
            None => Ok(None),
            Some(Case::Impossible { refuted, .. }) => {
                let [_, (_, second)] = refuted;
                Err(second)
            }
            Some(Case::Forced {
                slot,
                tried,
                value,
                conflict,
                ..
            }) => Ok(Some(case_step(slot as u32, tried, value, conflict))),
        }
    }

    /// Tries a value on a cell at a closed position and undoes it: the contradiction reached
    /// by the easy and tricky rules, if any.
    pub(super) fn trial(&mut self, c: u32, v: u8) -> Option<Contradiction> {
        let mark = self.b.mark();
        self.in_trial = true;
        self.assign(c, v);
        let result = self.closure(Tier::Tricky);
        self.b.undo_to(mark);
        self.in_trial = false;
        self.reset_work();
        result.err()
    }

    /// Forgets pending work (after a trial, the position is closed again).
    fn reset_work(&mut self) {
        for task in self.bufs.queue.drain(..) {
            match task {
                Task::Line(l) => self.bufs.queued_line[l] = false,
                Task::Cell(c) => self.bufs.flags[c as usize] &= !QUEUED_CELL,
                Task::Tree(t) => self.bufs.flags[t as usize] &= !QUEUED_TREE,
            }
        }
        for l in self.bufs.dirty_lines.drain(..) {
            self.bufs.line_dirty[l] = false;
        }
        for t in self.bufs.dirty_trees.drain(..) {
            self.bufs.flags[t as usize] &= !TREE_DIRTY;
        }
        self.pairing_dirty = false;
    }
}

/// The step case analysis concludes: `cell` takes `value` since `tried` led to `contradiction`.
fn case_step(cell: u32, tried: u8, value: u8, contradiction: Contradiction) -> Step {
    Step {
        rule: &CASE_ANALYSIS,
        sets: smallvec![(cell, value)],
        why: Why::Case {
            cell,
            tried,
            contradiction: Box::new(contradiction),
        },
    }
}

impl Propagator for Engine<'_> {
    type Conflict = Contradiction;

    fn slots(&self) -> usize {
        self.b.layout.len()
    }

    fn is_open(&self, slot: usize) -> bool {
        let c = slot as u32;
        self.b.is_empty(c) && self.b.layout.is_candidate(c)
    }

    fn values(&self, _slot: usize) -> [u8; 2] {
        [TENT, GRASS]
    }

    fn known_consistent(&self, slot: usize, v: u8) -> bool {
        self.known.as_ref().is_some_and(|k| k[slot] == v)
    }

    fn refute(&mut self, slot: usize, v: u8, _pass: usize) -> Option<Contradiction> {
        self.trial(slot as u32, v)
    }

    fn close(&mut self, max: Tier) -> Result<Tier, Contradiction> {
        self.closure(max)?;
        Ok(self.used)
    }

    fn decide(&mut self, slot: usize, v: u8, _refuted: u8) -> Result<(), Contradiction> {
        self.assign(slot as u32, v);
        self.used = Tier::Hard;
        Ok(())
    }

    fn solved(&self) -> bool {
        self.b.lines_full()
    }
}
