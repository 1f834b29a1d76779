//! The values met among the moves of one heap ([`Marks`]): stamps in an array
//! ([`Stamped`]) or the bits of one word ([`WordMarks`]), and the kernels that mark a range
//! of splits.

use super::rare_sets::{RareKey, RareSets};
use crate::mask::parity;
use crate::slot::Slot;
use crate::store::View;

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
}

/// The smallest value whose mark is not `stamp` (one always is not: `mark` is longer than
/// the values marked).
pub(super) fn first_unstamped(mark: &[u32], stamp: u32) -> u32 {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
