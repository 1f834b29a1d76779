//! The moves of the game as the steps read them, and the marks of those that leave at most
//! one heap.

use super::marks::Marks;
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

/// Marks the values of the moves that leave at most one heap (but `G(n - 1)` when
/// `speculative`).
#[inline(always)]
pub(super) fn mark_simple_moves<S: Slot>(
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
