//! The nim-value sequence `G(0..=N)` of an octal game: plain XOR sets, and the sparse-space
//! method for games whose values split into "common" and "rare" ones.
//!
//! **Plain.** `G(n)` is the mex of the values of the moves from `n`: `0` (take the whole
//! heap), `G(n - k)` (leave one heap) and `G(a) ^ G(n - k - a)` (leave two heaps). The values
//! seen are stamped in an array indexed by value (an XOR set that is never cleared: a fresh
//! stamp per heap), so a heap costs one pass over its `O(n)` splits.
//!
//! **Sparse space** (Berlekamp, Conway and Guy, *Winning Ways*, "sparse space spells speed";
//! Gangolli and Plambeck 1989). Fix a mask `m` and call a value *rare* when `G & m` has an
//! even number of one bits, *common* otherwise. The parity of `(x ^ y) & m` is the XOR of the
//! parities, so a common value is always the XOR of one rare and one common value. For many
//! games almost every `G(n)` is common under a well-chosen mask; the rare positions are
//! few. Then, for a heap `n`:
//!
//! 1. the splits with a rare part (one pass over the short list of rare positions) give
//!    every common value among the moves, and some rare ones;
//! 2. `c`, the smallest common value not met, bounds the mex; the rare values below `c` not
//!    met yet may still come from two common parts: the splits are scanned only until all
//!    of them have been met (usually after a few dozen pairs: there are many ways to make
//!    each of them), and the first one still missing, else `c`, is `G(n)`. The scan reads
//!    the values in order from both ends; a search by value (lists of the heaps of each
//!    value, the partner looked up) was measured slower at 10^6 heaps of Officers (its
//!    look-ups are scattered over every heap) and costs 4 bytes more per heap.
//!
//! Whatever the mask, the result is exact (a bad mask only makes it slower). The mask is
//! chosen from the values themselves: after a warm-up of plain steps, and again each time
//! the sequence doubles in length, the mask that leaves the fewest rare positions so far is
//! taken; while no mask leaves fewer than a quarter of the positions rare, plain steps are
//! used.

#[cfg(test)]
use std::sync::atomic::AtomicU8;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::thread::Thread;
use std::time::{Duration, Instant};

use super::bitset::{Planes, MAX_BITS};
use super::{Computation, OctalCode, Options};

/// Heaps computed with plain steps before a mask is first chosen.
const WARM_UP: usize = 1024;
/// Largest mask tried (masks are chosen among `1..MASKS`).
const MASKS: u32 = 1 << 12;

/// How [`NimSequence::compute_with`] computes the values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Every split of every heap (`O(N²)` for a game with splits).
    Plain,
    /// The sparse-space method with the mask chosen from the values (the default).
    Sparse,
    /// The sparse-space method with this fixed mask from the start (any mask gives exact
    /// values; for tests and experiments).
    Mask(u32),
    /// Every split of every heap like [`Method::Plain`], 64 splits at a time on bit planes
    /// of the values while every value is below 32 (then value by value).
    Bitset,
}

/// Values below this are mexed on bit planes (more planes cost more than they save).
const BITSET_CAP: usize = 1 << MAX_BITS;

/// What the sparse-space method met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SparseStats {
    /// The mask in use at the end (`None`: plain steps only, or no move splits a heap).
    pub mask: Option<u32>,
    /// Heaps `1..=N` whose value is rare under the final mask.
    pub rare: u64,
    /// Heaps `1..=N` whose value is common under the final mask.
    pub common: u64,
    /// Splits (pairs of heaps) looked at, over the whole computation.
    pub pairs: u64,
    /// The largest value.
    pub max_value: u32,
}

/// The nim-values `G(0..=N)` of an octal game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NimSequence {
    values: Vec<u32>,
    last_nonzero: usize,
    /// Grundy's game (no period test).
    unequal: bool,
    stats: SparseStats,
}

impl NimSequence {
    /// `G(0..=n)` by the sparse-space method (plain steps where it does not pay), the
    /// period checked as the values come so that a proven period gives the rest.
    /// `O(n)` memory: a `u32` per heap plus the list of rare positions.
    pub fn compute(code: &OctalCode, n: usize) -> Self {
        Self::compute_with_options(code, n, Options::default())
    }

    /// `G(0..=n)` by the given method, every value by a mex (no period shortcut).
    pub fn compute_with(code: &OctalCode, n: usize, method: Method) -> Self {
        let options = Options {
            method,
            detect_period: false,
        };
        Self::compute_with_options(code, n, options)
    }

    /// `G(0..=n)` with the given options.
    pub fn compute_with_options(code: &OctalCode, n: usize, options: Options) -> Self {
        Computation::new(code, n, options).into_sequence()
    }

    /// The sequence made of its parts.
    pub(crate) fn from_parts(values: Vec<u32>, code: &OctalCode, stats: SparseStats) -> Self {
        Self {
            values,
            last_nonzero: code.last_nonzero(),
            unequal: code.unequal_splits(),
            stats,
        }
    }

    /// `G(0), G(1), …, G(N)`.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The values, by value.
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// What the computation met (mask, rare and common counts).
    pub fn stats(&self) -> &SparseStats {
        &self.stats
    }

    /// `t`, the most tokens a move removes (the last non-zero digit's position).
    pub fn last_nonzero(&self) -> usize {
        self.last_nonzero
    }

    /// Whether these are the values of Grundy's game (splits into unequal heaps).
    pub(crate) fn unequal_splits(&self) -> bool {
        self.unequal
    }
}

/// The largest smaller part of a split of `m` (the parts differ when `unequal`).
#[inline]
fn half_of(m: usize, unequal: bool) -> usize {
    if unequal {
        m.saturating_sub(1) / 2
    } else {
        m / 2
    }
}

/// Parity of the one bits of `value & mask`: 1 for a common value, 0 for a rare one.
#[inline]
fn parity(value: u32, mask: u32) -> u32 {
    (value & mask).count_ones() & 1
}

/// How a value is stored: `u16` while every value fits (2 bytes per heap), else `u32`.
pub(crate) trait Value: Copy + Send + Sync + 'static {
    /// The largest value this type holds.
    const MAX: u32;
    /// The slot holding one value: an atomic, so that the two threads of
    /// [`Engine::advance_two`] share the values (a relaxed load is a plain load).
    type Slot: Slot;
}

/// One stored value, read and written through a shared reference.
pub(crate) trait Slot: Send + Sync + std::fmt::Debug + 'static {
    /// A slot holding `value` (at most the type's [`Value::MAX`]).
    fn new(value: u32) -> Self;
    /// The value.
    fn get(&self) -> u32;
    /// Stores `value`.
    fn set(&self, value: u32);
    /// The XOR of the two values (taken in the slot's own width: one widening, not two).
    fn xor(&self, other: &Self) -> u32;
}

macro_rules! slots {
    ($($value:ty => $atomic:ty),* $(,)?) => {$(
        impl Value for $value {
            const MAX: u32 = <$value>::MAX as u32;
            type Slot = $atomic;
        }

        impl Slot for $atomic {
            #[inline]
            fn new(value: u32) -> Self {
                <$atomic>::new(value as $value)
            }
            #[inline]
            fn get(&self) -> u32 {
                u32::from(self.load(Ordering::Relaxed))
            }
            #[inline]
            fn set(&self, value: u32) {
                self.store(value as $value, Ordering::Relaxed)
            }
            #[inline]
            fn xor(&self, other: &Self) -> u32 {
                u32::from(self.load(Ordering::Relaxed) ^ other.load(Ordering::Relaxed))
            }
        }
    )*};
}

slots!(u16 => AtomicU16, u32 => AtomicU32);
// Bytes, to test the move to a wider type on small values.
#[cfg(test)]
slots!(u8 => AtomicU8);

/// The values `G(0..len)`, each in a [`Slot`] of `V`.
#[derive(Debug)]
pub(crate) struct Values<V: Value>(Vec<V::Slot>);

impl<V: Value> Clone for Values<V> {
    fn clone(&self) -> Self {
        Values(self.0.iter().map(|slot| V::Slot::new(slot.get())).collect())
    }
}

impl<V: Value> std::ops::Deref for Values<V> {
    type Target = [V::Slot];
    fn deref(&self) -> &[V::Slot] {
        &self.0
    }
}

/// The moves of the game, as the steps read them.
#[derive(Debug, Clone)]
pub(crate) struct Moves {
    /// `k` whose digit has bit 1 / bit 2 (`k > 0`) / bit 4, ascending.
    whole: Vec<usize>,
    leave: Vec<usize>,
    split: Vec<usize>,
    /// Grundy's game: the two parts of a split differ.
    unequal: bool,
}

impl Moves {
    /// The largest smaller part of a split of `m`.
    #[inline]
    fn half(&self, m: usize) -> usize {
        half_of(m, self.unequal)
    }

    /// The values of the moves from heap `n` that read `G(n - 1)` (`values` holds
    /// `G(0..n)`): leaving one heap of `n - 1` and splitting into `1 + (n - 1)`.
    fn reading_last<S: Slot>(&self, values: &[S], n: usize) -> [Option<u32>; 2] {
        let last = || values[n - 1].get();
        [
            (n > 1 && self.leave.first() == Some(&1)).then(last),
            (self.split.first() == Some(&0) && self.half(n) >= 1).then(|| values[1].get() ^ last()),
        ]
    }
}

/// Marks `G(r) ^ G(m - r)` for the rare heaps `r` (of values `rare_values`).
// Not inlined: in a function of its own, every pointer of the loop stays in a register.
#[inline(never)]
fn mark_beside_rare<S: Slot>(
    rare: &[u32],
    rare_values: &[u32],
    values: &[S],
    m: usize,
    mark: &mut [u32],
    stamp: u32,
) {
    for (&r, &g) in rare.iter().zip(rare_values) {
        mark[(g ^ values[m - r as usize].get()) as usize] = stamp;
    }
}

/// Marks `G(a) ^ G(b)` for `a` in `low` from the first and `b` in `high` from the last.
#[inline(never)]
fn mark_splits<S: Slot>(low: &[S], high: &[S], mark: &mut [u32], stamp: u32) {
    // Of one length, so that the loop has one count.
    let len = low.len().min(high.len());
    let (low, high) = (&low[..len], &high[high.len() - len..]);
    for i in 0..len {
        mark[low[i].xor(&high[len - 1 - i]) as usize] = stamp;
    }
}

/// The working space of sparse steps, one per thread: the marks of the values met and the
/// rare heaps, kept up to date with the values below [`Scratch::upto`].
#[derive(Debug, Clone)]
pub(crate) struct Scratch {
    /// `mark[v] == stamp`: value `v` is among the moves of the current heap. Its length is
    /// `cap + 1`, `cap` a power of two above every value so far (so above every XOR).
    mark: Vec<u32>,
    cap: usize,
    /// `cap` before the last value counted (what a speculative step of heap `upto` uses).
    cap_before: usize,
    stamp: u32,
    /// Heaps `1..upto` with a rare value under the mask, ascending.
    rare: Vec<u32>,
    /// Their values.
    rare_values: Vec<u32>,
    /// The rare values below the candidate not met yet (during a sparse step).
    pending: Vec<u32>,
    /// The heaps below this are counted in `cap`, `rare` and `max_value`.
    upto: usize,
    /// The largest value so far.
    max_value: u32,
}

impl Scratch {
    fn new() -> Self {
        Scratch {
            mark: vec![0; 3],
            cap: 2,
            cap_before: 2,
            stamp: 0,
            rare: Vec::new(),
            rare_values: Vec::new(),
            pending: Vec::new(),
            upto: 1,
            max_value: 0,
        }
    }

    /// Counts `G(n) = value`, `n` the heap after the last counted.
    #[inline]
    fn note(&mut self, n: usize, value: u32, mask: u32) {
        debug_assert_eq!(n, self.upto);
        self.upto = n + 1;
        self.max_value = self.max_value.max(value);
        self.cap_before = self.cap;
        if value as usize >= self.cap {
            self.cap = (value as usize + 1).next_power_of_two();
            self.mark.resize(self.cap + 1, 0);
        }
        if mask != 0 && parity(value, mask) == 0 {
            self.rare.push(n as u32);
            self.rare_values.push(value);
        }
    }

    /// Counts the values `G(upto..end)`.
    fn catch_up<S: Slot>(&mut self, values: &[S], end: usize, mask: u32) {
        for (n, slot) in values.iter().enumerate().take(end).skip(self.upto) {
            self.note(n, slot.get(), mask);
        }
    }

    /// The rare heaps again, under `mask`, from the values `G(0..upto)`.
    fn list_rare<S: Slot>(&mut self, values: &[S], mask: u32) {
        self.rare = (1..self.upto)
            .filter(|&h| parity(values[h].get(), mask) == 0)
            .map(|h| h as u32)
            .collect();
        self.rare_values = self.rare.iter().map(|&h| values[h as usize].get()).collect();
    }

    /// How many heaps below `n` are rare (`n` at most `upto`).
    fn rare_below(&self, n: usize) -> usize {
        self.rare.partition_point(|&r| (r as usize) < n)
    }

    /// A fresh stamp: no value is marked.
    #[inline]
    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
    }

    /// The smallest value from `start` on not marked.
    fn mex_from(&self, start: usize) -> u32 {
        let mut w = start;
        while self.mark[w] == self.stamp {
            w += 1;
        }
        w as u32
    }

    /// Marks the values of the moves that leave at most one heap (but `G(n - 1)` when
    /// `speculative`).
    fn mark_simple_moves<S: Slot>(&mut self, moves: &Moves, values: &[S], n: usize, speculative: bool) {
        let stamp = self.stamp;
        if moves.whole.contains(&n) {
            self.mark[0] = stamp;
        }
        for &k in &moves.leave {
            if k < n && !(speculative && k == 1) {
                self.mark[values[n - k].get() as usize] = stamp;
            }
        }
    }

    /// `G(n)` by the sparse-space method, with the splits it looked at; `values` holds
    /// `G(0..n)`, and the rare heaps are those below `n`.
    ///
    /// `speculative`: `values` holds `G(0..n - 1)` only (and the rare heaps are those below
    /// `n - 1`): the moves that read `G(n - 1)` ([`Moves::reading_last`]) are left out, so
    /// the result is the mex of the other moves. It is `G(n)` unless it is the value of one
    /// of the moves left out (adding a value other than the mex to a set keeps its mex).
    fn sparse_mex<S: Slot>(
        &mut self,
        moves: &Moves,
        values: &[S],
        mask: u32,
        n: usize,
        speculative: bool,
    ) -> (u32, u64) {
        // A speculative step reads the heaps below n - 1 only, even when G(n - 1) is
        // counted already (the first heap of a run): the same step whatever the timing.
        let (rare_end, cap) = match speculative {
            true if self.upto > n - 1 => (n - 1, self.cap_before),
            true => (n - 1, self.cap),
            false => (n, self.cap),
        };
        debug_assert!(self.upto == n || (speculative && self.upto == n - 1));
        self.next_stamp();
        self.mark_simple_moves(moves, values, n, speculative);
        let stamp = self.stamp;
        let mut pairs = 0u64;
        // 1. Splits with a rare part: every common value among the moves. And the obvious
        //    0 of two equal halves (which the scan below would meet last).
        for &k in &moves.split {
            let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) else {
                continue;
            };
            // Two equal halves (none in Grundy's game, where the rare half is left out).
            let equal = m % 2 == 0;
            if equal && !moves.unequal {
                self.mark[0] = stamp;
            }
            let count = self.rare.partition_point(|&r| (r as usize) < m.min(rare_end));
            // Rare heaps whose split is not a move (Grundy's equal halves) or is left out
            // (the part 1 beside n - 1, when speculative): by index, or `count` for none.
            let mut skipped = [count; 2];
            if moves.unequal && equal {
                if let Ok(i) = self.rare[..count].binary_search(&((m / 2) as u32)) {
                    skipped[0] = i;
                }
            }
            if speculative && k == 0 && self.rare.first() == Some(&1) {
                skipped[1] = 0;
            }
            skipped.sort_unstable();
            let ranges = [
                0..skipped[0],
                (skipped[0] + 1).min(count)..skipped[1].max(skipped[0] + 1).min(count),
                (skipped[1] + 1).min(count)..count,
            ];
            let values = &values[..m.min(values.len())];
            for range in ranges {
                let (rare, rare_values) = (&self.rare[range.clone()], &self.rare_values[range]);
                mark_beside_rare(rare, rare_values, values, m, &mut self.mark, stamp);
            }
            pairs += count as u64;
        }
        // 2. The smallest common value not met, and the rare values below it not met yet.
        self.pending.clear();
        let mut c = 0usize;
        while c < cap {
            if self.mark[c] != stamp {
                if parity(c as u32, mask) == 1 {
                    break;
                }
                self.pending.push(c as u32);
            }
            c += 1;
        }
        if !self.pending.is_empty() {
            pairs += self.meet_rare_values(moves, values, n, speculative);
        }
        // Every common value among the moves is marked, so `c` is not; every value below it
        // is marked unless the scan saw every split without meeting it.
        (self.mex_from(0), pairs)
    }

    /// Scans the splits of heap `n`, marking their values, until every value of `pending`
    /// has been met (or every split has been seen); returns the splits looked at. The
    /// splits go by blocks with unconditional marks (no branch per split), each block of
    /// every split length in turn (a value may come from one length only); after each round
    /// the values met leave `pending`. `speculative`: the split `1 + (n - 1)` is left out.
    fn meet_rare_values<S: Slot>(&mut self, moves: &Moves, values: &[S], n: usize, speculative: bool) -> u64 {
        // Blocks grow: most pending values are met in the first splits, and checking the
        // ones left costs one look per value.
        let mut block = 32;
        let stamp = self.stamp;
        let mut pairs = 0u64;
        // Per split length m: the splits (a, m - a) not seen yet are a in front..=back.
        let mut ranges: Vec<(usize, usize, usize)> = moves
            .split
            .iter()
            .filter_map(|&k| n.checked_sub(k).filter(|&m| m >= 2).map(|m| (k, m)))
            .map(|(k, m)| (m, if speculative && k == 0 { 2 } else { 1 }, moves.half(m)))
            .collect();
        loop {
            let mut seen_any = false;
            for (m, front, back) in &mut ranges {
                // A block from each end: small parts pair exceptional early values with
                // recent ones; middle splits pair two typical values.
                for from_front in [true, false] {
                    if *front > *back {
                        break;
                    }
                    let (lo, hi) = if from_front {
                        let hi = (*front + block - 1).min(*back);
                        let lo = *front;
                        *front = hi + 1;
                        (lo, hi)
                    } else {
                        let lo = back.saturating_sub(block - 1).max(*front);
                        let hi = *back;
                        *back = lo - 1;
                        (lo, hi)
                    };
                    let low = &values[lo..=hi];
                    let high = &values[*m - hi..=*m - lo];
                    mark_splits(low, high, &mut self.mark, stamp);
                    pairs += low.len() as u64;
                    seen_any = true;
                }
            }
            let mark = &self.mark;
            self.pending.retain(|&w| mark[w as usize] != stamp);
            if self.pending.is_empty() || !seen_any {
                return pairs;
            }
            block = (block * 2).min(1024);
        }
    }
}

/// The state of one computation, the values stored as `V`.
#[derive(Debug, Clone)]
pub(crate) struct Engine<V: Value> {
    moves: Moves,
    values: Values<V>,
    /// The working space of the steps taken on this thread (counting every value).
    scratch: Scratch,
    /// The second thread's working space, kept between runs of [`Engine::advance_two`]
    /// (it catches up with the values computed meanwhile); dropped when the mask changes.
    helper: Option<Scratch>,
    /// How fast runs of [`Engine::advance_two`] went on two threads and on one.
    pace: Pace,
    /// The mask in use (0: plain steps).
    mask: u32,
    /// Whether sparse steps may be taken.
    sparse: bool,
    /// The heap at which the mask is chosen again and the values reordered.
    next_choice: usize,
    /// Whether the mask stays as it is (plain, a given mask, or no split at all).
    fixed_mask: bool,
    pairs: u64,
    /// Heaps computed by [`Engine::advance_two`] (since this engine was made or restored).
    paired: u64,
    /// Speculative values of [`Engine::advance_two`] that had to be computed again.
    retries: u64,
    /// The method asked for.
    method: Method,
    /// Bit planes of the values, while plain steps use them.
    planes: Option<Planes>,
    /// Values met by the moves of the current heap (bit-set steps).
    seen: Vec<bool>,
    /// Heaps computed by each kind of step.
    steps: StepCounts,
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
        let mut values = Vec::with_capacity(n.saturating_add(1));
        values.push(V::Slot::new(0));
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
            values: Values(values),
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
    pub(crate) fn values(&self) -> &[V::Slot] {
        &self.values
    }

    /// The same engine with its values stored as `u32` (for a value above `u16`'s range).
    pub(crate) fn widen(self) -> Engine<u32> {
        let mut values = Vec::with_capacity(self.values.0.capacity());
        values.extend(self.values.iter().map(|slot| AtomicU32::new(slot.get())));
        Engine {
            moves: self.moves,
            values: Values(values),
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

    /// The engine that had computed `values` (`G(0) = 0` first) in `state`: the working
    /// lists are rebuilt from the values, so it goes on exactly as the saved one would.
    pub(crate) fn restore(code: &OctalCode, n: usize, values: &[u32], state: SavedState) -> Self {
        debug_assert!(values.iter().all(|&v| v <= V::MAX));
        let mut engine = Engine::new(code, n.max(values.len()), state.method);
        engine.mask = state.mask;
        for (heap, &value) in values.iter().enumerate().skip(1) {
            engine.push(heap, value);
        }
        engine.next_choice = state.next_choice;
        engine.pairs = state.pairs;
        engine.steps = state.steps;
        engine
    }

    /// The value of heap `n` by a direct mex over every move (all smaller values known):
    /// for checking values that come from outside.
    pub(crate) fn direct_mex(&self, n: usize) -> u32 {
        let values = &self.values;
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
                see(values[n - k].get());
            }
        }
        for &k in &self.moves.split {
            if let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) {
                for a in 1..=self.moves.half(m) {
                    see(values[a].get() ^ values[m - a].get());
                }
            }
        }
        seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
    }

    /// The methods in words with their heap counts: `bit sets 1024, sparse space (mask
    /// 0b1110) 98976`.
    pub(crate) fn method_used(&self) -> String {
        let StepCounts {
            plain,
            bitset,
            sparse,
        } = self.steps;
        let mut parts = Vec::new();
        if plain > 0 {
            parts.push(format!("plain {plain}"));
        }
        if bitset > 0 {
            parts.push(format!("bit sets {bitset}"));
        }
        if sparse > 0 {
            parts.push(format!("sparse space (mask {:#b}) {sparse}", self.mask));
        }
        if self.paired > 0 {
            parts.push(format!(
                "of them {} on 2 threads ({} computed again)",
                self.paired, self.retries
            ));
        }
        if parts.is_empty() {
            parts.push("none".to_owned());
        }
        parts.join(", ")
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
        // With many rare positions, listing them costs more than every split does.
        let sparse = self.mask != 0 && (self.fixed_mask || self.scratch.rare.len() < n / 4);
        let value = if sparse {
            self.planes = None;
            self.steps.sparse += 1;
            let (value, pairs) = self
                .scratch
                .sparse_mex(&self.moves, &self.values[..n], self.mask, n, false);
            self.pairs += pairs;
            value
        } else if self.scratch.cap <= BITSET_CAP && matches!(self.method, Method::Sparse | Method::Bitset) {
            self.scratch.next_stamp();
            self.scratch
                .mark_simple_moves(&self.moves, &self.values, n, false);
            self.steps.bitset += 1;
            self.bitset_mex(n)
        } else {
            self.scratch.next_stamp();
            self.scratch
                .mark_simple_moves(&self.moves, &self.values, n, false);
            self.planes = None;
            self.steps.plain += 1;
            self.mark_all_splits(n);
            self.scratch.mex_from(0)
        };
        if value > V::MAX {
            return Err(value);
        }
        self.push(n, value);
        Ok(())
    }

    /// `G(n)` with the splits marked on bit planes (the simple moves already marked).
    fn bitset_mex(&mut self, n: usize) -> u32 {
        let cap = self.scratch.cap;
        let bits = cap.trailing_zeros();
        let planes = self.planes.get_or_insert_with(|| Planes::of(&self.values, bits));
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
            let low = &self.values[1..=half];
            let high = &self.values[m - half..m];
            mark_splits(low, high, &mut self.scratch.mark, stamp);
            self.pairs += half as u64;
        }
    }

    /// Records `G(n) = value`.
    pub(crate) fn push(&mut self, n: usize, value: u32) {
        self.values.0.push(V::Slot::new(value));
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
        let mut histogram: Vec<(u32, u64)> = Vec::new();
        let mut counts = vec![0u64; self.scratch.cap];
        for slot in &self.values[1..] {
            counts[slot.get() as usize] += 1;
        }
        for (value, &count) in counts.iter().enumerate() {
            if count > 0 {
                histogram.push((value as u32, count));
            }
        }
        // At most about 2^24 parity tests per choice.
        let affordable = (1usize << 24) / histogram.len().max(1);
        let masks = (self.scratch.cap.min(affordable) as u32).clamp(2, MASKS);
        let rare_under = |mask: u32| -> u64 {
            histogram
                .iter()
                .filter(|&&(value, _)| parity(value, mask) == 0)
                .map(|&(_, count)| count)
                .sum()
        };
        let mut best = (
            self.mask,
            if self.mask == 0 {
                u64::MAX
            } else {
                rare_under(self.mask)
            },
        );
        for mask in 1..masks {
            let rare = rare_under(mask);
            if rare < best.1 {
                best = (mask, rare);
            }
        }
        if best.0 != self.mask {
            self.mask = best.0;
            self.scratch.list_rare(&self.values, self.mask);
            self.helper = None;
        }
    }

    /// Computes `G(len()..end)` on two threads, each a whole sparse step at a time, as long
    /// as the steps are sparse ones (see [`Engine::takes_sparse_steps`]): stops at the first
    /// heap that is not, or whose value does not fit in `V` (returned, not recorded, as by
    /// [`Engine::step`]: that heap is then `len()`). Returns how many values were recorded.
    ///
    /// Thread `t` takes the heaps `len() + t`, `len() + t + 2`, …. A heap `n` reads `G(n - 1)`
    /// through two moves at most ([`Moves::reading_last`]), so its step runs without them
    /// while the other thread finishes `G(n - 1)`; then, unless one of them has the value
    /// found, the value stands, else the step is taken again with every move. The values
    /// are the ones [`Engine::step`] computes, whatever the timing; so are the splits
    /// looked at (which count both steps of a value computed again).
    pub(crate) fn advance_two(&mut self, end: usize) -> (usize, Option<u32>) {
        let start = self.len();
        let end = match self.sparse && self.next_choice > start {
            true => end.min(self.next_choice),
            false => end,
        };
        if end <= start || !self.takes_sparse_steps(start) {
            return (0, None);
        }
        let mask = self.mask;
        let helper = self.helper.get_or_insert_with(|| self.scratch.clone());
        // Every slot of the run exists before the threads share them.
        self.values.0.resize_with(end, || V::Slot::new(0));
        let run = Run {
            moves: &self.moves,
            values: &self.values,
            mask,
            fixed_mask: self.fixed_mask,
            largest: V::MAX,
            known: AtomicUsize::new(start),
            stop: AtomicUsize::new(end),
            threads: [OnceLock::new(), OnceLock::new()],
            asleep: [AtomicBool::new(false), AtomicBool::new(false)],
        };
        let parallel = self.pace.choose();
        let began = Instant::now();
        let (first, second) = if parallel {
            std::thread::scope(|scope| {
                let run = &run;
                let second = scope.spawn(move || run.heaps(helper, 1, start + 1, 2));
                let first = run.heaps(&mut self.scratch, 0, start, 2);
                // A thread that panicked is a bug: its panic goes on here.
                let second = second
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                (first, second)
            })
        } else {
            (run.heaps(&mut self.scratch, 0, start, 1), Done::default())
        };
        self.pace
            .record(parallel, first.pairs + second.pairs, began.elapsed());
        let known = run.known.load(Ordering::Acquire);
        self.values.0.truncate(known);
        self.scratch.catch_up(&self.values, known, mask);
        self.pairs += first.pairs + second.pairs;
        self.retries += first.retries + second.retries;
        let computed = known - start;
        self.paired += computed as u64;
        if computed > 0 {
            self.planes = None;
            self.steps.sparse += computed as u64;
        }
        let too_large = [first.too_large, second.too_large]
            .into_iter()
            .flatten()
            .find(|&(heap, _)| heap == known)
            .map(|(_, value)| value);
        (computed, too_large)
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
        let rare = self.values[1..]
            .iter()
            .filter(|slot| parity(slot.get(), self.mask) == 0)
            .count() as u64;
        SparseStats {
            mask: Some(self.mask),
            rare,
            common: heaps - rare,
            pairs: self.pairs,
            max_value,
        }
    }
}

/// What the two threads of [`Engine::advance_two`] share.
struct Run<'a, S: Slot> {
    moves: &'a Moves,
    /// `G(0..known)` are final; the slots after them are written by the threads.
    values: &'a [S],
    mask: u32,
    fixed_mask: bool,
    /// The largest value the slots hold.
    largest: u32,
    /// How many values are final (published after the value's slot is written).
    known: AtomicUsize,
    /// The first heap not to compute: the end of the run, or lowered by a thread that
    /// meets a heap whose step is not sparse or whose value does not fit.
    stop: AtomicUsize,
    /// The two threads, to wake one that waits asleep.
    threads: [OnceLock<Thread>; 2],
    /// Whether each thread is (about to be) asleep waiting for the other.
    asleep: [AtomicBool; 2],
}

/// Ends a [`Run`] at once when the thread holding it panics.
struct StopOnPanic<'a, 'b, S: Slot> {
    run: &'a Run<'b, S>,
    me: usize,
}

impl<S: Slot> Drop for StopOnPanic<'_, '_, S> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.run.stop_at(self.me, 0);
        }
    }
}

/// How fast the runs of [`Engine::advance_two`] go on two threads and on one (the same
/// steps either way): splits looked at per second, a running mean over the runs of each
/// kind. Two threads lose to one when they share a core with other work (each hand-off then
/// waits for the scheduler) or when a heap is very cheap; so runs take two threads unless
/// one was clearly faster, and now and then the other way to measure it again.
#[derive(Debug, Clone, Copy, Default)]
struct Pace {
    parallel: Option<f64>,
    serial: Option<f64>,
    runs: u32,
}

/// One run in this many tries the way that was slower.
const EXPLORE: u32 = 16;
/// One thread must be faster than two by this factor to be taken.
const MARGIN: f64 = 1.1;

impl Pace {
    /// Whether the next run takes two threads.
    fn choose(&mut self) -> bool {
        self.runs = self.runs.wrapping_add(1);
        match (self.parallel, self.serial) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(parallel), Some(serial)) => {
                (serial <= parallel * MARGIN) != self.runs.is_multiple_of(EXPLORE)
            }
        }
    }

    /// Notes how fast a run went (runs too short to time are not counted).
    fn record(&mut self, parallel: bool, pairs: u64, took: Duration) {
        if took < Duration::from_micros(200) || pairs == 0 {
            return;
        }
        let rate = pairs as f64 / took.as_secs_f64();
        let mean = match parallel {
            true => &mut self.parallel,
            false => &mut self.serial,
        };
        // One run is a noisy measure (other work on the machine, cheap and dear heaps).
        *mean = Some(mean.map_or(rate, |mean| mean + (rate - mean) / 4.0));
    }
}

/// What one thread of a [`Run`] did.
#[derive(Debug, Default)]
struct Done {
    /// Splits looked at for the values it recorded.
    pairs: u64,
    retries: u64,
    /// The heap whose value did not fit, and the value.
    too_large: Option<(usize, u32)>,
}

/// Spins before a waiting thread sleeps, at most (the other thread usually finishes
/// first: a heap takes microseconds). Each thread spins less after waits that spinning did
/// not end (the other thread has lost its core: spinning would only keep it from it).
const SPINS: u32 = 1 << 10;
/// The longest sleep before looking again (a wake-up is never needed for progress).
const NAP: Duration = Duration::from_millis(1);

impl<S: Slot> Run<'_, S> {
    /// Thread `me` waits until `G(0..count)` are final; `false` when they never will be
    /// (the run stops before). `budget`: the spins before sleeping, adapted.
    fn wait_for(&self, me: usize, count: usize, budget: &mut u32) -> bool {
        let ready = || self.known.load(Ordering::SeqCst) >= count;
        let stopped = || self.stop.load(Ordering::SeqCst) < count;
        let mut spins = 0u32;
        loop {
            if ready() {
                if spins <= *budget {
                    *budget = (*budget * 2).clamp(1, SPINS);
                }
                return true;
            }
            if stopped() {
                return false;
            }
            if spins < *budget {
                spins += 1;
                std::hint::spin_loop();
                continue;
            }
            if spins == *budget {
                *budget = (*budget / 4).max(8);
                spins += 1;
            }
            // Said before looking again, so that the other thread, which publishes before
            // it looks at this, either is seen here or wakes this thread.
            self.asleep[me].store(true, Ordering::SeqCst);
            if !ready() && !stopped() {
                std::thread::park_timeout(NAP);
            }
            self.asleep[me].store(false, Ordering::SeqCst);
        }
    }

    /// Wakes the thread that is not `me` if it sleeps.
    fn wake_other(&self, me: usize) {
        if self.asleep[1 - me].load(Ordering::SeqCst) {
            if let Some(thread) = self.threads[1 - me].get() {
                thread.unpark();
            }
        }
    }

    /// Ends the run at heap `n` (no heap from `n` on is computed).
    fn stop_at(&self, me: usize, n: usize) {
        self.stop.fetch_min(n, Ordering::SeqCst);
        self.wake_other(me);
    }

    /// Thread `me` (0 or 1) computes the heaps `first`, `first + stride`, … of the run
    /// with `scratch` (`stride` 2 with two threads, 1 for every heap on this thread: the
    /// same steps, so the same values and counts).
    fn heaps(&self, scratch: &mut Scratch, me: usize, first: usize, stride: usize) -> Done {
        let _ = self.threads[me].set(std::thread::current());
        // Should this thread panic, the other must not wait for it forever.
        let _unwinding = StopOnPanic { run: self, me };
        let mut budget = SPINS;
        let mut done = Done::default();
        let mask = self.mask;
        let mut n = first;
        while n < self.stop.load(Ordering::Acquire) {
            // This thread computed G(n - 2), and G(n - 3) was final before.
            debug_assert!(self.known.load(Ordering::Acquire) + 1 >= n);
            scratch.catch_up(self.values, n - 1, mask);
            let rare = scratch.rare_below(n - 1);
            // Rare heaps below n: those below n - 1, and maybe n - 1.
            let sparse_anyway = self.fixed_mask || rare + 1 < n / 4;
            let (value, pairs) = if sparse_anyway {
                let (guess, mut pairs) = scratch.sparse_mex(self.moves, &self.values[..n - 1], mask, n, true);
                if !self.wait_for(me, n, &mut budget) {
                    break;
                }
                let value = if self.moves.reading_last(self.values, n).contains(&Some(guess)) {
                    done.retries += 1;
                    scratch.catch_up(self.values, n, mask);
                    let (value, again) = scratch.sparse_mex(self.moves, &self.values[..n], mask, n, false);
                    pairs += again;
                    value
                } else {
                    guess
                };
                (value, pairs)
            } else if rare >= n / 4 {
                self.stop_at(me, n);
                break;
            } else {
                // Sparse unless G(n - 1) is rare: known once it is final.
                if !self.wait_for(me, n, &mut budget) {
                    break;
                }
                scratch.catch_up(self.values, n, mask);
                if scratch.rare_below(n) >= n / 4 {
                    self.stop_at(me, n);
                    break;
                }
                scratch.sparse_mex(self.moves, &self.values[..n], mask, n, false)
            };
            if value > self.largest {
                done.too_large = Some((n, value));
                self.stop_at(me, n);
                break;
            }
            self.values[n].set(value);
            self.known.store(n + 1, Ordering::SeqCst);
            self.wake_other(me);
            done.pairs += pairs;
            n += stride;
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::super::run::{each, Core};
    use super::*;

    /// `G(0..=n)` of `code`, every value proven by a direct mex over every move of its heap
    /// (the values below it being proven before).
    fn proven(code: &OctalCode, values: &[u32]) {
        let state = SavedState {
            method: Method::Plain,
            mask: 0,
            next_choice: WARM_UP,
            pairs: 0,
            steps: StepCounts::default(),
        };
        let engine: Engine<u32> = Engine::restore(code, values.len(), values, state);
        for (heap, &value) in values.iter().enumerate().skip(1) {
            assert_eq!(
                engine.direct_mex(heap),
                value,
                "{code}: G({heap}) is not the mex of its moves"
            );
        }
    }

    /// A computation of `G(0..=n)` on `threads` threads, advanced by rounds of the given
    /// sizes in turn (so that runs of two threads start and stop anywhere).
    fn computed(code: &OctalCode, n: usize, method: Method, threads: usize, rounds: &[usize]) -> Computation {
        let options = Options {
            method,
            detect_period: false,
        };
        let mut run = Computation::new(code, n, options);
        run.set_threads(threads);
        for &round in rounds.iter().cycle() {
            if run.is_done() {
                break;
            }
            run.advance(round);
        }
        run
    }

    fn all_values(run: &Computation) -> Vec<u32> {
        let mut values = Vec::new();
        run.copy_values(0, run.known(), &mut values);
        values
    }

    fn retries(run: &Computation) -> u64 {
        each!(run.core(), e => e.retries())
    }

    fn steps(run: &Computation) -> StepCounts {
        each!(run.core(), e => e.steps)
    }

    /// Two threads give the values and step counts of one, whatever the rounds, and the
    /// same splits looked at for every way of cutting the run into rounds.
    fn two_threads_agree(code: &OctalCode, n: usize, method: Method) -> u64 {
        let one = computed(code, n, method, 1, &[usize::MAX]);
        let values = all_values(&one);
        proven(code, &values);
        let mut pairs = None;
        let mut retried = 0;
        for rounds in [&[usize::MAX][..], &[1, 2, 3], &[97, 1, 1000]] {
            let two = computed(code, n, method, 2, rounds);
            assert_eq!(all_values(&two), values, "{code} {method:?} by rounds {rounds:?}");
            assert_eq!(steps(&two), steps(&one), "{code} {method:?} by rounds {rounds:?}");
            let stats = two.sparse_stats();
            assert_eq!(
                (stats.mask, stats.rare, stats.max_value),
                (
                    one.sparse_stats().mask,
                    one.sparse_stats().rare,
                    one.sparse_stats().max_value
                )
            );
            let first = *pairs.get_or_insert(stats.pairs);
            assert_eq!(stats.pairs, first, "{code} {method:?} by rounds {rounds:?}");
            retried = retries(&two);
        }
        retried
    }

    fn code(text: &str) -> OctalCode {
        if text == "grundy" {
            return OctalCode::grundy();
        }
        let digits: Vec<u8> = text
            .bytes()
            .filter(u8::is_ascii_digit)
            .map(|b| b - b'0')
            .collect();
        OctalCode::new(&digits).unwrap()
    }

    #[test]
    fn two_threads_agree_with_one_and_with_the_mex_of_every_move() {
        let mut retried = 0;
        // Past the warm-up and two new choices of the mask (at 1024, 2048 and 4096).
        for text in ["0.6", "0.14", "0.161", "0.167", "0.014", "4.07", "4.6", "grundy"] {
            let code = code(text);
            retried += two_threads_agree(&code, 4500, Method::Sparse);
            // Sparse steps from heap 1, with the `4.` split 1 + (n - 1) left out.
            retried += two_threads_agree(&code, 600, Method::Mask(0b110));
            let sparse = steps(&computed(&code, 4500, Method::Sparse, 1, &[usize::MAX])).sparse;
            // The others are periodic early or have no good mask so soon.
            if ["0.6", "0.161", "0.167", "0.014", "grundy"].contains(&text) {
                assert!(sparse > 300, "{text} takes sparse steps");
            }
        }
        assert!(retried > 0, "no speculative step was taken again");
    }

    #[test]
    fn two_threads_agree_on_random_codes_and_fixed_masks() {
        let mut rng = StdRng::seed_from_u64(0x0c7a1);
        let mut retried = 0;
        for _ in 0..40 {
            let len = rng.random_range(2..=5);
            let mut digits: Vec<u8> = (0..len).map(|_| rng.random_range(0..8)).collect();
            digits[0] = if rng.random_bool(0.2) { 4 } else { 0 };
            if digits.iter().all(|&d| d & 4 == 0) {
                digits[1] |= 4;
            }
            let code = OctalCode::new(&digits).unwrap();
            // A fixed mask takes sparse steps from heap 1, good mask or not.
            let mask = rng.random_range(1..64);
            retried += two_threads_agree(&code, 500, Method::Mask(mask));
            two_threads_agree(&code, 2100, Method::Sparse);
        }
        assert!(retried > 0, "no speculative step was taken again");
    }

    #[test]
    fn the_heaps_beside_the_last_value_are_taken_again_when_they_have_its_value() {
        // Officers with the mask 1: G(n) = G(n - 1) often, so the speculative value (the
        // mex without G(n - 1)) is often a value that move has.
        let officers = code("0.6");
        let two = computed(&officers, 3000, Method::Mask(1), 2, &[usize::MAX]);
        assert!(retries(&two) > 10, "{} retries", retries(&two));
        let one = computed(&officers, 3000, Method::Mask(1), 1, &[usize::MAX]);
        assert_eq!(all_values(&two), all_values(&one));
        assert_eq!(retries(&one), 0);
    }

    /// The values and splits looked at of an engine whose runs of two-heap steps all go
    /// on two threads (`parallel`) or all on this one.
    fn paced(code: &OctalCode, n: usize, method: Method, parallel: bool) -> (Vec<u32>, u64) {
        let mut engine: Engine<u16> = Engine::new(code, n, method);
        // The measured rates make every choice (but the exploring ones) go one way.
        let (fast, slow) = (Some(2.0), Some(1.0));
        let pace = |runs| match parallel {
            true => Pace {
                parallel: fast,
                serial: slow,
                runs,
            },
            false => Pace {
                parallel: slow,
                serial: fast,
                runs,
            },
        };
        let mut paired = 0;
        while engine.len() <= n {
            let len = engine.len();
            // Never the exploring run, and no timing taken into account.
            engine.pace = pace(1);
            let (computed, too_large) = engine.advance_two((len + 41).min(n + 1));
            assert_eq!(too_large, None);
            paired += computed;
            if computed == 0 {
                assert_eq!(engine.step(len), Ok(()));
            }
        }
        assert!(paired > n / 2, "{code}: {paired} heaps two at a time");
        let values = engine.values().iter().map(|v| v.get()).collect();
        (values, engine.pairs)
    }

    #[test]
    fn runs_on_two_threads_or_one_take_the_same_steps() {
        for text in ["0.6", "4.6", "grundy"] {
            let code = code(text);
            let method = Method::Mask(0b110);
            let two = paced(&code, 3000, method, true);
            let one = paced(&code, 3000, method, false);
            assert_eq!(two, one, "{text}");
            proven(&code, &two.0);
        }
    }

    #[test]
    fn the_faster_way_is_taken_and_the_other_tried_now_and_then() {
        let mut pace = Pace::default();
        assert!(pace.choose(), "two threads first");
        pace.record(true, 1000, Duration::from_millis(1));
        assert!(!pace.choose(), "then one, to compare");
        pace.record(false, 3000, Duration::from_millis(1));
        let choices: Vec<bool> = (0..2 * EXPLORE).map(|_| pace.choose()).collect();
        assert_eq!(choices.iter().filter(|&&c| c).count(), 2, "{choices:?}");
        // Too short to time: not counted.
        pace.record(true, 10_000_000, Duration::from_micros(10));
        assert_eq!(pace.parallel, Some(1e6));
        // A running mean: one run moves it a quarter of the way.
        pace.record(true, 5000, Duration::from_millis(1));
        assert_eq!(pace.parallel, Some(2e6));
        // One thread is taken only when clearly faster.
        let mut close = Pace {
            parallel: Some(2e6),
            serial: Some(2.1e6),
            runs: 0,
        };
        assert!(close.choose(), "{close:?}");
        close.serial = Some(2.3e6);
        assert!(!close.choose(), "{close:?}");
    }

    #[test]
    fn two_threads_move_to_a_wider_type_when_a_value_does_not_fit() {
        // Removing 1 to 40 tokens and leaving one or two heaps: values pass 255 (a byte)
        // after a few hundred heaps.
        let mut digits = vec![0u8];
        digits.extend([6u8; 40]);
        let code = OctalCode::new(&digits).unwrap();
        let n = 1500;
        let mut engine: Engine<u8> = Engine::new(&code, n, Method::Mask(0b101));
        let mut wide = loop {
            let len = engine.len();
            match engine.advance_two(len + 50) {
                (_, Some(value)) => {
                    let heap = engine.len();
                    let mut wide = engine.widen();
                    wide.push(heap, value);
                    break wide;
                }
                // The heap at which the mask would be chosen (it is fixed) is one step.
                (0, None) => {
                    assert_eq!(len, WARM_UP);
                    assert_eq!(engine.step(len), Ok(()));
                }
                _ => {}
            }
        };
        assert!(wide.len() > 256, "widened at {}", wide.len());
        while wide.len() <= n {
            let len = wide.len();
            if wide.advance_two(len + 77).0 == 0 {
                assert_eq!(len, WARM_UP);
                assert_eq!(wide.step(len), Ok(()));
            }
        }
        let values: Vec<u32> = wide.values().iter().take(n + 1).map(|v| v.get()).collect();
        assert!(values.iter().any(|&v| v > 255));
        proven(&code, &values);
        let one = computed(&code, n, Method::Mask(0b101), 1, &[usize::MAX]);
        assert_eq!(all_values(&one), values);
    }
}
