//! The choice of a sparse-space mask, made the same way for the engine's steps and for the
//! tables' tally: among the masks `1..MASKS`, the one leaving the fewest values rare.

/// Largest mask tried (masks are chosen among `1..MASKS`).
const MASKS: u32 = 1 << 12;
/// Parity tests a choice of mask may cost at most.
const MASK_WORK: usize = 1 << 24;

/// Parity of the one bits of `value & mask`: 1 for a common value, 0 for a rare one.
#[inline]
pub(crate) fn parity(value: u32, mask: u32) -> u32 {
    (value & mask).count_ones() & 1
}

/// How many of the counted values are rare under `mask`; `histogram` holds `(value, count)`.
pub(crate) fn rare_under(histogram: &[(u32, u64)], mask: u32) -> u64 {
    histogram
        .iter()
        .filter(|&&(value, _)| parity(value, mask) == 0)
        .map(|&(_, count)| count)
        .sum()
}

/// The mask that leaves fewer values of `histogram` rare than `to_beat` (a mask and its
/// rare count), the smallest such on ties, with its rare count; `to_beat` itself when none
/// does. `cap` is a power of two above every value: masks at or past it test the same bits
/// as smaller ones, so only masks below it (and below [`MASKS`], within [`MASK_WORK`]) are
/// tried.
pub(crate) fn fewest_rare(histogram: &[(u32, u64)], cap: usize, to_beat: (u32, u64)) -> (u32, u64) {
    let affordable = MASK_WORK / histogram.len().max(1);
    let masks = (cap.min(affordable) as u32).clamp(2, MASKS);
    let mut best = to_beat;
    for mask in 1..masks {
        let rare = rare_under(histogram, mask);
        if rare < best.1 {
            best = (mask, rare);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mask_leaving_fewest_rare_values_wins_and_the_smallest_on_ties() {
        // Values 1 and 3 (bit 0 set) are common under mask 1; 2 is rare under it.
        let histogram = [(1, 10), (3, 5), (2, 1)];
        assert_eq!(rare_under(&histogram, 1), 1);
        assert_eq!(fewest_rare(&histogram, 4, (0, u64::MAX)), (1, 1));
        // Mask 3 leaves 3 rare (bits 0 and 1 both set): more, so mask 1 stays.
        assert_eq!(fewest_rare(&histogram, 4, (1, 1)), (1, 1));
        // Nothing beats a count of 0.
        assert_eq!(fewest_rare(&histogram, 4, (2, 0)), (2, 0));
        assert_eq!(parity(0b110, 0b010), 1);
        assert_eq!(parity(0b110, 0b110), 0);
    }
}
