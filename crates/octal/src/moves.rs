//! Moves of an octal game, and a winning move in a sum of heaps.

use std::fmt;

use tabletop_grundy::Outcome;

use crate::code::OctalCode;

/// What a move leaves of the heap it takes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Leave {
    /// Nothing: the whole heap was taken.
    Nothing,
    /// One non-empty heap.
    One(u64),
    /// Two non-empty heaps (the smaller first).
    Two(u64, u64),
}

impl Leave {
    /// The heaps left, as a list (0, 1 or 2 heaps).
    pub fn heaps(self) -> Vec<u64> {
        match self {
            Leave::Nothing => Vec::new(),
            Leave::One(a) => vec![a],
            Leave::Two(a, b) => vec![a, b],
        }
    }
}

/// A move in a sum of heaps: from heap number `heap` (0-based in the list), of `size`
/// tokens, take `take` tokens and leave `leave`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HeapMove {
    /// Index of the heap in the list.
    pub heap: usize,
    /// Its size before the move.
    pub size: u64,
    /// Tokens removed.
    pub take: u64,
    /// What remains of that heap.
    pub leave: Leave,
}

impl fmt::Display for HeapMove {
    /// `heap 2 (5 tokens): take 1, leave 1 and 3` (heaps numbered from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "heap {} ({} tokens): take {}, ",
            self.heap + 1,
            self.size,
            self.take
        )?;
        match self.leave {
            Leave::Nothing => f.write_str("leave nothing"),
            Leave::One(a) => write!(f, "leave {a}"),
            Leave::Two(a, b) => write!(f, "leave {a} and {b}"),
        }
    }
}

/// A heap of a query is beyond the computed values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// Heap number `index` (0-based) has more tokens than values were computed for.
    #[error("heap #{} has {size} tokens, but values are computed only up to {computed}", index + 1)]
    HeapTooLarge {
        /// Index of the heap in the list.
        index: usize,
        /// Its size.
        size: u64,
        /// The largest heap with a computed value.
        computed: usize,
    },
}

/// The XOR of the heaps' values.
pub(crate) fn xor_of(values: &[u32], heaps: &[u64]) -> Result<u32, QueryError> {
    let mut xor = 0;
    for (index, &size) in heaps.iter().enumerate() {
        let value =
            usize::try_from(size)
                .ok()
                .and_then(|h| values.get(h))
                .ok_or(QueryError::HeapTooLarge {
                    index,
                    size,
                    computed: values.len().saturating_sub(1),
                })?;
        xor ^= value;
    }
    Ok(xor)
}

impl OctalCode {
    /// Every move from a heap of `size` tokens, in order of tokens taken, then nothing /
    /// one heap / two heaps (smaller part ascending). `visit` returns `true` to stop; the
    /// move it stopped at is returned.
    pub fn find_move(&self, size: u64, mut visit: impl FnMut(u64, Leave) -> bool) -> Option<(u64, Leave)> {
        for (k, &digit) in self.digits().iter().enumerate() {
            let k = k as u64;
            if k > size {
                break;
            }
            let rest = size - k;
            if digit & 1 != 0 && rest == 0 && k > 0 && visit(k, Leave::Nothing) {
                return Some((k, Leave::Nothing));
            }
            if digit & 2 != 0 && rest > 0 && k > 0 && visit(k, Leave::One(rest)) {
                return Some((k, Leave::One(rest)));
            }
            if digit & 4 != 0 && rest >= 2 {
                for a in 1..=self.largest_part(rest as usize) as u64 {
                    if visit(k, Leave::Two(a, rest - a)) {
                        return Some((k, Leave::Two(a, rest - a)));
                    }
                }
            }
        }
        None
    }

    /// A winning move in the sum of `heaps` (values `values[h] = G(h)`), or `None` when the
    /// player to move loses (the XOR of the values is 0).
    ///
    /// The move takes from the first heap whose value `g` has `g ^ X < g` (`X` the XOR of
    /// all values) to a position of value `g ^ X`, which exists by the definition of the
    /// mex. `O(size · digits)` for that heap.
    ///
    /// # Errors
    /// [`QueryError::HeapTooLarge`] for a heap beyond `values`.
    ///
    /// ```
    /// use tabletop_octal::{Leave, NimSequence, OctalCode};
    /// let kayles = OctalCode::new(&[0, 7, 7])?;
    /// let values = NimSequence::compute(&kayles, 10).into_values();
    /// // G(3) = 3 and G(4) = 1: move the 3 to a position of value 1 by taking 2 of it.
    /// let best = kayles.winning_move(&values, &[3, 4]).unwrap().expect("3 ^ 1 != 0");
    /// assert_eq!((best.heap, best.take, best.leave), (0, 2, Leave::One(1)));
    /// assert_eq!(best.to_string(), "heap 1 (3 tokens): take 2, leave 1");
    /// assert_eq!(kayles.winning_move(&values, &[4, 4]).unwrap(), None);
    /// # Ok::<(), tabletop_octal::OctalError>(())
    /// ```
    pub fn winning_move(&self, values: &[u32], heaps: &[u64]) -> Result<Option<HeapMove>, QueryError> {
        let xor = xor_of(values, heaps)?;
        if xor == 0 {
            return Ok(None);
        }
        // Every heap is within `values` (checked by `xor_of`).
        let value_of = |h: u64| values.get(h as usize).copied().unwrap_or(u32::MAX);
        let aim = |index: usize| {
            let value = value_of(heaps[index]);
            let target = value ^ xor;
            (target < value).then_some(target)
        };
        Ok(self.first_move_in_sum(heaps, aim, |&target, leave| match leave {
            Leave::Nothing => target == 0,
            Leave::One(a) => value_of(a) == target,
            Leave::Two(a, b) => value_of(a) ^ value_of(b) == target,
        }))
    }

    /// The first move of a sum of `heaps`, heap by heap and within a heap in
    /// [`OctalCode::find_move`]'s order, that `reaches` accepts: `aim(index)` is what the
    /// moves of heap `index` must reach (`None` skips that heap), computed once per heap.
    /// The one search behind the normal and the misère winning move.
    pub(crate) fn first_move_in_sum<A>(
        &self,
        heaps: &[u64],
        mut aim: impl FnMut(usize) -> Option<A>,
        mut reaches: impl FnMut(&A, Leave) -> bool,
    ) -> Option<HeapMove> {
        heaps.iter().enumerate().find_map(|(index, &size)| {
            let target = aim(index)?;
            let (take, leave) = self.find_move(size, |_, leave| reaches(&target, leave))?;
            Some(HeapMove {
                heap: index,
                size,
                take,
                leave,
            })
        })
    }
}
/// The outcome of a sum of heaps: the player to move wins iff the XOR of their values is
/// non-zero. `values[h]` is `G(h)`.
///
/// # Errors
/// [`QueryError::HeapTooLarge`] for a heap beyond `values`.
pub fn heaps_outcome(values: &[u32], heaps: &[u64]) -> Result<Outcome, QueryError> {
    let xor = xor_of(values, heaps)?;
    Ok(if xor == 0 { Outcome::Lose } else { Outcome::Win })
}
