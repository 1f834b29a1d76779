//! Plain copies of the values a scan of the splits reads, so that a scan for one or two
//! missing values compares a vector of splits at a time (an atomic slot is read one at a
//! time: the compiler may not merge or vectorize atomic loads).
//!
//! A scan reads three places: the first heaps and the latest ones (the splits from the
//! front: `a` small, `m - a` recent) and the heaps around `m / 2` (the splits from the
//! back). The first and the latest are copied as the values are counted; the middle is
//! copied from the store by blocks, which serve thousands of heaps (it moves on by half a
//! heap per heap). Values are copied while they fit 16 bits.

use crate::slot::Slot;
use crate::store::View;

/// The first heaps copied.
const FRONT: usize = 1 << 14;

/// The latest heaps copied: at least this many, at most twice.
const RECENT: usize = 1 << 14;

/// The values of a block of the middle.
const MIDDLE: usize = 1 << 13;
/// How far a block of the middle starts before the first value asked for.
const MIDDLE_BEHIND: usize = 1 << 11;

/// Plain copies of `G(0..FRONT)`, of the latest values and of two blocks of the middle.
#[derive(Debug, Clone)]
pub(crate) struct PlainValues {
    /// `G(0..front.len())`.
    front: Vec<u16>,
    /// `G(recent_start..recent_start + recent.len())`, the latest values counted.
    recent: Vec<u16>,
    recent_start: usize,
    /// Blocks of the middle, below and above `m / 2`: `(start, G(start..start + len))`.
    middles: [(usize, Vec<u16>); 2],
    /// Values from the store, while the middle is copied.
    buffer: Vec<u32>,
    /// Every value so far fits 16 bits (else nothing is held).
    fits: bool,
}

impl PlainValues {
    /// The copies of `G(0) = 0`.
    pub(crate) fn new() -> Self {
        PlainValues {
            front: vec![0],
            recent: vec![0],
            recent_start: 0,
            middles: [(0, Vec::new()), (0, Vec::new())],
            buffer: Vec::new(),
            fits: true,
        }
    }

    /// Copies `G(n) = value`, `n` the heap after the last one copied.
    #[inline]
    pub(crate) fn push(&mut self, n: usize, value: u32) {
        if !self.fits {
            return;
        }
        let Ok(value) = u16::try_from(value) else {
            // Too wide for the copies: the scans mark every split from now on.
            self.fits = false;
            self.front = Vec::new();
            self.recent = Vec::new();
            self.middles = [(0, Vec::new()), (0, Vec::new())];
            return;
        };
        debug_assert_eq!(n, self.recent_start + self.recent.len());
        if n < FRONT {
            self.front.push(value);
        }
        self.recent.push(value);
        if self.recent.len() >= 2 * RECENT {
            self.recent.drain(..RECENT);
            self.recent_start += RECENT;
        }
    }

    /// Whether the copies hold `G(lo..hi)`, copied now from `values` into the block of the
    /// middle `copy_into` (0 below `m / 2`, 1 above) if needed and given (not when the
    /// values do not fit 16 bits, or are not all counted yet). Only the scan from the back
    /// copies, each side into its own block: a scan from the front deep past the first
    /// heaps, or a deep scan whose two sides one block cannot hold, would copy the middle at
    /// every block.
    pub(crate) fn hold<S: Slot>(
        &mut self,
        values: &View<'_, S>,
        (lo, hi): (usize, usize),
        copy_into: Option<usize>,
    ) -> bool {
        if !self.fits || hi > self.recent_start + self.recent.len() {
            return false;
        }
        if self.get(lo, hi).is_some() {
            return true;
        }
        let Some((start, middle)) = copy_into.and_then(|side| self.middles.get_mut(side)) else {
            return false;
        };
        let begin = lo.saturating_sub(MIDDLE_BEHIND);
        let end = (begin + MIDDLE).max(hi).min(values.len());
        if end < hi {
            return false;
        }
        self.buffer.clear();
        values.copy(begin, end, &mut self.buffer);
        middle.clear();
        // Counted values, and every value counted fits 16 bits (`fits`).
        middle.extend(self.buffer.iter().map(|&value| value as u16));
        *start = begin;
        true
    }

    /// `G(lo..hi)`, if the copies hold it (see [`PlainValues::hold`]).
    pub(crate) fn get(&self, lo: usize, hi: usize) -> Option<&[u16]> {
        if !self.fits {
            None
        } else if hi <= self.front.len() {
            self.front.get(lo..hi)
        } else if lo >= self.recent_start {
            self.recent.get(lo - self.recent_start..hi - self.recent_start)
        } else {
            self.middles.iter().find_map(|(start, middle)| {
                let from = lo.checked_sub(*start)?;
                middle.get(from..hi - start)
            })
        }
    }

    /// Whether a block of the middle was copied.
    #[cfg(test)]
    pub(crate) fn middle_copied(&self) -> bool {
        self.middles.iter().any(|(_, middle)| !middle.is_empty())
    }
}

/// Whether `x ^ y == target` for some `x` of `low` from the first and `y` of `high` from
/// the last (the two cut to one length). Without a branch, so that it runs a vector at a
/// time.
#[inline(never)]
pub(crate) fn meets(low: &[u16], high: &[u16], target: u16) -> bool {
    let len = low.len().min(high.len());
    let (low, high) = (&low[..len], &high[high.len() - len..]);
    low.iter()
        .zip(high.iter().rev())
        .fold(false, |met, (&x, &y)| met | (x ^ y == target))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::{History, HistoryLayout, MemoryHistory};
    use crate::store::Store;

    fn value(n: usize) -> u32 {
        ((n * 7919) % 1021) as u32
    }

    #[test]
    fn the_copies_hold_the_values_wherever_they_are_asked() {
        let layout = HistoryLayout {
            from: 1 << 12,
            tail: 1 << 10,
            front: 1 << 8,
            middle: 1 << 8,
            widest: 1 << 10,
        };
        let mut store: Store<u16> = Store::new(0);
        store.set_history(Box::new(MemoryHistory::default()) as Box<dyn History>, layout);
        let mut plain = PlainValues::new();
        for n in 1..100_000 {
            store.push(value(n));
            store.settle();
            plain.push(n, value(n));
            if n % 997 == 0 {
                let view = store.all();
                let ranges = [
                    (0, 40),
                    (n / 2 - 30, 60),
                    (n - 50, 50),
                    (n / 3, 700),
                    (FRONT - 5, 10),
                ];
                for (lo, len) in ranges.into_iter().filter(|&(lo, len)| lo + len <= n + 1) {
                    let hi = lo + len;
                    assert!(
                        plain.hold(&view, (lo, hi), Some(0)),
                        "heap {n}: {lo} + {len} not held"
                    );
                    let Some(held) = plain.get(lo, hi) else {
                        panic!("heap {n}: {lo} + {len} not held");
                    };
                    let expected: Vec<u16> = (lo..hi).map(|i| value(i) as u16).collect();
                    assert_eq!(held, &expected[..], "heap {n}: {lo} + {len}");
                }
                // Not counted yet.
                assert!(!plain.hold(&view, (n, n + 2), Some(1)));
                // Not in the copies, and not to be copied.
                let far = (FRONT + 10, FRONT + 20);
                if n > 4 * FRONT && plain.get(far.0, far.1).is_none() {
                    assert!(!plain.hold(&view, far, None));
                }
            }
        }
    }

    #[test]
    fn values_too_wide_are_not_copied() {
        let mut plain = PlainValues::new();
        let mut store: Store<u32> = Store::new(0);
        for n in 1..100 {
            let value = if n == 50 { 70_000 } else { n as u32 };
            store.push(value);
            plain.push(n, value);
        }
        assert!(!plain.hold(&store.all(), (0, 10), Some(0)));
        assert_eq!(plain.get(0, 10), None);
    }

    #[test]
    fn a_target_is_met_by_a_split_only() {
        let low = [1u16, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
        let high = [
            40u16, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58,
        ];
        // Pairs (low[i], high[last - i]) over the common length 17: high is cut to its last 17.
        for (i, &x) in low.iter().enumerate() {
            let y = high[high.len() - 1 - i];
            assert!(meets(&low, &high, x ^ y));
        }
        let made: Vec<u16> = (0..17).map(|i| low[i] ^ high[high.len() - 1 - i]).collect();
        for target in 0..128u16 {
            assert_eq!(meets(&low, &high, target), made.contains(&target), "{target}");
        }
    }
}
