//! The working space of sparse steps, one per thread: the marks, the rare heaps and the
//! buffers a step reuses, kept up to date with the values as they come.

use super::far_partners::FarPartners;
use super::marks::{first_unstamped, Stamped};
use super::move_lists::{mark_simple_moves, Moves};
use super::rare_sets::RareSets;
use crate::mask::parity;
use crate::plain::PlainValues;
use crate::slot::Slot;
use crate::store::View;

/// The marks of a later heap's splits with a rare part, made with the current heap's (see
/// [`mark_beside_rare_twice`](super::rare_splits::mark_beside_rare_twice)): every other heap a
/// thread takes.
#[derive(Debug, Clone)]
pub(crate) struct Ahead {
    /// `mark[v] == stamp`: `v` is among the splits marked for the heap of `key`.
    pub(crate) mark: Vec<u32>,
    pub(crate) stamp: u32,
    /// The heap, the mask and [`Scratch::listings`] they were made for (values never change,
    /// so that is all the marks depend on); `None`: none are.
    pub(crate) key: Option<(usize, u32, u64)>,
    /// Per split length (in the order of [`Moves::split`]): the rare heaps marked, as a
    /// range of their indices.
    pub(crate) done: Vec<std::ops::Range<usize>>,
}

/// The marks a scratch starts with: one per value of 16 bits, and one more.
pub(super) const MARKS: usize = (1 << 16) + 1;

/// The working space of sparse steps, one per thread: the marks of the values met and the
/// rare heaps, kept up to date with the values below [`Scratch::upto`].
#[derive(Debug, Clone)]
pub(crate) struct Scratch {
    /// `mark[v] == stamp`: value `v` is among the moves of the current heap. Its length is
    /// at least `cap + 1`, `cap` a power of two above every value so far (so above every
    /// XOR), and at least [`MARKS`].
    pub(crate) mark: Vec<u32>,
    pub(crate) cap: usize,
    /// `cap` before the last value counted (what a speculative step of heap `upto` uses).
    pub(crate) cap_before: usize,
    pub(crate) stamp: u32,
    /// Heaps `1..upto` with a rare value under the mask, ascending.
    pub(crate) rare: Vec<usize>,
    /// Their values.
    pub(crate) rare_values: Vec<u32>,
    /// The deepest a scan of the splits went from either end (for the store's windows).
    pub(crate) deepest: usize,
    /// Values from outside the store's windows, while a split range is marked.
    pub(crate) buffers: (Vec<u32>, Vec<u32>),
    /// The partners of the rare heaps far back, by blocks.
    pub(crate) far: FarPartners,
    /// The values of the latest splits with a rare part (while they fit one word).
    pub(crate) rare_sets: RareSets,
    /// Plain copies of the values a scan reads.
    pub(crate) plain: PlainValues,
    /// The rare values below the candidate not met yet (during a sparse step).
    pub(crate) pending: Vec<u32>,
    /// Per split length `m` of a scan: the smaller parts `front..=back` not seen yet.
    pub(crate) ranges: Vec<(usize, usize, usize)>,
    /// A later heap's splits with a rare part, marked beside this one's.
    pub(crate) ahead: Ahead,
    /// How many times the rare heaps were listed afresh (what [`Ahead`] was made under).
    pub(crate) listings: u64,
    /// The heaps from one this scratch takes to the next (1 on one thread, 2 on two): the
    /// splits with a rare part of the heap that far on are marked beside this one's; 0 for
    /// none.
    pub(crate) ahead_by: usize,
    /// The heaps below this are counted in `cap`, `rare` and `max_value`.
    pub(crate) upto: usize,
    /// The largest value so far.
    pub(crate) max_value: u32,
    /// `counts[v]`: the heaps `1..upto` of value `v` (kept as the values come, so that a
    /// mask is chosen without a pass over every value).
    pub(crate) counts: Vec<u64>,
}

impl Scratch {
    pub(crate) fn new() -> Self {
        Scratch {
            // Room for every value of 16 bits from the start (see `mark_splits`).
            mark: vec![0; MARKS],
            cap: 2,
            cap_before: 2,
            stamp: 0,
            rare: Vec::new(),
            rare_values: Vec::new(),
            deepest: 0,
            buffers: (Vec::new(), Vec::new()),
            far: FarPartners::default(),
            rare_sets: RareSets::default(),
            plain: PlainValues::new(),
            pending: Vec::new(),
            ranges: Vec::new(),
            ahead: Ahead {
                mark: vec![0; MARKS],
                stamp: 0,
                key: None,
                done: Vec::new(),
            },
            listings: 0,
            ahead_by: 1,
            upto: 1,
            max_value: 0,
            counts: Vec::new(),
        }
    }

    /// Counts `G(n) = value`, `n` the heap after the last counted.
    #[inline]
    pub(crate) fn note(&mut self, n: usize, value: u32, mask: u32) {
        debug_assert_eq!(n, self.upto);
        self.upto = n + 1;
        self.plain.push(n, value);
        self.max_value = self.max_value.max(value);
        self.cap_before = self.cap;
        if value as usize >= self.cap {
            self.cap = (value as usize + 1).next_power_of_two();
            if self.mark.len() < self.cap + 1 {
                self.mark.resize(self.cap + 1, 0);
                self.ahead.mark.resize(self.cap + 1, 0);
            }
        }
        if let Some(count) = self.counts.get_mut(value as usize) {
            *count += 1;
        } else {
            self.counts.resize(value as usize + 1, 0);
            self.counts[value as usize] = 1;
        }
        if mask != 0 && parity(value, mask) == 0 {
            self.rare.push(n);
            self.rare_values.push(value);
        }
    }

    /// Counts the values `G(upto..end)`.
    pub(crate) fn catch_up<S: Slot>(&mut self, values: &View<'_, S>, end: usize, mask: u32) {
        let end = end.min(values.len());
        // A scratch left behind for a long stretch (the second thread's, while runs stay
        // on one) meets values handed to the history: read them by blocks, not one by one.
        let mut chunk = Vec::new();
        while self.upto < end && self.upto < values.tail_start {
            let start = self.upto;
            let stop = (start + (1 << 16)).min(end).min(values.tail_start);
            chunk.clear();
            values.copy(start, stop, &mut chunk);
            for (n, &value) in (start..).zip(&chunk) {
                self.note(n, value, mask);
            }
        }
        for n in self.upto..end {
            self.note(n, values.get(n), mask);
        }
    }

    /// The rare heaps again, under `mask`, from the values `G(0..upto)`.
    pub(crate) fn list_rare<S: Slot>(&mut self, values: &View<'_, S>, mask: u32) {
        self.listings += 1;
        self.rare.clear();
        self.rare_values.clear();
        let mut chunk = Vec::new();
        let mut start = 1;
        while start < self.upto {
            let end = (start + (1 << 16)).min(self.upto);
            chunk.clear();
            values.copy(start, end, &mut chunk);
            for (h, &value) in (start..).zip(&chunk) {
                if parity(value, mask) == 0 {
                    self.rare.push(h);
                    self.rare_values.push(value);
                }
            }
            start = end;
        }
    }

    /// The heaps `1..upto` of each value, as `(value, count)` for the values met.
    pub(crate) fn histogram(&self) -> Vec<(u32, u64)> {
        (0u32..)
            .zip(&self.counts)
            .filter(|&(_, &count)| count > 0)
            .map(|(value, &count)| (value, count))
            .collect()
    }

    /// How many heaps below `n` are rare (`n` at most `upto`).
    pub(crate) fn rare_below(&self, n: usize) -> usize {
        // Usually every one (the rare heaps stop early in most games): no search.
        match self.rare.last() {
            Some(&last) if last < n => self.rare.len(),
            _ => self.rare.partition_point(|&r| r < n),
        }
    }

    /// A fresh stamp: no value is marked.
    #[inline]
    pub(crate) fn next_stamp(&mut self) {
        self.make_room_for_stamps();
        self.stamp = self.fresh_stamp();
    }

    /// A stamp above every stamp in either array of marks (see
    /// [`Scratch::make_room_for_stamps`]).
    pub(super) fn fresh_stamp(&self) -> u32 {
        self.stamp.max(self.ahead.stamp) + 1
    }

    /// Clears both arrays of marks (and what was marked ahead) when fewer than two fresh
    /// stamps are left, so that a step can take two.
    pub(super) fn make_room_for_stamps(&mut self) {
        if self.stamp.max(self.ahead.stamp) >= u32::MAX - 1 {
            self.mark.fill(0);
            self.ahead.mark.fill(0);
            self.ahead.key = None;
            self.stamp = 0;
            self.ahead.stamp = 0;
        }
    }

    /// The smallest value not marked.
    pub(crate) fn mex(&self) -> u32 {
        first_unstamped(&self.mark, self.stamp)
    }

    /// Marks the values of the moves that leave at most one heap (but `G(n - 1)` when
    /// `speculative`).
    pub(crate) fn mark_simple_moves<S: Slot>(
        &mut self,
        moves: &Moves,
        values: &View<'_, S>,
        n: usize,
        speculative: bool,
    ) {
        let stamp = self.stamp;
        let mut marks = Stamped {
            mark: &mut self.mark,
            stamp,
        };
        mark_simple_moves(&mut marks, moves, values, n, speculative);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::{History, MemoryHistory};
    use crate::scratch::test_values::{store_of, value};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// A history that counts its reads.
    #[derive(Debug, Default)]
    struct CountedHistory(MemoryHistory, Arc<AtomicUsize>);

    impl History for CountedHistory {
        fn len(&self) -> usize {
            self.0.len()
        }
        fn append(&mut self, values: &[u32]) {
            self.0.append(values);
        }
        fn read(&self, start: usize, out: &mut [u32]) {
            self.1.fetch_add(1, Ordering::Relaxed);
            self.0.read(start, out);
        }
    }

    #[test]
    fn a_scratch_left_behind_catches_up_by_blocks() {
        let history = CountedHistory::default();
        let reads = Arc::clone(&history.1);
        let store = store_of(Box::new(history), 200_000);
        let view = store.all();
        let mask = 0b101;
        let mut behind = Scratch::new();
        behind.catch_up(&view, 1000, mask);
        behind.catch_up(&view, view.len(), mask);
        let mut step_by_step = Scratch::new();
        for n in 1..view.len() {
            step_by_step.note(n, value(n), mask);
        }
        assert_eq!(behind.upto, step_by_step.upto);
        assert_eq!(behind.counts, step_by_step.counts);
        assert_eq!(behind.rare, step_by_step.rare);
        assert_eq!(behind.rare_values, step_by_step.rare_values);
        // A read a block of thousands (a value at a time would be 200,000 reads).
        let reads = reads.load(Ordering::Relaxed);
        assert!(reads < 100, "{reads} reads");
    }
}
