//! Where a long computation keeps the values it no longer holds in memory.
//!
//! The sparse-space method reads few values: the recent tail (beside each rare heap), the
//! first heaps and those near `n / 2` (where the scan of the splits starts). A
//! [`Computation`](crate::Computation) given a [`History`] keeps only those in memory once the
//! run is long ([`HistoryLayout`]) and hands every other value to the history, which reads
//! them back when a step, the period check or the caller asks for one. So the memory of a
//! run no longer grows with `N`; the history (a file, say) does.

/// Values `G(0..len())` kept outside the computation's memory, appended in order.
///
/// Reads are exact or the computation is wrong: a history that cannot read or write (a full
/// disk) must say so to its owner some other way, and its owner must not trust any value
/// computed after that. [`MemoryHistory`] keeps them in memory.
pub trait History: Send + Sync + std::fmt::Debug {
    /// How many values it holds (`G(0..len)`).
    fn len(&self) -> usize;

    /// Whether it holds no value.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends `values` as `G(len()..len() + values.len())`.
    fn append(&mut self, values: &[u32]);

    /// Copies `G(start..start + out.len())` into `out` (every one of them held). Called from
    /// two threads at once in a paired run.
    fn read(&self, start: usize, out: &mut [u32]);
}

/// A [`History`] in memory (a `u32` per value): for tests, and for callers that want the
/// computation's windows without a file.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct MemoryHistory(pub Vec<u32>);

impl History for MemoryHistory {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn append(&mut self, values: &[u32]) {
        self.0.extend_from_slice(values);
    }

    fn read(&self, start: usize, out: &mut [u32]) {
        out.copy_from_slice(&self.0[start..start + out.len()]);
    }
}

/// How much of a run a [`Computation`](crate::Computation) with a [`History`] keeps in
/// memory. Each window grows past its minimum when the run needs it (a rare heap far back,
/// a deep scan of the splits); a value outside every window is read from the history, so
/// the values are exact whatever the layout, and only the speed depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryLayout {
    /// Values are handed to the history once this many are computed (before, all are held).
    pub from: usize,
    /// The fewest recent values held.
    pub tail: usize,
    /// The fewest first values held (`G(0..front)`).
    pub front: usize,
    /// The fewest values held on either side of `n / 2`.
    pub middle: usize,
    /// The most values the tail or the front grows to hold, and four times the most the
    /// middle window reaches on either side: past it, the few reads further away go to the
    /// history, so that memory stays the same however long the run.
    pub widest: usize,
}

impl Default for HistoryLayout {
    /// 2^22 values held before any is handed over; then 2^16 recent ones, 2^14 first ones
    /// and 2^14 on either side of `n / 2`, at least; 2^24 in a window at most.
    fn default() -> Self {
        HistoryLayout {
            from: 1 << 24,
            tail: 1 << 16,
            front: 1 << 14,
            middle: 1 << 14,
            widest: 1 << 24,
        }
    }
}

impl HistoryLayout {
    /// The default layout, but values handed over from 2^22 heaps on: a checkpoint saves
    /// the values held in memory, so a run that saves them holds fewer.
    pub fn small_checkpoints() -> Self {
        HistoryLayout {
            from: 1 << 22,
            ..HistoryLayout::default()
        }
    }
}
