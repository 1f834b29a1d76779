//! Where the values of a run are: every one in memory, or (once a [`History`] is given and
//! the run is long) windows of them in memory and the rest in the history.
//!
//! The windows are the tail `G(tail_start..len)` (the values not handed over yet: every
//! value beside a rare heap, the far ends of the scan), the front `G(0..f)` (the near ends
//! of the scan from the front) and a middle window around `n / 2` (both ends of the scan
//! from the back). A read outside them goes to the history: exact, only slower, and counted.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::history::{History, HistoryLayout};
use crate::slot::{Slot, Value};

/// Values read from the history at a time (by scans, copies and the reader's block).
const CHUNK: usize = 1 << 14;

/// The values `G(0..len)` of a run, stored as `V`.
#[derive(Debug)]
pub(crate) struct Store<V: Value> {
    /// `G(tail_start..)`: every value not handed to the history.
    tail: Vec<V::Slot>,
    tail_start: usize,
    /// `G(0..front.len())`, copied back from the history once values leave.
    front: Vec<V::Slot>,
    /// `G(middle_start..middle_start + middle.len())`, copied back from the history.
    middle: Vec<V::Slot>,
    middle_start: usize,
    history: Option<Box<dyn History>>,
    layout: HistoryLayout,
    /// The windows' sizes now (at least the layout's; grown from what the run met).
    keep_tail: usize,
    keep_front: usize,
    reach: usize,
    /// FNV-1a 64 of the values handed to the history (as `u32`, little-endian).
    hash: u64,
    /// Values read from the history by the steps, and by everything else.
    far_reads: AtomicU64,
}

/// FNV-1a 64's offset basis.
pub(crate) const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a 64's prime.
const FNV_PRIME: u64 = 0x0100_0000_01b3;

/// `hash` going on over `values` (each as 4 bytes, little-endian).
pub(crate) fn fnv1a_values(mut hash: u64, values: &[u32]) -> u64 {
    // A zero byte leaves `hash ^ byte` as it is, so the zero bytes at a value's top are
    // one multiplication together (by a power of the prime): one step for most values,
    // where four in a row cost most of the hand-over to the history.
    const PRIME_2: u64 = FNV_PRIME.wrapping_mul(FNV_PRIME);
    const PRIME_3: u64 = PRIME_2.wrapping_mul(FNV_PRIME);
    const PRIME_4: u64 = PRIME_3.wrapping_mul(FNV_PRIME);
    for &value in values {
        let [b0, b1, b2, b3] = value.to_le_bytes().map(u64::from);
        hash = match value {
            0..=0xff => (hash ^ b0).wrapping_mul(PRIME_4),
            0x100..=0xffff => ((hash ^ b0).wrapping_mul(FNV_PRIME) ^ b1).wrapping_mul(PRIME_3),
            _ => [b0, b1, b2, b3]
                .into_iter()
                .fold(hash, |hash, byte| (hash ^ byte).wrapping_mul(FNV_PRIME)),
        };
    }
    hash
}

impl<V: Value> Store<V> {
    /// `G(0) = 0` only, room reserved (not touched) for `capacity` values.
    pub(crate) fn new(capacity: usize) -> Self {
        let mut tail = Vec::with_capacity(capacity);
        tail.push(V::Slot::new(0));
        let layout = HistoryLayout::default();
        Store {
            tail,
            tail_start: 0,
            front: Vec::new(),
            middle: Vec::new(),
            middle_start: 0,
            history: None,
            layout,
            keep_tail: layout.tail,
            keep_front: layout.front,
            reach: layout.middle,
            hash: FNV_START,
            far_reads: AtomicU64::new(0),
        }
    }

    /// The store of `values` (`G(0)` first), room reserved for `capacity` values in all.
    pub(crate) fn from_values(values: impl ExactSizeIterator<Item = u32>, capacity: usize) -> Self {
        let mut store = Store::new(capacity.max(values.len()));
        store.tail.clear();
        store.tail.extend(values.map(V::Slot::new));
        store
    }

    /// How many values are stored: `G(0..len)`.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.tail_start + self.tail.len()
    }

    /// Hands values to `history` from now on, as `layout` says. The history must hold
    /// exactly the values this store handed over (none, for a fresh store).
    pub(crate) fn set_history(&mut self, history: Box<dyn History>, layout: HistoryLayout) {
        debug_assert!(history.len() <= self.len());
        self.layout = layout;
        self.keep_tail = layout.tail.max(1);
        self.keep_front = layout.front.max(1);
        self.reach = layout.middle;
        // What a long run reserved up front is more than it holds before the first
        // hand-over (and growing by doubling to it would hold one and a half times as much).
        let most = layout.from.max(self.tail.len()) + 4 * self.keep_tail;
        if self.tail.capacity() > most {
            self.tail.shrink_to(most);
        }
        self.history = Some(history);
    }

    /// Whether values go to a history (once the run is long).
    pub(crate) fn has_history(&self) -> bool {
        self.history.is_some()
    }

    /// How many values were handed to the history, and their hash.
    pub(crate) fn handed_over(&self) -> (usize, u64) {
        (self.tail_start, self.hash)
    }

    /// Values read from the history so far.
    pub(crate) fn far_reads(&self) -> u64 {
        self.far_reads.load(Ordering::Relaxed)
    }

    /// The store of a resumed run: `G(0..handed)` are in `history` (whose hash is `hash`),
    /// `tail` the values after them.
    pub(crate) fn resumed(
        history: Box<dyn History>,
        layout: HistoryLayout,
        handed: usize,
        hash: u64,
        tail: impl ExactSizeIterator<Item = u32>,
    ) -> Self {
        let mut store = Store::new(0);
        store.tail.clear();
        store.tail.extend(tail.map(V::Slot::new));
        store.tail_start = handed;
        store.hash = hash;
        store.set_history(history, layout);
        store
    }

    /// Records `G(len) = value`.
    #[inline]
    pub(crate) fn push(&mut self, value: u32) {
        self.tail.push(V::Slot::new(value));
    }

    /// Makes the slots of `G(len..end)` (zero) so that two threads may write them.
    pub(crate) fn extend_to(&mut self, end: usize) {
        let len = end.saturating_sub(self.tail_start);
        self.tail
            .resize_with(len.max(self.tail.len()), || V::Slot::new(0));
    }

    /// Forgets the values from `G(len)` on (slots made by [`Store::extend_to`] not filled).
    pub(crate) fn truncate(&mut self, len: usize) {
        self.tail.truncate(len.saturating_sub(self.tail_start));
    }

    /// The values `G(0..len)` as the steps read them.
    #[inline]
    pub(crate) fn view(&self, len: usize) -> View<'_, V::Slot> {
        debug_assert!(len <= self.len());
        View {
            tail: &self.tail[..len.saturating_sub(self.tail_start).min(self.tail.len())],
            tail_start: self.tail_start,
            front: &self.front,
            middle: &self.middle,
            middle_start: self.middle_start,
            len,
            history: self.history.as_deref(),
            far_reads: &self.far_reads,
        }
    }

    /// Every value stored.
    #[inline]
    pub(crate) fn all(&self) -> View<'_, V::Slot> {
        self.view(self.len())
    }

    /// The same values stored as `W`.
    pub(crate) fn widen<W: Value>(self) -> Store<W> {
        let convert =
            |slots: &[V::Slot]| -> Vec<W::Slot> { slots.iter().map(|s| W::Slot::new(s.get())).collect() };
        let mut tail = Vec::with_capacity(self.tail.capacity());
        tail.extend(self.tail.iter().map(|s| W::Slot::new(s.get())));
        Store {
            tail,
            tail_start: self.tail_start,
            front: convert(&self.front),
            middle: convert(&self.middle),
            middle_start: self.middle_start,
            history: self.history,
            layout: self.layout,
            keep_tail: self.keep_tail,
            keep_front: self.keep_front,
            reach: self.reach,
            hash: self.hash,
            far_reads: AtomicU64::new(self.far_reads.load(Ordering::Relaxed)),
        }
    }

    /// Grows the windows to what the run has met: its largest rare heap `rare`, its
    /// deepest scan `deepest`, its largest take `take`.
    pub(crate) fn fit(&mut self, rare: usize, deepest: usize, take: usize) {
        // Rare heaps all along (a poor mask), or deep scans, would hold every value: past
        // the widest window the far values are read from the history.
        let widest = self.layout.widest.max(1);
        let tail = (rare.max(deepest) + take + 2).next_power_of_two().min(widest);
        self.keep_tail = self.keep_tail.max(tail);
        self.keep_front = self.keep_front.max((2 * deepest + 2).min(widest));
        self.reach = self.reach.max((2 * deepest + take + 2).min(widest / 4));
    }

    /// Hands the older values to the history when the tail is long, and copies back the
    /// front the scans read. Called between steps and runs, never during a run.
    pub(crate) fn settle(&mut self) {
        let Some(history) = self.history.as_mut() else {
            return;
        };
        let len = self.tail_start + self.tail.len();
        if len < self.layout.from || self.tail.len() < 2 * self.keep_tail {
            if self.tail_start > 0 && self.front.len() < self.keep_front {
                self.load_front();
            }
            return;
        }
        let new_start = len - self.keep_tail;
        if self.tail_start == 0 {
            let front = self.keep_front.min(new_start);
            self.front = self.tail[..front].iter().map(|s| V::Slot::new(s.get())).collect();
        }
        // The history may hold more than the tail's start (a resumed run's values).
        let from = history.len().max(self.tail_start);
        let mut buffer = Vec::with_capacity(CHUNK);
        let mut at = from;
        while at < new_start {
            let end = (at + CHUNK).min(new_start);
            buffer.clear();
            buffer.extend(
                self.tail[at - self.tail_start..end - self.tail_start]
                    .iter()
                    .map(|s| s.get()),
            );
            history.append(&buffer);
            self.hash = fnv1a_values(self.hash, &buffer);
            at = end;
        }
        self.tail.drain(..new_start - self.tail_start);
        self.tail_start = new_start;
        // Past the first hand-over, the tail never holds more than twice its least.
        if self.tail.capacity() > 4 * self.keep_tail {
            self.tail.shrink_to(4 * self.keep_tail);
        }
        if self.front.len() < self.keep_front {
            self.load_front();
        }
    }

    /// Copies `G(0..keep_front)` back (or as much as the history holds).
    fn load_front(&mut self) {
        let end = self.keep_front.min(self.tail_start);
        let mut values = Vec::with_capacity(end);
        self.all().copy(0, end, &mut values);
        self.front = values.into_iter().map(V::Slot::new).collect();
    }

    /// Makes the middle window cover the scans from the back of the heaps from `start` on,
    /// whose splits leave `m` from `start - largest` to `n - smallest`; returns the heap up
    /// to which it does (at least `start + 1`; `usize::MAX` while every value is held).
    pub(crate) fn ready(&mut self, start: usize, smallest: usize, largest: usize) -> usize {
        if self.tail_start == 0 {
            return usize::MAX;
        }
        let low = (start.saturating_sub(largest) / 2).saturating_sub(self.reach);
        let covered = |store: &Self, end: usize| {
            let high = end.saturating_sub(smallest).div_ceil(2) + self.reach + 1;
            store.middle_start <= low && high <= store.middle_start + store.middle.len()
        };
        if !covered(self, start + 1) {
            // Room for twice the scan's reach and a stretch of heaps ahead.
            let span = 4 * self.reach + 2 * self.layout.middle.max(1024);
            let high = (low + span).min(self.tail_start);
            let mut values = Vec::with_capacity(high.saturating_sub(low));
            self.all().copy(low, high.max(low), &mut values);
            self.middle = values.into_iter().map(V::Slot::new).collect();
            self.middle_start = low;
        }
        // The heaps whose scans from the back the window holds.
        let top = self.middle_start + self.middle.len();
        if top >= self.tail_start {
            return usize::MAX;
        }
        let last = (top - self.reach - 1) * 2 + smallest;
        last.max(start + 1)
    }
}

/// The values `G(0..len)` of a [`Store`] as the steps read them.
#[derive(Debug)]
pub(crate) struct View<'a, S: Slot> {
    /// `G(tail_start..len)`.
    pub(crate) tail: &'a [S],
    pub(crate) tail_start: usize,
    front: &'a [S],
    middle: &'a [S],
    middle_start: usize,
    len: usize,
    history: Option<&'a dyn History>,
    far_reads: &'a AtomicU64,
}

impl<S: Slot> Clone for View<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: Slot> Copy for View<'_, S> {}

impl<'a, S: Slot> View<'a, S> {
    /// How many values it shows.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Every value, when all are held in one slice (no history yet).
    #[inline]
    pub(crate) fn held(&self) -> Option<&'a [S]> {
        (self.tail_start == 0).then_some(self.tail)
    }

    /// The first `len` values only.
    #[inline]
    pub(crate) fn upto(mut self, len: usize) -> Self {
        debug_assert!(len <= self.len);
        self.len = len;
        self.tail = &self.tail[..len.saturating_sub(self.tail_start).min(self.tail.len())];
        self
    }

    /// The slot of `G(n)`, `n` in the tail (a recent heap, as the threads of a run write).
    #[inline]
    pub(crate) fn tail_slot(&self, n: usize) -> &'a S {
        &self.tail[n - self.tail_start]
    }

    /// `G(i)`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> u32 {
        debug_assert!(i < self.len, "G({i}) of {}", self.len);
        match self.tail.get(i.wrapping_sub(self.tail_start)) {
            Some(slot) => slot.get(),
            None => self.older(i),
        }
    }

    /// `G(i)` before the tail.
    #[inline(never)]
    fn older(&self, i: usize) -> u32 {
        if let Some(slot) = self.front.get(i) {
            return slot.get();
        }
        if let Some(slot) = self.middle.get(i.wrapping_sub(self.middle_start)) {
            return slot.get();
        }
        let mut value = [0];
        self.far(i, &mut value);
        value[0]
    }

    /// Reads `G(start..start + out.len())` from the history.
    fn far(&self, start: usize, out: &mut [u32]) {
        let history = self.history.expect("a value before the tail is in the history");
        self.far_reads.fetch_add(out.len() as u64, Ordering::Relaxed);
        history.read(start, out);
    }

    /// `G(lo..hi)` when they lie in one window (else `None`).
    #[inline]
    pub(crate) fn slice(&self, lo: usize, hi: usize) -> Option<&'a [S]> {
        debug_assert!(lo <= hi && hi <= self.len);
        if self.tail_start == 0 {
            return self.tail.get(lo..hi);
        }
        self.slice_in_windows(lo, hi)
    }

    /// [`View::slice`] once values have left the tail.
    #[inline(never)]
    fn slice_in_windows(&self, lo: usize, hi: usize) -> Option<&'a [S]> {
        let within = |window: &'a [S], start: usize| {
            lo.checked_sub(start)
                .filter(|_| hi - start <= window.len())
                .map(|from| &window[from..hi - start])
        };
        within(self.tail, self.tail_start)
            .or_else(|| within(self.front, 0))
            .or_else(|| within(self.middle, self.middle_start))
    }

    /// Appends `G(lo..hi)` to `out`, from the windows or the history.
    pub(crate) fn copy(&self, lo: usize, hi: usize, out: &mut Vec<u32>) {
        debug_assert!(lo <= hi && hi <= self.len);
        let mut at = lo;
        while at < hi {
            // The longest stretch from `at` in one window, else up to the next window.
            let windows = [
                (self.tail, self.tail_start),
                (self.front, 0),
                (self.middle, self.middle_start),
            ];
            let held = windows.iter().find_map(|&(window, start)| {
                let end = (start + window.len()).min(hi);
                (start <= at && at < end).then(|| &window[at - start..end - start])
            });
            match held {
                Some(slots) => {
                    out.extend(slots.iter().map(|s| s.get()));
                    at += slots.len();
                }
                None => {
                    let next = windows
                        .iter()
                        .filter(|&&(window, start)| start > at && !window.is_empty())
                        .map(|&(_, start)| start)
                        .min()
                        .unwrap_or(hi)
                        .min(hi)
                        .min(at + CHUNK);
                    let from = out.len();
                    out.resize(from + next - at, 0);
                    self.far(at, &mut out[from..]);
                    at = next;
                }
            }
        }
    }
}

/// Reads values one at a time in any order, a block of the history kept (for the period
/// check and other passes that move through the values slowly).
#[derive(Debug)]
pub(crate) struct Reader<'a, S: Slot> {
    view: View<'a, S>,
    block: Vec<u32>,
    block_start: usize,
}

impl<'a, S: Slot> Reader<'a, S> {
    pub(crate) fn new(view: View<'a, S>) -> Self {
        Reader {
            view,
            block: Vec::new(),
            block_start: 0,
        }
    }

    /// `G(i)`.
    #[inline]
    pub(crate) fn get(&mut self, i: usize) -> u32 {
        if let Some(slot) = self.view.tail.get(i.wrapping_sub(self.view.tail_start)) {
            return slot.get();
        }
        if let Some(&value) = self.block.get(i.wrapping_sub(self.block_start)) {
            return value;
        }
        if self.view.history.is_none() || i < self.view.front.len() {
            return self.view.get(i);
        }
        // Passes go either way: the block reaches further back than ahead.
        let start = i.saturating_sub(CHUNK * 3 / 4);
        let end = (start + CHUNK).min(self.view.len);
        self.block.clear();
        self.view.copy(start, end, &mut self.block);
        self.block_start = start;
        self.block[i - start]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::MemoryHistory;

    fn tiny() -> HistoryLayout {
        HistoryLayout {
            from: 40,
            tail: 8,
            front: 4,
            middle: 4,
            widest: 32,
        }
    }

    #[test]
    fn every_value_reads_back_whichever_window_or_the_history_holds_it() {
        let mut store: Store<u8> = Store::new(0);
        store.set_history(Box::new(MemoryHistory::default()), tiny());
        let value = |n: usize| ((n * 37) % 251) as u32;
        for n in 1..500 {
            store.push(value(n));
            store.settle();
            if n % 7 == 0 {
                let high = store.ready(n + 1, 1, 2);
                assert!(high > n + 1);
            }
        }
        assert!(store.handed_over().0 > 400);
        let all = store.all();
        for n in 0..500 {
            assert_eq!(all.get(n), value(n), "G({n})");
        }
        let mut reader = Reader::new(all);
        for n in (0..500).rev().chain(0..500) {
            assert_eq!(reader.get(n), value(n), "G({n})");
        }
        for (lo, hi) in [(0, 500), (3, 17), (200, 499), (0, 0), (251, 252)] {
            let mut out = Vec::new();
            all.copy(lo, hi, &mut out);
            assert_eq!(out, (lo..hi).map(value).collect::<Vec<_>>());
            if let Some(slice) = all.slice(lo, hi) {
                let got: Vec<u32> = slice.iter().map(|s| s.get()).collect();
                assert_eq!(got, out);
            }
        }
        let mut expected = FNV_START;
        expected = fnv1a_values(
            expected,
            &(0..store.handed_over().0).map(value).collect::<Vec<_>>(),
        );
        assert_eq!(store.handed_over().1, expected);
    }

    #[test]
    fn the_values_hash_is_fnv1a_over_their_bytes() {
        // Checkpoints keep it: it must stay FNV-1a 64 of each value's 4 bytes.
        let by_bytes = |values: &[u32]| {
            values
                .iter()
                .flat_map(|value| value.to_le_bytes())
                .fold(FNV_START, |hash, byte| {
                    (hash ^ u64::from(byte)).wrapping_mul(FNV_PRIME)
                })
        };
        let mut values = vec![0, 1, 0xff, 0x100, 0xffff, 0x1_0000, u32::MAX, 0x0100_00ff];
        let mut x = 0x9e37_79b9_u32;
        for shift in [24, 16, 8, 0] {
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                values.push(x >> shift);
            }
        }
        assert_eq!(fnv1a_values(FNV_START, &values), by_bytes(&values));
        for pair in values.windows(2) {
            assert_eq!(fnv1a_values(FNV_START, pair), by_bytes(pair), "{pair:x?}");
        }
    }
}
