//! The last value built from a key, kept per thread: a proof checker asks for a puzzle's
//! layout once per rule and position, and the puzzle never changes along a proof, so the games
//! build it once (the neighbour tables are most of a rule check's time on a large board).

use std::cell::RefCell;
use std::rc::Rc;
use std::thread::LocalKey;

/// One kept value and the key it was built from.
pub type Slot<K, V> = RefCell<Option<(K, Rc<V>)>>;

/// The value kept in `slot` when it was built from `key`, else `build()`, kept in its place.
pub fn last_built<K: PartialEq + 'static, V: 'static>(
    slot: &'static LocalKey<Slot<K, V>>,
    key: K,
    build: impl FnOnce() -> V,
) -> Rc<V> {
    slot.with(|slot| {
        let mut slot = slot.borrow_mut();
        if let Some((k, v)) = slot.as_ref()
            && *k == key
        {
            return Rc::clone(v);
        }
        let v = Rc::new(build());
        *slot = Some((key, Rc::clone(&v)));
        v
    })
}
