//! Queries past the computed values: once a period is proven, `G(h)` is known for every `h`,
//! and a winning move from a heap of any size is found in a bounded number of steps.

use tabletop_grundy::Outcome;

use crate::code::OctalCode;
use crate::moves::{HeapMove, Leave};
use crate::period::Period;

/// The values `G(0..)` of a game whose period is proven: the computed values, extended to
/// every heap size by the period.
///
/// ```
/// use tabletop_octal::{NimSequence, OctalCode, Outcome, PeriodicValues};
/// let kayles = OctalCode::new(&[0, 7, 7])?;
/// let sequence = NimSequence::compute(&kayles, 200);
/// let values = PeriodicValues::new(sequence.values(), sequence.period().expect("periodic"))
///     .expect("the period lies within the values");
/// // Kayles has period 12 from heap 71 on.
/// assert_eq!(values.value(99_999_999_999_999), values.value(71 + 99_999_999_999_928 % 12));
/// let heaps = [99_999_999_999_999, 5];
/// assert_eq!(values.outcome(&heaps), Outcome::Win);
/// let best = values.winning_move(&kayles, &heaps).expect("a winning move");
/// assert_eq!(best.to_string(), "heap 1 (99999999999999 tokens): take 1, leave 3 and 99999999999995");
/// # Ok::<(), tabletop_octal::OctalError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct PeriodicValues<'a> {
    values: &'a [u32],
    period: Period,
}

impl<'a> PeriodicValues<'a> {
    /// The values `values[h] = G(h)` extended by `period`; `None` when `values` does not
    /// reach one whole period past the preperiod (`preperiod + period` values), or the
    /// period is 0. A period found by the Guy–Smith test over `values` always does.
    pub fn new(values: &'a [u32], period: Period) -> Option<PeriodicValues<'a>> {
        let needed = period.preperiod.checked_add(period.period)?;
        (period.period > 0 && values.len() >= needed).then_some(PeriodicValues { values, period })
    }

    /// `G(h)`, for any heap size: computed below the preperiod, else by the heap's residue
    /// modulo the period.
    pub fn value(&self, h: u64) -> u32 {
        let Period { period, preperiod } = self.period;
        let index = match usize::try_from(h) {
            Ok(h) if h < preperiod => h,
            // `period` and `preperiod` are lengths within `values`: they fit in a u64.
            _ => preperiod + ((h - preperiod as u64) % period as u64) as usize,
        };
        // `new` checked that `preperiod + period` values are there.
        self.values.get(index).copied().unwrap_or_default()
    }

    /// The outcome of a sum of heaps of any sizes: a win for the player to move iff the XOR
    /// of the values is non-zero.
    pub fn outcome(&self, heaps: &[u64]) -> Outcome {
        match self.xor(heaps) {
            0 => Outcome::Lose,
            _ => Outcome::Win,
        }
    }

    fn xor(&self, heaps: &[u64]) -> u32 {
        heaps.iter().fold(0, |xor, &h| xor ^ self.value(h))
    }

    /// The winning move [`OctalCode::winning_move`] finds, for heaps of any size, or `None`
    /// when the player to move loses.
    ///
    /// The move is the very one the plain search over every split finds, in at most
    /// `digits · (max(preperiod, 1) + period)` steps a heap, whatever its size. Proof:
    /// with `i` the preperiod, `p` the period and `m = max(i, 1)`, let a split of `r` tokens
    /// into `a ≤ b` (`a + b = r`) have `a ≥ m + p`. Then `a - p ≥ m` is a valid smaller part
    /// and `b + p > b ≥ a > i`, so `G(a - p) = G(a)` and `G(b + p) = G(b)`: the split
    /// `(a - p, b + p)` has the same value and comes earlier in the plain search, which
    /// tries the smaller part ascending. So the first split of the right value, if any, has
    /// its smaller part below `m + p`, and trying those finds it.
    pub fn winning_move(&self, code: &OctalCode, heaps: &[u64]) -> Option<HeapMove> {
        let xor = self.xor(heaps);
        if xor == 0 {
            return None;
        }
        heaps.iter().enumerate().find_map(|(index, &size)| {
            let value = self.value(size);
            let target = value ^ xor;
            if target >= value {
                return None;
            }
            self.move_to(code, size, target).map(|(take, leave)| HeapMove {
                heap: index,
                size,
                take,
                leave,
            })
        })
    }

    /// The first move from a heap of `size` tokens to a position of value `target`, in the
    /// order of [`OctalCode::find_move`], trying only the splits whose smaller part is below
    /// `max(preperiod, 1) + period` (see [`PeriodicValues::winning_move`]).
    fn move_to(&self, code: &OctalCode, size: u64, target: u32) -> Option<(u64, Leave)> {
        let window = self.period.preperiod.max(1) as u64 + self.period.period as u64;
        for (k, &digit) in code.digits().iter().enumerate() {
            let k = k as u64;
            let Some(rest) = size.checked_sub(k) else {
                break;
            };
            if digit & 1 != 0 && rest == 0 && k > 0 && target == 0 {
                return Some((k, Leave::Nothing));
            }
            if digit & 2 != 0 && rest > 0 && k > 0 && self.value(rest) == target {
                return Some((k, Leave::One(rest)));
            }
            if digit & 4 != 0 && rest >= 2 {
                let largest = largest_part(code, rest).min(window - 1);
                let found = (1..=largest).find(|&a| self.value(a) ^ self.value(rest - a) == target);
                if let Some(a) = found {
                    return Some((k, Leave::Two(a, rest - a)));
                }
            }
        }
        None
    }
}

/// The largest smaller part of a split of `rest` tokens (below half for games whose splits
/// must be unequal), for heaps of any size.
fn largest_part(code: &OctalCode, rest: u64) -> u64 {
    match usize::try_from(rest) {
        Ok(rest) => code.largest_part(rest) as u64,
        // Only a code with unequal splits differs from half, and none of those is periodic.
        Err(_) => rest / 2,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::NimSequence;

    fn any_code() -> impl Strategy<Value = Vec<u8>> {
        (any::<bool>(), proptest::collection::vec(0u8..8, 1..4)).prop_map(|(four, digits)| {
            let mut code = vec![if four { 4 } else { 0 }];
            code.extend(digits);
            code
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Past the preperiod, the bounded search finds the very move the plain search over
        /// every split finds, and the same outcome.
        #[test]
        fn the_bounded_search_agrees_with_the_plain_one(
            digits in any_code(),
            heaps in proptest::collection::vec(0u64..4000, 1..4),
        ) {
            let code = OctalCode::new(&digits).unwrap();
            let short = NimSequence::compute(&code, 1200);
            let Some(period) = short.period() else {
                return Ok(());
            };
            let long = NimSequence::compute(&code, 4000);
            let periodic = PeriodicValues::new(short.values(), period).unwrap();
            for h in 0..=4000u64 {
                prop_assert_eq!(periodic.value(h), long.values()[h as usize], "{} at {}", code, h);
            }
            prop_assert_eq!(periodic.outcome(&heaps), crate::heaps_outcome(long.values(), &heaps).unwrap());
            prop_assert_eq!(
                periodic.winning_move(&code, &heaps),
                code.winning_move(long.values(), &heaps).unwrap(),
                "{} {:?}", code, heaps
            );
        }
    }

    #[test]
    fn a_period_past_the_values_is_refused() {
        let values = [0, 1, 2, 3];
        assert!(PeriodicValues::new(
            &values,
            Period {
                period: 2,
                preperiod: 3
            }
        )
        .is_none());
        assert!(PeriodicValues::new(
            &values,
            Period {
                period: 0,
                preperiod: 0
            }
        )
        .is_none());
        let fits = PeriodicValues::new(
            &values,
            Period {
                period: 2,
                preperiod: 2,
            },
        )
        .unwrap();
        assert_eq!(
            (0..8).map(|h| fits.value(h)).collect::<Vec<_>>(),
            [0, 1, 2, 3, 2, 3, 2, 3]
        );
        // u64::MAX - 2 is odd: the second value of the period.
        assert_eq!(fits.value(u64::MAX), 3);
    }

    #[test]
    fn a_huge_kayles_heap_is_answered_in_a_few_steps() {
        let kayles = OctalCode::new(&[0, 7, 7]).unwrap();
        let sequence = NimSequence::compute(&kayles, 200);
        let values = PeriodicValues::new(sequence.values(), sequence.period().unwrap()).unwrap();
        // Rows whose values cancel lose; a lone row of any length wins (G(h) > 0 past 71).
        let huge = 99_999_999_999_999u64;
        assert_eq!(values.outcome(&[huge, huge]), Outcome::Lose);
        assert_eq!(values.winning_move(&kayles, &[huge, huge]), None);
        let best = values.winning_move(&kayles, &[u64::MAX]).expect("a winning move");
        let left = best.leave.heaps();
        assert_eq!(left.iter().sum::<u64>() + best.take, u64::MAX);
        assert_eq!(left.iter().fold(0, |x, &h| x ^ values.value(h)), 0);
    }
}
