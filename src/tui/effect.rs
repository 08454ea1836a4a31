//! Side effects `update` asks for; the loop performs them and feeds results back as messages.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, SystemTime};

use super::generate::{self, GenRequest};
use super::model::OpenRequest;
use super::msg::{LoadedThemes, Msg};
use super::saved::{self, GameProgress, ProgressOutcome};
use crate::progress::{Settings as StoredSettings, Store, Timestamp};
use crate::theme::Themes;

/// Something only the loop around `update` may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Leave the program, restoring the terminal (saves asked for before are written first).
    Quit,
    /// Read the built-in and user themes; answered by [`Msg::ThemesLoaded`].
    LoadThemes,
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
    /// Run a generator in the background; answered by [`Msg::Generated`].
    Generate(GenRequest),
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

/// Performs effects for the loop: owns the progress store, the saves waiting for the end of
/// the batch, and the generator threads' answers.
pub struct Performer {
    store: Result<Store, String>,
    pending: Vec<(String, GameProgress)>,
    answers: Sender<Msg>,
    finished: Receiver<Msg>,
    running: usize,
    exit_failures: Vec<String>,
    clock: fn() -> SystemTime,
}

impl Performer {
    /// A performer on `store` (or on the reason there is none: nothing is then saved).
    pub fn new(store: Result<Store, String>) -> Performer {
        let (answers, finished) = channel();
        Performer {
            store,
            pending: Vec::new(),
            answers,
            finished,
            running: 0,
            exit_failures: Vec::new(),
            clock: SystemTime::now,
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
            Effect::SaveProgress { key, progress } => {
                self.pending.retain(|(k, _)| k != key);
                self.pending.push((key.clone(), progress.clone()));
                Vec::new()
            }
            Effect::Generate(request) => {
                self.running += 1;
                let answers = self.answers.clone();
                let request = request.clone();
                std::thread::spawn(move || {
                    let result = generate::generate(&request);
                    // The loop may be gone by now: nobody to tell.
                    let _ = answers.send(Msg::Generated { request, result });
                });
                Vec::new()
            }
            store_effect => {
                let mut out = self.flush();
                out.extend(self.with_store(store_effect));
                out
            }
        }
    }

    fn with_store(&self, effect: &Effect) -> Option<Msg> {
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
                saved
                    .err()
                    .map(|e| Msg::StoreFailed(format!("settings not saved: {e}")))
            }
            Effect::ListProgress => Some(Msg::ProgressListed(
                store
                    .map_err(Clone::clone)
                    .and_then(|s| s.list().map_err(|e| e.to_string())),
            )),
            Effect::LoadProgress(request) => {
                let outcome = match (store, &request.puzzle.key) {
                    (Err(e), _) => ProgressOutcome::Failed(e.clone()),
                    (Ok(_), None) => ProgressOutcome::Fresh,
                    (Ok(s), Some(key)) => saved::load(s, key, &request.game, (self.clock)()),
                };
                Some(Msg::ProgressLoaded {
                    request: request.clone(),
                    outcome,
                })
            }
            Effect::Quit
            | Effect::LoadThemes
            | Effect::SaveProgress { .. }
            | Effect::Generate(_) => None,
        }
    }

    /// Writes the saves waiting for the end of the batch; returns a message per failure.
    pub fn flush(&mut self) -> Vec<Msg> {
        let pending = std::mem::take(&mut self.pending);
        if pending.is_empty() {
            return Vec::new();
        }
        let store = match &self.store {
            Ok(store) => store,
            Err(e) => return vec![Msg::StoreFailed(format!("progress not saved: {e}"))],
        };
        let now = Timestamp::from_system_time((self.clock)());
        pending
            .iter()
            .filter_map(|(key, progress)| {
                saved::save(store, key, progress, now)
                    .err()
                    .map(|e| Msg::StoreFailed(format!("progress of {key} not saved: {e}")))
            })
            .collect()
    }

    /// Writes the pending saves on the way out, keeping failures for [`Self::exit_failures`].
    pub fn flush_on_exit(&mut self) {
        for failure in self.flush() {
            if let Msg::StoreFailed(text) = failure {
                self.exit_failures.push(text);
            }
        }
    }

    /// What could not be saved on the way out (reported once the terminal is restored).
    pub fn exit_failures(&self) -> &[String] {
        &self.exit_failures
    }

    /// Whether a generator is still running.
    pub fn busy(&self) -> bool {
        self.running > 0
    }

    /// The answers of generators that finished, without waiting.
    pub fn finished(&mut self) -> Vec<Msg> {
        let out: Vec<Msg> = self.finished.try_iter().collect();
        self.running = self.running.saturating_sub(out.len());
        out
    }

    /// Waits up to `timeout` for a generator's answer.
    pub fn wait(&mut self, timeout: Duration) -> Option<Msg> {
        let msg = self.finished.recv_timeout(timeout).ok()?;
        self.running = self.running.saturating_sub(1);
        Some(msg)
    }
}
