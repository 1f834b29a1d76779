//! The values the scratch's tests read: `G(n) = value(n)`, and stores of them.

use crate::history::{History, HistoryLayout};
use crate::store::Store;

/// `G(n)` in the tests' stores.
pub(super) fn value(n: usize) -> u32 {
    ((n * 7919) % 61) as u32
}

/// `G(n) = value(n)` for the heaps below `heaps`, most of them in `history`.
pub(super) fn store_of(history: Box<dyn History>, heaps: usize) -> Store<u8> {
    let layout = HistoryLayout {
        from: 64,
        tail: 32,
        front: 4,
        middle: 4,
        widest: 32,
    };
    let mut store = Store::new(0);
    store.set_history(history, layout);
    for n in 1..heaps {
        store.push(value(n));
        store.settle();
    }
    store
}
