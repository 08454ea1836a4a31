//! Side effects `update` asks for; the loop performs them and feeds results back as messages.

use crate::budget::{self, Budget, OutOfTime};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, SystemTime};

use super::generate::{self, GenRequest};
use super::keys::{self, KeyBindings, KeysError, KeysErrorKind};
use super::model::{Message, OpenRequest, Session, ShownHint};
use super::msg::{HintAnswer, LoadedKeys, LoadedThemes, Msg};
use super::saved::{self, GameProgress, ProgressOutcome};
use super::solution::{self, KnownSolution};
use crate::deduce::{GenCtl, Progress};
use crate::game::Game;
use crate::games::AnyGame;
use crate::games::any::IntoAny;
use crate::progress::{PuzzleLock, Settings as StoredSettings, Store, StoreError, Timestamp};
use crate::theme::Themes;

/// Something only the loop around `update` may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Leave the program, restoring the terminal (saves asked for before are written first).
    Quit,
    /// Read the built-in and user themes; answered by [`Msg::ThemesLoaded`].
    LoadThemes,
    /// Read keys.toml; answered by [`Msg::KeysLoaded`].
    LoadKeys,
    /// Read the saved settings; answered by [`Msg::SettingsLoaded`].
    LoadSettings,
    /// Write the settings.
    SaveSettings(StoredSettings),
    /// List the saved progress; answered by [`Msg::ProgressListed`].
    ListProgress,
    /// Look for a puzzle's saved progress; answered by [`Msg::ProgressLoaded`].
    LoadProgress(OpenRequest),
    /// Write a puzzle's progress. Saves are written together once a batch of input has been
    /// handled (the last one per puzzle), before anything else reads the data folder.
    SaveProgress {
        /// The puzzle's progress key.
        key: String,
        /// The record.
        progress: GameProgress,
    },
    /// Run a generator in the background; answered by [`Msg::Generated`] (or
    /// [`Msg::GeneratorFailed`] if it panics), and told on the way by [`Msg::GenProgress`].
    Generate(GenRequest),
    /// Stop the generator running for this request (its thread ends soon after; its answer,
    /// "cancelled", is then ignored).
    CancelGenerate(GenRequest),
    /// Solve this puzzle away from the loop (a solver may take a while); answered by
    /// [`Msg::Solved`] (or [`Msg::SolverFailed`] if it panics).
    Solve(AnyGame),
    /// Read what was typed in the open prompt, as `play` reads its argument, away from the
    /// loop; answered by [`Msg::PuzzleRead`].
    ReadPuzzle(String),
    /// Delete a puzzle made here with its progress (not while another player has it open);
    /// answered by [`Msg::Deleted`].
    DeletePuzzle(String),
    /// Try to take the lock of a puzzle another player had open; answered by
    /// [`Msg::TookOver`] once it is free (nothing while the other player holds it).
    TakeOver {
        /// The puzzle's progress key.
        key: String,
        /// The puzzle, to read the other player's save against.
        game: AnyGame,
    },
    /// Work out the statistics from the saved progress; answered by [`Msg::StatsLoaded`].
    LoadStats,
    /// Work out the hint `n` asks for away from the loop; answered by [`Msg::Hinted`].
    Hint {
        /// The game and history in play.
        session: Session,
        /// The hint shown since the last `n`, if any (a second `n` applies it).
        shown: Option<ShownHint>,
        /// What the background solve found about the puzzle, when it has answered: the hint
        /// then asks no solver for positions it judges.
        known: Option<Arc<KnownSolution>>,
    },
    /// Solve the puzzle just opened in the background (pieces cleared), stopping the solve of
    /// the puzzle before if it still runs; answered by [`Msg::SolutionKept`].
    KeepSolution(AnyGame),
    /// The puzzle whose solution was being worked out was left: stop working on it.
    StopSolving,
}

/// Reads built-in themes and the user's theme folder (`GRIDPUZZLES_HOME/themes` or the
/// platform's config folder).
pub fn load_themes() -> LoadedThemes {
    let dir = crate::paths::user_themes_dir();
    let (themes, errors) = Themes::load(dir.as_deref());
    LoadedThemes {
        themes: Arc::new(themes),
        errors,
    }
}

/// Reads the player's keys.toml (`GRIDPUZZLES_HOME/keys.toml` or the platform's config
/// folder). No file: the default keys. A file with any problem is not used at all: the
/// default keys, and every problem located.
pub fn load_keys() -> LoadedKeys {
    let Some(path) = crate::paths::keys_file() else {
        return LoadedKeys {
            keys: Arc::default(),
            errors: Vec::new(),
        };
    };
    let problem = |kind| KeysError {
        path: path.clone(),
        position: None,
        kind,
    };
    let parsed = match read_keys_file(&path) {
        Ok(None) => Ok(KeyBindings::default()),
        Ok(Some(text)) => keys::parse_keys(&text, &path),
        Err(kind) => Err(vec![problem(kind)]),
    };
    match parsed {
        Ok(bindings) => LoadedKeys {
            keys: Arc::new(bindings),
            errors: Vec::new(),
        },
        Err(errors) => LoadedKeys {
            keys: Arc::default(),
            errors,
        },
    }
}

/// The text of keys.toml, `None` when there is none; refused unread above
/// [`keys::file::MAX_KEYS_BYTES`] (the read is bounded too, for files that grow).
fn read_keys_file(path: &std::path::Path) -> Result<Option<String>, KeysErrorKind> {
    use std::io::Read;
    let io = |e: std::io::Error| KeysErrorKind::Io(e.to_string());
    // Only a regular file is read: a FIFO or a device there must not block the player.
    let file = match crate::files::regular::open_regular(path) {
        Ok(file) => file,
        Err(crate::files::regular::OpenError::Missing) => return Ok(None),
        Err(e) => return Err(KeysErrorKind::Io(e.to_string())),
    };
    let max = keys::file::MAX_KEYS_BYTES;
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > max {
        let size = std::fs::metadata(path).map_or(bytes.len() as u64, |m| m.len());
        return Err(KeysErrorKind::TooLarge { size, max });
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|e| KeysErrorKind::Io(format!("not UTF-8: {e}")))
}

/// Performs effects for the loop: owns the progress store, the lock of the puzzle open, the
/// saves waiting for the end of the batch, and the generator threads' answers.
pub struct Performer {
    store: Result<Store, String>,
    /// The puzzle whose progress this player may write, and its lock; kept until another
    /// puzzle is opened or the player ends.
    held: Option<(String, PuzzleLock)>,
    /// Whether the player was told that something is not being saved (it is told once, not
    /// after every move; a save that works again resets it).
    told_not_saved: bool,
    /// Whether the last progress save failed (the next one that works says so).
    progress_failing: bool,
    pending: Vec<(String, GameProgress)>,
    answers: Sender<Msg>,
    finished: Receiver<Msg>,
    /// An answer [`Self::answered`] took from `finished`, first in line for the loop.
    first_answer: Option<Msg>,
    running: usize,
    exit_failures: Vec<String>,
    clock: fn() -> SystemTime,
    /// Raised to stop the background solve of the puzzle open (when it is left).
    solving: Option<Arc<AtomicBool>>,
    /// The generator running, if any.
    generation: Option<Generation>,
}

/// A generator at work: what it makes, its control, and the progress last told to `update`.
struct Generation {
    request: GenRequest,
    ctl: GenCtl,
    told: Option<Progress>,
}

impl Performer {
    /// A performer on `store` (or on the reason there is none: nothing is then saved).
    pub fn new(store: Result<Store, String>) -> Performer {
        let (answers, finished) = channel();
        Performer {
            store,
            held: None,
            told_not_saved: false,
            progress_failing: false,
            pending: Vec::new(),
            answers,
            finished,
            first_answer: None,
            running: 0,
            exit_failures: Vec::new(),
            clock: SystemTime::now,
            solving: None,
            generation: None,
        }
    }

    /// A performer on the data folder (`GRIDPUZZLES_HOME` or the platform's).
    pub fn open_default() -> Performer {
        Performer::new(Store::open_default().map_err(|e| e.to_string()))
    }

    /// Performs one effect; returns the messages that report its result. `Quit` is left to
    /// the loop.
    pub fn perform(&mut self, effect: &Effect) -> Vec<Msg> {
        match effect {
            Effect::Quit => Vec::new(),
            Effect::LoadThemes => vec![Msg::ThemesLoaded(load_themes())],
            Effect::LoadKeys => vec![Msg::KeysLoaded(load_keys())],
            Effect::SaveProgress { key, progress } => {
                self.pending.retain(|(k, _)| k != key);
                self.pending.push((key.clone(), progress.clone()));
                Vec::new()
            }
            Effect::Generate(request) => {
                let request = request.clone();
                let ctl = GenCtl::new();
                // One generator at a time: a new request stops the one before.
                if let Some(before) = self.generation.replace(Generation {
                    request: request.clone(),
                    ctl: ctl.clone(),
                    told: None,
                }) {
                    before.ctl.cancel();
                }
                self.spawn(move || {
                    let answer = catch(|| generate::generate(&request, &ctl));
                    match answer {
                        // Not an answer to give: the same request may be waited for again.
                        _ if ctl.cancelled() => Msg::GenCancelled(request),
                        Ok(result) => Msg::Generated { request, result },
                        Err(why) => Msg::GeneratorFailed { request, why },
                    }
                });
                Vec::new()
            }
            Effect::CancelGenerate(request) => {
                if let Some(g) = self.generation.take_if(|g| g.request == *request) {
                    g.ctl.cancel();
                }
                Vec::new()
            }
            Effect::Solve(puzzle) => {
                let puzzle = puzzle.clone();
                self.spawn(move || {
                    match catch(|| solve_any_within(&puzzle, &Budget::lasting(budget::REVEAL))) {
                        Ok(Ok(solution)) => Msg::Solved { puzzle, solution },
                        Ok(Err(OutOfTime)) => Msg::SolverFailed(format!(
                            "no answer within {} s",
                            budget::REVEAL.as_secs()
                        )),
                        Err(why) => Msg::SolverFailed(why),
                    }
                });
                Vec::new()
            }
            Effect::ReadPuzzle(text) => {
                let text = text.clone();
                self.spawn(move || {
                    let result = catch(|| read_typed(&text))
                        .unwrap_or_else(|why| Err(format!("reading failed: {why}")));
                    Msg::PuzzleRead { text, result }
                });
                Vec::new()
            }
            Effect::Hint {
                session,
                shown,
                known,
            } => {
                let (session, shown, known) = (session.clone(), shown.clone(), known.clone());
                self.spawn(move || {
                    let answer = hint_answer(&session, shown.as_ref(), known.as_deref());
                    Msg::Hinted(Box::new(answer))
                });
                Vec::new()
            }
            Effect::KeepSolution(puzzle) => {
                self.stop_solving();
                let stop = Arc::new(AtomicBool::new(false));
                self.solving = Some(Arc::clone(&stop));
                let puzzle = puzzle.clone();
                self.spawn(move || {
                    let budget = Budget::lasting(budget::KEEP).or_until(stop);
                    // Out of time or failed: the hints ask the solver themselves, as before.
                    let known = catch(|| solution::work_out(&puzzle, &budget))
                        .ok()
                        .and_then(Result::ok)
                        .map(Arc::new);
                    Msg::SolutionKept { puzzle, known }
                });
                Vec::new()
            }
            Effect::StopSolving => {
                self.stop_solving();
                Vec::new()
            }
            store_effect => {
                let mut out = self.flush();
                out.extend(self.with_store(store_effect));
                out
            }
        }
    }

    fn with_store(&mut self, effect: &Effect) -> Option<Msg> {
        match effect {
            Effect::LoadProgress(request) => return Some(self.load_progress(request)),
            Effect::TakeOver { key, game } => return self.take_over(key, game),
            Effect::DeletePuzzle(name) => {
                return Some(Msg::Deleted {
                    name: name.clone(),
                    result: self.delete(name),
                });
            }
            _ => {}
        }
        let store = self.store.as_ref();
        match effect {
            Effect::LoadSettings => Some(Msg::SettingsLoaded(
                store
                    .map_err(Clone::clone)
                    .and_then(|s| s.load_settings().map_err(|e| e.to_string())),
            )),
            Effect::SaveSettings(settings) => {
                let saved = store
                    .map_err(Clone::clone)
                    .and_then(|s| s.save_settings(settings).map_err(|e| e.to_string()));
                match saved {
                    Ok(()) => None,
                    Err(e) => self.not_saved(format!("settings not saved: {e}")),
                }
            }
            Effect::ListProgress => Some(Msg::ProgressListed(
                store
                    .map_err(Clone::clone)
                    .and_then(|s| s.list().map_err(|e| e.to_string())),
            )),
            Effect::LoadStats => Some(Msg::StatsLoaded(
                store
                    .map_err(Clone::clone)
                    .and_then(|s| stats_lines(s).map(Into::into)),
            )),
            Effect::Quit
            | Effect::LoadProgress(_)
            | Effect::DeletePuzzle(_)
            | Effect::TakeOver { .. }
            | Effect::ReadPuzzle(_)
            | Effect::LoadThemes
            | Effect::LoadKeys
            | Effect::SaveProgress { .. }
            | Effect::Generate(_)
            | Effect::CancelGenerate(_)
            | Effect::Solve(_)
            | Effect::Hint { .. }
            | Effect::KeepSolution(_)
            | Effect::StopSolving => None,
        }
    }

    /// Opens a puzzle's progress: takes its lock, then loads what is saved. Another player
    /// holding the lock gets the puzzle [`ProgressOutcome::OpenElsewhere`]; a lock that cannot
    /// be taken at all (a data folder that cannot be written) does not stop the loading, and
    /// saving then says why it fails.
    fn load_progress(&mut self, request: &OpenRequest) -> Msg {
        let outcome = match (&self.store, &request.puzzle.key) {
            (Err(e), _) => ProgressOutcome::Failed(e.clone()),
            (Ok(_), None) => ProgressOutcome::Fresh,
            (Ok(_), Some(key)) => match self.lock(key) {
                Err(StoreError::Locked { .. }) => ProgressOutcome::OpenElsewhere(
                    self.store
                        .as_ref()
                        .ok()
                        .and_then(|store| saved::peek(store, key, &request.game))
                        .map(Box::new),
                ),
                Ok(()) | Err(_) => match &self.store {
                    Ok(store) => saved::load(store, key, &request.game, (self.clock)()),
                    Err(e) => ProgressOutcome::Failed(e.clone()),
                },
            },
        };
        Msg::ProgressLoaded {
            request: request.clone(),
            outcome,
        }
    }

    /// Takes puzzle `key` over if its lock is free, reading what the other player left.
    fn take_over(&mut self, key: &str, game: &AnyGame) -> Option<Msg> {
        self.lock(key).ok()?;
        let saved = match self.store.as_ref() {
            Ok(store) => match saved::load(store, key, game, (self.clock)()) {
                ProgressOutcome::Resumed(resumed) => Some(resumed),
                _ => None,
            },
            Err(_) => None,
        };
        Some(Msg::TookOver {
            key: key.to_string(),
            saved,
        })
    }

    /// Deletes puzzle `name`'s progress, unless another player has it open.
    fn delete(&mut self, name: &str) -> Result<(), String> {
        let store = self.store.as_ref().map_err(Clone::clone)?;
        let lock = match self.held.take() {
            Some((key, lock)) if key == name => lock,
            other => {
                self.held = other;
                store.lock_puzzle(name).map_err(|e| e.to_string())?
            }
        };
        let removed = store.remove(name).map_err(|e| e.to_string());
        drop(lock);
        removed.map(|_| ())
    }

    /// Holds the lock of puzzle `key` (letting go of the one held before, if another).
    fn lock(&mut self, key: &str) -> Result<(), StoreError> {
        if self.held.as_ref().is_some_and(|(k, _)| k == key) {
            return Ok(());
        }
        self.held = None;
        let store = self.store.as_ref().map_err(|_| StoreError::NoDataDir)?;
        let lock = store.lock_puzzle(key)?;
        self.held = Some((key.to_string(), lock));
        Ok(())
    }

    /// The message saying `text`, unless the player was already told something is not saved.
    fn not_saved(&mut self, text: String) -> Option<Msg> {
        let first = !self.told_not_saved;
        self.told_not_saved = true;
        first.then_some(Msg::StoreFailed(text))
    }

    /// Writes the saves waiting for the end of the batch; returns a message for every failed
    /// save ([`Msg::ProgressNotSaved`]: the player keeps being shown it) and one when saving
    /// works again. A puzzle another player holds is never written.
    pub fn flush(&mut self) -> Vec<Msg> {
        let pending = std::mem::take(&mut self.pending);
        let mut failures = Vec::new();
        let now = Timestamp::from_system_time((self.clock)());
        for (key, progress) in pending {
            let written = match self.lock(&key) {
                Err(e @ StoreError::Locked { .. }) => Err(e.to_string()),
                // Without a lock file (a folder that cannot be written) the save says why.
                Ok(()) | Err(_) => match &self.store {
                    Ok(store) => {
                        saved::save(store, &key, &progress, now).map_err(|e| e.to_string())
                    }
                    Err(e) => Err(e.clone()),
                },
            };
            match written {
                Ok(()) => {
                    self.told_not_saved = false;
                    if std::mem::take(&mut self.progress_failing) {
                        failures.push(Msg::ProgressSavedAgain);
                    }
                }
                Err(e) => {
                    self.progress_failing = true;
                    failures.push(Msg::ProgressNotSaved(format!("progress not saved: {e}")));
                }
            }
        }
        failures
    }

    /// Writes the pending saves on the way out, keeping failures for [`Self::exit_failures`],
    /// then lets go of the puzzle's lock: nothing more is saved.
    pub fn flush_on_exit(&mut self) {
        for failure in self.flush() {
            if let Msg::ProgressNotSaved(text) = failure {
                self.exit_failures.push(text);
            }
        }
        self.held = None;
    }

    /// What could not be saved on the way out (reported once the terminal is restored).
    pub fn exit_failures(&self) -> &[String] {
        &self.exit_failures
    }

    /// Stops the background solve under way, if any (its worker answers that it could not
    /// tell).
    fn stop_solving(&mut self) {
        if let Some(stop) = self.solving.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Runs `job` on a worker thread; its answer comes back through [`Self::finished`].
    fn spawn(&mut self, job: impl FnOnce() -> Msg + Send + 'static) {
        self.running += 1;
        let answers = self.answers.clone();
        std::thread::spawn(move || {
            WORKER.with(|w| w.set(true));
            // The loop may be gone by now: nobody to tell.
            let _ = answers.send(job());
        });
    }

    /// Whether a worker (generator, solver) is still running.
    pub fn busy(&self) -> bool {
        self.running > 0
    }

    /// Whether a worker has answered (the answer is kept for [`Self::finished`]).
    pub fn answered(&mut self) -> bool {
        if self.first_answer.is_none() {
            self.first_answer = self.finished.try_recv().ok();
        }
        self.first_answer.is_some()
    }

    /// The answers of workers that finished, without waiting; and how far the generator got,
    /// when that changed since last told.
    pub fn finished(&mut self) -> Vec<Msg> {
        let mut out: Vec<Msg> = (self.first_answer.take().into_iter())
            .chain(self.finished.try_iter())
            .collect();
        self.running = self.running.saturating_sub(out.len());
        for msg in &out {
            if let Msg::Generated { request, .. } | Msg::GeneratorFailed { request, .. } = msg {
                self.generation.take_if(|g| g.request == *request);
            }
        }
        if let Some(g) = &mut self.generation {
            let now = g.ctl.progress();
            if g.told != Some(now) {
                g.told = Some(now);
                out.push(Msg::GenProgress {
                    request: g.request.clone(),
                    progress: now,
                });
            }
        }
        out
    }

    /// Waits up to `timeout` for a worker's answer.
    pub fn wait(&mut self, timeout: Duration) -> Option<Msg> {
        let msg = match self.first_answer.take() {
            Some(msg) => msg,
            None => self.finished.recv_timeout(timeout).ok()?,
        };
        self.running = self.running.saturating_sub(1);
        Some(msg)
    }
}

/// The answer to a hint request, judging positions by `known` (what the background solve
/// found) where it can; a hint engine that panics is reported, not fatal.
pub fn hint_answer(
    session: &Session,
    shown: Option<&ShownHint>,
    known: Option<&KnownSolution>,
) -> HintAnswer {
    let budget = Budget::lasting(budget::HINT);
    catch(|| super::hint::work_out(session, shown, known, &budget)).unwrap_or_else(|why| {
        HintAnswer {
            asked: session.clone(),
            next: None,
            shown: None,
            message: Message::warning(format!("the hint engine failed: {why}")),
            marks: Vec::new(),
            learned: None,
        }
    })
}

/// The statistics report as `gridpuzzles stats` prints it, then the files it could not read.
fn stats_lines(store: &Store) -> Result<Vec<String>, String> {
    let gathered = crate::stats::gather(store).map_err(|e| e.to_string())?;
    let mut lines = crate::stats::report_lines(&gathered.stats);
    if !gathered.problems.is_empty() {
        lines.push(String::new());
        lines.extend(
            gathered
                .problems
                .iter()
                .map(|p| format!("not counted: {p}")),
        );
    }
    Ok(lines)
}

/// The puzzle an entry of the open prompt names, read as `play` reads its argument.
pub fn read_typed(text: &str) -> Result<Box<OpenRequest>, String> {
    let read = crate::puzzle_arg::read(text, None)?;
    let puzzle = super::puzzle_ref::puzzle_ref(text, &read.game, read.made);
    Ok(Box::new(OpenRequest {
        game: read.game,
        puzzle,
    }))
}

/// The first solution of a puzzle of any game.
pub fn solve_any(puzzle: &AnyGame) -> Option<AnyGame> {
    solve_any_within(puzzle, &Budget::unlimited()).unwrap_or(None)
}

/// `solve_any`, or `Err(OutOfTime)` when `budget` runs out first.
pub fn solve_any_within(puzzle: &AnyGame, budget: &Budget) -> Result<Option<AnyGame>, OutOfTime> {
    crate::with_game!(puzzle, g => Ok(g.solve_within(budget)?.map(IntoAny::into_any)))
}

/// Runs `work`, turning a panic into its text: a worker must not take the screen down.
fn catch<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
        .map_err(|payload| panic_text(payload.as_ref()))
}

thread_local! {
    static WORKER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the current thread is an effect worker (its panics are caught and reported, so the
/// panic hook must leave the terminal alone).
pub fn in_worker() -> bool {
    WORKER.with(|w| w.get())
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown error".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tents::Tents;

    fn no_store() -> Performer {
        Performer::new(Err("no data folder".into()))
    }

    #[test]
    fn solving_answers_from_a_worker_thread() {
        let mut performer = no_store();
        let puzzle = AnyGame::Tents(Tents::default_2020());
        assert!(performer.perform(&Effect::Solve(puzzle.clone())).is_empty());
        assert!(performer.busy());
        let answer = performer.wait(Duration::from_secs(60)).unwrap();
        let Msg::Solved {
            puzzle: answered,
            solution,
        } = answer
        else {
            panic!("expected a solution, got {answer:?}");
        };
        assert_eq!(answered, puzzle);
        assert_eq!(solution, solve_any(&puzzle));
        assert!(!performer.busy());
        assert!(!in_worker());
    }

    #[test]
    fn an_answer_seen_while_waiting_for_input_is_handed_over_once() {
        let mut performer = no_store();
        let puzzle = AnyGame::Tents(Tents::default_2020());
        assert!(performer.perform(&Effect::Solve(puzzle)).is_empty());
        while !performer.answered() {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(performer.answered(), "kept until taken");
        assert!(performer.busy(), "not taken yet");
        let answers = performer.finished();
        assert!(matches!(answers.as_slice(), [Msg::Solved { .. }]));
        assert!(!performer.busy());
        assert!(performer.finished().is_empty());
        // `wait` hands it over too.
        let puzzle = AnyGame::Tents(Tents::default_2020());
        assert!(performer.perform(&Effect::Solve(puzzle)).is_empty());
        while !performer.answered() {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(matches!(
            performer.wait(Duration::ZERO),
            Some(Msg::Solved { .. })
        ));
        assert!(!performer.busy());
    }

    #[test]
    fn themes_load_at_once_and_quit_sends_nothing() {
        let mut performer = no_store();
        assert!(performer.perform(&Effect::Quit).is_empty());
        let answers = performer.perform(&Effect::LoadThemes);
        assert!(matches!(answers.as_slice(), [Msg::ThemesLoaded(_)]));
    }

    #[test]
    fn without_a_store_loads_say_why_and_saves_fail_loudly() {
        let mut performer = no_store();
        let answers = performer.perform(&Effect::LoadSettings);
        assert_eq!(
            answers,
            vec![Msg::SettingsLoaded(Err("no data folder".into()))]
        );
        let request = OpenRequest {
            game: AnyGame::Tents(Tents::default_2020()),
            puzzle: crate::tui::model::PuzzleRef::saved("tents/x", "x"),
        };
        let answers = performer.perform(&Effect::LoadProgress(request.clone()));
        assert_eq!(
            answers,
            vec![Msg::ProgressLoaded {
                request,
                outcome: ProgressOutcome::Failed("no data folder".into()),
            }]
        );
    }

    #[test]
    fn keys_files_are_read_whole_unless_missing_too_large_or_not_text() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keys.toml");
        assert_eq!(read_keys_file(&path), Ok(None));
        std::fs::write(&path, "[play]\n").unwrap();
        assert_eq!(read_keys_file(&path), Ok(Some("[play]\n".to_string())));
        let huge = keys::file::MAX_KEYS_BYTES as usize + 1;
        std::fs::write(&path, "#".repeat(huge)).unwrap();
        assert!(matches!(
            read_keys_file(&path),
            Err(KeysErrorKind::TooLarge { .. })
        ));
        std::fs::write(&path, [0xff, 0xfe]).unwrap();
        assert!(matches!(read_keys_file(&path), Err(KeysErrorKind::Io(_))));
        // A FIFO is named and never opened for reading (which would wait for a writer).
        #[cfg(unix)]
        {
            let fifo = dir.path().join("fifo.toml");
            let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
            assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
            let err = read_keys_file(&fifo).unwrap_err();
            assert!(format!("{err:?}").contains("FIFO"), "{err:?}");
        }
    }

    #[test]
    fn panics_become_text() {
        assert_eq!(catch(|| 7), Ok(7));
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let caught = catch(|| -> u8 { panic!("boom") });
        std::panic::set_hook(hook);
        assert_eq!(caught, Err("boom".to_string()));
        assert_eq!(panic_text(&String::from("bang")), "bang");
        assert_eq!(panic_text(&42u8), "unknown error");
    }
}
