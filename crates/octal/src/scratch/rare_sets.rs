//! The memo of the sets of values of the splits with a rare part of the latest split lengths
//! (see [`Marks::mark_rare_splits`](super::marks::Marks::mark_rare_splits)).

/// A split length, the rare heaps counted and the mask (see
/// [`Marks::mark_rare_splits`](super::marks::Marks::mark_rare_splits)).
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
    pub(super) fn get(&self, key: RareKey) -> Option<u64> {
        self.sets.iter().find(|&&(k, _)| k == key).map(|&(_, set)| set)
    }

    pub(super) fn put(&mut self, key: RareKey, set: u64) {
        self.sets[self.next] = (key, set);
        self.next = (self.next + 1) % self.sets.len();
    }
}
