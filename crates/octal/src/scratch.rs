//! The sparse-space mex of one heap and its working space (one per thread).
//!
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
//!
//! The values met are kept as [`Marks`]: stamps in an array, or the bits of one word while
//! every value is below 64 ([`WordMarks`], which also recalls the rare splits of a length
//! for the next heap that splits it).

use crate::mask::parity;
use crate::plain::{meets, PlainValues};
use crate::slot::Slot;
use crate::store::View;

/// The largest smaller part of a split of `m` (the parts differ when `unequal`).
#[inline]
pub(crate) fn half_of(m: usize, unequal: bool) -> usize {
    if unequal {
        m.saturating_sub(1) / 2
    } else {
        m / 2
    }
}

/// The moves of the game, as the steps read them.
#[derive(Debug, Clone)]
pub(crate) struct Moves {
    /// `k` whose digit has bit 1 / bit 2 (`k > 0`) / bit 4, ascending.
    pub(crate) whole: Vec<usize>,
    pub(crate) leave: Vec<usize>,
    pub(crate) split: Vec<usize>,
    /// Grundy's game: the two parts of a split differ.
    pub(crate) unequal: bool,
}

impl Moves {
    /// The largest smaller part of a split of `m`.
    #[inline]
    pub(crate) fn half(&self, m: usize) -> usize {
        half_of(m, self.unequal)
    }

    /// Whether any move reads `G(n - 1)` from heap `n` (see [`Moves::reading_last`]).
    pub(crate) fn reads_last(&self) -> bool {
        self.leaves_last() || self.splits_off_one()
    }

    /// Leaving one heap of `n - 1` is a move.
    fn leaves_last(&self) -> bool {
        self.leave.first() == Some(&1)
    }

    /// Splitting into `1 + (n - 1)` (taking none) is a move.
    fn splits_off_one(&self) -> bool {
        self.split.first() == Some(&0)
    }

    /// The values of the moves from heap `n` that read `G(n - 1)` (`values` holds
    /// `G(0..n)`): leaving one heap of `n - 1` and splitting into `1 + (n - 1)`.
    pub(crate) fn reading_last<S: Slot>(&self, values: &View<'_, S>, n: usize) -> [Option<u32>; 2] {
        let last = || values.get(n - 1);
        [
            (n > 1 && self.leaves_last()).then(last),
            (self.splits_off_one() && self.half(n) >= 1).then(|| values.get(1) ^ last()),
        ]
    }
}

/// Marks `G(r) ^ G(m - r)` for the rare heaps `r` (of values `rare_values`), `recent`
/// holding the values from `G(m - top)` on and every `r` at most `top`.
// Not inlined: in a function of its own, every pointer of the loop stays in a register.
#[inline(never)]
pub(crate) fn mark_beside_rare<S: Slot, M: Marks>(
    rare: &[usize],
    rare_values: &[u32],
    recent: &[S],
    top: usize,
    marks: &mut M,
) {
    // Every value fits the slots' width, so does every XOR: marks of that many values
    // need no bounds check.
    /// The marks through a window of `N` partners, if one serves.
    #[inline(always)]
    fn through<S: Slot, M: Marks, const N: usize>(
        (rare, rare_values): (&[usize], &[u32]),
        (recent, top): (&[S], usize),
        marks: &mut M,
    ) -> bool {
        let Some((window, last)) = partner_window::<S, N>(recent, top, rare) else {
            return false;
        };
        let pairs = rare.iter().zip(rare_values);
        marks.set_each(
            pairs.map(|(&r, &g)| g ^ window[last.wrapping_sub(r) & (N - 1)].get()),
            S::BITS,
        );
        true
    }
    debug_assert!(rare_values.iter().all(|&g| S::BITS == 32 || g < 1 << S::BITS));
    let (heaps, partners) = ((rare, rare_values), (recent, top));
    if through::<S, M, SHORT_REACH>(heaps, partners, marks)
        || through::<S, M, LONG_REACH>(heaps, partners, marks)
    {
        return;
    }
    let pairs = rare
        .iter()
        .zip(rare_values)
        .map(|(&r, &g)| g ^ recent[top - r].get());
    marks.set_each(pairs, S::BITS);
}

/// Rare heaps spread over fewer heaps than this (`0.167`, Kayles) read their partners
/// through [`partner_window`] from an array of this many values.
const SHORT_REACH: usize = 1 << 12;

/// The same for rare heaps spread further (Officers' reach to heap 20,627, `0.161`'s to
/// 23,784): a larger array, and so a later start.
const LONG_REACH: usize = 1 << 15;

/// The `N` values of `recent` that end at `recent[top - rare[0]]`, and the index in them of
/// `G(m - rare[0])` plus `rare[0]`, when the partners of every rare heap fall in them. Each
/// partner is then read at `(that - r) & (N - 1)`, an index that needs no bounds check (and
/// would stay in the array if it were wrong).
#[inline(always)]
fn partner_window<'a, S, const N: usize>(
    recent: &'a [S],
    top: usize,
    rare: &[usize],
) -> Option<(&'a [S; N], usize)> {
    let (&first, &last) = (rare.first()?, rare.last()?);
    if last - first >= N {
        return None;
    }
    let start = (top.checked_sub(first)? + 1).checked_sub(N)?;
    let window = recent.get(start..start + N)?.try_into().ok()?;
    Some((window, N - 1 + first))
}

/// Marks `G(r) ^ G(m - r)` as [`mark_beside_rare`] does in `now`, and `G(r) ^ G(m + step - r)`
/// (the same rare heaps' splits of the heap `step` after) in `next`: the two partners are
/// neighbours, so the rare heaps and the partners' lines are read once for two heaps.
#[inline(never)]
pub(crate) fn mark_beside_rare_twice<S: Slot>(
    rare: &[usize],
    rare_values: &[u32],
    (recent, top, step): (&[S], usize, usize),
    now: &mut Stamped<'_>,
    next: &mut Stamped<'_>,
) {
    /// The loop with the indices cut to the arrays (a no-op on values below `N`, and on
    /// partners inside the windows of `W`, the second `step` after the first).
    // Not inlined: inlined, two of its pointers were reloaded from the stack at each pair.
    #[inline(never)]
    fn fixed<S: Slot, const N: usize, const W: usize>(
        (rare, rare_values, last): (&[usize], &[u32], usize),
        (window, window_next): (&[S; W], &[S; W]),
        (now, now_stamp): (&mut [u32; N], u32),
        (next, next_stamp): (&mut [u32; N], u32),
    ) {
        for (&g, &r) in rare_values.iter().zip(rare) {
            let at = last.wrapping_sub(r) & (W - 1);
            now[(g ^ window[at].get()) as usize & (N - 1)] = now_stamp;
            next[(g ^ window_next[at].get()) as usize & (N - 1)] = next_stamp;
        }
    }
    let (now_stamp, next_stamp) = (now.stamp, next.stamp);
    if S::BITS <= 16 {
        if let (Some(now), Some(next)) = (
            now.mark.first_chunk_mut::<{ 1 << 16 }>(),
            next.mark.first_chunk_mut::<{ 1 << 16 }>(),
        ) {
            let windows = partner_window::<S, LONG_REACH>(recent, top, rare).zip(partner_window::<
                S,
                LONG_REACH,
            >(
                recent, top + step, rare
            ));
            if let Some(((window, last), (window_next, _))) = windows {
                let heaps = (rare, rare_values, last);
                return fixed(heaps, (window, window_next), (now, now_stamp), (next, next_stamp));
            }
        }
    }
    for (&g, &r) in rare_values.iter().zip(rare) {
        let at = top - r;
        now.mark[(g ^ recent[at].get()) as usize] = now_stamp;
        next.mark[(g ^ recent[at + step].get()) as usize] = next_stamp;
    }
}

/// The marks of a later heap's splits with a rare part, made with the current heap's (see
/// [`mark_beside_rare_twice`]): every other heap a thread takes.
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

/// The values met among the moves of one heap.
pub(crate) trait Marks {
    /// Marks `value` (below the scratch's `cap`).
    fn set(&mut self, value: u32);
    /// Whether `value` is marked.
    fn has(&self, value: u32) -> bool;
    /// Marks each of `values`, all below `2^bits` and the scratch's `cap`.
    fn set_each(&mut self, values: impl Iterator<Item = u32>, bits: u32);
    /// The smallest value below `cap` not marked whose parity under `mask` is 1 (a common
    /// value), else `cap`; pushes the values below it not marked (rare ones) onto `rare`.
    fn common_gap(&self, cap: usize, mask: u32, rare: &mut Vec<u32>) -> usize;
    /// Marks what `mark` marks: the values of the splits of `key.0` with a rare part (the
    /// first `key.1` rare heaps under the mask `key.2`, which the key fixes, since values
    /// never change). Marks that can be kept apart are kept in `sets`, so that the next
    /// heap, whose moves split the same length, does not mark them again.
    fn mark_rare_splits(&mut self, sets: &mut RareSets, key: RareKey, mark: impl FnOnce(&mut Self));
    /// Marks the splits of [`mark_beside_rare`] here and those of the heap `step` after
    /// (partners `step` further on) in `next`.
    fn set_beside_rare_twice<S: Slot>(
        &mut self,
        rare: &[usize],
        rare_values: &[u32],
        (recent, top, step): (&[S], usize, usize),
        next: &mut Stamped<'_>,
    ) where
        Self: Sized,
    {
        mark_beside_rare(rare, rare_values, recent, top, self);
        mark_beside_rare(rare, rare_values, recent, top + step, next);
    }
}

/// What a sparse step does with the marks made ahead (see [`Ahead`]).
enum AheadUse<'a, 'b> {
    /// Nothing.
    No,
    /// Its own splits with the rare heaps of these ranges (per split length) are marked.
    Taken(&'b [std::ops::Range<usize>]),
    /// It marks the splits of the heap [`Scratch::ahead_by`] after in these marks too, and
    /// says which in the ranges.
    Making(Stamped<'a>, &'b mut Vec<std::ops::Range<usize>>),
}

/// A split length, the rare heaps counted and the mask (see [`Marks::mark_rare_splits`]).
pub(crate) type RareKey = (usize, usize, u32);

/// The sets of values of the splits with a rare part, of the latest split lengths.
#[derive(Debug, Clone, Default)]
pub(crate) struct RareSets {
    /// `(key, set)`, the latest at `next - 1` (at first keys of length 0, which no split
    /// has).
    sets: [(RareKey, u64); 4],
    next: usize,
}

impl RareSets {
    fn get(&self, key: RareKey) -> Option<u64> {
        self.sets.iter().find(|&&(k, _)| k == key).map(|&(_, set)| set)
    }

    fn put(&mut self, key: RareKey, set: u64) {
        self.sets[self.next] = (key, set);
        self.next = (self.next + 1) % self.sets.len();
    }
}

/// Marks as stamps: `mark[v] == stamp` (a fresh stamp per heap, so nothing is cleared).
#[derive(Debug)]
pub(crate) struct Stamped<'a> {
    pub(crate) mark: &'a mut [u32],
    pub(crate) stamp: u32,
}

impl Marks for Stamped<'_> {
    #[inline(always)]
    fn set(&mut self, value: u32) {
        self.mark[value as usize] = self.stamp;
    }

    #[inline(always)]
    fn has(&self, value: u32) -> bool {
        self.mark[value as usize] == self.stamp
    }

    #[inline(always)]
    fn set_each(&mut self, values: impl Iterator<Item = u32>, bits: u32) {
        mark_values(values, bits, self.mark, self.stamp);
    }

    fn common_gap(&self, cap: usize, mask: u32, rare: &mut Vec<u32>) -> usize {
        let mut c = 0usize;
        while c < cap {
            if self.mark[c] != self.stamp {
                if parity(c as u32, mask) == 1 {
                    break;
                }
                rare.push(c as u32);
            }
            c += 1;
        }
        c
    }

    #[inline(always)]
    fn mark_rare_splits(&mut self, _: &mut RareSets, _: RareKey, mark: impl FnOnce(&mut Self)) {
        // Stamps cannot be told apart by split length: marked afresh.
        mark(self);
    }

    fn set_beside_rare_twice<S: Slot>(
        &mut self,
        rare: &[usize],
        rare_values: &[u32],
        partners: (&[S], usize, usize),
        next: &mut Stamped<'_>,
    ) {
        mark_beside_rare_twice(rare, rare_values, partners, self, next);
    }
}

/// The smallest value whose mark is not `stamp` (one always is not: `mark` is longer than
/// the values marked).
fn first_unstamped(mark: &[u32], stamp: u32) -> u32 {
    let mut w = 0;
    while mark[w] == stamp {
        w += 1;
    }
    w as u32
}

/// Marks as the bits of one word, while every value is below 64: the marks stay in a
/// register (no store per split), and the gaps are found by bit operations.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct WordMarks(u64);

/// The values `0..64` whose bit `i` is set, by `i`.
const VALUES_WITH_BIT: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

impl WordMarks {
    /// The most values it holds.
    pub(crate) const CAP: usize = 64;

    /// The values `0..64` whose parity under `mask` is 1: the parity is linear in the
    /// value's bits, so it is the XOR of the masks' bits' sets.
    fn common(mask: u32) -> u64 {
        (0..6)
            .filter(|&i| mask >> i & 1 == 1)
            .fold(0, |set, i| set ^ VALUES_WITH_BIT[i])
    }
}

impl Marks for WordMarks {
    #[inline(always)]
    fn set(&mut self, value: u32) {
        self.0 |= 1 << (value & 63);
    }

    #[inline(always)]
    fn has(&self, value: u32) -> bool {
        self.0 >> (value & 63) & 1 == 1
    }

    #[inline(always)]
    fn set_each(&mut self, values: impl Iterator<Item = u32>, _bits: u32) {
        self.0 |= values.fold(0u64, |set, value| set | 1 << (value & 63));
    }

    fn common_gap(&self, cap: usize, mask: u32, rare: &mut Vec<u32>) -> usize {
        debug_assert!(cap <= Self::CAP);
        let below_cap = u64::MAX >> (64 - cap);
        let unmet = !self.0 & below_cap;
        let common = Self::common(mask);
        let c = ((unmet & common).trailing_zeros() as usize).min(cap);
        let below_c = if c == 64 { u64::MAX } else { (1 << c) - 1 };
        let mut unmet_rare = unmet & !common & below_c;
        while unmet_rare != 0 {
            rare.push(unmet_rare.trailing_zeros());
            unmet_rare &= unmet_rare - 1;
        }
        c
    }

    #[inline(always)]
    fn mark_rare_splits(&mut self, sets: &mut RareSets, key: RareKey, mark: impl FnOnce(&mut Self)) {
        let set = sets.get(key).unwrap_or_else(|| {
            let mut fresh = WordMarks::default();
            mark(&mut fresh);
            sets.put(key, fresh.0);
            fresh.0
        });
        self.0 |= set;
    }
}

/// Marks each of `values`, all below `2^bits`: through a fixed array of `2^bits` marks (no
/// bounds check) when `bits` is 8 or 16 and `mark` is that long.
#[inline(always)]
fn mark_values(values: impl Iterator<Item = u32>, bits: u32, mark: &mut [u32], stamp: u32) {
    /// Marks `values` in `marks`, the index cut to the array (a no-op on values below `N`).
    #[inline(always)]
    fn fixed<const N: usize>(values: impl Iterator<Item = u32>, marks: &mut [u32; N], stamp: u32) {
        for value in values {
            marks[value as usize & (N - 1)] = stamp;
        }
    }
    match bits {
        8 => {
            if let Some(marks) = mark.first_chunk_mut::<{ 1 << 8 }>() {
                return fixed(values, marks, stamp);
            }
        }
        16 => {
            if let Some(marks) = mark.first_chunk_mut::<{ 1 << 16 }>() {
                return fixed(values, marks, stamp);
            }
        }
        _ => {}
    }
    for value in values {
        mark[value as usize] = stamp;
    }
}

/// Values read from before the tail at a time, for one far rare heap's partners.
const FAR_BLOCK: usize = 1 << 12;

/// The far rare heaps whose partners are read by blocks (the others value by value).
const FAR_BLOCKS: usize = 64;

/// The partners `G(m - r)` of the rare heaps `r` too large for the tail to reach back to.
/// Such a partner moves on by one with each heap, so a block of the values from it, read
/// once from the history, serves the next thousands of heaps (one read per heap before).
/// A block holds values that never change, so it stays right whatever the rare heaps are.
#[derive(Debug, Clone, Default)]
pub(crate) struct FarPartners {
    /// By rare heap, ascending.
    blocks: Vec<FarBlock>,
}

#[derive(Debug, Clone)]
struct FarBlock {
    rare: usize,
    /// `values` is `G(start..start + values.len())`.
    start: usize,
    values: Vec<u32>,
}

impl FarBlock {
    /// `G(at)`, `at` before the tail of `values`, refilling the block when it does not hold it.
    #[inline]
    fn get<S: Slot>(&mut self, values: &View<'_, S>, at: usize) -> u32 {
        if let Some(&value) = self.values.get(at.wrapping_sub(self.start)) {
            return value;
        }
        // Partners only move on; a few values behind serve the splits of other lengths.
        self.start = at.saturating_sub(FAR_BLOCK / 16);
        let end = (self.start + FAR_BLOCK)
            .min(values.tail_start)
            .min(values.len())
            .max(at + 1);
        self.values.clear();
        values.copy(self.start, end, &mut self.values);
        self.values[at - self.start]
    }
}

impl FarPartners {
    /// [`mark_beside_rare`] for the rare heaps whose partner lies before `values`' tail.
    #[inline(never)]
    pub(crate) fn mark<S: Slot>(
        &mut self,
        rare: &[usize],
        rare_values: &[u32],
        values: &View<'_, S>,
        m: usize,
        marks: &mut impl Marks,
    ) {
        // Blocks of rare heaps whose partners are in the tail now are not needed again.
        if let Some(&first) = rare.first() {
            let passed = self.blocks.partition_point(|block| block.rare < first);
            self.blocks.drain(..passed);
        }
        let mut j = 0;
        for (&r, &g) in rare.iter().zip(rare_values) {
            let at = m - r;
            while self.blocks.get(j).is_some_and(|block| block.rare < r) {
                j += 1;
            }
            let held = self.blocks.get(j).is_some_and(|block| block.rare == r);
            if !held && self.blocks.len() < FAR_BLOCKS {
                let block = FarBlock {
                    rare: r,
                    start: 0,
                    values: Vec::new(),
                };
                self.blocks.insert(j, block);
            }
            let value = match self.blocks.get_mut(j) {
                Some(block) if block.rare == r => block.get(values, at),
                _ => values.get(at),
            };
            marks.set(g ^ value);
        }
    }
}

/// Marks `G(a) ^ G(b)` for `a` in `lo..=hi` from the first and `b = m - a`, wherever the
/// values are (`low` and `high` are scratch buffers for values outside the windows).
#[inline]
pub(crate) fn mark_range<S: Slot>(
    values: &View<'_, S>,
    (lo, hi, m): (usize, usize, usize),
    buffers: &mut (Vec<u32>, Vec<u32>),
    marks: &mut impl Marks,
) {
    if let (Some(low), Some(high)) = (values.slice(lo, hi + 1), values.slice(m - hi, m - lo + 1)) {
        mark_splits(low, high, marks);
        return;
    }
    mark_range_in_pieces(values, (lo, hi, m), buffers, marks);
}

/// [`mark_range`] for values outside the windows.
#[inline(never)]
fn mark_range_in_pieces<S: Slot>(
    values: &View<'_, S>,
    (lo, hi, m): (usize, usize, usize),
    buffers: &mut (Vec<u32>, Vec<u32>),
    marks: &mut impl Marks,
) {
    // In pieces, so that the buffers stay small.
    let (low, high) = buffers;
    let mut a = lo;
    while a <= hi {
        let end = (a + (1 << 12)).min(hi + 1);
        low.clear();
        high.clear();
        values.copy(a, end, low);
        values.copy(m + 1 - end, m + 1 - a, high);
        marks.set_each(low.iter().zip(high.iter().rev()).map(|(x, y)| x ^ y), 32);
        a = end;
    }
}

/// Marks `G(a) ^ G(b)` for `a` in `low` from the first and `b` in `high` from the last.
#[inline(never)]
pub(crate) fn mark_splits<S: Slot>(low: &[S], high: &[S], marks: &mut impl Marks) {
    // Of one length, so that the loop has one count.
    let len = low.len().min(high.len());
    let (low, high) = (&low[..len], &high[high.len() - len..]);
    // The XOR of two slots fits their width (half the instructions of a pair: see
    // `mark_values`).
    let pairs = low.iter().zip(high.iter().rev()).map(|(x, y)| x.xor(y));
    marks.set_each(pairs, S::BITS);
}

/// Keeps the values of `pending` not marked with `stamp`, in order. Without a branch per
/// value: whether a value was met is as good as random, and a mispredicted branch per look
/// cost more than the marks of the scan (measured: a sixth of Officers' time).
#[inline]
fn keep_unmarked(pending: &mut Vec<u32>, marks: &impl Marks) {
    let mut kept = 0;
    for i in 0..pending.len() {
        let value = pending[i];
        pending[kept] = value;
        kept += usize::from(!marks.has(value));
    }
    pending.truncate(kept);
}

/// The marks a scratch starts with: one per value of 16 bits, and one more.
const MARKS: usize = (1 << 16) + 1;

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
    fn fresh_stamp(&self) -> u32 {
        self.stamp.max(self.ahead.stamp) + 1
    }

    /// Clears both arrays of marks (and what was marked ahead) when fewer than two fresh
    /// stamps are left, so that a step can take two.
    fn make_room_for_stamps(&mut self) {
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

    /// `G(n)` by the sparse-space method, with the splits it looked at; `values` holds
    /// `G(0..n)`, and the rare heaps are those below `n`.
    ///
    /// `speculative`: `values` holds `G(0..n - 1)` only (and the rare heaps are those below
    /// `n - 1`): the moves that read `G(n - 1)` ([`Moves::reading_last`]) are left out, so
    /// the result is the mex of the other moves. It is `G(n)` unless it is the value of one
    /// of the moves left out (adding a value other than the mex to a set keeps its mex).
    pub(crate) fn sparse_mex<S: Slot>(
        &mut self,
        moves: &Moves,
        values: &View<'_, S>,
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
        let heap = SparseHeap {
            moves,
            mask,
            n,
            speculative,
            rare_end,
            cap,
        };
        if cap <= WordMarks::CAP {
            let mut marks = WordMarks::default();
            return self.sparse_mex_by(&mut marks, values, heap, AheadUse::No);
        }
        self.make_room_for_stamps();
        let listings = self.listings;
        let taken = self.ahead.key == Some((n, mask, listings));
        if taken {
            std::mem::swap(&mut self.mark, &mut self.ahead.mark);
            std::mem::swap(&mut self.stamp, &mut self.ahead.stamp);
            self.ahead.key = None;
        } else {
            self.stamp = self.fresh_stamp();
        }
        // Grundy's game leaves out the equal halves, whose rare heap differs from one
        // length to the next: not marked ahead.
        let step = self.ahead_by;
        let next_key = (n + step, mask, listings);
        let making = !taken && step > 0 && !moves.unequal && self.ahead.key != Some(next_key);
        // Out of `self` while the marks are made, so that the rest of it can be borrowed.
        let mut mark = std::mem::take(&mut self.mark);
        let mut marks = Stamped {
            mark: &mut mark,
            stamp: self.stamp,
        };
        let mut done = std::mem::take(&mut self.ahead.done);
        let found = if making {
            self.ahead.stamp = self.fresh_stamp();
            let mut ahead_mark = std::mem::take(&mut self.ahead.mark);
            let next = Stamped {
                mark: &mut ahead_mark,
                stamp: self.ahead.stamp,
            };
            let found = self.sparse_mex_by(&mut marks, values, heap, AheadUse::Making(next, &mut done));
            self.ahead.mark = ahead_mark;
            self.ahead.key = Some(next_key);
            found
        } else if taken {
            self.sparse_mex_by(&mut marks, values, heap, AheadUse::Taken(&done))
        } else {
            self.sparse_mex_by(&mut marks, values, heap, AheadUse::No)
        };
        self.ahead.done = done;
        self.mark = mark;
        found
    }

    /// [`Scratch::sparse_mex`] with the marks `marks` (none made yet).
    #[inline(always)]
    fn sparse_mex_by<S: Slot, M: Marks>(
        &mut self,
        marks: &mut M,
        values: &View<'_, S>,
        heap: SparseHeap<'_>,
        mut ahead: AheadUse<'_, '_>,
    ) -> (u32, u64) {
        let SparseHeap {
            moves,
            mask,
            n,
            speculative,
            cap,
            ..
        } = heap;
        mark_simple_moves(marks, moves, values, n, speculative);
        let mut pairs = 0u64;
        // 1. Splits with a rare part: every common value among the moves. And the obvious
        //    0 of two equal halves (which the scan below would meet last).
        if let AheadUse::Making(_, done) = &mut ahead {
            done.clear();
            done.resize(moves.split.len(), 0..0);
        }
        for (i, &k) in moves.split.iter().enumerate() {
            pairs += self.mark_rare_splits_of(marks, values, heap, (i, k), &mut ahead);
        }
        // 2. The smallest common value not met, and the rare values below it not met yet.
        self.pending.clear();
        let gap = marks.common_gap(cap, mask, &mut self.pending) as u32;
        if !self.pending.is_empty() {
            pairs += self.meet_rare_values(marks, moves, values, n, speculative);
        }
        // A split the scan meets is of two common parts (a rare value) or was marked in step
        // 1, so the gap is still not met; every value below it is met but those still
        // pending (ascending), unless the scan met them after its last look.
        let mex = self.pending.iter().copied().find(|&value| !marks.has(value));
        (mex.unwrap_or(gap), pairs)
    }

    /// Marks the splits with a rare part of `n - k` (the `i`-th split length), as step 1 of
    /// [`Scratch::sparse_mex_by`] (and those of the heap `ahead_by` on, or not those made
    /// ahead, as `ahead` says); returns how many there are.
    #[inline(always)]
    fn mark_rare_splits_of<S: Slot, M: Marks>(
        &mut self,
        marks: &mut M,
        values: &View<'_, S>,
        heap: SparseHeap<'_>,
        (i, k): (usize, usize),
        ahead: &mut AheadUse<'_, '_>,
    ) -> u64 {
        let SparseHeap {
            moves,
            mask,
            n,
            speculative,
            rare_end,
            ..
        } = heap;
        let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) else {
            return 0;
        };
        // Two equal halves (none in Grundy's game, where the rare half is left out).
        let equal = m % 2 == 0;
        if equal && !moves.unequal {
            marks.set(0);
        }
        let count = self.rare_below(m.min(rare_end));
        // Rare heaps whose split is not a move (Grundy's equal halves) or is left out
        // (the part 1 beside n - 1, when speculative): by index, or `count` for none.
        let mut skipped = [count; 2];
        if moves.unequal && equal {
            if let Ok(half) = self.rare[..count].binary_search(&(m / 2)) {
                skipped[0] = half;
            }
        }
        // Only the split left out depends on more than the length and the rare heaps.
        let key = (m, count, mask);
        let kept_apart = speculative && k == 0 && self.rare.first() == Some(&1);
        if kept_apart {
            skipped[1] = 0;
        }
        skipped.sort_unstable();
        let ranges = [
            0..skipped[0],
            (skipped[0] + 1).min(count)..skipped[1].max(skipped[0] + 1).min(count),
            (skipped[1] + 1).min(count)..count,
        ];
        // The partners G(m - r) in the tail, then (rare heaps far back) before it.
        let (recent, top) = (values.tail, m.wrapping_sub(values.tail_start));
        // The rare heaps whose partner is in the tail: all, while every value is held.
        let near = match values.tail_start {
            0 => count,
            start => self.rare[..count].partition_point(|&r| r + start <= m),
        };
        // The rare heaps marked ahead: for this heap, at an earlier one, or now for the
        // heap `ahead_by` after, those whose partner in its split is known already.
        let step = self.ahead_by;
        let beside = match &*ahead {
            AheadUse::No => 0..0,
            AheadUse::Taken(done) => done.get(i).cloned().unwrap_or(0..0),
            AheadUse::Making(..) => {
                self.rare[..near].partition_point(|&r| r + values.len() < m + 1 + step)..near
            }
        };
        if let AheadUse::Making(_, done) = &mut *ahead {
            done[i] = beside.clone();
        }
        let (all_rare, all_rare_values, far) = (&self.rare, &self.rare_values, &mut self.far);
        let mark_all = |marks: &mut M| {
            // Each range but the rare heaps marked ahead: before them and after them (the
            // empty ones left out, most of them: a call each costs when a heap's work is
            // small).
            let parts = ranges
                .into_iter()
                .flat_map(|range| {
                    [
                        range.start..range.end.min(beside.start).max(range.start),
                        range.start.max(beside.end).min(range.end)..range.end,
                    ]
                })
                .filter(|part| !part.is_empty());
            for range in parts {
                let cut = near.clamp(range.start, range.end);
                let (rare, rare_values) = (&all_rare[range.start..cut], &all_rare_values[range.start..cut]);
                mark_beside_rare(rare, rare_values, recent, top, marks);
                if cut < range.end {
                    let (rare, rare_values) = (&all_rare[cut..range.end], &all_rare_values[cut..range.end]);
                    far.mark(rare, rare_values, values, m, marks);
                }
            }
            if let AheadUse::Making(next, _) = ahead {
                let (rare, rare_values) = (&all_rare[beside.clone()], &all_rare_values[beside]);
                marks.set_beside_rare_twice(rare, rare_values, (recent, top, step), next);
            }
        };
        if kept_apart {
            mark_all(marks);
        } else {
            marks.mark_rare_splits(&mut self.rare_sets, key, mark_all);
        }
        count as u64
    }

    /// Scans the splits of heap `n`, marking their values, until every value of `pending`
    /// has been met (or every split has been seen); returns the splits looked at. The
    /// splits go by blocks with unconditional marks (no branch per split), each block of
    /// every split length in turn (a value may come from one length only); after each
    /// block (while few are left, else after each from the back) the values met leave
    /// `pending`. `speculative`: the split `1 + (n - 1)` is left
    /// out.
    #[inline(always)]
    fn meet_rare_values<S: Slot>(
        &mut self,
        marks: &mut impl Marks,
        moves: &Moves,
        values: &View<'_, S>,
        n: usize,
        speculative: bool,
    ) -> u64 {
        // Blocks grow: most pending values are met in the first splits, and checking the
        // ones left costs one look per value. By steps rather than doubling: a doubled
        // block looks at up to twice the splits needed (measured: 7-9% more instructions
        // for Officers and 0.161, the same for 0.167).
        let mut block = 32;
        let mut pairs = 0u64;
        // Per split length m: the splits (a, m - a) not seen yet are a in front..=back.
        let ranges = &mut self.ranges;
        ranges.clear();
        ranges.extend(
            moves
                .split
                .iter()
                .filter_map(|&k| n.checked_sub(k).filter(|&m| m >= 2).map(|m| (k, m)))
                .map(|(k, m)| (m, if speculative && k == 0 { 2 } else { 1 }, moves.half(m))),
        );
        'rounds: loop {
            let mut seen_any = false;
            for (m, front, back) in ranges.iter_mut() {
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
                    let few = self.pending.len() <= COMPARED_MOST;
                    let plain = (&mut self.plain, !from_front);
                    if !(few && compare_range(plain, values, (lo, hi, *m), &self.pending, marks)) {
                        mark_range(values, (lo, hi, *m), &mut self.buffers, marks);
                    }
                    pairs += (hi + 1 - lo) as u64;
                    seen_any = true;
                    // With many values missing, a look at each after every block costs
                    // more than the splits it saves: then after the block from the back.
                    if self.pending.len() <= LOOKED_AT_EVERY_BLOCK || !from_front {
                        keep_unmarked(&mut self.pending, marks);
                        if self.pending.is_empty() {
                            break 'rounds;
                        }
                    }
                }
            }
            if !seen_any {
                break;
            }
            block = (block + 32).min(1024);
        }
        for &(m, front, back) in ranges.iter() {
            let deepest = (front - 1).max(moves.half(m).saturating_sub(back));
            self.deepest = self.deepest.max(deepest);
        }
        pairs
    }
}

/// The most values missing that are looked at after each block of a scan (else after each
/// block from the back).
const LOOKED_AT_EVERY_BLOCK: usize = 4;

/// The most values missing for which a block of splits is compared with each of them
/// rather than marked.
const COMPARED_MOST: usize = 3;

/// Marks those of `targets` that are `G(a) ^ G(m - a)` for an `a` in `lo..=hi`; false,
/// marking none, when the plain copies do not hold the values (and, unless `may_copy`, a
/// scan from the back, are not to copy them: see [`PlainValues::hold`]).
fn compare_range<S: Slot>(
    (plain, may_copy): (&mut PlainValues, bool),
    values: &View<'_, S>,
    (lo, hi, m): (usize, usize, usize),
    targets: &[u32],
    marks: &mut impl Marks,
) -> bool {
    let held = |plain: &mut PlainValues, range, side| plain.hold(values, range, may_copy.then_some(side));
    if !(held(plain, (lo, hi + 1), 0) && held(plain, (m - hi, m - lo + 1), 1)) {
        return false;
    }
    let (Some(low), Some(high)) = (plain.get(lo, hi + 1), plain.get(m - hi, m - lo + 1)) else {
        return false;
    };
    for &target in targets {
        // Every value held fits 16 bits; a wider target is met by no split.
        if u16::try_from(target).is_ok_and(|target| meets(low, high, target)) {
            marks.set(target);
        }
    }
    true
}

/// What [`Scratch::sparse_mex`] is asked of one heap.
#[derive(Debug, Clone, Copy)]
struct SparseHeap<'a> {
    moves: &'a Moves,
    mask: u32,
    n: usize,
    speculative: bool,
    /// The rare heaps counted are those below this.
    rare_end: usize,
    /// A power of two above every value the moves read.
    cap: usize,
}

/// Marks the values of the moves that leave at most one heap (but `G(n - 1)` when
/// `speculative`).
#[inline(always)]
fn mark_simple_moves<S: Slot>(
    marks: &mut impl Marks,
    moves: &Moves,
    values: &View<'_, S>,
    n: usize,
    speculative: bool,
) {
    if moves.whole.contains(&n) {
        marks.set(0);
    }
    for &k in &moves.leave {
        if k < n && !(speculative && k == 1) {
            marks.set(values.get(n - k));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::{History, HistoryLayout, MemoryHistory};
    use crate::store::Store;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    fn value(n: usize) -> u32 {
        ((n * 7919) % 61) as u32
    }

    /// `G(n) = value(n)` for the heaps below `heaps`, most of them in `history`.
    fn store_of(history: Box<dyn History>, heaps: usize) -> Store<u8> {
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

    /// Checks [`mark_beside_rare`] (word and stamps) and [`mark_beside_rare_twice`] against
    /// the definition; whether the windows serve the splits and those `step` on.
    fn marks_rare_splits_as_defined<S: Slot>(
        rare: &[usize],
        rare_values: &[u32],
        (recent, top, step): (&[S], usize, usize),
    ) -> (bool, bool) {
        let set_of = |step: usize| {
            let mut set: Vec<u32> = rare
                .iter()
                .zip(rare_values)
                .map(|(&r, &g)| g ^ recent[top + step - r].get())
                .collect();
            set.sort_unstable();
            set.dedup();
            set
        };
        let (expected, later) = (set_of(0), set_of(step));
        let stamped = |mark: &[u32], stamp| -> Vec<u32> {
            (0u32..)
                .zip(mark)
                .filter(|&(_, &m)| m == stamp)
                .map(|(v, _)| v)
                .collect()
        };
        let mut word = WordMarks::default();
        mark_beside_rare(rare, rare_values, recent, top, &mut word);
        assert_eq!((0..64).filter(|&v| word.has(v)).collect::<Vec<u32>>(), expected);
        let mut mark = vec![0u32; MARKS];
        mark_beside_rare(
            rare,
            rare_values,
            recent,
            top,
            &mut Stamped {
                mark: &mut mark,
                stamp: 7,
            },
        );
        assert_eq!(stamped(&mark, 7), expected);
        // Two heaps at once: this one's splits and those of the heap `step` after.
        let (mut now, mut next) = (vec![0u32; MARKS], vec![0u32; MARKS]);
        mark_beside_rare_twice(
            rare,
            rare_values,
            (recent, top, step),
            &mut Stamped {
                mark: &mut now,
                stamp: 3,
            },
            &mut Stamped {
                mark: &mut next,
                stamp: 5,
            },
        );
        assert_eq!(stamped(&now, 3), expected);
        assert_eq!(stamped(&next, 5), later);
        let window = |top| {
            partner_window::<S, SHORT_REACH>(recent, top, rare).is_some()
                || partner_window::<S, LONG_REACH>(recent, top, rare).is_some()
        };
        let twice = partner_window::<S, LONG_REACH>(recent, top, rare).is_some()
            && partner_window::<S, LONG_REACH>(recent, top + step, rare).is_some();
        (window(top), twice)
    }

    #[test]
    fn rare_splits_are_marked_alike_through_a_window_or_not() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        use std::sync::atomic::AtomicU8;
        let mut rng = StdRng::seed_from_u64(1972);
        let recent: Vec<AtomicU8> = (0..120_000)
            .map(|_| AtomicU8::new(rng.random_range(0..64)))
            .collect();
        let (mut windowed, mut twice_windowed) = (0, 0);
        for round in 0..400 {
            // Rare heaps spread over less than the short reach, the long one, or more (no
            // window then); the partners near the start of `recent` or far from it.
            let spread = [100, 3_000, 20_000, 40_000][round % 4];
            let count = rng.random_range(1..=60);
            let mut rare: Vec<usize> = (0..count).map(|_| rng.random_range(1..=spread)).collect();
            rare.sort_unstable();
            rare.dedup();
            let rare_values: Vec<u32> = rare.iter().map(|_| rng.random_range(0..64)).collect();
            let last = *rare.last().unwrap();
            let top = rng.random_range(last..recent.len() - 2);
            let step = rng.random_range(1..=2);
            let (window, twice) = marks_rare_splits_as_defined(&rare, &rare_values, (&recent, top, step));
            windowed += usize::from(window);
            twice_windowed += usize::from(twice);
        }
        // Each way taken in many rounds (never with rare heaps spread over 40,000).
        assert!(
            (150..=300).contains(&windowed),
            "{windowed} rounds through a window"
        );
        assert!(
            (100..=300).contains(&twice_windowed),
            "{twice_windowed} rounds of two through a window"
        );
        // At the edges of the windows: rare heaps spread over all of one, or one more (a
        // partner then outside it, were it taken).
        for reach in [SHORT_REACH, LONG_REACH] {
            for spread in [reach - 1, reach] {
                for _ in 0..20 {
                    let rare = [5, 6, 5 + spread];
                    let top = 5 + spread + rng.random_range(LONG_REACH..2 * LONG_REACH);
                    let step = rng.random_range(1..=2);
                    let ways = marks_rare_splits_as_defined(&rare, &[1, 2, 3], (&recent, top, step));
                    assert_eq!(ways, (spread < LONG_REACH, spread < LONG_REACH), "{spread}");
                }
            }
        }
    }

    #[test]
    fn marks_in_a_word_find_the_gaps_that_stamps_find() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..2000 {
            let cap = 2usize << (round % 6);
            let mask = (random() % 64) as u32 | 1;
            // Dense sets, sparse ones and nearly full ones.
            let set = match round % 3 {
                0 => random(),
                1 => random() & random() & random(),
                _ => random() | random() | random(),
            } & (u64::MAX >> (64 - cap));
            let mut word = WordMarks::default();
            let mut mark = vec![0u32; cap + 1];
            let mut stamped = Stamped {
                mark: &mut mark,
                stamp: 7,
            };
            let values: Vec<u32> = (0..64).filter(|&v| set >> v & 1 == 1).collect();
            word.set_each(values.iter().copied(), 8);
            stamped.set_each(values.iter().copied(), 8);
            for v in 0..cap as u32 {
                assert_eq!(word.has(v), stamped.has(v), "value {v}");
            }
            let (mut word_rare, mut stamped_rare) = (Vec::new(), Vec::new());
            let word_gap = word.common_gap(cap, mask, &mut word_rare);
            let stamped_gap = stamped.common_gap(cap, mask, &mut stamped_rare);
            assert_eq!(word_gap, stamped_gap, "set {set:#x}, cap {cap}, mask {mask:#b}");
            assert_eq!(word_rare, stamped_rare, "set {set:#x}, cap {cap}, mask {mask:#b}");
            // The smallest value not met: the first rare one below the gap, else the gap.
            let mex = word_rare.first().map_or(word_gap, |&value| value as usize);
            assert_eq!(mex, (set.trailing_ones() as usize).min(cap), "set {set:#x}");
        }
    }

    #[test]
    fn the_rare_splits_of_a_length_are_marked_once_and_recalled_by_their_key() {
        let mut sets = RareSets::default();
        let mut marked = 0;
        let mut marks = WordMarks::default();
        let key = (100, 7, 0b101);
        marks.mark_rare_splits(&mut sets, key, |fresh: &mut WordMarks| {
            marked += 1;
            fresh.set(3);
            fresh.set(9);
        });
        let mut again = WordMarks::default();
        again.set(1);
        again.mark_rare_splits(&mut sets, key, |_: &mut WordMarks| marked += 1);
        assert_eq!(
            (marks.0, again.0, marked),
            (1 << 3 | 1 << 9, 1 << 1 | 1 << 3 | 1 << 9, 1)
        );
        // Another length, count or mask is marked afresh.
        for other in [(101, 7, 0b101), (100, 8, 0b101), (100, 7, 0b111)] {
            let mut fresh = WordMarks::default();
            fresh.mark_rare_splits(&mut sets, other, |fresh: &mut WordMarks| {
                marked += 1;
                fresh.set(5);
            });
            assert_eq!(fresh.0, 1 << 5);
        }
        assert_eq!(marked, 4);
    }

    #[test]
    fn a_heap_taken_again_after_its_speculative_step_counts_the_rare_heap_before_it() {
        // Splits of n itself (a `4.` game): the speculative step leaves out the rare heap
        // n - 1 (or 1, beside n - 1), which the step taken again counts; a set of the first
        // step must not serve it.
        let moves = Moves {
            whole: Vec::new(),
            leave: vec![1],
            split: vec![0, 1],
            unequal: false,
        };
        let mut store: Store<u8> = Store::new(0);
        for n in 1..200 {
            store.push(value(n));
        }
        let mut differing = 0;
        // Heap 1 rare (the split beside n - 1 kept apart) or common. Few heaps, so that the
        // sets of values have gaps.
        for mask in 1..64 {
            let (mut again, mut fresh) = (Scratch::new(), Scratch::new());
            for n in 2..200 {
                again.catch_up(&store.view(n), n - 1, mask);
                let (speculated, _) = again.sparse_mex(&moves, &store.view(n - 1), mask, n, true);
                again.catch_up(&store.view(n), n, mask);
                let (value, pairs) = again.sparse_mex(&moves, &store.view(n), mask, n, false);
                fresh.catch_up(&store.view(n), n, mask);
                let expected = fresh.sparse_mex(&moves, &store.view(n), mask, n, false);
                assert_eq!((value, pairs), expected, "heap {n}, mask {mask:#b}");
                differing += usize::from(speculated != value);
            }
        }
        assert!(differing > 0, "every speculative step was right");
    }

    #[test]
    fn marks_made_ahead_serve_the_heap_they_were_made_for() {
        // Values of nine bits (marked as stamps), heaps taken one by one or every other one,
        // speculative or not, against a scratch that marks nothing ahead.
        let wide = |n: usize| ((n * 7919) % 509) as u32;
        let mut store: Store<u16> = Store::new(0);
        for n in 1..600 {
            store.push(wide(n));
        }
        let games = [
            (vec![1], false),
            (vec![2, 3], false),
            (vec![0, 1], false),
            (vec![1], true),
        ];
        let mut taken = 0;
        for (split, unequal) in games {
            let moves = Moves {
                whole: Vec::new(),
                leave: vec![1],
                split,
                unequal,
            };
            for (step, speculative, mask) in [(1, false, 1), (1, true, 0b11), (2, false, 0b101), (2, true, 1)]
            {
                let (mut ahead, mut fresh) = (Scratch::new(), Scratch::new());
                ahead.ahead_by = step;
                fresh.ahead_by = 0;
                // The stamps run out after a few heaps, and every array is cleared.
                ahead.stamp = u32::MAX - 9;
                for n in (3..600).step_by(step) {
                    let len = if speculative { n - 1 } else { n };
                    ahead.catch_up(&store.view(len), len, mask);
                    fresh.catch_up(&store.view(len), len, mask);
                    taken += usize::from(ahead.ahead.key.is_some_and(|(heap, _, _)| heap == n));
                    let found = ahead.sparse_mex(&moves, &store.view(len), mask, n, speculative);
                    let expected = fresh.sparse_mex(&moves, &store.view(len), mask, n, speculative);
                    assert_eq!(found, expected, "heap {n}, step {step}, mask {mask:#b}");
                }
            }
        }
        assert!(taken > 500, "marks made ahead were taken {taken} times");
    }

    #[test]
    fn scans_far_past_the_first_heaps_give_the_mex_of_every_move() {
        // Heaps past twice the copies of the first and the latest heaps, so that the scans
        // from the back read the copied middle; rare heaps (even values under the mask 1)
        // only early, as in the games the method is for.
        let mixed = |n: usize| (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40;
        let value = |n: usize| match n {
            0 => 0,
            _ if n < 3000 && mixed(n) % 7 == 0 => (mixed(n) % 24 * 2) as u32,
            _ => (mixed(n) % 24 * 2 + 1) as u32,
        };
        let moves = Moves {
            whole: Vec::new(),
            leave: vec![1],
            split: vec![1, 2],
            unequal: false,
        };
        let (first, last) = (100_000, 100_120);
        let mut store: Store<u8> = Store::new(0);
        let mut scratch = Scratch::new();
        for n in 1..first {
            store.push(value(n));
        }
        scratch.catch_up(&store.view(first), first, 1);
        let mut compared = 0;
        for n in first..last {
            let view = store.view(n);
            let mut met = [false; 65];
            met[value(n - 1) as usize] = true;
            for k in [1, 2] {
                let m = n - k;
                for a in 1..=m / 2 {
                    met[(value(a) ^ value(m - a)) as usize] = true;
                }
            }
            let mex = met.iter().position(|&m| !m).unwrap() as u32;
            let (found, _) = scratch.sparse_mex(&moves, &view, 1, n, false);
            assert_eq!(found, mex, "heap {n}");
            compared += usize::from(scratch.plain.middle_copied());
            store.push(value(n));
            scratch.note(n, value(n), 1);
        }
        assert!(compared > 0, "no scan read the copied middle");
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

    #[test]
    fn far_partners_read_by_blocks_are_the_values_themselves() {
        let store = store_of(Box::new(MemoryHistory::default()), 20_000);
        let view = store.all();
        assert!(view.tail_start > 10_000);
        let mut far = FarPartners::default();
        let mut mark = vec![0u32; 64];
        // More rare heaps than blocks (the rest read value by value), and the list of rare
        // heaps changing on the way (a new mask): the blocks are kept by heap.
        let every: Vec<usize> = (100..100 + 2 * FAR_BLOCKS).map(|r| r * 13).collect();
        for (stamp, m) in (1u32..).zip(view.tail_start..view.len()) {
            let rare: Vec<usize> = match m % 3 {
                0 => every.clone(),
                _ => every.iter().copied().filter(|r| r % 2 == 1).collect(),
            };
            let rare: Vec<usize> = rare.into_iter().filter(|&r| r + view.tail_start > m).collect();
            let rare_values: Vec<u32> = rare.iter().map(|&r| value(r)).collect();
            far.mark(
                &rare,
                &rare_values,
                &view,
                m,
                &mut Stamped {
                    mark: &mut mark,
                    stamp,
                },
            );
            for (&r, &g) in rare.iter().zip(&rare_values) {
                assert_eq!(mark[(g ^ value(m - r)) as usize], stamp, "m {m}, r {r}");
            }
            let marked = mark.iter().filter(|&&s| s == stamp).count();
            let expected: std::collections::BTreeSet<u32> = rare
                .iter()
                .zip(&rare_values)
                .map(|(&r, &g)| g ^ value(m - r))
                .collect();
            assert_eq!(marked, expected.len(), "m {m}");
        }
        assert!(far.blocks.len() <= FAR_BLOCKS);
    }
}
