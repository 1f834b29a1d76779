//! The numbers the published octal tables give for a sequence `G(0..=N)`: how often each
//! value occurs, the largest value and where it first occurs, and the rare heaps under the
//! best sparse-space mask.

use crate::mask;

/// Counts over `G(0..=N)`.
///
/// The rare mask is the mask `m` (below 4096) that leaves the fewest heaps `1..=N` rare (a
/// value `v` is rare when `v & m` has an even number of one bits), the smallest such mask
/// on ties; `None` when no mask leaves fewer than all of them rare. It is a property of the
/// values, whatever method computed them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// `frequencies[v]`: how many heaps `0..=N` have value `v`.
    pub frequencies: Vec<u64>,
    /// `first[v]`: the first heap of value `v` (`None` when no heap has it).
    pub first: Vec<Option<u64>>,
    /// `last[v]`: the last heap of value `v`.
    pub last: Vec<Option<u64>>,
    /// The largest value.
    pub max_value: u32,
    /// The first heap with the largest value.
    pub max_first: u64,
    /// The rare mask (see above).
    pub mask: Option<u32>,
    /// Heaps `1..=N` with a rare value under `mask` (0 without a mask).
    pub rare: u64,
    /// The last of them.
    pub last_rare: Option<u64>,
}

impl Tally {
    /// Counts `values`, which are `G(start..start + values.len())`.
    pub(crate) fn count(&mut self, start: usize, values: &[u32]) {
        for (offset, &value) in values.iter().enumerate() {
            let heap = (start + offset) as u64;
            let v = value as usize;
            if v >= self.frequencies.len() {
                self.frequencies.resize(v + 1, 0);
                self.first.resize(v + 1, None);
                self.last.resize(v + 1, None);
            }
            self.frequencies[v] += 1;
            self.first[v].get_or_insert(heap);
            self.last[v] = Some(heap);
            if value > self.max_value || heap == 0 {
                self.max_value = value;
                self.max_first = heap;
            }
        }
    }

    /// Chooses the rare mask and counts its rare heaps (after every value was counted).
    pub(crate) fn finish(&mut self) {
        // Heaps 1..=N only: G(0) = 0 is rare under every mask.
        let mut counts = self.frequencies.clone();
        if let Some(zero) = counts.first_mut() {
            *zero = zero.saturating_sub(1);
        }
        let present: Vec<(u32, u64)> = counts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(v, &c)| (v as u32, c))
            .collect();
        let heaps: u64 = present.iter().map(|&(_, c)| c).sum();
        let cap = (self.max_value as usize + 1).next_power_of_two().max(2);
        // A mask must leave fewer than every heap rare.
        let best = match mask::fewest_rare(&present, cap, (0, heaps)) {
            (0, _) => None,
            found => Some(found),
        };
        self.mask = best.map(|(mask, _)| mask);
        let Some((mask, rare)) = best else {
            return;
        };
        self.rare = rare;
        self.last_rare = self
            .last
            .iter()
            .enumerate()
            .filter(|&(v, _)| mask::parity(v as u32, mask) == 0)
            .filter_map(|(_, &last)| last.filter(|&h| h > 0))
            .max();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_sequence_is_counted_by_hand() {
        // G = 0 1 2 1 3 1: mask 0b1 leaves 0 and 2 rare (heap 2 only, among 1..=5).
        let mut tally = Tally::default();
        tally.count(0, &[0, 1, 2]);
        tally.count(3, &[1, 3, 1]);
        tally.finish();
        assert_eq!(tally.frequencies, vec![1, 3, 1, 1]);
        assert_eq!(tally.first, vec![Some(0), Some(1), Some(2), Some(4)]);
        assert_eq!(tally.last[1], Some(5));
        assert_eq!((tally.max_value, tally.max_first), (3, 4));
        assert_eq!(tally.mask, Some(1));
        assert_eq!((tally.rare, tally.last_rare), (1, Some(2)));
    }

    #[test]
    fn all_zero_values_have_no_mask() {
        let mut tally = Tally::default();
        tally.count(0, &[0, 0, 0]);
        tally.finish();
        assert_eq!((tally.mask, tally.rare, tally.last_rare), (None, 0, None));
        assert_eq!((tally.max_value, tally.max_first), (0, 0));
    }
}
