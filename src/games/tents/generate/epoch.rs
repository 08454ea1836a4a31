//! One stretch of the climb between two kept changes: changes are proposed in order from one
//! random stream and assessed by one or two lanes (the climb's own thread and a helper
//! thread), and the first change kept, in the order proposed, wins.
//!
//! The outcome is the one a single thread gets by assessing the changes one by one: every
//! change before the winner is assessed, proposals draw from the stream in index order
//! whichever lane makes them, and the stream goes on from just after the winner's proposal.
//! Which change comes at an index is known in advance while nothing is kept: moves of trees,
//! and a new planting after `stall_limit + 1` moves in a row that improve nothing. Assessing a
//! change reads only the planting and the verdict at the start of the stretch, so two lanes
//! can assess two of them at once; work a lane does beyond the winner is wasted.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use rand_chacha::ChaCha8Rng;

use crate::deduce::{Cancelled, GenCtl, Tier};

use super::super::deduce::{Estimator, Layout};
use super::moves::{
    Candidate, Change, Judged, Pace, Replanting, propose, propose_replant, screen, verdict,
};
use super::plant::{Edit, Plant};

/// What became of one change.
enum Verdict {
    /// Not kept (no tree moved, too few tents fit, or worse than the current puzzle).
    Dropped,
    /// Kept.
    Kept(Box<Winner>),
}

/// A change kept, with what the climb needs to go on from it.
pub(super) struct Winner {
    /// The change.
    pub change: Change,
    /// Its exact verdict.
    pub judged: Judged,
    /// The random stream just after the change's proposal.
    pub rng: ChaCha8Rng,
    /// Moves in a row that improved nothing, after this change.
    pub stalled: usize,
}

/// A change as proposed, before the lane that assesses it prepares it.
enum Proposal {
    /// Trees moved: the squares set, and the centre.
    Move(Vec<Edit>, usize),
    /// Tents planted again around a square (`None`: as many no longer fit).
    Replant(Option<(Plant, usize)>),
}

/// The random stream the proposals draw from, and how many were made.
struct Proposals {
    rng: ChaCha8Rng,
    made: usize,
}

/// Where a stretch starts from: the climb's state between two kept changes.
#[derive(Clone)]
pub(super) struct Footing {
    /// The planting.
    pub plant: Arc<Plant>,
    /// The candidate squares the current verdict leaves undecided.
    pub undecided: Arc<[u32]>,
    /// The planting's verdict.
    pub current: Arc<Judged>,
    /// Moves in a row that improved nothing.
    pub stalled: usize,
}

/// The changes of one stretch and what the lanes found.
pub(super) struct Epoch {
    from: Footing,
    target: Tier,
    pace: Pace,
    /// Changes the stretch may try (what is left of the budget).
    room: usize,
    proposals: Mutex<Proposals>,
    /// The lowest index kept so far (`usize::MAX`: none).
    best: AtomicUsize,
    ledger: Mutex<Ledger>,
    /// Signalled when a verdict completes the known prefix further.
    ready: Condvar,
    /// The job's cancel flag: once raised, no change is claimed and judgements stop.
    ctl: GenCtl,
}

/// The verdicts found so far.
#[derive(Default)]
struct Ledger {
    /// Per index, its verdict once known.
    verdicts: Vec<Option<Verdict>>,
    /// Every verdict before this index is known.
    known: usize,
    /// Threads waiting for `known` to grow.
    waiting: usize,
}

/// How a stretch ended.
pub(super) struct Ending {
    /// Changes tried, the winner included.
    pub tried: usize,
    /// The random stream after the last change tried.
    pub rng: ChaCha8Rng,
    /// The change kept, unless the budget ran out first.
    pub winner: Option<Box<Winner>>,
}

/// Locks a mutex; a lane that panicked while holding it leaves nothing half-written here.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Epoch {
    /// A stretch from `from` towards `target` at `pace`, with at most `room` changes drawn from
    /// `rng`.
    pub(super) fn new(
        from: Footing,
        target: Tier,
        pace: Pace,
        room: usize,
        rng: ChaCha8Rng,
        ctl: GenCtl,
    ) -> Self {
        Epoch {
            from,
            target,
            pace,
            room,
            proposals: Mutex::new(Proposals { rng, made: 0 }),
            best: AtomicUsize::new(usize::MAX),
            ledger: Mutex::new(Ledger::default()),
            ready: Condvar::new(),
            ctl,
        }
    }

    /// Moves in a row that improved nothing before change `i`, or `None` when change `i` is a
    /// new planting (the climb plants again once that count passes the stall limit).
    fn stalled_before(&self, i: usize) -> Option<usize> {
        let limit = self.pace.stall_limit;
        let first_run = (limit + 1).saturating_sub(self.from.stalled);
        if i < first_run {
            return Some(self.from.stalled + i);
        }
        // Then a new planting and `limit + 1` moves, over and over.
        let k = (i - first_run) % (limit + 2);
        k.checked_sub(1)
    }

    /// The next change to assess with its index and the stream after its proposal, or
    /// `None` when nothing is left worth assessing (the room is used up, or a change before
    /// it was kept).
    /// `scratch` is the lane's copy of the planting.
    fn claim(&self, scratch: &mut Plant) -> Option<(usize, Proposal, ChaCha8Rng)> {
        let mut p = lock(&self.proposals);
        let i = p.made;
        if self.over(i) {
            return None;
        }
        let (plant, undecided) = (&self.from.plant, &self.from.undecided);
        let proposal = match self.stalled_before(i) {
            Some(_) => {
                let (edits, centre) =
                    propose(plant, scratch, undecided, self.pace.late, &mut p.rng);
                Proposal::Move(edits, centre)
            }
            None => Proposal::Replant(propose_replant(
                plant,
                undecided,
                self.pace.late,
                &mut p.rng,
            )),
        };
        p.made += 1;
        Some((i, proposal, p.rng.clone()))
    }

    /// Whether change `i` is not worth assessing: the room is used up, a change before it
    /// was kept, or the job was cancelled.
    fn over(&self, i: usize) -> bool {
        i >= self.room || i > self.best.load(Ordering::Acquire) || self.ctl.cancelled()
    }

    /// The verdict on change `i`; `layout` is the lane's copy of the stretch's layout (edited
    /// for a move and restored), `est` its estimate buffers. `None` when dropped, or when a
    /// change before it was kept (its judgement from scratch then stops early: it was started
    /// while an earlier change was being judged, in case that one failed).
    fn verdict(
        &self,
        i: usize,
        proposal: Proposal,
        layout: &mut Layout,
        est: &mut Estimator,
    ) -> Option<(Change, Judged)> {
        let (current, target) = (&*self.from.current, self.target);
        let beaten = || self.best.load(Ordering::Acquire) < i || self.ctl.cancelled();
        let cases = self.pace.cases(current);
        match proposal {
            Proposal::Move(edits, centre) => {
                let c = Candidate::new(&self.from.plant, edits, centre);
                if c.flips.is_empty() {
                    return None; // the same puzzle
                }
                // The layout is settled only for a judgement from scratch (see `flip_quick`).
                layout.flip_quick(&c.flips);
                let plant = &self.from.plant;
                let judged = screen(&c, plant, layout, current, target, &self.pace, est)
                    .then(|| {
                        layout.settle();
                        verdict(layout, current, target, cases, Some(&beaten), est)
                    })
                    .flatten();
                layout.flip_quick(&c.flips);
                judged.map(|j| (Change::Move(c), j))
            }
            Proposal::Replant(next) => {
                let (next, centre) = next?;
                let r = Replanting::new(&self.from.plant, layout, next, centre);
                let judged = r
                    .screen(current, target, self.pace.replant_band, est)
                    .then(|| r.verdict(current, target, cases, Some(&beaten), est))
                    .flatten()?;
                Some((Change::Replant(Box::new(r)), judged))
            }
        }
    }

    /// Assesses changes until none is left worth it; `layout` is the lane's copy of the
    /// stretch's layout, `est` its estimate buffers.
    pub(super) fn work(&self, layout: &mut Layout, est: &mut Estimator) {
        if self.over(lock(&self.proposals).made) {
            return; // a stretch the climb has left
        }
        let mut scratch = Plant::clone(&self.from.plant);
        while let Some((i, proposal, rng)) = self.claim(&mut scratch) {
            let verdict = match self.verdict(i, proposal, layout, est) {
                None => Verdict::Dropped,
                Some((change, judged)) => {
                    // A move resets the stall count when it improves, a new planting always.
                    let stalled = match self.stalled_before(i) {
                        Some(s) if !judged.beats(&self.from.current) => s + 1,
                        _ => 0,
                    };
                    self.best.fetch_min(i, Ordering::AcqRel);
                    Verdict::Kept(Box::new(Winner {
                        change,
                        judged,
                        rng,
                        stalled,
                    }))
                }
            };
            self.record(i, verdict);
        }
    }

    /// Writes down verdict `i`, and wakes whoever waits for it.
    fn record(&self, i: usize, verdict: Verdict) {
        let mut ledger = lock(&self.ledger);
        let l = &mut *ledger;
        if l.verdicts.len() <= i {
            l.verdicts.resize_with(i + 1, || None);
        }
        l.verdicts[i] = Some(verdict);
        let before = l.known;
        while l.verdicts.get(l.known).is_some_and(Option::is_some) {
            l.known += 1;
        }
        if l.known > before && l.waiting > 0 {
            self.ready.notify_all();
        }
    }

    /// Waits for the verdicts up to the first change kept (or all, when none is), and says
    /// how the stretch ended; `Cancelled` once the job is (the lanes then stop claiming, so
    /// the verdicts may never all come). Panics when the helper is gone before it could finish.
    pub(super) fn finish(&self, helper_gone: &AtomicBool) -> Result<Ending, Cancelled> {
        let mut ledger = lock(&self.ledger);
        // Verdicts before `seen` are known and dropped.
        let mut seen = 0;
        let end = loop {
            let l = &*ledger;
            while seen < l.known && matches!(l.verdicts[seen], Some(Verdict::Dropped)) {
                seen += 1;
            }
            if seen < l.known {
                break Some(seen);
            }
            // Lanes stop claiming only at a kept change or at the end of the room.
            if seen >= self.room {
                break None;
            }
            self.ctl.check()?;
            assert!(
                !helper_gone.load(Ordering::Acquire),
                "the climb's helper thread stopped mid-stretch"
            );
            ledger.waiting += 1;
            ledger = self
                .ready
                .wait_timeout(ledger, Duration::from_millis(50))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
            ledger.waiting -= 1;
        };
        // A verdict reached while the job was being cancelled may be a stopped judgement's.
        self.ctl.check()?;
        Ok(match end {
            Some(w) => {
                let Some(Verdict::Kept(winner)) = ledger.verdicts[w].take() else {
                    unreachable!("the stretch ends at a kept change");
                };
                Ending {
                    tried: w + 1,
                    rng: winner.rng.clone(),
                    winner: Some(winner),
                }
            }
            // Every change of the room was proposed.
            None => Ending {
                tried: self.room,
                rng: lock(&self.proposals).rng.clone(),
                winner: None,
            },
        })
    }
}
