//! Periodicity of a nim-value sequence by the Guy–Smith test.
//!
//! For an octal game whose moves remove at most `t` tokens (`t` the last non-zero digit's
//! position): if `G(n + p) = G(n)` for every `n` with `i ≤ n < 2i + p + t`, then
//! `G(n + p) = G(n)` for every `n ≥ i` (R. K. Guy and C. A. B. Smith, 1956; *Winning Ways*,
//! chapter 4). So a finite computation proves periodicity.

use crate::sequence::NimSequence;

/// A proven period of a nim-value sequence: `G(n + period) = G(n)` for every `n ≥ preperiod`
/// (every `n`, not only those computed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// The period `p ≥ 1`: the smallest the computed values prove.
    pub period: usize,
    /// The preperiod `i`: the smallest for that period (`G(i - 1)` is the last exceptional
    /// value when `i > 0`).
    pub preperiod: usize,
}

impl NimSequence {
    /// The smallest period the computed values prove by the Guy–Smith test, with the
    /// smallest preperiod for it; `None` when no period is proven up to `N`, and always for
    /// Grundy's game (the test does not hold for it).
    ///
    /// For each `p` from 1 on, the preperiod can only be one past the last `n` with
    /// `G(n + p) ≠ G(n)` (by the theorem a proven period has no such `n` after its
    /// preperiod, and one past the last such `n` passes the test as soon as its window
    /// `2i + 2p + t - 1 ≤ N` fits). Wrong periods usually fail near `N`, so the search costs
    /// little more than one pass for the right `p`.
    ///
    /// ```
    /// use tabletop_octal::{NimSequence, OctalCode, Period};
    /// let dawson = OctalCode::new(&[0, 0, 7])?;
    /// let period = NimSequence::compute(&dawson, 500).period();
    /// assert_eq!(period, Some(Period { period: 34, preperiod: 53 }));
    /// // Too few values to prove it:
    /// assert_eq!(NimSequence::compute(&dawson, 100).period(), None);
    /// # Ok::<(), tabletop_octal::OctalError>(())
    /// ```
    pub fn period(&self) -> Option<Period> {
        if self.unequal_splits() {
            return None;
        }
        guy_smith(self.values(), self.last_nonzero())
    }
}

/// The smallest period (then preperiod) of `values` proven by the Guy–Smith test for moves
/// of at most `t` tokens.
pub(crate) fn guy_smith(values: &[u32], t: usize) -> Option<Period> {
    guy_smith_by(values.len(), t, |n| values[n])
}

/// [`guy_smith`] over the `len` values `value(0), value(1), …` (a sequence that need not be
/// stored, such as one filled by its period).
pub(crate) fn guy_smith_by(len: usize, t: usize, mut value: impl FnMut(usize) -> u32) -> Option<Period> {
    let n = len.checked_sub(1)?;
    let last = value(n);
    let mut p = 1usize;
    // The window of the smallest preperiod, 2i + 2p + t - 1 <= N, must fit.
    while 2 * p + t <= n + 1 {
        // Most periods fail at once, at the last value: told apart by one look.
        if value(n - p) != last {
            p += 1;
            continue;
        }
        let last_mismatch = (0..n - p).rev().find(|&i| value(i) != value(i + p));
        let preperiod = last_mismatch.map_or(0, |i| i + 1);
        if 2 * preperiod + 2 * p + t <= n + 1 {
            return Some(Period { period: p, preperiod });
        }
        p += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, directly: the test holds for `(p, i)` with its window inside, and
    /// (what the theorem implies for a game, here checked for any sequence) every computed
    /// value from `i` on repeats.
    fn passes(values: &[u32], t: usize, p: usize, i: usize) -> bool {
        let end = 2 * i + p + t;
        end + p <= values.len() && (i..values.len() - p).all(|k| values[k + p] == values[k])
    }

    #[test]
    fn the_smallest_period_then_preperiod_is_found() {
        // Periodic from 3 with period 2 (t = 1): window 2i + p + t = 9, needs N >= 10.
        let values = [5, 4, 3, 0, 1, 0, 1, 0, 1, 0, 1];
        assert_eq!(
            guy_smith(&values, 1),
            Some(Period {
                period: 2,
                preperiod: 3
            })
        );
        assert!(passes(&values, 1, 2, 3));
        assert!(!passes(&values, 1, 2, 2));
        // One value fewer: the window does not fit.
        assert_eq!(guy_smith(&values[..10], 1), None);
        // Constant: period 1 from 0.
        assert_eq!(
            guy_smith(&[0, 0, 0], 0),
            Some(Period {
                period: 1,
                preperiod: 0
            })
        );
        assert_eq!(guy_smith(&[0], 0), None);
        assert_eq!(guy_smith(&[], 0), None);
    }

    #[test]
    fn agrees_with_the_definition_on_small_sequences() {
        // Every sequence over {0, 1} of length 9, t = 1: the first (p, i) by the definition.
        for bits in 0u32..(1 << 9) {
            let values: Vec<u32> = (0..9).map(|k| (bits >> k) & 1).collect();
            let expected = (1..9).find_map(|p| {
                (0..9).find(|&i| passes(&values, 1, p, i)).map(|i| Period {
                    period: p,
                    preperiod: i,
                })
            });
            assert_eq!(guy_smith(&values, 1), expected, "{values:?}");
        }
    }
}
