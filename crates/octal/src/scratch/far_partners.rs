//! The partners of the rare heaps far back (before the store's tail), read by blocks.

use super::marks::Marks;
use crate::slot::Slot;
use crate::store::View;

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
    /// [`mark_beside_rare`](super::rare_splits::mark_beside_rare) for the rare heaps whose
    /// partner lies before `values`' tail.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::MemoryHistory;
    use crate::scratch::marks::Stamped;
    use crate::scratch::test_values::{store_of, value};

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
