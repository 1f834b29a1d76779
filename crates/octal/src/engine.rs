//! The state of one computation and its steps: plain, on bit planes, or sparse; the mask
//! chosen again as the sequence doubles (the method itself is told in [`crate::scratch`]).

use crate::bitset::{Planes, MAX_BITS};
use crate::code::OctalCode;
use crate::history::{History, HistoryLayout};
use crate::mask;
use crate::pace::Pace;
use crate::scratch::{half_of, mark_range, Moves, Scratch, Stamped};
use crate::sequence::{Method, MethodUsed, SparseStats};
use crate::slot::Value;
use crate::store::Store;

/// Heaps computed with plain steps before a mask is first chosen.
pub(crate) const WARM_UP: usize = 1024;

/// A step by itself fits the store's windows and hands values over at every this many
/// heaps (runs on two threads do it after each run).
const SETTLE_EVERY: usize = 64;

/// Values below this are mexed on bit planes (more planes cost more than they save).
pub(crate) const BITSET_CAP: usize = 1 << MAX_BITS;

/// The state of one computation, the values stored as `V`.
#[derive(Debug)]
pub(crate) struct Engine<V: Value> {
    pub(crate) moves: Moves,
    pub(crate) values: Store<V>,
    /// The working space of the steps taken on this thread (counting every value).
    pub(crate) scratch: Scratch,
    /// The second thread's working space, kept between runs of [`Engine::advance_two`]
    /// (it catches up with the values computed meanwhile); dropped when the mask changes.
    pub(crate) helper: Option<Scratch>,
    /// How fast runs of [`Engine::advance_two`] went on two threads and on one.
    pub(crate) pace: Pace,
    /// The mask in use (0: plain steps).
    pub(crate) mask: u32,
    /// Whether sparse steps may be taken.
    pub(crate) sparse: bool,
    /// The heap at which the mask is chosen again and the values reordered.
    pub(crate) next_choice: usize,
    /// Whether the mask stays as it is (plain, a given mask, or no split at all).
    pub(crate) fixed_mask: bool,
    pub(crate) pairs: u64,
    /// Heaps computed by [`Engine::advance_two`] on two threads (since this engine was made
    /// or restored).
    pub(crate) paired: u64,
    /// Speculative values of [`Engine::advance_two`] that had to be computed again.
    pub(crate) retries: u64,
    /// The method asked for.
    pub(crate) method: Method,
    /// Bit planes of the values, while plain steps use them.
    pub(crate) planes: Option<Planes>,
    /// Values met by the moves of the current heap (bit-set steps).
    pub(crate) seen: Vec<bool>,
    /// Heaps computed by each kind of step.
    pub(crate) steps: StepCounts,
}

/// An engine's state besides its values, as a checkpoint keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SavedState {
    pub(crate) method: Method,
    pub(crate) mask: u32,
    pub(crate) next_choice: usize,
    pub(crate) pairs: u64,
    pub(crate) steps: StepCounts,
}

/// Heaps computed by each kind of step.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct StepCounts {
    /// Every split, value by value.
    pub(crate) plain: u64,
    /// Every split, on bit planes.
    pub(crate) bitset: u64,
    /// The sparse-space method.
    pub(crate) sparse: u64,
}

impl<V: Value> Engine<V> {
    pub(crate) fn new(code: &OctalCode, n: usize, method: Method) -> Self {
        // Reserved, not touched: the pages of heaps never computed (a period fills them)
        // cost nothing.
        let values = Store::new(n.saturating_add(1));
        let split = code.takes_with(4);
        let sparse = !split.is_empty() && matches!(method, Method::Sparse | Method::Mask(1..));
        let (mask, fixed_mask) = match method {
            Method::Plain | Method::Bitset => (0, true),
            Method::Sparse => (0, split.is_empty()),
            Method::Mask(mask) => (mask, true),
        };
        Self {
            moves: Moves {
                whole: code.takes_with(1),
                leave: code.takes_with(2).into_iter().filter(|&k| k > 0).collect(),
                split,
                unequal: code.unequal_splits(),
            },
            values,
            scratch: Scratch::new(),
            helper: None,
            pace: Pace::default(),
            mask,
            sparse,
            next_choice: WARM_UP,
            fixed_mask,
            pairs: 0,
            paired: 0,
            retries: 0,
            method,
            planes: None,
            seen: Vec::new(),
            steps: StepCounts::default(),
        }
    }

    /// How many values are computed (`G(0..len)`).
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    /// The values computed.
    pub(crate) fn values(&self) -> crate::store::View<'_, V::Slot> {
        self.values.all()
    }

    /// Hands the values it no longer needs in memory to `history` from now on.
    pub(crate) fn set_history(&mut self, history: Box<dyn History>, layout: HistoryLayout) {
        self.values.set_history(history, layout);
        self.settle();
    }

    /// Fits the store's windows to what the steps met and hands old values over.
    #[inline]
    pub(crate) fn settle(&mut self) {
        if self.values.has_history() {
            self.settle_windows();
        }
    }

    fn settle_windows(&mut self) {
        let deepest = self
            .scratch
            .deepest
            .max(self.helper.as_ref().map_or(0, |h| h.deepest));
        let rare = self.scratch.rare.last().copied().unwrap_or(0);
        let take = self.moves.split.last().copied().unwrap_or(0);
        self.values.fit(rare, deepest, take);
        self.values.settle();
    }

    /// Makes the store ready for the steps of the heaps from `start` on; returns the heap
    /// up to which it is.
    pub(crate) fn ready(&mut self, start: usize) -> usize {
        let smallest = self.moves.split.first().copied().unwrap_or(0);
        let largest = self.moves.split.last().copied().unwrap_or(0);
        self.values.ready(start, smallest, largest)
    }

    /// The same engine with its values stored as `W` (for a value above `V`'s range).
    pub(crate) fn widen<W: Value>(self) -> Engine<W> {
        debug_assert!(W::MAX > V::MAX);
        Engine {
            moves: self.moves,
            values: self.values.widen(),
            scratch: self.scratch,
            helper: self.helper,
            pace: self.pace,
            mask: self.mask,
            sparse: self.sparse,
            next_choice: self.next_choice,
            fixed_mask: self.fixed_mask,
            pairs: self.pairs,
            paired: self.paired,
            retries: self.retries,
            method: self.method,
            planes: self.planes,
            seen: self.seen,
            steps: self.steps,
        }
    }

    /// Heaps with a rare value under the mask in use.
    pub(crate) fn rare_count(&self) -> usize {
        self.scratch.rare.len()
    }

    /// The largest value so far.
    pub(crate) fn max_value(&self) -> u32 {
        self.scratch.max_value
    }

    /// Speculative values that were computed again (see [`Engine::advance_two`]).
    #[cfg(test)]
    pub(crate) fn retries(&self) -> u64 {
        self.retries
    }

    /// What a checkpoint saves besides the values.
    pub(crate) fn saved_state(&self) -> SavedState {
        SavedState {
            method: self.method,
            mask: self.mask,
            next_choice: self.next_choice,
            pairs: self.pairs,
            steps: self.steps,
        }
    }

    /// The engine that had computed the values in `values` in `state`: the working lists
    /// are rebuilt from the values, so it goes on exactly as the saved one would. Returns it
    /// with the FNV-1a 64 hash of `G(0..hashed)` (as 4-byte words), read on the way.
    pub(crate) fn restore(
        code: &OctalCode,
        n: usize,
        values: Store<V>,
        state: SavedState,
        hashed: usize,
    ) -> (Self, u64) {
        let mut engine = Engine::new(code, 0, state.method);
        engine.values = values;
        engine.mask = state.mask;
        let mut hash = crate::store::FNV_START;
        let mut chunk = Vec::new();
        let len = engine.values.len();
        let mut start = 0;
        while start < len {
            let end = (start + (1 << 16)).min(len);
            chunk.clear();
            engine.values.all().copy(start, end, &mut chunk);
            if start < hashed {
                let upto = hashed.min(end) - start;
                hash = crate::store::fnv1a_values(hash, &chunk[..upto]);
            }
            for (heap, &value) in (start..).zip(&chunk) {
                if heap > 0 {
                    engine.scratch.note(heap, value, engine.mask);
                }
            }
            start = end;
        }
        let _ = n;
        engine.next_choice = state.next_choice;
        engine.pairs = state.pairs;
        engine.steps = state.steps;
        engine.settle();
        (engine, hash)
    }

    /// The value of heap `n` by a direct mex over every move (all smaller values known):
    /// for checking values that come from outside.
    pub(crate) fn direct_mex(&self, n: usize) -> u32 {
        let values = self.values.view(n);
        let mut seen = vec![false; self.scratch.cap * 2 + 2];
        let mut see = |v: u32| {
            if let Some(slot) = seen.get_mut(v as usize) {
                *slot = true;
            }
        };
        if self.moves.whole.contains(&n) {
            see(0);
        }
        for &k in &self.moves.leave {
            if k < n {
                see(values.get(n - k));
            }
        }
        let (mut low, mut high) = (Vec::new(), Vec::new());
        for &k in &self.moves.split {
            if let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) {
                // In pieces: the values may come from the history.
                let half = self.moves.half(m);
                let mut a = 1;
                while a <= half {
                    let end = (a + (1 << 14)).min(half + 1);
                    low.clear();
                    high.clear();
                    values.copy(a, end, &mut low);
                    values.copy(m + 1 - end, m + 1 - a, &mut high);
                    for (x, y) in low.iter().zip(high.iter().rev()) {
                        see(x ^ y);
                    }
                    a = end;
                }
            }
        }
        seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
    }

    /// The heaps each kind of step computed (no period: the computation adds it).
    pub(crate) fn method_used(&self) -> MethodUsed {
        MethodUsed {
            plain: self.steps.plain,
            bitset: self.steps.bitset,
            sparse: self.steps.sparse,
            mask: self.mask,
            paired: self.paired,
            retries: self.retries,
            period_from: None,
        }
    }

    /// Chooses the mask again when `n` is the heap to do it at.
    fn choose_mask_at(&mut self, n: usize) {
        if n == self.next_choice && self.sparse {
            if !self.fixed_mask {
                self.choose_mask();
            }
            self.next_choice = self.next_choice.saturating_mul(2);
        }
    }

    /// Whether the step at heap `n` (the next one) is a sparse step, and not one at which
    /// the mask is chosen again: the steps that [`Engine::advance_two`] takes.
    pub(crate) fn takes_sparse_steps(&self, n: usize) -> bool {
        self.mask != 0
            && n == self.len()
            && !(n == self.next_choice && self.sparse)
            && (self.fixed_mask || self.scratch.rare.len() < n / 4)
    }

    /// Computes `G(n)`, all smaller values known, and records it; or returns it, not
    /// recorded, when it does not fit in `V` (then [`Engine::widen`] and
    /// [`Engine::push`] it).
    pub(crate) fn step(&mut self, n: usize) -> Result<(), u32> {
        self.choose_mask_at(n);
        if self.values.has_history() {
            self.ready(n);
        }
        // With many rare positions, listing them costs more than every split does.
        let sparse = self.mask != 0 && (self.fixed_mask || self.scratch.rare.len() < n / 4);
        let value = if sparse {
            self.planes = None;
            self.steps.sparse += 1;
            // The next heap is this thread's, alone or first of a run on two threads.
            self.scratch.ahead_by = 1;
            let (value, pairs) =
                self.scratch
                    .sparse_mex(&self.moves, &self.values.view(n), self.mask, n, false);
            self.pairs += pairs;
            value
        } else if self.scratch.cap <= BITSET_CAP && matches!(self.method, Method::Sparse | Method::Bitset) {
            self.scratch.next_stamp();
            self.scratch
                .mark_simple_moves(&self.moves, &self.values.view(n), n, false);
            self.steps.bitset += 1;
            self.bitset_mex(n)
        } else {
            self.scratch.next_stamp();
            self.scratch
                .mark_simple_moves(&self.moves, &self.values.view(n), n, false);
            self.planes = None;
            self.steps.plain += 1;
            self.mark_all_splits(n);
            self.scratch.mex()
        };
        if value > V::MAX {
            return Err(value);
        }
        self.push(n, value);
        // The windows change slowly: fitted and handed over every few heaps (a heap's step
        // may take less time than fitting them).
        if n.is_multiple_of(SETTLE_EVERY) {
            self.settle();
        }
        Ok(())
    }

    /// `G(n)` with the splits marked on bit planes (the simple moves already marked).
    fn bitset_mex(&mut self, n: usize) -> u32 {
        let cap = self.scratch.cap;
        let bits = cap.trailing_zeros();
        let planes = self
            .planes
            .get_or_insert_with(|| Planes::of(&self.values.all(), bits));
        planes.widen(bits);
        let stamp = self.scratch.stamp;
        self.seen.clear();
        self.seen
            .extend(self.scratch.mark[..cap].iter().map(|&m| m == stamp));
        let unequal = self.moves.unequal;
        let lengths: Vec<(usize, usize)> = self
            .moves
            .split
            .iter()
            .filter_map(|&k| n.checked_sub(k).filter(|&m| m >= 2))
            .map(|m| (m, half_of(m, unequal)))
            .collect();
        self.pairs += planes.mark_splits(&lengths, &mut self.seen);
        self.seen.iter().position(|&s| !s).unwrap_or(cap) as u32
    }

    /// Marks `G(a) ^ G(m - a)` for every split of every `m = n - k` (plain step).
    fn mark_all_splits(&mut self, n: usize) {
        let stamp = self.scratch.stamp;
        for &k in &self.moves.split {
            let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) else {
                continue;
            };
            let half = self.moves.half(m);
            let scratch = &mut self.scratch;
            let values = self.values.all();
            let mut marks = Stamped {
                mark: &mut scratch.mark,
                stamp,
            };
            mark_range(&values, (1, half, m), &mut scratch.buffers, &mut marks);
            self.pairs += half as u64;
        }
    }

    /// Records `G(n) = value`.
    pub(crate) fn push(&mut self, n: usize, value: u32) {
        self.values.push(value);
        if let Some(planes) = &mut self.planes {
            // `cap` may grow below; the planes follow at the next bit-set step.
            if (value as usize) < 1 << planes.bits() {
                planes.push(value);
            } else {
                self.planes = None;
            }
        }
        self.scratch.note(n, value, self.mask);
    }

    /// Takes the mask that leaves the fewest rare heaps among those computed, and lists them.
    fn choose_mask(&mut self) {
        debug_assert_eq!(self.scratch.upto, self.values.len());
        let histogram = self.scratch.histogram();
        let to_beat = match self.mask {
            0 => (0, u64::MAX),
            mask => (mask, mask::rare_under(&histogram, mask)),
        };
        let best = mask::fewest_rare(&histogram, self.scratch.cap, to_beat);
        if best.0 != self.mask {
            self.mask = best.0;
            self.scratch.list_rare(&self.values.all(), self.mask);
            self.helper = None;
        }
    }

    pub(crate) fn stats(&self) -> SparseStats {
        let heaps = self.values.len() as u64 - 1;
        let max_value = self.scratch.max_value;
        if self.mask == 0 {
            return SparseStats {
                mask: None,
                rare: 0,
                common: heaps,
                pairs: self.pairs,
                max_value,
            };
        }
        // The heaps counted are those computed (the values are caught up after every run).
        let rare = mask::rare_under(&self.scratch.histogram(), self.mask);
        SparseStats {
            mask: Some(self.mask),
            rare,
            common: heaps - rare,
            pairs: self.pairs,
            max_value,
        }
    }
}
