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
pub(crate) trait Value: Copy + Default + std::fmt::Debug + PartialEq + Send + Sync + 'static {
    /// The largest value this type holds.
    const MAX: u32;
    /// `value` (at most [`Value::MAX`]).
    fn from_u32(value: u32) -> Self;
    /// The value.
    fn get(self) -> u32;
}

impl Value for u16 {
    const MAX: u32 = u16::MAX as u32;
    #[inline]
    fn from_u32(value: u32) -> Self {
        value as u16
    }
    #[inline]
    fn get(self) -> u32 {
        u32::from(self)
    }
}

impl Value for u32 {
    const MAX: u32 = u32::MAX;
    #[inline]
    fn from_u32(value: u32) -> Self {
        value
    }
    #[inline]
    fn get(self) -> u32 {
        self
    }
}

/// Bytes, to test the move to a wider type on small values.
#[cfg(test)]
impl Value for u8 {
    const MAX: u32 = u8::MAX as u32;
    fn from_u32(value: u32) -> Self {
        value as u8
    }
    fn get(self) -> u32 {
        u32::from(self)
    }
}

/// The state of one computation, the values stored as `V`.
#[derive(Debug, Clone)]
pub(crate) struct Engine<V: Value> {
    /// `k` whose digit has bit 1 / bit 2 / bit 4.
    whole: Vec<usize>,
    leave: Vec<usize>,
    split: Vec<usize>,
    values: Vec<V>,
    /// `mark[v] == stamp`: value `v` is among the moves of the current heap. Its length is
    /// `cap + 1`, `cap` a power of two above every value so far (so above every XOR).
    mark: Vec<u32>,
    cap: usize,
    stamp: u32,
    /// The mask in use (0: plain steps).
    mask: u32,
    /// Heaps `1..` with a rare value under `mask`, ascending.
    rare: Vec<u32>,
    /// Their values.
    rare_values: Vec<u32>,
    /// The rare values below the candidate not met yet (during a sparse step).
    pending: Vec<u32>,
    /// Grundy's game: the two parts of a split differ.
    unequal: bool,
    /// Whether sparse steps may be taken.
    sparse: bool,
    /// The heap at which the mask is chosen again and the values reordered.
    next_choice: usize,
    /// Whether the mask stays as it is (plain, a given mask, or no split at all).
    fixed_mask: bool,
    pairs: u64,
    /// The largest value so far.
    max_value: u32,
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
        let mut values = Vec::with_capacity(n + 1);
        values.push(V::default());
        let split = code.takes_with(4);
        let sparse = !split.is_empty() && matches!(method, Method::Sparse | Method::Mask(1..));
        let (mask, fixed_mask) = match method {
            Method::Plain | Method::Bitset => (0, true),
            Method::Sparse => (0, split.is_empty()),
            Method::Mask(mask) => (mask, true),
        };
        Self {
            whole: code.takes_with(1),
            leave: code.takes_with(2).into_iter().filter(|&k| k > 0).collect(),
            split,
            values,
            mark: vec![0; 3],
            cap: 2,
            stamp: 0,
            mask,
            rare: Vec::new(),
            rare_values: Vec::new(),
            pending: Vec::new(),
            unequal: code.unequal_splits(),
            sparse,
            next_choice: WARM_UP,
            fixed_mask,
            pairs: 0,
            max_value: 0,
            method,
            planes: None,
            seen: Vec::new(),
            steps: StepCounts::default(),
        }
    }

    /// The largest smaller part of a split of `m`.
    fn half(&self, m: usize) -> usize {
        half_of(m, self.unequal)
    }

    /// How many values are computed (`G(0..len)`).
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    /// The values computed.
    pub(crate) fn values(&self) -> &[V] {
        &self.values
    }

    /// The same engine with its values stored as `u32` (for a value above `u16`'s range).
    pub(crate) fn widen(self) -> Engine<u32> {
        Engine {
            whole: self.whole,
            leave: self.leave,
            split: self.split,
            values: self.values.into_iter().map(V::get).collect(),
            mark: self.mark,
            cap: self.cap,
            stamp: self.stamp,
            mask: self.mask,
            rare: self.rare,
            rare_values: self.rare_values,
            pending: self.pending,
            unequal: self.unequal,
            sparse: self.sparse,
            next_choice: self.next_choice,
            fixed_mask: self.fixed_mask,
            pairs: self.pairs,
            max_value: self.max_value,
            method: self.method,
            planes: self.planes,
            seen: self.seen,
            steps: self.steps,
        }
    }

    /// Heaps with a rare value under the mask in use.
    pub(crate) fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// The largest value so far.
    pub(crate) fn max_value(&self) -> u32 {
        self.max_value
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
        let mut seen = vec![false; self.cap * 2 + 2];
        let mut see = |v: u32| {
            if let Some(slot) = seen.get_mut(v as usize) {
                *slot = true;
            }
        };
        if self.whole.contains(&n) {
            see(0);
        }
        for &k in &self.leave {
            if k < n {
                see(values[n - k].get());
            }
        }
        for &k in &self.split {
            if let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) {
                for a in 1..=self.half(m) {
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
        if parts.is_empty() {
            parts.push("none".to_owned());
        }
        parts.join(", ")
    }

    /// Computes `G(n)`, all smaller values known, and records it; or returns it, not
    /// recorded, when it does not fit in `V` (then [`Engine::widen`] and
    /// [`Engine::push`] it).
    pub(crate) fn step(&mut self, n: usize) -> Result<(), u32> {
        if n == self.next_choice && self.sparse {
            if !self.fixed_mask {
                self.choose_mask();
            }
            self.next_choice = self.next_choice.saturating_mul(2);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        self.mark_simple_moves(n);
        // With many rare positions, listing them costs more than every split does.
        let sparse = self.mask != 0 && (self.fixed_mask || self.rare.len() < n / 4);
        let value = if sparse {
            self.planes = None;
            self.steps.sparse += 1;
            self.sparse_mex(n)
        } else if self.cap <= BITSET_CAP && matches!(self.method, Method::Sparse | Method::Bitset) {
            self.steps.bitset += 1;
            self.bitset_mex(n)
        } else {
            self.planes = None;
            self.steps.plain += 1;
            self.mark_all_splits(n);
            self.mex_from(0)
        };
        if value > V::MAX {
            return Err(value);
        }
        self.push(n, value);
        Ok(())
    }

    /// `G(n)` with the splits marked on bit planes (the simple moves already marked).
    fn bitset_mex(&mut self, n: usize) -> u32 {
        let bits = self.cap.trailing_zeros();
        let planes = self.planes.get_or_insert_with(|| Planes::of(&self.values, bits));
        planes.widen(bits);
        let stamp = self.stamp;
        self.seen.clear();
        self.seen
            .extend(self.mark[..self.cap].iter().map(|&m| m == stamp));
        let unequal = self.unequal;
        let lengths: Vec<(usize, usize)> = self
            .split
            .iter()
            .filter_map(|&k| n.checked_sub(k).filter(|&m| m >= 2))
            .map(|m| (m, half_of(m, unequal)))
            .collect();
        self.pairs += planes.mark_splits(&lengths, &mut self.seen);
        self.seen.iter().position(|&s| !s).unwrap_or(self.cap) as u32
    }

    /// Marks the values of the moves that leave at most one heap.
    fn mark_simple_moves(&mut self, n: usize) {
        let stamp = self.stamp;
        if self.whole.contains(&n) {
            self.mark[0] = stamp;
        }
        for &k in &self.leave {
            if k < n {
                self.mark[self.values[n - k].get() as usize] = stamp;
            }
        }
    }

    /// Marks `G(a) ^ G(m - a)` for every split of every `m = n - k` (plain step).
    fn mark_all_splits(&mut self, n: usize) {
        let stamp = self.stamp;
        for &k in &self.split {
            let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) else {
                continue;
            };
            let half = self.half(m);
            let low = &self.values[1..=half];
            let high = &self.values[m - half..m];
            let mark = &mut self.mark[..];
            for (&a, &b) in low.iter().zip(high.iter().rev()) {
                mark[(a.get() ^ b.get()) as usize] = stamp;
            }
            self.pairs += half as u64;
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

    /// `G(n)` by the sparse-space method (the simple moves already marked).
    fn sparse_mex(&mut self, n: usize) -> u32 {
        let (stamp, mask) = (self.stamp, self.mask);
        // 1. Splits with a rare part: every common value among the moves. And the obvious
        //    0 of two equal halves (which the scan below would meet last).
        for &k in &self.split {
            let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) else {
                continue;
            };
            // Two equal halves (none in Grundy's game, where the rare half is left out).
            let equal = m % 2 == 0;
            if equal && !self.unequal {
                self.mark[0] = stamp;
            }
            let count = self.rare.partition_point(|&r| (r as usize) < m);
            let left_out = match self.unequal && equal {
                true => self.rare[..count].binary_search(&((m / 2) as u32)).ok(),
                false => None,
            };
            // Local slices: their pointers stay in registers through the stores.
            let (values, mark) = (&self.values[..m], &mut self.mark[..]);
            let (rare, rare_values) = (&self.rare[..count], &self.rare_values[..count]);
            let ranges = match left_out {
                Some(i) => [0..i, i + 1..count],
                None => [0..count, count..count],
            };
            for range in ranges {
                for (&r, &g) in rare[range.clone()].iter().zip(&rare_values[range]) {
                    mark[(g ^ values[m - r as usize].get()) as usize] = stamp;
                }
            }
            self.pairs += count as u64;
        }
        // 2. The smallest common value not met, and the rare values below it not met yet.
        self.pending.clear();
        let mut c = 0usize;
        while c < self.cap {
            if self.mark[c] != stamp {
                if parity(c as u32, mask) == 1 {
                    break;
                }
                self.pending.push(c as u32);
            }
            c += 1;
        }
        if !self.pending.is_empty() {
            self.meet_rare_values(n);
        }
        // Every common value among the moves is marked, so `c` is not; every value below it
        // is marked unless the scan saw every split without meeting it.
        self.mex_from(0)
    }

    /// Scans the splits of heap `n`, marking their values, until every value of `pending`
    /// has been met (or every split has been seen). The splits go by blocks with
    /// unconditional marks (no branch per split), each block of every split length in turn
    /// (a value may come from one length only); after each round the values met leave
    /// `pending`.
    fn meet_rare_values(&mut self, n: usize) {
        // Blocks grow: most pending values are met in the first splits, and checking the
        // ones left costs one look per value.
        let mut block = 32;
        let stamp = self.stamp;
        // Per split length m: the splits (a, m - a) not seen yet are a in front..=back.
        let mut ranges: Vec<(usize, usize, usize)> = self
            .split
            .iter()
            .filter_map(|&k| n.checked_sub(k).filter(|&m| m >= 2))
            .map(|m| (m, 1, self.half(m)))
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
                    let low = &self.values[lo..=hi];
                    let high = &self.values[*m - hi..=*m - lo];
                    let mark = &mut self.mark[..];
                    for (&a, &b) in low.iter().zip(high.iter().rev()) {
                        mark[(a.get() ^ b.get()) as usize] = stamp;
                    }
                    self.pairs += low.len() as u64;
                    seen_any = true;
                }
            }
            let mark = &self.mark;
            self.pending.retain(|&w| mark[w as usize] != stamp);
            if self.pending.is_empty() || !seen_any {
                return;
            }
            block = (block * 2).min(1024);
        }
    }

    /// Records `G(n) = value`.
    pub(crate) fn push(&mut self, n: usize, value: u32) {
        self.values.push(V::from_u32(value));
        self.max_value = self.max_value.max(value);
        if let Some(planes) = &mut self.planes {
            // `cap` may grow below; the planes follow at the next bit-set step.
            if (value as usize) < 1 << planes.bits() {
                planes.push(value);
            } else {
                self.planes = None;
            }
        }
        if value as usize >= self.cap {
            self.cap = (value as usize + 1).next_power_of_two();
            self.mark.resize(self.cap + 1, 0);
        }
        if self.mask != 0 && parity(value, self.mask) == 0 {
            self.rare.push(n as u32);
            self.rare_values.push(value);
        }
    }

    /// Takes the mask that leaves the fewest rare heaps among those computed, and lists them.
    fn choose_mask(&mut self) {
        let mut histogram: Vec<(u32, u64)> = Vec::new();
        let mut counts = vec![0u64; self.cap];
        for &value in &self.values[1..] {
            counts[value.get() as usize] += 1;
        }
        for (value, &count) in counts.iter().enumerate() {
            if count > 0 {
                histogram.push((value as u32, count));
            }
        }
        // At most about 2^24 parity tests per choice.
        let affordable = (1usize << 24) / histogram.len().max(1);
        let masks = (self.cap.min(affordable) as u32).clamp(2, MASKS);
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
            let mask = self.mask;
            self.rare = (1..self.values.len())
                .filter(|&h| parity(self.values[h].get(), mask) == 0)
                .map(|h| h as u32)
                .collect();
            self.rare_values = self.rare.iter().map(|&h| self.values[h as usize].get()).collect();
        }
    }

    pub(crate) fn stats(&self) -> SparseStats {
        let heaps = self.values.len() as u64 - 1;
        let max_value = self.max_value;
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
            .filter(|&&v| parity(v.get(), self.mask) == 0)
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
