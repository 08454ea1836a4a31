//! A second lane of the climb on a thread of its own: it keeps its own copy of the climb's
//! layout, follows the climb's changes to it, and assesses the changes of each stretch
//! (`epoch`) it is handed, beside the climb's own thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::{Scope, ScopedJoinHandle};

use super::super::deduce::{Estimator, Layout};
use super::epoch::Epoch;

/// What the climb tells its helper.
enum Message {
    /// Apply these flips to the layout (a kept candidate).
    Flip(Vec<u32>),
    /// Use this layout from now on (a new planting: the counts changed too).
    Replace(Box<Layout>),
    /// Assess candidates of this stretch.
    Work(Arc<Epoch>),
}

/// A second lane on a thread of its own, with its own copy of the climb's layout.
pub(super) struct Helper<'scope> {
    to: Sender<Message>,
    /// Set when the helper's thread ends, normally or by a panic.
    pub gone: Arc<AtomicBool>,
    _thread: ScopedJoinHandle<'scope, ()>,
}

/// Sets the flag when dropped, panic or not.
struct Farewell(Arc<AtomicBool>);

impl Drop for Farewell {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}

impl<'scope> Helper<'scope> {
    /// Starts a helper whose layout starts as `layout`, or `None` when the system will not
    /// start a thread (the climb then goes on alone).
    pub(super) fn spawn<'env>(s: &'scope Scope<'scope, 'env>, layout: Layout) -> Option<Self> {
        let (to, from) = channel();
        let gone = Arc::new(AtomicBool::new(false));
        let farewell = Farewell(Arc::clone(&gone));
        let thread = std::thread::Builder::new()
            .name("tents-climb-helper".into())
            .spawn_scoped(s, move || {
                let _farewell = farewell;
                serve(&from, layout);
            })
            .ok()?;
        Some(Helper {
            to,
            gone,
            _thread: thread,
        })
    }

    /// Asks the helper to assess candidates of `epoch` too.
    pub(super) fn work(&self, epoch: &Arc<Epoch>) {
        self.send(Message::Work(Arc::clone(epoch)));
    }

    /// Tells the helper the layout changed by `flips`.
    pub(super) fn flip(&self, flips: &[u32]) {
        self.send(Message::Flip(flips.to_vec()));
    }

    /// Tells the helper the layout is now `layout`.
    pub(super) fn replace(&self, layout: &Layout) {
        self.send(Message::Replace(Box::new(layout.clone())));
    }

    fn send(&self, m: Message) {
        // A helper that is gone is noticed where its work is awaited.
        let _ = self.to.send(m);
    }
}

/// The helper's loop: messages in order, until the climb drops its sender.
fn serve(from: &Receiver<Message>, mut layout: Layout) {
    let mut est = Estimator::default();
    for m in from {
        match m {
            Message::Flip(flips) => layout.flip(&flips),
            Message::Replace(l) => layout = *l,
            Message::Work(epoch) => epoch.work(&mut layout, &mut est),
        }
    }
}
